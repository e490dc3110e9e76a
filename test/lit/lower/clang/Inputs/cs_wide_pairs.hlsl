// PROFILE: cs_6_5
// 64-bit values kept as pairs of uints on vectors: AddUint64 on uint4 (two
// 64-bit sums with the carry, a vector llvm.uadd.with.overflow) and
// splitdouble on double4 (a vector llvm.dx.splitdouble), both of which
// DXIL before 1.9 only has as scalar ops (UAddc, SplitDouble).
#include "prelude.h"
StructuredBuffer<uint4> A : register(t0);
StructuredBuffer<uint4> B : register(t1);
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(8, 1, 1)] void main(uint gi : SV_GroupIndex) {
  uint4 s = AddUint64(A[gi], B[gi]);
  uint2 t = AddUint64(s.xy, s.zw);
  double4 d = double4(asdouble(s.x, s.y), asdouble(s.z, s.w), (double)t.x, -1.5);
  uint4 lo, hi;
  splitdouble(d, lo, hi);
  Out[gi] = s ^ uint4(lo.xy ^ hi.zw, t);
}
