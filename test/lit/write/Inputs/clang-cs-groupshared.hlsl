// clang-bcwrite.test: a compute shader with groupshared memory, a local
// array, a loop and a switch, in clang 22's HLSL without hlsl.h.
typedef unsigned int u32;
typedef vector<unsigned int, 3> u3;
groupshared float Tmp[64];
groupshared u32 Count;
float helper(float a[4], u32 n) {
  float s = 0;
  for (u32 k = 0; k < n; k++)
    s += a[k & 3];
  return s;
}
[numthreads(64, 1, 1)] void main(u32 i : SV_GroupIndex, u3 tid : SV_DispatchThreadID) {
  // indexed by values, not constants: LLVM 22 turns constant offsets into
  // byte GEPs, which DXIL has no form for until lowering types them
  float loc[4];
  loc[i & 3] = 1.0;
  loc[(i + 1) & 3] = (float)tid.x;
  Tmp[i] = helper(loc, i);
  __builtin_hlsl_group_memory_barrier_with_group_sync();
  switch (i & 3) {
  case 0: Tmp[i] += 1.0; break;
  case 1: Tmp[i] *= 3.0; break;
  default: Tmp[i] = -Tmp[i]; break;
  }
  Count = i;
}
