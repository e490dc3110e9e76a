/* part_psv0.c - PSV0, pipeline state validation data.
 *
 * Layout: a runtime-info struct prefixed by its size (24, 36, 48 or 52
 * 56 bytes for versions 0-4, so the size tells the version), the resource
 * bindings (count, record size, records), and from version 1 on a string
 * table, a semantic index table, signature element tables and the ViewID
 * and input-to-output dependency tables whose sizes follow from the
 * packed vector counts of the runtime info. */
#include "parts_internal.h"
#include "common/byteio.h"
#include "psv0_layout.h"

#include <stdio.h>
#include <string.h>


typedef struct psv_cursor {
    part_reader *r;
    dxil_psv0 *v;
    uint64_t at;          /* next unread byte */
    uint64_t strings;     /* string table start and size */
    uint32_t string_size;
    uint64_t indices;     /* semantic index table start */
    uint32_t index_count;
} psv_cursor;

static void psv_info(part_reader *r, dxil_psv0 *v)
{
    uint32_t n = v->info_size;
    v->info_version = n >= PSV_INFO4   ? 4
                      : n >= PSV_INFO3 ? 3
                      : n >= PSV_INFO2 ? 2
                      : n >= PSV_INFO1 ? 1
                                       : 0;
    if (pr_need(r, 4, 16, "runtime info stage union"))
        memcpy(v->stage_info, r->p + 4, 16);
    v->min_wave_lanes = pr_u32(r, 20, "MinimumExpectedWaveLaneCount");
    v->max_wave_lanes = pr_u32(r, 24, "MaximumExpectedWaveLaneCount");
    if (v->info_version < 1)
        return;
    v->shader_stage = pr_u8(r, 28, "ShaderStage");
    v->uses_view_id = pr_u8(r, 29, "UsesViewID");
    v->max_vertex_count_or_prim = pr_u16(r, 30, "MaxVertexCount/SigPatchConstOrPrimVectors");
    v->mesh_topology = v->max_vertex_count_or_prim >> 8;
    v->sig_pc_prim_vectors = v->max_vertex_count_or_prim & 0xFF;
    v->sig_input_elements = pr_u8(r, 32, "SigInputElements");
    v->sig_output_elements = pr_u8(r, 33, "SigOutputElements");
    v->sig_pc_prim_elements = pr_u8(r, 34, "SigPatchConstOrPrimElements");
    v->sig_input_vectors = pr_u8(r, 35, "SigInputVectors");
    for (int i = 0; i < 4; i++)
        v->sig_output_vectors[i] = pr_u8(r, 36u + i, "SigOutputVectors");
    if (v->info_version < 2)
        return;
    for (int i = 0; i < 3; i++)
        v->num_threads[i] = pr_u32(r, 40u + 4 * i, "NumThreads");
    if (v->info_version >= 4)
        v->groupshared_bytes = pr_u32(r, 56, "NumBytesGroupSharedMemory");
}

static void psv_resources(psv_cursor *c)
{
    part_reader *r = c->r;
    dxil_psv0 *v = c->v;
    v->resource_count = pr_u32(r, c->at, "ResourceCount");
    c->at += 4;
    if (r->failed || v->resource_count == 0)
        return;
    v->resource_stride = pr_u32(r, c->at, "PSVResourceBindInfo size");
    c->at += 4;
    if (!r->failed && v->resource_stride < PSV_BIND0) {
        pr_fail(r, c->at - 4, "PSVResourceBindInfo size %u is below %u", v->resource_stride,
                PSV_BIND0);
        return;
    }
    v->resources = pr_array(r, c->at, v->resource_count, v->resource_stride,
                            sizeof *v->resources, "resource bindings");
    for (uint32_t i = 0; v->resources && i < v->resource_count; i++) {
        uint64_t at = c->at + (uint64_t)i * v->resource_stride;
        dxil_psv_resource *b = &v->resources[i];
        b->type = pr_u32(r, at, "ResType");
        b->space = pr_u32(r, at + 4, "Space");
        b->lower_bound = pr_u32(r, at + 8, "LowerBound");
        b->upper_bound = pr_u32(r, at + 12, "UpperBound");
        if (v->resource_stride >= PSV_BIND1) {
            b->kind = pr_u32(r, at + 16, "ResKind");
            b->flags = pr_u32(r, at + 20, "ResFlags");
        }
    }
    c->at += (uint64_t)v->resource_count * v->resource_stride;
}

/* String table and semantic index table (version 1+). */
static void psv_string_tables(psv_cursor *c)
{
    part_reader *r = c->r;
    c->string_size = pr_u32(r, c->at, "StringTable size");
    c->strings = c->at + 4;
    pr_need(r, c->strings, c->string_size, "StringTable");
    c->at = c->strings + c->string_size;
    c->index_count = pr_u32(r, c->at, "SemanticIndexTable count");
    c->indices = c->at + 4;
    pr_need(r, c->indices, 4ull * c->index_count, "SemanticIndexTable");
    c->at = c->indices + 4ull * c->index_count;
    c->v->string_table_size = c->string_size;
    c->v->index_table_count = c->index_count;
}

static const char *psv_string(psv_cursor *c, uint32_t off, const char *field)
{
    if (off >= c->string_size && !(off == 0 && c->string_size == 0)) {
        pr_fail(c->r, c->strings, "%s offset %u lies outside the %u-byte string table", field,
                off, c->string_size);
        return "";
    }
    if (c->string_size == 0)
        return "";
    return pr_str(c->r, c->strings + off, c->strings + c->string_size, field);
}

static void psv_sig_element(psv_cursor *c, uint64_t at, dxil_psv_sig_element *e)
{
    part_reader *r = c->r;
    uint32_t name = pr_u32(r, at, "PSVSignatureElement SemanticName");
    uint32_t index = pr_u32(r, at + 4, "PSVSignatureElement SemanticIndexes");
    e->rows = pr_u8(r, at + 8, "Rows");
    e->start_row = pr_u8(r, at + 9, "StartRow");
    uint8_t cols = pr_u8(r, at + 10, "ColsAndStart");
    e->cols = cols & 0xF;
    e->start_col = (cols >> 4) & 3;
    e->allocated = (cols >> 6) & 1;
    e->semantic_kind = pr_u8(r, at + 11, "SemanticKind");
    e->component_type = pr_u8(r, at + 12, "ComponentType");
    e->interpolation = pr_u8(r, at + 13, "InterpolationMode");
    uint8_t dyn = pr_u8(r, at + 14, "DynamicMaskAndStream");
    e->dynamic_mask = dyn & 0xF;
    e->stream = (dyn >> 4) & 3;
    if (r->failed)
        return;
    e->name = psv_string(c, name, "PSVSignatureElement SemanticName");
    if ((uint64_t)index + e->rows > c->index_count) {
        pr_fail(r, at + 4, "SemanticIndexes %u + %u rows run past the %u-entry index table",
                index, e->rows, c->index_count);
        return;
    }
    e->index_count = e->rows;
    e->indices = pr_array(r, c->indices + 4ull * index, e->rows, 4, sizeof *e->indices,
                          "semantic indexes");
    for (uint32_t i = 0; e->indices && i < e->rows; i++)
        e->indices[i] = rd_le32(r->p + c->indices + 4ull * (index + i));
}

static dxil_psv_sig_element *psv_sig_table(psv_cursor *c, uint32_t count, const char *field)
{
    uint32_t stride = c->v->sig_element_stride;
    dxil_psv_sig_element *a = pr_array(c->r, c->at, count, stride, sizeof *a, field);
    for (uint32_t i = 0; a && i < count && !c->r->failed; i++)
        psv_sig_element(c, c->at + (uint64_t)i * stride, &a[i]);
    c->at += (uint64_t)count * stride;
    return a;
}

static void psv_signatures(psv_cursor *c)
{
    dxil_psv0 *v = c->v;
    if (c->r->failed ||
        v->sig_input_elements + v->sig_output_elements + v->sig_pc_prim_elements == 0)
        return;
    v->sig_element_stride = pr_u32(c->r, c->at, "PSVSignatureElement size");
    c->at += 4;
    if (!c->r->failed && v->sig_element_stride < PSV_SIG_ELEMENT) {
        pr_fail(c->r, c->at - 4, "PSVSignatureElement size %u is below %u",
                v->sig_element_stride, PSV_SIG_ELEMENT);
        return;
    }
    v->inputs = psv_sig_table(c, v->sig_input_elements, "input signature elements");
    v->outputs = psv_sig_table(c, v->sig_output_elements, "output signature elements");
    v->pc_prims = psv_sig_table(c, v->sig_pc_prim_elements,
                                "patch constant/primitive signature elements");
    v->input_count = v->sig_input_elements;
    v->output_count = v->sig_output_elements;
    v->pc_prim_count = v->sig_pc_prim_elements;
}

static uint32_t psv_io_dwords(uint32_t in_vectors, uint32_t out_vectors)
{
    return psv_mask_dwords(out_vectors) * in_vectors * 4;
}

static void psv_plan_add(psv_plan *p, psv_table_kind kind, uint32_t stream, uint32_t dwords,
                         const char *name)
{
    snprintf(p->name, sizeof p->name, name, (int)stream);
    p->kind = kind;
    p->stream = stream;
    p->dwords = dwords;
}

uint32_t psv_plan_tables(const dxil_psv0 *v, psv_plan plan[PSV_MAX_TABLES])
{
    uint32_t n = 0, in = v->sig_input_vectors, pc = v->sig_pc_prim_vectors;
    bool hs_or_ms = v->shader_stage == PSV_STAGE_HS || v->shader_stage == PSV_STAGE_MS;
    for (uint32_t i = 0; i < 4 && v->uses_view_id; i++)
        if (v->sig_output_vectors[i])
            psv_plan_add(&plan[n++], PSV_T_VIEWID, i, psv_mask_dwords(v->sig_output_vectors[i]),
                         "viewid-output-mask[%d]");
    if (v->uses_view_id && hs_or_ms && pc)
        psv_plan_add(&plan[n++], PSV_T_VIEWID_PC, 0, psv_mask_dwords(pc),
                     "viewid-pc-or-prim-output-mask");
    for (uint32_t i = 0; i < 4; i++)
        if (in && v->sig_output_vectors[i])
            psv_plan_add(&plan[n++], PSV_T_IO, i, psv_io_dwords(in, v->sig_output_vectors[i]),
                         "input-to-output[%d]");
    if (v->shader_stage == PSV_STAGE_HS && pc && in)
        psv_plan_add(&plan[n++], PSV_T_IO_PC, 0, psv_io_dwords(in, pc), "input-to-pc-output");
    if (v->shader_stage == PSV_STAGE_DS && pc && v->sig_output_vectors[0])
        psv_plan_add(&plan[n++], PSV_T_PC_IO, 0, psv_io_dwords(pc, v->sig_output_vectors[0]),
                     "pc-input-to-output");
    return n;
}

static void psv_dependency_tables(psv_cursor *c)
{
    psv_plan plan[PSV_MAX_TABLES];
    uint32_t n = psv_plan_tables(c->v, plan);
    part_reader *r = c->r;
    dxil_psv0 *v = c->v;
    v->tables = n ? pr_array(r, c->at, n, 0, sizeof *v->tables, "dependency tables") : NULL;
    for (uint32_t i = 0; v->tables && i < n && !r->failed; i++) {
        dxil_psv_table *t = &v->tables[i];
        t->bits = pr_array(r, c->at, plan[i].dwords, 4, sizeof *t->bits, plan[i].name);
        if (!t->bits)
            return;
        char *name = part_arena_alloc(r->arena, sizeof plan[i].name);
        t->name = name ? memcpy(name, plan[i].name, sizeof plan[i].name) : "";
        t->dwords = plan[i].dwords;
        for (uint32_t k = 0; k < t->dwords; k++)
            t->bits[k] = rd_le32(r->p + c->at + 4ull * k);
        c->at += 4ull * t->dwords;
        v->table_count = i + 1;
    }
}

void part_decode_psv0(part_reader *r, dxil_decoded_part *out)
{
    dxil_psv0 *v = &out->u.psv0;
    v->info_size = pr_u32(r, 0, "PSVRuntimeInfo size");
    if (!r->failed && v->info_size < PSV_INFO0)
        pr_fail(r, 0, "PSVRuntimeInfo size %u is below the version 0 size %u", v->info_size,
                PSV_INFO0);
    if (r->failed || !pr_need(r, 4, v->info_size, "PSVRuntimeInfo"))
        return;
    psv_info(r, v);
    psv_cursor c = {.r = r, .v = v, .at = 4ull + v->info_size};
    psv_resources(&c);
    if (r->failed || v->info_version < 1)
        return;
    psv_string_tables(&c);
    if (!r->failed && v->info_version >= 3)
        v->entry_name = psv_string(&c, pr_u32(r, 52, "EntryFunctionName"), "EntryFunctionName");
    psv_signatures(&c);
    psv_dependency_tables(&c);
    if (!r->failed && c.at != r->size)
        pr_fail(r, c.at, "%llu bytes follow the last table", (unsigned long long)(r->size - c.at));
}
