// PROFILE: cs_6_2
// FLAGS: -fnative-half-type -fnative-int16-type
// 16-bit types: half math and vectors, int16/uint16 arithmetic, converted
// to and from 32-bit values at the buffer boundary.
#include "prelude.h"
StructuredBuffer<float4> In : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint> Counts : register(u1);
[numthreads(32, 1, 1)] void main(uint gi : SV_GroupIndex) {
  half4 h = (half4)In[gi];
  half4 s = saturate(h * (half)0.5 + (half)0.25);
  half l = dot(s.xyz, s.xyz);
  half4 m = max(h, s) * rsqrt(l + (half)1.0);
  int16_t i = (int16_t)(gi * 3) - (int16_t)7;
  uint16_t u = (uint16_t)gi * (uint16_t)5;
  int16_t c = clamp(i, (int16_t)-4, (int16_t)20);
  Out[gi] = (float4)(m + (half)c);
  Counts[gi] = (uint)u + (uint)(u >> 2);
}
