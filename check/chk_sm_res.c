/* chk_sm_res.c - DXC's rules on the dx.resources records as a whole
 * (ValidateResources), before any function: a UAV with a counter is not
 * globally or reorder coherent (Meta.CoherenceNotOnAppendConsume), the
 * ranges of one class do not overlap within a space
 * (Sm.ResourceRangeOverlap), each record's ID is its position in its list
 * (Meta.DenseResIDs), each constant buffer's type is a struct
 * (Sm.CBufferTemplateTypeMustBeStruct) of at most 64 KiB (Sm.CBufferSize). DXC names the resource after each message: its name,
 * or when the name is stripped its class, ID, kind and binding. */
#include "chk_facts.h"
#include "families.h"

#include "bitcode/bitcode_ptrfacts.h"
#include "bitcode/bitcode_types.h"
#include "common/abi_names.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>

#define UNBOUNDED 0xFFFFFFFFu

/* DXC's GetResourceName: the record's name, else e.g. "U0: TypedBuffer
 * (u5[2] space1)". */
static void res_name(const mf_resource *r, char *buf, size_t size)
{
    static const char *const id_prefix[] = {"T", "U", "CB", "S"};
    static const char *const bind_prefix[] = {"t", "u", "cb", "s"};
    if (md_string(md_operand(r->record, 2), buf, size) && buf[0])
        return;
    const char *kind = dxil_resource_kind_name(r->kind);
    int n = snprintf(buf, size, "%s%u: %s", id_prefix[r->list], r->id, kind ? kind : "invalid");
    if (n < 0 || (size_t)n >= size)
        return;
    if (r->lb == UNBOUNDED) {
        snprintf(buf + n, size - (size_t)n, " (no bind location)");
        return;
    }
    char range[24] = "", space[24] = "";
    if (r->range == UNBOUNDED)
        snprintf(range, sizeof range, "[unbounded]");
    else if (r->range != 1)
        snprintf(range, sizeof range, "[%u]", r->range);
    if (r->space)
        snprintf(space, sizeof space, " space%u", r->space);
    snprintf(buf + n, size - (size_t)n, " (%s%u%s%s)", bind_prefix[r->list], r->lb, range, space);
}

static void res_fail(chk_ctx *c, chk_rule rule, const mf_resource *r, const char *a0)
{
    char name[160], note[170];
    res_name(r, name, sizeof name);
    snprintf(note, sizeof note, "'%s'", name);
    chk_fail_note(c, rule, r->symbol, note, a0, NULL);
}

static bool reorder_coherent(const mf_resource *r)
{
    uint64_t v = 0;
    return const_u64(md_tag_value(md_operand(r->record, 10), DXIL_RES_EXT_REORDER_COHERENT, NULL),
                     &v) && v != 0;
}

static void coherence(chk_ctx *c, const mf_resource *r)
{
    if (r->list != MF_UAV || !r->counter)
        return;
    if (r->globally_coherent)
        res_fail(c, CHK_META_COHERENCENOTONAPPENDCONSUME, r, "globally");
    else if (reorder_coherent(r))
        res_fail(c, CHK_META_COHERENCENOTONAPPENDCONSUME, r, "reorder");
}

/* The last register a range takes (an unbounded one reaches the end). */
static uint32_t range_end(const mf_resource *r)
{
    uint32_t end = r->lb + r->range - 1u;
    return end < r->lb ? r->range : end;
}

/* A range overlapping r among the ranges of r's class before it that did
 * not themselves overlap (DXC's span allocator keeps those only). */
static const mf_resource *overlap_of(const mf_module *mf, const mf_resource *r, const bool *kept)
{
    for (size_t i = 0; &mf->res[i] != r; i++) {
        const mf_resource *o = &mf->res[i];
        if (kept[i] && o->list == r->list && o->space == r->space && o->lb <= range_end(r) &&
            r->lb <= range_end(o))
            return o;
    }
    return NULL;
}

static void overlap(chk_ctx *c, const mf_module *mf, size_t i, bool *kept)
{
    const mf_resource *r = &mf->res[i];
    if (mf->lib && r->lb == UNBOUNDED)
        return;
    const mf_resource *o = overlap_of(mf, r, kept);
    if (!o) {
        kept[i] = true;
        return;
    }
    char name[160], base[16], size[16], obase[16], osize[16], space[16];
    res_name(r, name, sizeof name);
    snprintf(base, sizeof base, "%u", r->lb);
    snprintf(size, sizeof size, "%u", r->range);
    snprintf(obase, sizeof obase, "%u", o->lb);
    snprintf(osize, sizeof osize, "%u", o->range);
    snprintf(space, sizeof space, "%u", r->space);
    chk_fail(c, CHK_SM_RESOURCERANGEOVERLAP, r->symbol, name, base, size, obase, osize, space,
             NULL);
}

/* DXC reports the first resource out of place, by class then ID. */
static void dense_ids(chk_ctx *c, const mf_module *mf)
{
    static const unsigned class_order[] = {MF_SRV, MF_UAV, MF_CBV, MF_SAMPLER};
    const mf_resource *first = NULL;
    for (size_t k = 0; k < 4 && !first; k++)
        for (size_t i = 0; i < mf->nres; i++) {
            const mf_resource *r = &mf->res[i];
            if (r->list == class_order[k] && r->id != r->pos && (!first || r->id < first->id))
                first = r;
        }
    if (first)
        res_fail(c, CHK_META_DENSERESIDS, first, NULL);
}

/* LLVM 3.7's first contained type, which DXC's getArrayElementType reads
 * of any type: a struct's first field, an array's or vector's element, a
 * pointer's pointee; none for the others. */
static uint32_t pf_contained0(const bc_ptrfacts *f, uint32_t ty)
{
    switch (bc_pf_code(f, ty)) {
    case BC_TY_STRUCT_ANON:
    case BC_TY_STRUCT_NAMED:
    case BC_TY_ARRAY:
    case BC_TY_VECTOR:
    case BC_TY_FUNCTION:
        return bc_pf_op(f, ty, 1);
    case BC_TY_POINTER:
        return bc_pf_op(f, ty, 0);
    default:
        return BC_PF_NONE;
    }
}

static bool pf_is_struct(const bc_ptrfacts *f, uint32_t ty)
{
    uint8_t code = bc_pf_code(f, ty);
    return code == BC_TY_STRUCT_ANON || code == BC_TY_STRUCT_NAMED || code == BC_TY_OPAQUE;
}

/* From the bitcode's own types: operand 1's type as written (LLVM 22 reads
 * `i8* undef` as `ptr undef`). 1 struct, 0 not, -1 unknown. */
static int cb_struct_from_bitcode(const chk_ctx *c, const mf_resource *r)
{
    const bc_restype *t = bc_restypes_find(c->restypes, r->list, r->pos);
    uint32_t ty = t ? bc_pf_pointee(c->ptr, t->type) : BC_PF_NONE;
    if (!c->ptr || ty == BC_PF_NONE)
        return -1;
    if (r->range != 1 || bc_pf_code(c->ptr, ty) == BC_TY_ARRAY)
        ty = pf_contained0(c->ptr, ty);
    return pf_is_struct(c->ptr, ty);
}

/* Without the bitcode's types, a global's value type says as much. */
static int cb_struct_from_global(const mf_resource *r)
{
    if (!r->symbol || !LLVMIsAGlobalVariable(r->symbol))
        return -1;
    LLVMTypeRef ty = LLVMGlobalGetValueType(r->symbol);
    LLVMTypeKind k = LLVMGetTypeKind(ty);
    if (k == LLVMArrayTypeKind)
        ty = LLVMGetElementType(ty);
    else if (r->range != 1)
        ty = k == LLVMStructTypeKind && LLVMCountStructElementTypes(ty)
                 ? LLVMStructGetTypeAtIndex(ty, 0)
                 : NULL;
    return ty && LLVMGetTypeKind(ty) == LLVMStructTypeKind;
}

/* DXC's ValidateCBuffer: the resource's type (a pointer) points to a
 * struct, or to an array of them; DXC peels one level when the range is
 * not 1 even from a non-array. False (reported) when it does not. */
static bool cbuffer_struct(chk_ctx *c, const mf_resource *r)
{
    int is = cb_struct_from_bitcode(c, r);
    if (is < 0)
        is = cb_struct_from_global(r);
    if (is != 0)
        return true;
    res_fail(c, CHK_SM_CBUFFERTEMPLATETYPEMUSTBESTRUCT, r, NULL);
    return false;
}

static void cbuffer_size(chk_ctx *c, const mf_resource *r)
{
    uint64_t size = 0;
    if (r->list != MF_CBV || !cbuffer_struct(c, r) || md_operand_uint(r->record, 6, &size) != 0 ||
        (size & 0xFFFFFFFFu) <= 4096u * 16u)
        return;
    char a[24];
    res_fail(c, CHK_SM_CBUFFERSIZE, r, chk_u64(a, sizeof a, size & 0xFFFFFFFFu));
}

/* DXC's order: UAVs, SRVs, the IDs, samplers, constant buffers. */
int chk_sm_res(chk_ctx *c)
{
    static const unsigned lists[] = {MF_UAV, MF_SRV, MF_SAMPLER, MF_CBV};
    const mf_module *mf = chk_mf(c);
    if (!mf || !mf->nres)
        return 0;
    bool *kept = calloc(mf->nres, sizeof *kept);
    if (!kept)
        return 0;
    for (size_t k = 0; k < 4; k++) {
        if (lists[k] == MF_SAMPLER)
            dense_ids(c, mf);
        for (size_t i = 0; i < mf->nres; i++) {
            if (mf->res[i].list != lists[k])
                continue;
            coherence(c, &mf->res[i]);
            cbuffer_size(c, &mf->res[i]);
            overlap(c, mf, i, kept);
        }
    }
    free(kept);
    return 0;
}
