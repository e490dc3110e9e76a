/* bench_lower.c - the "lower" row: what the legalization passes (those
 * dxil_lower_options.legalize turns off, docs/lowering.md) add to lowering
 * DXC-made input. Each corpus shader is raised (dxil_module_load_memory)
 * and lowered with all passes and with legalize = false, both timed per
 * shader in the same run; loading is outside the timed region, each timed
 * lowering gets a fresh module. The target: <= +10% (issue 29). */
#include "bench.h"
#include "dxil-upgrade/dxil_lower.h"
#include "tools/clock.h"

#include <stdlib.h>
#include <string.h>

typedef struct lower_acc {
    double *base, *ours; /* per shader, median over iterations */
    size_t n, failed, differ;
} lower_acc;

/* One timed lowering of a freshly raised module; the printed result in
 * *text when text is not NULL (free() it). Seconds, or -1 on failure. */
static double lower_once(const bench_shader *s, bool legalize, char **text)
{
    dxil_options lo;
    dxil_options_init(&lo);
    dxil_lower_options opts;
    dxil_lower_options_init(&opts);
    opts.legalize = legalize;
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = diags ? dxil_module_load_memory(s->data, s->size, s->path, &lo, NULL) : NULL;
    double t0 = clock_now();
    int rc = m ? dxil_module_lower(m, &opts, diags) : -1;
    double t = clock_now() - t0;
    size_t size;
    if (rc == 0 && text && dxil_module_write_memory(m, DXIL_EMIT_LL, (void **)text, &size, NULL))
        rc = -1;
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return rc == 0 ? t : -1;
}

/* Both modes, in alternating order (neither always runs after the other
 * on a warm cache); the first iteration also compares their outputs. */
static int lower_pair(const bench_shader *s, unsigned it, double *t, bool *differ)
{
    char *text[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        bool ours = (k + it) % 2 == 0;
        t[ours] = lower_once(s, ours, it == 0 ? &text[ours] : NULL);
    }
    if (it == 0 && text[0] && text[1])
        *differ = strcmp(text[0], text[1]) != 0;
    free(text[0]);
    free(text[1]);
    return t[0] < 0 || t[1] < 0 ? -1 : 0;
}

static void lower_measure(const bench_config *cfg, const bench_shader *s, lower_acc *acc)
{
    unsigned n = cfg->iterations;
    double *samples = calloc(2 * (size_t)n, sizeof *samples);
    bool differ = false;
    int rc = samples ? 0 : -1;
    for (unsigned it = 0; rc == 0 && it < n; it++) {
        double t[2];
        rc = lower_pair(s, it, t, &differ);
        samples[it] = t[0];
        samples[n + it] = t[1];
    }
    if (rc == 0) {
        acc->base[acc->n] = bench_quantile(samples, n, 0.5);
        acc->ours[acc->n++] = bench_quantile(samples + n, n, 0.5);
        acc->differ += differ;
        if (differ)
            fprintf(stderr, "dxil-bench: lower: %s: legalize=false gives other output\n",
                    s->path);
    } else {
        acc->failed++;
    }
    free(samples);
}

void bench_lower(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    printf("\n== lowering DXC-made input (raised): mean per shader, 1 thread, median of %u "
           "iterations ==\n", cfg->iterations);
    lower_acc acc = {.base = calloc(c->count + 1, sizeof(double)),
                     .ours = calloc(c->count + 1, sizeof(double))};
    for (size_t i = 0; acc.base && acc.ours && i < c->count; i++)
        lower_measure(cfg, &c->items[i], &acc);
    double base = 0, ours = 0;
    for (size_t i = 0; i < acc.n; i++) {
        base += acc.base[i];
        ours += acc.ours[i];
    }
    double n = acc.n ? (double)acc.n : 1, ratio = base > 0 ? ours / base : 0;
    printf("%-44s %10s %8s\n", "dxil_module_lower", "us/shader", "ratio");
    printf("%-44s %10.1f %7.3fx\n", "baseline: legalize = false", base / n * 1e6, 1.0);
    printf("%-44s %10.1f %7.3fx\n", "ours: all passes (legalization included)", ours / n * 1e6,
           ratio);
    printf("%zu shaders (%zu lowered differently without the legalization), %zu failed; the "
           "legalization adds %+.1f%% (target <= +10%%)\n",
           acc.n, acc.differ, acc.failed, (ratio - 1) * 100);
    bench_csv_row(csv, "lower", "no_legalize", "us_per_shader", base / n * 1e6, "us");
    bench_csv_row(csv, "lower", "all_passes", "us_per_shader", ours / n * 1e6, "us");
    bench_csv_row(csv, "lower", "all_vs_no_legalize", "ratio", ratio, "x");
    bench_csv_row(csv, "lower", "differ", "shaders", (double)acc.differ, "");
    free(acc.base);
    free(acc.ours);
}
