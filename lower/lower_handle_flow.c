/* lower_handle_flow.c - handles SROA could not make plain values.
 *
 * A resource chosen by control flow at -O0:
 *
 *   RWStructuredBuffer<uint> b = Bufs[0];
 *   if (c) b = Bufs[1];
 *
 * is a local of the HLSL class in an alloca; SROA (lower_promote) turns it
 * into `phi target("dx.RawBuffer", ...) [ handlefrombinding(.., i32 0, ..) ],
 * [ handlefrombinding(.., i32 1, ..) ]`, which LLVM's verifier refuses (a
 * target type cannot be a phi) and DXIL cannot say (a resource op's handle
 * must be the createHandle itself). When every incoming handle is a
 * handlefrombinding of the same binding, differing only in the array index,
 * the phi becomes one handlefrombinding on a phi of the indices, as DXC
 * does for resource arrays; an index marked non-uniform keeps the mark.
 * Any other phi or select of handles is refused, naming it.
 *
 * A handle read back from a local array (`RWStructuredBuffer<float> A[2];
 * A[0] = BufA;` filled in a loop, or copied in a form SROA does not split)
 * is refused too, naming the load: DXIL has no resources in memory, and
 * which resource the load gives is not known without the loop's values. */
#include "lower_internal.h"

#include <stdio.h>
#include <string.h>

/* handlefrombinding(space, register, range, index, name): the intrinsic's
 * fixed signature */
#define HP_NARGS 5
#define HP_INDEX 3

/* The first incoming call when all are handlefrombinding calls of one
 * callee agreeing on every operand but the index; else NULL. */
static LLVMValueRef hp_same_binding(LLVMValueRef phi)
{
    LLVMValueRef first = NULL;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
        LLVMValueRef in = LLVMGetIncomingValue(phi, i);
        if (!lower_is_intrinsic_call(in, "llvm.dx.resource.handlefrombinding", false))
            return NULL;
        if (!first) {
            first = in;
            continue;
        }
        if (LLVMGetCalledValue(in) != LLVMGetCalledValue(first))
            return NULL;
        for (unsigned k = 0; k < (unsigned)LLVMGetNumArgOperands(in); k++)
            if (k != HP_INDEX && LLVMGetOperand(in, k) != LLVMGetOperand(first, k))
                return NULL;
    }
    return first;
}

static void hp_merge(lower_ctx *lc, LLVMValueRef phi, LLVMValueRef first)
{
    LLVMBuilderRef b = lc->b;
    LLVMValueRef marker = NULL;
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef idx = LLVMBuildPhi(b, LLVMInt32TypeInContext(lc->ctx), "");
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
        LLVMValueRef in = LLVMGetOperand(LLVMGetIncomingValue(phi, i), HP_INDEX);
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, i);
        LLVMAddIncoming(idx, &in, &bb, 1);
        if (lower_is_intrinsic_call(in, "llvm.dx.resource.nonuniformindex", false))
            marker = in;
    }
    LLVMValueRef at = phi;
    while (LLVMIsAPHINode(at))
        at = LLVMGetNextInstruction(at);
    LLVMPositionBuilderBefore(b, at);
    if (marker) {
        LLVMValueRef fn = LLVMGetCalledValue(marker);
        idx = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, &idx, 1, "");
    }
    LLVMValueRef args[HP_NARGS], fn = LLVMGetCalledValue(first);
    for (unsigned k = 0; k < HP_NARGS; k++)
        args[k] = k == HP_INDEX ? idx : LLVMGetOperand(first, k);
    LLVMValueRef h = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, HP_NARGS, "");
    lower_replace_named(lc, phi, h);
    lower_erase_dead(lc); /* the phi goes now: the verifier runs next */
}

/* The alloca under a chain of GEPs from p, or NULL. */
static LLVMValueRef hp_local_base(LLVMValueRef p)
{
    p = lower_gep_base(p);
    return p && LLVMIsAAllocaInst(p) ? p : NULL;
}

static bool hp_is_handle(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMTargetExtTypeKind;
}

/* Merges or refuses every phi and select of handles in fn; -1 when one is
 * refused. */
int lower_handle_phis(lower_ctx *lc, LLVMValueRef fn)
{
    int rv = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            if ((!LLVMIsAPHINode(i) && !LLVMIsASelectInst(i)) || !hp_is_handle(i))
                continue;
            LLVMValueRef first = LLVMIsAPHINode(i) ? hp_same_binding(i) : NULL;
            if (first) {
                hp_merge(lc, i, first);
                continue;
            }
            lower_report(lc, DXIL_SEV_ERROR, i,
                         "a resource chosen by control flow from different bindings has no "
                         "DXIL form (a resource op's handle must be its createHandle)");
            rv = -1;
        }
    return rv;
}

static int hp_fn_locals(lower_ctx *lc, LLVMValueRef fn)
{
    int rv = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsALoadInst(i) && hp_is_handle(i) && hp_local_base(LLVMGetOperand(i, 0))) {
                lower_report(lc, DXIL_SEV_ERROR, i,
                             "a resource read back from a local array SROA could not resolve "
                             "(filled in a loop or at a run-time index): DXIL has no resources "
                             "in memory");
                rv = -1;
            }
    return rv;
}

/* Refuses every handle a function loads from a local (after linkage: in
 * the functions the module keeps); -1 when there is one. */
int lower_handle_locals(lower_ctx *lc)
{
    int rv = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        if (hp_fn_locals(lc, fn) != 0)
            rv = -1;
    return rv;
}
