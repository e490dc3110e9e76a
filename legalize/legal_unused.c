/* legal_unused.c - declarations and module-local globals nothing
 * uses any more, removed at the end. DXC's validator rejects both
 * ("External function 'llvm.vector.reduce.or.v4i32' is unused", "Internal
 * declaration 'dx.break.cond' is unused"); an optimizer folds away the
 * last use of a constant global (DXC's dx.break.cond), and the passes here
 * leave the declarations of what they expanded. Globals with other
 * linkage are the module's interface (a library's resources) and stay. */
#include "legal.h"

int lower_legal_unused(lower_ctx *lc)
{
    LLVMValueRef fn = LLVMGetFirstFunction(lc->mod);
    while (fn) {
        LLVMValueRef next = LLVMGetNextFunction(fn);
        if (LLVMIsDeclaration(fn) && !LLVMGetFirstUse(fn))
            LLVMDeleteFunction(fn);
        fn = next;
    }
    LLVMValueRef g = LLVMGetFirstGlobal(lc->mod);
    while (g) {
        LLVMValueRef next = LLVMGetNextGlobal(g);
        LLVMLinkage l = LLVMGetLinkage(g);
        if (!LLVMGetFirstUse(g) && (l == LLVMInternalLinkage || l == LLVMPrivateLinkage))
            LLVMDeleteGlobal(g);
        g = next;
    }
    return 0;
}
