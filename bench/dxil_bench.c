/* dxil-bench - corpus-scale figures for dxil-upgrade, side by side with an
 * LLVM-only baseline measured in the same run on the same bytes. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "bench.h"
#include "bitcode/datalayout.h"
#include "common/file_io.h"
#include "tools/cli_common.h"
#include "tools/rss.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DXIL_BENCH_DEFAULT_CORPUS
#define DXIL_BENCH_DEFAULT_CORPUS "../shared/corpus"
#endif
#ifndef DXIL_BENCH_TOOL
#define DXIL_BENCH_TOOL "dxil-upgrade"
#endif
#ifndef DXIL_BENCH_OPT
#define DXIL_BENCH_OPT "opt-22"
#endif
#ifndef DXIL_BENCH_LLVM
#define DXIL_BENCH_LLVM "dxil-bench-llvm"
#endif
#ifndef DXIL_BENCH_RUN
#define DXIL_BENCH_RUN "dxil-run"
#endif
#ifndef DXIL_BENCH_VK
#define DXIL_BENCH_VK "dxil-bench-vk"
#endif
#ifndef DXIL_BENCH_PLOT_SCRIPT
#define DXIL_BENCH_PLOT_SCRIPT "plot.gp"
#endif
#ifndef DXIL_BENCH_LLC
#define DXIL_BENCH_LLC "llc-22"
#endif
#ifndef DXIL_BENCH_CLANG
#define DXIL_BENCH_CLANG "clang-22"
#endif
#ifndef DXIL_BENCH_SOURCE_DIR
#define DXIL_BENCH_SOURCE_DIR "."
#endif

static const char bench_usage[] =
    "usage: dxil-bench [options]\n"
    "\n"
    "  --corpus=DIR       shaders (MANIFEST.tsv order when present; default\n"
    "                     " DXIL_BENCH_DEFAULT_CORPUS ")\n"
    "  --files=N          only the first N shaders (default: all)\n"
    "  --iterations=N     timed repetitions per shader (default 3; median kept)\n"
    "  --threads=N        scale from 1 up to N threads (default: CPU count)\n"
    "  --scales=A,B,...   corpus repetition factors (default 1,10,100)\n"
    "  --spawn-runs=N     runs per per-process latency figure (default 30)\n"
    "  --no-spawn         skip the sections that start processes (per-process,\n"
    "                     batch, end to end)\n"
    "  --sections=A,B,... only these: phases, threads, scaled, startup, batch,\n"
    "                     e2e, writer, check, lower, run, spirv (default: all;\n"
    "                     run alone needs no corpus)\n"
    "  --e2e-repeat=N     end to end: the corpus repeated N times (default 5)\n"
    "  --e2e-runs=N       end to end: rounds, median kept (default 3)\n"
    "  --emit=ll|bc       output format on both sides (default bc)\n"
    "  --tool=PATH        dxil-upgrade to spawn (default: the one built with this)\n"
    "  --opt=PATH         opt to spawn for the LLVM start-up figure (default opt-22)\n"
    "  --llvm-alone=PATH  the end-to-end baseline (default: dxil-bench-llvm built\n"
    "                     with this)\n"
    "  --llc=PATH         the SPIR-V per-process baseline (default llc-22)\n"
    "  --clang=PATH       clang for the SPIR-V inputs (default clang-22)\n"
    "  --dxil-spirv=PATH  Proton's dxil-spirv CLI: the SPIR-V yardstick, run on the\n"
    "                     same containers (default: none)\n"
    "  --out=DIR          results.csv, threads.csv, phases.csv, *.png (default bench-out)\n"
    "  --plot             draw throughput-vs-threads and per-phase PNGs with gnuplot\n"
    "  -h, --help         this text\n"
    "  --version          print the version\n";

/* ---- corpus ------------------------------------------------------------- */

/* Our output as bitcode, for LLVM alone on the raised form. */
static void bench_raise_once(bench_shader *s)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, NULL, diags);
    void *out = NULL;
    size_t size = 0;
    if (m && dxil_module_write_memory(m, DXIL_EMIT_BC, &out, &size, diags) == 0) {
        s->raised_bc = out;
        s->raised_size = size;
    } else {
        free(out);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static int bench_add_file(bench_corpus *c, size_t *cap, const char *path)
{
    if (c->count == *cap) {
        *cap = *cap ? *cap * 2 : 1024;
        bench_shader *n = realloc(c->items, *cap * sizeof *n);
        if (!n)
            return -1;
        c->items = n;
    }
    bench_shader *s = &c->items[c->count];
    memset(s, 0, sizeof *s);
    s->data = file_read_all(path, &s->size, NULL);
    if (!s->data)
        return 0; /* listed but unreadable: leave it out */
    s->path = strdup(path);
    const uint8_t *bc;
    size_t bc_size;
    char *orig = NULL;
    if (dxil_locate_bitcode(s->data, s->size, NULL, &bc, &bc_size, NULL, NULL) != 0 ||
        bitcode_fix_datalayout(bc, bc_size, 0, &s->fixed_bc, &s->fixed_size, &orig, NULL) != 0) {
        free(orig);
        free(s->data);
        free(s->path);
        return 0; /* the baseline needs bitcode: skip text or broken inputs */
    }
    free(orig);
    if (!s->fixed_bc) {
        s->fixed_bc = malloc(bc_size);
        memcpy(s->fixed_bc, bc, bc_size);
        s->fixed_size = bc_size;
    }
    bench_raise_once(s);
    c->bytes += s->size;
    c->count++;
    return 0;
}

/* The path column of MANIFEST.tsv, or NULL for the header line. */
static const char *bench_manifest_path(char *line)
{
    char *tab = strchr(line, '\t');
    if (tab)
        *tab = '\0';
    line[strcspn(line, "\r\n")] = '\0';
    return strcmp(line, "path") == 0 || !*line ? NULL : line;
}

int bench_corpus_load(const bench_config *cfg, bench_corpus *c)
{
    memset(c, 0, sizeof *c);
    size_t n = strlen(cfg->corpus_dir) + 32;
    char *manifest = malloc(n);
    snprintf(manifest, n, "%s/MANIFEST.tsv", cfg->corpus_dir);
    FILE *f = fopen(manifest, "r");
    free(manifest);
    if (!f) {
        fprintf(stderr, "dxil-bench: %s has no MANIFEST.tsv\n", cfg->corpus_dir);
        return -1;
    }
    char line[4096], full[8192];
    size_t cap = 0;
    while (fgets(line, sizeof line, f) && (!cfg->max_files || c->count < cfg->max_files)) {
        const char *rel = bench_manifest_path(line);
        if (!rel)
            continue;
        snprintf(full, sizeof full, "%s/%s", cfg->corpus_dir, rel);
        if (bench_add_file(c, &cap, full) != 0)
            break;
    }
    fclose(f);
    return c->count ? 0 : -1;
}

void bench_corpus_free(bench_corpus *c)
{
    for (size_t i = 0; i < c->count; i++) {
        free(c->items[i].path);
        free(c->items[i].data);
        free(c->items[i].fixed_bc);
        free(c->items[i].raised_bc);
    }
    free(c->items);
}

/* ---- options ------------------------------------------------------------ */

static int bench_parse_scales(const char *text, bench_config *cfg)
{
    cfg->nscales = 0;
    const char *p = text;
    while (*p && cfg->nscales < 8) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v == 0 || v > 10000)
            return -1;
        cfg->scales[cfg->nscales++] = (unsigned)v;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return -1;
    }
    return cfg->nscales ? 0 : -1;
}

static const char *const bench_section_names[] = {"phases", "threads", "scaled", "startup",
                                                  "batch", "e2e", "writer", "check",
                                                  "lower", "run", "spirv"};

/* --sections=A,B,...: the BENCH_S_* bit of each name. */
static int bench_parse_sections(const char *text, bench_config *cfg)
{
    cfg->sections = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, ",");
        unsigned bit = 0;
        for (unsigned i = 0; i < sizeof bench_section_names / sizeof *bench_section_names; i++)
            if (strlen(bench_section_names[i]) == len && strncmp(p, bench_section_names[i], len) == 0)
                bit = 1u << i;
        if (!bit)
            return -1;
        cfg->sections |= bit;
        p += len + (p[len] == ',');
    }
    return cfg->sections ? 0 : -1;
}

static unsigned bench_uint(const char *text, unsigned max)
{
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    return *end || end == text || v > max ? 0 : (unsigned)v;
}

enum { BO_CORPUS = 256, BO_FILES, BO_ITER, BO_THREADS, BO_SCALES, BO_SPAWN, BO_NOSPAWN,
       BO_EMIT, BO_TOOL, BO_OPT, BO_OUT, BO_PLOT, BO_VERSION, BO_SECTIONS, BO_E2E_REPEAT,
       BO_E2E_RUNS, BO_LLVM_ALONE, BO_LLC, BO_CLANG, BO_DXIL_SPIRV };

static const struct option bench_options[] = {
    {"corpus", required_argument, NULL, BO_CORPUS},   {"files", required_argument, NULL, BO_FILES},
    {"iterations", required_argument, NULL, BO_ITER}, {"threads", required_argument, NULL, BO_THREADS},
    {"scales", required_argument, NULL, BO_SCALES},   {"spawn-runs", required_argument, NULL, BO_SPAWN},
    {"no-spawn", no_argument, NULL, BO_NOSPAWN},      {"emit", required_argument, NULL, BO_EMIT},
    {"tool", required_argument, NULL, BO_TOOL},       {"opt", required_argument, NULL, BO_OPT},
    {"out", required_argument, NULL, BO_OUT},         {"plot", no_argument, NULL, BO_PLOT},
    {"help", no_argument, NULL, 'h'},                 {"version", no_argument, NULL, BO_VERSION},
    {"sections", required_argument, NULL, BO_SECTIONS},
    {"e2e-repeat", required_argument, NULL, BO_E2E_REPEAT},
    {"e2e-runs", required_argument, NULL, BO_E2E_RUNS},
    {"llvm-alone", required_argument, NULL, BO_LLVM_ALONE},
    {"llc", required_argument, NULL, BO_LLC},
    {"clang", required_argument, NULL, BO_CLANG},
    {"dxil-spirv", required_argument, NULL, BO_DXIL_SPIRV},
    {NULL, 0, NULL, 0}};

static void bench_defaults(bench_config *cfg)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    *cfg = (bench_config){.corpus_dir = DXIL_BENCH_DEFAULT_CORPUS, .out_dir = "bench-out",
                          .tool = DXIL_BENCH_TOOL, .opt = DXIL_BENCH_OPT,
                          .llvm_alone = DXIL_BENCH_LLVM, .run_tool = DXIL_BENCH_RUN,
                          .vk_alone = DXIL_BENCH_VK, .llc = DXIL_BENCH_LLC,
                          .clang = DXIL_BENCH_CLANG, .source_dir = DXIL_BENCH_SOURCE_DIR,
                          .iterations = 3,
                          .max_threads = ncpu > 0 ? (unsigned)ncpu : 1, .spawn_runs = 30,
                          .e2e_repeat = 5, .e2e_runs = 3, .sections = BENCH_S_ALL,
                          .scales = {1, 10, 100}, .nscales = 3, .emit = DXIL_EMIT_BC};
}

/* Returns 0 when a numeric option was valid. */
static int bench_apply_number(int c, const char *arg, bench_config *cfg)
{
    unsigned v = bench_uint(arg, 1u << 24);
    if (v == 0)
        return -1;
    if (c == BO_FILES) cfg->max_files = v;
    else if (c == BO_ITER) cfg->iterations = v;
    else if (c == BO_THREADS) cfg->max_threads = v;
    else if (c == BO_E2E_REPEAT) cfg->e2e_repeat = v;
    else if (c == BO_E2E_RUNS) cfg->e2e_runs = v;
    else cfg->spawn_runs = v;
    return 0;
}

static int bench_apply(int c, const char *arg, bench_config *cfg)
{
    switch (c) {
    case BO_CORPUS: cfg->corpus_dir = arg; return 0;
    case BO_FILES: case BO_ITER: case BO_THREADS: case BO_SPAWN: case BO_E2E_REPEAT:
    case BO_E2E_RUNS:
        return bench_apply_number(c, arg, cfg);
    case BO_SECTIONS: return bench_parse_sections(arg, cfg);
    case BO_LLVM_ALONE: cfg->llvm_alone = arg; return 0;
    case BO_LLC: cfg->llc = arg; return 0;
    case BO_CLANG: cfg->clang = arg; return 0;
    case BO_DXIL_SPIRV: cfg->dxil_spirv = arg; return 0;
    case BO_SCALES: return bench_parse_scales(arg, cfg);
    case BO_NOSPAWN: cfg->skip_spawn = true; return 0;
    case BO_EMIT:
        if (strcmp(arg, "ll") && strcmp(arg, "bc"))
            return -1;
        cfg->emit = arg[0] == 'b' ? DXIL_EMIT_BC : DXIL_EMIT_LL;
        return 0;
    case BO_TOOL: cfg->tool = arg; return 0;
    case BO_OPT: cfg->opt = arg; return 0;
    case BO_OUT: cfg->out_dir = arg; return 0;
    case BO_PLOT: cfg->plot = true; return 0;
    default: return -1;
    }
}

static int bench_parse_args(int argc, char **argv, bench_config *cfg)
{
    bench_defaults(cfg);
    int c;
    while ((c = cli_getopt("dxil-bench", argc, argv, "h", bench_options)) != -1) {
        if (c == CLI_OPT_BAD)
            return CLI_EXIT_USAGE; /* cli_getopt named it */
        if (c == 'h' || c == BO_VERSION) {
            if (c == 'h')
                fputs(bench_usage, stdout);
            else
                cli_print_version("dxil-bench");
            return CLI_EXIT_OK;
        }
        if (bench_apply(c, optarg, cfg) != 0)
            return cli_usage_error("dxil-bench", DXIL_E_USAGE_VALUE, "bad option value", optarg);
    }
    if (optind < argc)
        return cli_usage_error("dxil-bench", DXIL_E_USAGE, "unexpected argument", argv[optind]);
    return -1;
}

/* ---- output ------------------------------------------------------------- */

/* First line of a command's output (trailing newline dropped), or "". */
static void bench_first_line(const char *cmd, char *buf, size_t size)
{
    buf[0] = '\0';
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    if (!fgets(buf, (int)size, p))
        buf[0] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    pclose(p);
}

/* "CPU model, N cores, commit abc1234" for the plots: figures mean little
 * without the machine and the code that made them. Quotes and shell
 * characters become spaces (the label travels inside gnuplot's -e). */
static void bench_plot_label(char *out, size_t size)
{
    char cpu[160], commit[64];
    bench_first_line("sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo 2>/dev/null", cpu,
                     sizeof cpu);
    bench_first_line("git -C '" DXIL_BENCH_SOURCE_DIR "' rev-parse --short HEAD 2>/dev/null",
                     commit, sizeof commit);
    snprintf(out, size, "%s, %ld cores, commit %s", cpu[0] ? cpu : "unknown CPU",
             sysconf(_SC_NPROCESSORS_ONLN), commit[0] ? commit : "unknown");
    for (char *c = out; *c; c++)
        if (strchr("'\"\\$`", *c))
            *c = ' ';
}

static void bench_plot(const bench_config *cfg)
{
    char cmd[4096], label[256];
    bench_plot_label(label, sizeof label);
    snprintf(cmd, sizeof cmd, "gnuplot -e \"outdir='%s'\" -e \"label='%s'\" '%s'", cfg->out_dir,
             label, DXIL_BENCH_PLOT_SCRIPT);
    if (system(cmd) != 0)
        fprintf(stderr, "dxil-bench: gnuplot failed (is gnuplot-nox installed?)\n");
    else
        printf("\nplots: %s/throughput_threads.png %s/phases.png\n", cfg->out_dir, cfg->out_dir);
}

/* Other work on the machine skews every figure: print the load. */
static double bench_loadavg(void)
{
    double load = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1;
        fclose(f);
    }
    return load;
}

static void bench_machine(const bench_corpus *c, bench_csv *csv)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    double mem = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE) / (1 << 30);
    printf("dxil-bench: %s; %zu shaders, %.2f MB; %ld CPUs, %.1f GiB RAM, load %.2f\n",
           dxil_upgrade_version_string(), c->count, (double)c->bytes / 1e6, ncpu, mem,
           bench_loadavg());
    bench_csv_row(csv, "machine", "cpus", "count", (double)ncpu, "");
    bench_csv_row(csv, "corpus", "all", "shaders", (double)c->count, "");
    bench_csv_row(csv, "corpus", "all", "bytes", (double)c->bytes, "B");
}

static void bench_sections(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    static void (*const run[])(const bench_config *, const bench_corpus *, bench_csv *) = {
        bench_phases, bench_threads, bench_scaled, bench_startup, bench_batch_vs_process,
        bench_end_to_end, bench_writer, bench_check, bench_lower, bench_run, bench_spirv};
    unsigned spawning = BENCH_S_STARTUP | BENCH_S_BATCH | BENCH_S_E2E | BENCH_S_RUN;
    bench_machine(c, csv);
    for (unsigned i = 0; i < sizeof run / sizeof *run; i++)
        if ((cfg->sections >> i & 1) && !(cfg->skip_spawn && (spawning >> i & 1)))
            run[i](cfg, c, csv);
    printf("\npeak RSS of dxil-bench: %.1f MiB; load average now %.2f\n", rss_peak_mib(),
           bench_loadavg());
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* tables appear as sections finish */
    bench_config cfg;
    int rc = bench_parse_args(argc, argv, &cfg);
    if (rc >= 0)
        return rc;
    if (mkdir(cfg.out_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "dxil-bench: cannot create %s: %s\n", cfg.out_dir, strerror(errno));
        return 1;
    }
    bench_corpus corpus;
    /* Canonical paths: a ".." in them would make every batch item keep a
     * renamed copy of its path, which the RSS figures would then show. */
    char *real = realpath(cfg.corpus_dir, NULL);
    if (real)
        cfg.corpus_dir = real;
    /* The run section alone spawns dxil-run on its own shader. */
    if (cfg.sections == BENCH_S_RUN)
        memset(&corpus, 0, sizeof corpus);
    else if (bench_corpus_load(&cfg, &corpus) != 0) {
        fprintf(stderr, "dxil-bench: no usable shader in %s\n", cfg.corpus_dir);
        bench_corpus_free(&corpus);
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/results.csv", cfg.out_dir);
    bench_csv csv = {fopen(path, "w")};
    if (csv.f)
        fputs("section,item,metric,value,unit\n", csv.f);
    bench_sections(&cfg, &corpus, &csv);
    if (csv.f)
        fclose(csv.f);
    printf("CSV: %s\n", path);
    if (cfg.plot)
        bench_plot(&cfg);
    bench_corpus_free(&corpus);
    free(real);
    return 0;
}
