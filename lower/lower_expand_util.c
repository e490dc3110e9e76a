/* lower_expand_util.c - the lane and constant helpers the expanders
 * share (lower_expand.h). */
#include "lower_expand.h"

#include <string.h>

unsigned exp_lanes(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 0;
}

LLVMValueRef exp_lane(lower_ctx *lc, LLVMValueRef v, unsigned k)
{
    if (!exp_lanes(LLVMTypeOf(v)))
        return v;
    return LLVMBuildExtractElement(lc->b, v, lower_i32(lc, k), "");
}

LLVMValueRef exp_gather(lower_ctx *lc, LLVMTypeRef t, LLVMValueRef *lanes)
{
    unsigned n = exp_lanes(t);
    if (!n)
        return lanes[0];
    LLVMValueRef v = LLVMGetPoison(t);
    for (unsigned k = 0; k < n; k++)
        v = LLVMBuildInsertElement(lc->b, v, lanes[k], lower_i32(lc, k), "");
    return v;
}

LLVMValueRef exp_fconst(LLVMTypeRef t, double v)
{
    return LLVMConstReal(t, v);
}

LLVMValueRef exp_fmf(LLVMValueRef call, LLVMValueRef v)
{
    if (v && LLVMIsAInstruction(v) && LLVMCanValueUseFastMathFlags(call) &&
        LLVMCanValueUseFastMathFlags(v))
        LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(call));
    return v;
}

LLVMValueRef exp_intrinsic(lower_ctx *lc, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                           unsigned n)
{
    return lower_intrinsic_call(lc, name, &t, 1, args, n);
}

bool exp_done(lower_ctx *lc, LLVMValueRef call, LLVMValueRef v)
{
    if (!v)
        return false;
    lower_replace_named(lc, call, v);
    return true;
}

bool exp_is_float(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(exp_lanes(t) ? LLVMGetElementType(t) : t);
    return k == LLVMHalfTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

/* The dotN intrinsic for half or float lanes, 2 to 4 of them, or NULL. */
static const char *exp_dot_name(LLVMTypeRef t)
{
    static const char *const dots[5] = {[2] = "llvm.dx.dot2", [3] = "llvm.dx.dot3",
                                        [4] = "llvm.dx.dot4"};
    unsigned n = exp_lanes(t);
    if (n < 2 || n > 4)
        return NULL;
    LLVMTypeKind k = LLVMGetTypeKind(LLVMGetElementType(t));
    return k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ? dots[n] : NULL;
}

/* Lanes of a, then lanes of b, as LLVM's expansion extracts them. */
static LLVMValueRef exp_dot_op(lower_ctx *lc, LLVMValueRef call, LLVMValueRef a,
                               LLVMValueRef b, const char *dot)
{
    LLVMValueRef lanes[8];
    LLVMTypeRef t = LLVMTypeOf(a);
    unsigned n = exp_lanes(t);
    for (unsigned k = 0; k < 2 * n; k++)
        lanes[k] = exp_lane(lc, k < n ? a : b, k % n);
    return exp_fmf(call, exp_intrinsic(lc, dot, LLVMGetElementType(t), lanes, 2 * n));
}

LLVMValueRef exp_dot(lower_ctx *lc, LLVMValueRef call, LLVMValueRef a, LLVMValueRef b,
                     bool is_signed)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    const char *dot = exp_dot_name(t);
    if (dot)
        return exp_dot_op(lc, call, a, b, dot);
    unsigned n = exp_lanes(t);
    if (!n || n > EXP_MAX_LANES)
        return NULL;
    LLVMTypeRef elt = LLVMGetElementType(t);
    bool fp = exp_is_float(t);
    LLVMValueRef a0 = exp_lane(lc, a, 0), b0 = exp_lane(lc, b, 0);
    LLVMValueRef acc = fp ? LLVMBuildFMul(lc->b, a0, b0, "") : LLVMBuildMul(lc->b, a0, b0, "");
    exp_fmf(call, acc);
    for (unsigned k = 1; k < n && acc; k++) {
        LLVMValueRef x = exp_lane(lc, a, k), y = exp_lane(lc, b, k);
        if (fp) {
            LLVMValueRef m = exp_fmf(call, LLVMBuildFMul(lc->b, x, y, ""));
            acc = exp_fmf(call, LLVMBuildFAdd(lc->b, acc, m, ""));
        } else {
            LLVMValueRef args[3] = {x, y, acc};
            acc = exp_intrinsic(lc, is_signed ? "llvm.dx.imad" : "llvm.dx.umad", elt, args, 3);
        }
    }
    return acc;
}
