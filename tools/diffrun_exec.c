/* diffrun_exec.c - the steps of one dxil-diffrun variant: load and
 * raise, an LLVM 22 pipeline, lower to a signed container, SPIR-V, run. */
#include "diffrun.h"
#include "dxil-upgrade/dxil_lower.h"

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <stdlib.h>
#include <string.h>

const dr_pipe dr_pipes[] = {
    {"none", ""},
    {"instcombine", "instcombine"},
    {"O1", "default<O1>"},
    {"O2", "default<O2>"},
    {"O3", "default<O3>"},
    {"Os", "default<Os>"},
    {"Oz", "default<Oz>"},
};
const size_t dr_n_pipes = sizeof dr_pipes / sizeof dr_pipes[0];

/* "step: first error message" into reason. */
static void dr_reason(char *reason, const char *step, const dxil_diags *d)
{
    const dxil_diag *first = NULL;
    for (size_t i = 0; d && i < dxil_diags_count(d); i++) {
        const dxil_diag *g = dxil_diags_get(d, i);
        if (g->severity == DXIL_SEV_ERROR) {
            first = g;
            break;
        }
    }
    if (!first)
        snprintf(reason, DR_REASON, "%s: failed", step);
    else
        snprintf(reason, DR_REASON, "%s: %s [DXIL%04d]", step, first->message, first->code);
    for (char *p = reason; *p; p++) /* one line, for the table and CSV */
        if (*p == '\n' || *p == '\r')
            *p = ' ';
}

dxil_module *dr_load(const void *data, size_t size, const char *name, char *reason)
{
    dxil_options o;
    dxil_options_init(&o);
    o.layouts_from_reflection = true;
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(data, size, name, &o, d);
    if (!m)
        dr_reason(reason, "raise", d);
    dxil_diags_destroy(d);
    return m;
}

int dr_transform(dxil_module *m, const dr_pipe *pipe, uint8_t **out, size_t *out_size, char *reason)
{
    if (pipe->passes[0]) {
        LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
        LLVMErrorRef err = LLVMRunPasses(dxil_module_llvm(m), pipe->passes, NULL, po);
        LLVMDisposePassBuilderOptions(po);
        if (err) {
            char *msg = LLVMGetErrorMessage(err);
            snprintf(reason, DR_REASON, "passes: %s", msg);
            LLVMDisposeErrorMessage(msg);
            return -1;
        }
    }
    dxil_diags *d = dxil_diags_create();
    /* The signing gate validates: what it refuses is a refusal, not a run. */
    int rc = dxil_lower_write_container(m, NULL, NULL, out, out_size, d);
    if (rc != 0)
        dr_reason(reason, "lower", d);
    dxil_diags_destroy(d);
    return rc;
}

int dr_spirv(dxil_module *m, const dr_config *cfg, void **spv, size_t *size, char *reason)
{
    dxil_spirv_options o;
    dxil_spirv_options_init(&o);
    o.shifts = cfg->spirv_shifts;
    o.n_shifts = cfg->n_shifts;
    dxil_diags *d = dxil_diags_create();
    int rc = dxil_module_emit_spirv(m, &o, spv, size, d);
    if (rc != 0)
        dr_reason(reason, "spirv", d);
    dxil_diags_destroy(d);
    return rc;
}

void dr_outputs_free(dr_outputs *o)
{
    for (size_t i = 0; i < o->n; i++)
        free(o->b[i].data);
    free(o->b);
    o->b = NULL;
    o->n = 0;
}

/* The UAVs of a result, copied (the result is freed by the caller). */
static int dr_copy_outputs(const dxil_run_result *r, dr_outputs *out)
{
    out->b = calloc(r->n_bindings ? r->n_bindings : 1, sizeof *out->b);
    if (!out->b)
        return -1;
    for (size_t i = 0; i < r->n_bindings; i++) {
        const dxil_run_binding *b = &r->bindings[i];
        if (!b->data)
            continue;
        dr_buffer *o = &out->b[out->n];
        *o = (dr_buffer){b->cls, b->reg, b->space, b->stride, b->size, NULL}; /* reg counts array elements */
        o->data = malloc(b->size ? b->size : 1);
        if (!o->data)
            return -1;
        memcpy(o->data, b->data, b->size);
        out->n++;
    }
    return 0;
}

int dr_run(const void *spv, size_t size, const dr_config *cfg, int threads, bool finite,
           const char *name, dr_outputs *out, char *reason)
{
    dxil_run_options o;
    dxil_run_options_init(&o);
    memcpy(o.dispatch, cfg->dispatch, sizeof o.dispatch);
    o.seed = cfg->seed;
    o.seed_finite = finite;
    o.timeout = cfg->timeout;
    o.threads = threads;
    o.shifts = cfg->run_shifts;
    o.n_shifts = cfg->n_shifts;
    o.shader_name = name;
    dxil_diags *d = dxil_diags_create();
    dxil_run_result *r = NULL;
    int rc = dxil_run_spirv(spv, size, &o, &r, d);
    memset(out, 0, sizeof *out);
    if (rc != 0)
        dr_reason(reason, "run", d);
    else if (dr_copy_outputs(r, out) != 0) {
        dr_outputs_free(out);
        snprintf(reason, DR_REASON, "run: out of memory");
        rc = -1;
    }
    dxil_run_result_free(r);
    dxil_diags_destroy(d);
    return rc;
}
