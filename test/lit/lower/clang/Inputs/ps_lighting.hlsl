// PROFILE: ps_6_0
// Blinn-Phong lighting of a procedural sphere normal: cbuffer light
// directions as float4 rows, normalize, dot, pow, saturate, lerp.
#include "prelude.h"
cbuffer Light : register(b0) {
  float4 LightDir;
  float4 LightColor;
  float4 Ambient;
  float4 Viewport; // xy size, z shininess
};
float4 main(float4 pos : SV_Position) : SV_Target {
  float2 p = pos.xy / Viewport.xy * 2.0f - 1.0f;
  float r2 = dot(p, p);
  if (r2 > 1.0f)
    return Ambient;
  float3 n = normalize(float3(p, sqrt(1.0f - r2)));
  float3 l = normalize(LightDir.xyz);
  float3 h = normalize(l + float3(0, 0, 1));
  float diff = saturate(dot(n, l));
  float spec = pow(saturate(dot(n, h)), Viewport.z);
  float3 c = Ambient.xyz + LightColor.xyz * diff + spec;
  return float4(lerp(Ambient.xyz, c, (float3)0.9f), 1.0f);
}
