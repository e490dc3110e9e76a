/* rt_typed_buffers.c - the typed-buffers pass: Buffer<T> and RWBuffer<T>
 * become texel buffers (spirv.Image, Dim Buffer: a uniform texel buffer
 * for an SRV, a storage texel buffer for a UAV) with the Vulkan image
 * format of their element type, and their loads and stores
 * llvm.spv.resource.load.typedbuffer / store.typedbuffer. A storage texel
 * buffer needs its format; elements that have none (three components,
 * 16 or 64-bit types) are refused by name, and so are two-component
 * ones (LLVM 22's backend does not declare the StorageImageExtendedFormats
 * capability their RG32 formats need). An SRV is read by OpImageFetch,
 * which takes any format, but its format says how its elements are laid
 * out to whoever binds it (dxil-run, which otherwise has to guess from
 * the components read: a float4 element read as .xy is not an RG32
 * texel): R32 and RGBA32 ones get theirs; two-component and other
 * elements stay Unknown, as clang makes them (RG32 would need that
 * capability too). */
#include "retarget_internal.h"

#include <stdlib.h>
#include <string.h>

/* SPIR-V image formats by component count (1, 2, 4; 0 = none). */
typedef struct rt_format_row {
    bool is_float, is_signed;
    unsigned by_lanes[5];
} rt_format_row;

static const rt_format_row rt_formats[] = {
    {true, false, {0, 3 /* R32f */, 6 /* Rg32f */, 0, 1 /* Rgba32f */}},
    {false, true, {0, 24 /* R32i */, 25 /* Rg32i */, 0, 21 /* Rgba32i */}},
    {false, false, {0, 33 /* R32ui */, 35 /* Rg32ui */, 0, 30 /* Rgba32ui */}},
};

enum { RT_DIM_BUFFER = 5, RT_DEPTH_UNKNOWN = 2, RT_SAMPLED = 1, RT_STORAGE = 2 };

static LLVMTypeRef rt_texel_scalar(LLVMTypeRef t, unsigned *lanes)
{
    *lanes = 1;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        *lanes = LLVMGetVectorSize(t);
        t = LLVMGetElementType(t);
    }
    return t;
}

/* The format of element type t (signed ints when is_signed); 0 = none. */
static unsigned rt_format_of(LLVMTypeRef t, bool is_signed)
{
    unsigned lanes;
    LLVMTypeRef s = rt_texel_scalar(t, &lanes);
    if (rt_scalar_bits(s) != 32 || lanes > 4)
        return 0;
    bool is_float = LLVMGetTypeKind(s) == LLVMFloatTypeKind;
    for (size_t i = 0; i < sizeof rt_formats / sizeof *rt_formats; i++)
        if (rt_formats[i].is_float == is_float && (is_float || rt_formats[i].is_signed == is_signed))
            return rt_formats[i].by_lanes[lanes];
    return 0;
}

static bool rt_typed_signed(const rt_binding *b)
{
    return LLVMGetTargetExtTypeNumIntParams(b->dx_type) > 2 &&
           LLVMGetTargetExtTypeIntParam(b->dx_type, 2) != 0;
}

static LLVMTypeRef rt_typed_element(const rt_binding *b)
{
    return LLVMGetTargetExtTypeTypeParam(b->dx_type, 0);
}

LLVMTypeRef rt_texel_type(rt_ctx *rc, const rt_binding *b)
{
    unsigned lanes;
    LLVMTypeRef s = rt_texel_scalar(rt_typed_element(b), &lanes);
    if (rt_scalar_bits(s) != 32)
        return NULL;
    bool uav = b->cls == 'u', sgn = rt_typed_signed(b);
    unsigned format = rt_format_of(rt_typed_element(b), sgn);
    if (uav && (!format || lanes == 2))
        return NULL;
    if (!uav && lanes == 2)
        format = 0; /* Unknown: RG32 needs StorageImageExtendedFormats */
    unsigned ints[6] = {RT_DIM_BUFFER, RT_DEPTH_UNKNOWN, 0, 0, uav ? RT_STORAGE : RT_SAMPLED,
                        format};
    bool is_int = LLVMGetTypeKind(s) == LLVMIntegerTypeKind;
    return LLVMTargetExtTypeInContext(rc->ctx, is_int && sgn ? "spirv.SignedImage" : "spirv.Image",
                                      &s, 1, ints, 6);
}

/* The typed buffer behind a call's handle; NULL after a refusal. */
static rt_handle *rt_typed_handle(rt_ctx *rc, LLVMValueRef call)
{
    rt_handle *h = rt_handle_of(rc, LLVMGetOperand(call, 0), call);
    if (!h)
        return NULL;
    const rt_binding *b = h->bind;
    if (b->kind != RT_RES_TYPED) {
        rt_refuse(rc, call, "a typed-buffer access on '%s', which is no typed buffer", b->name);
        return NULL;
    }
    if (!rt_texel_type(rc, b)) {
        char *ts = LLVMPrintTypeToString(rt_typed_element(b));
        rt_refuse(rc, call, "%s '%s' of %s elements has no Vulkan image format here (a storage "
                  "texel buffer needs R32 or RGBA32 of float, int or uint: RG32 needs a "
                  "capability LLVM 22's backend does not declare)",
                  b->cls == 'u' ? "RWBuffer" : "Buffer", b->name, ts);
        LLVMDisposeMessage(ts);
        return NULL;
    }
    return h;
}

static void rt_typed_load(rt_ctx *rc, LLVMValueRef call)
{
    rt_handle *h = rt_typed_handle(rc, call);
    if (!h)
        return;
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef img = rt_view_handle(rc, h, RT_VIEW_TEXELS);
    LLVMTypeRef t = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMTypeRef over[2] = {t, LLVMTypeOf(img)};
    LLVMValueRef args[2] = {img, LLVMGetOperand(call, 1)};
    LLVMValueRef v = rt_intrinsic(rc, "llvm.spv.resource.load.typedbuffer", over, 2, args, 2);
    rt_replace_with_status(rc, call, v);
}

static void rt_typed_store(rt_ctx *rc, LLVMValueRef call)
{
    rt_handle *h = rt_typed_handle(rc, call);
    if (!h)
        return;
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef img = rt_view_handle(rc, h, RT_VIEW_TEXELS);
    LLVMValueRef v = LLVMGetOperand(call, 2);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind) {
        /* the intrinsic writes a vector: the texel in every lane (the
         * format keeps the first) */
        LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(v), 4);
        LLVMValueRef one = LLVMBuildInsertElement(rc->b, LLVMGetPoison(vt), v, rt_i32(rc, 0), "");
        v = LLVMBuildShuffleVector(rc->b, one, LLVMGetPoison(vt), LLVMConstNull(
                                       LLVMVectorType(rt_i32_type(rc), 4)), "");
    }
    LLVMTypeRef over[2] = {LLVMTypeOf(img), LLVMTypeOf(v)};
    LLVMValueRef args[3] = {img, LLVMGetOperand(call, 1), v};
    rt_intrinsic(rc, "llvm.spv.resource.store.typedbuffer", over, 2, args, 3);
    rt_kill(rc, call);
}

int rt_pass_typed_buffers(rt_ctx *rc)
{
    rt_each_call(rc, "llvm.dx.resource.load.typedbuffer", rt_typed_load);
    rt_each_call(rc, "llvm.dx.resource.store.typedbuffer", rt_typed_store);
    return 0;
}
