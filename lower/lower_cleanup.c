/* lower_cleanup.c - the cleanup pass: casthandle bridges left between
 * target("dx.*") handles and %dx.types.Handle values are folded away, and
 * declarations and name strings left without users are deleted. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

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
static void cleanup_fold_casts(lower_ctx *lc)
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

/* Unused declarations and the private name strings handlefrombinding used
 * (clang names them `.str`, `.str.N`, and `<Name>.str` for a cbuffer). */
static void cleanup_dead_globals(lower_ctx *lc)
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
            LLVMIsGlobalConstant(g) && len >= 4 && strstr(name, ".str"))
            LLVMDeleteGlobal(g);
        g = next;
    }
}

int lower_cleanup(lower_ctx *lc)
{
    cleanup_fold_casts(lc);
    cleanup_dead_globals(lc);
    return 0;
}
