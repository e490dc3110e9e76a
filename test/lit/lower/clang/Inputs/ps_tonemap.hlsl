// PROFILE: ps_6_6
// Tone mapping from an HDR buffer read by pixel index: exposure, an ACES
// curve, gamma through exp2/log2, a vignette.
#include "prelude.h"
StructuredBuffer<float4> Hdr : register(t0);
cbuffer Tone : register(b0) { float Exposure; float Gamma; uint Width; float Vignette; };
INLINE float3 aces(float3 x) {
  return saturate((x * (2.51f * x + 0.03f)) / (x * (2.43f * x + 0.59f) + 0.14f));
}
float4 main(float4 pos : SV_Position) : SV_Target {
  uint2 px = (uint2)pos.xy;
  float3 c = Hdr[px.y * Width + px.x].xyz * exp2(Exposure);
  c = aces(c);
  c = exp2(log2(max(c, float3(1e-5f, 1e-5f, 1e-5f))) * (1.0f / Gamma));
  float2 uv = pos.xy / (float)Width - 0.5f;
  c *= 1.0f - Vignette * dot(uv, uv);
  return float4(c, 1.0f);
}
