// PROFILE: ps_6_6
// Wave ops in a pixel shader: the wave's average luminance, the first
// lane's value, a ballot of bright pixels.
#include "prelude.h"
cbuffer P : register(b0) { float4 Tint; };
float4 main(float4 pos : SV_Position) : SV_Target {
  float lum = frac(pos.x * 0.37f + pos.y * 0.11f);
  float avg = WaveActiveSum(lum) / (float)WaveGetLaneCount();
  float first = WaveReadLaneAt(lum, 0);
  uint bright = WaveActiveCountBits(lum > 0.5f);
  return Tint * float4(avg, first, (float)bright / 64.0f, 1.0f);
}
