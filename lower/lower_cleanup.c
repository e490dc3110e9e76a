/* lower_cleanup.c - the last passes. instr-md: hlsl.controlflow.hint
 * becomes dx.controlflow.hints (LLVM's spelling, without DXC's self
 * reference). restore-md: every other parked dxu.X goes back to dx.X, the
 * dxu.* bookkeeping nodes are dropped, and the dx.* named nodes are put
 * back in the input's order (!dxu.order). cleanup: casthandle bridges are
 * folded away and declarations left without users are deleted. */
#include "lower_internal.h"
#include "common/grow.h"

#include "module/llvm_shim.h"
#include "common/side_metadata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dxil_lower_instr_md(dxil_lower_ctx *lc)
{
    unsigned hint = LLVMGetMDKindIDInContext(lc->ctx, HLSL_MDK_CONTROLFLOW_HINT,
                                             (unsigned)strlen(HLSL_MDK_CONTROLFLOW_HINT));
    unsigned dx = LLVMGetMDKindIDInContext(lc->ctx, DXIL_MDK_CONTROLFLOW_HINTS,
                                           (unsigned)strlen(DXIL_MDK_CONTROLFLOW_HINTS));
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
            LLVMValueRef md = t ? LLVMGetMetadata(t, hint) : NULL;
            uint64_t v;
            if (!md || !lower_const_u64(LLVMGetOperand(md, 1), &v))
                continue;
            LLVMValueRef ops[2] = {lower_md_string(lc, DXIL_MDK_CONTROLFLOW_HINTS),
                                   lower_i32(lc, v)};
            LLVMSetMetadata(t, dx, lower_md_node(lc, ops, 2));
            LLVMSetMetadata(t, hint, NULL);
        }
    return 0;
}

/* Side nodes that are bookkeeping only, never DXIL. */
static bool cleanup_is_internal(const char *name)
{
    static const char *const internal[] = {DXU_MD_DATALAYOUT, DXU_MD_ORDER, DXU_MD_OP_ATTRS,
#ifdef DXU_MD_RESOURCE_PROPS
                                           DXU_MD_RESOURCE_PROPS,
#endif
#ifdef DXU_MD_RESOURCES_KEPT
                                           DXU_MD_RESOURCES_KEPT,
#endif
    };
    for (size_t i = 0; i < sizeof internal / sizeof internal[0]; i++)
        if (!strcmp(name, internal[i]))
            return true;
    return false;
}

typedef struct cleanup_names {
    char (*v)[128];
    size_t n;
} cleanup_names;

/* Names of the named nodes starting with prefix, copied (the list changes
 * while we move them). */
static void cleanup_named(dxil_lower_ctx *lc, const char *prefix, cleanup_names *out)
{
    size_t cap = 0;
    out->v = NULL;
    out->n = 0;
    for (LLVMNamedMDNodeRef nmd = LLVMGetFirstNamedMetadata(lc->mod); nmd;
         nmd = LLVMGetNextNamedMetadata(nmd)) {
        size_t len = 0;
        const char *name = LLVMGetNamedMetadataName(nmd, &len);
        if (len >= 128 || strncmp(name, prefix, strlen(prefix)) != 0)
            continue;
        char (*nv)[128] = dxil_grow(out->v, &cap, out->n, sizeof *nv, 16);
        if (!nv)
            return;
        out->v = nv;
        memcpy(out->v[out->n], name, len);
        out->v[out->n++][len] = '\0';
    }
}

/* The dx.* names in the order !dxu.order recorded, moved to the end one
 * by one so they end up in that order. */
static void cleanup_reorder(dxil_lower_ctx *lc)
{
    LLVMValueRef node = NULL;
    if (LLVMGetNamedMetadataNumOperands(lc->mod, DXU_MD_ORDER) != 1)
        return;
    LLVMGetNamedMetadataOperands(lc->mod, DXU_MD_ORDER, &node);
    unsigned n = (unsigned)LLVMGetMDNodeNumOperands(node);
    for (unsigned i = 0; i < n; i++) {
        unsigned len = 0;
        const char *s = LLVMGetMDString(LLVMGetOperand(node, i), &len);
        char name[128];
        if (!s || len >= sizeof name)
            continue;
        memcpy(name, s, len);
        name[len] = '\0';
        lower_md_move(lc, name, name);
    }
}

int dxil_lower_restore_md(dxil_lower_ctx *lc)
{
    cleanup_names names;
    cleanup_named(lc, DXU_MD_PREFIX, &names);
    for (size_t i = 0; i < names.n; i++) {
        char to[160];
        if (cleanup_is_internal(names.v[i]))
            continue;
        snprintf(to, sizeof to, DXIL_MD_PREFIX "%s", names.v[i] + strlen(DXU_MD_PREFIX));
        if (LLVMGetNamedMetadata(lc->mod, to, strlen(to)))
            lower_warn(lc, "both !%s and !%s present; the latter kept", names.v[i], to);
        else
            lower_md_move(lc, names.v[i], to);
    }
    cleanup_reorder(lc);
    if (!lc->opts.keep_side_metadata)
        for (size_t i = 0; i < names.n; i++)
            dxil_shim_erase_named_metadata(lc->mod, names.v[i]);
    free(names.v);
    return 0;
}

static bool cleanup_is_cast_fn(LLVMValueRef fn)
{
    char base[64];
    return lower_intrinsic_base(fn, base, sizeof base) &&
           !strcmp(base, "llvm.dx.resource.casthandle");
}

static bool cleanup_is_cast(LLVMValueRef v)
{
    return v && LLVMIsACallInst(v) && cleanup_is_cast_fn(LLVMGetCalledValue(v));
}

/* cast(cast(x : T) : U) : T -> x, both ways across the bridge. */
static void cleanup_fold_casts(dxil_lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!cleanup_is_cast_fn(fn))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMValueRef in = LLVMGetOperand(calls[i], 0);
            if (cleanup_is_cast(in) && LLVMTypeOf(LLVMGetOperand(in, 0)) == LLVMTypeOf(calls[i]))
                lower_replace(lc, calls[i], LLVMGetOperand(in, 0));
            else if (!LLVMGetFirstUse(calls[i]))
                lower_kill(lc, calls[i]);
        }
        free(calls);
    }
    lower_erase_dead(lc);
    /* Casts feeding only erased casts are dead now too. */
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!cleanup_is_cast_fn(fn))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++)
            if (!LLVMGetFirstUse(calls[i]))
                lower_kill(lc, calls[i]);
        free(calls);
    }
    lower_erase_dead(lc);
}

/* Unused declarations and the private name strings handlefrombinding used. */
static void cleanup_dead_globals(dxil_lower_ctx *lc)
{
    LLVMValueRef fn = LLVMGetFirstFunction(lc->mod);
    while (fn) {
        LLVMValueRef next = LLVMGetNextFunction(fn);
        if (LLVMIsDeclaration(fn) && !LLVMGetFirstUse(fn) && LLVMGetIntrinsicID(fn))
            LLVMDeleteFunction(fn);
        fn = next;
    }
    LLVMValueRef g = LLVMGetFirstGlobal(lc->mod);
    while (g) {
        LLVMValueRef next = LLVMGetNextGlobal(g);
        size_t len = 0;
        const char *name = LLVMGetValueName2(g, &len);
        if (!LLVMGetFirstUse(g) && LLVMGetLinkage(g) == LLVMPrivateLinkage &&
            LLVMIsGlobalConstant(g) && len >= 4 && !strncmp(name, ".str", 4))
            LLVMDeleteGlobal(g);
        g = next;
    }
}

int dxil_lower_cleanup(dxil_lower_ctx *lc)
{
    cleanup_fold_casts(lc);
    cleanup_dead_globals(lc);
    return 0;
}
