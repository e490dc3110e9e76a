/* run_validate.c - the module checked with SPIRV-Tools' validator (what
 * spirv-val runs) before anything reads it: SPIRV-Cross and the drivers
 * trust their input, and a malformed module can crash either (lavapipe
 * does, on a truncated one). The rules are Vulkan 1.3's with the block
 * layouts the device features dxil-run enables allow (scalar and
 * standard uniform buffer layouts: DXC's -fvk-use-*-layout output). */
#include "run.h"

#include <spirv-tools/libspirv.h>

int run_validate(const uint32_t *words, size_t n_words, dxil_diags *diags)
{
    spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_3);
    spv_validator_options vo = spvValidatorOptionsCreate();
    if (!ctx || !vo) {
        spvValidatorOptionsDestroy(vo);
        spvContextDestroy(ctx);
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_SHADER, DXIL_LOC_NONE, 0,
                       "SPIRV-Tools' validator cannot start");
        return -1;
    }
    spvValidatorOptionsSetScalarBlockLayout(vo, true);
    spvValidatorOptionsSetUniformBufferStandardLayout(vo, true);
    spv_const_binary_t bin = {words, n_words};
    spv_diagnostic diag = NULL;
    spv_result_t r = spvValidateWithOptions(ctx, vo, &bin, &diag);
    if (r != SPV_SUCCESS)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_SHADER, DXIL_LOC_BYTE,
                       diag ? (uint64_t)diag->position.index * 4 : 0,
                       "not a valid SPIR-V module for Vulkan (spirv-val): %s",
                       diag && diag->error ? diag->error : "rejected");
    spvDiagnosticDestroy(diag);
    spvValidatorOptionsDestroy(vo);
    spvContextDestroy(ctx);
    return r == SPV_SUCCESS ? 0 : -1;
}
