// cs_copy.hlsl with the descriptor bindings DXC gives the same resources
// under -fvk-t-shift 10 0 -fvk-u-shift 20 0 (t0 -> 10, u2 -> 22), written
// out with vk::binding: clang 22 has no -fvk-*-shift. dxil-run with
// --vk-t-shift=10:0 --vk-u-shift=20:0 names them t0, t1, u2, u3 again.
[[vk::binding(10)]] StructuredBuffer<uint> A : register(t0);
[[vk::binding(11)]] StructuredBuffer<uint> B : register(t1);
[[vk::binding(22)]] RWStructuredBuffer<uint> OutA : register(u2);
[[vk::binding(23)]] RWStructuredBuffer<uint> OutB : register(u3);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  OutA[id.x] = A[id.x];
  OutB[id.x] = B[id.x];
}
