/* bench_writer.c - the "DXIL writer" row: our LLVM 3.7 bitcode writer
 * (bcw_write_module) against LLVM 22's own bitcode writer
 * (LLVMWriteBitcodeToMemoryBuffer) on the same module, each corpus shader
 * loaded once without raising, both timed in the same run. */
#include "bench.h"
#include "bcwrite/bcwrite.h"
#include "module/module_internal.h"
#include "tools/clock.h"

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <stdlib.h>

typedef struct writer_acc {
    double *ours, *llvm;       /* per shader, median over iterations */
    size_t n, failed, ours_bytes, llvm_bytes;
} writer_acc;

/* One write by each, in alternating order (so neither always runs on a
 * warm cache after the other); seconds into t[0] (ours) and t[1]. */
static int writer_once(dxil_module *m, unsigned it, double *t, size_t *sizes)
{
    bcw_options o;
    bcw_options_init(&o);
    o.restypes = m->restypes;
    int rc = 0;
    for (int k = 0; k < 2; k++) {
        bool ours = (k + it) % 2 == 0;
        double t0 = clock_now();
        if (ours) {
            uint8_t *bc = NULL;
            rc |= bcw_write_module(m->mod, &o, &bc, &sizes[0], NULL);
            free(bc);
        } else {
            LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m->mod);
            rc |= buf ? 0 : -1;
            sizes[1] = buf ? LLVMGetBufferSize(buf) : 0;
            if (buf)
                LLVMDisposeMemoryBuffer(buf);
        }
        t[ours ? 0 : 1] = clock_now() - t0;
    }
    return rc;
}

static void writer_measure(const bench_config *cfg, const bench_shader *s, writer_acc *acc)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    dxil_module *m = dxil_module_load_memory(s->data, s->size, s->path, &opts, NULL);
    unsigned n = cfg->iterations;
    double *samples = calloc(2 * (size_t)n, sizeof *samples);
    size_t sizes[2] = {0, 0};
    int rc = m && samples ? 0 : -1;
    for (unsigned it = 0; rc == 0 && it < n; it++) {
        double t[2];
        rc = writer_once(m, it, t, sizes);
        samples[it] = t[0];
        samples[n + it] = t[1];
    }
    if (rc == 0) {
        acc->ours[acc->n] = bench_quantile(samples, n, 0.5);
        acc->llvm[acc->n++] = bench_quantile(samples + n, n, 0.5);
        acc->ours_bytes += sizes[0];
        acc->llvm_bytes += sizes[1];
    } else {
        acc->failed++;
    }
    free(samples);
    dxil_module_destroy(m);
}

void bench_writer(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    printf("\n== DXIL writer: mean per shader, 1 thread, median of %u iterations, same "
           "unraised module ==\n", cfg->iterations);
    writer_acc acc = {.ours = calloc(c->count + 1, sizeof(double)),
                      .llvm = calloc(c->count + 1, sizeof(double))};
    for (size_t i = 0; acc.ours && acc.llvm && i < c->count; i++)
        writer_measure(cfg, &c->items[i], &acc);
    double ours = 0, llvm = 0;
    for (size_t i = 0; i < acc.n; i++) {
        ours += acc.ours[i];
        llvm += acc.llvm[i];
    }
    double n = acc.n ? (double)acc.n : 1, ratio = llvm > 0 ? ours / llvm : 0;
    printf("%-34s %10s %10s %8s\n", "writer", "us/shader", "MB out", "ratio");
    printf("%-34s %10.1f %10.2f %7.2fx\n", "bcw_write_module (LLVM 3.7, DXC's)", ours / n * 1e6,
           (double)acc.ours_bytes / 1e6, ratio);
    printf("%-34s %10.1f %10.2f %7.2fx\n", "LLVMWriteBitcodeToMemoryBuffer", llvm / n * 1e6,
           (double)acc.llvm_bytes / 1e6, 1.0);
    printf("%zu shaders, %zu failed; ours costs %.2fx LLVM 22's writer (target <= 1.5x)\n",
           acc.n, acc.failed, ratio);
    bench_csv_row(csv, "writer", "bcwrite", "us_per_shader", ours / n * 1e6, "us");
    bench_csv_row(csv, "writer", "llvm22", "us_per_shader", llvm / n * 1e6, "us");
    bench_csv_row(csv, "writer", "bcwrite_vs_llvm22", "ratio", ratio, "x");
    bench_csv_row(csv, "writer", "bcwrite", "bytes", (double)acc.ours_bytes, "B");
    bench_csv_row(csv, "writer", "llvm22", "bytes", (double)acc.llvm_bytes, "B");
    free(acc.ours);
    free(acc.llvm);
}
