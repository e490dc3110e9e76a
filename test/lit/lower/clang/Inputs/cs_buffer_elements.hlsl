// PROFILE: cs_6_2
// Buffer elements wider than a DXIL buffer op moves at once: matrices and
// arrays of a structured buffer read and written whole (more than 4
// lanes), a struct of sixteen floats copied, doubles and 64-bit integers
// of typed buffers, and doubles of a structured buffer before DXIL 1.3
// (all moved as 32-bit words).
#include "prelude.h"
struct Particle {
  float4 Pos;
  float4 Vel;
  float4 Color;
  float4 Extra;
};
StructuredBuffer<matrix<float, 3, 4> > Xforms : register(t0);
RWStructuredBuffer<matrix<float, 3, 2> > Packed : register(u0);
StructuredBuffer<Particle> ParticlesIn : register(t1);
RWStructuredBuffer<Particle> ParticlesOut : register(u1);
Buffer<double2> Weights : register(t2);
RWBuffer<double> Sums : register(u2);
RWBuffer<uint64_t> Ticks : register(u3);
RWStructuredBuffer<double> Totals : register(u4);
[numthreads(32, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  uint i = dtid.x;
  matrix<float, 3, 4> m = Xforms[i];
  matrix<float, 3, 2> p;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 2; c++)
      p[r][c] = m[r][c] + m[r][c + 2];
  Packed[i] = p;
  Particle q = ParticlesIn[i];
  q.Pos += q.Vel;
  ParticlesOut[i] = q;
  double2 w = Weights[i];
  double s = w.x * (double)q.Pos.x + w.y;
  Sums[i] = s;
  Ticks[i] = Ticks[i] + ((uint64_t)i << 32) + 1;
  Totals[i] = s * 2.0;
}
