// PROFILE: cs_6_6
// Structured buffers of structs: a struct copied out of a buffer, nested
// struct fields, a partial write of one field, a struct written whole.
#include "prelude.h"
struct Material {
  float4 Albedo;
  float Roughness;
  float Metal;
  uint Id;
  float Pad;
};
struct Instance {
  float4 Row0;
  float4 Row1;
  Material Mat;
};
StructuredBuffer<Instance> Instances : register(t0);
RWStructuredBuffer<Material> Materials : register(u0);
RWStructuredBuffer<float4> Colors : register(u1);
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  Instance inst = Instances[dtid.x];
  Material m = inst.Mat;
  m.Roughness = saturate(m.Roughness + inst.Row0.w);
  m.Albedo *= inst.Row1;
  Materials[dtid.x] = m;
  Materials[dtid.x + 1].Metal = inst.Row0.x;
  Colors[dtid.x] = m.Albedo * (1.0f - m.Metal) + (float)m.Id;
}
