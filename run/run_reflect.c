/* run_reflect.c - what a SPIR-V compute shader binds, read with
 * SPIRV-Cross's C API (Debian's libspirv-cross-c-shared): its entry point,
 * each descriptor with its set, binding, array size and layout, and its
 * push-constant block. What dxil-run cannot bind (images, samplers,
 * acceleration structures, unbounded arrays) is refused by name. */
#include "run.h"
#include "common/grow.h"

#include <spirv_cross_c.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reflect_ctx {
    spvc_compiler comp;
    const uint32_t *words;
    size_t n_words;
    run_plan *plan;
    size_t cap;
    dxil_diags *diags;
} reflect_ctx;

static int reflect_error(dxil_diags *diags, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int reflect_error(dxil_diags *diags, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, DXIL_SEV_ERROR, code, DXIL_LOC_NONE, 0, fmt, ap);
    va_end(ap);
    return -1;
}

/* SPIRV-Cross reports its errors through this callback; keep the last. */
static void reflect_on_error(void *user, const char *msg)
{
    snprintf((char *)user, 512, "%s", msg);
}

static const char *reflect_name(const reflect_ctx *r, const spvc_reflected_resource *res)
{
    return res->name && res->name[0] ? res->name : "(unnamed)";
}

/* Elements of the descriptor array the variable declares (1: none), or 0
 * with an error for an unbounded or specialization-sized array. */
static uint32_t reflect_array_size(reflect_ctx *r, const spvc_reflected_resource *res)
{
    spvc_type t = spvc_compiler_get_type_handle(r->comp, res->type_id);
    uint64_t total = 1;
    for (unsigned d = 0; d < spvc_type_get_num_array_dimensions(t); d++) {
        SpvId n = spvc_type_get_array_dimension(t, d);
        if (!spvc_type_array_dimension_is_literal(t, d) || n == 0) {
            reflect_error(r->diags, DXIL_E_RUN_SHADER,
                          "resource %s is an unbounded or specialization-sized array: "
                          "not bound by dxil-run", reflect_name(r, res));
            return 0;
        }
        total *= n;
        if (total > 4096) {
            reflect_error(r->diags, DXIL_E_RUN_SHADER,
                          "resource %s is an array of more than 4096 descriptors",
                          reflect_name(r, res));
            return 0;
        }
    }
    return (uint32_t)total;
}

/* What a slot is in HLSL's terms, for messages. */
static const char *reflect_role(const run_slot *s)
{
    if (s->kind == RUN_UNIFORM_BUFFER)
        return "a cbuffer";
    if (s->kind == RUN_STORAGE_BUFFER)
        return s->writable ? "a UAV buffer" : "an SRV buffer";
    return s->writable ? "a typed UAV buffer" : "a typed SRV buffer";
}

/* A slot already at the variable's set and binding: two variables of one
 * kind there alias one descriptor (0: skip this one); of two kinds they
 * cannot both be bound (DXC's t0, u0 and b0 all map to binding 0 unless
 * the shader was compiled with -fvk-*-shift). */
static int reflect_alias(reflect_ctx *r, const spvc_reflected_resource *res, const run_slot *tmpl,
                         uint32_t set, uint32_t binding)
{
    for (size_t i = 0; i < r->plan->n_slots; i++) {
        const run_slot *s = &r->plan->slots[i];
        if (s->set != set || s->binding != binding)
            continue;
        if (s->kind == tmpl->kind && s->writable == tmpl->writable)
            return 0;
        return reflect_error(r->diags, DXIL_E_RUN_BIND,
                             "%s (%s) and %s (%s) share descriptor set %u binding %u: compile with "
                             "-fvk-*-shift or [[vk::binding]] (and give dxil-run the same shifts)",
                             s->name, reflect_role(s), reflect_name(r, res), reflect_role(tmpl), set,
                             binding);
    }
    return 1;
}

/* Appends one slot per array element of the resource. */
static int reflect_add(reflect_ctx *r, const spvc_reflected_resource *res, const run_slot *tmpl)
{
    uint32_t set = spvc_compiler_get_decoration(r->comp, res->id, SpvDecorationDescriptorSet);
    uint32_t binding = spvc_compiler_get_decoration(r->comp, res->id, SpvDecorationBinding);
    int fresh = reflect_alias(r, res, tmpl, set, binding);
    if (fresh <= 0)
        return fresh;
    uint32_t n = reflect_array_size(r, res);
    if (n == 0)
        return -1;
    for (uint32_t i = 0; i < n; i++) {
        run_slot *slots = grow_array(r->plan->slots, &r->cap, r->plan->n_slots, sizeof *slots, 8);
        char *name = strdup(res->name ? res->name : "");
        if (!slots || !name) {
            free(name);
            if (slots)
                r->plan->slots = slots;
            return reflect_error(r->diags, DXIL_E_RUN_SHADER, "out of memory");
        }
        r->plan->slots = slots;
        run_slot *s = &slots[r->plan->n_slots++];
        *s = *tmpl;
        s->name = name;
        s->set = set;
        s->binding = binding;
        s->array_index = i;
        s->array_size = n;
    }
    return 0;
}

static bool reflect_has_decoration(reflect_ctx *r, const spvc_reflected_resource *res,
                                   SpvDecoration which)
{
    const SpvDecoration *decs = NULL;
    size_t n = 0;
    if (spvc_compiler_has_decoration(r->comp, res->id, which))
        return true;
    if (spvc_compiler_get_buffer_block_decorations(r->comp, res->id, &decs, &n) != SPVC_SUCCESS)
        return false;
    for (size_t i = 0; i < n; i++)
        if (decs[i] == which)
            return true;
    return false;
}

/* A block's size without its runtime array, and that array's stride. */
static int reflect_block_layout(reflect_ctx *r, const spvc_reflected_resource *res, run_slot *s)
{
    spvc_type base = spvc_compiler_get_type_handle(r->comp, res->base_type_id);
    size_t size = 0;
    unsigned members = spvc_type_get_num_member_types(base);
    if (spvc_type_get_basetype(base) != SPVC_BASETYPE_STRUCT || members == 0 ||
        spvc_compiler_get_declared_struct_size(r->comp, base, &size) != SPVC_SUCCESS)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER,
                             "buffer %s is not a block of known layout", reflect_name(r, res));
    if (size > RUN_MAX_BUFFER)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER, "buffer %s is larger than dxil-run's "
                             "limit of 1 GiB", reflect_name(r, res));
    s->fixed_size = size;
    spvc_type last = spvc_compiler_get_type_handle(r->comp, spvc_type_get_member_type(base, members - 1));
    unsigned dims = spvc_type_get_num_array_dimensions(last);
    if (dims > 0 && spvc_type_array_dimension_is_literal(last, dims - 1) &&
        spvc_type_get_array_dimension(last, dims - 1) == 0) {
        unsigned stride = 0;
        if (spvc_compiler_type_struct_member_array_stride(r->comp, base, members - 1, &stride) !=
                SPVC_SUCCESS || stride == 0)
            return reflect_error(r->diags, DXIL_E_RUN_SHADER,
                                 "buffer %s has a runtime array without a stride",
                                 reflect_name(r, res));
        s->stride = stride;
    }
    return 0;
}

static int reflect_storage_buffer(reflect_ctx *r, const spvc_reflected_resource *res)
{
    run_slot s = {.kind = RUN_STORAGE_BUFFER};
    s.writable = !reflect_has_decoration(r, res, SpvDecorationNonWritable);
    if (reflect_block_layout(r, res, &s) != 0)
        return -1;
    return reflect_add(r, res, &s);
}

static int reflect_uniform_buffer(reflect_ctx *r, const spvc_reflected_resource *res)
{
    run_slot s = {.kind = RUN_UNIFORM_BUFFER};
    if (reflect_block_layout(r, res, &s) != 0)
        return -1;
    if (s.stride)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER,
                             "uniform buffer %s ends in a runtime array", reflect_name(r, res));
    if (s.fixed_size > RUN_MAX_CBUFFER)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER, "cbuffer %s is larger than 4096 rows",
                             reflect_name(r, res));
    s.stride = 16; /* cbuffer rows */
    return reflect_add(r, res, &s);
}

/* A texel buffer (storage or sampled image of dimension Buffer). */
static int reflect_texel(reflect_ctx *r, const spvc_reflected_resource *res, bool storage)
{
    spvc_type t = spvc_compiler_get_type_handle(r->comp, res->base_type_id);
    if (spvc_type_get_image_dimension(t) != SpvDimBuffer)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER,
                             "resource %s is a texture: dxil-run binds buffers only",
                             reflect_name(r, res));
    run_slot s = {.kind = storage ? RUN_STORAGE_TEXEL : RUN_UNIFORM_TEXEL};
    s.writable = storage && !spvc_compiler_has_decoration(r->comp, res->id, SpvDecorationNonWritable);
    spvc_type sampled = spvc_compiler_get_type_handle(r->comp, spvc_type_get_image_sampled_type(t));
    spvc_basetype bt = spvc_type_get_basetype(sampled);
    s.texel_float = bt == SPVC_BASETYPE_FP16 || bt == SPVC_BASETYPE_FP32 || bt == SPVC_BASETYPE_FP64;
    SpvImageFormat f = spvc_type_get_image_storage_format(t);
    s.format = run_format_from_spv((int)f);
    if (!s.format && f != SpvImageFormatUnknown)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER, "texel buffer %s has an image format "
                             "dxil-run does not know", reflect_name(r, res));
    if (!s.format) {
        uint32_t set = spvc_compiler_get_decoration(r->comp, res->id, SpvDecorationDescriptorSet);
        uint32_t binding = spvc_compiler_get_decoration(r->comp, res->id, SpvDecorationBinding);
        s.texel_components = run_texel_components_used(r->words, r->n_words, set, binding);
    }
    return reflect_add(r, res, &s);
}

static int reflect_refuse(reflect_ctx *r, const spvc_reflected_resource *res, const char *what)
{
    return reflect_error(r->diags, DXIL_E_RUN_SHADER, "resource %s is %s: dxil-run binds buffers only",
                         reflect_name(r, res), what);
}

typedef enum reflect_action { R_STORAGE, R_UNIFORM, R_SEPARATE_IMAGE, R_STORAGE_IMAGE, R_REFUSE } reflect_action;

static const struct {
    spvc_resource_type type;
    reflect_action action;
    const char *what; /* for R_REFUSE */
} reflect_table[] = {
    {SPVC_RESOURCE_TYPE_STORAGE_BUFFER, R_STORAGE, NULL},
    {SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, R_UNIFORM, NULL},
    {SPVC_RESOURCE_TYPE_SEPARATE_IMAGE, R_SEPARATE_IMAGE, NULL},
    {SPVC_RESOURCE_TYPE_STORAGE_IMAGE, R_STORAGE_IMAGE, NULL},
    {SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, R_REFUSE, "a combined image sampler"},
    {SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS, R_REFUSE, "a sampler"},
    {SPVC_RESOURCE_TYPE_SUBPASS_INPUT, R_REFUSE, "a subpass input"},
    {SPVC_RESOURCE_TYPE_ATOMIC_COUNTER, R_REFUSE, "an atomic counter"},
    {SPVC_RESOURCE_TYPE_ACCELERATION_STRUCTURE, R_REFUSE, "an acceleration structure"},
    {SPVC_RESOURCE_TYPE_SHADER_RECORD_BUFFER, R_REFUSE, "a shader record buffer"},
};

static int reflect_one(reflect_ctx *r, reflect_action a, const spvc_reflected_resource *res,
                       const char *what)
{
    switch (a) {
    case R_STORAGE: return reflect_storage_buffer(r, res);
    case R_UNIFORM: return reflect_uniform_buffer(r, res);
    case R_SEPARATE_IMAGE: return reflect_texel(r, res, false);
    case R_STORAGE_IMAGE: return reflect_texel(r, res, true);
    default: return reflect_refuse(r, res, what);
    }
}

static int reflect_resources(reflect_ctx *r, spvc_resources res)
{
    for (size_t t = 0; t < sizeof reflect_table / sizeof reflect_table[0]; t++) {
        const spvc_reflected_resource *list = NULL;
        size_t n = 0;
        if (spvc_resources_get_resource_list_for_type(res, reflect_table[t].type, &list, &n) != SPVC_SUCCESS)
            continue;
        for (size_t i = 0; i < n; i++)
            if (reflect_one(r, reflect_table[t].action, &list[i], reflect_table[t].what) != 0)
                return -1;
    }
    const spvc_reflected_resource *pc = NULL;
    size_t n_pc = 0;
    if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_PUSH_CONSTANT, &pc, &n_pc) ==
            SPVC_SUCCESS && n_pc > 0) {
        size_t size = 0;
        spvc_type base = spvc_compiler_get_type_handle(r->comp, pc[0].base_type_id);
        if (spvc_compiler_get_declared_struct_size(r->comp, base, &size) != SPVC_SUCCESS ||
            size > 65536)
            return reflect_error(r->diags, DXIL_E_RUN_SHADER, "push-constant block %s has no usable size",
                                 reflect_name(r, &pc[0]));
        r->plan->push_size = (uint32_t)size;
    }
    return 0;
}

/* The compute entry point: `want`, or the only one. */
static int reflect_entry(reflect_ctx *r, const char *want)
{
    const spvc_entry_point *eps = NULL;
    size_t n = 0, found = 0;
    const char *name = NULL;
    if (spvc_compiler_get_entry_points(r->comp, &eps, &n) != SPVC_SUCCESS)
        n = 0;
    for (size_t i = 0; i < n; i++) {
        if (eps[i].execution_model != SpvExecutionModelGLCompute)
            continue;
        if (want && strcmp(want, eps[i].name) != 0)
            continue;
        found++;
        name = eps[i].name;
    }
    if (found == 0)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER, "the module has no compute entry point%s%s",
                             want ? " named " : "", want ? want : "");
    if (found > 1)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER,
                             "the module has several compute entry points: name one (--entry)");
    r->plan->entry = strdup(name);
    if (!r->plan->entry ||
        spvc_compiler_set_entry_point(r->comp, name, SpvExecutionModelGLCompute) != SPVC_SUCCESS)
        return reflect_error(r->diags, DXIL_E_RUN_SHADER, "entry point %s cannot be selected", name);
    return 0;
}

int run_reflect(const uint32_t *words, size_t n_words, const char *entry, run_plan *p,
                dxil_diags *diags)
{
    spvc_context ctx = NULL;
    char last_error[512] = "";
    if (spvc_context_create(&ctx) != SPVC_SUCCESS)
        return reflect_error(diags, DXIL_E_RUN_SHADER, "SPIRV-Cross cannot start");
    spvc_context_set_error_callback(ctx, reflect_on_error, last_error);
    reflect_ctx r = {.words = words, .n_words = n_words, .plan = p, .diags = diags};
    spvc_parsed_ir ir = NULL;
    spvc_resources res = NULL;
    int rc = -1;
    if (spvc_context_parse_spirv(ctx, words, n_words, &ir) != SPVC_SUCCESS ||
        spvc_context_create_compiler(ctx, SPVC_BACKEND_NONE, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                     &r.comp) != SPVC_SUCCESS)
        reflect_error(diags, DXIL_E_RUN_SHADER, "not a SPIR-V module SPIRV-Cross can read: %s",
                      last_error[0] ? last_error : "parse failed");
    else if (reflect_entry(&r, entry) == 0) {
        if (spvc_compiler_create_shader_resources(r.comp, &res) != SPVC_SUCCESS)
            reflect_error(diags, DXIL_E_RUN_SHADER, "the module's resources cannot be reflected: %s",
                          last_error);
        else
            rc = reflect_resources(&r, res);
    }
    spvc_context_destroy(ctx);
    return rc;
}
