/* parts_text_tables.c - text dumps of PSV0, RTS0 and RDAT. */
#include "parts_internal.h"
#include "common/byteio.h"

#include <inttypes.h>

enum { STAGE_PS = 0, STAGE_VS, STAGE_GS, STAGE_HS, STAGE_DS, STAGE_CS,
       STAGE_MS = 13, STAGE_AS = 14 };

/* The stage union of the runtime info, by the stage version 1 names. */
static void text_psv_stage(const dxil_psv0 *v, FILE *out)
{
    const uint8_t *s = v->stage_info;
    switch (v->shader_stage) {
    case STAGE_VS: fprintf(out, "; OutputPositionPresent=%u\n", s[0]); break;
    case STAGE_PS: fprintf(out, "; DepthOutput=%u SampleFrequency=%u\n", s[0], s[1]); break;
    case STAGE_HS:
        fprintf(out, "; InputControlPointCount=%u OutputControlPointCount=%u "
                     "TessellatorDomain=%u TessellatorOutputPrimitive=%u\n",
                rd_le32(s), rd_le32(s + 4), rd_le32(s + 8), rd_le32(s + 12));
        break;
    case STAGE_DS:
        fprintf(out, "; InputControlPointCount=%u OutputPositionPresent=%u TessellatorDomain=%u\n",
                rd_le32(s), s[4], rd_le32(s + 8));
        break;
    case STAGE_GS:
        fprintf(out, "; InputPrimitive=%u OutputTopology=%u OutputStreamMask=0x%x "
                     "OutputPositionPresent=%u MaxVertexCount=%u\n",
                rd_le32(s), rd_le32(s + 4), rd_le32(s + 8), s[12],
                v->max_vertex_count_or_prim);
        break;
    case STAGE_MS:
        fprintf(out, "; GroupSharedBytesUsed=%u GroupSharedBytesDependentOnViewID=%u "
                     "PayloadSizeInBytes=%u MaxOutputVertices=%u MaxOutputPrimitives=%u "
                     "MeshOutputTopology=%u\n",
                rd_le32(s), rd_le32(s + 4), rd_le32(s + 8), rd_le16(s + 12),
                rd_le16(s + 14), v->mesh_topology);
        break;
    case STAGE_AS: fprintf(out, "; PayloadSizeInBytes=%u\n", rd_le32(s)); break;
    default: break;
    }
}

static void text_psv_info(const dxil_psv0 *v, FILE *out)
{
    fprintf(out, "; Pipeline Runtime Information (PSVRuntimeInfo%u, %u bytes):\n",
            v->info_version, v->info_size);
    if (v->info_version >= 1) {
        const char *stage = dxil_shader_kind_short_name(v->shader_stage);
        fprintf(out, "; Stage: %s\n", stage ? stage : "?");
        text_psv_stage(v, out);
    }
    if (v->info_version >= 2)
        fprintf(out, "; NumThreads=(%u,%u,%u)\n", v->num_threads[0], v->num_threads[1],
                v->num_threads[2]);
    if (v->info_version >= 4)
        fprintf(out, "; NumBytesGroupSharedMemory: %u\n", v->groupshared_bytes);
    fprintf(out, "; MinimumExpectedWaveLaneCount: %u\n; MaximumExpectedWaveLaneCount: %u\n",
            v->min_wave_lanes, v->max_wave_lanes);
    if (v->info_version < 1)
        return;
    fprintf(out, "; UsesViewID: %s\n; SigInputElements: %u\n; SigOutputElements: %u\n"
                 "; SigPatchConstOrPrimElements: %u\n; SigInputVectors: %u\n",
            v->uses_view_id ? "true" : "false", v->sig_input_elements, v->sig_output_elements,
            v->sig_pc_prim_elements, v->sig_input_vectors);
    for (int i = 0; i < 4; i++)
        fprintf(out, "; SigOutputVectors[%d]: %u\n", i, v->sig_output_vectors[i]);
    if (v->info_version >= 3)
        fprintf(out, "; EntryFunctionName: %s\n", v->entry_name ? v->entry_name : "");
}

static void text_psv_elements(const char *what, const dxil_psv_sig_element *e, uint32_t n,
                              FILE *out)
{
    if (n == 0)
        return;
    fprintf(out, ";\n; PSV %s elements:\n", what);
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, ";   %s%s rows %u at %u, cols %u at %u%s, kind %s, type %u, interp %u, "
                     "dynmask 0x%x, stream %u\n",
                e[i].name[0] ? "" : "SV_", e[i].name[0] ? e[i].name
                : PARTS_NAME(parts_semantic_kind_names, e[i].semantic_kind),
                e[i].rows, e[i].start_row, e[i].cols, e[i].start_col,
                e[i].allocated ? "" : " (unallocated)",
                PARTS_NAME(parts_semantic_kind_names, e[i].semantic_kind), e[i].component_type,
                e[i].interpolation, e[i].dynamic_mask, e[i].stream);
}

void parts_text_psv0(const dxil_decoded_part *d, FILE *out)
{
    const dxil_psv0 *v = &d->u.psv0;
    text_psv_info(v, out);
    fprintf(out, ";\n; Resource Bindings:\n;\n; Type                         Space      Lower      Upper Kind\n");
    for (uint32_t i = 0; i < v->resource_count; i++) {
        const dxil_psv_resource *b = &v->resources[i];
        fprintf(out, "; %-28s %5u %10u %10u %s%s\n", PARTS_NAME(parts_psv_restype_names, b->type),
                b->space, b->lower_bound, b->upper_bound,
                v->resource_stride >= 24 ? PARTS_NAME(parts_reskind_names, b->kind) : "-",
                b->flags & 1 ? " atomic64" : "");
    }
    text_psv_elements("input", v->inputs, v->input_count, out);
    text_psv_elements("output", v->outputs, v->output_count, out);
    text_psv_elements("patch constant/primitive", v->pc_prims, v->pc_prim_count, out);
    for (uint32_t i = 0; i < v->table_count; i++) {
        fprintf(out, "; %s:", v->tables[i].name);
        for (uint32_t k = 0; k < v->tables[i].dwords; k++)
            fprintf(out, " %08x", v->tables[i].bits[k]);
        fputc('\n', out);
    }
}

static void text_rts_param(const dxil_rts_param *p, uint32_t i, FILE *out)
{
    fprintf(out, "; [%u] %s, visibility %s", i, PARTS_NAME(parts_rts_param_names, p->type),
            PARTS_NAME(parts_rts_vis_names, p->visibility));
    if (p->type == 1)
        fprintf(out, ": b%u, space%u, %u 32-bit values\n", p->reg, p->space, p->num_values);
    else if (p->type > 1)
        fprintf(out, ": register %u, space%u, flags 0x%x\n", p->reg, p->space, p->flags);
    else
        fprintf(out, ", %u ranges\n", p->range_count);
    for (uint32_t k = 0; p->type == 0 && k < p->range_count; k++) {
        const dxil_rts_range *g = &p->ranges[k];
        fprintf(out, ";     %s count %d base %u space%u offset %d flags 0x%x\n",
                PARTS_NAME(parts_rts_range_names, g->type), (int32_t)g->count, g->base_register,
                g->space, (int32_t)g->offset, g->flags);
    }
}

void parts_text_rts0(const dxil_decoded_part *d, FILE *out)
{
    const dxil_rts0 *t = &d->u.rts0;
    fprintf(out, "; Root signature 1.%u, flags 0x%x, %u parameters, %u static samplers\n",
            t->version - 1, t->flags, t->param_count, t->sampler_count);
    for (uint32_t i = 0; i < t->param_count; i++)
        text_rts_param(&t->params[i], i, out);
    for (uint32_t i = 0; i < t->sampler_count; i++) {
        const dxil_rts_sampler *s = &t->samplers[i];
        fprintf(out, "; sampler s%u space%u: filter 0x%x, address %u/%u/%u, lod [%g, %g] bias %g, "
                     "aniso %u, compare %u, border %u, visibility %s, flags 0x%x\n",
                s->reg, s->space, s->filter, s->address_u, s->address_v, s->address_w,
                (double)s->min_lod, (double)s->max_lod, (double)s->mip_lod_bias,
                s->max_anisotropy, s->comparison, s->border_color,
                PARTS_NAME(parts_rts_vis_names, s->visibility), s->flags);
    }
}

void parts_text_rdat(const dxil_decoded_part *d, FILE *out)
{
    const dxil_rdat *r = &d->u.rdat;
    fprintf(out, "; Runtime data version 0x%x, %u tables, %u strings (%u bytes), %u index words\n",
            r->version, r->table_count, r->string_count, r->string_bytes, r->index_count);
    for (uint32_t i = 0; i < r->table_count; i++)
        fprintf(out, ";   %s: %u bytes, %u records of %u bytes\n",
                PARTS_NAME(parts_rdat_table_names, r->tables[i].type), r->tables[i].size,
                r->tables[i].record_count, r->tables[i].record_stride);
    for (uint32_t i = 0; i < r->resource_count; i++) {
        const dxil_rdat_resource *s = &r->resources[i];
        fprintf(out, "; resource %u: %s %s '%s' id %u space%u [%u, %u] flags 0x%x\n", i,
                PARTS_NAME(parts_rdat_class_names, s->res_class),
                PARTS_NAME(parts_reskind_names, s->kind), s->name, s->id, s->space,
                s->lower_bound, s->upper_bound, s->flags);
    }
    for (uint32_t i = 0; i < r->function_count; i++) {
        const dxil_rdat_function *f = &r->functions[i];
        const char *kind = dxil_shader_kind_short_name(f->shader_kind);
        fprintf(out, "; function %u: %s (%s), %s, %u resources, %u dependencies, "
                     "features 0x%x/0x%x, stages 0x%x, min target 0x%x\n",
                i, f->unmangled_name, f->name, kind ? kind : "?", f->resource_count,
                f->dependency_count, f->feature_info1, f->feature_info2, f->stage_flags,
                f->min_shader_target);
    }
}
