/* legal_freeze.c - `freeze` dropped. LLVM 3.7 has no freeze (the
 * DXIL writer refuses it: DXIL3004), and LLVM 22 makes one where it
 * reuses a value that could be poison (x - (x / y) * y for a remainder).
 * DXIL gives undefined values no poison semantics to stop, so each freeze
 * is its operand. */
#include "legal_census.h"

int lower_legal_freeze(lower_ctx *lc)
{
    if (!legal_census_may(lc, LEGAL_CENSUS_FREEZE))
        return 0;
    lc->census_stale = true;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMGetInstructionOpcode(i) == LLVMFreeze)
                    lower_replace_named(lc, i, LLVMGetOperand(i, 0));
    lower_erase_dead(lc);
    return 0;
}
