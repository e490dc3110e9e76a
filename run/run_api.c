/* run_api.c - dxil_run_spirv (dxil_run.h): the module's words checked,
 * reflected and planned here, in the caller's process; the device work in
 * a child when a timeout is set (run_child.c), else here
 * (run_dispatch.c); then the result and the outputs. */
#include "run.h"
#include "spirv/spirv.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SPIRV_MAGIC = 0x07230203u, SPIRV_HEADER_WORDS = 5 };

/* The result and what it points into. */
typedef struct run_result_full {
    dxil_run_result pub; /* first: the caller's pointer */
    run_plan plan;
    char **strings;      /* owned copies the bindings point to */
    size_t n_strings;
} run_result_full;

void dxil_run_options_init(dxil_run_options *opts)
{
    if (opts)
        memset(opts, 0, sizeof *opts);
}

void dxil_run_result_free(dxil_run_result *result)
{
    run_result_full *f = (run_result_full *)result;
    if (!f)
        return;
    for (size_t i = 0; i < f->n_strings; i++)
        free(f->strings[i]);
    free(f->strings);
    free(f->pub.bindings);
    run_plan_free(&f->plan);
    free(f);
}

static int api_error(dxil_diags *diags, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int api_error(dxil_diags *diags, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, DXIL_SEV_ERROR, code, DXIL_LOC_NONE, 0, fmt, ap);
    va_end(ap);
    return -1;
}

static int api_check_options(const dxil_run_options *o, dxil_diags *diags)
{
    if (!o)
        return api_error(diags, DXIL_E_USAGE, "no run options");
    for (int i = 0; i < 3; i++)
        if (o->dispatch[i] == 0)
            return api_error(diags, DXIL_E_USAGE_VALUE, "the dispatch needs at least one group on each "
                             "axis (it has %u, %u, %u)", o->dispatch[0], o->dispatch[1], o->dispatch[2]);
    if (!(o->timeout >= 0) || !isfinite(o->timeout) || o->timeout > 1e7)
        return api_error(diags, DXIL_E_USAGE_VALUE, "the timeout must be 0 (none) or a number of seconds");
    if (o->default_size > RUN_MAX_BUFFER)
        return api_error(diags, DXIL_E_USAGE_VALUE, "the default size is more than 1 GiB");
    if (o->threads < DXIL_RUN_THREADS_ENV || o->threads > 1024)
        return api_error(diags, DXIL_E_USAGE_VALUE, "threads must be 0 to 1024, or DXIL_RUN_THREADS_ENV");
    return 0;
}

/* The module's words, aligned and in this machine's byte order. */
static uint32_t *api_words(const void *spirv, size_t size, size_t *n_words, dxil_diags *diags)
{
    if (!spirv || size < SPIRV_HEADER_WORDS * 4) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_SHADER, DXIL_LOC_BYTE, size,
                       "truncated: %zu bytes, and a SPIR-V module's header alone is 20", size);
        return NULL;
    }
    if (size % 4 != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_SHADER, DXIL_LOC_BYTE, size - size % 4,
                       "truncated: %zu bytes is not a whole number of SPIR-V words", size);
        return NULL;
    }
    uint32_t *w = malloc(size);
    if (!w) {
        api_error(diags, DXIL_E_RUN_SHADER, "out of memory for %zu bytes", size);
        return NULL;
    }
    memcpy(w, spirv, size);
    *n_words = size / 4;
    if (w[0] == __builtin_bswap32(SPIRV_MAGIC))
        for (size_t i = 0; i < *n_words; i++)
            w[i] = __builtin_bswap32(w[i]);
    if (w[0] != SPIRV_MAGIC) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_SHADER, DXIL_LOC_BYTE, 0,
                       "not a SPIR-V module (magic 0x%08x)", w[0]);
        free(w);
        return NULL;
    }
    return w;
}

static const char *api_keep(run_result_full *f, const char *s)
{
    char **grown = realloc(f->strings, (f->n_strings + 1) * sizeof *grown);
    char *copy = s ? strdup(s) : NULL;
    if (!grown || (s && !copy)) {
        free(copy);
        if (grown)
            f->strings = grown;
        return NULL;
    }
    f->strings = grown;
    f->strings[f->n_strings++] = copy;
    return copy;
}

static int api_bindings(run_result_full *f, dxil_diags *diags)
{
    const run_plan *p = &f->plan;
    f->pub.bindings = calloc(p->n_slots ? p->n_slots : 1, sizeof *f->pub.bindings);
    if (!f->pub.bindings)
        return api_error(diags, DXIL_E_RUN_OUTPUT, "out of memory");
    f->pub.n_bindings = p->n_slots;
    for (size_t i = 0; i < p->n_slots; i++) {
        const run_slot *s = &p->slots[i];
        dxil_run_binding *b = &f->pub.bindings[i];
        *b = (dxil_run_binding){.cls = s->cls, .reg = s->reg, .space = s->space, .set = s->set,
                                .binding = s->binding, .array_index = s->array_index,
                                .kind = run_kind_name(s->kind), .name = s->name, .stride = s->stride,
                                .size = s->size, .counter = s->counter};
        if (s->format) {
            b->format = s->format->name;
            b->stride = s->format->size;
        }
        if (s->source && !(b->source = api_keep(f, s->source)))
            return api_error(diags, DXIL_E_RUN_OUTPUT, "out of memory");
        if (s->writable) {
            char name[64];
            snprintf(name, sizeof name, "%c%u_space%u%s.bin", s->cls, s->reg, s->space,
                     s->counter ? ".counter" : "");
            if (!(b->output = api_keep(f, name)))
                return api_error(diags, DXIL_E_RUN_OUTPUT, "out of memory");
            b->data = s->data;
        }
    }
    return 0;
}

/* Validate, reflect and plan: everything that can be refused before a
 * device. */
static int api_plan(const uint32_t *w, size_t n, const dxil_run_options *o, run_plan *p,
                    dxil_diags *diags)
{
    size_t extra = o->timeout > 0 ? run_child_report_size() : 0;
    p->spirv_version = w[1];
    if (spirv_validate_for_device(w, n, DXIL_SPIRV_ENV_VULKAN_1_3, DXIL_E_RUN_SHADER, diags) != 0 || run_reflect(w, n, o->entry, p, diags) != 0 ||
        run_plan_identify(p, o, diags) != 0)
        return -1;
    return run_plan_contents(p, o, extra, diags);
}

static int api_run(const uint32_t *w, size_t n, const dxil_run_options *o, run_result_full *f,
                   dxil_diags *diags)
{
    double t0 = run_now_ms();
    if (api_plan(w, n, o, &f->plan, diags) != 0)
        return -1;
    f->pub.ms_reflect = run_now_ms() - t0;
    run_report rep = {0};
    f->pub.isolated = o->timeout > 0;
    int rc = f->pub.isolated ? run_in_child(w, n, &f->plan, o, &rep, diags)
                             : run_on_device(w, n, &f->plan, o, true, &rep, diags);
    if (rc != 0)
        return -1;
    memcpy(f->pub.device_name, rep.device_name, sizeof rep.device_name);
    memcpy(f->pub.driver_name, rep.driver_name, sizeof rep.driver_name);
    memcpy(f->pub.driver_info, rep.driver_info, sizeof rep.driver_info);
    f->pub.api_version = rep.api_version;
    f->pub.ms_device = rep.ms_device;
    f->pub.ms_pipeline = rep.ms_pipeline;
    f->pub.ms_dispatch = rep.ms_dispatch;
    f->pub.entry = f->plan.entry;
    f->pub.push_constant_size = f->plan.push_size;
    if (api_bindings(f, diags) != 0)
        return -1;
    f->pub.ms_total = run_now_ms() - t0;
    return o->out_dir ? run_write_outputs(&f->pub, o, diags) : 0;
}

int dxil_run_spirv(const void *spirv, size_t size, const dxil_run_options *opts,
                   dxil_run_result **result, dxil_diags *diags)
{
    if (result)
        *result = NULL;
    if (api_check_options(opts, diags) != 0)
        return -1;
    size_t n = 0;
    uint32_t *w = api_words(spirv, size, &n, diags);
    if (!w)
        return -1;
    run_result_full *f = calloc(1, sizeof *f);
    int rc = f ? api_run(w, n, opts, f, diags) : api_error(diags, DXIL_E_RUN_SHADER, "out of memory");
    free(w);
    if (rc == 0 && result)
        *result = &f->pub;
    else
        dxil_run_result_free(f ? &f->pub : NULL);
    return rc;
}
