/* rdat_compat.h - per function of a library, the shader stages it can
 * run in and the minimum shader model it needs (rdat_compat.c), as DXC's
 * DxilModule::ComputeShaderCompatInfo gives them for RDAT's function
 * records: from the dx.op calls it makes (each op's stages and shader
 * model, a few call-dependent rules), merged up the call graph from
 * validator 1.8 on, then narrowed by the entry it is and its flags. */
#ifndef DXIL_WRITE_RDAT_COMPAT_H
#define DXIL_WRITE_RDAT_COMPAT_H

#include "module/module_facts.h"
#include "module/shader_flags.h"

typedef struct rdat_compat {
    uint32_t mask;           /* DXIL_STAGE_BIT per compatible shader kind */
    unsigned min_major, min_minor;
    uint64_t flags;          /* the function's flags, adjusted for its entry */
} rdat_compat;

/* out[i] for sf->fns[i]. 0, or -1 without memory. */
int rdat_compat_compute(const mf_module *mf, const sf_module *sf, rdat_compat *out);

#endif
