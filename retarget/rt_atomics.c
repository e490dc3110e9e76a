/* rt_atomics.c - the atomics pass: the Interlocked* ops the raise keeps
 * as dx.op.atomicBinOp on raw and structured buffers become atomicrmw on
 * the word the byte address names (clang's Vulkan form: an atomic on the
 * resource's pointer), and groupshared atomics get Vulkan's scope.
 * Every atomic is seq_cst at device scope (workgroup for groupshared):
 * D3D's are relaxed, and LLVM 22's backend emits a zero scope or
 * semantics operand (relaxed, or the default CrossDevice scope Vulkan
 * forbids anyway) as an OpConstantNull that it then also uses as an
 * access chain's struct index, which spirv-val refuses.
 * Refused by name: compare-exchange (LLVM 22's backend crashes on cmpxchg
 * for Vulkan: its pointer legalization does not know the instruction),
 * 64-bit atomics and atomics on typed buffers. */
#include "retarget_internal.h"

#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"

#include <stdlib.h>
#include <string.h>

LLVMValueRef rt_atomic_rmw(rt_ctx *rc, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                           LLVMValueRef v, bool workgroup)
{
    const char *scope = workgroup ? "workgroup" : "device";
    unsigned id = LLVMGetSyncScopeID(rc->ctx, scope, strlen(scope));
    return LLVMBuildAtomicRMWSyncScope(rc->b, op, ptr, v,
                                       LLVMAtomicOrderingSequentiallyConsistent, id);
}

/* DXIL's AtomicBinOpCode, in order. */
static const LLVMAtomicRMWBinOp rt_binops[] = {
    LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpAnd, LLVMAtomicRMWBinOpOr,
    LLVMAtomicRMWBinOpXor, LLVMAtomicRMWBinOpMin, LLVMAtomicRMWBinOpMax,
    LLVMAtomicRMWBinOpUMin, LLVMAtomicRMWBinOpUMax, LLVMAtomicRMWBinOpXchg,
};

/* The target("dx.*") handle behind a dx.op call's %dx.types.Handle
 * operand (the raise's casthandle bridge), or the operand itself. */
static LLVMValueRef rt_through_cast(LLVMValueRef h)
{
    if (LLVMIsACallInst(h) && !strncmp(rt_callee_name(h), "llvm.dx.resource.casthandle", 27))
        return LLVMGetOperand(h, 0);
    return h;
}

static void rt_bin_op(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef value = LLVMGetOperand(call, 6);
    LLVMValueRef op = LLVMGetOperand(call, 2);
    if (rt_scalar_bits(LLVMTypeOf(value)) != 32) {
        rt_refuse(rc, call, "a 64-bit Interlocked op: not retargeted yet");
        return;
    }
    if (!LLVMIsAConstantInt(op) ||
        LLVMConstIntGetZExtValue(op) >= sizeof rt_binops / sizeof *rt_binops) {
        rt_refuse(rc, call, "an Interlocked op of unknown kind");
        return;
    }
    rt_handle *h = rt_handle_of(rc, rt_through_cast(LLVMGetOperand(call, 1)), call);
    if (!h)
        return;
    const rt_binding *b = h->bind;
    if (b->kind != RT_RES_RAW && b->kind != RT_RES_STRUCTURED) {
        rt_refuse(rc, call, "an Interlocked op on '%s', which is no raw or structured buffer "
                  "(typed-buffer atomics are not retargeted yet)", b->name);
        return;
    }
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef addr = LLVMGetOperand(call, 3);
    if (b->kind == RT_RES_STRUCTURED)
        addr = LLVMBuildAdd(rc->b, LLVMBuildMul(rc->b, addr, rt_i32(rc, b->stride), ""),
                            LLVMGetOperand(call, 4), "");
    LLVMValueRef w = LLVMBuildLShr(rc->b, addr, rt_i32(rc, 2), "");
    LLVMValueRef p = rt_view_pointer(rc, h, RT_VIEW_WORDS, w);
    if (!p)
        return;
    rt_replace(rc, call, rt_atomic_rmw(rc, rt_binops[LLVMConstIntGetZExtValue(op)], p, value,
                                       false));
}

/* Groupshared atomics: Vulkan's workgroup scope, seq_cst (see above). */
static void rt_fix_memory_atomics(rt_ctx *rc)
{
    unsigned wg = LLVMGetSyncScopeID(rc->ctx, "workgroup", 9);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(rc->entry); bb;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsAAtomicCmpXchgInst(i)) {
                rt_refuse(rc, i, "InterlockedCompareExchange: LLVM 22's SPIR-V backend crashes "
                          "on cmpxchg for Vulkan");
                continue;
            }
            if (!LLVMIsAAtomicRMWInst(i))
                continue;
            unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(i, 0)));
            if (as == 11)
                continue; /* a buffer's, made above */
            if (as != 3 || rt_scalar_bits(LLVMTypeOf(i)) != 32) {
                rt_refuse(rc, i, "a %u-bit atomic on %s memory: only 32-bit groupshared and "
                          "buffer atomics are retargeted", rt_scalar_bits(LLVMTypeOf(i)),
                          as == 3 ? "groupshared" : "local");
                continue;
            }
            LLVMSetOrdering(i, LLVMAtomicOrderingSequentiallyConsistent);
            LLVMSetAtomicSyncScopeID(i, wg);
        }
}

int rt_pass_atomics(rt_ctx *rc)
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, "dx.op.", &calls);
    for (size_t i = 0; i < n; i++) {
        uint32_t opcode = ops_dxop_opcode(calls[i]);
        if (opcode == DXIL_OP_AtomicBinOp)
            rt_bin_op(rc, calls[i]);
        else if (opcode == DXIL_OP_AtomicCompareExchange)
            rt_refuse(rc, calls[i], "InterlockedCompareExchange: LLVM 22's SPIR-V backend "
                      "crashes on cmpxchg for Vulkan");
    }
    free(calls);
    rt_fix_memory_atomics(rc);
    return 0;
}
