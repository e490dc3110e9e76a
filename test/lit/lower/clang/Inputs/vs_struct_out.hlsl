// PROFILE: vs_6_0
// A vertex shader that builds its output from a struct of input semantics
// (position and color), as clang -O0 passes the struct through its
// aggregate.
#include "prelude.h"
struct VSInput {
  float3 pos : POSITION;
  float4 color : COLOR0;
};
float4 main(VSInput v) : SV_POSITION {
  VSInput c = v;
  return float4(c.pos * 0.5, 1.0) + c.color * 0.0;
}
