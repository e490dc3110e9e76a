/* diffrun.h - dxil-diffrun's pieces (docs/differential.md): a compute
 * shader run as DXC wrote it and after raise -> an LLVM 22 pipeline ->
 * dxil-lower -> raise, both through the Vulkan retarget and SPIR-V on
 * lavapipe, with the same seeded inputs; the UAVs compared. Only the
 * public C API (and LLVM-C for the pass pipelines). */
#ifndef DXIL_DIFFRUN_H
#define DXIL_DIFFRUN_H

#include "dxil-upgrade/dxil_run.h"
#include "dxil-upgrade/dxil_spirv.h"
#include "dxil-upgrade/dxil_upgrade.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { DR_MAX_SHIFTS = 16, DR_MAX_PIPES = 8, DR_REASON = 512 };

/* One pipeline of LLVM 22's new pass manager: its name on the command
 * line and its pass text for LLVMRunPasses ("" runs none). */
typedef struct dr_pipe {
    const char *name;
    const char *passes;
} dr_pipe;

/* The pipelines --pipelines may name, in report order. */
extern const dr_pipe dr_pipes[];
extern const size_t dr_n_pipes;

typedef struct dr_config {
    uint32_t dispatch[3];
    double timeout;          /* seconds per run (dxil_run_options.timeout) */
    uint64_t seed;
    uint32_t max_ulps;       /* drift bound for reassociable floats */
    dxil_spirv_shift spirv_shifts[DR_MAX_SHIFTS];
    dxil_run_shift run_shifts[DR_MAX_SHIFTS];
    size_t n_shifts;
} dr_config;

/* What a run left in each UAV, copied out of dxil_run_result. */
typedef struct dr_buffer {
    char cls;
    uint32_t reg, space, stride;
    uint64_t size;
    uint8_t *data;
} dr_buffer;

typedef struct dr_outputs {
    size_t n;
    dr_buffer *b;
} dr_outputs;

void dr_outputs_free(dr_outputs *o);

typedef enum dr_verdict {
    DR_SAME,        /* bit for bit */
    DR_DRIFT,       /* floats within max_ulps, the shader allowing reassociation;
                       or, under nnan/ninf, a difference only NaN or infinite
                       inputs make */
    DR_MISMATCH,    /* different buffers */
    DR_NONDET,      /* two runs of one binary differed: races or atomics */
    DR_REFUSED,     /* a step refused (the reason says which) */
    DR_VERDICTS
} dr_verdict;

extern const char *const dr_verdict_names[DR_VERDICTS];

/* A comparison's finding: the first differing element, and the largest
 * ulp distance seen among differing float words. */
typedef struct dr_diff {
    dr_verdict verdict;
    uint32_t max_ulps;
    char where[DR_REASON];
} dr_diff;

/* diffrun_exec.c */
/* The shader at path loaded and raised (layouts from reflection, as the
 * tools load), or NULL with the reason. */
dxil_module *dr_load(const void *data, size_t size, const char *name, char *reason);
/* Runs pipe's passes on m, lowers and writes the container (validated,
 * signed) into *out. 0, or -1 with the reason naming the step. */
int dr_transform(dxil_module *m, const dr_pipe *pipe, uint8_t **out, size_t *out_size,
                 char *reason);
/* SPIR-V of a raised module (retargeted with cfg's shifts). */
int dr_spirv(dxil_module *m, const dr_config *cfg, void **spv, size_t *size, char *reason);
/* One run of spv with lavapipe's `threads`; its UAVs into *out. finite:
 * the seeded inputs without NaNs or infinities (dxil_run_options). */
int dr_run(const void *spv, size_t size, const dr_config *cfg, int threads, bool finite,
           const char *name, dr_outputs *out, char *reason);

/* diffrun_compare.c */
/* True when some float instruction of m may be reassociated (fast-math
 * `reassoc`, part of DXC's default `fast`). */
bool dr_allows_reassoc(dxil_module *m);
/* True when some float instruction of m assumes no NaN or no infinity
 * (fast-math `nnan` or `ninf`, in DXC's default `fast`): given one, it
 * is poison. */
bool dr_assumes_finite(dxil_module *m);
/* Compares b against a (the original's): same, drift (only when
 * reassoc and every differing 32-bit word is a float within max_ulps of
 * the other) or mismatch, naming the first differing element. */
void dr_compare(const dr_outputs *a, const dr_outputs *b, bool reassoc, uint32_t max_ulps,
                dr_diff *out);

/* The command line. */
typedef struct dr_cli {
    dr_config cfg;
    const dr_pipe *pipes[DR_MAX_PIPES];
    const char *pipe_names[DR_MAX_PIPES + 1];
    size_t n_pipes;
    const char *against, *csv, *json;
    bool quiet;
} dr_cli;

/* diffrun_report.c: one row per shader and pipeline. */
typedef struct dr_row {
    char *shader;
    const char *pipe;      /* a dr_pipes name, "original" or "against" */
    dr_verdict verdict;
    uint32_t max_ulps;
    char *detail;          /* where it differs, or why refused; "" */
} dr_row;

typedef struct dr_report {
    dr_row *rows;
    size_t n, cap;
    size_t shaders, runnable;
} dr_report;

int dr_report_add(dr_report *r, const char *shader, const char *pipe, dr_verdict v,
                  uint32_t max_ulps, const char *detail);
/* The summary table (per pipeline: runnable, same, drift, mismatch,
 * nondet, refused, largest drift in ulps) and each mismatch, on out. */
void dr_report_table(const dr_report *r, const char *const *pipes, size_t n_pipes, FILE *out);
int dr_report_csv(const dr_report *r, const char *path);
int dr_report_json(const dr_report *r, const char *const *pipes, size_t n_pipes,
                   const dr_config *cfg, const char *path);
void dr_report_free(dr_report *r);

/* diffrun_shader.c: one input against c's pipelines (or --against), its
 * rows added to r. -1 when the input cannot be read at all. */
int dr_shader(const dr_cli *c, const char *path, dr_report *r);

#endif
