// PROFILE: cs_6_6
// Structured buffer counters: IncrementCounter to append, GetDimensions
// of a structured buffer, an append buffer.
#include "prelude.h"
StructuredBuffer<float4> In : register(t0);
RWStructuredBuffer<float4> Kept : register(u0);
AppendStructuredBuffer<uint> Indices : register(u1);
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  uint n, stride;
  Kept.GetDimensions(n, stride);
  float4 v = In[dtid.x];
  if (v.w > 0.5f) {
    uint slot = Kept.IncrementCounter();
    if (slot < n)
      Kept[slot] = v;
    Indices.Append(dtid.x);
  }
}
