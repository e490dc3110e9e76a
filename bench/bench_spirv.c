/* bench_spirv.c - the "spirv" section: --emit=spirv (docs/spirv.md) side
 * by side with baselines measured in the same run on the same bytes.
 *
 * Inputs in clang's Vulkan form: the committed test/lit/spirv/Inputs/
 * *_vulkan.ll, and, when clang 22 is there, the lowering's HLSL inputs
 * compiled for spirv-unknown-vulkan1.3-<stage> (--files caps the count);
 * only those LLVM's SPIR-V backend compiles (tried in a child first, so
 * the bench survives the others) are timed:
 *  - in process, per shader: LLVM alone (parse the text, emit with the
 *    target machine: no validation, no isolation, no copy) against ours
 *    (dxil_module_load_memory + dxil_module_emit_spirv) in the thread and
 *    isolated, and spirv-val alone;
 *  - per process: llc-22 against dxil-upgrade --emit=spirv, isolated
 *    (the default) and --no-isolate;
 *  - in a batch: dxil-upgrade --batch --emit=spirv, per shader, threads
 *    (the backend isolated) and --isolate.
 * The corpus's DXIL containers (up to 40, evenly spread): dxil-upgrade
 * --emit=spirv per process and in a batch, against Proton's dxil-spirv
 * per process on the same containers when --dxil-spirv names it (the
 * yardstick of issue 35: per process <= 1.5x its time, batch per shader
 * faster); a container ours refuses (the retarget) is left out of both. */
#include "bench_spirv.h"
#include "dxil-upgrade/dxil_spirv.h"
#include "common/file_io.h"
#include "spirv/spirv.h"
#include "tools/clock.h"

#include <dirent.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/TargetMachine.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- inputs ------------------------------------------------------------- */

/* One emission: 0 when it gives SPIR-V (kept in *spirv when not NULL). */
static int spv_emit(const uint8_t *text, size_t size, const char *name, bool isolate,
                    void **spirv, size_t *spirv_size)
{
    dxil_diags *d = dxil_diags_create();
    dxil_options lo;
    dxil_options_init(&lo);
    lo.spirv_as_is = true;
    dxil_module *m = dxil_module_load_memory(text, size, name, &lo, d);
    dxil_spirv_options so;
    dxil_spirv_options_init(&so);
    so.isolate = isolate;
    void *out = NULL;
    size_t n = 0;
    int rc = m ? dxil_module_emit_spirv(m, &so, &out, &n, d) : -1;
    if (spirv && rc == 0) {
        *spirv = out;
        *spirv_size = n;
    } else {
        free(out);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
    return rc;
}

static void spv_add(spv_set *s, const char *path)
{
    if (s->n == s->max)
        return;
    memset(&s->v[s->n], 0, sizeof s->v[s->n]);
    spv_input *in = &s->v[s->n];
    snprintf(in->path, sizeof in->path, "%s", path);
    in->text = file_read_all(path, &in->size, NULL);
    if (in->text &&
        spv_emit(in->text, in->size, path, true, &in->spirv, &in->spirv_size) == 0) {
        s->n++;
        return;
    }
    free(in->text);
    s->dropped++;
}

/* Files of dir ending in suffix, sorted, through fn. */
static void spv_each(const char *dir, const char *suffix, void (*fn)(const char *, void *),
                     void *user)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        char path[1024];
        size_t len = strlen(names[i]->d_name), sl = strlen(suffix);
        if (len > sl && strcmp(names[i]->d_name + len - sl, suffix) == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
            fn(path, user);
        }
        free(names[i]);
    }
    free(n > 0 ? names : NULL);
}

static void spv_add_ll(const char *path, void *user)
{
    if (strstr(path, "_vulkan.ll"))
        spv_add(user, path);
}

typedef struct spv_clang {
    const bench_config *cfg;
    spv_set *set;
    char dir[1024];
} spv_clang;

/* clang 22's Vulkan IR for one HLSL input that names its profile. */
static void spv_add_hlsl(const char *path, void *user)
{
    spv_clang *c = user;
    if (c->set->n == c->set->max)
        return;
    static const char *const stages[][2] = {{"cs_", "compute"}, {"ps_", "pixel"},
                                            {"vs_", "vertex"}};
    const char *base = strrchr(path, '/') + 1;
    for (size_t k = 0; k < 3; k++) {
        if (strncmp(base, stages[k][0], 3) != 0)
            continue;
        char triple[64], out[1200], inc[1100];
        snprintf(triple, sizeof triple, "spirv-unknown-vulkan1.3-%s", stages[k][1]);
        snprintf(out, sizeof out, "%s/%.*s.ll", c->dir, (int)(strlen(base) - 5), base);
        snprintf(inc, sizeof inc, "%.*s", (int)(base - path - 1), path);
        char *argv[] = {(char *)c->cfg->clang, "-cc1", "-triple", triple, "-x", "hlsl",
                        "-emit-llvm", "-O3", "-fnative-half-type", "-fnative-int16-type", "-I",
                        inc, (char *)path, "-o", out, NULL};
        if (bench_spawn(argv) >= 0 && access(out, R_OK) == 0)
            spv_add(c->set, out);
    }
}

static void spv_collect(const bench_config *cfg, spv_set *s)
{
    s->max = cfg->max_files && cfg->max_files < SPV_MAX_INPUTS ? cfg->max_files
                                                                : SPV_MAX_INPUTS;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/test/lit/spirv/Inputs", cfg->source_dir);
    spv_each(dir, ".ll", spv_add_ll, s);
    spv_clang c = {.cfg = cfg, .set = s};
    snprintf(c.dir, sizeof c.dir, "%s/spirv-inputs", cfg->out_dir);
    mkdir(c.dir, 0777);
    snprintf(dir, sizeof dir, "%s/test/lit/lower/clang/Inputs", cfg->source_dir);
    char *version[] = {(char *)cfg->clang, "--version", NULL};
    if (s->n < s->max && bench_spawn(version) >= 0)
        spv_each(dir, ".hlsl", spv_add_hlsl, &c);
}

/* ---- in process --------------------------------------------------------- */

/* CPU seconds of this process (and, with kids, its reaped children). */
static double spv_cpu_now(bool kids)
{
    struct rusage u, k = {0};
    getrusage(RUSAGE_SELF, &u);
    if (kids)
        getrusage(RUSAGE_CHILDREN, &k);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec + k.ru_utime.tv_sec +
                    k.ru_stime.tv_sec) +
           (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec + k.ru_utime.tv_usec +
                    k.ru_stime.tv_usec) * 1e-6;
}

/* LLVM alone: the text parsed, the target machine's emission. */
static int spv_llvm_alone(const spv_input *in)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy((const char *)in->text, in->size, in->path);
    LLVMModuleRef mod = NULL;
    char *err = NULL;
    int rc = LLVMParseIRInContext(ctx, buf, &mod, &err);
    LLVMTargetRef target;
    const char *triple = rc == 0 ? LLVMGetTarget(mod) : "";
    if (rc == 0)
        rc = LLVMGetTargetFromTriple(triple, &target, &err);
    LLVMMemoryBufferRef out = NULL;
    if (rc == 0) {
        LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, "", "",
                                                          LLVMCodeGenLevelDefault,
                                                          LLVMRelocDefault, LLVMCodeModelDefault);
        rc = LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, &err, &out);
        LLVMDisposeTargetMachine(tm);
    }
    if (out)
        LLVMDisposeMemoryBuffer(out);
    LLVMDisposeMessage(err);
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return rc;
}

static int spv_ours_inthread(const spv_input *in)
{
    return spv_emit(in->text, in->size, in->path, false, NULL, NULL);
}

static int spv_ours_isolated(const spv_input *in)
{
    return spv_emit(in->text, in->size, in->path, true, NULL, NULL);
}

static int spv_validate_only(const spv_input *in)
{
    return dxil_spirv_validate(in->spirv, in->spirv_size, DXIL_SPIRV_ENV_DEFAULT, NULL);
}

typedef int (*spv_work_fn)(const spv_input *in);

/* fn once, here; seconds of wall and CPU (children included). */
static spv_ms spv_here(spv_work_fn fn, const spv_input *in)
{
    double c0 = spv_cpu_now(true), t0 = clock_now();
    int rc = fn(in);
    spv_ms t = {clock_now() - t0, spv_cpu_now(true) - c0};
    return rc == 0 ? t : (spv_ms){-1, -1};
}

/* fn once in a forked child, timed by the child itself: the backend's
 * static state must not outlive a compilation in this process
 * (spirv/spirv.h), and a child of a process that never compiled starts
 * clean. */
static spv_ms spv_in_child(spv_work_fn fn, const spv_input *in)
{
    int fds[2];
    spv_ms t = {-1, -1};
    if (pipe(fds) != 0)
        return t;
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        double c0 = spv_cpu_now(false), t0 = clock_now();
        int rc = fn(in);
        spv_ms r = {rc == 0 ? clock_now() - t0 : -1, spv_cpu_now(false) - c0};
        _exit(write_all(fds[1], &r, sizeof r) == 0 ? 0 : 1);
    }
    close(fds[1]);
    if (pid > 0 && read(fds[0], &t, sizeof t) != (ssize_t)sizeof t)
        t = (spv_ms){-1, -1};
    close(fds[0]);
    if (pid > 0)
        waitpid(pid, NULL, 0);
    return t.wall < 0 ? (spv_ms){-1, -1} : t;
}

enum { IP_ISOLATED, IP_LLVM, IP_INTHREAD, IP_VALIDATE, IP_COUNT };

static const struct {
    const char *name, *key;
    spv_work_fn fn;
    bool child;
} spv_columns[IP_COUNT] = {
    {"ours, backend isolated (default)", "ours_isolated", spv_ours_isolated, false},
    {"LLVM alone: parse + emit (in a fresh child)", "llvm_alone", spv_llvm_alone, true},
    {"ours, backend in the thread (in a fresh child)", "ours_inthread", spv_ours_inthread, true},
    {"spirv-val alone (in ours)", "validate", spv_validate_only, false},
};

/* One column: the mean over the inputs of each one's median, ms; -1 when
 * a run failed. */
static spv_ms spv_column(const bench_config *cfg, const spv_set *s, int col)
{
    unsigned n = cfg->iterations;
    double *w = calloc(n, sizeof *w), *c = calloc(n, sizeof *c);
    spv_ms sum = {0, 0};
    for (size_t i = 0; w && c && i < s->n && sum.wall >= 0; i++) {
        for (unsigned it = 0; it < n; it++) {
            spv_ms t = spv_columns[col].child ? spv_in_child(spv_columns[col].fn, &s->v[i])
                                              : spv_here(spv_columns[col].fn, &s->v[i]);
            w[it] = t.wall;
            c[it] = t.cpu;
        }
        double mw = bench_quantile(w, n, 0.5);
        sum = mw < 0 ? (spv_ms){-1, -1}
                     : (spv_ms){sum.wall + mw, sum.cpu + bench_quantile(c, n, 0.5)};
    }
    free(w);
    free(c);
    double k = s->n && sum.wall >= 0 ? 1e3 / (double)s->n : 1;
    return (spv_ms){sum.wall * k, sum.cpu * k};
}

/* The API per shader, 1 thread. The compilations in the thread run in
 * fresh children (cold, as in a process that compiles once: the only
 * way this backend compiles in a thread correctly); the difference to
 * the isolated row is what the fork, the pipes and the wait add. */
static void spv_inprocess(const bench_config *cfg, const spv_set *s, bench_csv *csv)
{
    spv_ms t[IP_COUNT];
    for (int col = 0; col < IP_COUNT; col++)
        t[col] = spv_column(cfg, s, col);
    printf("%-48s %9s %9s %9s\n", "in process, 1 thread, per shader", "wall_ms", "cpu_ms",
           "cpu_vs_llvm");
    for (int col = 0; col < IP_COUNT; col++) {
        double ratio = t[IP_LLVM].cpu > 0 ? t[col].cpu / t[IP_LLVM].cpu : 0;
        printf("%-48s %9.2f %9.2f %8.2fx\n", spv_columns[col].name, t[col].wall, t[col].cpu,
               ratio);
        bench_csv_row(csv, "spirv", spv_columns[col].key, "ms_per_shader", t[col].wall, "ms");
        bench_csv_row(csv, "spirv", spv_columns[col].key, "cpu_ms_per_shader", t[col].cpu, "ms");
    }
    spv_ms iso = {t[IP_ISOLATED].wall - t[IP_INTHREAD].wall,
                  t[IP_ISOLATED].cpu - t[IP_INTHREAD].cpu};
    printf("isolation (a child per emission) adds %.2f ms wall, %.2f ms CPU per shader here\n",
           iso.wall, iso.cpu);
    bench_csv_row(csv, "spirv", "isolation_cost", "ms_per_shader", iso.wall, "ms");
    bench_csv_row(csv, "spirv", "isolation_cost", "cpu_ms_per_shader", iso.cpu, "ms");
}

void bench_spirv(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    spirv_target_init();
    spv_set *s = calloc(1, sizeof *s);
    if (!s)
        return;
    spv_collect(cfg, s);
    printf("\n== SPIR-V (--emit=spirv): %zu inputs in clang's Vulkan form (%zu the backend "
           "refuses left out), median of %u iterations ==\n", s->n, s->dropped,
           cfg->iterations);
    bench_csv_row(csv, "spirv", "inputs", "shaders", (double)s->n, "");
    if (s->n && !cfg->skip_spawn)
        spv_processes(cfg, s, csv);
    if (!cfg->skip_spawn)
        spv_corpus(cfg, c, csv);
    if (s->n)
        spv_inprocess(cfg, s, csv);
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].text);
        free(s->v[i].spirv);
    }
    free(s);
}
