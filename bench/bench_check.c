/* bench_check.c - the "check" row: the validator (dxil_validate_module)
 * on a loaded shader against the load itself (dxil_module_load_memory,
 * unraised: what --check loads), both timed per shader in the same run.
 * The target: the check costs at most the load (issue 30). */
#include "bench.h"
#include "dxil-upgrade/dxil_validate.h"
#include "tools/clock.h"

#include <stdlib.h>

typedef struct check_acc {
    double *load, *check; /* per shader, median over iterations */
    size_t n, failed, violations;
} check_acc;

static void check_measure(const bench_config *cfg, const bench_shader *s, check_acc *acc)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    unsigned n = cfg->iterations;
    double *samples = calloc(2 * (size_t)n, sizeof *samples);
    int rc = samples ? 0 : -1, found = 0;
    for (unsigned it = 0; rc == 0 && it < n; it++) {
        double t0 = clock_now();
        dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, &opts, NULL);
        double t1 = clock_now();
        found = m ? dxil_validate_module(m, NULL, NULL) : -1;
        double t2 = clock_now();
        dxil_module_destroy(m);
        rc = m && found >= 0 ? 0 : -1;
        samples[it] = t1 - t0;
        samples[n + it] = t2 - t1;
    }
    if (rc == 0) {
        acc->load[acc->n] = bench_quantile(samples, n, 0.5);
        acc->check[acc->n++] = bench_quantile(samples + n, n, 0.5);
        acc->violations += found > 0;
    } else {
        acc->failed++;
    }
    free(samples);
}

void bench_check(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    printf("\n== validator: mean per shader, 1 thread, median of %u iterations ==\n",
           cfg->iterations);
    check_acc acc = {.load = calloc(c->count + 1, sizeof(double)),
                     .check = calloc(c->count + 1, sizeof(double))};
    for (size_t i = 0; acc.load && acc.check && i < c->count; i++)
        check_measure(cfg, &c->items[i], &acc);
    double load = 0, check = 0;
    for (size_t i = 0; i < acc.n; i++) {
        load += acc.load[i];
        check += acc.check[i];
    }
    double n = acc.n ? (double)acc.n : 1, ratio = load > 0 ? check / load : 0;
    printf("%-40s %10s %8s\n", "step", "us/shader", "ratio");
    printf("%-40s %10.1f %7.2fx\n", "load (unraised, as --check loads)", load / n * 1e6, 1.0);
    printf("%-40s %10.1f %7.2fx\n", "dxil_validate_module (the check)", check / n * 1e6, ratio);
    printf("%zu shaders (%zu with violations), %zu failed; the check costs %.2fx the load "
           "(target <= 1x)\n",
           acc.n, acc.violations, acc.failed, ratio);
    bench_csv_row(csv, "check", "load", "us_per_shader", load / n * 1e6, "us");
    bench_csv_row(csv, "check", "validate", "us_per_shader", check / n * 1e6, "us");
    bench_csv_row(csv, "check", "validate_vs_load", "ratio", ratio, "x");
    free(acc.load);
    free(acc.check);
}
