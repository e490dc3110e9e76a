// dxil-run test shader: every thread reads In[i] and writes Out[i] and
// Out[i + 1000]; the test binds smaller buffers, so that D3D12's rules
// show: out-of-bounds reads give 0, out-of-bounds writes are dropped.
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint> Next : register(u2);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = In[id.x] + 1;
  Out[id.x + 1000] = 0xDEADBEEF;
  Next[id.x] = In[id.x + 1000];
}
