// dxil-run test shader: t0 and u0 both map to set 0 binding 0 under DXC's
// default -spirv mapping (no -fvk-*-shift): they cannot both be bound.
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = In[id.x];
}
