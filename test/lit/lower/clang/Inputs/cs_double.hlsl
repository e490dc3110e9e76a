// PROFILE: cs_6_6
// 64-bit types: double math (fma-like mad, min/max, abs, a double dot),
// asdouble/splitdouble, int64 and uint64 arithmetic and shifts.
#include "prelude.h"
StructuredBuffer<uint4> In : register(t0);
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(16, 1, 1)] void main(uint gi : SV_GroupIndex) {
  uint4 w = In[gi];
  double a = asdouble(w.x, w.y);
  double b = asdouble(w.z, w.w);
  double c = a * b + a / (b + 1.0);
  c = c < 0.0 ? -c : c;
  double3 va = double3(a, b, c), vb = double3(c, a, b);
  double d = va.x * vb.x + va.y * vb.y + va.z * vb.z;
  uint lo, hi;
  splitdouble(c + d, lo, hi);
  uint64_t x = ((uint64_t)w.x << 32) | w.y;
  int64_t y = (int64_t)x * -3 + (int64_t)w.z;
  uint64_t z = x / ((uint64_t)w.w + 1) + (x >> 7);
  Out[gi] = uint4(lo, hi, (uint)(y >> 16), (uint)z);
}
