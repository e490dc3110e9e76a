/* legal_undef.c - no instruction reads an undefined value. DXC's
 * validator rejects an undef (or poison) operand ("Instructions should not
 * read uninitialized value", rule Instr.NoReadingUninitialized) everywhere
 * but in a phi, the vector operand of insertelement, the second vector of
 * shufflevector and the value of a store; calls are judged by their
 * operation (dx.op calls take undef for an unused operand). clang and LLVM
 * 22 write such reads where the source left a value undefined: a matrix
 * row written through a dynamic index is a select over the lanes of an
 * undef vector, and an optimizer folds a read of an uninitialized local
 * into undef.
 *
 * An undefined value may be any value, so choosing one is a refinement:
 * a select with an undefined arm is its other arm (as LLVM's instcombine
 * folds it), any other undefined operand is zero. Runs last, after every
 * pass that builds instructions. */
#include "legal.h"

static bool lu_is_undef(LLVMValueRef v)
{
    return LLVMIsUndef(v) || LLVMIsPoison(v);
}

/* Whether operand k of instruction i may stay undefined. */
static bool lu_allowed(LLVMValueRef i, unsigned k)
{
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMPHI:
    case LLVMCall:
        return true;
    case LLVMInsertElement:
    case LLVMStore:
        return k == 0;
    case LLVMShuffleVector:
        return k == 1;
    default:
        return false;
    }
}

/* select c, x, undef (or undef, x): x. False when i is no such select. */
static bool lu_fold_select(lower_ctx *lc, LLVMValueRef i)
{
    if (LLVMGetInstructionOpcode(i) != LLVMSelect)
        return false;
    LLVMValueRef t = LLVMGetOperand(i, 1), f = LLVMGetOperand(i, 2);
    if (lu_is_undef(t) == lu_is_undef(f))
        return false;
    /* the arm keeps its own name */
    LLVMReplaceAllUsesWith(i, lu_is_undef(t) ? f : t);
    lower_kill(lc, i);
    return true;
}

static void lu_fix(lower_ctx *lc, LLVMValueRef i)
{
    int n = LLVMGetNumOperands(i);
    for (int k = 0; k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
        if (!op || !lu_is_undef(op) || lu_allowed(i, (unsigned)k))
            continue;
        if (lu_fold_select(lc, i))
            return;
        LLVMTypeKind tk = LLVMGetTypeKind(LLVMTypeOf(op));
        if (tk == LLVMLabelTypeKind || tk == LLVMMetadataTypeKind || tk == LLVMTokenTypeKind)
            continue;
        LLVMSetOperand(i, (unsigned)k, LLVMConstNull(LLVMTypeOf(op)));
        lc->n_lowered++;
    }
}

int lower_legal_undef(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                lu_fix(lc, i);
    lower_erase_dead(lc);
    return 0;
}
