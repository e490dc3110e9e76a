/* spirv.h - LLVM 22's SPIR-V backend driven through LLVM-C's target
 * machine, in the calling thread or in a forked child, and spirv-val
 * (SPIRV-Tools) in the process. Below pipeline/ (pipeline/spirv_pipeline.c
 * retargets a raised module, then calls these); docs/spirv.md. */
#ifndef DXIL_SPIRV_H
#define DXIL_SPIRV_H

#include "dxil-upgrade/dxil_spirv.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

/* What a module is compiled and validated for. */
typedef struct spirv_target {
    char triple[128];   /* e.g. spirv-unknown-vulkan1.3-compute */
    dxil_spirv_env env; /* VULKAN_1_2 or VULKAN_1_3 */
} spirv_target;

/* The target of mod, which must be in SPIR-V form for Vulkan (its triple
 * spirv*-*-vulkan*): its triple with the Vulkan version `want` says
 * (DEFAULT: the triple's own, or 1.3 when it names none). Returns 0, or -1
 * with DXIL_E_SPIRV_BACKEND for a triple that is not Vulkan SPIR-V or
 * asks for a Vulkan older than SPIR-V 1.4 allows. */
int spirv_target_choose(LLVMModuleRef mod, dxil_spirv_env want, spirv_target *out,
                        dxil_diags *diags);

/* Registers LLVM's SPIR-V target once per process (thread-safe). */
void spirv_target_init(void);

/* Compiles mod with the SPIR-V backend in this thread; *data is a
 * malloc'd SPIR-V binary. mod is changed by the backend's passes (the
 * caller gives it a copy), and an input the backend cannot legalize ends
 * the process (report_fatal_error). LLVM's diagnostics go to diags while
 * it runs. 0, or -1 with DXIL_E_SPIRV_BACKEND.
 *
 * LLVM 22's SPIR-V backend keeps the module it compiles in statics
 * (SPIRVModuleAnalysis::MAI among them, llvm/llvm-project#160613): two
 * compilations at once in one process race on them, and a compilation
 * leaves state behind that corrupts later ones in the same process
 * (measured: 90 of 115 repeated compilations of 23 valid inputs gave
 * duplicate ids), and in children forked after it. So this runs once
 * per process: under a process-wide lock, and a second call (or an
 * isolated one after it, spirv_backend_check_clean) is refused. A forked
 * child of a process that never compiled starts clean.
 * docs/spirv.md, "Isolation". */
int spirv_codegen(LLVMModuleRef mod, const spirv_target *t, void **data, size_t *size,
                  dxil_diags *diags);
/* The same without the lock or the once-only rule, for the
 * single-threaded child, which compiles once and exits. */
int spirv_codegen_unlocked(LLVMModuleRef mod, const spirv_target *t, void **data,
                           size_t *size, dxil_diags *diags);
/* 0 when the backend has not compiled in this process; else -1 with
 * DXIL_E_SPIRV_BACKEND (a child forked now would inherit its state). */
int spirv_backend_check_clean(dxil_diags *diags);

/* The same in a forked child (spirv_isolate.c), which gets mod's pages
 * copy-on-write, so mod is not changed. A child that ends by itself
 * (LLVM's fatal error), is killed by a signal or outlives timeout_s (0:
 * no limit) gives -1 with DXIL_E_SPIRV_BACKEND and what it wrote to
 * stderr. */
int spirv_codegen_isolated(LLVMModuleRef mod, const spirv_target *t, unsigned timeout_s,
                           void **data, size_t *size, dxil_diags *diags);

/* The backend's barriers made to order memory (spirv_barriers.c): each
 * OpControlBarrier whose semantics is SequentiallyConsistent alone gets
 * AcquireRelease | WorkgroupMemory. *data may be replaced (a new malloc'd
 * buffer, the old one freed). 0, or -1 (out of memory) with a diagnostic. */
int spirv_fix_barriers(void **data, size_t *size, dxil_diags *diags);

/* SPIRV-Tools' validator on a binary for env (VULKAN_1_2 or 1_3). */
int spirv_validate(const void *data, size_t size, dxil_spirv_env env, dxil_diags *diags);

/* The same for a device (dxil-run): with the block layouts the device's
 * features allow (scalar and standard uniform buffer layouts, DXC's
 * -fvk-use-*-layout output), an error of the caller's code at the
 * rejected word's byte offset. The one place SPIRV-Tools is called. */
int spirv_validate_for_device(const uint32_t *words, size_t count, dxil_spirv_env env,
                              int code, dxil_diags *diags);

#endif
