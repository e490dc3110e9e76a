// dxil-run test shader: copies two SRVs into two UAVs, for the seed tests
// (the outputs show the seeded inputs).
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> OutA : register(u2);
RWStructuredBuffer<uint> OutB : register(u3);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  OutA[id.x] = A[id.x];
  OutB[id.x] = B[id.x];
}
