// PROFILE: cs_6_6
// FLAGS: -fnative-half-type -fnative-int16-type
// 16-bit wave ops in a wave of 32 lanes ([WaveSize(32)]): half and int16
// sums, max and min of half lanes and half2 vectors, a lane read of a
// uint16; each result only where a lane condition holds (the selects and
// phis of 16-bit wave results that -O0 keeps in allocas).
#include "prelude.h"
StructuredBuffer<half4> In : register(t0);
StructuredBuffer<int16_t> Ints : register(t1);
RWStructuredBuffer<half4> Out : register(u0);
RWStructuredBuffer<int> Counts : register(u1);
[WaveSize(32)]
[numthreads(32, 1, 1)] void main(uint3 tid : SV_GroupThreadID) {
  half4 v = In[tid.x];
  int16_t n = Ints[tid.x];
  half s1 = tid.x <= 3 ? WaveActiveSum(v.x) : (half)0;
  half2 s2 = tid.x <= 7 ? WaveActiveSum(v.xy) : half2(0, 0);
  half4 s4 = WaveActiveSum(v);
  half hi = WaveActiveMax(v.w);
  half2 lo = WaveActiveMin(v.zw);
  int16_t isum = WaveActiveSum(n);
  int16_t imax = tid.x > 15 ? WaveActiveMax(n) : (int16_t)-1;
  uint16_t2 u2 = WaveActiveSum(uint16_t2((uint16_t)tid.x, (uint16_t)n));
  uint16_t first = WaveReadLaneAt((uint16_t)n, 0);
  half firstH = WaveReadLaneAt(v.y, 1);
  Out[tid.x] = half4(s1 + hi, s2.x + lo.x, s2.y + lo.y, firstH) + s4;
  Counts[tid.x] = (int)isum + (int)imax + (int)u2.x + (int)u2.y + (int)first;
}
