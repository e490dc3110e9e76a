// PROFILE: cs_6_6
// A horizontal 9-tap blur through groupshared memory: a tile with apron,
// a barrier, a weighted loop over the taps.
#include "prelude.h"
Buffer<float4> Src : register(t0);
RWBuffer<float4> Dst : register(u0);
cbuffer Params : register(b0) {
  uint Width;
  float Sharpen;
  float2 Pad;
  float4 Weights[3];
};
groupshared float4 Tile[64 + 8];
[numthreads(64, 1, 1)] void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID) {
  int base = (int)(gid.x * 64) - 4;
  Tile[gi] = Src[(uint)clamp(base + (int)gi, 0, (int)Width - 1)];
  if (gi < 8)
    Tile[64 + gi] = Src[(uint)clamp(base + 64 + (int)gi, 0, (int)Width - 1)];
  GroupMemoryBarrierWithGroupSync();
  float4 sum = 0;
  for (uint k = 0; k < 9; k++) {
    float w = Weights[k / 4][k % 4];
    sum += Tile[gi + k] * w;
  }
  float4 c = Tile[gi + 4];
  Dst[dtid.x] = lerp(sum, c, (float4)Sharpen);
}
