/* legal_intrinsics_math.c - generic math intrinsics with no DXIL op,
 * expanded as DXC expands the HLSL intrinsic they came from (its
 * HLOperationLower), for legal_intrinsics.c's table:
 *
 *   atan2(y, x)   atan(y / x), then by quadrant (Atan2's quadrant table,
 *                 in DXC's order): x < 0 and y >= 0 adds pi, x < 0 and
 *                 y < 0 subtracts pi, x == 0 gives -pi/2 for y < 0 and
 *                 pi/2 for y >= 0 (clang 22 calls llvm.atan2 for HLSL's
 *                 atan2; DXC's validator: "External function
 *                 'llvm.atan2.f32' is not a DXIL function")
 *   powi(x, n)    HLSL's pow(x, float(n)), as DXC lowers pow: x * x for
 *                 n == 2, else exp2(log2(x) * n) (LLVM's instcombine turns
 *                 pow(x, sitofp n) into powi; LLVM 3.7 names it
 *                 llvm.powi.f32, a function DXIL does not have either)
 *
 * Vector forms expand on vectors; the data scalarization splits them. */
#include "legal.h"

#include <stdlib.h>

#define LIM_PI 3.14159265358979323846

static LLVMValueRef lim_real(LLVMTypeRef t, double d)
{
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return LLVMConstReal(t, d);
    unsigned n = LLVMGetVectorSize(t);
    LLVMValueRef *v = malloc(n * sizeof *v);
    if (!v)
        return NULL;
    for (unsigned i = 0; i < n; i++)
        v[i] = LLVMConstReal(LLVMGetElementType(t), d);
    LLVMValueRef r = LLVMConstVector(v, n);
    free(v);
    return r;
}

/* Gives v the call's fast-math flags (the writer's !dx.precise follows). */
static LLVMValueRef lim_fmf(LLVMValueRef call, LLVMValueRef v)
{
    if (v && LLVMIsAInstruction(v) && LLVMCanValueUseFastMathFlags(call) &&
        LLVMCanValueUseFastMathFlags(v))
        LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(call));
    return v;
}

static LLVMValueRef lim_unary(lower_ctx *lc, const char *name, LLVMValueRef x, LLVMValueRef call)
{
    LLVMTypeRef t = LLVMTypeOf(x);
    return lim_fmf(call, lower_intrinsic_call(lc, name, &t, 1, &x, 1));
}

LLVMValueRef legal_expand_atan2(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef y = LLVMGetOperand(call, 0), x = LLVMGetOperand(call, 1);
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef zero = lim_real(t, 0.0), pi = lim_real(t, LIM_PI);
    LLVMValueRef half_pi = lim_real(t, LIM_PI / 2), neg_half_pi = lim_real(t, -LIM_PI / 2);
    if (!zero || !pi || !half_pi || !neg_half_pi)
        return NULL;
    LLVMBuilderRef b = lc->b;
    LLVMValueRef at = lim_unary(lc, "llvm.atan", lim_fmf(call, LLVMBuildFDiv(b, y, x, "")), call);
    if (!at)
        return NULL;
    LLVMValueRef add_pi = lim_fmf(call, LLVMBuildFAdd(b, at, pi, ""));
    LLVMValueRef sub_pi = lim_fmf(call, LLVMBuildFSub(b, at, pi, ""));
    LLVMValueRef x_lt0 = LLVMBuildFCmp(b, LLVMRealOLT, x, zero, "");
    LLVMValueRef x_eq0 = LLVMBuildFCmp(b, LLVMRealOEQ, x, zero, "");
    LLVMValueRef y_ge0 = LLVMBuildFCmp(b, LLVMRealOGE, y, zero, "");
    LLVMValueRef y_lt0 = LLVMBuildFCmp(b, LLVMRealOLT, y, zero, "");
    LLVMValueRef r = at;
    r = LLVMBuildSelect(b, LLVMBuildAnd(b, x_lt0, y_ge0, ""), add_pi, r, "");
    r = LLVMBuildSelect(b, LLVMBuildAnd(b, x_lt0, y_lt0, ""), sub_pi, r, "");
    r = LLVMBuildSelect(b, LLVMBuildAnd(b, x_eq0, y_lt0, ""), neg_half_pi, r, "");
    return LLVMBuildSelect(b, LLVMBuildAnd(b, x_eq0, y_ge0, ""), half_pi, r, "");
}

/* Whether n is the constant 2 (a splat of it for a vector). */
static bool lim_is_two(LLVMValueRef n)
{
    if (LLVMGetTypeKind(LLVMTypeOf(n)) == LLVMVectorTypeKind)
        return false; /* powi's exponent is a scalar */
    return LLVMIsAConstantInt(n) && LLVMConstIntGetSExtValue(n) == 2;
}

LLVMValueRef legal_expand_powi(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = LLVMGetOperand(call, 0), n = LLVMGetOperand(call, 1);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (lim_is_two(n))
        return lim_fmf(call, LLVMBuildFMul(lc->b, x, x, ""));
    LLVMTypeRef et = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    LLVMValueRef e = LLVMBuildSIToFP(lc->b, n, et, "");
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) { /* the exponent on every lane */
        LLVMValueRef v = LLVMGetPoison(t);
        for (unsigned k = 0; k < LLVMGetVectorSize(t); k++)
            v = LLVMBuildInsertElement(lc->b, v, e, lower_i32(lc, k), "");
        e = v;
    }
    LLVMValueRef l = lim_unary(lc, "llvm.log2", x, call);
    if (!l)
        return NULL;
    return lim_unary(lc, "llvm.exp2", lim_fmf(call, LLVMBuildFMul(lc->b, l, e, "")), call);
}
