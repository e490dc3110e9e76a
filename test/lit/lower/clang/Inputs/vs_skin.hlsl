// PROFILE: vs_6_6
// Skinning: bone rows read from a structured buffer, bone indices and
// weights packed in the w component of the input, a blend of two bones.
#include "prelude.h"
struct Bone { float4 R0; float4 R1; float4 R2; };
StructuredBuffer<Bone> Bones : register(t0);
cbuffer Proj : register(b0) { float4 P[4]; };
INLINE float3 xform(Bone b, float4 v) {
  return float3(dot(b.R0, v), dot(b.R1, v), dot(b.R2, v));
}
float4 main(float4 p : POSITION) : SV_Position {
  uint packed = (uint)p.w;
  uint i0 = packed & 0xFFu, i1 = (packed >> 8) & 0xFFu;
  float w = (float)((packed >> 16) & 0xFFu) / 255.0f;
  float4 v = float4(p.xyz, 1.0f);
  float3 s = lerp(xform(Bones[i1], v), xform(Bones[i0], v), (float3)w);
  float4 q = float4(s, 1.0f);
  return float4(dot(P[0], q), dot(P[1], q), dot(P[2], q), dot(P[3], q));
}
