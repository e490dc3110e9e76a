/* bench_spawn.c - per-process figures: start-up + one shader against
 * opt-22 and the in-process cost, and --batch against one process per
 * shader. */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench.h"
#include "common/file_io.h"
#include "tools/clock.h"

#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

double bench_spawn_cpu(char *const argv[], double *cpu)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    double t0 = clock_now();
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return -1;
    double secs = clock_now() - t0;
    if (cpu)
        *cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    return WIFEXITED(status) && WEXITSTATUS(status) <= 1 ? secs : -1;
}

double bench_spawn(char *const argv[])
{
    return bench_spawn_cpu(argv, NULL);
}

/* Median wall milliseconds of runs executions of argv; -1 if any failed. */
static double spawn_median_ms(char *const argv[], unsigned runs)
{
    double *v = calloc(runs, sizeof *v);
    double med = -1;
    unsigned ok = 0;
    for (unsigned i = 0; i < runs; i++) {
        double s = bench_spawn(argv);
        if (s < 0)
            break;
        v[ok++] = s * 1e3;
    }
    if (ok == runs)
        med = bench_quantile(v, ok, 0.5);
    free(v);
    return med;
}

static double inproc_median_ms(const bench_shader *s, dxil_emit_format emit, unsigned runs)
{
    double *v = calloc(runs, sizeof *v);
    for (unsigned i = 0; i < runs; i++) {
        double t0 = clock_now();
        bench_run_ours(s, emit);
        v[i] = (clock_now() - t0) * 1e3;
    }
    double med = bench_quantile(v, runs, 0.5);
    free(v);
    return med;
}

static int size_cmp(const void *a, const void *b)
{
    const bench_shader *x = *(const bench_shader *const *)a, *y = *(const bench_shader *const *)b;
    return (x->size > y->size) - (x->size < y->size);
}

static const char *spawn_ext(dxil_emit_format emit)
{
    return emit == DXIL_EMIT_BC ? "bc" : "ll";
}

typedef struct startup_row {
    const char *label;
    double inproc, process, opt;
} startup_row;

static void startup_one(const bench_config *cfg, const bench_shader *s, startup_row *r)
{
    char out[4096], bc[4096], opt_out[4096], emit[16];
    snprintf(out, sizeof out, "%s/startup-out.%s", cfg->out_dir, spawn_ext(cfg->emit));
    snprintf(bc, sizeof bc, "%s/startup-%s.bc", cfg->out_dir, r->label);
    snprintf(opt_out, sizeof opt_out, "%s/startup-opt.bc", cfg->out_dir);
    snprintf(emit, sizeof emit, "--emit=%s", spawn_ext(cfg->emit));
    file_write_atomic(bc, s->fixed_bc, s->fixed_size, NULL);
    char *ours[] = {(char *)cfg->tool, s->path, "-o", out, emit, NULL};
    char *opt[] = {(char *)cfg->opt, "-passes=verify", bc, "-o", opt_out, NULL};
    r->inproc = inproc_median_ms(s, cfg->emit, cfg->spawn_runs);
    r->process = spawn_median_ms(ours, cfg->spawn_runs);
    r->opt = spawn_median_ms(opt, cfg->spawn_runs);
}

/* The process against opt-22 reading and writing the same module, start
 * up included (issue 22: at most 0.15x). */
static double startup_vs_opt(const startup_row *r)
{
    return r->process > 0 && r->opt > 0 ? r->process / r->opt : 0;
}

static void startup_print(const startup_row *r, size_t size, bench_csv *csv)
{
    double limit = 2 * r->inproc + 2;
    printf("%-8s %8zu %11.3f %11.3f %11.3f %11.3f %-4s %6.3fx\n", r->label, size, r->inproc,
           r->process, r->opt, limit, r->process >= 0 && r->process <= limit ? "ok" : "OVER",
           startup_vs_opt(r));
    bench_csv_row(csv, "startup", r->label, "process_vs_opt", startup_vs_opt(r), "x");
    bench_csv_row(csv, "startup", r->label, "inproc_ms", r->inproc, "ms");
    bench_csv_row(csv, "startup", r->label, "process_ms", r->process, "ms");
    bench_csv_row(csv, "startup", r->label, "opt_ms", r->opt, "ms");
    bench_csv_row(csv, "startup", r->label, "bytes", (double)size, "B");
}

void bench_startup(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    const bench_shader **by_size = malloc(c->count * sizeof *by_size);
    for (size_t i = 0; i < c->count; i++)
        by_size[i] = &c->items[i];
    qsort(by_size, c->count, sizeof *by_size, size_cmp);
    char *version[] = {(char *)cfg->tool, "--version", NULL};
    char *opt_version[] = {(char *)cfg->opt, "--version", NULL};
    double v_ours = spawn_median_ms(version, cfg->spawn_runs);
    double v_opt = spawn_median_ms(opt_version, cfg->spawn_runs);
    printf("\n== per-process latency: median of %u runs, ms ==\n", cfg->spawn_runs);
    printf("start-up only (--version): dxil-upgrade %.3f, %s %.3f\n", v_ours, cfg->opt, v_opt);
    bench_csv_row(csv, "startup", "version", "process_ms", v_ours, "ms");
    bench_csv_row(csv, "startup", "version", "opt_ms", v_opt, "ms");
    printf("%-8s %8s %11s %11s %11s %11s %-4s %7s\n", "shader", "bytes", "inproc", "process",
           "opt_verify", "2*in+2", "", "vs_opt");
    static const char *const labels[] = {"small", "median", "large"};
    const size_t picks[] = {0, c->count / 2, c->count - 1};
    for (int k = 0; k < 3; k++) {
        startup_row r = {.label = labels[k]};
        startup_one(cfg, by_size[picks[k]], &r);
        startup_print(&r, by_size[picks[k]]->size, csv);
        if (k == 1)
            printf("         typical shader per process: %.3f ms, %.3fx opt-22 (target <= 0.15x)\n",
                   r.process, startup_vs_opt(&r));
    }
    free(by_size);
}

/* ---- batch vs one process per shader ------------------------------------ */

static int spawn_write_list(const bench_corpus *c, const char *path, unsigned reps)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (unsigned r = 0; r < reps; r++)
        for (size_t i = 0; i < c->count; i++)
            fprintf(f, "%s\n", c->items[i].path);
    return fclose(f);
}

/* The batch's own peak RSS from its JSON report: a spawned child's
 * ru_maxrss also counts the bench's pages it had before exec. */
static double spawn_report_rss(const char *report)
{
    size_t size = 0;
    char *text = (char *)file_read_all(report, &size, NULL);
    const char *key = text ? strstr(text, "\"peak_rss_mib\":") : NULL;
    double mib = key ? strtod(key + strlen("\"peak_rss_mib\":"), NULL) : -1;
    free(text);
    return mib;
}

static double spawn_batch(const bench_config *cfg, const char *list, const char *outdir,
                          unsigned jobs, double *rss)
{
    char at[4200], j[32], emit[16], report[4200];
    snprintf(at, sizeof at, "@%s", list);
    snprintf(j, sizeof j, "-j%u", jobs);
    snprintf(emit, sizeof emit, "--emit=%s", spawn_ext(cfg->emit));
    snprintf(report, sizeof report, "--report=%s/batch-report.json", cfg->out_dir);
    char *with_out[] = {(char *)cfg->tool, "--batch", at, "-O", (char *)outdir, j, emit,
                        "--no-progress", NULL};
    char *no_out[] = {(char *)cfg->tool, "--batch", at, j, emit, "--no-progress", report, NULL};
    double secs = bench_spawn(outdir ? with_out : no_out);
    if (rss)
        *rss = spawn_report_rss(report + strlen("--report="));
    return secs;
}

static double spawn_per_process(const bench_config *cfg, const bench_corpus *c)
{
    char out[4096], emit[16];
    snprintf(out, sizeof out, "%s/proc-out.%s", cfg->out_dir, spawn_ext(cfg->emit));
    snprintf(emit, sizeof emit, "--emit=%s", spawn_ext(cfg->emit));
    double t0 = clock_now();
    for (size_t i = 0; i < c->count; i++) {
        char *argv[] = {(char *)cfg->tool, c->items[i].path, "-o", out, emit, NULL};
        bench_spawn(argv);
    }
    return clock_now() - t0;
}

static void spawn_rss(const bench_config *cfg, const bench_corpus *c, const char *list,
                      bench_csv *csv)
{
    printf("%-28s %10s %10s\n", "batch peak RSS (no -O)", "shaders", "peak_MiB");
    static const unsigned reps[] = {1, 10, 100};
    for (int k = 0; k < 3; k++) {
        double rss = 0;
        spawn_write_list(c, list, reps[k]);
        double secs = spawn_batch(cfg, list, NULL, cfg->max_threads, &rss);
        char item[32];
        snprintf(item, sizeof item, "x%u", reps[k]);
        printf("%-28s %10zu %10.1f   (%.2f s)\n", item, c->count * reps[k], rss, secs);
        bench_csv_row(csv, "batch_rss", item, "peak_rss_mib", rss, "MiB");
    }
}

void bench_batch_vs_process(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    char list[4096], outdir[4096];
    snprintf(list, sizeof list, "%s/corpus.list", cfg->out_dir);
    snprintf(outdir, sizeof outdir, "%s/batch-out", cfg->out_dir);
    if (spawn_write_list(c, list, 1) != 0) {
        printf("\n(batch vs process skipped: cannot write %s)\n", list);
        return;
    }
    printf("\n== --batch vs one process per shader: %zu shaders, seconds ==\n", c->count);
    double b1 = spawn_batch(cfg, list, outdir, 1, NULL);
    double bn = spawn_batch(cfg, list, outdir, cfg->max_threads, NULL);
    double proc = spawn_per_process(cfg, c);
    printf("%-28s %10s\n", "mode", "seconds");
    printf("%-28s %10.3f\n", "process per shader", proc);
    printf("%-28s %10.3f   (%.2f of per-process; target <= 0.33)\n", "batch -j1", b1, b1 / proc);
    printf("%-28s %10.3f\n", cfg->max_threads > 1 ? "batch -jN" : "batch -j1 (again)", bn);
    bench_csv_row(csv, "batch", "process_per_shader", "seconds", proc, "s");
    bench_csv_row(csv, "batch", "batch_j1", "seconds", b1, "s");
    bench_csv_row(csv, "batch", "batch_jN", "seconds", bn, "s");
    bench_csv_row(csv, "batch", "batch_j1_over_process", "ratio", b1 / proc, "");
    spawn_rss(cfg, c, list, csv);
}
