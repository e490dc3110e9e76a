/* legal_fold.c - after op lowering, the vectors the data
 * scalarization had to leave around llvm.dx.* calls are gone in what the
 * calls became: a vector load.input is one loadInput per component put
 * together with insertelement, and the scalarization read its lanes with
 * extractelement. Each extractelement of a constant lane is folded to the
 * value inserted there (or the constant's lane); insertelement and
 * extractelement left unused go. Before SM 6.9 outside libraries DXIL
 * allows neither (lower_vectors_allowed). clang -O0 passes a stage's
 * inputs through a struct (insertvalue, then extractvalue of the vector
 * field): an extractvalue of a field an insertvalue chain wrote is folded
 * the same way, and the struct values left unused go too (DXIL has no
 * insertvalue either). */
#include "legal_census.h"

/* The value at index path idx[0..n) of aggregate v when an insertvalue
 * chain (of nested structs too: clang -O0's struct of semantics with an
 * inner struct) or a constant says it; NULL otherwise. */
static LLVMValueRef fold_path(LLVMValueRef v, const unsigned *idx, unsigned n, unsigned depth)
{
    for (unsigned steps = 0; n && LLVMIsAInsertValueInst(v) && steps <= 1024; steps++) {
        unsigned m = LLVMGetNumIndices(v);
        const unsigned *iv = LLVMGetIndices(v);
        unsigned k = 0;
        while (k < m && k < n && iv[k] == idx[k])
            k++;
        if (k == m) /* the insert wrote this path or one holding it */
            return k == n ? LLVMGetOperand(v, 1)
                          : depth < 8 ? fold_path(LLVMGetOperand(v, 1), idx + k, n - k, depth + 1)
                                      : NULL;
        if (k == n)
            return NULL; /* it wrote part of the value read */
        v = LLVMGetOperand(v, 0); /* another path */
    }
    for (unsigned k = 0; k < n; k++) {
        if (!LLVMIsAConstant(v) || LLVMIsAConstantExpr(v))
            return NULL;
        v = LLVMGetAggregateElement(v, idx[k]);
        if (!v)
            return NULL;
    }
    return v;
}

/* The field an extractvalue reads when an insertvalue chain or a constant
 * says it; NULL otherwise. */
static LLVMValueRef fold_field(LLVMValueRef ev)
{
    return fold_path(LLVMGetOperand(ev, 0), LLVMGetIndices(ev), LLVMGetNumIndices(ev), 0);
}

/* The value at lane k of v when an insertelement chain or a constant says
 * it; NULL otherwise. */
static LLVMValueRef fold_lane(LLVMValueRef v, unsigned long long k)
{
    LLVMValueRef f;
    while (LLVMIsAExtractValueInst(v) && (f = fold_field(v)))
        v = f; /* the vector field of a struct */
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
    LLVMOpcode op = LLVMGetInstructionOpcode(i); /* one call, not five */
    return op == LLVMInsertElement || op == LLVMExtractElement || op == LLVMShuffleVector ||
           op == LLVMInsertValue || op == LLVMExtractValue;
}

static void fold_function(LLVMValueRef fn)
{
    legal_list lane_ops = {0};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!fold_is_lane_op(i))
                continue;
            legal_list_add(&lane_ops, i);
            LLVMValueRef field = LLVMIsAExtractValueInst(i) ? fold_field(i) : NULL;
            if (field && LLVMTypeOf(field) == LLVMTypeOf(i))
                LLVMReplaceAllUsesWith(i, field);
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
