/* shader_flags_internal.h - the two halves of the shader flag
 * computation: shader_flags.c (module level) and shader_flags_fn.c (one
 * function's instructions and signatures). */
#ifndef DXIL_MODULE_SHADER_FLAGS_INTERNAL_H
#define DXIL_MODULE_SHADER_FLAGS_INTERNAL_H

#include "module_facts.h"
#include "shader_flags.h"

/* What every function's computation reads of the module. */
typedef struct sf_env {
    const mf_module *mf;
    bool min_precision;     /* !native low precision (DXC's UseMinPrecision) */
    bool res_may_alias;     /* DXC's ResMayAlias, from the declared flags */
    bool uavs_globally;     /* the module declares a UAV */
    bool msaa_uav_declared; /* an RWTexture2DMS[Array] is declared */
    uint64_t options;       /* module options every function carries */
    uint64_t undecided;     /* bits a function could not decide (out) */
} sf_env;

void sf_env_init(sf_env *env, const mf_module *mf);
/* One defined function's own flags (DXC's ShaderFlags::CollectShaderFlags). */
uint64_t sf_function_flags(sf_env *env, LLVMValueRef fn);

#endif
