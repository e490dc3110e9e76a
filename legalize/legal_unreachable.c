/* legal_unreachable.c - `unreachable` as a return. DXIL allows no
 * unreachable (DXC's validator: "Instructions must be of an allowed type"),
 * except right after a call of a noreturn dx.op in a library, but LLVM 22
 * makes them: a switch's impossible default (`default.unreachable`), the
 * end of a path its analysis proved undefined. Control never gets there,
 * so any terminator does; a return (of zero for a function with a value)
 * adds no edge and no phi input. */
#include "legal_census.h"

static bool lu_after_noreturn(LLVMValueRef term)
{
    LLVMValueRef prev = LLVMGetPreviousInstruction(term);
    LLVMValueRef fn = prev && LLVMIsACallInst(prev) ? LLVMGetCalledValue(prev) : NULL;
    unsigned kind = LLVMGetEnumAttributeKindForName("noreturn", 8);
    return fn && LLVMIsAFunction(fn) &&
           LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

int lower_legal_unreachable(lower_ctx *lc)
{
    if (!legal_census_may(lc, LEGAL_CENSUS_UNREACHABLE))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(fn));
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            if (!term || !LLVMIsAUnreachableInst(term) || lu_after_noreturn(term))
                continue;
            lc->census_stale = true;
            LLVMPositionBuilderBefore(lc->b, term);
            if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind)
                LLVMBuildRetVoid(lc->b);
            else
                LLVMBuildRet(lc->b, LLVMConstNull(rt));
            LLVMInstructionEraseFromParent(term);
        }
    }
    return 0;
}
