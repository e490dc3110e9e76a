// PROFILE: cs_6_6
// clang-bcwrite.test: typed buffers, which clang 22 reads and writes through
// llvm.dx.resource.getpointer (not lowered yet).
typedef vector<float, 4> f4;
typedef unsigned int u32;
typedef vector<unsigned int, 3> u3;
RWBuffer<f4> Out : register(u0);
Buffer<f4> In : register(t0);
groupshared float Tmp[64];
[numthreads(64, 1, 1)] void main(u32 i : SV_GroupIndex, u3 tid : SV_DispatchThreadID) {
  f4 v = In[tid.x];
  Tmp[i] = v.x * 2.0 - v.y;
  __builtin_hlsl_group_memory_barrier_with_group_sync();
  float s = 0;
  for (u32 k = 0; k < 4; k++)
    s += Tmp[(i + k) & 63];
  Out[tid.x] = s > 1.0 ? -v : v * s;
}
