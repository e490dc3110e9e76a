/* raise_resmd.c - reads !dx.resources into a table of res_desc and
 * decodes annotateHandle's ResourceProperties words. */
#include "raise_resources.h"

#include "common/side_metadata.h"

#include <stdlib.h>
#include <string.h>

/* Index of the class-specific fields (after the common 0-5) and of the
 * extended tag list, per class (dxil-facts.md, dx.resources). */
static const struct {
    unsigned nfields, ext_field;
} resmd_class_layout[DXIL_RESOURCE_CLASS_COUNT] = {
    [DXIL_RESOURCE_CLASS_SRV] = {9, 8},
    [DXIL_RESOURCE_CLASS_UAV] = {11, 10},
    [DXIL_RESOURCE_CLASS_CBUFFER] = {8, 7},
    [DXIL_RESOURCE_CLASS_SAMPLER] = {8, 7},
};

static unsigned resmd_u32(LLVMValueRef *ops, unsigned i, unsigned n, bool *ok)
{
    uint64_t x = 0;
    if (i >= n || !const_u64(ops[i], &x)) {
        *ok = false;
        return 0;
    }
    return (unsigned)x;
}

static void resmd_read_ext(res_desc *d, LLVMValueRef ext)
{
    unsigned n = 0;
    LLVMValueRef *ops = md_operands(ext, &n);
    for (unsigned i = 0; ops && i + 1 < n; i += 2) {
        uint64_t tag = 0, val = 0;
        if (!const_u64(ops[i], &tag) || !const_u64(ops[i + 1], &val))
            continue;
        if (tag == DXIL_RES_EXT_ELEMENT_TYPE)
            d->elem_type = (unsigned)val;
        else if (tag == DXIL_RES_EXT_STRUCTURED_STRIDE)
            d->stride = (uint32_t)val;
        else if (tag == DXIL_RES_EXT_SAMPLER_FEEDBACK_KIND)
            d->feedback_type = (unsigned)val;
    }
    free(ops);
}

/* Class-specific fields 6.. of one record. */
static void resmd_read_class_fields(res_desc *d, LLVMValueRef *ops, unsigned n, bool *ok)
{
    switch (d->cls) {
    case DXIL_RESOURCE_CLASS_SRV:
        d->kind = resmd_u32(ops, 6, n, ok);
        d->sample_count = resmd_u32(ops, 7, n, ok);
        break;
    case DXIL_RESOURCE_CLASS_UAV:
        d->kind = resmd_u32(ops, 6, n, ok);
        d->globally_coherent = resmd_u32(ops, 7, n, ok) != 0;
        d->has_counter = resmd_u32(ops, 8, n, ok) != 0;
        d->rov = resmd_u32(ops, 9, n, ok) != 0;
        break;
    case DXIL_RESOURCE_CLASS_CBUFFER:
        d->kind = DXIL_RESOURCE_KIND_CBUFFER;
        d->cb_size = resmd_u32(ops, 6, n, ok);
        break;
    default:
        d->kind = DXIL_RESOURCE_KIND_SAMPLER;
        d->sampler_type = resmd_u32(ops, 6, n, ok);
        break;
    }
}

static int resmd_read_record(raise_ctx *rc, unsigned cls, LLVMValueRef node,
                             res_desc *d)
{
    unsigned n = 0;
    LLVMValueRef *ops = md_operands(node, &n);
    bool ok = ops && n >= resmd_class_layout[cls].nfields;
    memset(d, 0, sizeof *d);
    d->cls = cls;
    d->record_id = (int)resmd_u32(ops, 0, n, &ok);
    d->space = resmd_u32(ops, 3, n, &ok);
    d->lb = resmd_u32(ops, 4, n, &ok);
    d->range = resmd_u32(ops, 5, n, &ok);
    if (ok) {
        if (ops[1] && LLVMIsAGlobalValue(ops[1]))
            d->symbol = ops[1];
        unsigned len = 0;
        const char *s = ops[2] ? LLVMGetMDString(ops[2], &len) : NULL;
        d->name = s ? s : "";
        d->name_len = s ? len : 0;
        resmd_read_class_fields(d, ops, n, &ok);
        resmd_read_ext(d, ops[resmd_class_layout[cls].ext_field]);
    }
    free(ops);
    if (!ok)
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_METADATA, DXIL_LOC_NONE, 0,
                       "dx.resources: malformed %s record", dxil_resource_class_name(cls));
    return ok ? 0 : -1;
}

static int resmd_read_class(raise_ctx *rc, res_table *t, unsigned cls,
                            LLVMValueRef list)
{
    unsigned n = 0;
    LLVMValueRef *ops = md_operands(list, &n);
    if (!ops)
        return 0;
    res_desc *grown = realloc(t->recs, (t->count + n + 1) * sizeof *grown);
    if (!grown) {
        free(ops);
        return -1;
    }
    t->recs = grown;
    for (unsigned i = 0; i < n; i++)
        if (resmd_read_record(rc, cls, ops[i], &t->recs[t->count]) == 0)
            t->recs[t->count++].list_pos = i;
    free(ops);
    return 0;
}

int res_table_read(raise_ctx *rc, res_table *t)
{
    memset(t, 0, sizeof *t);
    unsigned n = LLVMGetNamedMetadataNumOperands(rc->mod, DXIL_MD_RESOURCES);
    if (n == 0)
        return 0;
    LLVMValueRef roots[4] = {0};
    if (n > 4)
        n = 4;
    LLVMGetNamedMetadataOperands(rc->mod, DXIL_MD_RESOURCES, roots);
    t->root = roots[0];
    unsigned nc = 0;
    LLVMValueRef *lists = md_operands(t->root, &nc);
    int rv = 0;
    for (unsigned c = 0; lists && c < nc && c < DXIL_RESOURCE_CLASS_COUNT; c++)
        rv |= resmd_read_class(rc, t, c, lists[c]);
    free(lists);
    return rv;
}

void res_table_free(res_table *t)
{
    free(t->recs);
    memset(t, 0, sizeof *t);
}

res_desc *res_table_find_id(res_table *t, unsigned cls, unsigned id)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->recs[i].cls == cls && t->recs[i].record_id == (int)id)
            return &t->recs[i];
    return NULL;
}

res_desc *res_table_find_binding(res_table *t, unsigned cls, uint32_t space,
                                           uint32_t lb)
{
    for (size_t i = 0; i < t->count; i++) {
        const res_desc *d = &t->recs[i];
        if (d->cls == cls && d->space == space && d->lb == lb)
            return &t->recs[i];
    }
    return NULL;
}

res_desc *res_table_find_symbol(res_table *t, LLVMValueRef sym)
{
    for (size_t i = 0; sym && i < t->count; i++)
        if (t->recs[i].symbol == sym)
            return &t->recs[i];
    return NULL;
}

/* DXC's DxilResourceProperties: w0 = kind (bits 0-7), base alignment log2
 * (8-11), UAV (12), ROV (13), globallycoherent (14), sampler-comparison or
 * structured has-counter (15); w1 depends on the kind. */
static bool resmd_kind_is_texture_like(unsigned kind)
{
    return (kind >= DXIL_RESOURCE_KIND_TEXTURE1D && kind <= DXIL_RESOURCE_KIND_TEXTURECUBEARRAY) ||
           kind == DXIL_RESOURCE_KIND_TYPEDBUFFER;
}

void res_decode_props(res_desc *d, uint32_t w0, uint32_t w1)
{
    bool bit15 = (w0 >> 15) & 1;
    d->has_props = true;
    d->w0 = w0;
    d->w1 = w1;
    d->kind = w0 & 0xFF;
    d->align_log2 = (w0 >> 8) & 0xF;
    d->rov = (w0 >> 13) & 1;
    d->globally_coherent = (w0 >> 14) & 1;
    if (d->kind == DXIL_RESOURCE_KIND_SAMPLER && d->sampler_type != DXIL_SAMPLER_MONO)
        d->sampler_type = bit15;
    if (d->kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER) {
        d->has_counter = bit15;
        d->stride = w1;
    } else if (d->kind == DXIL_RESOURCE_KIND_CBUFFER || d->kind == DXIL_RESOURCE_KIND_TBUFFER) {
        d->cb_size = w1;
    } else if (d->kind == DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2D ||
               d->kind == DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2DARRAY) {
        d->feedback_type = w1;
    } else if (resmd_kind_is_texture_like(d->kind)) {
        d->elem_type = w1 & 0xFF;
        d->elem_count = (w1 >> 8) & 0xFF;
        d->sample_count = (w1 >> 16) & 0xFF;
    }
}
