// PROFILE: cs_6_6
// Typed buffers: float4, uint2 and int elements, one lane written (a read,
// replace, write), a dynamic lane read, GetDimensions.
#include "prelude.h"
Buffer<float4> Colors : register(t0);
Buffer<uint2> Pairs : register(t1);
RWBuffer<float4> Out : register(u0);
RWBuffer<int> Counts : register(u1);
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  uint n;
  Colors.GetDimensions(n);
  uint i = dtid.x % n;
  float4 c = Colors[i];
  uint2 pr = Pairs[i];
  float lane = Colors[i][pr.x & 3];
  Out[i] = c * lane;
  Out[i].w = (float)(pr.x + pr.y);
  Counts[i] = (int)pr.y - (int)n;
}
