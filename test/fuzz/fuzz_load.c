/* fuzz_load.c - libFuzzer target: the whole in-memory load (container,
 * validator, datalayout fix, LLVM parse, raise passes, verifier). */
#include "dxil-upgrade/dxil_upgrade.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_options opts;
    dxil_options_init(&opts);
    opts.verify = true;
    dxil_module *m = dxil_module_load_memory(data, size, "fuzz", &opts, diags);
    if (!m && dxil_diags_error_count(diags) == 0)
        __builtin_trap(); /* a failed load must say why */
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return 0;
}
