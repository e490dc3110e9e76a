// dxil-diffrun's test shader: integer and float work over a structured
// buffer. Built with -D MUTANT it computes a different value in element
// 37 of u0 only: a hand-made different container, which dxil-diffrun must
// report as a mismatch naming that element. Built with -D NONFINITE it
// differs only where In holds the bits of a NaN or an infinity (counted in
// integers over 16 elements a thread): dxil-diffrun calls that drift, the
// shader having fast-math flags (OutF's float ops).
#include "prelude.h"
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> OutF : register(u1);
[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  uint v = In[id.x];
#ifdef MUTANT
  Out[id.x] = v * 3u + (v >> 7) + (id.x == 37 ? 1u : 0u);
#elif defined(NONFINITE)
  uint n = 0;
  for (uint k = 0; k < 16; k++)
    n += (In[id.x * 16 + k] & 0x7f800000u) == 0x7f800000u ? 1u : 0u;
  Out[id.x] = v * 3u + (v >> 7) + n;
#else
  Out[id.x] = v * 3u + (v >> 7);
#endif
  float f = (float)(v & 0xffffu) * 0.25f;
  OutF[id.x] = f * f + 1.0f;
}
