/* legal_fold.c - after op lowering, the vectors the data
 * scalarization had to leave around llvm.dx.* calls are gone in what the
 * calls became: a vector load.input is one loadInput per component put
 * together with insertelement, and the scalarization read its lanes with
 * extractelement. Each extractelement of a constant lane is folded to the
 * value inserted there (or the constant's lane); insertelement and
 * extractelement left unused go. Before SM 6.9 outside libraries DXIL
 * allows neither (lower_vectors_allowed). */
#include "legal_census.h"

/* The value at lane k of v when an insertelement chain or a constant says
 * it; NULL otherwise. */
static LLVMValueRef fold_lane(LLVMValueRef v, unsigned long long k)
{
    /* steps capped: unreachable code may hold a chain that feeds itself */
    for (unsigned steps = 0; LLVMIsAInsertElementInst(v); steps++) {
        LLVMValueRef idx = LLVMGetOperand(v, 2);
        if (!LLVMIsAConstantInt(idx) || steps > 1024)
            return NULL;
        if (LLVMConstIntGetZExtValue(idx) == k)
            return LLVMGetOperand(v, 1);
        v = LLVMGetOperand(v, 0);
    }
    if (LLVMIsAConstant(v) && !LLVMIsAConstantExpr(v) && k < LLVMGetVectorSize(LLVMTypeOf(v)))
        return LLVMIsAPoisonValue(v)  ? LLVMGetPoison(LLVMGetElementType(LLVMTypeOf(v)))
               : LLVMIsAUndefValue(v) ? LLVMGetUndef(LLVMGetElementType(LLVMTypeOf(v)))
                                      : LLVMGetAggregateElement(v, (unsigned)k);
    return NULL;
}

static bool fold_is_lane_op(LLVMValueRef i)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(i); /* one call, not three */
    return op == LLVMInsertElement || op == LLVMExtractElement || op == LLVMShuffleVector;
}

static void fold_function(LLVMValueRef fn)
{
    legal_list lane_ops = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!fold_is_lane_op(i))
                continue;
            legal_list_add(&lane_ops, i);
            if (!LLVMIsAExtractElementInst(i) || !LLVMIsAConstantInt(LLVMGetOperand(i, 1)))
                continue;
            LLVMValueRef lane =
                fold_lane(LLVMGetOperand(i, 0), LLVMConstIntGetZExtValue(LLVMGetOperand(i, 1)));
            if (lane && LLVMTypeOf(lane) == LLVMTypeOf(i))
                LLVMReplaceAllUsesWith(i, lane);
        }
    legal_erase_unused(&lane_ops);
    legal_list_free(&lane_ops);
}

/* Lane ops read or make a vector. When the census found no vector value
 * and nothing changed up to legal-int-widths, the passes since made none
 * either: the op lowering, buffers and sig-io build lanes only to rebuild
 * a vector some instruction already had. */
int lower_legal_fold(lower_ctx *lc)
{
    if (lower_vectors_allowed(lc) || !legal_census_may(lc, LEGAL_CENSUS_VECTOR))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            fold_function(fn);
    return 0;
}
