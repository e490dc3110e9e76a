// PROFILE: cs_6_6
// Helper functions with arrays and out parameters, inlined by clang
// (HLSL helpers are alwaysinline), left behind as unused definitions.
#include "prelude.h"
RWStructuredBuffer<float4> Out : register(u0);
float sum4(float a[4]) {
  float s = 0;
  for (uint i = 0; i < 4; i++)
    s += a[i];
  return s;
}
void minmax(float4 v, out float lo, out float hi) {
  lo = min(min(v.x, v.y), min(v.z, v.w));
  hi = max(max(v.x, v.y), max(v.z, v.w));
}
[numthreads(16, 1, 1)] void main(uint gi : SV_GroupIndex) {
  float arr[4] = {1.0f, (float)gi, 3.0f, (float)(gi * gi)};
  float lo, hi;
  minmax(float4(arr[0], arr[1], arr[2], arr[3]), lo, hi);
  Out[gi] = float4(sum4(arr), lo, hi, 0);
}
