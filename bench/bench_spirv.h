/* bench_spirv.h - what the two files of dxil-bench's SPIR-V section
 * share (bench_spirv.c: the inputs, in process, the section;
 * bench_spirv_spawn.c: per process, batch, the corpus). */
#ifndef DXIL_BENCH_SPIRV_H
#define DXIL_BENCH_SPIRV_H

#include "bench.h"

enum { SPV_MAX_INPUTS = 128, SPV_CORPUS_PICK = 40, SPV_BATCH_REPEAT = 5 };

typedef struct spv_input {
    char path[1024];
    uint8_t *text;
    size_t size;
    void *spirv; /* what the filter made of it (isolated) */
    size_t spirv_size;
} spv_input;

typedef struct spv_set {
    spv_input v[SPV_MAX_INPUTS];
    size_t n, dropped;
    size_t max; /* --files, or SPV_MAX_INPUTS */
} spv_set;

/* Milliseconds per shader: wall, and CPU (user + system, children
 * included); both -1 when a run failed. On a loaded machine the wall
 * figure waits for the scheduler; the CPU one does not. */
typedef struct spv_ms {
    double wall, cpu;
} spv_ms;

/* Per process, and per shader in a batch, over the inputs. */
void spv_processes(const bench_config *cfg, const spv_set *s, bench_csv *csv);
/* The corpus's containers, against dxil-spirv when given. */
void spv_corpus(const bench_config *cfg, const bench_corpus *c, bench_csv *csv);

#endif
