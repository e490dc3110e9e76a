/* lower_instr_md.c - instruction metadata, the inverse of raise_instr_md.c:
 * clang's !hlsl.controlflow.hint becomes DXC's !dx.controlflow.hints,
 * distinct !{!self, !"dx.controlflow.hints", i32 N}. */
#include "lower_internal.h"

#include "common/side_metadata.h"
#include "module/llvm_shim.h"

#include <string.h>

int lower_instr_md(lower_ctx *lc)
{
    unsigned hint = LLVMGetMDKindIDInContext(lc->ctx, HLSL_MDK_CONTROLFLOW_HINT,
                                             (unsigned)strlen(HLSL_MDK_CONTROLFLOW_HINT));
    unsigned dx = LLVMGetMDKindIDInContext(lc->ctx, DXIL_MDK_CONTROLFLOW_HINTS,
                                           (unsigned)strlen(DXIL_MDK_CONTROLFLOW_HINTS));
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
            LLVMValueRef md = t ? LLVMGetMetadata(t, hint) : NULL;
            uint64_t v;
            if (!md || !const_u64(LLVMGetOperand(md, 1), &v))
                continue;
            LLVMMetadataRef ops[2] = {
                LLVMValueAsMetadata(md_make_string(lc->ctx, DXIL_MDK_CONTROLFLOW_HINTS)),
                LLVMValueAsMetadata(lower_i32(lc, v))};
            LLVMSetMetadata(t, dx, shim_md_self_node(lc->ctx, ops, 2));
            LLVMSetMetadata(t, hint, NULL);
        }
    return 0;
}
