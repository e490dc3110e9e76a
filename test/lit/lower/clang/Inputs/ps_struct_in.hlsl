// PROFILE: ps_6_0
// A pixel shader whose input is a struct of semantics (position, color,
// texture coordinate), passed whole to a helper as clang -O0 keeps it; the
// half checks for infinities and NaN widen before DXIL 1.9.
#include "prelude.h"
struct PSInput {
  float4 position : SV_POSITION;
  float4 color : COLOR0;
  float2 uv : TEXCOORD0;
};
float4 shade(PSInput i) {
  float2 d = i.uv - float2(0.5, 0.5);
  float ang = atan2(d.y, d.x);
  return float4(i.color.rgb * (0.5 + 0.5 * cos(ang * 4.0)), i.color.a) +
         float4(i.position.x, i.position.y, 0, 0) * 0.0;
}
float4 main(PSInput input) : SV_TARGET {
  float4 c = shade(input);
  half h = (half)c.x;
  bool bad = isinf(h) || isnan(h);
  return bad ? float4(1, 0, 1, 1) : c;
}
