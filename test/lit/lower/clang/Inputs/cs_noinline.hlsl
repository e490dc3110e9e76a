// PROFILE: cs_6_6
// Helpers clang does not inline (noinline): one with parameters and a
// result, one writing a global resource (its handle is made again at the
// helper's entry); DXC accepts internal functions with parameters that an
// entry calls.
#include "prelude.h"
RWStructuredBuffer<float4> Out : register(u0);
StructuredBuffer<float4> In : register(t0);
__attribute__((noinline)) float4 shade(float4 c, float k) { return saturate(c * k + 0.1f); }
__attribute__((noinline)) void emit(uint i, float4 v) { Out[i] = v; }
[numthreads(32, 1, 1)] void main(uint gi : SV_GroupIndex) {
  float4 c = shade(In[gi], 0.5f);
  emit(gi, c);
  emit(gi + 32, shade(c, 2.0f));
}
