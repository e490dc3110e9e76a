// PROFILE: cs_6_0
// A tiled matrix multiply: two 8x8 tiles in groupshared memory, a loop
// over the tiles, mad in the inner loop.
#include "prelude.h"
StructuredBuffer<float> A : register(t0);
StructuredBuffer<float> B : register(t1);
RWStructuredBuffer<float> C : register(u0);
cbuffer Dims : register(b0) { uint N; uint Tiles; };
groupshared float TA[8][8];
groupshared float TB[8][8];
[numthreads(8, 8, 1)] void main(uint3 gtid : SV_GroupThreadID, uint3 dtid : SV_DispatchThreadID) {
  uint row = dtid.y, col = dtid.x;
  float acc = 0;
  for (uint t = 0; t < Tiles; t++) {
    TA[gtid.y][gtid.x] = A[row * N + t * 8 + gtid.x];
    TB[gtid.y][gtid.x] = B[(t * 8 + gtid.y) * N + col];
    GroupMemoryBarrierWithGroupSync();
    for (uint k = 0; k < 8; k++)
      acc = mad(TA[gtid.y][k], TB[k][gtid.x], acc);
    GroupMemoryBarrierWithGroupSync();
  }
  C[row * N + col] = acc;
}
