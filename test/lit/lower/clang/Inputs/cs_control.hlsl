// PROFILE: cs_6_6
// Control flow: a switch with fallthrough, nested loops with break and
// continue, early return, selects on vectors.
#include "prelude.h"
StructuredBuffer<int> Ops : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(32, 1, 1)] void main(uint gi : SV_GroupIndex) {
  int op = Ops[gi];
  if (op < 0)
    return;
  float4 acc = 0;
  for (int i = 0; i < 16; i++) {
    if ((i & 3) == 3)
      continue;
    for (int j = 0; j < i; j++) {
      if (j * i > op)
        break;
      acc.x += (float)j;
    }
    switch ((op + i) & 7) {
    case 0: acc.y += 1.0f;
    case 1: acc.z += 2.0f; break;
    case 2:
    case 3: acc.w -= 1.0f; break;
    default: acc *= 0.5f; break;
    }
  }
  bool4 m = acc > 4.0f;
  Out[gi] = m.x ? acc : -acc;
}
