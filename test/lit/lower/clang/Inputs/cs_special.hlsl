// PROFILE: cs_6_6
// Special float values and math: isinf/isnan, rcp, rsqrt, exp/log, pow,
// trigonometry, degrees/radians, sign, step, round/ceil/trunc.
#include "prelude.h"
StructuredBuffer<float4> In : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(32, 1, 1)] void main(uint gi : SV_GroupIndex) {
  float4 v = In[gi];
  bool4 inf = isinf(v), nan = isnan(v);
  float a = rcp(v.x) + rsqrt(abs(v.y) + 1.0f);
  float b = exp(v.z) + log(abs(v.w) + 1.0f) + pow(abs(v.x), 2.5f);
  float c = sin(v.x) * cos(v.y) + tan(v.z) + atan(v.w) + asin(saturate(v.x)) + acos(saturate(v.y));
  float d = degrees(v.x) + radians(v.y) + (float)sign(v.z);
  float4 e = step(v, float4(0.5f, 0.5f, 0.5f, 0.5f)) + round(v) + ceil(v) + trunc(v);
  float4 r = float4(a, b, c, d) + e;
  Out[gi] = inf.x || nan.y ? float4(0, 0, 0, 0) : r + exp2(v) + log2(abs(v) + 1.0f);
}
