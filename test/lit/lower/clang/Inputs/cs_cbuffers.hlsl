// PROFILE: cs_6_6
// Constant buffers: two explicit ones and one without a register (an
// implicit binding), a struct member, an array read at a dynamic index,
// a float3 followed by a float (packed into one row), a matrix as rows.
#include "prelude.h"
struct Light { float4 Color; float4 Dir; };
cbuffer Frame : register(b0) {
  float4 Rows[4];
  float3 Eye;
  float Time;
  Light Sun;
};
cbuffer Lights : register(b1) {
  float4 LightPos[8];
  uint LightCount;
};
cbuffer Misc {
  float Exposure;
  int Mode;
};
RWBuffer<float4> Out : register(u0);
[numthreads(8, 1, 1)] void main(uint gi : SV_GroupIndex) {
  float4 p = float4(gi, 1, 0, 1);
  float4 wp = float4(dot(Rows[0], p), dot(Rows[1], p), dot(Rows[2], p), dot(Rows[3], p));
  float3 acc = Sun.Color.xyz * saturate(dot(Sun.Dir.xyz, normalize(Eye - wp.xyz)));
  for (uint i = 0; i < LightCount; i++) {
    float3 d = LightPos[i].xyz - wp.xyz;
    acc += LightPos[i].w / (1.0f + dot(d, d));
  }
  float e = Mode == 1 ? Exposure * 2.0f : Exposure;
  Out[gi] = float4(acc * e, Time);
}
