// PROFILE: vs_6_6
// A vertex shader for Vulkan: matrix rows in a cbuffer, vertex inputs and
// SV_Position. vs_vulkan.ll is clang 22's output (as cs_vulkan.hlsl says,
// with -triple spirv-unknown-vulkan1.3-vertex).
#include "../../lower/clang/Inputs/prelude.h"
cbuffer Camera : register(b0) { float4 Row0; float4 Row1; float4 Row2; float4 Row3; };

struct VSOut { float4 pos : SV_Position; float3 normal : NORMAL; };

VSOut main(float3 pos : POSITION, float3 normal : NORMAL) {
  float4 p = float4(pos, 1.0f);
  VSOut o;
  o.pos = float4(dot(Row0, p), dot(Row1, p), dot(Row2, p), dot(Row3, p));
  o.normal = normalize(normal);
  return o;
}
