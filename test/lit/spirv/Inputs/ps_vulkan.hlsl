// PROFILE: ps_6_6
// A pixel shader for Vulkan: a cbuffer, a stage input and output, and a
// discard. ps_vulkan.ll is clang 22's output (as cs_vulkan.hlsl says, with
// -triple spirv-unknown-vulkan1.3-pixel).
#include "../../lower/clang/Inputs/prelude.h"
cbuffer Tint : register(b0) { float4 Color; float Cut; };

float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
  float a = saturate(length(uv - 0.5f) * 2.0f);
  clip(a - Cut);
  return Color * float4(uv, a, 1.0f);
}
