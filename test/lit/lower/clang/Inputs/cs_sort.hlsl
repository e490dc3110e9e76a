// PROFILE: cs_6_6
// A bitonic sort of 256 keys in groupshared memory: nested loops,
// barriers, min/max and a select on the direction.
#include "prelude.h"
RWStructuredBuffer<uint> Keys : register(u0);
groupshared uint Shared[256];
[numthreads(256, 1, 1)] void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
  uint base = gid.x * 256;
  Shared[gi] = Keys[base + gi];
  GroupMemoryBarrierWithGroupSync();
  for (uint k = 2; k <= 256; k <<= 1) {
    for (uint j = k >> 1; j > 0; j >>= 1) {
      uint other = gi ^ j;
      uint a = Shared[gi];
      uint b = Shared[other];
      bool up = (gi & k) == 0;
      uint lo = min(a, b), hi = max(a, b);
      GroupMemoryBarrierWithGroupSync();
      if (other > gi)
        Shared[gi] = up ? lo : hi;
      else
        Shared[gi] = up ? hi : lo;
      GroupMemoryBarrierWithGroupSync();
    }
  }
  Keys[base + gi] = Shared[gi];
}
