/* run.h - the pieces of dxil_run_spirv (dxil_run.h, docs/run.md), one
 * file per concern:
 *   run_reflect.c   the module's descriptors (SPIRV-Cross's C API)
 *   run_texel.c     texel formats, and the Unknown ones guessed from use
 *   run_plan.c      HLSL identities, binds matched, sizes
 *   run_seed.c      the seeded contents of unbound resources
 *   run_spec.c      bind / shift / format spec parsing
 *   run_device.c    instance, device choice, features
 *   run_buffers.c   buffers, memory, views, upload and read-back
 *   run_pipeline.c  descriptor sets, pipeline layout, compute pipeline
 *   run_dispatch.c  the command buffer, submit and wait; the whole run on
 *                   a device in this process
 *   run_child.c     the run in a child process, killed at the timeout
 *   run_output.c    the output files and run.json
 *   run_api.c       dxil_run_spirv
 */
#ifndef DXIL_RUN_INTERNAL_H
#define DXIL_RUN_INTERNAL_H

#include "dxil-upgrade/dxil_run.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest buffer dxil-run makes (bound or seeded), and cbuffer (D3D's
 * 4096 rows of 16 bytes). */
#define RUN_MAX_BUFFER ((uint64_t)1 << 30)
#define RUN_MAX_CBUFFER 65536u

typedef enum run_kind {
    RUN_STORAGE_BUFFER,
    RUN_UNIFORM_BUFFER,
    RUN_UNIFORM_TEXEL,
    RUN_STORAGE_TEXEL,
    RUN_KIND_COUNT
} run_kind;

/* The name run.json and dxil_run_binding.kind give a kind. */
const char *run_kind_name(run_kind k);

/* A texel buffer element format (run_texel.c's table). */
typedef struct run_format {
    const char *name;   /* SPIR-V's, as DXC's [[vk::image_format]] spells it */
    int spv;            /* SpvImageFormat */
    int vk;             /* VkFormat */
    uint32_t size;      /* bytes per texel */
} run_format;

/* The format of SPIR-V image format spv, or NULL (Unknown, or none here). */
const run_format *run_format_from_spv(int spv);
/* By name (case-insensitive), or NULL. */
const run_format *run_format_by_name(const char *name);
/* The 32-bit format of `components` (1..4) of a float (is_float) or
 * integer sampled type, for an Unknown format. */
const run_format *run_format_guess(bool is_float, unsigned components);

/* One descriptor (one element of a descriptor array). */
typedef struct run_slot {
    run_kind kind;
    uint32_t set, binding, array_index, array_size;
    bool writable;
    char *name;              /* the variable's name (owned), or "" */
    /* layout, from reflection */
    uint64_t fixed_size;     /* buffers: the block without its runtime array */
    uint32_t stride;         /* runtime-array stride (0: none), texel size */
    bool texel_float;        /* texel buffers: the sampled type is a float */
    unsigned texel_components; /* Unknown format: components the shader reads (0: unknown) */
    const run_format *format; /* texel buffers */
    /* identity, from run_plan_identify */
    char cls;
    uint32_t reg, space;
    bool counter;            /* the UAV counter of the buffer at cls/reg/space */
    /* contents, from run_plan_contents */
    const char *source;      /* bind file, "<memory>", or NULL: seeded */
    uint64_t size;
    uint8_t *data;           /* in the plan's arena */
} run_slot;

/* What the shader needs, and its inputs. */
typedef struct run_plan {
    run_slot *slots;
    size_t n_slots;
    char *entry;             /* entry point name (owned) */
    uint32_t spirv_version;  /* the module header's, 0x00010300 for 1.3 */
    uint32_t push_size;      /* push-constant block bytes (zero-filled) */
    uint8_t *push_data;      /* in the arena */
    uint8_t *extra;          /* run_plan_contents' `extra` bytes, in the arena */
    /* The slots' bytes (and the child's report, run_child.c), one shared
     * anonymous mapping so that a child process fills it in place. */
    uint8_t *arena;
    size_t arena_size;
} run_plan;

void run_plan_free(run_plan *p);

/* Reflects the module: its compute entry point (opts->entry, or the only
 * one) and every descriptor; refuses what cannot be bound. */
int run_reflect(const uint32_t *words, size_t n_words, const char *entry, run_plan *p,
                dxil_diags *diags);
/* The number of components of an Unknown-format texel buffer the shader
 * reads (1..4), for slot variables: reads of the image at set/binding are
 * followed to their OpCompositeExtracts; 4 when used whole, 0 when never
 * read. */
unsigned run_texel_components_used(const uint32_t *words, size_t n_words, uint32_t set,
                                   uint32_t binding);

/* HLSL identities of the slots (DXC's mapping inverted, shifts applied),
 * texel formats settled; refuses two slots with one identity. */
int run_plan_identify(run_plan *p, const dxil_run_options *o, dxil_diags *diags);
/* Matches the binds, sizes every slot, allocates the arena and fills it
 * from the binds and the seed. */
int run_plan_contents(run_plan *p, const dxil_run_options *o, size_t extra,
                      dxil_diags *diags);

/* splitmix64 (docs/run.md, "The seed"). */
uint64_t run_splitmix64(uint64_t *state);
/* The first state of (seed, class, space, register). */
uint64_t run_seed_state(uint64_t seed, char cls, uint32_t space, uint32_t reg);
/* Fills size bytes from the state's stream, 8 bytes little-endian a step. */
void run_seed_fill(uint8_t *out, uint64_t size, uint64_t state);
/* dxil_run_options.seed_finite: clears bit 14 of every little-endian
 * 16-bit unit whose bits 10..14 are all set. */
void run_seed_finite(uint8_t *data, uint64_t size);

/* What a run on a device reports besides the slots' bytes. */
typedef struct run_report {
    char device_name[256];
    char driver_name[256];
    char driver_info[256];
    uint32_t api_version;
    double ms_device, ms_pipeline, ms_dispatch;
} run_report;

/* The whole Vulkan run in this process: device, buffers filled from the
 * slots, pipeline, one dispatch, UAVs read back into their slots; the
 * Vulkan objects destroyed after when teardown. */
int run_on_device(const uint32_t *words, size_t n_words, const run_plan *p,
                  const dxil_run_options *o, bool teardown, run_report *rep, dxil_diags *diags);
/* The bytes run_in_child needs in the plan's arena (run_plan_contents' extra). */
size_t run_child_report_size(void);
/* run_on_device in a child process given opts->timeout seconds: killed
 * then, and DXIL_E_RUN_TIMEOUT. */
int run_in_child(const uint32_t *words, size_t n_words, const run_plan *p,
                 const dxil_run_options *o, run_report *rep, dxil_diags *diags);
/* Sets LP_NUM_THREADS as opts->threads asks. */
void run_apply_threads(const dxil_run_options *o);

/* Writes the UAVs and run.json under o->out_dir (docs/run.md); fills each
 * binding's `output` (set by the caller: the UAVs). All or nothing. */
int run_write_outputs(const dxil_run_result *r, const dxil_run_options *o, dxil_diags *diags);

/* Monotonic milliseconds. */
double run_now_ms(void);

#endif
