/* fuzz_spirv.c - libFuzzer target: the SPIR-V emission (dxil_spirv.h) on
 * whatever the loader makes of the input: IR text in clang's Vulkan form
 * is compiled as it is, anything else (DXIL-form text, bitcode, a
 * container) is raised, retargeted and compiled. LLVM's SPIR-V backend
 * runs isolated, as by default: libFuzzer's process forks fine, and the
 * backend's fatal errors on input it cannot legalize would otherwise end
 * the fuzzer as false crashes (the backend itself is not instrumented, so
 * the child's coverage is not missed). Invariants: a refusal says why and
 * returns nothing; what is returned is valid SPIR-V (validated again). */
#include "dxil-upgrade/dxil_spirv.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_options lo;
    dxil_options_init(&lo);
    lo.spirv_as_is = true;
    dxil_module *m = dxil_module_load_memory(data, size, "fuzz", &lo, diags);
    if (!m && dxil_diags_error_count(diags) == 0)
        __builtin_trap(); /* a failed load must say why */
    if (m) {
        dxil_spirv_options so;
        dxil_spirv_options_init(&so);
        /* below run.sh's -timeout=10: a slow backend is a refusal, not a
         * libFuzzer timeout (it is not our code) */
        so.timeout_s = 8;
        void *out = NULL;
        size_t out_size = 0;
        int rc = dxil_module_emit_spirv(m, &so, &out, &out_size, diags);
        if (rc != 0 && (out || out_size || dxil_diags_error_count(diags) == 0))
            __builtin_trap(); /* refusals say why and return nothing */
        if (rc == 0 && dxil_spirv_validate(out, out_size, DXIL_SPIRV_ENV_DEFAULT, NULL) != 0)
            __builtin_trap(); /* returned, but not valid */
        free(out);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return 0;
}
