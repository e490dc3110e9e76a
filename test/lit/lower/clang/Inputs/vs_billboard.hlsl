// PROFILE: vs_6_6
// A camera-facing billboard: the corner in the input's w, cross products
// for the camera basis, normalize, a size from distance.
#include "prelude.h"
cbuffer Cam : register(b0) { float4 EyePos; float4 Up; float4 VP[4]; };
float4 main(float4 p : POSITION) : SV_Position {
  float3 to = normalize(EyePos.xyz - p.xyz);
  float3 right = normalize(cross(Up.xyz, to));
  float3 up = cross(to, right);
  uint corner = (uint)p.w;
  float2 c = float2((corner & 1u) ? 1.0f : -1.0f, (corner & 2u) ? 1.0f : -1.0f);
  float size = clamp(distance(EyePos.xyz, p.xyz) * 0.05f, 0.1f, 2.0f);
  float4 w = float4(p.xyz + (right * c.x + up * c.y) * size, 1.0f);
  return float4(dot(VP[0], w), dot(VP[1], w), dot(VP[2], w), dot(VP[3], w));
}
