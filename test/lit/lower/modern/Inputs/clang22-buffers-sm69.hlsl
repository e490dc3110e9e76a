// PROFILE: cs_6_9
// clang22-buffers.test: an 8-lane structured buffer element at shader
// model 6.9, read and written whole through llvm.dx.resource.getpointer.
typedef vector<float, 8> f8;
typedef unsigned int u32;
StructuredBuffer<f8> In : register(t0);
RWStructuredBuffer<f8> Out : register(u0);
[numthreads(8, 1, 1)] void main(u32 i : SV_GroupIndex) {
  Out[i] = In[i] * 2.0;
}
