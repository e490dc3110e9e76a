// dxil-run test shader: typed buffers. Buffer<uint> is a uniform texel
// buffer whose SPIR-V format is Unknown (one component read: r32ui);
// RWBuffer<float4> a storage texel buffer of format rgba32f.
Buffer<uint> Src : register(t0);
RWBuffer<float4> Acc : register(u1);
RWStructuredBuffer<uint> Copy : register(u2);
[numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  Acc[id.x] = Acc[id.x] * 2 + float4(1, 2, 3, 4);
  Copy[id.x] = Src[id.x] + 100;
}
