/* lower_promote.c - clang 22's -O0 output keeps every local in an
 * alloca: the resource handles (an alloca of the HLSL class, the handle
 * stored into its field), the binding arguments of handlefrombinding
 * (stored, then loaded), structs copied out of buffers (a memcpy from a
 * getpointer into a local). DXIL wants handles and bindings as values,
 * and DXC's validator refuses memcpy. LLVM's SROA (scalar replacement of
 * aggregates, which also promotes allocas to registers) turns them into
 * SSA values and per-field loads, as DXC's own -Od pipeline does before
 * it writes DXIL. It runs on the functions clang marked `optnone` (its
 * -O0 output; at -O1 and above clang has run SROA itself), after the
 * mark goes: DXIL has no use for it (DXC's -Od output has none), and
 * LLVM's passes skip a function that has it. Other modern input (LLVM's
 * tests, hand-written IR) is left as written. A raised DXC module is
 * DXC's. A local handle that control flow assigns becomes a phi of
 * handles, which lower_handle_phis merges or refuses right away (LLVM's
 * verifier refuses such a phi). */
#include "lower_internal.h"

#include "module/llvm_shim.h"

int lower_promote(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0;
    unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
    int rv = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone))
            continue;
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone);
        shim_sroa(fn);
        if (lower_handle_phis(lc, fn) != 0)
            rv = -1;
    }
    return rv;
}
