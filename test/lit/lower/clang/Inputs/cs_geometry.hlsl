// PROFILE: cs_6_6
// Vector geometry: cross, normalize, distance, reflect, any/all, a
// triangle normal and area per thread.
#include "prelude.h"
StructuredBuffer<float4> Verts : register(t0);
StructuredBuffer<uint4> Tris : register(t1);
RWStructuredBuffer<float4> Normals : register(u0);
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  uint4 t = Tris[dtid.x];
  float3 a = Verts[t.x].xyz, b = Verts[t.y].xyz, c = Verts[t.z].xyz;
  float3 n = cross(b - a, c - a);
  float area = 0.5f * length(n);
  float3 un = any(n) ? normalize(n) : float3(0, 0, 1);
  float edge = distance(a, b) + distance(b, c) + distance(c, a);
  float3 r = reflect(float3(0, -1, 0), un);
  bool2 small = abs(un.xy) < 0.01f;
  bool flat = all(small);
  Normals[dtid.x] = float4(flat ? un : r, area / max(edge, 1e-6f));
}
