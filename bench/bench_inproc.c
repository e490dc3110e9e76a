/* bench_inproc.c - in-process figures: per-phase cost against the
 * LLVM-only baseline, thread scaling, and the corpus scaled up. */
#include "bench.h"
#include "bitcode_validate.h"
#include "datalayout.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Phases; baseline fills only context+parse, write and destroy. */
enum { PH_CONTAINER, PH_VALIDATE, PH_FIXUP, PH_PARSE, PH_RAISE, PH_WRITE, PH_DESTROY, PH_TOTAL, PH_COUNT };
static const char *const ph_names[PH_COUNT] = {"container", "validate", "fixup", "parse", "raise",
                                               "write", "destroy", "total"};
static const bool ph_in_baseline[PH_COUNT] = {false, false, false, true, false, true, true, true};

static void inproc_quiet(LLVMDiagnosticInfoRef info, void *user)
{
    (void)info;
    (void)user;
}

static void inproc_write(LLVMModuleRef mod, dxil_emit_format emit)
{
    if (emit == DXIL_EMIT_BC) {
        LLVMMemoryBufferRef out = LLVMWriteBitcodeToMemoryBuffer(mod);
        if (out)
            LLVMDisposeMemoryBuffer(out);
    } else {
        LLVMDisposeMessage(LLVMPrintModuleToString(mod));
    }
}

/* LLVM alone on the already-fixed bitcode: parse, write back, free. */
static int inproc_baseline(const bench_shader *s, dxil_emit_format emit, double *t)
{
    double t0 = bench_now();
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, inproc_quiet, NULL);
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)s->fixed_bc, s->fixed_size, "baseline.bc", 0);
    LLVMModuleRef mod = NULL;
    int failed = LLVMParseBitcodeInContext2(ctx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    double t1 = bench_now();
    if (!failed)
        inproc_write(mod, emit);
    double t2 = bench_now();
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    double t3 = bench_now();
    t[PH_PARSE] = t1 - t0, t[PH_WRITE] = t2 - t1, t[PH_DESTROY] = t3 - t2, t[PH_TOTAL] = t3 - t0;
    return failed ? -1 : 0;
}

/* Container, validation and the datalayout fixup alone, to take them out
 * of "load" (which runs them again, then the parse). */
static void inproc_front(const bench_shader *s, double *t)
{
    const uint8_t *bc;
    size_t bc_size;
    double t0 = bench_now();
    int rc = dxil_locate_bitcode(s->data, s->size, NULL, &bc, &bc_size, NULL, NULL);
    double t1 = bench_now();
    if (rc == 0)
        rc = dxil_bitcode_validate(bc, bc_size, 0, NULL);
    double t2 = bench_now();
    if (rc == 0) {
        uint8_t *fixed = NULL;
        size_t fixed_size;
        char *original = NULL;
        dxil_bitcode_fix_datalayout(bc, bc_size, 0, &fixed, &fixed_size, &original, NULL);
        free(fixed);
        free(original);
    }
    double t3 = bench_now();
    t[PH_CONTAINER] = t1 - t0, t[PH_VALIDATE] = t2 - t1, t[PH_FIXUP] = t3 - t2;
}

/* Ours through the public API, phase by phase. */
static int inproc_ours(const bench_shader *s, dxil_emit_format emit, dxil_diags *diags, double *t)
{
    inproc_front(s, t);
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    double t0 = bench_now();
    dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, &opts, diags);
    double t1 = bench_now();
    int rc = m ? dxil_module_raise(m, diags) : -1;
    double t2 = bench_now();
    void *data = NULL;
    size_t size;
    if (rc == 0)
        rc = dxil_module_write_memory(m, emit, &data, &size, diags);
    free(data);
    double t3 = bench_now();
    dxil_module_destroy(m);
    double t4 = bench_now();
    double load = t1 - t0 - t[PH_CONTAINER] - t[PH_VALIDATE] - t[PH_FIXUP];
    t[PH_PARSE] = load > 0 ? load : 0;
    t[PH_RAISE] = t2 - t1, t[PH_WRITE] = t3 - t2, t[PH_DESTROY] = t4 - t3, t[PH_TOTAL] = t4 - t0;
    return rc;
}

int bench_run_ours(const bench_shader *s, dxil_emit_format emit)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, NULL, diags);
    void *data = NULL;
    size_t size;
    int rc = m ? dxil_module_write_memory(m, emit, &data, &size, diags) : -1;
    free(data);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return rc;
}

static int bench_run_baseline(const bench_shader *s, dxil_emit_format emit)
{
    double t[PH_COUNT];
    return inproc_baseline(s, emit, t);
}

/* ---- phases ------------------------------------------------------------- */

typedef struct phase_acc {
    double *base[PH_COUNT], *ours[PH_COUNT]; /* per shader, median over iterations */
    size_t failed_base, failed_ours;
} phase_acc;

/* Median over iterations of each phase for one shader. */
static void phase_measure(const bench_config *cfg, const bench_shader *s, dxil_diags *diags,
                          phase_acc *acc, size_t idx)
{
    unsigned n = cfg->iterations;
    double *samples = calloc((size_t)n * PH_COUNT * 2, sizeof *samples);
    for (unsigned it = 0; it < n; it++) {
        double tb[PH_COUNT] = {0}, to[PH_COUNT] = {0};
        acc->failed_base += inproc_baseline(s, cfg->emit, tb) != 0 && it == 0;
        acc->failed_ours += inproc_ours(s, cfg->emit, diags, to) != 0 && it == 0;
        dxil_diags_clear(diags);
        for (int p = 0; p < PH_COUNT; p++) {
            samples[(size_t)(2 * p) * n + it] = tb[p];
            samples[(size_t)(2 * p + 1) * n + it] = to[p];
        }
    }
    for (int p = 0; p < PH_COUNT; p++) {
        acc->base[p][idx] = bench_quantile(samples + (size_t)(2 * p) * n, n, 0.5);
        acc->ours[p][idx] = bench_quantile(samples + (size_t)(2 * p + 1) * n, n, 0.5);
    }
    free(samples);
}

static double phase_sum(const double *v, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void phase_print(const bench_corpus *c, phase_acc *acc, bench_csv *csv)
{
    printf("%-10s %14s %14s %10s\n", "phase", "baseline_us", "ours_us", "ours_vs_base");
    for (int p = 0; p < PH_COUNT; p++) {
        double b = phase_sum(acc->base[p], c->count) / (double)c->count * 1e6;
        double o = phase_sum(acc->ours[p], c->count) / (double)c->count * 1e6;
        if (ph_in_baseline[p])
            printf("%-10s %14.1f %14.1f %+9.1f%%\n", ph_names[p], b, o, b > 0 ? (o / b - 1) * 100 : 0);
        else
            printf("%-10s %14s %14.1f %10s\n", ph_names[p], "-", o, "");
        bench_csv_row(csv, "phase", ph_names[p], "baseline_us", ph_in_baseline[p] ? b : 0, "us");
        bench_csv_row(csv, "phase", ph_names[p], "ours_us", o, "us");
    }
}

static void phase_latency(const bench_corpus *c, phase_acc *acc, bench_csv *csv)
{
    double total_b = phase_sum(acc->base[PH_TOTAL], c->count);
    double total_o = phase_sum(acc->ours[PH_TOTAL], c->count);
    double p50b = bench_quantile(acc->base[PH_TOTAL], c->count, 0.5) * 1e6;
    double p99b = bench_quantile(acc->base[PH_TOTAL], c->count, 0.99) * 1e6;
    double p50o = bench_quantile(acc->ours[PH_TOTAL], c->count, 0.5) * 1e6;
    double p99o = bench_quantile(acc->ours[PH_TOTAL], c->count, 0.99) * 1e6;
    double mb = (double)c->bytes / 1e6;
    printf("%-10s %14s %14s\n", "1 thread", "baseline", "ours");
    printf("%-10s %14.1f %14.1f\n", "shaders/s", (double)c->count / total_b, (double)c->count / total_o);
    printf("%-10s %14.2f %14.2f\n", "MB/s", mb / total_b, mb / total_o);
    printf("%-10s %14.1f %14.1f\n", "p50_us", p50b, p50o);
    printf("%-10s %14.1f %14.1f\n", "p99_us", p99b, p99o);
    printf("failed: baseline %zu, ours %zu; ours costs %+.1f%% over the baseline (target <= +10%%)\n",
           acc->failed_base, acc->failed_ours, (total_o / total_b - 1) * 100);
    bench_csv_row(csv, "latency", "baseline", "p50_us", p50b, "us");
    bench_csv_row(csv, "latency", "baseline", "p99_us", p99b, "us");
    bench_csv_row(csv, "latency", "ours", "p50_us", p50o, "us");
    bench_csv_row(csv, "latency", "ours", "p99_us", p99o, "us");
    bench_csv_row(csv, "overhead", "ours_vs_baseline", "percent", (total_o / total_b - 1) * 100, "%");
}

static void phase_write_csv(const bench_config *cfg, const bench_corpus *c, phase_acc *acc)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/phases.csv", cfg->out_dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    fputs("phase,baseline_us,ours_us\n", f);
    for (int p = 0; p < PH_TOTAL; p++)
        fprintf(f, "%s,%.3f,%.3f\n", ph_names[p],
                phase_sum(acc->base[p], c->count) / (double)c->count * 1e6,
                phase_sum(acc->ours[p], c->count) / (double)c->count * 1e6);
    fclose(f);
}

void bench_phases(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    printf("\n== phases: mean per shader, 1 thread, median of %u iterations, emit %s ==\n",
           cfg->iterations, cfg->emit == DXIL_EMIT_BC ? "bc" : "ll");
    phase_acc acc = {0};
    for (int p = 0; p < PH_COUNT; p++) {
        acc.base[p] = calloc(c->count, sizeof(double));
        acc.ours[p] = calloc(c->count, sizeof(double));
    }
    dxil_diags *diags = dxil_diags_create();
    for (size_t i = 0; i < c->count; i++)
        phase_measure(cfg, &c->items[i], diags, &acc, i);
    dxil_diags_destroy(diags);
    phase_print(c, &acc, csv);
    phase_write_csv(cfg, c, &acc);
    phase_latency(c, &acc, csv);
    for (int p = 0; p < PH_COUNT; p++) {
        free(acc.base[p]);
        free(acc.ours[p]);
    }
}

/* ---- thread pool over the corpus ---------------------------------------- */

typedef struct pool_job {
    const bench_corpus *c;
    size_t total; /* corpus count x repetitions */
    dxil_emit_format emit;
    bool baseline;
    atomic_size_t next;
} pool_job;

static void *pool_worker(void *arg)
{
    pool_job *j = arg;
    for (size_t i; (i = atomic_fetch_add(&j->next, 1)) < j->total;) {
        const bench_shader *s = &j->c->items[i % j->c->count];
        if (j->baseline)
            bench_run_baseline(s, j->emit);
        else
            bench_run_ours(s, j->emit);
    }
    return NULL;
}

/* Wall seconds to convert the corpus reps times on n threads. */
static double pool_run(const bench_corpus *c, unsigned reps, unsigned n, dxil_emit_format emit,
                       bool baseline)
{
    pool_job j = {.c = c, .total = c->count * reps, .emit = emit, .baseline = baseline};
    atomic_init(&j.next, 0);
    pthread_t *tids = calloc(n, sizeof *tids);
    double t0 = bench_now();
    unsigned started = 0;
    while (started < n && pthread_create(&tids[started], NULL, pool_worker, &j) == 0)
        started++;
    if (started == 0)
        pool_worker(&j);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    free(tids);
    return bench_now() - t0;
}

static void threads_csv_line(FILE *f, unsigned n, double base, double ours, double speedup)
{
    if (f)
        fprintf(f, "%u,%.2f,%.2f,%.3f\n", n, base, ours, speedup);
}

/* 1, 2, 4, ... and finally the maximum itself. */
static unsigned threads_next(unsigned n, unsigned max)
{
    return n * 2 < max ? n * 2 : max;
}

void bench_threads(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    printf("\n== threads: corpus x %u per run, throughput ==\n", cfg->iterations);
    printf("%-8s %16s %16s %10s %10s\n", "threads", "baseline_sh/s", "ours_sh/s", "ours_MB/s",
           "speedup");
    char path[4096];
    snprintf(path, sizeof path, "%s/threads.csv", cfg->out_dir);
    FILE *f = fopen(path, "w");
    if (f)
        fputs("threads,baseline_shaders_per_s,ours_shaders_per_s,speedup\n", f);
    double one = 0, n_sh = (double)c->count * cfg->iterations;
    for (unsigned n = 1;; n = threads_next(n, cfg->max_threads)) {
        double tb = pool_run(c, cfg->iterations, n, cfg->emit, true);
        double to = pool_run(c, cfg->iterations, n, cfg->emit, false);
        if (n == 1)
            one = n_sh / to;
        double speedup = one > 0 ? n_sh / to / one : 0;
        printf("%-8u %16.1f %16.1f %10.2f %9.2fx\n", n, n_sh / tb, n_sh / to,
               (double)c->bytes * cfg->iterations / 1e6 / to, speedup);
        char item[32];
        snprintf(item, sizeof item, "%u", n);
        bench_csv_row(csv, "threads", item, "baseline_shaders_per_s", n_sh / tb, "1/s");
        bench_csv_row(csv, "threads", item, "ours_shaders_per_s", n_sh / to, "1/s");
        bench_csv_row(csv, "threads", item, "speedup", speedup, "x");
        threads_csv_line(f, n, n_sh / tb, n_sh / to, speedup);
        if (n == cfg->max_threads)
            break;
    }
    if (f)
        fclose(f);
}

void bench_scaled(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    unsigned n = cfg->max_threads;
    printf("\n== scaled corpus: repeated in memory, %u threads ==\n", n);
    printf("%-8s %10s %10s %12s %12s %12s\n", "scale", "shaders", "seconds", "us/shader",
           "rss_MiB", "peak_MiB");
    for (unsigned k = 0; k < cfg->nscales; k++) {
        unsigned s = cfg->scales[k];
        double secs = pool_run(c, s, n, cfg->emit, false);
        double shaders = (double)c->count * s;
        double rss = bench_current_rss_mb(), peak = bench_peak_rss_mb();
        printf("x%-7u %10.0f %10.2f %12.1f %12.1f %12.1f\n", s, shaders, secs,
               secs / shaders * 1e6, rss, peak);
        char item[32];
        snprintf(item, sizeof item, "x%u", s);
        bench_csv_row(csv, "scaled", item, "us_per_shader", secs / shaders * 1e6, "us");
        bench_csv_row(csv, "scaled", item, "rss_mib", rss, "MiB");
        bench_csv_row(csv, "scaled", item, "peak_rss_mib", peak, "MiB");
    }
}
