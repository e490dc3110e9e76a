/* bench_run.c - dxil-run's start-up (issue 35: under 100 ms on lavapipe):
 * dxil-run on a trivial compute shader, in a child process (its default)
 * and in its own process (--timeout=0), against the floor measured in the
 * same run: dxil-bench-vk, which only creates a Vulkan instance and
 * lavapipe's device and exits. Figures only, no assertions. */
#include "bench.h"
#include "common/file_io.h"

#include <stdlib.h>
#include <string.h>

/* The trivial shader, assembled by spirv-as (--target-env vulkan1.1) from:
 *   OpEntryPoint GLCompute %main "main" %gid, LocalSize 64 1 1;
 *   one storage buffer (set 0, binding 0: u0) of uint; Out[gid.x] = gid.x */
static const uint32_t run_tiny_spirv[] = {
    0x07230203, 0x00010300, 0x00070000, 0x00000012, 0x00000000, 0x00020011,
    0x00000001, 0x0003000e, 0x00000000, 0x00000001, 0x0006000f, 0x00000005,
    0x00000001, 0x6e69616d, 0x00000000, 0x00000002, 0x00060010, 0x00000001,
    0x00000011, 0x00000040, 0x00000001, 0x00000001, 0x00040047, 0x00000002,
    0x0000000b, 0x0000001c, 0x00040047, 0x00000003, 0x00000006, 0x00000004,
    0x00050048, 0x00000004, 0x00000000, 0x00000023, 0x00000000, 0x00030047,
    0x00000004, 0x00000002, 0x00040047, 0x00000005, 0x00000022, 0x00000000,
    0x00040047, 0x00000005, 0x00000021, 0x00000000, 0x00020013, 0x00000006,
    0x00030021, 0x00000007, 0x00000006, 0x00040015, 0x00000008, 0x00000020,
    0x00000000, 0x00040017, 0x00000009, 0x00000008, 0x00000003, 0x00040020,
    0x0000000a, 0x00000001, 0x00000009, 0x0004003b, 0x0000000a, 0x00000002,
    0x00000001, 0x0003001d, 0x00000003, 0x00000008, 0x0003001e, 0x00000004,
    0x00000003, 0x00040020, 0x0000000b, 0x0000000c, 0x00000004, 0x00040020,
    0x0000000c, 0x0000000c, 0x00000008, 0x0004003b, 0x0000000b, 0x00000005,
    0x0000000c, 0x0004002b, 0x00000008, 0x0000000d, 0x00000000, 0x00050036,
    0x00000006, 0x00000001, 0x00000000, 0x00000007, 0x000200f8, 0x0000000e,
    0x0004003d, 0x00000009, 0x0000000f, 0x00000002, 0x00050051, 0x00000008,
    0x00000010, 0x0000000f, 0x00000000, 0x00060041, 0x0000000c, 0x00000011,
    0x00000005, 0x0000000d, 0x00000010, 0x0003003e, 0x00000011, 0x00000010,
    0x000100fd, 0x00010038,
};

typedef struct run_row {
    const char *item;
    double wall_ms, cpu_ms;
} run_row;

/* Median wall and CPU milliseconds of `runs` spawns of argv. */
static int run_median(char *const argv[], unsigned runs, run_row *row)
{
    double *wall = calloc(runs, sizeof *wall), *cpu = calloc(runs, sizeof *cpu);
    unsigned ok = 0;
    for (unsigned i = 0; wall && cpu && i < runs; i++) {
        double c = 0, s = bench_spawn_cpu(argv, &c);
        if (s < 0)
            break;
        wall[ok] = s * 1e3;
        cpu[ok++] = c * 1e3;
    }
    if (ok == runs && ok > 0) {
        row->wall_ms = bench_quantile(wall, ok, 0.5);
        row->cpu_ms = bench_quantile(cpu, ok, 0.5);
    }
    free(wall);
    free(cpu);
    return ok == runs && ok > 0 ? 0 : -1;
}

void bench_run(const bench_config *cfg, const bench_corpus *c, bench_csv *csv)
{
    (void)c;
    char spv[4200];
    snprintf(spv, sizeof spv, "%s/run-tiny.spv", cfg->out_dir);
    if (file_write_atomic(spv, run_tiny_spirv, sizeof run_tiny_spirv, NULL) != 0)
        return;
    char *floor[] = {(char *)cfg->vk_alone, NULL};
    char *isolated[] = {(char *)cfg->run_tool, spv, "--dispatch=1", "--default-size=256", NULL};
    char *inproc[] = {(char *)cfg->run_tool, spv, "--dispatch=1", "--default-size=256", "--timeout=0", NULL};
    run_row rows[] = {{"vk_device", 0, 0}, {"dxil_run", 0, 0}, {"dxil_run_inproc", 0, 0}};
    char *const *argvs[] = {floor, isolated, inproc};
    printf("\n== dxil-run start-up: median of %u runs, ms (lavapipe) ==\n", cfg->spawn_runs);
    printf("%-16s %10s %10s\n", "", "wall", "cpu");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (run_median(argvs[i], cfg->spawn_runs, &rows[i]) != 0) {
            printf("%-16s failed (%s)\n", rows[i].item, argvs[i][0]);
            continue;
        }
        printf("%-16s %10.2f %10.2f\n", rows[i].item, rows[i].wall_ms, rows[i].cpu_ms);
        bench_csv_row(csv, "run", rows[i].item, "wall_ms", rows[i].wall_ms, "ms");
        bench_csv_row(csv, "run", rows[i].item, "cpu_ms", rows[i].cpu_ms, "ms");
    }
    printf("vk_device: instance and lavapipe device only (dxil-bench-vk), the floor; "
           "target for dxil_run: < 100 ms wall\n");
}
