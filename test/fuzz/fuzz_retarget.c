/* fuzz_retarget.c - libFuzzer target: the Vulkan retarget (retarget/) on
 * whatever the loader raises from the input (a container, bitcode or IR
 * text), with and without register shifts. No backend runs here (that is
 * fuzz_spirv's, one forked child per input): this one is fast enough to
 * reach the passes' corners. Invariants: a refusal says why; a module the
 * retarget accepts is one LLVM's verifier accepts, in SPIR-V form (its
 * triple spirv*), since it goes to the backend as it is. */
#include "dxil-upgrade/dxil_upgrade.h"
#include "retarget/retarget.h"

#include <llvm-c/Analysis.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(data, size, "fuzz", NULL, diags);
    if (!m && dxil_diags_error_count(diags) == 0)
        __builtin_trap(); /* a failed load must say why */
    if (m) {
        /* the last byte picks shifts, so the bindings pass sees collisions
         * resolved and not */
        retarget_shift shifts[] = {{'t', true, 0, 100}, {'u', false, 0, 200}, {'b', true, 0, 300}};
        retarget_options o = {shifts, size && (data[size - 1] & 1) ? 3 : 0};
        size_t errors = dxil_diags_error_count(diags);
        int rc = retarget_module(m, &o, diags);
        if (rc != 0 && dxil_diags_error_count(diags) == errors)
            __builtin_trap(); /* refusals say why */
        if (rc == 0) {
            char *msg = NULL;
            if (LLVMVerifyModule(m->mod, LLVMReturnStatusAction, &msg))
                __builtin_trap(); /* accepted, but broken */
            LLVMDisposeMessage(msg);
            if (strncmp(LLVMGetTarget(m->mod), "spirv", 5) != 0)
                __builtin_trap(); /* accepted, but not in SPIR-V form */
        }
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return 0;
}
