/* optable_llvm.c - asks the LLVM linked into the library whether it
 * declares an intrinsic named by the op table (see dxil_optable.h). */
#include "dxil-upgrade/dxil_optable.h"

#include <llvm-c/Core.h>
#include <string.h>

bool dxil_intrinsic_in_llvm(const char *name)
{
    if (!name)
        return false;
    size_t n = strlen(name), len = 0;
    unsigned id = LLVMLookupIntrinsicID(name, n);
    /* The lookup also matches an overloaded intrinsic's name followed by a
     * mangling suffix ("llvm.dx.all.memory.barrier" finds llvm.dx.all):
     * only an exact match of the intrinsic's own name counts. */
    const char *base = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    return base && len == n && memcmp(base, name, n) == 0;
}
