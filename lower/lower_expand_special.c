/* lower_expand_special.c - isinf / isnan of half before DXIL 1.9. The
 * IsInf and IsNaN ops take half from DXIL 1.9 only (float before), and
 * clang 22 calls llvm.dx.isinf/isnan on the half it has with native
 * 16-bit types. DXC tests the bits of the half there (its
 * DxilPreparePasses, for SM 6.8 and below); widening to float keeps every
 * infinity and NaN what it was and makes no new one, so the float op gives
 * the same answer, and also in a min-precision module, where a half has no
 * 16-bit pattern to test. Vector calls stay vectors (scalarize splits
 * them). */
#include "lower_expand.h"

static bool exp_special(lower_ctx *lc, LLVMValueRef call, const char *name)
{
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    unsigned n = exp_lanes(t);
    LLVMTypeRef et = n ? LLVMGetElementType(t) : t;
    if (LLVMGetTypeKind(et) != LLVMHalfTypeKind || (lc->dxil && lc->dxil >= DXIL_VERSION(1, 9)))
        return false;
    LLVMTypeRef ft = LLVMFloatTypeInContext(lc->ctx);
    if (n)
        ft = LLVMVectorType(ft, n);
    LLVMValueRef wide = LLVMBuildFPExt(lc->b, x, ft, "");
    LLVMValueRef r = lower_intrinsic_call(lc, name, &ft, 1, &wide, 1);
    return r && exp_done(lc, call, r);
}

bool exp_isinf(lower_ctx *lc, LLVMValueRef call)
{
    return exp_special(lc, call, "llvm.dx.isinf");
}

bool exp_isnan(lower_ctx *lc, LLVMValueRef call)
{
    return exp_special(lc, call, "llvm.dx.isnan");
}
