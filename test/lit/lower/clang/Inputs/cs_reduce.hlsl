// PROFILE: cs_6_6
// A parallel sum: wave sums into groupshared, then a tree over the waves
// with barriers in a loop.
#include "prelude.h"
StructuredBuffer<float> Values : register(t0);
RWStructuredBuffer<float> Sums : register(u0);
groupshared float Partial[256];
[numthreads(256, 1, 1)] void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
  float v = Values[gid.x * 256 + gi];
  Partial[gi] = v;
  GroupMemoryBarrierWithGroupSync();
  for (uint s = 128; s > 0; s >>= 1) {
    if (gi < s)
      Partial[gi] += Partial[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }
  float w = WaveActiveSum(v);
  if (gi == 0)
    Sums[gid.x] = Partial[0] + w * 0.0f;
}
