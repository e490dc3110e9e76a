/* part_psv0_sig.c - the second half of PSV0 (version 1+): the string
 * table (a leading NUL, the names of arbitrary semantics, one copy per
 * element, the entry name from version 3, padded to 4), the semantic
 * index table (an element's index list reuses an earlier equal run), the
 * 16-byte signature elements of all three signatures, and the dependency
 * tables copied out of the serialized dx.viewIdState. Also the resource
 * bindings of the first half. */
#include "psv0_internal.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

void psv_count(const write_module *wm, psv_counts *c)
{
    *c = (psv_counts){.uses_view_id = (wm->flags >> 21) & 1};
    for (int s = 0; s < 3; s++)
        for (uint32_t i = 0; i < wm->sig[s].count; i++) {
            const wsig_elem *e = &wm->sig[s].elems[i];
            if (e->start_row == 0xFFFFFFFFu)
                continue;
            uint32_t end = e->start_row + e->rows;
            uint32_t *slot = s == WSIG_INPUT    ? &c->in_vectors
                             : s == WSIG_OUTPUT ? &c->out_vectors[e->stream & 3]
                                                : &c->pc_vectors;
            if ((s != WSIG_INPUT || e->stream == 0) && end > *slot)
                *slot = end;
        }
    if (wm->kind != PSV_STAGE_HS && wm->kind != PSV_STAGE_DS && wm->kind != PSV_STAGE_MS)
        c->pc_vectors = 0;
}

/* ---- resources -------------------------------------------------------- */

/* PSVResourceType from the class (0 SRV, 1 UAV, 2 CBV, 3 sampler), the
 * kind and the UAV counter. */
static uint32_t psv_res_type(unsigned cls, uint32_t kind, bool counter)
{
    if (cls == 3)
        return 1;
    if (cls == 2)
        return 2;
    bool uav = cls == 1;
    if (kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER)
        return uav ? (counter ? 9 : 8) : 5;
    if (kind == DXIL_RESOURCE_KIND_RAWBUFFER || kind == DXIL_RESOURCE_KIND_RTACCELERATIONSTRUCTURE)
        return uav ? 7 : 4;
    return uav ? 6 : 3;
}

static int psv_binding(write_module *wm, unsigned cls, LLVMValueRef rec, uint32_t version,
                       wbuf *out)
{
    static const uint32_t fixed_kind[4] = {0, 0, DXIL_RESOURCE_KIND_CBUFFER,
                                           DXIL_RESOURCE_KIND_SAMPLER};
    static const unsigned ext_field[4] = {8, 10, 7, 7};
    uint64_t space, lower, size, kind = fixed_kind[cls], counter = 0, atomic64 = 0;
    if (md_operand_uint(rec, 3, &space) || md_operand_uint(rec, 4, &lower) ||
        md_operand_uint(rec, 5, &size) ||
        (cls < 2 && md_operand_uint(rec, 6, &kind)))
        return wm_fail(wm, "PSV0", "dx.resources", "a %s record lacks its space, range or shape",
                       (const char *[]){"SRV", "UAV", "CBV", "sampler"}[cls]);
    if (cls == 1) {
        md_operand_uint(rec, 8, &counter);
        const_u64(md_tag_value(md_operand(rec, ext_field[cls]), 3, NULL), &atomic64);
    }
    wb_u32(out, psv_res_type(cls, (uint32_t)kind, counter != 0));
    wb_u32(out, (uint32_t)space);
    wb_u32(out, (uint32_t)lower);
    wb_u32(out, size == UINT32_MAX ? UINT32_MAX : (uint32_t)(lower + size - 1));
    if (version >= 2) {
        wb_u32(out, (uint32_t)kind);
        wb_u32(out, atomic64 ? 1 : 0);
    }
    return 0;
}

int psv0_write_resources(write_module *wm, uint32_t version, wbuf *out)
{
    static const unsigned order[4] = {2, 3, 0, 1}; /* CBV, sampler, SRV, UAV */
    LLVMValueRef lists = md_named_operand(wm->m, "dx.resources", 0);
    uint32_t count = 0;
    for (unsigned i = 0; i < 4; i++)
        count += md_num_operands(md_operand(lists, i));
    wb_u32(out, count);
    if (!count)
        return 0;
    wb_u32(out, version >= 2 ? PSV_BIND1 : PSV_BIND0);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef list = md_operand(lists, order[i]);
        for (unsigned k = 0; k < md_num_operands(list); k++)
            if (psv_binding(wm, order[i], md_operand(list, k), version, out))
                return -1;
    }
    return 0;
}

/* ---- string, index and element tables --------------------------------- */

/* Offset of the element's index list: the first equal run already in the
 * table, else appended. */
static uint32_t psv_index_run(psv_tables *t, const wsig_elem *e)
{
    for (uint32_t off = 0; e->index_count && off + e->index_count <= t->index_count; off++)
        if (memcmp(t->indices + off, e->indices, e->index_count * sizeof *e->indices) == 0)
            return off;
    uint32_t at = t->index_count;
    if (t->index_count + e->index_count > t->index_cap) {
        uint32_t cap = (t->index_cap + e->index_count) * 2 + 8;
        uint32_t *p = realloc(t->indices, cap * sizeof *p);
        if (!p) {
            t->strings.oom = true;
            return 0;
        }
        t->indices = p;
        t->index_cap = cap;
    }
    memcpy(t->indices + at, e->indices, e->index_count * sizeof *e->indices);
    t->index_count += e->index_count;
    return at;
}

int psv_tables_build(write_module *wm, uint32_t version, psv_tables *t)
{
    uint32_t total = wm->sig[0].count + wm->sig[1].count + wm->sig[2].count, n = 0;
    *t = (psv_tables){0};
    if (version < 1)
        return 0;
    t->name_off = calloc(total + 1, sizeof *t->name_off);
    t->index_off = calloc(total + 1, sizeof *t->index_off);
    wb_u8(&t->strings, 0); /* offset 0: the empty name of system values */
    for (int s = 0; s < 3; s++)
        for (uint32_t i = 0; i < wm->sig[s].count && t->name_off && t->index_off; i++, n++) {
            const wsig_elem *e = &wm->sig[s].elems[i];
            if (e->kind == DXIL_SEMANTIC_ARBITRARY && e->name[0]) {
                t->name_off[n] = (uint32_t)t->strings.n;
                wb_bytes(&t->strings, e->name, strlen(e->name) + 1);
            }
            t->index_off[n] = psv_index_run(t, e);
        }
    if (version >= 3) {
        t->entry_name = (uint32_t)t->strings.n;
        wb_bytes(&t->strings, wm->entry_name, strlen(wm->entry_name) + 1);
    }
    wb_align4(&t->strings);
    if (!t->name_off || !t->index_off || t->strings.oom) {
        psv_tables_free(t);
        return wm_fail(wm, "PSV0", "string table", "out of memory");
    }
    return 0;
}

void psv_tables_free(psv_tables *t)
{
    wb_free(&t->strings);
    free(t->indices);
    free(t->name_off);
    free(t->index_off);
    *t = (psv_tables){0};
}

static void psv_element(const write_module *wm, const wsig_elem *e, uint32_t name,
                        uint32_t index, wbuf *out)
{
    bool allocated = e->start_row != 0xFFFFFFFFu;
    uint8_t comp = (uint8_t)wsig_comp_type(wm, e->comp_type);
    wb_u32(out, name);
    wb_u32(out, index);
    wb_u8(out, (uint8_t)e->rows);
    wb_u8(out, allocated ? (uint8_t)e->start_row : 0);
    wb_u8(out, (uint8_t)((e->cols & 0xF) | (allocated ? 0x40 | (e->start_col & 3) << 4 : 0)));
    wb_u8(out, (uint8_t)e->kind);
    wb_u8(out, comp);
    wb_u8(out, (uint8_t)e->interp);
    wb_u8(out, (uint8_t)((e->stream & 3) << 4 | (e->dyn_mask & 0xF)));
    wb_u8(out, 0);
}

/* ---- dependency tables ------------------------------------------------ */

/* The serialized dx.viewIdState words, or NULL with *n = 0 when absent. */
static uint32_t *psv_view_state(const write_module *wm, uint32_t *n)
{
    LLVMValueRef node = md_named_operand(wm->m, "dx.viewIdState", 0);
    LLVMValueRef arr = md_operand(node, 0);
    *n = 0;
    if (!arr || LLVMGetTypeKind(LLVMTypeOf(arr)) != LLVMArrayTypeKind)
        return NULL;
    uint32_t count = (uint32_t)LLVMGetArrayLength2(LLVMTypeOf(arr));
    uint32_t *w = calloc(count + 1, sizeof *w);
    for (uint32_t i = 0; w && i < count; i++) {
        uint64_t v = 0;
        const_u64(LLVMGetAggregateElement(arr, i), &v);
        w[i] = (uint32_t)v;
    }
    *n = w ? count : 0;
    return w;
}

/* A cursor over the serialized state; reading past its end yields
 * nothing and marks it short. */
typedef struct psv_state_cursor {
    const uint32_t *w;
    uint32_t n, at;
    bool short_read;
} psv_state_cursor;

static uint32_t psv_next(psv_state_cursor *s)
{
    if (s->at < s->n)
        return s->w[s->at++];
    s->short_read = true;
    return 0;
}

/* Copies rows * mask words into table t (when planned) and moves on. */
static void psv_copy(psv_state_cursor *s, uint32_t *t, uint32_t t_dwords, uint32_t words)
{
    for (uint32_t i = 0; i < words; i++) {
        uint32_t v = psv_next(s);
        if (t && i < t_dwords)
            t[i] = v;
    }
}

typedef struct psv_dep {
    psv_plan plan[PSV_MAX_TABLES];
    uint32_t *bits[PSV_MAX_TABLES];
    uint32_t n;
} psv_dep;

static uint32_t *psv_find(psv_dep *d, psv_table_kind kind, uint32_t stream, uint32_t *dwords)
{
    for (uint32_t i = 0; i < d->n; i++)
        if (d->plan[i].kind == kind && d->plan[i].stream == stream) {
            *dwords = d->plan[i].dwords;
            return d->bits[i];
        }
    *dwords = 0;
    return NULL;
}

/* One output set of the serialized state: its ViewID mask (when ViewID
 * is used) and its input rows. */
static void psv_output_set(psv_state_cursor *s, psv_dep *d, bool view_id, psv_table_kind vk,
                           psv_table_kind ik, uint32_t stream, uint32_t in_scalars,
                           uint32_t out_scalars)
{
    uint32_t mask = psv_mask_dwords((out_scalars + 3) / 4), dw;
    uint32_t *t;
    if (view_id) {
        t = psv_find(d, vk, stream, &dw);
        psv_copy(s, t, dw, mask);
    }
    t = psv_find(d, ik, stream, &dw);
    psv_copy(s, t, dw, in_scalars * mask);
}

static void psv_fill(const write_module *wm, const psv_counts *c, psv_dep *d,
                     psv_state_cursor *s)
{
    uint32_t in = psv_next(s), streams = wm->kind == PSV_STAGE_GS ? 4 : 1, out0 = 0;
    for (uint32_t i = 0; i < streams; i++) {
        uint32_t out = psv_next(s);
        out0 = i == 0 ? out : out0;
        psv_output_set(s, d, c->uses_view_id, PSV_T_VIEWID, PSV_T_IO, i, in, out);
    }
    if (wm->kind == PSV_STAGE_HS || wm->kind == PSV_STAGE_MS)
        psv_output_set(s, d, c->uses_view_id, PSV_T_VIEWID_PC, PSV_T_IO_PC, 0, in, psv_next(s));
    else if (wm->kind == PSV_STAGE_DS)
        psv_output_set(s, d, false, PSV_T_VIEWID_PC, PSV_T_PC_IO, 0, psv_next(s), out0);
}

static int psv_dependencies(write_module *wm, const psv_counts *c, wbuf *out)
{
    dxil_psv0 v = {.shader_stage = wm->kind, .uses_view_id = c->uses_view_id,
                   .sig_input_vectors = c->in_vectors, .sig_pc_prim_vectors = c->pc_vectors};
    memcpy(v.sig_output_vectors, c->out_vectors, sizeof v.sig_output_vectors);
    psv_dep d = {.n = 0};
    d.n = psv_plan_tables(&v, d.plan);
    bool oom = false;
    for (uint32_t i = 0; i < d.n; i++)
        oom |= !(d.bits[i] = calloc(d.plan[i].dwords + 1, sizeof *d.bits[i]));
    psv_state_cursor s = {0};
    s.w = psv_view_state(wm, &s.n);
    if (s.w && !oom)
        psv_fill(wm, c, &d, &s);
    for (uint32_t i = 0; i < d.n && !oom; i++)
        for (uint32_t k = 0; k < d.plan[i].dwords; k++)
            wb_u32(out, d.bits[i][k]);
    for (uint32_t i = 0; i < d.n; i++)
        free(d.bits[i]);
    free((void *)s.w);
    if (oom)
        return wm_fail(wm, "PSV0", "dependency tables", "out of memory");
    if (s.w && (s.short_read || s.at != s.n))
        return wm_fail(wm, "PSV0", "dx.viewIdState", "%u words, the signatures need %u", s.n,
                       s.at);
    return 0;
}

int psv_tables_write(write_module *wm, const psv_counts *c, const psv_tables *t, wbuf *out)
{
    wb_u32(out, (uint32_t)t->strings.n);
    wb_bytes(out, t->strings.p, t->strings.n);
    wb_u32(out, t->index_count);
    for (uint32_t i = 0; i < t->index_count; i++)
        wb_u32(out, t->indices[i]);
    uint32_t n = 0;
    if (wm->sig[0].count + wm->sig[1].count + wm->sig[2].count)
        wb_u32(out, PSV_SIG_ELEMENT);
    for (int s = 0; s < 3; s++)
        for (uint32_t i = 0; i < wm->sig[s].count; i++, n++)
            psv_element(wm, &wm->sig[s].elems[i], t->name_off[n], t->index_off[n], out);
    return psv_dependencies(wm, c, out);
}
