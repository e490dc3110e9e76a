// dxil-run test shader: structured buffers of float, uint and a struct,
// and a cbuffer. The registers differ across classes so that DXC's
// default -spirv mapping (binding = register) gives distinct bindings.
struct Item { float value; uint tag; };
StructuredBuffer<float> In : register(t0);
StructuredBuffer<Item> Items : register(t1);
RWStructuredBuffer<float> OutF : register(u2);
RWStructuredBuffer<uint> OutU : register(u3);
cbuffer Params : register(b4) { float Scale; uint Bias; };
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  OutF[i] = In[i] * Scale + Items[i].value;
  OutU[i] = Items[i].tag * 3 + Bias + i;
}
