// PROFILE: cs_6_0
// An exclusive prefix sum (Hillis-Steele) in groupshared memory with a
// double buffer, shader model 6.0 handles.
#include "prelude.h"
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Buf[2][128];
[numthreads(128, 1, 1)] void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
  uint base = gid.x * 128;
  uint src = 0;
  Buf[0][gi] = gi > 0 ? In[base + gi - 1] : 0u;
  GroupMemoryBarrierWithGroupSync();
  for (uint off = 1; off < 128; off <<= 1) {
    uint v = Buf[src][gi];
    if (gi >= off)
      v += Buf[src][gi - off];
    Buf[1 - src][gi] = v;
    src = 1 - src;
    GroupMemoryBarrierWithGroupSync();
  }
  Out[base + gi] = Buf[src][gi];
}
