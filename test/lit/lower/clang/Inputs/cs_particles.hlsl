// PROFILE: cs_6_6
// A particle update: a structured buffer of structs read and written
// whole, cbuffer parameters, normalize, length, clamp, a collision branch.
#include "prelude.h"
struct Particle {
  float4 Position;
  float4 Velocity;
  float Age;
  float Life;
  uint Flags;
  float Pad;
};
RWStructuredBuffer<Particle> Particles : register(u0);
cbuffer Sim : register(b0) {
  float4 Gravity;
  float4 Sphere; // xyz center, w radius
  float Dt;
  float Drag;
  uint Count;
  float MaxSpeed;
};
[numthreads(64, 1, 1)] void main(uint3 dtid : SV_DispatchThreadID) {
  if (dtid.x >= Count)
    return;
  Particle p = Particles[dtid.x];
  p.Velocity.xyz += Gravity.xyz * Dt;
  p.Velocity.xyz *= 1.0f - Drag * Dt;
  float speed = length(p.Velocity.xyz);
  if (speed > MaxSpeed)
    p.Velocity.xyz = normalize(p.Velocity.xyz) * MaxSpeed;
  p.Position.xyz += p.Velocity.xyz * Dt;
  float3 d = p.Position.xyz - Sphere.xyz;
  float dist = length(d);
  if (dist < Sphere.w) {
    float3 n = d / max(dist, 1e-4f);
    p.Position.xyz = Sphere.xyz + n * Sphere.w;
    p.Velocity.xyz = reflect(p.Velocity.xyz, n) * 0.5f;
    p.Flags |= 1u;
  }
  p.Age = clamp(p.Age + Dt, 0.0f, p.Life);
  Particles[dtid.x] = p;
}
