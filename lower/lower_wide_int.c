/* lower_wide_int.c - LLVM's SROA reads part of a vector through an
 * integer as wide as the vector (clang 22 -O3: a float3 taken from lanes
 * 1-3 of a float4 loaded from a buffer):
 *     %w = bitcast <4 x float> %v to i128
 *     %s = lshr i128 %w, 32
 *     %t = trunc i128 %s to i96
 *     %r = bitcast i96 %t to <3 x float>
 * DXIL has no integer wider than 64 bits. When each use of such a
 * bitcast is that chain (the shift optional, and a whole number of lanes
 * in both the shift and the truncation), the result is the lanes it
 * selects: extractelements of %v, gathered with insertelement for a
 * vector. Other uses leave the chain for the writer, which names it.
 * Modern input only. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

static unsigned wi_bits(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return 16;
    case LLVMFloatTypeKind: return 32;
    case LLVMDoubleTypeKind: return 64;
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
    default: return 0;
    }
}

/* The lanes (first, count) a use chain of the wide bitcast selects, and
 * the chain's last instruction; false when the use is something else. */
static bool wi_chain(LLVMValueRef use, unsigned eb, unsigned *first, unsigned *count,
                     LLVMValueRef *last)
{
    uint64_t shift = 0;
    LLVMValueRef v = use;
    if (LLVMIsABinaryOperator(v) && LLVMGetInstructionOpcode(v) == LLVMLShr) {
        if (!const_u64(LLVMGetOperand(v, 1), &shift) || shift % eb)
            return false;
        LLVMUseRef u = LLVMGetFirstUse(v);
        if (!u || LLVMGetNextUse(u))
            return false;
        v = LLVMGetUser(u);
    }
    if (!LLVMIsATruncInst(v))
        return false;
    unsigned tb = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    LLVMUseRef u = LLVMGetFirstUse(v);
    if (tb % eb || !u || LLVMGetNextUse(u) || !LLVMIsABitCastInst(LLVMGetUser(u)))
        return false;
    *first = (unsigned)(shift / eb);
    *count = tb / eb;
    *last = LLVMGetUser(u);
    return true;
}

/* Rewrites the uses of one wide bitcast; false when any is not a chain. */
static bool wi_rewrite(lower_ctx *lc, LLVMValueRef bc)
{
    LLVMValueRef src = LLVMGetOperand(bc, 0);
    LLVMTypeRef vt = LLVMTypeOf(src);
    if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind)
        return false;
    LLVMTypeRef et = LLVMGetElementType(vt);
    unsigned eb = wi_bits(et), first, count;
    LLVMValueRef *users, last;
    size_t n = lower_collect_users(bc, &users);
    bool ok = eb != 0;
    for (size_t i = 0; ok && i < n; i++)
        ok = wi_chain(users[i], eb, &first, &count, &last) &&
             LLVMTypeOf(last) == (count == 1 ? et : LLVMVectorType(et, count));
    for (size_t i = 0; ok && i < n; i++) {
        wi_chain(users[i], eb, &first, &count, &last);
        LLVMPositionBuilderBefore(lc->b, last);
        LLVMValueRef r = count == 1 ? NULL : LLVMGetPoison(LLVMTypeOf(last));
        for (unsigned k = 0; k < count; k++) {
            LLVMValueRef lane = LLVMBuildExtractElement(lc->b, src, lower_i32(lc, first + k), "");
            r = count == 1 ? lane : LLVMBuildInsertElement(lc->b, r, lane, lower_i32(lc, k), "");
        }
        lower_replace_named(lc, last, r);
        LLVMValueRef trunc = LLVMGetOperand(last, 0);
        lower_kill(lc, trunc);
        if (trunc != users[i])
            lower_kill(lc, users[i]); /* the shift */
    }
    if (ok)
        lower_kill(lc, bc);
    free(users);
    return ok;
}

int lower_wide_int(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                LLVMTypeRef t = LLVMTypeOf(i);
                if (LLVMIsABitCastInst(i) && LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
                    LLVMGetIntTypeWidth(t) > 64)
                    wi_rewrite(lc, i);
            }
    lower_erase_dead(lc);
    return 0;
}
