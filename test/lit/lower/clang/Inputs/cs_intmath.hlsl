// PROFILE: cs_6_6
// Integer math: countbits, reversebits, firstbithigh/low, abs, signed and
// unsigned clamp/min/max, integer dot products, mad, sign, shifts.
#include "prelude.h"
StructuredBuffer<int4> In : register(t0);
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(32, 1, 1)] void main(uint gi : SV_GroupIndex) {
  int4 v = In[gi];
  uint4 u = (uint4)v;
  uint a = countbits(u.x) + reversebits(u.y);
  uint b = firstbithigh(u.z) + firstbitlow(u.w) + firstbithigh(v.x);
  int c = clamp(v.x, -100, 100) + max(v.y, v.z) - min(v.w, 7) + abs(v.y);
  uint d = clamp(u.x, 3u, 300u) + max(u.y, u.z);
  int e = dot(v.xyz, v.yzw) + sign(v.w);
  uint f = dot(u, u) + dot(u.xy, u.zw);
  int g = mad(v.x, v.y, v.z);
  uint h = (u.x << (u.y & 31)) ^ (u.z >> 3);
  Out[gi] = uint4(a + b, (uint)c + d, (uint)e + f, (uint)g + h);
}
