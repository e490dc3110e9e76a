/* rt_bit_widths.c - the bit-widths pass: Vulkan takes OpBitCount and
 * OpBitReverse on 32-bit integers only (VUID-StandaloneSpirv-Base-04781),
 * and LLVM 22's backend emits llvm.ctpop / llvm.bitreverse of 16 and
 * 64-bit values as they are. 16-bit ones are widened (the count of the
 * zero-extended value, the reverse of the value shifted to the top half),
 * 64-bit ones split in words (the sum of the words' counts; the words'
 * reverses swapped). */
#include "retarget_internal.h"

#include <stdlib.h>
#include <string.h>

static LLVMTypeRef rt_widened(rt_ctx *rc, LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind
               ? LLVMVectorType(rt_i32_type(rc), LLVMGetVectorSize(t)) : rt_i32_type(rc);
}

static LLVMValueRef rt_splat32(rt_ctx *rc, LLVMTypeRef wt, uint64_t v)
{
    if (LLVMGetTypeKind(wt) != LLVMVectorTypeKind)
        return rt_i32(rc, v);
    LLVMValueRef lanes[64];
    unsigned n = LLVMGetVectorSize(wt);
    for (unsigned i = 0; i < n && i < 64; i++)
        lanes[i] = rt_i32(rc, v);
    return LLVMConstVector(lanes, n);
}

/* A 64-bit count or reverse from the two 32-bit words. */
static void rt_split64(rt_ctx *rc, LLVMValueRef call, bool reverse)
{
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x), wt = rt_widened(rc, t);
    bool vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
    LLVMValueRef sh = LLVMConstInt(vec ? LLVMGetElementType(t) : t, 32, 0);
    if (vec) {
        LLVMValueRef lanes[64];
        unsigned n = LLVMGetVectorSize(t);
        for (unsigned i = 0; i < n && i < 64; i++)
            lanes[i] = sh;
        sh = LLVMConstVector(lanes, n);
    }
    LLVMValueRef lo = LLVMBuildTrunc(rc->b, x, wt, "");
    LLVMValueRef hi = LLVMBuildTrunc(rc->b, LLVMBuildLShr(rc->b, x, sh, ""), wt, "");
    const char *name = reverse ? "llvm.bitreverse" : "llvm.ctpop";
    LLVMValueRef rl = rt_intrinsic(rc, name, &wt, 1, &lo, 1);
    LLVMValueRef rh = rt_intrinsic(rc, name, &wt, 1, &hi, 1);
    LLVMValueRef out;
    if (reverse)
        out = LLVMBuildOr(rc->b, LLVMBuildShl(rc->b, LLVMBuildZExt(rc->b, rl, t, ""), sh, ""),
                          LLVMBuildZExt(rc->b, rh, t, ""), "");
    else
        out = LLVMBuildZExt(rc->b, LLVMBuildAdd(rc->b, rl, rh, ""), t, "");
    rt_replace(rc, call, out);
}

static void rt_widen(rt_ctx *rc, LLVMValueRef call, bool reverse)
{
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x), s = t;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        s = LLVMGetElementType(t);
    unsigned bits = LLVMGetIntTypeWidth(s);
    if (bits == 32 || (s != t && LLVMGetVectorSize(t) > 64))
        return; /* the backend's to take, or refuse */
    LLVMPositionBuilderBefore(rc->b, call);
    if (bits == 64) {
        rt_split64(rc, call, reverse);
        return;
    }
    LLVMTypeRef wt = rt_widened(rc, t);
    LLVMValueRef w = LLVMBuildZExt(rc->b, x, wt, "");
    LLVMValueRef r;
    if (reverse) {
        w = LLVMBuildShl(rc->b, w, rt_splat32(rc, wt, 32 - bits), "");
        r = rt_intrinsic(rc, "llvm.bitreverse", &wt, 1, &w, 1);
    } else {
        r = rt_intrinsic(rc, "llvm.ctpop", &wt, 1, &w, 1);
    }
    rt_replace(rc, call, LLVMBuildTrunc(rc->b, r, t, ""));
}

int rt_pass_bit_widths(rt_ctx *rc)
{
    static const char *const names[] = {"llvm.ctpop.", "llvm.bitreverse."};
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef *calls;
        size_t n = rt_calls_with_prefix(rc, names[k], &calls);
        for (size_t i = 0; i < n; i++)
            rt_widen(rc, calls[i], k == 1);
        free(calls);
    }
    return 0;
}
