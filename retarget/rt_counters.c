/* rt_counters.c - the counters pass: IncrementCounter / DecrementCounter
 * (llvm.dx.resource.updatecounter) become an atomic add or subtract on
 * word 0 of the buffer's counter, a storage buffer of its own as DXC's
 * -spirv makes it (the bindings pass places it). Increment returns the
 * value before, decrement the value after, as D3D's do.
 * LLVM 22's llvm.spv.resource.updatecounter is not used: its atomic
 * carries zero memory semantics, which the backend emits as an
 * OpConstantNull that it then also uses as an access chain's struct
 * index, which spirv-val refuses. */
#include "retarget_internal.h"

#include <stdlib.h>

static void rt_update(rt_ctx *rc, LLVMValueRef call)
{
    rt_handle *h = rt_handle_of(rc, LLVMGetOperand(call, 0), call);
    if (!h)
        return;
    uint64_t dir = 0;
    LLVMValueRef d = LLVMGetOperand(call, 1);
    if (!LLVMIsAConstantInt(d) || !h->bind->has_counter) {
        rt_refuse(rc, call, "a counter update of no constant direction, or on a buffer "
                  "without a counter");
        return;
    }
    dir = (uint64_t)LLVMConstIntGetSExtValue(d);
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef p = rt_view_pointer(rc, h, RT_VIEW_COUNTER, rt_i32(rc, 0));
    if (!p)
        return;
    bool inc = (int64_t)dir > 0;
    LLVMValueRef old = rt_atomic_rmw(rc, inc ? LLVMAtomicRMWBinOpAdd : LLVMAtomicRMWBinOpSub, p,
                                     rt_i32(rc, 1), false);
    rt_replace(rc, call, inc ? old : LLVMBuildSub(rc->b, old, rt_i32(rc, 1), ""));
}

int rt_pass_counters(rt_ctx *rc)
{
    rt_each_call(rc, "llvm.dx.resource.updatecounter", rt_update);
    return 0;
}
