/* diffrun_shader.c - one dxil-diffrun input: the original's runs, then
 * each variant (a pipeline's output, or --against's container) run and
 * compared with them. */
#include "diffrun.h"
#include "common/file_io.h"

#include <stdlib.h>
#include <string.h>

/* lavapipe's threads for the second run of a binary: groups then run
 * concurrently, so a race or an order-dependent atomic shows. */
enum { DR_RACE_THREADS = 2 };

/* The original's SPIR-V and first run's UAVs. */
typedef struct dr_base {
    void *spv;
    size_t size;
    dr_outputs out;
    bool reassoc, finite, nondet;
    char nondet_where[DR_REASON];
} dr_base;

/* Runs spv a second time on more threads; true when that run gives
 * first's bytes again (a failed run counts as different). */
static bool dr_rerun_same(const dr_cli *c, const void *spv, size_t size, const char *name,
                          const dr_outputs *first, char *where)
{
    dr_outputs again;
    char reason[DR_REASON];
    if (dr_run(spv, size, &c->cfg, DR_RACE_THREADS, false, name, &again, reason) != 0) {
        snprintf(where, DR_REASON, "second run: %.480s", reason);
        return false;
    }
    dr_diff d;
    dr_compare(first, &again, false, 0, &d);
    dr_outputs_free(&again);
    if (d.verdict != DR_SAME)
        memcpy(where, d.where, DR_REASON);
    return d.verdict == DR_SAME;
}

/* SPIR-V of a container's shader, raised. */
static int dr_container_spirv(const dr_cli *c, const void *data, size_t size, const char *name,
                              void **spv, size_t *spv_size, dr_base *b, char *reason)
{
    dxil_module *m = dr_load(data, size, name, reason);
    if (!m)
        return -1;
    if (b) {
        b->reassoc = dr_allows_reassoc(m);
        b->finite = dr_assumes_finite(m);
    }
    int rc = dr_spirv(m, &c->cfg, spv, spv_size, reason);
    dxil_module_destroy(m);
    return rc;
}

static int dr_original(const dr_cli *c, const void *data, size_t size, const char *name,
                       dr_base *b, char *reason)
{
    if (dr_container_spirv(c, data, size, name, &b->spv, &b->size, b, reason) != 0)
        return -1;
    if (dr_run(b->spv, b->size, &c->cfg, 0, false, name, &b->out, reason) != 0)
        return -1;
    b->nondet = !dr_rerun_same(c, b->spv, b->size, name, &b->out, b->nondet_where);
    return 0;
}

/* True when the original and the variant give the same bytes on seeded
 * inputs holding no NaN or infinity. DXC's default `fast` flags (nnan,
 * ninf) make a float op on such values poison, and LLVM leaves a NaN
 * result's sign and payload unspecified even without them; a hash of the
 * bits of floats (f32tof16 carries a NaN's sign into bit 15) then
 * differs without a miscompile. */
static bool dr_same_when_finite(const dr_cli *c, const dr_base *b, const void *spv,
                                size_t size, const char *name)
{
    dr_outputs x, y;
    char reason[DR_REASON];
    if (dr_run(b->spv, b->size, &c->cfg, 0, true, name, &x, reason) != 0)
        return false;
    dr_diff d = {.verdict = DR_MISMATCH};
    if (dr_run(spv, size, &c->cfg, 0, true, name, &y, reason) == 0) {
        dr_compare(&x, &y, b->reassoc, c->cfg.max_ulps, &d);
        dr_outputs_free(&y);
    }
    dr_outputs_free(&x);
    return d.verdict <= DR_DRIFT;
}

/* A mismatch that only non-finite inputs make, under nnan/ninf: drift. */
static void dr_nonfinite_drift(const dr_cli *c, const dr_base *b, const void *spv, size_t size,
                               const char *name, dr_diff *d)
{
    if (d->verdict != DR_MISMATCH || !b->finite || !dr_same_when_finite(c, b, spv, size, name))
        return;
    char where[DR_REASON];
    snprintf(where, sizeof where, "only with NaN/infinite inputs (nnan/ninf): %.440s", d->where);
    memcpy(d->where, where, sizeof where);
    d->verdict = DR_DRIFT;
}

/* A variant's container run against the original: its verdict in d. */
static void dr_judge(const dr_cli *c, const dr_base *b, const void *dxil, size_t n,
                     const char *name, dr_diff *d)
{
    void *spv = NULL;
    size_t spv_size = 0;
    memset(d, 0, sizeof *d);
    d->verdict = DR_REFUSED;
    if (dr_container_spirv(c, dxil, n, name, &spv, &spv_size, NULL, d->where) != 0)
        return;
    dr_outputs out;
    if (spv_size == b->size && memcmp(spv, b->spv, spv_size) == 0) {
        /* the same binary on the same inputs: nothing new to run */
        d->verdict = b->nondet ? DR_NONDET : DR_SAME;
        snprintf(d->where, sizeof d->where, "identical SPIR-V");
    } else if (b->nondet) {
        d->verdict = DR_NONDET;
        snprintf(d->where, sizeof d->where, "the original is nondeterministic");
    } else if (dr_run(spv, spv_size, &c->cfg, 0, false, name, &out, d->where) == 0) {
        dr_compare(&b->out, &out, b->reassoc, c->cfg.max_ulps, d);
        char where[DR_REASON];
        if (d->verdict != DR_SAME && !dr_rerun_same(c, spv, spv_size, name, &out, where)) {
            d->verdict = DR_NONDET;
            memcpy(d->where, where, sizeof where);
        }
        dr_nonfinite_drift(c, b, spv, spv_size, name, d);
        dr_outputs_free(&out);
    }
    free(spv);
}

/* One pipeline: transform a fresh load, then judge its container. */
static void dr_pipeline(const dr_cli *c, const dr_base *b, const void *data, size_t size,
                        const char *name, const dr_pipe *p, dr_diff *d)
{
    memset(d, 0, sizeof *d);
    d->verdict = DR_REFUSED;
    dxil_module *m = dr_load(data, size, name, d->where);
    if (!m)
        return;
    uint8_t *dxil = NULL;
    size_t n = 0;
    int rc = dr_transform(m, p, &dxil, &n, d->where);
    dxil_module_destroy(m);
    if (rc == 0)
        dr_judge(c, b, dxil, n, name, d);
    free(dxil);
}

static void dr_progress(const dr_cli *c, const char *name, const char *pipe, const dr_diff *d)
{
    if (!c->quiet)
        fprintf(stderr, "%s: %s %s%s%s\n", name, pipe, dr_verdict_names[d->verdict],
                d->where[0] ? ": " : "", d->where);
}

/* The variants of one runnable original. */
static int dr_variants(const dr_cli *c, const dr_base *b, const void *data, size_t size,
                       const char *name, dr_report *r)
{
    dr_diff d;
    if (c->against) {
        size_t n = 0;
        dxil_diags *g = dxil_diags_create();
        uint8_t *other = file_read_all(c->against, &n, g);
        dxil_diags_print(g, stderr, c->against);
        dxil_diags_destroy(g);
        if (!other)
            return -1;
        dr_judge(c, b, other, n, c->against, &d);
        free(other);
        dr_progress(c, name, "against", &d);
        return dr_report_add(r, name, "against", d.verdict, d.max_ulps, d.where);
    }
    for (size_t i = 0; i < c->n_pipes; i++) {
        dr_pipeline(c, b, data, size, name, c->pipes[i], &d);
        dr_progress(c, name, c->pipes[i]->name, &d);
        if (dr_report_add(r, name, c->pipes[i]->name, d.verdict, d.max_ulps, d.where) != 0)
            return -1;
    }
    return 0;
}

int dr_shader(const dr_cli *c, const char *path, dr_report *r)
{
    size_t size = 0;
    dxil_diags *g = dxil_diags_create();
    uint8_t *data = file_read_all(path, &size, g);
    dxil_diags_print(g, stderr, path);
    dxil_diags_destroy(g);
    if (!data)
        return -1;
    r->shaders++;
    dr_base b = {0};
    dr_diff d = {.verdict = DR_SAME};
    int rc = 0;
    if (dr_original(c, data, size, path, &b, d.where) != 0)
        d.verdict = DR_REFUSED;
    else if (b.nondet) {
        d.verdict = DR_NONDET;
        memcpy(d.where, b.nondet_where, sizeof d.where);
    }
    dr_progress(c, path, "original", &d);
    rc = dr_report_add(r, path, "original", d.verdict, 0, d.where);
    if (rc == 0 && d.verdict != DR_REFUSED) {
        r->runnable++;
        rc = dr_variants(c, &b, data, size, path, r);
    }
    dr_outputs_free(&b.out);
    free(b.spv);
    free(data);
    return rc;
}
