// PROFILE: ps_6_2
// FLAGS: -fnative-half-type -fnative-int16-type
// A pixel shader in 16-bit types: half colors, a half lerp and saturate,
// uint16 pattern arithmetic.
#include "prelude.h"
float4 main(float4 pos : SV_Position) : SV_Target {
  uint16_t x = (uint16_t)pos.x, y = (uint16_t)pos.y;
  uint16_t pattern = (x ^ y) & (uint16_t)15;
  half t = (half)pattern / (half)15.0;
  half3 a = half3(1.0, 0.5, 0.25), b = half3(0.1, 0.2, 0.8);
  half3 c = saturate(lerp(a, b, (half3)t) * (half)1.5);
  return float4((float3)c, 1.0f);
}
