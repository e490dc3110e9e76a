// PROFILE: ps_6_6
// Alpha testing: clip() of a procedural alpha, and an explicit discard
// through clip of a negative value on a checker.
#include "prelude.h"
cbuffer Cut : register(b0) { float Threshold; float Size; float2 Unused; };
float4 main(float4 pos : SV_Position) : SV_Target {
  float2 cell = floor(pos.xy / Size);
  float checker = frac((cell.x + cell.y) * 0.5f) * 2.0f;
  float alpha = saturate(length(frac(pos.xy / Size) - 0.5f) * 2.0f);
  clip(alpha - Threshold);
  clip(checker - 0.5f);
  return float4(checker, alpha, 0.0f, 1.0f);
}
