// PROFILE: cs_6_6
// For element-types.test: the same constructs as the corpus shader
// generated/buffers.cs_6_0 (buffers.hlsl), in clang 22's HLSL without
// hlsl.h (the resource types are clang's built-ins).
typedef vector<float, 4> f4;
typedef vector<float, 3> f3;
typedef vector<unsigned int, 2> u2;
StructuredBuffer<f4> RoVec : register(t4);
RWStructuredBuffer<u2> Counted2 : register(u9);
cbuffer Lights : register(b1) { f4 color; f3 dir; float range; }
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)] void main(unsigned int i : SV_GroupIndex) {
  Out[i] = RoVec[i].x + (float)Counted2[i].y + range;
}
