/* retarget.h - a raised module (LLVM 22 IR in clang's DirectX form) made
 * into the module clang 22 emits for the same shader on Vulkan
 * (spirv-unknown-vulkan1.3-<stage>), for LLVM's SPIR-V backend. One pass
 * per file, run in order by retarget_pipeline.c (docs/spirv.md). */
#ifndef DXIL_RETARGET_H
#define DXIL_RETARGET_H

#include "dxil-upgrade/dxil_diag.h"
#include "module/module_internal.h"

#include <stdbool.h>
#include <stddef.h>

/* DXC's -fvk-{b,t,u,s}-shift N SPACE: a resource of register class `cls`
 * ('b', 't', 'u' or 's') in `space` (any space when all_spaces) gets
 * Vulkan binding register + shift. */
typedef struct retarget_shift {
    char cls;
    bool all_spaces;
    unsigned space;
    unsigned shift;
} retarget_shift;

typedef struct retarget_options {
    const retarget_shift *shifts;
    size_t n_shifts;
} retarget_options;

/* Rewrites m in place. Returns 0, or -1 with an error in diags naming the
 * construct that has no Vulkan form here (nothing is guessed). */
int retarget_module(dxil_module *m, const retarget_options *opts, dxil_diags *diags);

#endif
