// PROFILE: cs_6_6
// A 16-bin histogram without atomics: each thread classifies a value, the
// wave counts each bin with ballots and WaveActiveCountBits, the first
// lane writes.
#include "prelude.h"
StructuredBuffer<float> Samples : register(t0);
RWStructuredBuffer<uint> Bins : register(u0);
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  float s = saturate(Samples[dtid.x]);
  uint bin = min((uint)(s * 16.0f), 15u);
  for (uint b = 0; b < 16; b++) {
    uint n = WaveActiveCountBits(bin == b);
    if (WaveIsFirstLane())
      Bins[(dtid.x / WaveGetLaneCount()) * 16 + b] = n;
  }
}
