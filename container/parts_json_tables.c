/* parts_json_tables.c - JSON of PSV0, RTS0 and RDAT. */
#include "parts_json.h"

static void json_psv_info(const dxil_psv0 *v, json_object *o)
{
    ju(o, "info_size", v->info_size);
    ju(o, "info_version", v->info_version);
    jhex(o, "stage_info", v->stage_info, 16);
    ju(o, "min_wave_lanes", v->min_wave_lanes);
    ju(o, "max_wave_lanes", v->max_wave_lanes);
    if (v->info_version < 1)
        return;
    const char *stage = dxil_shader_kind_short_name(v->shader_stage);
    js(o, "shader_stage", stage ? stage : "?");
    json_object_object_add(o, "uses_view_id", json_object_new_boolean(v->uses_view_id != 0));
    ju(o, "max_vertex_count_or_prim", v->max_vertex_count_or_prim);
    ju(o, "sig_input_vectors", v->sig_input_vectors);
    json_object_object_add(o, "sig_output_vectors", json_u32_array(v->sig_output_vectors, 4));
    ju(o, "sig_pc_prim_vectors", v->sig_pc_prim_vectors);
    if (v->info_version >= 2)
        json_object_object_add(o, "num_threads", json_u32_array(v->num_threads, 3));
    if (v->info_version >= 3)
        js(o, "entry_name", v->entry_name);
    if (v->info_version >= 4)
        ju(o, "groupshared_bytes", v->groupshared_bytes);
}

static json_object *json_psv_resources(const dxil_psv0 *v)
{
    json_object *a = json_object_new_array();
    for (uint32_t i = 0; i < v->resource_count; i++) {
        const dxil_psv_resource *b = &v->resources[i];
        json_object *x = json_object_new_object();
        js(x, "type", PARTS_NAME(parts_psv_restype_names, b->type));
        ju(x, "space", b->space);
        ju(x, "lower_bound", b->lower_bound);
        ju(x, "upper_bound", b->upper_bound);
        if (v->resource_stride >= 24) {
            js(x, "kind", PARTS_NAME(parts_reskind_names, b->kind));
            ju(x, "flags", b->flags);
        }
        json_object_array_add(a, x);
    }
    return a;
}

static json_object *json_psv_elements(const dxil_psv_sig_element *e, uint32_t n)
{
    json_object *a = json_object_new_array();
    for (uint32_t i = 0; i < n; i++) {
        json_object *x = json_object_new_object();
        js(x, "name", e[i].name);
        json_object_object_add(x, "indices", json_u32_array(e[i].indices, e[i].index_count));
        ju(x, "rows", e[i].rows);
        ju(x, "start_row", e[i].start_row);
        ju(x, "cols", e[i].cols);
        ju(x, "start_col", e[i].start_col);
        json_object_object_add(x, "allocated", json_object_new_boolean(e[i].allocated));
        ju(x, "semantic_kind", e[i].semantic_kind);
        js(x, "semantic_kind_name", PARTS_NAME(parts_semantic_kind_names, e[i].semantic_kind));
        ju(x, "component_type", e[i].component_type);
        ju(x, "interpolation", e[i].interpolation);
        ju(x, "dynamic_mask", e[i].dynamic_mask);
        ju(x, "stream", e[i].stream);
        json_object_array_add(a, x);
    }
    return a;
}

json_object *parts_json_psv0(const dxil_decoded_part *d)
{
    const dxil_psv0 *v = &d->u.psv0;
    json_object *o = json_object_new_object(), *tables = json_object_new_object();
    json_psv_info(v, o);
    json_object_object_add(o, "resources", json_psv_resources(v));
    json_object_object_add(o, "inputs", json_psv_elements(v->inputs, v->input_count));
    json_object_object_add(o, "outputs", json_psv_elements(v->outputs, v->output_count));
    json_object_object_add(o, "pc_prims", json_psv_elements(v->pc_prims, v->pc_prim_count));
    for (uint32_t i = 0; i < v->table_count; i++)
        json_object_object_add(tables, v->tables[i].name,
                               json_u32_array(v->tables[i].bits, v->tables[i].dwords));
    json_object_object_add(o, "dependency_tables", tables);
    return o;
}

static json_object *json_rts_param(const dxil_rts_param *p)
{
    json_object *x = json_object_new_object();
    js(x, "type", PARTS_NAME(parts_rts_param_names, p->type));
    js(x, "visibility", PARTS_NAME(parts_rts_vis_names, p->visibility));
    if (p->type != 0) {
        ju(x, "register", p->reg);
        ju(x, "space", p->space);
        ju(x, p->type == 1 ? "num_values" : "flags", p->type == 1 ? p->num_values : p->flags);
        return x;
    }
    json_object *a = json_object_new_array();
    for (uint32_t k = 0; k < p->range_count; k++) {
        const dxil_rts_range *g = &p->ranges[k];
        json_object *r = json_object_new_object();
        js(r, "type", PARTS_NAME(parts_rts_range_names, g->type));
        json_object_object_add(r, "count", json_object_new_int64((int32_t)g->count));
        ju(r, "base_register", g->base_register);
        ju(r, "space", g->space);
        json_object_object_add(r, "offset", json_object_new_int64((int32_t)g->offset));
        ju(r, "flags", g->flags);
        json_object_array_add(a, r);
    }
    json_object_object_add(x, "ranges", a);
    return x;
}

static json_object *json_rts_sampler(const dxil_rts_sampler *s)
{
    json_object *x = json_object_new_object();
    ju(x, "register", s->reg);
    ju(x, "space", s->space);
    ju(x, "filter", s->filter);
    json_object *addr = json_object_new_array();
    json_object_array_add(addr, json_object_new_int64(s->address_u));
    json_object_array_add(addr, json_object_new_int64(s->address_v));
    json_object_array_add(addr, json_object_new_int64(s->address_w));
    json_object_object_add(x, "address", addr);
    json_object_object_add(x, "mip_lod_bias", json_object_new_double(s->mip_lod_bias));
    ju(x, "max_anisotropy", s->max_anisotropy);
    ju(x, "comparison", s->comparison);
    ju(x, "border_color", s->border_color);
    json_object_object_add(x, "min_lod", json_object_new_double(s->min_lod));
    json_object_object_add(x, "max_lod", json_object_new_double(s->max_lod));
    js(x, "visibility", PARTS_NAME(parts_rts_vis_names, s->visibility));
    ju(x, "flags", s->flags);
    return x;
}

json_object *parts_json_rts0(const dxil_decoded_part *d)
{
    const dxil_rts0 *t = &d->u.rts0;
    json_object *o = json_object_new_object(), *params = json_object_new_array(),
                *samplers = json_object_new_array();
    ju(o, "version", t->version);
    ju(o, "flags", t->flags);
    for (uint32_t i = 0; i < t->param_count; i++)
        json_object_array_add(params, json_rts_param(&t->params[i]));
    for (uint32_t i = 0; i < t->sampler_count; i++)
        json_object_array_add(samplers, json_rts_sampler(&t->samplers[i]));
    json_object_object_add(o, "parameters", params);
    json_object_object_add(o, "static_samplers", samplers);
    return o;
}

static json_object *json_rdat_function(const dxil_rdat_function *f)
{
    json_object *x = json_object_new_object(), *deps = json_object_new_array();
    js(x, "name", f->name);
    js(x, "unmangled_name", f->unmangled_name);
    const char *kind = dxil_shader_kind_short_name(f->shader_kind);
    js(x, "shader_kind", kind ? kind : "?");
    json_object_object_add(x, "resources", json_u32_array(f->resources, f->resource_count));
    for (uint32_t k = 0; k < f->dependency_count; k++)
        json_object_array_add(deps, json_object_new_string(f->dependencies[k]));
    json_object_object_add(x, "dependencies", deps);
    ju(x, "payload_size", f->payload_size);
    ju(x, "attribute_size", f->attribute_size);
    ju(x, "feature_info1", f->feature_info1);
    ju(x, "feature_info2", f->feature_info2);
    ju(x, "stage_flags", f->stage_flags);
    ju(x, "min_shader_target", f->min_shader_target);
    return x;
}

static json_object *json_rdat_resource(const dxil_rdat_resource *s)
{
    json_object *x = json_object_new_object();
    js(x, "name", s->name);
    js(x, "class", PARTS_NAME(parts_rdat_class_names, s->res_class));
    js(x, "kind", PARTS_NAME(parts_reskind_names, s->kind));
    ju(x, "id", s->id);
    ju(x, "space", s->space);
    ju(x, "lower_bound", s->lower_bound);
    ju(x, "upper_bound", s->upper_bound);
    ju(x, "flags", s->flags);
    return x;
}

json_object *parts_json_rdat(const dxil_decoded_part *d)
{
    const dxil_rdat *r = &d->u.rdat;
    json_object *o = json_object_new_object(), *tables = json_object_new_array(),
                *res = json_object_new_array(), *fns = json_object_new_array();
    ju(o, "version", r->version);
    ju(o, "string_count", r->string_count);
    ju(o, "string_bytes", r->string_bytes);
    ju(o, "index_words", r->index_count);
    for (uint32_t i = 0; i < r->table_count; i++) {
        json_object *x = json_object_new_object();
        js(x, "type", PARTS_NAME(parts_rdat_table_names, r->tables[i].type));
        ju(x, "size", r->tables[i].size);
        ju(x, "record_count", r->tables[i].record_count);
        ju(x, "record_stride", r->tables[i].record_stride);
        json_object_array_add(tables, x);
    }
    for (uint32_t i = 0; i < r->resource_count; i++)
        json_object_array_add(res, json_rdat_resource(&r->resources[i]));
    for (uint32_t i = 0; i < r->function_count; i++)
        json_object_array_add(fns, json_rdat_function(&r->functions[i]));
    json_object_object_add(o, "tables", tables);
    json_object_object_add(o, "resources", res);
    json_object_object_add(o, "functions", fns);
    return o;
}
