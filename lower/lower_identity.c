/* lower_identity.c - module identity, the inverse of raise_identity.c.
 * The triple dxilv1.X-pc-shadermodelA.B-<env> becomes !dx.version and
 * !dx.shaderModel (unless the raiser parked the exact nodes in
 * !dxu.version / !dxu.shaderModel), the triple becomes DXC's "dxil-ms-dx",
 * and the datalayout comes back from !dxu.datalayout. */
#include "lower_internal.h"

#include "bitcode/datalayout.h"
#include "module/llvm_shim.h"
#include "common/side_metadata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DXC's layout (DXIL without native 16-bit types), for modern input that
 * carries no original. */
static const char identity_dxc_layout[] =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64";

/* Triple environment <-> dx.shaderModel kind. */
static const struct {
    const char *env, *kind;
} identity_envs[] = {
    {"pixel", "ps"},  {"vertex", "vs"},  {"geometry", "gs"}, {"hull", "hs"},
    {"domain", "ds"}, {"compute", "cs"}, {"library", "lib"}, {"mesh", "ms"},
    {"amplification", "as"},
};

static const char *identity_kind_of_env(const char *env, size_t len)
{
    for (size_t i = 0; i < sizeof identity_envs / sizeof identity_envs[0]; i++)
        if (strlen(identity_envs[i].env) == len && !strncmp(env, identity_envs[i].env, len))
            return identity_envs[i].kind;
    return NULL;
}

/* "dxilv1.6-pc-shadermodel6.6-compute"; a missing sub-arch derives the
 * DXIL version from the shader model as LLVM does (6.x -> 1.x). */
static bool identity_parse_triple(dxil_lower_ctx *lc, const char *t)
{
    unsigned dmaj = 0, dmin = 0, smaj = 0, smin = 0;
    const char *sm = strstr(t, "shadermodel");
    if (!sm || sscanf(sm, "shadermodel%u.%u", &smaj, &smin) != 2)
        return false;
    if (sscanf(t, "dxilv%u.%u", &dmaj, &dmin) != 2) {
        dmaj = 1;
        dmin = smin;
    }
    const char *env = strchr(sm, '-');
    const char *kind = env ? identity_kind_of_env(env + 1, strcspn(env + 1, "-")) : NULL;
    if (!kind)
        return false;
    lc->dxil = DXIL_VERSION(dmaj, dmin);
    lc->sm = DXIL_VERSION(smaj, smin);
    snprintf(lc->sm_kind, sizeof lc->sm_kind, "%s", kind);
    return true;
}

/* Reads the version from exact nodes: parked (dxu.*) or already DXIL. */
static void identity_read_nodes(dxil_lower_ctx *lc, const char *ver, const char *smn)
{
    LLVMValueRef ops[1];
    uint64_t a, b;
    if (LLVMGetNamedMetadataNumOperands(lc->mod, ver) == 1) {
        LLVMGetNamedMetadataOperands(lc->mod, ver, ops);
        if (lower_const_u64(LLVMGetOperand(ops[0], 0), &a) &&
            lower_const_u64(LLVMGetOperand(ops[0], 1), &b))
            lc->dxil = DXIL_VERSION(a, b);
    }
    if (LLVMGetNamedMetadataNumOperands(lc->mod, smn) != 1)
        return;
    LLVMGetNamedMetadataOperands(lc->mod, smn, ops);
    unsigned len = 0;
    const char *k = LLVMGetMDString(LLVMGetOperand(ops[0], 0), &len);
    if (k && len < sizeof lc->sm_kind) {
        memcpy(lc->sm_kind, k, len);
        lc->sm_kind[len] = '\0';
    }
    if (lower_const_u64(LLVMGetOperand(ops[0], 1), &a) &&
        lower_const_u64(LLVMGetOperand(ops[0], 2), &b))
        lc->sm = DXIL_VERSION(a, b);
}

static void identity_emit(dxil_lower_ctx *lc)
{
    if (!LLVMGetNamedMetadata(lc->mod, DXIL_MD_VERSION, strlen(DXIL_MD_VERSION)) &&
        !lower_md_move(lc, DXU_MD_VERSION, DXIL_MD_VERSION)) {
        LLVMValueRef v[2] = {lower_i32(lc, DXIL_VERSION_MAJOR(lc->dxil)),
                             lower_i32(lc, DXIL_VERSION_MINOR(lc->dxil))};
        LLVMAddNamedMetadataOperand(lc->mod, DXIL_MD_VERSION, lower_md_node(lc, v, 2));
    }
    if (!LLVMGetNamedMetadata(lc->mod, DXIL_MD_SHADER_MODEL, strlen(DXIL_MD_SHADER_MODEL)) &&
        !lower_md_move(lc, DXU_MD_SHADER_MODEL, DXIL_MD_SHADER_MODEL)) {
        LLVMValueRef v[3] = {lower_md_string(lc, lc->sm_kind),
                             lower_i32(lc, DXIL_VERSION_MAJOR(lc->sm)),
                             lower_i32(lc, DXIL_VERSION_MINOR(lc->sm))};
        LLVMAddNamedMetadataOperand(lc->mod, DXIL_MD_SHADER_MODEL, lower_md_node(lc, v, 3));
    }
}

/* The original layout is remembered in module->original_datalayout (for
 * dxil_lower_write_file); memory gets LLVM 22's equivalent spelling. */
static void identity_datalayout(dxil_lower_ctx *lc)
{
    const char *orig = identity_dxc_layout;
    LLVMValueRef ops[1];
    unsigned len = 0;
    /* The loader records every input's layout; only a raised DXIL module
     * (it has !dxu.order) recorded DXC's. */
    bool raised = LLVMGetNamedMetadata(lc->mod, DXU_MD_ORDER, strlen(DXU_MD_ORDER)) != NULL;
    if (raised && LLVMGetNamedMetadataNumOperands(lc->mod, DXU_MD_DATALAYOUT) == 1) {
        LLVMGetNamedMetadataOperands(lc->mod, DXU_MD_DATALAYOUT, ops);
        const char *s = LLVMGetMDString(LLVMGetOperand(ops[0], 0), &len);
        if (s)
            orig = s;
    } else {
        len = (unsigned)strlen(orig);
    }
    char *copy = malloc(len + 1u);
    if (!copy)
        return;
    memcpy(copy, orig, len);
    copy[len] = '\0';
    bool changed = false;
    char *norm = dxil_datalayout_normalise(copy, len, &changed);
    if (norm)
        LLVMSetDataLayout(lc->mod, norm);
    free(norm);
    free(lc->module->original_datalayout);
    lc->module->original_datalayout = copy;
}

int dxil_lower_identity(dxil_lower_ctx *lc)
{
    const char *triple = LLVMGetTarget(lc->mod);
    bool have_dx = LLVMGetNamedMetadata(lc->mod, DXIL_MD_SHADER_MODEL,
                                        strlen(DXIL_MD_SHADER_MODEL)) != NULL;
    if (!identity_parse_triple(lc, triple ? triple : "") && !have_dx &&
        !LLVMGetNamedMetadata(lc->mod, DXU_MD_SHADER_MODEL, strlen(DXU_MD_SHADER_MODEL))) {
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "triple '%s' names no DXIL shader model; nothing to lower to",
                       triple ? triple : "");
        return -1;
    }
    identity_read_nodes(lc, DXU_MD_VERSION, DXU_MD_SHADER_MODEL);
    identity_read_nodes(lc, DXIL_MD_VERSION, DXIL_MD_SHADER_MODEL);
    if (lc->opts.dxil_version)
        lc->dxil = lc->opts.dxil_version;
    identity_emit(lc);
    if (lc->opts.dxc_triple)
        LLVMSetTarget(lc->mod, "dxil-ms-dx");
    identity_datalayout(lc);
    return 0;
}
