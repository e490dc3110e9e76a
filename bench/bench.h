/* bench.h - what the dxil-bench source files share. */
#ifndef DXIL_BENCH_H
#define DXIL_BENCH_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct bench_shader {
    char *path;
    uint8_t *data;        /* the file */
    size_t size;
    uint8_t *fixed_bc;    /* datalayout-fixed bitcode for the baseline */
    size_t fixed_size;
    uint8_t *raised_bc;   /* our raised output as bitcode (NULL if it failed) */
    size_t raised_size;
} bench_shader;

typedef struct bench_corpus {
    bench_shader *items;
    size_t count;
    size_t bytes;
} bench_corpus;

typedef struct bench_config {
    const char *corpus_dir;
    const char *out_dir;     /* CSV, PNG and scratch files */
    const char *tool;        /* dxil-upgrade */
    const char *opt;         /* opt-22 */
    const char *llvm_alone;  /* dxil-bench-llvm, the end-to-end baseline */
    const char *run_tool;    /* dxil-run */
    const char *vk_alone;    /* dxil-bench-vk, dxil-run's start-up floor */
    const char *llc;         /* llc-22: the SPIR-V section's per-process baseline */
    const char *clang;       /* clang-22: the SPIR-V section's inputs */
    const char *dxil_spirv;  /* Proton's dxil-spirv, the SPIR-V yardstick, or NULL */
    const char *source_dir;  /* the source tree (the SPIR-V section's inputs) */
    size_t max_files;        /* 0 = all */
    unsigned iterations;     /* per-shader timing repetitions */
    unsigned max_threads;
    unsigned spawn_runs;     /* per-process latency repetitions */
    unsigned e2e_repeat;     /* end to end: the corpus repeated in the list */
    unsigned e2e_runs;       /* end to end: rounds (median kept) */
    unsigned sections;       /* BENCH_S_* bits to run */
    unsigned scales[8];
    unsigned nscales;
    dxil_emit_format emit;
    bool plot, skip_spawn;
} bench_config;

/* The sections, for --sections. */
enum { BENCH_S_PHASES = 1, BENCH_S_THREADS = 2, BENCH_S_SCALED = 4, BENCH_S_STARTUP = 8,
       BENCH_S_BATCH = 16, BENCH_S_E2E = 32, BENCH_S_WRITER = 64, BENCH_S_CHECK = 128,
       BENCH_S_LOWER = 256, BENCH_S_RUN = 512, BENCH_S_SPIRV = 1024, BENCH_S_ALL = 2047 };

/* One CSV row: section,item,metric,value,unit. */
typedef struct bench_csv {
    FILE *f;
} bench_csv;

/* The q-quantile (0..1) of n samples; sorts them. */
double bench_quantile(double *v, size_t n, double q);

int bench_corpus_load(const bench_config *cfg, bench_corpus *c);
void bench_corpus_free(bench_corpus *c);

void bench_csv_row(bench_csv *csv, const char *section, const char *item, const char *metric,
                   double value, const char *unit);

/* The sections; each prints its table and adds CSV rows. */
void bench_phases(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
void bench_threads(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
void bench_scaled(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
void bench_startup(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
void bench_batch_vs_process(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
void bench_end_to_end(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
/* bench_writer.c: our LLVM 3.7 bitcode writer against LLVM 22's. */
void bench_writer(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
/* bench_check.c: the validator against the load. */
void bench_check(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
/* bench_lower.c: lowering with and without the legalization passes. */
void bench_lower(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
/* bench_run.c: dxil-run's start-up against a bare Vulkan device's. */
void bench_run(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);
/* bench_spirv.c: --emit=spirv against LLVM alone, llc-22 and dxil-spirv. */
void bench_spirv(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);

/* Ours, end to end, on one shader in memory; returns 0 when it converted. */
int bench_run_ours(const bench_shader *s, dxil_emit_format emit);
/* Runs argv (stdout/stderr to /dev/null); returns wall seconds, or -1. */
double bench_spawn(char *const argv[]);
/* The same, and the child's CPU time (user + system) in *cpu. */
double bench_spawn_cpu(char *const argv[], double *cpu);

#endif
