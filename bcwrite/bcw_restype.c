/* bcw_restype.c - the class a dx.resources record points to when nothing
 * recorded one. In 3.7 bitcode a record's operand 1 is a pointer to the
 * resource's class (%"class.RWBuffer<float>"* undef); LLVM 22 keeps only
 * `ptr`. For DXC's input the loader or the raise kept the class
 * (bcw_options.restypes); a module from clang never had one. DXC's
 * validator needs a struct there: a texture or typed buffer's element is
 * the class's field 0 (it casts the pointee to a struct and crashes
 * otherwise, HRESULT 0x80AA001D), and a cbuffer's template must be a
 * struct (Sm.CBufferTemplateTypeMustBeStruct). So the writer makes one
 * from the record: field 0 the element type the record's extended
 * properties give (scalar: DXC checks only that it fits 16 bytes), a
 * structured buffer's stride as i32s, a cbuffer's size as i32s; an array
 * of them for a range of more than one. */
#include "bcw_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdio.h>

/* Field index of the extended properties per list (SRV, UAV, CBV, sampler). */
static const unsigned ext_field[4] = {8, 10, 7, 7};

/* The scalar of a DXIL component type. */
static LLVMTypeRef comp_scalar(LLVMContextRef ctx, uint64_t comp)
{
    switch (comp) {
    case DXIL_COMPONENT_F16: case DXIL_COMPONENT_SNORM_F16: case DXIL_COMPONENT_UNORM_F16:
        return LLVMHalfTypeInContext(ctx);
    case DXIL_COMPONENT_F64: case DXIL_COMPONENT_SNORM_F64: case DXIL_COMPONENT_UNORM_F64:
        return LLVMDoubleTypeInContext(ctx);
    case DXIL_COMPONENT_I16: case DXIL_COMPONENT_U16: return LLVMInt16TypeInContext(ctx);
    case DXIL_COMPONENT_I64: case DXIL_COMPONENT_U64: return LLVMInt64TypeInContext(ctx);
    case DXIL_COMPONENT_I1: case DXIL_COMPONENT_I32: case DXIL_COMPONENT_U32:
    case DXIL_COMPONENT_PACKED_S8X32: case DXIL_COMPONENT_PACKED_U8X32:
        return LLVMInt32TypeInContext(ctx);
    default: return LLVMFloatTypeInContext(ctx);
    }
}

/* Value of extended-property tag `tag` ({tag, value, ...}), else dflt. */
static uint64_t ext_prop(LLVMValueRef rec, unsigned list, uint64_t tag, uint64_t dflt)
{
    LLVMValueRef ext = md_operand(rec, ext_field[list]);
    unsigned n = ext && LLVMIsAMDNode(ext) ? LLVMGetMDNodeNumOperands(ext) : 0;
    for (unsigned i = 0; i + 1 < n; i += 2) {
        uint64_t t, v;
        if (md_operand_uint(ext, i, &t) == 0 && md_operand_uint(ext, i + 1, &v) == 0 && t == tag)
            return v;
    }
    return dflt;
}

/* i32 words covering `bytes` (at least one). */
static LLVMTypeRef words(LLVMContextRef ctx, uint64_t bytes)
{
    uint64_t n = (bytes + 3) / 4;
    return LLVMArrayType2(LLVMInt32TypeInContext(ctx), n ? n : 1);
}

static LLVMTypeRef class_body(LLVMContextRef ctx, LLVMValueRef rec, unsigned list, uint64_t kind)
{
    uint64_t size = 0;
    if (list == 2) /* CBV: its size in bytes */
        return md_operand_uint(rec, 6, &size) == 0 ? words(ctx, size) : words(ctx, 4);
    if (list == 3 || kind == DXIL_RESOURCE_KIND_RAWBUFFER ||
        kind == DXIL_RESOURCE_KIND_RTACCELERATIONSTRUCTURE)
        return LLVMInt32TypeInContext(ctx);
    if (kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER)
        return words(ctx, ext_prop(rec, list, 1, 4)); /* tag 1: the stride */
    return comp_scalar(ctx, ext_prop(rec, list, 0, DXIL_COMPONENT_F32)); /* tag 0 */
}

LLVMTypeRef bcw_synth_resource_class(bcw_ctx *c, LLVMValueRef rec, unsigned list)
{
    uint64_t kind = 0, range = 1;
    if (list > 3 || (list < 2 && md_operand_uint(rec, 6, &kind) != 0))
        return NULL;
    md_operand_uint(rec, 5, &range);
    char name[96];
    static const char *const prefix[4] = {"class.", "class.RW", "struct.cbuffer.", "struct."};
    const char *kn = list == 2 ? "CBuffer" : list == 3 ? "SamplerState" : dxil_resource_kind_name((unsigned)kind);
    snprintf(name, sizeof name, "%s%s", prefix[list], kn ? kn : "Resource");
    LLVMTypeRef field = class_body(c->llctx, rec, list, kind);
    LLVMTypeRef st = LLVMStructCreateNamed(c->llctx, name); /* LLVM numbers repeats */
    LLVMStructSetBody(st, &field, 1, false);
    if (range == 1)
        return st;
    /* An unbounded range (UINT32_MAX) is DXC's [0 x class]. */
    return LLVMArrayType2(st, range == UINT32_MAX ? 0 : range);
}
