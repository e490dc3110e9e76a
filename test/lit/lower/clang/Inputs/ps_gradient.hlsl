// PROFILE: ps_6_6
// Screen-space derivatives: coarse and fine ddx/ddy of a function of the
// pixel position, a filter width, an anti-aliased stripe.
#include "prelude.h"
cbuffer View : register(b0) { float4 Scale; };
float4 main(float4 pos : SV_Position) : SV_Target {
  float2 uv = pos.xy * Scale.xy;
  float f = sin(uv.x * 10.0f) * cos(uv.y * 10.0f);
  float w = abs(ddx_coarse(f)) + abs(ddy_coarse(f));
  float2 g = float2(ddx_fine(uv.x), ddy_fine(uv.y));
  float stripe = smoothstep(-w, w, f);
  return float4(stripe, g * 100.0f, 1.0f);
}
