// PROFILE: cs_6_4
// Packed dot products (dot4add_i8packed/u8packed, DXIL 1.4) and f16tof32.
#include "prelude.h"
StructuredBuffer<uint4> In : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(32, 1, 1)] void main(uint gi : SV_GroupIndex) {
  uint4 w = In[gi];
  int s = dot4add_i8packed(w.x, w.y, 5);
  uint u = dot4add_u8packed(w.z, w.w, 7u);
  float4 h = f16tof32(w & 0xFFFFu);
  Out[gi] = h * (float)s + (float)u;
}
