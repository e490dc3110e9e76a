/* shader_flags.c - DXC's ShaderFlags of a DXIL module from what it uses
 * (shader_flags.h): each defined function's flags from its instructions
 * and, for entries, signatures; callees merged into callers from
 * validator 1.8; the module's flags from all of them and the resources.
 * The rules are DXC's (DxilShaderFlags.cpp, DxilModule.cpp), including
 * the ones kept for older validators. */
#include "shader_flags.h"
#include "shader_flags_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil_optable_gen.h"

#include <stdlib.h>
#include <string.h>

uint64_t sf_collected_mask(void)
{
    /* Everything but the module options (disable optimizations, math
     * refactoring, early depth-stencil, all resources bound, native low
     * precision), level-9 comparison filtering, ROVs and the reserved
     * bit. */
    uint64_t not_collected = DXIL_SHADER_FLAG_DISABLE_OPTIMIZATIONS |
                             DXIL_SHADER_FLAG_DISABLE_MATH_REFACTORING |
                             DXIL_SHADER_FLAG_FORCE_EARLY_DEPTH_STENCIL |
                             DXIL_SHADER_FLAG_ALL_RESOURCES_BOUND |
                             DXIL_SHADER_FLAG_LEVEL9_COMPARISON_FILTERING |
                             DXIL_SHADER_FLAG_ROVS | DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION |
                             DXIL_SHADER_FLAG_RESERVED_36;
    uint64_t all = (UINT64_C(1) << DXIL_SHADER_FLAG_BIT_COUNT) - 1;
    return all & ~not_collected;
}

/* ---- module level (DxilModule::CollectShaderFlagsForModule) ---- */

static bool sf_raw_or_structured(unsigned kind)
{
    return kind == DXIL_RESOURCE_KIND_RAWBUFFER || kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER;
}

static bool sf_graphics_stage(unsigned k)
{
    return k == DXIL_SHADER_VERTEX || k == DXIL_SHADER_HULL || k == DXIL_SHADER_DOMAIN ||
           k == DXIL_SHADER_GEOMETRY;
}

/* UAV counts, ROVs, raw and structured buffers. */
static uint64_t sf_resource_flags(const mf_module *mf)
{
    uint64_t f = 0;
    unsigned uavs = 0, uav_records = 0;
    bool raw = false;
    for (size_t i = 0; i < mf->nres; i++) {
        const mf_resource *r = &mf->res[i];
        if (r->list == MF_UAV) {
            uav_records++;
            uavs += r->range > 8u ? 9u : r->range; /* DXC: avoid overflow */
            f |= r->rov ? DXIL_SHADER_FLAG_ROVS : 0;
        }
        if (r->list == MF_UAV || r->list == MF_SRV)
            raw |= sf_raw_or_structured(r->kind);
    }
    /* Before validator 1.6 DXC counted records, not ranges. */
    unsigned counted = mf_val_at_least(mf, 1, 6) ? uavs : uav_records;
    f |= counted > 8 ? DXIL_SHADER_FLAG_64_UAVS : 0;
    unsigned k = mf->sm_kind;
    bool every_stage = mf_val_at_least(mf, 1, 8)
                           ? sf_graphics_stage(k)
                           : !(k == DXIL_SHADER_COMPUTE || k == DXIL_SHADER_PIXEL);
    f |= uavs && every_stage ? DXIL_SHADER_FLAG_UAVS_AT_EVERY_STAGE : 0;
    f |= raw ? DXIL_SHADER_FLAG_RAW_AND_STRUCTURED_BUFFERS : 0;
    /* Compute shaders of model 4.x only: never a DXIL shader model. */
    if (raw && mf->sm_major == 4 && k == DXIL_SHADER_COMPUTE)
        f |= DXIL_SHADER_FLAG_CS4_RAW_STRUCTURED_BUFFERS;
    return f;
}

static bool sf_mesh_or_amp(unsigned k)
{
    return k == DXIL_SHADER_MESH || k == DXIL_SHADER_AMPLIFICATION;
}

/* Callees' flags into their callers until nothing changes (DXC does this
 * from validator 1.8; its per-function results depend on it, the
 * module's do not). */
static void sf_propagate(sf_module *sf)
{
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t i = 0; i < sf->nfns; i++) {
            LLVMValueRef callee = sf->fns[i].fn;
            for (LLVMUseRef u = LLVMGetFirstUse(callee); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef call = LLVMGetUser(u);
                if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != callee)
                    continue;
                LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
                for (size_t j = 0; j < sf->nfns; j++)
                    if (sf->fns[j].fn == caller && (sf->fns[j].flags | sf->fns[i].flags) !=
                                                       sf->fns[j].flags) {
                        sf->fns[j].flags |= sf->fns[i].flags;
                        changed = true;
                    }
            }
        }
    }
}

static int sf_functions(sf_module *sf, const mf_module *mf, sf_env *env)
{
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(mf->m); f; f = LLVMGetNextFunction(f))
        n += !LLVMIsDeclaration(f);
    sf->fns = calloc(n + 1, sizeof *sf->fns);
    if (!sf->fns)
        return -1;
    for (LLVMValueRef f = LLVMGetFirstFunction(mf->m); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            sf->fns[sf->nfns++] = (sf_function){f, sf_function_flags(env, f)};
    if (mf_val_at_least(mf, 1, 8))
        sf_propagate(sf);
    /* An entry's own kind decides derivatives in mesh and amplification
     * shaders once its callees are in (AdjustMinimumShaderModelAndFlags). */
    for (size_t i = 0; mf_val_at_least(mf, 1, 8) && i < sf->nfns; i++) {
        const mf_entry *e = mf_entry_of(mf, sf->fns[i].fn);
        if (e && sf_mesh_or_amp(e->kind) && (sf->fns[i].flags & SF_USES_DERIVATIVES))
            sf->fns[i].flags |= DXIL_SHADER_FLAG_DERIVATIVES_IN_MESH_AND_AMP;
    }
    return 0;
}

/* Bits DXC takes from the module's options, not from usage. */
static uint64_t sf_options_mask(void)
{
    return DXIL_SHADER_FLAG_DISABLE_OPTIMIZATIONS | DXIL_SHADER_FLAG_ALL_RESOURCES_BOUND |
           DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION;
}

int sf_compute(LLVMModuleRef m, const struct bc_restypes *restypes, sf_module *out)
{
    *out = (sf_module){0};
    mf_module mf;
    if (mf_read(m, restypes, &mf))
        return -1;
    sf_env env;
    sf_env_init(&env, &mf);
    out->declared = mf.flags;
    int rc = sf_functions(out, &mf, &env);
    uint64_t f = 0;
    for (size_t i = 0; rc == 0 && i < out->nfns; i++)
        f |= out->fns[i].flags;
    if (f & SF_USES_DERIVATIVES && sf_mesh_or_amp(mf.sm_kind))
        f |= DXIL_SHADER_FLAG_DERIVATIVES_IN_MESH_AND_AMP;
    f &= ~(SF_USES_DERIVATIVES | SF_REQUIRES_GROUP);
    f |= sf_resource_flags(&mf);
    /* The module options come from what was declared (DXC reads them from
     * the same flags when it loads the module). */
    f = (f & ~sf_options_mask()) | (mf.flags & sf_options_mask());
    out->computed = f;
    out->undecided = env.undecided;
    out->expected = (f & ~env.undecided) | (mf.flags & env.undecided);
    if (mf_val_at_least(&mf, 1, 5) && !mf_val_at_least(&mf, 1, 8))
        out->expected |= mf.flags & DXIL_SHADER_FLAG_RAYTRACING_TIER_1_1;
    mf_free(&mf);
    if (rc)
        sf_free(out);
    return rc;
}

void sf_free(sf_module *sf)
{
    free(sf->fns);
    *sf = (sf_module){0};
}

uint64_t sf_recomputed(const sf_module *sf)
{
    uint64_t mask = sf_collected_mask() | DXIL_SHADER_FLAG_ROVS;
    return (sf->declared & ~mask) | (sf->expected & mask);
}
