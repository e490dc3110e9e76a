// PROFILE: cs_6_8
// Wave ops in a shader that asks for waves of 32 to 128 lanes, preferring
// 128 ([WaveSize(32, 128, 128)], SM 6.8's ranged form): a ballot split by
// modulo of the lane index, prefix counts, and a broadcast of the last
// lane's value.
#include "prelude.h"
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint4> Out : register(u0);
[WaveSize(32, 128, 128)]
[numthreads(128, 1, 1)] void main(uint gi : SV_GroupIndex) {
  uint lane = WaveGetLaneIndex();
  uint count = WaveGetLaneCount();
  uint v = In[gi];
  uint4 even = WaveActiveBallot(lane % 2 == 0);
  uint4 third = WaveActiveBallot(lane % 3 == 0);
  uint last = WaveReadLaneAt(v, count - 1);
  uint bits = WaveActiveCountBits(v > last);
  Out[gi] = uint4(even.x ^ third.x, even.y ^ third.y, even.w | third.z, bits + last);
}
