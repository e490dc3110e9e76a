/* raise_classtype.c - the class types DXC recorded for dx.resources
 * records, which LLVM 22's reader loses with typed pointers (the loader
 * recovers the links from the bitcode: bitcode/bitcode_types.h).
 *
 * A structured buffer's class (%"class.RWStructuredBuffer<S>") has its
 * element type as field 0; that element replaces the stride stand-in of
 * raise_restype.c. A CBuffer's pointee is its cbuffer struct, which the
 * layout builder (raise_cblayout.c) then lays out. */
#include "raise_resources.h"

#include "bitcode/bitcode_types.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <string.h>

enum { CT_MAX_DEPTH = 32 };

/* Data a buffer can hold: scalars, and vectors, arrays and structs of them. */
static bool ct_plain(LLVMTypeRef t, unsigned depth)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
    case LLVMHalfTypeKind:
    case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind:
        return true;
    case LLVMVectorTypeKind:
    case LLVMArrayTypeKind:
        return depth < CT_MAX_DEPTH && ct_plain(LLVMGetElementType(t), depth + 1);
    case LLVMStructTypeKind: {
        unsigned n = LLVMIsOpaqueStruct(t) ? 0 : LLVMCountStructElementTypes(t);
        if (n == 0 || depth >= CT_MAX_DEPTH)
            return false;
        for (unsigned i = 0; i < n; i++)
            if (!ct_plain(LLVMStructGetTypeAtIndex(t, i), depth + 1))
                return false;
        return true;
    }
    default:
        return false;
    }
}

static uint64_t ct_size(raise_ctx *rc, LLVMTypeRef t)
{
    return LLVMABISizeOfType(LLVMGetModuleDataLayout(rc->mod), t);
}

/* Whether vector t keeps DXC's buffer layout: its elements' size, and
 * (strict) their alignment too. */
static bool ct_vector_fits(raise_ctx *rc, LLVMTypeRef t, bool strict)
{
    LLVMTargetDataRef dl = LLVMGetModuleDataLayout(rc->mod);
    LLVMTypeRef e = LLVMGetElementType(t);
    if (ct_size(rc, t) != LLVMGetVectorSize(t) * ct_size(rc, e))
        return false;
    return !strict || LLVMABIAlignmentOfType(dl, t) == LLVMABIAlignmentOfType(dl, e);
}

/* t with DXC's buffer layout under the module's datalayout, where DXC's
 * type does not have it: a vector that takes more than its elements
 * (<3 x float> is 16 bytes in DXC's datalayout, 12 in a buffer) or,
 * strict, is aligned more (<4 x i32> is 16-aligned, which pads a struct
 * { <4 x i32>, i32 } to 32 bytes where DXC has 20) becomes an array;
 * structs holding such members become literal structs of the rebuilt
 * members. t itself when nothing changes. */
static LLVMTypeRef ct_layout(raise_ctx *rc, LLVMTypeRef t, bool strict)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMVectorTypeKind)
        return ct_vector_fits(rc, t, strict) ? t
                                             : LLVMArrayType2(LLVMGetElementType(t),
                                                              LLVMGetVectorSize(t));
    if (k == LLVMArrayTypeKind) {
        LLVMTypeRef e = ct_layout(rc, LLVMGetElementType(t), strict);
        return e == LLVMGetElementType(t) ? t : LLVMArrayType2(e, LLVMGetArrayLength2(t));
    }
    if (k != LLVMStructTypeKind)
        return t;
    LLVMTypeRef fields[64];
    unsigned n = LLVMCountStructElementTypes(t);
    bool changed = false;
    if (n > sizeof fields / sizeof fields[0])
        return t;
    for (unsigned i = 0; i < n; i++) {
        fields[i] = ct_layout(rc, LLVMStructGetTypeAtIndex(t, i), strict);
        changed |= fields[i] != LLVMStructGetTypeAtIndex(t, i);
    }
    return changed ? LLVMStructTypeInContext(rc->ctx, fields, n, LLVMIsPackedStruct(t)) : t;
}

/* The element of a structured buffer's class, or NULL with why (a
 * phrase after the class name). */
static LLVMTypeRef ct_sb_elem(raise_ctx *rc, const char *name, LLVMTypeRef cls,
                              const res_desc *d, char *why, size_t why_size)
{
    LLVMTypeRef e = NULL;
    if (!strstr(name, "StructuredBuffer<"))
        snprintf(why, why_size, "which is not a structured buffer class");
    else if (LLVMIsOpaqueStruct(cls) || LLVMCountStructElementTypes(cls) == 0)
        snprintf(why, why_size, "which has no element field");
    else if (!ct_plain((e = LLVMStructGetTypeAtIndex(cls, 0)), 0))
        snprintf(why, why_size, "whose element is not plain data");
    else if (ct_size(rc, e) == d->stride)
        return e;
    else if (ct_size(rc, ct_layout(rc, e, false)) == d->stride)
        return ct_layout(rc, e, false);
    else if (ct_size(rc, ct_layout(rc, e, true)) == d->stride)
        return ct_layout(rc, e, true);
    else
        snprintf(why, why_size, "whose element takes %llu bytes, not the record's stride %u",
                 (unsigned long long)ct_size(rc, ct_layout(rc, e, true)), (unsigned)d->stride);
    return NULL;
}

static void ct_warn(raise_ctx *rc, const res_desc *d, const char *name,
                    const char *why)
{
    dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                   "dx.resources: %s record %u (space %u, lower bound %u): the bitcode's type "
                   "table gives %s%s%s, %s; the element type stays the stride stand-in",
                   dxil_resource_class_name(d->cls), d->list_pos, d->space, d->lb,
                   name ? "%\"" : "", name ? name : "no class type", name ? "\"" : "", why);
}

/* Returns whether it warned. */
static bool ct_record(raise_ctx *rc, res_desc *d)
{
    const bc_restype *bt = bc_restypes_find(rc->restypes, d->cls, d->list_pos);
    bool sb = d->kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER;
    if (!bt || (!sb && d->kind != DXIL_RESOURCE_KIND_CBUFFER))
        return false;
    if (!bt->name) {
        if (sb)
            ct_warn(rc, d, NULL, bt->problem);
        return sb;
    }
    /* Library handle globals: %dx.types.Handle names no class. */
    if (strncmp(bt->name, "dx.types.", 9) == 0)
        return false;
    LLVMTypeRef cls = LLVMGetTypeByName2(rc->ctx, bt->name);
    if (!cls || LLVMGetTypeKind(cls) != LLVMStructTypeKind)
        return false;
    d->class_type = cls;
    char why[128];
    if (sb && !(d->sb_elem = ct_sb_elem(rc, bt->name, cls, d, why, sizeof why))) {
        ct_warn(rc, d, bt->name, why);
        return true;
    }
    return false;
}

void res_class_types(raise_ctx *rc, res_table *t)
{
    for (size_t i = 0; i < t->count; i++) {
        res_desc *d = &t->recs[i];
        bool warned = rc->restypes && ct_record(rc, d);
        /* With --stats, say where no type exists anywhere. */
        if (rc->stats && !warned && !d->sb_elem && d->kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER)
            dxil_diags_add(rc->diags, DXIL_SEV_NOTE, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                           "dx.resources: %s record %u (space %u, lower bound %u): the input "
                           "names no element type; it is the stride stand-in",
                           dxil_resource_class_name(d->cls), d->list_pos, d->space, d->lb);
    }
}
