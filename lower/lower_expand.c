/* lower_expand.c - intrinsics that LLVM's DirectX backend expands into
 * other intrinsics before its op lowering (DXILIntrinsicExpansion),
 * expanded the same way so that the spec's maps lower the result:
 *   llvm.dx.fdot(<N x T> a, <N x T> b), N = 2..4, T = half or float
 *     -> llvm.dx.dotN(a0, .., aN-1, b0, .., bN-1)   (dot2/dot3/dot4)
 * The spec maps llvm.dx.dot2/3/4 to ops 54/55/56; a <map> names one
 * intrinsic argument per dx.op operand and has no way to say "lane k of
 * argument j", hence this pass rather than a map for fdot. The call keeps
 * the fast-math flags of the fdot it replaces, so !dx.precise follows the
 * source. Other forms (double, other lane counts) stay: the leftover
 * check reports them. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

/* The dotN intrinsic for a float or half vector of N lanes, or NULL. */
static const char *exp_dot_name(LLVMTypeRef t)
{
    static const char *const dots[5] = {[2] = "llvm.dx.dot2", [3] = "llvm.dx.dot3",
                                        [4] = "llvm.dx.dot4"};
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind || LLVMGetVectorSize(t) > 4)
        return NULL;
    LLVMTypeKind k = LLVMGetTypeKind(LLVMGetElementType(t));
    return k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ? dots[LLVMGetVectorSize(t)] : NULL;
}

/* Lanes of a, then lanes of b, as LLVM's expansion extracts them. */
static bool exp_fdot(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef ab[2] = {LLVMGetOperand(call, 0), LLVMGetOperand(call, 1)}, lanes[8];
    LLVMTypeRef t = LLVMTypeOf(ab[0]);
    const char *dot = exp_dot_name(t);
    if (!dot)
        return false;
    unsigned n = LLVMGetVectorSize(t);
    LLVMPositionBuilderBefore(lc->b, call);
    for (unsigned k = 0; k < 2 * n; k++)
        lanes[k] = LLVMBuildExtractElement(lc->b, ab[k / n], lower_i32(lc, k % n), "");
    LLVMTypeRef elt = LLVMGetElementType(t);
    LLVMValueRef r = lower_intrinsic_call(lc, dot, &elt, 1, lanes, 2 * n);
    if (!r)
        return false;
    if (LLVMCanValueUseFastMathFlags(call) && LLVMCanValueUseFastMathFlags(r))
        LLVMSetFastMathFlags(r, LLVMGetFastMathFlags(call));
    lower_replace_named(lc, call, r);
    return true;
}

int lower_expand(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base) || strcmp(base, "llvm.dx.fdot"))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++)
            lc->n_lowered += exp_fdot(lc, calls[i]);
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
