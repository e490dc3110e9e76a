/* lower_unused_resources.c - a resource the shader declares but never
 * reads or writes: clang 22 -O0 still makes its handle (the store into
 * its global goes with forward-handles, the call stays), and the
 * resource pass would give it a handle and a !dx.resources record. DXC
 * removes unused resources; the handle calls nothing uses (they read no
 * memory) are erased here, before the resource pass builds the records.
 * Modern input only: DXC's records are DXC's. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

int lower_unused_resources(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base) ||
            (strcmp(base, "llvm.dx.resource.handlefrombinding") &&
             strcmp(base, "llvm.dx.resource.handlefromimplicitbinding")))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++)
            if (!LLVMGetFirstUse(calls[i]))
                lower_kill(lc, calls[i]);
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
