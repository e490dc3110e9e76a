/* lower_fn_attrs.c - function string attributes DXIL does not know.
 * clang 22 puts "no-infs-fp-math", "no-nans-fp-math",
 * "no-signed-zeros-fp-math", "no-trapping-math" and
 * "stack-protector-buffer-size" on every function it defines; DXC's
 * validator knows two string attributes only ("fp32-denorm-mode" and
 * "waveops-include-helper-lanes", rule Decl.FnAttribute) and refuses a
 * function carrying any other. They are hints to LLVM's own optimizers, so
 * dropping them changes no result. Enum attributes are the bitcode
 * writer's business (it writes the ones LLVM 3.7 has). The hlsl.* entry
 * attributes are left to the entries pass, which reads them later.
 * Modern input only: a DXC library's functions carry LLVM's attributes
 * ("disable-tail-calls", ...) that DXC wrote and accepts there, and a
 * raised module goes back as DXC wrote it. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const fn_attrs_known[] = {"fp32-denorm-mode", "waveops-include-helper-lanes"};

static bool fn_attr_kept(const char *kind, unsigned len)
{
    if (len > 5 && !strncmp(kind, "hlsl.", 5))
        return true; /* the entries pass reads and removes them */
    for (size_t i = 0; i < sizeof fn_attrs_known / sizeof fn_attrs_known[0]; i++)
        if (strlen(fn_attrs_known[i]) == len && !strncmp(kind, fn_attrs_known[i], len))
            return true;
    return false;
}

/* Removes the unknown string attributes at one index of fn (the function
 * itself, or its return value and parameters: clang puts none there, but
 * the rule is the same for them). */
static void fn_attrs_strip_at(LLVMValueRef fn, LLVMAttributeIndex idx)
{
    unsigned n = LLVMGetAttributeCountAtIndex(fn, idx);
    if (!n)
        return;
    LLVMAttributeRef *attrs = malloc(n * sizeof *attrs);
    if (!attrs)
        return;
    LLVMGetAttributesAtIndex(fn, idx, attrs);
    char **drop = calloc(n, sizeof *drop);
    unsigned nd = 0;
    for (unsigned i = 0; drop && i < n; i++) {
        unsigned len = 0;
        const char *kind =
            LLVMIsStringAttribute(attrs[i]) ? LLVMGetStringAttributeKind(attrs[i], &len) : NULL;
        if (kind && !fn_attr_kept(kind, len) && (drop[nd] = malloc(len + 1))) {
            memcpy(drop[nd], kind, len);
            drop[nd++][len] = '\0';
        }
    }
    /* Removal invalidates the attribute list: names are copied first. */
    for (unsigned i = 0; i < nd; i++) {
        LLVMRemoveStringAttributeAtIndex(fn, idx, drop[i], (unsigned)strlen(drop[i]));
        free(drop[i]);
    }
    free(drop);
    free(attrs);
}

int lower_fn_attrs(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0; /* DXC's libraries carry attributes DXC accepts there */
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMGetIntrinsicID(fn))
            continue;
        fn_attrs_strip_at(fn, LLVMAttributeFunctionIndex);
        fn_attrs_strip_at(fn, LLVMAttributeReturnIndex);
        for (unsigned i = 0; i < LLVMCountParams(fn); i++)
            fn_attrs_strip_at(fn, i + 1);
    }
    return 0;
}
