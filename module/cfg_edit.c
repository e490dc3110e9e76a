/* cfg_edit.c - phis made again with one incoming value less or more. */
#include "cfg_edit.h"
#include "ir_names.h"

#include <stdlib.h>
#include <string.h>

/* A new phi before `phi` from its incoming list with entry `skip` left
 * out (UINT_MAX: none) and (v, pred) put at `pos` (v NULL: nothing). */
static LLVMValueRef cfg_phi_rebuild(LLVMBuilderRef b, LLVMValueRef phi, unsigned skip,
                                    unsigned pos, LLVMValueRef v, LLVMBasicBlockRef pred)
{
    unsigned n = LLVMCountIncoming(phi), k = 0;
    LLVMValueRef *vals = malloc((n + 1) * sizeof *vals);
    LLVMBasicBlockRef *blocks = malloc((n + 1) * sizeof *blocks);
    if (!vals || !blocks) {
        free(vals), free(blocks);
        return NULL;
    }
    for (unsigned i = 0; i <= n; i++) {
        if (v && i == (pos < n ? pos : n)) {
            vals[k] = v;
            blocks[k++] = pred;
        }
        if (i < n && i != skip) {
            vals[k] = LLVMGetIncomingValue(phi, i);
            blocks[k++] = LLVMGetIncomingBlock(phi, i);
        }
    }
    LLVMPositionBuilderBefore(b, phi);
    LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
    LLVMAddIncoming(np, vals, blocks, k);
    if (LLVMCanValueUseFastMathFlags(phi))
        LLVMSetFastMathFlags(np, LLVMGetFastMathFlags(phi));
    free(vals);
    free(blocks);
    ir_move_name(phi, np);
    LLVMReplaceAllUsesWith(phi, np);
    LLVMInstructionEraseFromParent(phi);
    return np;
}

LLVMValueRef cfg_phi_without(LLVMBuilderRef b, LLVMValueRef phi, LLVMBasicBlockRef pred)
{
    for (unsigned i = 0, n = LLVMCountIncoming(phi); i < n; i++)
        if (LLVMGetIncomingBlock(phi, i) == pred)
            return cfg_phi_rebuild(b, phi, i, 0, NULL, NULL);
    return phi;
}

LLVMValueRef cfg_phi_with(LLVMBuilderRef b, LLVMValueRef phi, unsigned pos, LLVMValueRef v,
                          LLVMBasicBlockRef pred)
{
    return cfg_phi_rebuild(b, phi, (unsigned)-1, pos, v, pred);
}
