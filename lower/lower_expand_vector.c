/* lower_expand_vector.c - the vector intrinsics DXIL has no op for,
 * expanded as LLVM's DXILIntrinsicExpansion does:
 *   fdot(a, b)      half/float, 2-4 lanes -> dot2/dot3/dot4(a0.., b0..)
 *                   (ops 54-56); other float lanes (double) -> fmul/fadd
 *   sdot/udot(a, b) a0*b0, then imad/umad(ak, bk, acc) per lane
 *   cross(a, b)     a.yzx * b.zxy - a.zxy * b.yzx
 *   normalize(x)    x * rsqrt(dot(x, x)); a scalar: x / x
 *   any(x), all(x)  each lane != 0 (une for floats), or-ed / and-ed
 * The dot, rsqrt and mad intrinsics made here are lowered by the op pass
 * through the spec's maps. A call's fast-math flags go to every float
 * instruction made for it, so !dx.precise follows the source. */
#include "lower_expand.h"

static bool exp_dot_call(lower_ctx *lc, LLVMValueRef call, bool is_signed)
{
    LLVMValueRef a = LLVMGetOperand(call, 0), b = LLVMGetOperand(call, 1);
    if (!exp_lanes(LLVMTypeOf(a))) {
        /* a scalar "dot": the product (LLVM's intrinsics allow it) */
        LLVMValueRef m = exp_is_float(LLVMTypeOf(a)) ? exp_fmf(call, LLVMBuildFMul(lc->b, a, b, ""))
                                                     : LLVMBuildMul(lc->b, a, b, "");
        return exp_done(lc, call, m);
    }
    return exp_done(lc, call, exp_dot(lc, call, a, b, is_signed));
}

bool exp_fdot(lower_ctx *lc, LLVMValueRef call)
{
    return exp_dot_call(lc, call, false);
}

bool exp_sdot(lower_ctx *lc, LLVMValueRef call)
{
    return exp_dot_call(lc, call, true);
}

bool exp_udot(lower_ctx *lc, LLVMValueRef call)
{
    return exp_dot_call(lc, call, false);
}

bool exp_cross(lower_ctx *lc, LLVMValueRef call)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (exp_lanes(t) != 3 || !exp_is_float(t))
        return false;
    LLVMValueRef a[3], b[3], r[3];
    for (unsigned k = 0; k < 3; k++) {
        a[k] = exp_lane(lc, LLVMGetOperand(call, 0), k);
        b[k] = exp_lane(lc, LLVMGetOperand(call, 1), k);
    }
    for (unsigned k = 0; k < 3; k++) {
        unsigned y = (k + 1) % 3, z = (k + 2) % 3;
        LLVMValueRef p = exp_fmf(call, LLVMBuildFMul(lc->b, a[y], b[z], ""));
        LLVMValueRef q = exp_fmf(call, LLVMBuildFMul(lc->b, a[z], b[y], ""));
        r[k] = exp_fmf(call, LLVMBuildFSub(lc->b, p, q, ""));
    }
    return exp_done(lc, call, exp_gather(lc, t, r));
}

bool exp_normalize(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    unsigned n = exp_lanes(t);
    if (!exp_is_float(t) || n > EXP_MAX_LANES)
        return false;
    if (!n)
        return exp_done(lc, call, exp_fmf(call, LLVMBuildFDiv(lc->b, x, x, "")));
    LLVMValueRef d = exp_dot(lc, call, x, x, false);
    LLVMValueRef s = d ? exp_fmf(call, exp_intrinsic(lc, "llvm.dx.rsqrt", LLVMTypeOf(d), &d, 1))
                       : NULL;
    if (!s)
        return false;
    LLVMValueRef r[EXP_MAX_LANES];
    for (unsigned k = 0; k < n; k++)
        r[k] = exp_fmf(call, LLVMBuildFMul(lc->b, exp_lane(lc, x, k), s, ""));
    return exp_done(lc, call, exp_gather(lc, t, r));
}

/* Lane k of x compared with zero (an i1 lane is itself). */
static LLVMValueRef exp_nonzero(lower_ctx *lc, LLVMValueRef call, LLVMValueRef x, unsigned k)
{
    LLVMValueRef v = exp_lane(lc, x, k);
    LLVMTypeRef t = LLVMTypeOf(v);
    if (exp_is_float(t))
        return exp_fmf(call, LLVMBuildFCmp(lc->b, LLVMRealUNE, v, LLVMConstNull(t), ""));
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
        return NULL;
    if (LLVMGetIntTypeWidth(t) == 1)
        return v;
    return LLVMBuildICmp(lc->b, LLVMIntNE, v, LLVMConstNull(t), "");
}

static bool exp_reduce(lower_ctx *lc, LLVMValueRef call, bool all)
{
    LLVMValueRef x = LLVMGetOperand(call, 0);
    unsigned n = exp_lanes(LLVMTypeOf(x));
    LLVMValueRef acc = exp_nonzero(lc, call, x, 0);
    for (unsigned k = 1; k < n && acc; k++) {
        LLVMValueRef v = exp_nonzero(lc, call, x, k);
        acc = !v ? NULL : all ? LLVMBuildAnd(lc->b, acc, v, "") : LLVMBuildOr(lc->b, acc, v, "");
    }
    return exp_done(lc, call, acc);
}

bool exp_any(lower_ctx *lc, LLVMValueRef call)
{
    return exp_reduce(lc, call, false);
}

bool exp_all(lower_ctx *lc, LLVMValueRef call)
{
    return exp_reduce(lc, call, true);
}
