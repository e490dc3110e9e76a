/* rt_words.c - scalars read from and written to a buffer seen as 32-bit
 * words, at a byte address, so that every byte stays where D3D put it:
 * 32-bit values are one word, 64-bit values two (low word first, as D3D
 * lays them out), 16-bit values half a word when read and one i16 of the
 * buffer's 16-bit view when written (a read-modify-write of the word
 * would race with the thread writing its other half). */
#include "retarget_internal.h"

static LLVMValueRef rt_load_word(rt_ctx *rc, rt_handle *h, LLVMValueRef word_index)
{
    LLVMValueRef p = rt_view_pointer(rc, h, RT_VIEW_WORDS, word_index);
    if (!p)
        return NULL;
    LLVMValueRef v = LLVMBuildLoad2(rc->b, rt_i32_type(rc), p, "");
    LLVMSetAlignment(v, 4);
    return v;
}

static void rt_store_word(rt_ctx *rc, rt_handle *h, LLVMValueRef word_index, LLVMValueRef v)
{
    LLVMValueRef p = rt_view_pointer(rc, h, RT_VIEW_WORDS, word_index);
    if (p)
        LLVMSetAlignment(LLVMBuildStore(rc->b, v, p), 4);
}

LLVMValueRef rt_word_as(rt_ctx *rc, LLVMValueRef word, LLVMTypeRef ty)
{
    unsigned bits = rt_scalar_bits(ty);
    LLVMTypeRef it = LLVMIntTypeInContext(rc->ctx, bits);
    LLVMValueRef v = bits < 32 ? LLVMBuildTrunc(rc->b, word, it, "") : word;
    return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? v : LLVMBuildBitCast(rc->b, v, ty, "");
}

LLVMValueRef rt_load_scalar(rt_ctx *rc, rt_handle *h, LLVMTypeRef ty, LLVMValueRef byte_addr)
{
    unsigned bits = rt_scalar_bits(ty);
    LLVMValueRef w = LLVMBuildLShr(rc->b, byte_addr, rt_i32(rc, 2), "");
    LLVMValueRef lo = rt_load_word(rc, h, w);
    if (!lo)
        return NULL;
    if (bits == 32)
        return rt_word_as(rc, lo, ty);
    if (bits == 16) {
        /* the upper half when the address is 2 mod 4 */
        LLVMValueRef sh = LLVMBuildShl(rc->b, LLVMBuildAnd(rc->b, byte_addr, rt_i32(rc, 2), ""),
                                       rt_i32(rc, 3), "");
        return rt_word_as(rc, LLVMBuildLShr(rc->b, lo, sh, ""), ty);
    }
    LLVMValueRef hi = rt_load_word(rc, h, rt_add_const(rc, w, 1));
    LLVMTypeRef i64 = LLVMInt64TypeInContext(rc->ctx);
    LLVMValueRef v = LLVMBuildOr(
        rc->b, LLVMBuildZExt(rc->b, lo, i64, ""),
        LLVMBuildShl(rc->b, LLVMBuildZExt(rc->b, hi, i64, ""), LLVMConstInt(i64, 32, 0), ""),
        "");
    return LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? v : LLVMBuildBitCast(rc->b, v, ty, "");
}

void rt_store_scalar(rt_ctx *rc, rt_handle *h, LLVMValueRef value, LLVMValueRef byte_addr)
{
    LLVMTypeRef ty = LLVMTypeOf(value);
    unsigned bits = rt_scalar_bits(ty);
    LLVMTypeRef it = LLVMIntTypeInContext(rc->ctx, bits);
    LLVMValueRef v = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind
                         ? value : LLVMBuildBitCast(rc->b, value, it, "");
    if (bits == 16) {
        LLVMValueRef i = LLVMBuildLShr(rc->b, byte_addr, rt_i32(rc, 1), "");
        LLVMValueRef p = rt_view_pointer(rc, h, RT_VIEW_HALVES, i);
        if (p)
            LLVMSetAlignment(LLVMBuildStore(rc->b, v, p), 2);
        return;
    }
    LLVMValueRef w = LLVMBuildLShr(rc->b, byte_addr, rt_i32(rc, 2), "");
    if (bits == 32) {
        rt_store_word(rc, h, w, v);
        return;
    }
    LLVMTypeRef i32 = rt_i32_type(rc);
    LLVMValueRef hi = LLVMBuildLShr(rc->b, v, LLVMConstInt(it, 32, 0), "");
    rt_store_word(rc, h, w, LLVMBuildTrunc(rc->b, v, i32, ""));
    rt_store_word(rc, h, rt_add_const(rc, w, 1),
                  LLVMBuildTrunc(rc->b, hi, i32, ""));
}
