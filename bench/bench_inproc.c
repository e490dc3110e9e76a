/* bench_inproc.c - in-process figures: per-phase cost against the
 * LLVM-only baseline, thread scaling, and the corpus scaled up. */
#include "bench.h"
#include "bitcode/bitcode_validate.h"
#include "bitcode/datalayout.h"
#include "tools/clock.h"
#include "tools/rss.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Phases; baseline fills only context+parse, write and destroy. */
enum { PH_CONTAINER, PH_VALIDATE, PH_FIXUP, PH_PARSE, PH_RAISE, PH_VERIFY, PH_WRITE, PH_DESTROY,
       PH_TOTAL, PH_COUNT };
static const char *const ph_names[PH_COUNT] = {"container", "validate", "fixup", "parse", "raise",
                                               "verify", "write", "destroy", "total"};
static const bool ph_in_baseline[PH_COUNT] = {false, false, false, true, false,
                                              false, true,  true,  true};

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

/* LLVM alone on a bitcode stream: parse, write back, free. The baseline
 * runs it on the datalayout-fixed input, the "raised" column on our
 * output. */
static int inproc_llvm_alone(const uint8_t *bc, size_t size, dxil_emit_format emit, double *t)
{
    double t0 = clock_now();
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, inproc_quiet, NULL);
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRange((const char *)bc, size, "baseline.bc", 0);
    LLVMModuleRef mod = NULL;
    int failed = LLVMParseBitcodeInContext2(ctx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    double t1 = clock_now();
    if (!failed)
        inproc_write(mod, emit);
    double t2 = clock_now();
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    double t3 = clock_now();
    t[PH_PARSE] = t1 - t0, t[PH_WRITE] = t2 - t1, t[PH_DESTROY] = t3 - t2, t[PH_TOTAL] = t3 - t0;
    return failed ? -1 : 0;
}

static int inproc_baseline(const bench_shader *s, dxil_emit_format emit, double *t)
{
    return inproc_llvm_alone(s->fixed_bc, s->fixed_size, emit, t);
}

/* Container, validation and the datalayout fixup alone, to take them out
 * of "load" (which runs them again, then the parse). */
static void inproc_front(const bench_shader *s, double *t)
{
    const uint8_t *bc;
    size_t bc_size;
    double t0 = clock_now();
    int rc = dxil_locate_bitcode(s->data, s->size, NULL, &bc, &bc_size, NULL, NULL);
    double t1 = clock_now();
    if (rc == 0)
        rc = bitcode_validate(bc, bc_size, 0, NULL);
    double t2 = clock_now();
    if (rc == 0) {
        uint8_t *fixed = NULL;
        size_t fixed_size;
        char *original = NULL;
        bitcode_fix_datalayout(bc, bc_size, 0, &fixed, &fixed_size, &original, NULL);
        free(fixed);
        free(original);
    }
    double t3 = clock_now();
    t[PH_CONTAINER] = t1 - t0, t[PH_VALIDATE] = t2 - t1, t[PH_FIXUP] = t3 - t2;
}

/* Ours through the public API, phase by phase. The write is what
 * dxil_module_write_memory does, in its two parts: LLVM's verifier (a
 * module it rejects is never written), then LLVM's writer as the
 * baseline runs it. */
static int inproc_ours(const bench_shader *s, dxil_emit_format emit, dxil_diags *diags, double *t)
{
    inproc_front(s, t);
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    double t0 = clock_now();
    dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, &opts, diags);
    double t1 = clock_now();
    int rc = m ? dxil_module_raise(m, diags) : -1;
    double t2 = clock_now();
    if (rc == 0)
        rc = dxil_module_verify(m, diags);
    double t3 = clock_now();
    if (rc == 0)
        inproc_write(dxil_module_llvm(m), emit);
    double t4 = clock_now();
    dxil_module_destroy(m);
    double t5 = clock_now();
    double load = t1 - t0 - t[PH_CONTAINER] - t[PH_VALIDATE] - t[PH_FIXUP];
    t[PH_PARSE] = load > 0 ? load : 0;
    t[PH_RAISE] = t2 - t1, t[PH_VERIFY] = t3 - t2, t[PH_WRITE] = t4 - t3;
    t[PH_DESTROY] = t5 - t4;
    t[PH_TOTAL] = t5 - t0;
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

/* The three columns of the phases table. */
enum { COL_BASE, COL_OURS, COL_RAISED, COL_COUNT };

typedef struct phase_acc {
    double *v[COL_COUNT][PH_COUNT]; /* per shader, median over iterations */
    size_t failed[COL_COUNT];
    size_t n_raised;                /* shaders with a raised stream */
    double base_of_raised;          /* baseline total over those shaders */
} phase_acc;

/* Median over iterations of each phase for one shader, in each column. */
static void phase_measure(const bench_config *cfg, const bench_shader *s, dxil_diags *diags,
                          phase_acc *acc, size_t idx)
{
    unsigned n = cfg->iterations;
    double *samples = calloc((size_t)n * PH_COUNT * COL_COUNT, sizeof *samples);
    for (unsigned it = 0; it < n; it++) {
        double t[COL_COUNT][PH_COUNT] = {{0}};
        int rc[COL_COUNT] = {0};
        /* Each iteration starts with another column: the first to touch a
         * shader's bytes pays for bringing them into the cache. */
        for (int k = 0; k < COL_COUNT; k++) {
            int col = (int)((it + (unsigned)k) % COL_COUNT);
            if (col == COL_BASE)
                rc[col] = inproc_baseline(s, cfg->emit, t[col]);
            else if (col == COL_OURS)
                rc[col] = inproc_ours(s, cfg->emit, diags, t[col]);
            else
                rc[col] = s->raised_bc
                    ? inproc_llvm_alone(s->raised_bc, s->raised_size, cfg->emit, t[col]) : 0;
        }
        dxil_diags_clear(diags);
        for (int col = 0; col < COL_COUNT; col++) {
            acc->failed[col] += rc[col] != 0 && it == 0;
            for (int p = 0; p < PH_COUNT; p++)
                samples[((size_t)col * PH_COUNT + (size_t)p) * n + it] = t[col][p];
        }
    }
    for (int col = 0; col < COL_COUNT; col++)
        for (int p = 0; p < PH_COUNT; p++)
            acc->v[col][p][idx] =
                bench_quantile(samples + ((size_t)col * PH_COUNT + (size_t)p) * n, n, 0.5);
    if (s->raised_bc) {
        acc->n_raised++;
        acc->base_of_raised += acc->v[COL_BASE][PH_TOTAL][idx];
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

/* Mean per shader of one column's phase, in microseconds. */
static double phase_mean_us(const phase_acc *acc, int col, int p, size_t count)
{
    size_t n = col == COL_RAISED ? acc->n_raised : count;
    return n ? phase_sum(acc->v[col][p], count) / (double)n * 1e6 : 0;
}

/* share: the phase's part of ours' total (the phases are timed one by
 * one, so the shares add up to about 100%). */
static void phase_print(const bench_corpus *c, phase_acc *acc, bench_csv *csv)
{
    printf("%-10s %12s %10s %12s %10s %7s\n", "phase", "baseline_us", "ours_us", "ours_vs_base",
           "raised_us", "share");
    double total = phase_mean_us(acc, COL_OURS, PH_TOTAL, c->count);
    for (int p = 0; p < PH_COUNT; p++) {
        double b = phase_mean_us(acc, COL_BASE, p, c->count);
        double o = phase_mean_us(acc, COL_OURS, p, c->count);
        double r = phase_mean_us(acc, COL_RAISED, p, c->count);
        double share = total > 0 ? o / total * 100 : 0;
        if (ph_in_baseline[p])
            printf("%-10s %12.1f %10.1f %+11.1f%% %10.1f %6.1f%%\n", ph_names[p], b, o,
                   b > 0 ? (o / b - 1) * 100 : 0, r, share);
        else
            printf("%-10s %12s %10.1f %12s %10s %6.1f%%\n", ph_names[p], "-", o, "", "-", share);
        bench_csv_row(csv, "phase", ph_names[p], "share", share, "%");
        bench_csv_row(csv, "phase", ph_names[p], "baseline_us", ph_in_baseline[p] ? b : 0, "us");
        bench_csv_row(csv, "phase", ph_names[p], "ours_us", o, "us");
        bench_csv_row(csv, "phase", ph_names[p], "raised_us", ph_in_baseline[p] ? r : 0, "us");
    }
}

static void phase_latency(const bench_corpus *c, phase_acc *acc, bench_csv *csv)
{
    double *vb = acc->v[COL_BASE][PH_TOTAL], *vo = acc->v[COL_OURS][PH_TOTAL];
    double total_b = phase_sum(vb, c->count);
    double total_o = phase_sum(vo, c->count);
    double total_r = phase_sum(acc->v[COL_RAISED][PH_TOTAL], c->count);
    double p50b = bench_quantile(vb, c->count, 0.5) * 1e6;
    double p99b = bench_quantile(vb, c->count, 0.99) * 1e6;
    double p50o = bench_quantile(vo, c->count, 0.5) * 1e6;
    double p99o = bench_quantile(vo, c->count, 0.99) * 1e6;
    double mb = (double)c->bytes / 1e6;
    double over = (total_o / total_b - 1) * 100;
    double floor = acc->base_of_raised > 0 ? (total_r / acc->base_of_raised - 1) * 100 : 0;
    printf("%-10s %14s %14s\n", "1 thread", "baseline", "ours");
    printf("%-10s %14.1f %14.1f\n", "shaders/s", (double)c->count / total_b, (double)c->count / total_o);
    printf("%-10s %14.2f %14.2f\n", "MB/s", mb / total_b, mb / total_o);
    printf("%-10s %14.1f %14.1f\n", "p50_us", p50b, p50o);
    printf("%-10s %14.1f %14.1f\n", "p99_us", p99b, p99o);
    printf("failed: baseline %zu, ours %zu, raised %zu; ours costs %+.1f%% over the baseline "
           "(target <= +10%%)\n",
           acc->failed[COL_BASE], acc->failed[COL_OURS], acc->failed[COL_RAISED], over);
    printf("raised: LLVM alone on our raised output (%zu shaders) costs %+.1f%% over LLVM alone "
           "on the input, the floor of any raise that has LLVM read the raised form\n",
           acc->n_raised, floor);
    bench_csv_row(csv, "latency", "baseline", "p50_us", p50b, "us");
    bench_csv_row(csv, "latency", "baseline", "p99_us", p99b, "us");
    bench_csv_row(csv, "latency", "ours", "p50_us", p50o, "us");
    bench_csv_row(csv, "latency", "ours", "p99_us", p99o, "us");
    bench_csv_row(csv, "overhead", "ours_vs_baseline", "percent", over, "%");
    bench_csv_row(csv, "overhead", "raised_vs_baseline", "percent", floor, "%");
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
        fprintf(f, "%s,%.3f,%.3f\n", ph_names[p], phase_mean_us(acc, COL_BASE, p, c->count),
                phase_mean_us(acc, COL_OURS, p, c->count));
    fclose(f);
}

void bench_phases(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    printf("\n== phases: mean per shader, 1 thread, median of %u iterations, emit %s ==\n",
           cfg->iterations, cfg->emit == DXIL_EMIT_BC ? "bc" : "ll");
    printf("(raised: LLVM alone, parse + write + free, on our raised output instead of the input)\n");
    phase_acc acc = {0};
    for (int col = 0; col < COL_COUNT; col++)
        for (int p = 0; p < PH_COUNT; p++)
            acc.v[col][p] = calloc(c->count, sizeof(double));
    dxil_diags *diags = dxil_diags_create();
    for (size_t i = 0; i < c->count; i++)
        phase_measure(cfg, &c->items[i], diags, &acc, i);
    dxil_diags_destroy(diags);
    phase_print(c, &acc, csv);
    phase_write_csv(cfg, c, &acc);
    phase_latency(c, &acc, csv);
    for (int col = 0; col < COL_COUNT; col++)
        for (int p = 0; p < PH_COUNT; p++)
            free(acc.v[col][p]);
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
    double t0 = clock_now();
    unsigned started = 0;
    while (started < n && pthread_create(&tids[started], NULL, pool_worker, &j) == 0)
        started++;
    if (started == 0)
        pool_worker(&j);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    free(tids);
    return clock_now() - t0;
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
        double rss = rss_current_mib(), peak = rss_peak_mib();
        printf("x%-7u %10.0f %10.2f %12.1f %12.1f %12.1f\n", s, shaders, secs,
               secs / shaders * 1e6, rss, peak);
        char item[32];
        snprintf(item, sizeof item, "x%u", s);
        bench_csv_row(csv, "scaled", item, "us_per_shader", secs / shaders * 1e6, "us");
        bench_csv_row(csv, "scaled", item, "rss_mib", rss, "MiB");
        bench_csv_row(csv, "scaled", item, "peak_rss_mib", peak, "MiB");
    }
}
