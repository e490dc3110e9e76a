// PROFILE: cs_6_6
// Struct copies between structured buffers: an element copied whole from
// one buffer to another (a memcpy between two resource pointers), and one
// copied to a local, changed and written back (memcpy through a local).
#include "prelude.h"
struct Record { float4 Value; uint Count; float Weight; int2 Cell; };
StructuredBuffer<Record> In : register(t0);
RWStructuredBuffer<Record> Mirror : register(u0);
RWStructuredBuffer<Record> Updated : register(u1);
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  Mirror[dtid.x] = In[dtid.x];
  Record r = In[dtid.x + 1];
  r.Count += 1;
  r.Weight *= 0.5f;
  r.Cell += int2(1, -1);
  Updated[dtid.x] = r;
}
