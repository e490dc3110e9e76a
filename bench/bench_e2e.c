/* bench_e2e.c - end to end as a user runs it (issue 22): `dxil-upgrade
 * --batch @list -O dir -j1` writing bitcode files, against LLVM alone
 * (dxil-bench-llvm) parsing the same modules and writing them back in one
 * process. Rounds alternate the runs, and each ratio is taken within a
 * round, so that load from other work on the machine hits both sides.
 * Every run starts from an empty output directory. */
#define _XOPEN_SOURCE 700 /* nftw, symlink */
#include "bench.h"
#include "common/file_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

enum { E2E_LLVM, E2E_NORAISE, E2E_OURS, E2E_COUNT };
static const char *const e2e_names[E2E_COUNT] = {
    "LLVM alone: parse + write", "dxil-upgrade --batch --no-raise", "dxil-upgrade --batch"};
static const char *const e2e_items[E2E_COUNT] = {"llvm_alone", "ours_no_raise", "ours"};

/* The input's extension ("" when none), kept so the batch reads it as
 * it reads the original. */
static const char *e2e_ext(const char *path)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) ? dot : "";
}

/* Each repetition of the corpus under its own names (symbolic links), so
 * that every output of a run is a new file on both sides, as in a fresh
 * output directory: replacing a file makes ext4 start writing it back at
 * once (auto_da_alloc), which timed the disk rather than the work. LLVM's
 * input is the datalayout-fixed bitcode, written once. */
static int e2e_link(const char *target, const char *link)
{
    unlink(link);
    return symlink(target, link);
}

static int e2e_prepare(const bench_config *cfg, const bench_corpus *c, const char *ours_list,
                       const char *llvm_list)
{
    char dir[4096], path[4200], link[4300];
    snprintf(dir, sizeof dir, "%s/e2e-in", cfg->out_dir);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return -1;
    FILE *fo = fopen(ours_list, "w"), *fl = fopen(llvm_list, "w");
    int rc = fo && fl ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < c->count; i++) {
        snprintf(path, sizeof path, "%s/%05zu.bc", dir, i);
        rc = file_write_atomic(path, c->items[i].fixed_bc, c->items[i].fixed_size, NULL);
    }
    for (unsigned r = 0; rc == 0 && r < cfg->e2e_repeat; r++) {
        snprintf(path, sizeof path, "%s/r%u", dir, r);
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            rc = -1;
        for (size_t i = 0; rc == 0 && i < c->count; i++) {
            const char *in = c->items[i].path;
            snprintf(link, sizeof link, "%s/r%u/%05zu%s", dir, r, i, e2e_ext(in));
            rc = e2e_link(in, link);
            fprintf(fo, "%s\n", link);
            snprintf(path, sizeof path, "%05zu.bc", i);
            snprintf(link, sizeof link, "%s/r%u-%05zu.bc", dir, r, i);
            rc = rc ? rc : e2e_link(path, link);
            fprintf(fl, "%s\n", link);
        }
    }
    if (fo && fclose(fo) != 0)
        rc = -1;
    if (fl && fclose(fl) != 0)
        rc = -1;
    return rc;
}

static int e2e_remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* An empty output directory before each run. */
static int e2e_fresh_dir(const char *dir)
{
    nftw(dir, e2e_remove_one, 16, FTW_DEPTH | FTW_PHYS);
    return mkdir(dir, 0777);
}

/* One run of one side; wall seconds (-1 on failure), CPU seconds in *cpu. */
static double e2e_run(const bench_config *cfg, int which, const char *ours_list,
                      const char *llvm_list, double *cpu)
{
    char at[4200], out[4200], emit[16];
    snprintf(emit, sizeof emit, "--emit=%s", cfg->emit == DXIL_EMIT_BC ? "bc" : "ll");
    snprintf(out, sizeof out, "%s/e2e-out-%s", cfg->out_dir, e2e_items[which]);
    if (e2e_fresh_dir(out) != 0)
        return -1;
    snprintf(at, sizeof at, "@%s", which == E2E_LLVM ? llvm_list : ours_list);
    char *llvm[] = {(char *)cfg->llvm_alone, at, out, emit, NULL};
    char *ours[] = {(char *)cfg->tool, "--batch", at, "-O", out, "-j1", emit, "--no-progress",
                    which == E2E_NORAISE ? "--no-raise" : NULL, NULL};
    return bench_spawn_cpu(which == E2E_LLVM ? llvm : ours, cpu);
}

typedef struct e2e_figures {
    double wall[E2E_COUNT], cpu[E2E_COUNT];           /* medians, seconds */
    double wall_ratio[E2E_COUNT], cpu_ratio[E2E_COUNT]; /* medians of per-round ratios */
} e2e_figures;

/* Rounds of the three runs; 0 when every run succeeded. */
static int e2e_rounds(const bench_config *cfg, const char *ours_list, const char *llvm_list,
                      e2e_figures *f)
{
    unsigned n = cfg->e2e_runs;
    double *v = calloc((size_t)n * E2E_COUNT * 4, sizeof *v); /* wall, cpu, ratios */
    int rc = v ? 0 : -1;
    for (unsigned k = 0; rc == 0 && k < n; k++)
        for (int w = 0; rc == 0 && w < E2E_COUNT; w++) {
            double cpu = 0, wall = e2e_run(cfg, w, ours_list, llvm_list, &cpu);
            rc = wall < 0 ? -1 : 0;
            v[(0 * E2E_COUNT + w) * n + k] = wall;
            v[(1 * E2E_COUNT + w) * n + k] = cpu;
        }
    for (int w = 0; rc == 0 && w < E2E_COUNT; w++)
        for (unsigned k = 0; k < n; k++) {
            v[(2 * E2E_COUNT + w) * n + k] = v[w * n + k] / v[E2E_LLVM * n + k];
            v[(3 * E2E_COUNT + w) * n + k] =
                v[(E2E_COUNT + w) * n + k] / v[(E2E_COUNT + E2E_LLVM) * n + k];
        }
    for (int w = 0; rc == 0 && w < E2E_COUNT; w++) {
        f->wall[w] = bench_quantile(v + (0 * E2E_COUNT + w) * n, n, 0.5);
        f->cpu[w] = bench_quantile(v + (1 * E2E_COUNT + w) * n, n, 0.5);
        f->wall_ratio[w] = bench_quantile(v + (2 * E2E_COUNT + w) * n, n, 0.5);
        f->cpu_ratio[w] = bench_quantile(v + (3 * E2E_COUNT + w) * n, n, 0.5);
    }
    free(v);
    return rc;
}

static void e2e_print(const bench_corpus *c, unsigned repeat, const e2e_figures *f,
                      bench_csv *csv)
{
    double shaders = (double)c->count * repeat;
    printf("%-32s %9s %9s %10s %8s %8s\n", "run", "wall_s", "cpu_s", "us/shader", "wall_x",
           "cpu_x");
    for (int w = 0; w < E2E_COUNT; w++) {
        printf("%-32s %9.3f %9.3f %10.1f %7.2fx %7.2fx\n", e2e_names[w], f->wall[w], f->cpu[w],
               f->wall[w] / shaders * 1e6, f->wall_ratio[w], f->cpu_ratio[w]);
        bench_csv_row(csv, "e2e", e2e_items[w], "wall_s", f->wall[w], "s");
        bench_csv_row(csv, "e2e", e2e_items[w], "cpu_s", f->cpu[w], "s");
        bench_csv_row(csv, "e2e", e2e_items[w], "wall_vs_llvm", f->wall_ratio[w], "x");
        bench_csv_row(csv, "e2e", e2e_items[w], "cpu_vs_llvm", f->cpu_ratio[w], "x");
    }
    printf("ours: %.2fx LLVM alone in wall time, %.2fx in CPU time (target <= 1.40x)\n",
           f->wall_ratio[E2E_OURS], f->cpu_ratio[E2E_OURS]);
}

void bench_end_to_end(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    char ours_list[4096], llvm_list[4096];
    snprintf(ours_list, sizeof ours_list, "%s/e2e-ours.list", cfg->out_dir);
    snprintf(llvm_list, sizeof llvm_list, "%s/e2e-llvm.list", cfg->out_dir);
    printf("\n== end to end: %zu shaders x %u, one process, 1 thread, %s files written; "
           "median of %u rounds ==\n", c->count, cfg->e2e_repeat,
           cfg->emit == DXIL_EMIT_BC ? "bitcode" : "text", cfg->e2e_runs);
    e2e_figures f;
    if (e2e_prepare(cfg, c, ours_list, llvm_list) != 0 ||
        e2e_rounds(cfg, ours_list, llvm_list, &f) != 0) {
        printf("(end to end skipped: a run failed or %s could not be written)\n", ours_list);
        return;
    }
    e2e_print(c, cfg->e2e_repeat, &f, csv);
}
