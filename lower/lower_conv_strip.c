/* lower_conv_strip.c - the "convergence" pass: LLVM 3.7 has no token
 * type, so after dx-break put every convergent call in its loop
 * (lower_conv_restore.c) the convergence tokens go: each call loses its
 * "convergencectrl" bundle, the token intrinsics and their declarations
 * are erased. The `convergent` marks go too, as DXC strips them before
 * it writes DXIL (the raise added them: raise_conv_mark.c), and any
 * !dxu.break record dx-break did not use. Nothing later sees a token. */
#include "lower_internal.h"

#include "common/side_metadata.h"
#include "module/convergence.h"
#include "module/llvm_shim.h"

#include <string.h>

/* The `convergent` marks and the unused !dxu.break records off. */
static void strip_marks(LLVMValueRef fn, unsigned kind_break)
{
    unsigned conv = conv_attr_kind();
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (t && kind_break && LLVMGetMetadata(t, kind_break))
            LLVMSetMetadata(t, kind_break, NULL);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsACallInst(i) &&
                LLVMGetCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, conv))
                LLVMRemoveCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, conv);
    }
}

int lower_conv_strip(lower_ctx *lc)
{
    unsigned kind_break = 0;
    unsigned conv = conv_attr_kind();
    if (!shim_md_kind_find(lc->ctx, DXU_MDK_BREAK, &kind_break))
        kind_break = 0;
    conv_strip_tokens(lc->mod, lc->b, false);
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, conv);
        if (!LLVMIsDeclaration(fn))
            strip_marks(fn, kind_break);
    }
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMTokenTypeKind) {
                    lower_report(lc, DXIL_SEV_ERROR, i,
                                 "a token value is left, which DXIL (LLVM 3.7) cannot hold");
                    return 0;
                }
    }
    return 0;
}
