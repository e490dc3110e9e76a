/* rt_target.c - the target pass: the triple and datalayout clang 22 gives
 * the Vulkan target of the shader's stage, with the SPIR-V version named:
 * clang's spirv-unknown-vulkan1.3 leaves LLVM 22's backend at SPIR-V 1.4,
 * where it cannot declare what non-uniform resource indexing and
 * storage texel buffers without a format need (SPIR-V 1.5 and 1.6 make
 * them core; Vulkan 1.3 takes SPIR-V 1.6). Runs after the passes that
 * read the input's strides; raised DXIL addresses memory by typed GEPs,
 * whose meaning does not depend on the layout (the check pass refuses
 * byte-offset GEPs, whose offsets were computed in DXC's layout). */
#include "retarget_internal.h"

#include <stdio.h>

/* clang 22's SPIR-V datalayout for logical (Vulkan) SPIR-V. */
static const char rt_spirv_datalayout[] =
    "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
    "n8:16:32:64-G10";

int rt_pass_target(rt_ctx *rc)
{
    char triple[64];
    snprintf(triple, sizeof triple, "spirv1.6-unknown-vulkan1.3-%s", rc->stage);
    LLVMSetTarget(rc->mod, triple);
    LLVMSetDataLayout(rc->mod, rt_spirv_datalayout);
    return 0;
}
