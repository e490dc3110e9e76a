/* dxil_spirv.h - a raised shader as SPIR-V for Vulkan (docs/spirv.md).
 *
 * The raised module (dxil_upgrade.h) is retargeted to the form clang 22
 * emits for Vulkan (triple spirv-unknown-vulkan1.X-<stage>), compiled by
 * LLVM 22's SPIR-V backend and checked by spirv-val (SPIRV-Tools, in the
 * process) before a byte is handed back: what spirv-val rejects is never
 * returned or written (DXIL_E_SPIRV_INVALID, with its message).
 *
 * LLVM's SPIR-V backend ends its process (report_fatal_error, then exit)
 * on some input it cannot legalize. So by default the backend runs in a
 * forked child process (dxil_spirv_options.isolate) that sends the SPIR-V
 * back over a pipe; a child that dies or exits becomes DXIL_E_SPIRV_BACKEND
 * with LLVM's message, and the host carries on.
 *
 * Same error and threading rules as dxil_upgrade.h: diagnostics go to the
 * caller's list, one module per thread, several threads may emit at once.
 */
#ifndef DXIL_UPGRADE_SPIRV_H
#define DXIL_UPGRADE_SPIRV_H

#include "dxil_export.h"

#include "dxil_upgrade.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* DXC's -fvk-{b,t,u,s}-shift N SPACE (or N all): a resource of register
 * class cls ('b', 't', 'u' or 's') in register space `space` (any space
 * when all_spaces) gets Vulkan binding register + shift. */
typedef struct dxil_spirv_shift {
    char cls;
    bool all_spaces;
    unsigned space;
    unsigned shift;
} dxil_spirv_shift;

/* The Vulkan version the SPIR-V is made and validated for. LLVM 22's
 * SPIR-V backend writes SPIR-V 1.4 or later, which needs Vulkan 1.2. */
typedef enum dxil_spirv_env {
    DXIL_SPIRV_ENV_DEFAULT = 0,   /* the module's triple when it names a Vulkan
                                     version (vulkan1.X), else Vulkan 1.3 */
    DXIL_SPIRV_ENV_VULKAN_1_2 = 12,
    DXIL_SPIRV_ENV_VULKAN_1_3 = 13
} dxil_spirv_env;

typedef struct dxil_spirv_options {
    /* The register shifts, applied by the retarget (not to a module that
     * is already in SPIR-V form). */
    const dxil_spirv_shift *shifts;
    size_t n_shifts;
    dxil_spirv_env target_env;
    /* Run LLVM's SPIR-V backend in a forked child process (default true),
     * so that its fatal errors cannot end the caller's process. false runs
     * it in the calling thread: faster (no fork), but an input the backend
     * cannot legalize then exits the process. */
    bool isolate;
    /* isolate: the child is killed after this many seconds (default 300;
     * 0: no limit), and the emission fails with DXIL_E_SPIRV_BACKEND. */
    unsigned timeout_s;
} dxil_spirv_options;

/* Fills o with the defaults: no shifts, DXIL_SPIRV_ENV_DEFAULT, isolate
 * true, timeout_s 300. Call it before setting fields, so that fields added
 * in later versions get their defaults. */
DXIL_API void dxil_spirv_options_init(dxil_spirv_options *o);

/* SPIR-V of m into a malloc'd buffer (*data, *size bytes; free() it).
 * m must have been raised (dxil_module_load_* with raise, or
 * dxil_module_raise), unless it is already in SPIR-V form (its triple is
 * spirv*-*-vulkan*, e.g. clang's output for Vulkan, loaded with raise =
 * false): then it is compiled as it is. A raised module is retargeted in
 * place first, so m is left in SPIR-V form and a second call compiles it
 * without retargeting again; the backend itself works on a copy (or in the
 * child), so m is not changed by it. o may be NULL (defaults). Returns 0,
 * or -1 with diagnostics and *data NULL: DXIL_E_RETARGET (no Vulkan form),
 * DXIL_E_SPIRV_BACKEND (the backend failed, crashed or ended its process),
 * DXIL_E_SPIRV_INVALID (spirv-val rejected the result). */
DXIL_API int dxil_module_emit_spirv(dxil_module *m, const dxil_spirv_options *o, void **data,
                                    size_t *size, dxil_diags *diags);

/* The same, written to path atomically (a temporary file renamed into
 * place, "-" is stdout); nothing is written on failure. */
DXIL_API int dxil_module_emit_spirv_file(dxil_module *m, const dxil_spirv_options *o,
                                         const char *path, dxil_diags *diags);

/* The retarget alone: a raised m becomes, in place, the module
 * dxil_module_emit_spirv would hand LLVM's SPIR-V backend (clang 22's
 * Vulkan form, o's shifts applied; docs/retarget.md), for looking at
 * (dxil-upgrade --emit=vulkan-ll). A module already in SPIR-V form is
 * left as it is. 0, or -1 with DXIL_E_RETARGET naming what has no
 * Vulkan form. */
DXIL_API int dxil_module_retarget_vulkan(dxil_module *m, const dxil_spirv_options *o,
                                         dxil_diags *diags);

/* spirv-val (SPIRV-Tools' validator with its default options, as the
 * `spirv-val --target-env vulkan1.X` command runs it) on a SPIR-V binary
 * for env (DEFAULT: Vulkan 1.3). 0 when valid, else -1 with
 * DXIL_E_SPIRV_INVALID and the validator's message. */
DXIL_API int dxil_spirv_validate(const void *data, size_t size, dxil_spirv_env env,
                                 dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
