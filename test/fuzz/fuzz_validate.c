/* fuzz_validate.c - libFuzzer target: the validator (dxil_validate.h) on
 * arbitrary bytes, whole containers, raw bitcode or text alike, with and
 * without the container's parts (module-only, with a violation limit). It must never crash, hang or leak; an input it cannot
 * read at all (-1) must say why, and a count it returns must be the
 * number of errors it reported (each violation is one error). */
#include "dxil-upgrade/dxil_validate.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_validate(const uint8_t *data, size_t size, const dxil_validate_options *o)
{
    dxil_diags *diags = dxil_diags_create();
    int n = dxil_validate(data, size, "fuzz", o, diags);
    if (n < 0 && dxil_diags_error_count(diags) == 0)
        __builtin_trap(); /* a refusal says why */
    if (n > 0 && dxil_diags_error_count(diags) == 0)
        __builtin_trap(); /* a violation is reported */
    dxil_diags_destroy(diags);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_validate(data, size, NULL);
    /* The second pass costs a whole load again: only for the small inputs
     * that mutation keeps finding, so the run keeps its pace. */
    if (size < 16384) {
        dxil_validate_options o;
        dxil_validate_options_init(&o);
        o.module_only = true;
        o.max_errors = 2;
        fuzz_validate(data, size, &o);
    }
    return 0;
}
