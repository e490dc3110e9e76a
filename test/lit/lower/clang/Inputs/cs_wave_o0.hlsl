// PROFILE: cs_6_6
// Wave ops behind a [WaveSize(64)] request (the entry's wave size tag),
// with results kept in local arrays and read back through a lane-indexed
// loop, as clang -O0 keeps them in allocas.
#include "prelude.h"
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[WaveSize(64)]
[numthreads(64, 1, 1)] void main(uint gi : SV_GroupIndex) {
  float v = In[gi];
  float sums[3];
  sums[0] = WaveActiveSum(v);
  sums[1] = WaveActiveMax(v);
  sums[2] = WaveActiveMin(v);
  float acc = 0;
  for (uint i = 0; i < 3; i++)
    acc += WaveIsFirstLane() ? sums[i] : -sums[i];
  Out[gi] = acc + (WaveActiveAnyTrue(v > 1.0) ? 1.0 : 0.0);
}
