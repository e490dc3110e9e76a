/* lower_linkage.c - clang 22's functions as DXIL has them. clang inlines
 * every helper into the entry (HLSL helpers are alwaysinline) but keeps
 * the helper's `hidden` definition; DXC's shader has the entry alone and
 * its validator refuses a function it does not expect (an unused internal
 * one: Decl.UsedInternal), so a definition nothing calls that is neither
 * an entry ("hlsl.shader") nor exported ("hlsl.export", a library's
 * external function) is deleted, repeatedly, as a chain of helpers dies
 * from the top. A helper still called (clang's `noinline`) stays, internal
 * with default visibility, as DXC writes its library functions; entries
 * and exports keep their external linkage. Runs before the entries pass,
 * which removes the hlsl.* attributes it reads. */
#include "lower_internal.h"

#include <string.h>

static bool link_has_attr(LLVMValueRef fn, const char *key)
{
    return LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key,
                                         (unsigned)strlen(key)) != NULL;
}

/* A definition the module must keep whether it is called or not. */
static bool link_is_root(LLVMValueRef fn)
{
    return link_has_attr(fn, "hlsl.shader") || link_has_attr(fn, "hlsl.export");
}

/* clang's helpers: hidden or local definitions (an external definition
 * of a raised DXC module is kept as it is). */
static bool link_is_helper(LLVMValueRef fn)
{
    if (LLVMIsDeclaration(fn) || LLVMGetIntrinsicID(fn) || link_is_root(fn))
        return false;
    LLVMLinkage l = LLVMGetLinkage(fn);
    return LLVMGetVisibility(fn) == LLVMHiddenVisibility || l == LLVMInternalLinkage ||
           l == LLVMPrivateLinkage || l == LLVMLinkOnceODRLinkage || l == LLVMLinkOnceAnyLinkage;
}

int lower_linkage(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0; /* DXC's functions are as DXC wrote them */
    bool changed = true;
    while (changed) {
        changed = false;
        LLVMValueRef fn = LLVMGetFirstFunction(lc->mod);
        while (fn) {
            LLVMValueRef next = LLVMGetNextFunction(fn);
            if (link_is_helper(fn) && !LLVMGetFirstUse(fn)) {
                LLVMDeleteFunction(fn);
                changed = true;
            }
            fn = next;
        }
    }
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        if (link_is_helper(fn)) {
            LLVMSetLinkage(fn, LLVMInternalLinkage);
            LLVMSetVisibility(fn, LLVMDefaultVisibility);
        }
    return 0;
}
