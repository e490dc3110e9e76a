/* dxil_run.h - run a compute shader (SPIR-V) on a Vulkan device and
 * collect what it wrote (docs/run.md).
 *
 * Every resource the shader declares is bound: storage buffers (HLSL's
 * structured and raw buffers), texel buffers (typed buffers) and uniform
 * buffers (cbuffers). Each is named by its HLSL identity, found by
 * inverting DXC's -spirv default mapping (descriptor set = space, binding
 * = register + the -fvk-*-shift of its class): `u0 space0`. Its bytes come
 * from a bind (a file, or memory) or, unbound, from a seeded generator
 * that depends only on (seed, class, space, register). Out-of-bounds
 * reads give 0 and out-of-bounds writes are dropped, as in D3D12: the
 * device must offer robustBufferAccess and VK_EXT_robustness2's
 * robustBufferAccess2.
 *
 * The library never aborts its host and never waits forever when a
 * timeout is set: the Vulkan work then runs in a child process (fork)
 * that is killed when the time is up (a CPU device such as lavapipe
 * cannot stop a running dispatch). Without a timeout the run is in the
 * caller's process and a shader that never ends never returns.
 */
#ifndef DXIL_UPGRADE_RUN_H
#define DXIL_UPGRADE_RUN_H

#include "dxil_diag.h"
#include "dxil_export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of an unbound buffer with a runtime array (storage or texel
 * buffer), unless dxil_run_options.default_size says otherwise. */
#define DXIL_RUN_DEFAULT_SIZE 65536u
/* Seconds the tool gives a dispatch by default (dxil_run_options.timeout
 * is 0, no limit, unless set). */
#define DXIL_RUN_DEFAULT_TIMEOUT 10.0

/* The contents of one HLSL resource: `cls` 't', 'u' or 'b', register and
 * space. From the file `path`, or (path NULL) the `size` bytes at `data`. */
typedef struct dxil_run_bind {
    char cls;
    uint32_t reg, space;
    const char *path;
    const void *data;
    size_t size;
} dxil_run_bind;

/* DXC's -fvk-{b,t,u,s}-shift N SPACE: class `cls` in `space` (every space
 * when all_spaces) has binding = register + shift. A shift for one space
 * wins over an all-spaces one. */
typedef struct dxil_run_shift {
    char cls;
    bool all_spaces;
    uint32_t space;
    uint32_t shift;
} dxil_run_shift;

/* A texel buffer's element format, where the SPIR-V says Unknown or the
 * caller knows better: `format` is a SPIR-V image format name as DXC's
 * [[vk::image_format]] spells it ("rgba32f", "r32ui", ...). */
typedef struct dxil_run_format {
    char cls;
    uint32_t reg, space;
    const char *format;
} dxil_run_format;

/* dxil_run_options.threads: leave LP_NUM_THREADS as the environment has it. */
#define DXIL_RUN_THREADS_ENV (-1)

typedef struct dxil_run_options {
    uint32_t dispatch[3];      /* thread groups in x, y, z (each >= 1) */
    uint64_t seed;             /* for unbound resources */
    /* Seeded contents without NaNs or infinities: every 16-bit unit whose
     * bits are an IEEE half's all-ones exponent loses that exponent's top
     * bit, so no half, float or double read from them is NaN or infinite
     * (docs/run.md, "The seed"). Bound contents are left as given. */
    bool seed_finite;
    uint64_t default_size;     /* 0: DXIL_RUN_DEFAULT_SIZE */
    double timeout;            /* seconds; 0: none, in the caller's process */
    const char *device;        /* a device name (substring, case-insensitive)
                                  or index; NULL: lavapipe (the first CPU device) */
    /* lavapipe's worker threads, LP_NUM_THREADS: 0 (the default) runs the
     * thread groups one after another on one thread, in a fixed order;
     * N > 0 on N threads; DXIL_RUN_THREADS_ENV leaves the environment's.
     * Set in the child with a timeout, else in this process (setenv). */
    int threads;
    const char *entry;         /* NULL: the module's only compute entry point */
    const dxil_run_bind *binds;
    size_t n_binds;
    const dxil_run_shift *shifts;
    size_t n_shifts;
    const dxil_run_format *formats;
    size_t n_formats;
    const char *shader_name;   /* names the shader in run.json; may be NULL */
    const char *out_dir;       /* NULL: nothing written */
} dxil_run_options;

/* Zeroes opts: no timeout, seed 0, default size, lavapipe, threads 0. */
DXIL_API void dxil_run_options_init(dxil_run_options *opts);

/* One descriptor the shader was given (an array of N gives N, registers
 * reg .. reg + N - 1). */
typedef struct dxil_run_binding {
    char cls;                /* 't', 'u' or 'b' */
    uint32_t reg, space;     /* HLSL identity */
    uint32_t set, binding, array_index;
    const char *kind;        /* "storage-buffer", "uniform-buffer",
                                "uniform-texel-buffer", "storage-texel-buffer" */
    const char *format;      /* texel buffers: the element format ("rgba32f"), else NULL */
    const char *name;        /* the SPIR-V variable's name, or "" */
    uint32_t stride;         /* bytes per element: runtime-array stride,
                                texel size, 16 for a cbuffer row; 0 none */
    uint64_t size;           /* bytes */
    const char *source;      /* the bind file, "<memory>", or NULL: seeded */
    const char *output;      /* the file written under out_dir, or NULL */
    const uint8_t *data;     /* UAVs: the contents after the dispatch; else NULL */
    bool counter;            /* the UAV counter of the buffer cls/reg/space (4 bytes,
                                zero before the dispatch; output "u0_space0.counter.bin") */
} dxil_run_binding;

typedef struct dxil_run_result {
    char device_name[256];
    char driver_name[256];
    char driver_info[256];
    uint32_t api_version;      /* VK_MAKE_API_VERSION of the device */
    const char *entry;         /* the entry point run */
    uint32_t push_constant_size;
    size_t n_bindings;
    dxil_run_binding *bindings;
    bool isolated;             /* ran in a child process (timeout set) */
    double ms_reflect, ms_device, ms_pipeline, ms_dispatch, ms_total;
} dxil_run_result;

/* Runs the compute shader `spirv` (size bytes, a SPIR-V module) once with
 * opts->dispatch groups. On success returns 0, *result (when result is
 * non-NULL; free it with dxil_run_result_free) and, when opts->out_dir is
 * set, the directory holding `<cls><reg>_space<space>.bin` for every UAV
 * and run.json (docs/run.md), written through temporary files renamed only
 * when all were written. Returns -1 with diagnostics (DXIL9xxx) and
 * nothing written on any failure: a bad module or bind, no usable device,
 * DXIL_E_RUN_TIMEOUT, DXIL_E_RUN_DEVICE_LOST. */
DXIL_API int dxil_run_spirv(const void *spirv, size_t size, const dxil_run_options *opts,
                            dxil_run_result **result, dxil_diags *diags);
DXIL_API void dxil_run_result_free(dxil_run_result *result);

/* The devices the Vulkan loader lists, one line each: "<index>: <name>
 * (<type>, Vulkan <version>, <driver info>)" with ", no robustBufferAccess2"
 * when it cannot run shaders here; "" for none. Malloc'd (free it), or
 * NULL with a diagnostic when the loader cannot start. */
DXIL_API char *dxil_run_list_devices(dxil_diags *diags);

/* Parses a bind spec "u0:space0=FILE" (":spaceN" may be left out for
 * space 0; the class is t, u or b). out->path points into spec. Returns 0,
 * or -1 with DXIL_E_USAGE_VALUE. */
DXIL_API int dxil_run_parse_bind(const char *spec, dxil_run_bind *out, dxil_diags *diags);
/* Parses the value of --vk-<cls>-shift: "N:SPACE" or "N:all". */
DXIL_API int dxil_run_parse_shift(char cls, const char *spec, dxil_run_shift *out,
                                  dxil_diags *diags);
/* Parses a texel format override "t2:space0=r32ui" (the name is checked
 * when the run looks it up). out->format points into spec. */
DXIL_API int dxil_run_parse_format(const char *spec, dxil_run_format *out, dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
