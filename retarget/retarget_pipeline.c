/* retarget_pipeline.c - runs the retarget passes in order. */
#include "retarget.h"

int retarget_module(dxil_module *m, const retarget_options *opts, dxil_diags *diags)
{
    (void)m;
    (void)opts;
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RETARGET, DXIL_LOC_NONE, 0,
                   "the retarget to Vulkan is not built yet");
    return -1;
}
