// PROFILE: ps_6_6
// Signed-distance shapes: a circle, a box and a ring combined with
// min/max, an anti-aliased edge from the derivative, sign and step.
#include "prelude.h"
cbuffer Shape : register(b0) { float4 Center; float4 Box; float Radius; float Edge; float2 Pad; };
INLINE float sdBox(float2 p, float2 b) {
  float2 d = abs(p) - b;
  return length(max(d, float2(0, 0))) + min(max(d.x, d.y), 0.0f);
}
float4 main(float4 pos : SV_Position) : SV_Target {
  float2 p = pos.xy - Center.xy;
  float circle = length(p) - Radius;
  float box = sdBox(p - Box.zw, Box.xy);
  float ring = abs(circle) - Edge;
  float d = min(max(circle, -box), ring);
  float aa = abs(ddx_fine(d)) + abs(ddy_fine(d));
  float inside = 1.0f - smoothstep(-aa, aa, d);
  float side = (float)sign(d) * 0.5f + 0.5f;
  return float4(inside, side, step(0.0f, box), 1.0f);
}
