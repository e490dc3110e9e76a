// PROFILE: cs_6_6
// Tiled light culling: a group-shared light list filled under a barrier
// without atomics (each thread owns a slot), a depth range, a loop over
// lights with an early-out test.
#include "prelude.h"
struct PointLight { float4 PosRadius; float4 Color; };
StructuredBuffer<PointLight> Lights : register(t0);
StructuredBuffer<float> Depth : register(t1);
RWStructuredBuffer<float4> Lit : register(u0);
cbuffer Tile : register(b0) { uint NumLights; uint Width; float Near; float Far; };
groupshared uint Visible[64];
groupshared float MinZ[64];
[numthreads(8, 8, 1)] void main(uint gi : SV_GroupIndex, uint3 dtid : SV_DispatchThreadID) {
  float z = Depth[dtid.y * Width + dtid.x];
  MinZ[gi] = z;
  Visible[gi] = 0;
  GroupMemoryBarrierWithGroupSync();
  for (uint s = 32; s > 0; s >>= 1) {
    if (gi < s)
      MinZ[gi] = min(MinZ[gi], MinZ[gi + s]);
    GroupMemoryBarrierWithGroupSync();
  }
  float zmin = MinZ[0];
  if (gi < NumLights) {
    PointLight l = Lights[gi];
    float lz = l.PosRadius.z;
    Visible[gi] = (lz + l.PosRadius.w > zmin && lz - l.PosRadius.w < Far) ? 1u : 0u;
  }
  GroupMemoryBarrierWithGroupSync();
  float3 c = 0;
  for (uint i = 0; i < min(NumLights, 64u); i++) {
    if (Visible[i] == 0)
      continue;
    PointLight l = Lights[i];
    float3 d = l.PosRadius.xyz - float3(dtid.xy, z);
    float att = saturate(1.0f - length(d) / l.PosRadius.w);
    c += l.Color.xyz * att * att;
  }
  Lit[dtid.y * Width + dtid.x] = float4(c, zmin);
}
