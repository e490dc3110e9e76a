// PROFILE: cs_6_6
// Value noise over a 2D grid: integer hashing, frac/floor, smoothstep,
// lerp, sin, several octaves in a loop.
#include "prelude.h"
RWBuffer<float> Out : register(u0);
cbuffer Noise : register(b0) { float Scale; uint Octaves; uint Width; float Seed; };
INLINE float hash(float2 p) {
  uint h = (uint)(p.x * 73.0f) * 374761393u + (uint)(p.y * 19.0f) * 668265263u;
  h = (h ^ (h >> 13)) * 1274126177u;
  return (float)(h & 0xFFFFu) / 65535.0f;
}
INLINE float noise(float2 p) {
  float2 i = floor(p), f = frac(p);
  float a = hash(i), b = hash(i + float2(1, 0));
  float c = hash(i + float2(0, 1)), d = hash(i + float2(1, 1));
  float2 u = f * f * (3.0f - 2.0f * f);
  return lerp(lerp(a, b, u.x), lerp(c, d, u.x), u.y);
}
[numthreads(8, 8, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  float2 p = float2(dtid.xy) * Scale + Seed;
  float v = 0, amp = 0.5f;
  for (uint o = 0; o < Octaves; o++) {
    v += amp * noise(p);
    p *= 2.0f;
    amp *= 0.5f;
  }
  v = smoothstep(0.2f, 0.8f, v) + 0.01f * sin(p.x);
  Out[dtid.y * Width + dtid.x] = v;
}
