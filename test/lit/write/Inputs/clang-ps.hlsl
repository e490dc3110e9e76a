// PROFILE: ps_6_6
// clang-bcwrite.test: a pixel shader (inputs, sqrt, saturate, fneg of a
// vector), in clang 22's HLSL without hlsl.h.
typedef vector<float, 4> f4;
typedef vector<float, 2> f2;
f4 main(f4 pos : SV_Position, f2 uv : TEXCOORD0) : SV_Target {
  float s = __builtin_elementwise_sqrt(uv.x * uv.x + uv.y * uv.y);
  f4 c = {uv.x, uv.y, s, 1.0};
  if (pos.x > 100.0)
    c = -c;
  return __builtin_hlsl_elementwise_saturate(c);
}
