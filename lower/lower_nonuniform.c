/* lower_nonuniform.c - llvm.dx.resource.nonuniformindex(i) marks an index
 * as varying across the wave. The resource pass takes the marker of a
 * handle's own index (createHandle's non-uniform flag); one anywhere else
 * (a buffer element index, a value clang kept for later) says nothing
 * DXIL can hold, so the call is replaced by its operand, as LLVM's op
 * lowering drops the markers it does not fold into a handle. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

int lower_nonuniform(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base) ||
            strcmp(base, "llvm.dx.resource.nonuniformindex"))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++)
            lower_replace(lc, calls[i], LLVMGetOperand(calls[i], 0));
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
