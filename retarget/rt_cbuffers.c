/* rt_cbuffers.c - the cbuffers pass: each cbuffer becomes a Vulkan
 * uniform block that is an array of <4 x i32> rows (std140-legal: stride
 * 16, and the bytes are exactly HLSL's cbuffer layout), and each
 * llvm.dx.resource.load.cbufferrow.{2,4,8} a load of its row with the
 * fields cut out of the row's words: four 32-bit fields, two 64-bit ones
 * (two words each, low first), or eight 16-bit ones (half a word each).
 * A row of four 16-bit fields is DXC's min-precision row, one value per
 * 32-bit slot, which D3D stores at 32 bits: the fields are narrowed. */
#include "retarget_internal.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rt_max_const_row(rt_ctx *rc, LLVMValueRef *calls, size_t n, rt_binding *b,
                                 bool *dynamic)
{
    uint64_t rows = 0;
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < rc->n_handles; k++) {
            if (rc->handles[k].dx_call != LLVMGetOperand(calls[i], 0) ||
                rc->handles[k].bind != b)
                continue;
            LLVMValueRef row = LLVMGetOperand(calls[i], 1);
            if (LLVMIsAConstantInt(row)) {
                uint64_t r = LLVMConstIntGetZExtValue(row);
                rows = r + 1 > rows ? r + 1 : rows;
            } else {
                *dynamic = true;
            }
        }
    }
    return rows;
}

/* Rows of each cbuffer: its layout's size, or past the last row read. */
static int rt_count_rows(rt_ctx *rc, LLVMValueRef *calls, size_t n)
{
    for (size_t i = 0; i < rc->n_binds; i++) {
        rt_binding *b = &rc->binds[i];
        if (b->kind != RT_RES_CBUFFER)
            continue;
        LLVMTypeRef layout = LLVMGetTargetExtTypeNumTypeParams(b->dx_type)
                                 ? LLVMGetTargetExtTypeTypeParam(b->dx_type, 0) : NULL;
        uint64_t size = layout && LLVMTypeIsSized(layout) ? LLVMABISizeOfType(rc->td, layout) : 0;
        bool dynamic = false;
        uint64_t used = rt_max_const_row(rc, calls, n, b, &dynamic);
        b->cb_rows = (size + 15) / 16;
        if (!b->cb_rows && dynamic) {
            rt_refuse(rc, NULL, "cbuffer '%s' is indexed at run time and its size is unknown",
                      b->name);
            return -1;
        }
        if (used > b->cb_rows)
            b->cb_rows = used;
        if (!b->cb_rows)
            b->cb_rows = 1;
    }
    return 0;
}

/* Field `i` of a row of `n` fields of type ft, cut from its words. */
static LLVMValueRef rt_row_field(rt_ctx *rc, LLVMValueRef *words, unsigned n, unsigned i,
                                 LLVMTypeRef ft)
{
    unsigned bits = rt_scalar_bits(ft);
    if (n == 4) {
        if (bits == 32)
            return rt_word_as(rc, words[i], ft);
        if (LLVMGetTypeKind(ft) == LLVMHalfTypeKind) /* min precision: a float slot */
            return LLVMBuildFPTrunc(
                rc->b, rt_word_as(rc, words[i], LLVMFloatTypeInContext(rc->ctx)), ft, "");
        return LLVMBuildTrunc(rc->b, words[i], ft, "");
    }
    if (n == 8) {
        LLVMValueRef w = words[i / 2];
        if (i & 1)
            w = LLVMBuildLShr(rc->b, w, rt_i32(rc, 16), "");
        return rt_word_as(rc, w, ft);
    }
    LLVMTypeRef i64 = LLVMInt64TypeInContext(rc->ctx);
    LLVMValueRef v = LLVMBuildOr(
        rc->b, LLVMBuildZExt(rc->b, words[2 * i], i64, ""),
        LLVMBuildShl(rc->b, LLVMBuildZExt(rc->b, words[2 * i + 1], i64, ""),
                     LLVMConstInt(i64, 32, 0), ""), "");
    return LLVMGetTypeKind(ft) == LLVMIntegerTypeKind ? v : LLVMBuildBitCast(rc->b, v, ft, "");
}

static bool rt_row_shape_ok(LLVMTypeRef st, unsigned n)
{
    if (n != 2 && n != 4 && n != 8)
        return false;
    for (unsigned i = 0; i < n; i++) {
        unsigned bits = rt_scalar_bits(LLVMStructGetTypeAtIndex(st, i));
        if (bits != 128 / n && !(n == 4 && bits == 16))
            return false;
    }
    return true;
}

static void rt_row_load(rt_ctx *rc, LLVMValueRef call)
{
    LLVMTypeRef st = LLVMTypeOf(call);
    unsigned n = LLVMCountStructElementTypes(st);
    if (!rt_row_shape_ok(st, n)) {
        rt_refuse(rc, call, "a cbuffer row of fields that do not fill 16 bytes");
        return;
    }
    rt_handle *h = rt_handle_of(rc, LLVMGetOperand(call, 0), call);
    if (!h)
        return;
    if (h->bind->kind != RT_RES_CBUFFER) {
        rt_refuse(rc, call, "a cbuffer row load on '%s', which is no cbuffer", h->bind->name);
        return;
    }
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef p = rt_view_pointer(rc, h, RT_VIEW_ROWS, LLVMGetOperand(call, 1));
    if (!p)
        return;
    LLVMValueRef row = LLVMBuildLoad2(rc->b, LLVMVectorType(rt_i32_type(rc), 4), p, "");
    LLVMSetAlignment(row, 16);
    LLVMValueRef words[4], fields[8];
    for (unsigned i = 0; i < 4; i++)
        words[i] = LLVMBuildExtractElement(rc->b, row, rt_i32(rc, i), "");
    for (unsigned i = 0; i < n; i++)
        fields[i] = rt_row_field(rc, words, n, i, LLVMStructGetTypeAtIndex(st, i));
    rt_replace_fields(rc, call, fields, n);
}

int rt_pass_cbuffers(rt_ctx *rc)
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, "llvm.dx.resource.load.cbufferrow.", &calls);
    int rv = rt_count_rows(rc, calls, n);
    for (size_t i = 0; i < n && rv == 0; i++)
        rt_row_load(rc, calls[i]);
    free(calls);
    return rv;
}
