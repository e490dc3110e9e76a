/* bench_spirv_spawn.c - the SPIR-V section's figures that start
 * processes (bench_spirv.c says what each row is): per process and per
 * shader in a batch over the inputs in clang's Vulkan form, and the
 * corpus's containers against dxil-spirv. */
#include "bench_spirv.h"
#include "dxil-upgrade/dxil_spirv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- per process and batch ---------------------------------------------- */

typedef void (*spv_argv_fn)(const bench_config *cfg, const char *in, const char *out,
                            char **argv);

/* Mean over the inputs of the median of runs spawns of the command fill()
 * makes for each. */
static spv_ms spv_per_process(const bench_config *cfg, char *const *paths, size_t n,
                              unsigned runs, spv_argv_fn fill)
{
    char out[1100];
    snprintf(out, sizeof out, "%s/spirv-proc.spv", cfg->out_dir);
    spv_ms sum = {0, 0}, bad = {-1, -1};
    double *w = calloc(runs, sizeof *w), *c = calloc(runs, sizeof *c);
    for (size_t i = 0; w && c && i < n; i++) {
        char *argv[12];
        fill(cfg, paths[i], out, argv);
        for (unsigned r = 0; r < runs; r++) {
            w[r] = bench_spawn_cpu(argv, &c[r]) * 1e3;
            c[r] *= 1e3;
        }
        double mw = bench_quantile(w, runs, 0.5), mc = bench_quantile(c, runs, 0.5);
        if (mw < 0) {
            sum = bad;
            break;
        }
        sum.wall += mw;
        sum.cpu += mc;
    }
    free(w);
    free(c);
    if (n == 0 || sum.wall < 0)
        return bad;
    return (spv_ms){sum.wall / (double)n, sum.cpu / (double)n};
}

static void spv_argv_llc(const bench_config *cfg, const char *in, const char *out, char **a)
{
    char *v[] = {(char *)cfg->llc, "-filetype=obj", (char *)in, "-o", (char *)out, NULL};
    memcpy(a, v, sizeof v);
}

static void spv_argv_ours(const bench_config *cfg, const char *in, const char *out, char **a)
{
    char *v[] = {(char *)cfg->tool, "--emit=spirv", (char *)in, "-o", (char *)out, NULL};
    memcpy(a, v, sizeof v);
}

static void spv_argv_ours_noiso(const bench_config *cfg, const char *in, const char *out,
                                char **a)
{
    char *v[] = {(char *)cfg->tool, "--emit=spirv", "--no-isolate", (char *)in, "-o",
                 (char *)out, NULL};
    memcpy(a, v, sizeof v);
}

/* The corpus: DXC's registers of every class start at 0, so without
 * shifts t0 and u0 would share a Vulkan binding (DXIL8001); these keep
 * the classes apart, as dxil-spirv does with a descriptor set each. */
#define SPV_CORPUS_SHIFTS "--vk-t-shift=100:all", "--vk-u-shift=200:all", "--vk-s-shift=300:all"
static const dxil_spirv_shift spv_corpus_shifts[] = {
    {'t', true, 0, 100}, {'u', true, 0, 200}, {'s', true, 0, 300}};

static void spv_argv_ours_corpus(const bench_config *cfg, const char *in, const char *out,
                                 char **a)
{
    char *v[] = {(char *)cfg->tool, "--emit=spirv", SPV_CORPUS_SHIFTS, (char *)in, "-o",
                 (char *)out, NULL};
    memcpy(a, v, sizeof v);
}

static void spv_argv_dxil_spirv(const bench_config *cfg, const char *in, const char *out,
                                char **a)
{
    char *v[] = {(char *)cfg->dxil_spirv, (char *)in, "--output", (char *)out, NULL};
    memcpy(a, v, sizeof v);
}

/* Per shader of a batch (-j1) over the paths repeated reps times
 * (corpus: with its shifts). */
static spv_ms spv_batch(const bench_config *cfg, char *const *paths, size_t n, unsigned reps,
                        bool isolate, bool corpus)
{
    char list[1100], at[1110], outdir[1100];
    snprintf(list, sizeof list, "%s/spirv.list", cfg->out_dir);
    snprintf(outdir, sizeof outdir, "%s/spirv-batch", cfg->out_dir);
    FILE *f = n ? fopen(list, "w") : NULL;
    if (!f)
        return (spv_ms){-1, -1};
    for (unsigned r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s\n", paths[i]);
    fclose(f);
    snprintf(at, sizeof at, "@%s", list);
    char *argv[] = {(char *)cfg->tool, "--batch", at, "-O", outdir, "-j1", "--emit=spirv",
                    "--no-progress", isolate ? "--isolate" : NULL, NULL, NULL, NULL, NULL};
    if (corpus) {
        char *shifts[] = {SPV_CORPUS_SHIFTS};
        memcpy(&argv[8 + isolate], shifts, sizeof shifts);
    }
    double cpu = 0, secs = bench_spawn_cpu(argv, &cpu);
    double k = 1e3 / (double)(n * reps);
    return secs < 0 ? (spv_ms){-1, -1} : (spv_ms){secs * k, cpu * k};
}

static void spv_row(bench_csv *csv, const char *label, const char *key, spv_ms t, spv_ms base)
{
    printf("%-48s %9.2f %9.2f %8.2fx\n", label, t.wall, t.cpu,
           base.cpu > 0 && t.cpu > 0 ? t.cpu / base.cpu : 0);
    bench_csv_row(csv, "spirv", key, "ms_per_shader", t.wall, "ms");
    bench_csv_row(csv, "spirv", key, "cpu_ms_per_shader", t.cpu, "ms");
}

static void spv_head(const char *what, const char *base)
{
    printf("%-48s %9s %9s %9s\n", what, "wall_ms", "cpu_ms", base);
}

void spv_processes(const bench_config *cfg, const spv_set *s, bench_csv *csv)
{
    char **paths = calloc(s->n + 1, sizeof *paths);
    for (size_t i = 0; paths && i < s->n; i++)
        paths[i] = (char *)s->v[i].path;
    unsigned runs = cfg->spawn_runs < 5 ? cfg->spawn_runs : 5;
    spv_ms llc = spv_per_process(cfg, paths, s->n, runs, spv_argv_llc);
    spv_head("per shader (per process: median of its runs)", "cpu_vs_llc");
    spv_row(csv, "llc-22 -filetype=obj, per process (LLVM alone)", "process_llc", llc, llc);
    spv_row(csv, "dxil-upgrade --emit=spirv, per process", "process_ours",
            spv_per_process(cfg, paths, s->n, runs, spv_argv_ours), llc);
    spv_row(csv, "dxil-upgrade --emit=spirv --no-isolate", "process_ours_noisolate",
            spv_per_process(cfg, paths, s->n, runs, spv_argv_ours_noiso), llc);
    spv_row(csv, "dxil-upgrade --batch --emit=spirv -j1", "batch_ours",
            spv_batch(cfg, paths, s->n, SPV_BATCH_REPEAT, false, false), llc);
    spv_row(csv, "dxil-upgrade --batch --emit=spirv -j1 --isolate", "batch_ours_isolate",
            spv_batch(cfg, paths, s->n, SPV_BATCH_REPEAT, true, false), llc);
    free(paths);
}

/* ---- the corpus, against dxil-spirv -------------------------------------- */

static size_t spv_gcd(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Whether dxil-spirv converts the container (the yardstick's own refusals,
 * fp16 forms it needs options for and the like, are left out of both
 * columns, as ours are). */
static bool spv_ref_converts(const bench_config *cfg, const char *path)
{
    char out[1100], *argv[12];
    double cpu = 0;
    snprintf(out, sizeof out, "%s/spirv-pick.spv", cfg->out_dir);
    spv_argv_dxil_spirv(cfg, path, out, argv);
    return bench_spawn_cpu(argv, &cpu) >= 0;
}

/* Up to SPV_CORPUS_PICK containers ours (and dxil-spirv, when given)
 * converts, in *ok (a prefix of paths): the corpus is walked with a stride
 * prime to its size, so the picks spread over it; returns how many were
 * tried. */
static size_t spv_corpus_pick(const bench_config *cfg, const bench_corpus *c, char **paths,
                              size_t *ok)
{
    size_t kept = 0, tried = 0, stride = 7919;
    while (c->count > 1 && spv_gcd(stride, c->count) != 1)
        stride++;
    for (size_t k = 0; k < c->count && kept < SPV_CORPUS_PICK; k++, tried++) {
        const bench_shader *s = &c->items[k * stride % c->count];
        dxil_diags *d = dxil_diags_create();
        dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, NULL, d);
        dxil_spirv_options so;
        dxil_spirv_options_init(&so);
        so.shifts = spv_corpus_shifts;
        so.n_shifts = sizeof spv_corpus_shifts / sizeof *spv_corpus_shifts;
        void *out = NULL;
        size_t size = 0;
        if (m && dxil_module_emit_spirv(m, &so, &out, &size, d) == 0 &&
            (!cfg->dxil_spirv || spv_ref_converts(cfg, s->path)))
            paths[kept++] = s->path;
        free(out);
        dxil_module_destroy(m);
        dxil_diags_destroy(d);
    }
    *ok = kept;
    return tried;
}

/* dxil-spirv alone on the picked containers, when ours converts none
 * yet: its figure, for the record. */
static void spv_corpus_reference(const bench_config *cfg, const bench_corpus *c,
                                 bench_csv *csv)
{
    size_t n = c->count < SPV_CORPUS_PICK ? c->count : SPV_CORPUS_PICK;
    char **paths = calloc(n + 1, sizeof *paths);
    for (size_t k = 0; paths && k < n; k++)
        paths[k] = c->items[k * c->count / n].path;
    unsigned runs = cfg->spawn_runs < 3 ? cfg->spawn_runs : 3;
    spv_ms ref = spv_per_process(cfg, paths, n, runs, spv_argv_dxil_spirv);
    spv_row(csv, "dxil-spirv per process, all picked", "corpus_dxil_spirv_all", ref, ref);
    free(paths);
}

void spv_corpus(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    char **paths = calloc(SPV_CORPUS_PICK, sizeof *paths);
    size_t ok = 0, n = paths ? spv_corpus_pick(cfg, c, paths, &ok) : 0;
    printf("corpus: %zu of %zu DXIL containers tried converted by --emit=spirv%s (the others "
           "refused; with t/u/s shifts 100/200/300)\n", ok, n,
           cfg->dxil_spirv ? " and by dxil-spirv" : "");
    bench_csv_row(csv, "spirv", "corpus", "converted", (double)ok, "");
    unsigned runs = cfg->spawn_runs < 3 ? cfg->spawn_runs : 3;
    spv_ms ref = {-1, -1};
    if (cfg->dxil_spirv)
        spv_head("the corpus, per shader", "cpu_vs_ref");
    if (cfg->dxil_spirv && ok) {
        ref = spv_per_process(cfg, paths, ok, runs, spv_argv_dxil_spirv);
        spv_row(csv, "dxil-spirv per process (yardstick)", "corpus_dxil_spirv", ref, ref);
    } else if (cfg->dxil_spirv) {
        spv_corpus_reference(cfg, c, csv);
    }
    if (ok) {
        spv_ms proc = spv_per_process(cfg, paths, ok, runs, spv_argv_ours_corpus);
        spv_ms batch = spv_batch(cfg, paths, ok, 1, false, true);
        spv_row(csv, "dxil-upgrade --emit=spirv per process", "corpus_process_ours", proc, ref);
        spv_row(csv, "dxil-upgrade --batch --emit=spirv -j1", "corpus_batch_ours", batch, ref);
        if (ref.cpu > 0)
            printf("CPU: per process %.2fx dxil-spirv (target <= 1.5x); batch per shader %.2fx "
                   "(target < 1x)\n", proc.cpu / ref.cpu, batch.cpu / ref.cpu);
    }
    free(paths);
}

