// PROFILE: cs_6_6
// Wave intrinsics: lane index and count, first lane, ballot, count bits,
// any/all true, min/max/sum reductions, read lane.
#include "prelude.h"
RWStructuredBuffer<uint4> Out : register(u0);
StructuredBuffer<int> In : register(t0);
[numthreads(64, 1, 1)] void main(uint gi : SV_GroupIndex) {
  int v = In[gi];
  uint lane = WaveGetLaneIndex();
  uint count = WaveGetLaneCount();
  bool odd = (v & 1) != 0;
  uint4 ballot = WaveActiveBallot(odd);
  uint bits = WaveActiveCountBits(odd);
  int hi = WaveActiveMax(v);
  int lo = WaveActiveMin(v);
  uint usum = WaveActiveSum((uint)v);
  uint umax = WaveActiveMax((uint)v);
  uint first = WaveReadLaneAt((uint)v, 0);
  bool anyNeg = WaveActiveAnyTrue(v < 0);
  bool allPos = WaveActiveAllTrue(v > 0);
  if (WaveIsFirstLane())
    Out[gi / count] = ballot;
  Out[64 + gi] = uint4(lane + bits, (uint)(hi - lo), usum + umax, first + (anyNeg ? 1u : 0u) + (allPos ? 2u : 0u));
}
