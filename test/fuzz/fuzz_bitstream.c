/* fuzz_bitstream.c - libFuzzer target: the bitstream validator and the
 * datalayout rewriter, on raw bitcode. The rewriter also runs on streams
 * the validator rejects: it must be safe on its own. */
#include "bitcode/bitcode_validate.h"
#include "bitcode/datalayout.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    int valid = bitcode_validate(data, size, 0, diags);
    if (valid != 0 && dxil_diags_error_count(diags) != 1)
        __builtin_trap(); /* a rejection carries exactly one error */
    uint8_t *out = NULL;
    size_t out_size = 0;
    char *original = NULL;
    if (bitcode_fix_datalayout(data, size, 0, &out, &out_size, &original, diags) == 0 &&
        valid == 0 && out && bitcode_validate(out, out_size, 0, diags) != 0)
        __builtin_trap(); /* rewriting a valid stream must keep it valid */
    free(out);
    free(original);
    dxil_diags_destroy(diags);
    return 0;
}
