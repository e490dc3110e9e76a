/* raise_restype.c - builds the LLVM 22 target("dx.*") handle type for a
 * resource (the inverse of DXILResource.h's ResourceTypeInfo). */
#include "raise_resources.h"

#include <llvm-c/Target.h>


/* ElementType -> scalar type. 'f' float of `bits`, 'i' integer. SNorm/UNorm
 * and packed types have no IR form; they keep their float/int storage
 * type and the exact tag survives in dxu.resources. */
static const struct {
    char cls;
    unsigned char bits;
    bool is_signed;
} restype_elems[] = {
    [0] = {'f', 32, false},  [1] = {'i', 1, false},   [2] = {'i', 16, true},
    [3] = {'i', 16, false},  [4] = {'i', 32, true},   [5] = {'i', 32, false},
    [6] = {'i', 64, true},   [7] = {'i', 64, false},  [8] = {'f', 16, false},
    [9] = {'f', 32, false},  [10] = {'f', 64, false}, [11] = {'f', 16, false},
    [12] = {'f', 16, false}, [13] = {'f', 32, false}, [14] = {'f', 32, false},
    [15] = {'f', 64, false}, [16] = {'f', 64, false}, [17] = {'i', 32, false},
    [18] = {'i', 32, false},
};

LLVMTypeRef res_elem_llvm_type(LLVMContextRef ctx, unsigned elem_type, bool *is_signed)
{
    if (elem_type >= sizeof restype_elems / sizeof restype_elems[0])
        elem_type = 0;
    *is_signed = restype_elems[elem_type].is_signed;
    unsigned bits = restype_elems[elem_type].bits;
    if (restype_elems[elem_type].cls == 'i')
        return LLVMIntTypeInContext(ctx, bits);
    return bits == 16 ? LLVMHalfTypeInContext(ctx)
                      : bits == 64 ? LLVMDoubleTypeInContext(ctx) : LLVMFloatTypeInContext(ctx);
}

static LLVMTypeRef restype_ext(raise_ctx *rc, const char *name, LLVMTypeRef *tys,
                               unsigned nt, unsigned *ints, unsigned ni)
{
    return LLVMTargetExtTypeInContext(rc->ctx, name, tys, nt, ints, ni);
}

/* <N x T> or T; unknown counts default to 4 (DXIL's ResRet width). */
static LLVMTypeRef restype_contained(raise_ctx *rc, const res_desc *d, bool *sgn)
{
    LLVMTypeRef t = res_elem_llvm_type(rc->ctx, d->elem_type, sgn);
    unsigned n = d->elem_count ? d->elem_count : 4;
    return n == 1 ? t : LLVMVectorType(t, n);
}

/* A structured element of `stride` bytes whose ABI alignment reproduces
 * align_log2: LLVM takes the alignment from a struct type only, so an
 * unknown (0) alignment is an array of i32/i8. i32 and i64 are 4- and
 * 8-aligned in both DXC's and clang's datalayouts (16-bit types are not). */
static LLVMTypeRef restype_struct_elem(raise_ctx *rc, const res_desc *d)
{
    uint32_t s = d->stride;
    /* The element type DXC recorded (raise_classtype.c), when the handle's
     * stride is still the record's. */
    if (d->sb_elem && LLVMABISizeOfType(LLVMGetModuleDataLayout(rc->mod), d->sb_elem) == s)
        return d->sb_elem;
    if (d->align_log2 == 2 || d->align_log2 == 3) {
        unsigned a = 1u << d->align_log2;
        if (s % a == 0) {
            LLVMTypeRef arr = LLVMArrayType2(LLVMIntTypeInContext(rc->ctx, a * 8), s / a);
            return LLVMStructTypeInContext(rc->ctx, &arr, 1, 0);
        }
    }
    if (s % 4 == 0 && s > 0)
        return LLVMArrayType2(LLVMInt32TypeInContext(rc->ctx), s / 4);
    return LLVMArrayType2(LLVMInt8TypeInContext(rc->ctx), s);
}

static LLVMTypeRef restype_texture(raise_ctx *rc, const res_desc *d)
{
    bool sgn = false;
    LLVMTypeRef t = restype_contained(rc, d, &sgn);
    bool uav = d->cls == DXIL_RESOURCE_CLASS_UAV;
    if (d->kind == DXIL_RESOURCE_KIND_TEXTURE2DMS ||
        d->kind == DXIL_RESOURCE_KIND_TEXTURE2DMSARRAY) {
        unsigned ints[] = {uav, d->sample_count, sgn, d->kind};
        return restype_ext(rc, "dx.MSTexture", &t, 1, ints, 4);
    }
    unsigned ints[] = {uav, d->rov, sgn, d->kind};
    return restype_ext(rc, "dx.Texture", &t, 1, ints, 4);
}

/* The CBuffer layout: the record's layout struct (raise_cblayout.c) when
 * it has exactly the size the handle's words or record give; otherwise
 * opaque bytes of that size (a packed struct, as clang's __cblayout_
 * structs are). */
static LLVMTypeRef restype_cbuffer(raise_ctx *rc, const res_desc *d)
{
    LLVMTypeRef layout = d->cb_layout;
    if (layout && LLVMABISizeOfType(LLVMGetModuleDataLayout(rc->mod), layout) == d->cb_size)
        return restype_ext(rc, "dx.CBuffer", &layout, 1, NULL, 0);
    LLVMTypeRef bytes = LLVMArrayType2(LLVMInt8TypeInContext(rc->ctx), d->cb_size);
    layout = LLVMStructTypeInContext(rc->ctx, &bytes, 1, 1);
    return restype_ext(rc, "dx.CBuffer", &layout, 1, NULL, 0);
}

LLVMTypeRef res_target_type(raise_ctx *rc, const res_desc *d, const char **why)
{
    bool uav = d->cls == DXIL_RESOURCE_CLASS_UAV, sgn = false;
    *why = NULL;
    switch (d->kind) {
    case DXIL_RESOURCE_KIND_TYPEDBUFFER: {
        LLVMTypeRef t = restype_contained(rc, d, &sgn);
        unsigned ints[] = {uav, d->rov, sgn};
        return restype_ext(rc, "dx.TypedBuffer", &t, 1, ints, 3);
    }
    case DXIL_RESOURCE_KIND_RAWBUFFER:
    case DXIL_RESOURCE_KIND_STRUCTUREDBUFFER: {
        LLVMTypeRef t = d->kind == DXIL_RESOURCE_KIND_RAWBUFFER ? LLVMInt8TypeInContext(rc->ctx)
                                                       : restype_struct_elem(rc, d);
        unsigned ints[] = {uav, d->rov};
        return restype_ext(rc, "dx.RawBuffer", &t, 1, ints, 2);
    }
    case DXIL_RESOURCE_KIND_CBUFFER:
        return restype_cbuffer(rc, d);
    case DXIL_RESOURCE_KIND_SAMPLER: {
        unsigned st = d->sampler_type;
        return restype_ext(rc, "dx.Sampler", NULL, 0, &st, 1);
    }
    case DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2D:
    case DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2DARRAY: {
        unsigned ints[] = {d->feedback_type, d->kind};
        return restype_ext(rc, "dx.FeedbackTexture", NULL, 0, ints, 2);
    }
    case DXIL_RESOURCE_KIND_TBUFFER:
        *why = "TBuffer has no LLVM 22 type";
        return NULL;
    case DXIL_RESOURCE_KIND_RTACCELERATIONSTRUCTURE:
        *why = "RTAccelerationStructure has no LLVM 22 type";
        return NULL;
    default:
        if (d->kind >= DXIL_RESOURCE_KIND_TEXTURE1D &&
            d->kind <= DXIL_RESOURCE_KIND_TEXTURECUBEARRAY)
            return restype_texture(rc, d);
        *why = "invalid resource kind";
        return NULL;
    }
}
