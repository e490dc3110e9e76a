// PROFILE: vs_6_0
// A vertex transform: model-view-projection rows in a cbuffer, a wobble
// from time, the position as the one input.
#include "prelude.h"
cbuffer Camera : register(b0) {
  float4 Mvp[4];
  float Time;
  float Amplitude;
  float2 Pad;
};
float4 main(float4 p : POSITION) : SV_Position {
  float4 q = p;
  q.y += Amplitude * sin(Time + p.x * 4.0f);
  return float4(dot(Mvp[0], q), dot(Mvp[1], q), dot(Mvp[2], q), dot(Mvp[3], q));
}
