/* rt_dx_ops.c - the dx-ops pass: the dx.op calls the raise keeps (no
 * LLVM 22 intrinsic) that have a Vulkan form. Those without one are left
 * for the check pass to refuse by name. */
#include "retarget_internal.h"

int rt_pass_dx_ops(rt_ctx *rc)
{
    (void)rc;
    return 0;
}
