// PROFILE: lib_6_6
// A library without resources: exported math and a compute entry that
// uses group shared memory and a barrier.
typedef unsigned int u32;
groupshared float Tmp[8];
export float twice(float x) { return x * 2.0; }
export float mix3(float a, float b, float t) { return a + (b - a) * twice(t); }
[shader("compute")] [numthreads(8, 1, 1)] void main(u32 i : SV_GroupIndex) {
  Tmp[i] = mix3(1.0, 2.0, (float)i);
  __builtin_hlsl_group_memory_barrier_with_group_sync();
  Tmp[i] = Tmp[(i + 1) & 7];
}
