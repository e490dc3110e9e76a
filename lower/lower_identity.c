/* lower_identity.c - module identity, the inverse of raise_identity.c.
 * The triple dxilv1.X-pc-shadermodelA.B-<env> becomes !dx.version and
 * !dx.shaderModel (unless the raiser parked the exact nodes in
 * !dxu.version / !dxu.shaderModel), the triple becomes DXC's "dxil-ms-dx",
 * and the datalayout comes back from !dxu.datalayout. */
#include "lower_internal.h"

#include "bitcode/datalayout.h"
#include "common/abi_names.h"
#include "common/side_metadata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DXC's layouts without and with native 16-bit types, for modern input
 * that carries no original: the native one when the module uses 16-bit
 * types (clang's -fnative-half-type; without it HLSL's half is float). */
static const char identity_dxc_layout[] =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64";
static const char identity_dxc_native_layout[] =
    "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64";

static bool identity_is16(LLVMTypeRef t)
{
    while (LLVMGetTypeKind(t) == LLVMVectorTypeKind || LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    return LLVMGetTypeKind(t) == LLVMHalfTypeKind ||
           (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 16);
}

/* Whether any instruction makes or reads a 16-bit value. */
static bool identity_uses16(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
                if (identity_is16(LLVMTypeOf(i)))
                    return true;
                for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++)
                    if (identity_is16(LLVMTypeOf(LLVMGetOperand(i, k))))
                        return true;
            }
    return false;
}

/* "dxilv1.6-pc-shadermodel6.6-compute"; a missing sub-arch derives the
 * DXIL version from the shader model as LLVM does (6.x -> 1.x). */
static bool identity_parse_triple(lower_ctx *lc, const char *t)
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
    const char *kind =
        env ? sm_kind_name(shader_kind_from_env(env + 1, strcspn(env + 1, "-"))) : NULL;
    if (!kind)
        return false;
    lc->dxil = DXIL_VERSION(dmaj, dmin);
    lc->sm = DXIL_VERSION(smaj, smin);
    snprintf(lc->sm_kind, sizeof lc->sm_kind, "%s", kind);
    return true;
}

/* Reads the version from exact nodes: parked (dxu.*) or already DXIL. */
static void identity_read_nodes(lower_ctx *lc, const char *ver, const char *smn)
{
    LLVMValueRef v = md_named_single(lc->mod, ver);
    LLVMValueRef sm = md_named_single(lc->mod, smn);
    uint64_t a, b;
    if (v && !md_operand_uint(v, 0, &a) && !md_operand_uint(v, 1, &b))
        lc->dxil = DXIL_VERSION(a, b);
    if (!sm)
        return;
    md_string(md_operand(sm, 0), lc->sm_kind, sizeof lc->sm_kind);
    if (!md_operand_uint(sm, 1, &a) && !md_operand_uint(sm, 2, &b))
        lc->sm = DXIL_VERSION(a, b);
}

static void identity_emit(lower_ctx *lc)
{
    if (!LLVMGetNamedMetadata(lc->mod, DXIL_MD_VERSION, strlen(DXIL_MD_VERSION)) &&
        md_named_move(lc->mod, DXU_MD_VERSION, DXIL_MD_VERSION) < 0) {
        LLVMValueRef v[2] = {lower_i32(lc, DXIL_VERSION_MAJOR(lc->dxil)),
                             lower_i32(lc, DXIL_VERSION_MINOR(lc->dxil))};
        LLVMAddNamedMetadataOperand(lc->mod, DXIL_MD_VERSION, md_make_node(lc->ctx, v, 2));
    }
    if (!LLVMGetNamedMetadata(lc->mod, DXIL_MD_SHADER_MODEL, strlen(DXIL_MD_SHADER_MODEL)) &&
        md_named_move(lc->mod, DXU_MD_SHADER_MODEL, DXIL_MD_SHADER_MODEL) < 0) {
        LLVMValueRef v[3] = {md_make_string(lc->ctx, lc->sm_kind),
                             lower_i32(lc, DXIL_VERSION_MAJOR(lc->sm)),
                             lower_i32(lc, DXIL_VERSION_MINOR(lc->sm))};
        LLVMAddNamedMetadataOperand(lc->mod, DXIL_MD_SHADER_MODEL,
                                    md_make_node(lc->ctx, v, 3));
    }
}

/* The original layout is remembered in module->original_datalayout (for
 * dxil_lower_write_file); memory gets LLVM 22's equivalent spelling. */
static void identity_datalayout(lower_ctx *lc, bool unstaged)
{
    /* The loader records every input's layout; only a raised DXIL module
     * (it has !dxu.order) recorded DXC's. An unstaged DXIL-form module
     * gets its own back, or keeps the one it has. */
    bool raised = LLVMGetNamedMetadata(lc->mod, DXU_MD_ORDER, strlen(DXU_MD_ORDER)) != NULL;
    LLVMValueRef node = raised || unstaged ? md_named_single(lc->mod, DXU_MD_DATALAYOUT) : NULL;
    if (!node && unstaged)
        return;
    char *copy = md_string_dup(md_operand(node, 0));
    if (!copy)
        copy = strdup(identity_uses16(lc->mod) ? identity_dxc_native_layout : identity_dxc_layout);
    if (!copy)
        return;
    bool changed = false;
    char *norm = datalayout_normalise(copy, strlen(copy), &changed);
    if (norm)
        LLVMSetDataLayout(lc->mod, norm);
    free(norm);
    free(lc->module->original_datalayout);
    lc->module->original_datalayout = copy;
}

/* True when the raised input had no `what` (!dxu.absent). */
static bool identity_absent(lower_ctx *lc, const char *what)
{
    unsigned n = md_named_count(lc->mod, DXU_MD_ABSENT);
    for (unsigned i = 0; i < n; i++) {
        char s[16];
        LLVMValueRef node = md_named_operand(lc->mod, DXU_MD_ABSENT, i);
        if (md_string(md_operand(node, 0), s, sizeof s) && !strcmp(s, what))
            return true;
    }
    return false;
}

/* What the input did not have, it does not get back. */
static void identity_keep_absent(lower_ctx *lc)
{
    if (lc->opts.dxc_triple && identity_absent(lc, DXU_ABSENT_TRIPLE))
        LLVMSetTarget(lc->mod, "");
    if (identity_absent(lc, DXU_ABSENT_DATALAYOUT)) {
        LLVMSetDataLayout(lc->mod, "");
        free(lc->module->original_datalayout);
        lc->module->original_datalayout = NULL;
    }
}

static bool identity_has(lower_ctx *lc, const char *name)
{
    return LLVMGetNamedMetadata(lc->mod, name, (unsigned)strlen(name)) != NULL;
}

/* The version (and shader model) the nodes name, parked or DXIL; the
 * option overrides the version. */
static void identity_read_version(lower_ctx *lc)
{
    identity_read_nodes(lc, DXU_MD_VERSION, DXU_MD_SHADER_MODEL);
    identity_read_nodes(lc, DXIL_MD_VERSION, DXIL_MD_SHADER_MODEL);
    if (lc->opts.dxil_version)
        lc->dxil = lc->opts.dxil_version;
}

/* A DXIL-form module that names no shader model (DXC's optimizer tests),
 * raised or not: the raise left its triple and everything of a stage as
 * they were. It is lowered at its own !dx.version, else at the newest
 * version LLVM 22 names, with no stage, and gets no shader model it did
 * not have. A modern module without a shader model is still refused. */
static bool identity_unstaged(lower_ctx *lc, const char *triple)
{
    bool dxil_form = lc->module->raised || !strcmp(triple, "dxil-ms-dx") ||
                     identity_has(lc, DXU_MD_ORDER) || identity_has(lc, DXU_MD_ABSENT);
    if (!dxil_form)
        return false;
    lc->dxil = DXIL_VERSION(1, 9);
    lc->sm = 0;
    lc->sm_kind[0] = 0;
    identity_read_version(lc);
    md_named_move(lc->mod, DXU_MD_VERSION, DXIL_MD_VERSION);
    identity_datalayout(lc, true);
    identity_keep_absent(lc);
    return true;
}

int lower_identity(lower_ctx *lc)
{
    const char *triple = LLVMGetTarget(lc->mod);
    if (!identity_parse_triple(lc, triple ? triple : "") &&
        !identity_has(lc, DXIL_MD_SHADER_MODEL) && !identity_has(lc, DXU_MD_SHADER_MODEL)) {
        /* no shader model anywhere */
        if (identity_unstaged(lc, triple ? triple : ""))
            return 0;
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "triple '%s' names no DXIL shader model; nothing to lower to",
                       triple ? triple : "");
        return -1;
    }
    identity_read_version(lc);
    identity_emit(lc);
    if (lc->opts.dxc_triple)
        LLVMSetTarget(lc->mod, "dxil-ms-dx");
    identity_datalayout(lc, false);
    identity_keep_absent(lc);
    return 0;
}
