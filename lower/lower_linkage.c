/* lower_linkage.c - clang 22's functions as DXIL has them. clang inlines
 * every helper into the entry (HLSL helpers are alwaysinline) but keeps
 * the helper's `hidden` definition; DXC's shader has the entry alone and
 * its validator refuses a function it does not expect (an unused internal
 * one: Decl.UsedInternal), so a definition nothing calls that is neither
 * an entry ("hlsl.shader") nor exported ("hlsl.export", a library's
 * external function) is deleted, repeatedly, as a chain of helpers dies
 * from the top. In a shader that is not a library, a helper still called
 * (clang's `noinline`) is inlined into the entry first, as DXC does; in a
 * library it stays, internal with default visibility, as DXC writes its
 * library functions. Entries and exports keep their external linkage. Runs before the entries pass,
 * which removes the hlsl.* attributes it reads. */
#include "lower_internal.h"

#include "module/llvm_shim.h"

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

/* Inlines every call of a helper definition in fn's body; repeated by
 * the caller until nothing is left to inline (helpers calling helpers). */
static bool link_inline_calls(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (callee && LLVMIsAFunction(callee) && link_is_helper(callee) && callee != fn &&
                shim_inline_call(i))
                return true; /* the block list changed: start again */
        }
    return false;
}

/* DXC inlines every function into the entry of a shader that is not a
 * library; its validator takes an internal function with scalar
 * parameters, but not one with vector or struct ones (before SM 6.9), nor
 * a resource passed to it. clang leaves a `noinline` helper called: it is
 * inlined here, so the entry is the one function, as DXC writes it. */
static void link_inline_all(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !link_is_root(fn))
            continue;
        for (unsigned guard = 0; guard < 4096 && link_inline_calls(fn); guard++)
            ;
    }
}

/* Outside a library a shader's own global data is internal: clang gives a
 * static data member (`static int s = 20;` in a struct) external linkage,
 * and DXC's validator refuses an external global that instructions use
 * (Decl.NotUsedExternal, "External declaration 'X' is unused"); so does
 * it a private one (simplifycfg's `@switch.table.main`, a switch made a
 * lookup table).
 * Groupshared memory is allowed either way and is left; so is a
 * declaration, which has no data to keep local. */
static void link_globals_internal(lower_ctx *lc)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(lc->mod); g; g = LLVMGetNextGlobal(g))
        if (!LLVMIsDeclaration(g) &&
            (LLVMGetLinkage(g) == LLVMExternalLinkage || LLVMGetLinkage(g) == LLVMPrivateLinkage) &&
            LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 0) {
            LLVMSetLinkage(g, LLVMInternalLinkage);
            LLVMSetVisibility(g, LLVMDefaultVisibility);
        }
}

int lower_linkage(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0; /* DXC's functions are as DXC wrote them */
    if (strcmp(lc->sm_kind, "lib")) {
        link_inline_all(lc);
        link_globals_internal(lc);
    }
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
