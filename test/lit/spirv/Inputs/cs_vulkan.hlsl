// PROFILE: cs_6_6
// A compute shader for Vulkan: an SRV and a UAV structured buffer, a
// builtin input and a math intrinsic. cs_vulkan.ll is clang 22's output:
//   clang-22 -cc1 -triple spirv-unknown-vulkan1.3-compute -x hlsl -emit-llvm -O3 \
//     cs_vulkan.hlsl -o cs_vulkan.ll
// (ModuleID, source_filename and llvm.ident lines removed).
#include "../../lower/clang/Inputs/prelude.h"
RWStructuredBuffer<float> Out : register(u0);
StructuredBuffer<float> In : register(t0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = sin(In[id.x]) * 2.0f;
}
