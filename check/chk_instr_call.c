/* chk_instr_call.c - what DXC's ValidateFunctionBody checks of each call
 * of a dx.op declaration: an immediate opcode (Instr.OpConst), one the op
 * table has (Instr.IllegalDXILOpCode; experimental ones only in an
 * experimental shader model), a function DXC's op cache lists for the
 * op's class (Instr.IllegalDXILOpFunction), and the mesh and
 * amplification calls that may appear once (SetMeshOutputCounts,
 * GetMeshPayload, DispatchMesh) and where (dominating the outputs,
 * post-dominating the entry). */
#include "chk_instr.h"

#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"
#include "module/llvm_shim.h"

#include <stdio.h>
#include <stdlib.h>

static void call_count_once(chk_body *b, LLVMValueRef call, LLVMValueRef *seen, chk_rule r)
{
    if (*seen)
        chk_fail(b->c, r, call, NULL);
    *seen = call;
}

void chk_instr_dxop_call(chk_body *b, LLVMValueRef call, LLVMValueRef callee)
{
    chk_ctx *c = b->c;
    LLVMValueRef opv = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(opv)) {
        chk_fail(c, CHK_INSTR_OPCONST, call, "Opcode", "DXIL operation", NULL);
        return;
    }
    uint32_t opcode = (uint32_t)LLVMConstIntGetZExtValue(opv);
    const dxil_op_info *op = dxil_op_by_opcode(c->table, opcode);
    if (!op || !op->cls) {
        char max[16], got[16];
        snprintf(max, sizeof max, "%zu", (size_t)dxil_optable_slot_count(c->table, 0));
        snprintf(got, sizeof got, "%u", opcode);
        chk_fail(c, CHK_INSTR_ILLEGALDXILOPCODE, call, max, got, NULL);
        return;
    }
    /* Shader model 6.10 is DXC 1.10's pre-release (experimental) one. */
    if (dxil_op_is_experimental(opcode) && c->sm != DXIL_VERSION(6, 10)) {
        chk_fail(c, CHK_INSTR_EXPDXILOPCODEREQUIRESEXPSM, call, NULL);
        return;
    }
    if (!chk_dxop_known(b->dxop, op, callee)) {
        size_t len;
        chk_fail(c, CHK_INSTR_ILLEGALDXILOPFUNCTION, call, LLVMGetValueName2(callee, &len),
                 op->name, NULL);
        return;
    }
    if (opcode == DXIL_OP_SetMeshOutputCounts)
        call_count_once(b, call, &b->set_mesh_counts, CHK_INSTR_MULTIPLESETMESHOUTPUTCOUNTS);
    else if (opcode == DXIL_OP_GetMeshPayload)
        call_count_once(b, call, &b->get_mesh_payload, CHK_INSTR_MULTIPLEGETMESHPAYLOAD);
    else if (opcode == DXIL_OP_DispatchMesh)
        call_count_once(b, call, &b->dispatch_mesh, CHK_INSTR_NOTONCEDISPATCHMESH);
}

/* ---- mesh shaders ----------------------------------------------------------------- */

static bool is_output_op(LLVMValueRef inst)
{
    uint32_t op = ops_dxop_opcode(inst);
    return op == DXIL_OP_StoreVertexOutput || op == DXIL_OP_StorePrimitiveOutput ||
           op == DXIL_OP_EmitIndices;
}

static void mesh_outputs(chk_body *b)
{
    shim_domtree *dt = b->set_mesh_counts ? shim_domtree_create(b->fn) : NULL;
    LLVMBasicBlockRef set_bb =
        b->set_mesh_counts ? LLVMGetInstructionParent(b->set_mesh_counts) : NULL;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(b->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        bool set_here = false;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            set_here |= i == b->set_mesh_counts;
            if (!is_output_op(i))
                continue;
            if (!b->set_mesh_counts)
                chk_fail(b->c, CHK_INSTR_MISSINGSETMESHOUTPUTCOUNTS, i, NULL);
            else if (!set_here && dt && shim_domtree_dominates(dt, set_bb, bb) != 1)
                chk_fail(b->c, CHK_INSTR_NONDOMINATINGSETMESHOUTPUTCOUNTS, i, NULL);
        }
    }
    shim_domtree_free(dt);
}

/* Whether every path from the entry to a return passes through bb: with
 * bb taken out, no return is reachable. */
static bool postdominates_entry(LLVMValueRef fn, LLVMBasicBlockRef bb)
{
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    if (entry == bb)
        return true;
    unsigned n = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *stack = malloc((size_t)n * sizeof *stack + 1);
    LLVMBasicBlockRef *seen = malloc((size_t)n * sizeof *seen + 1);
    if (!stack || !seen) {
        free(stack);
        free(seen);
        return true;
    }
    size_t sp = 0, nseen = 0;
    bool exit_reached = false;
    stack[sp++] = entry;
    seen[nseen++] = entry;
    while (sp && !exit_reached) {
        LLVMBasicBlockRef cur = stack[--sp];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(cur);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        exit_reached = term && LLVMGetInstructionOpcode(term) == LLVMRet;
        for (unsigned s = 0; s < ns; s++) {
            LLVMBasicBlockRef next = LLVMGetSuccessor(term, s);
            bool dup = next == bb;
            for (size_t k = 0; k < nseen && !dup; k++)
                dup = seen[k] == next;
            if (!dup && nseen < n) {
                seen[nseen++] = next;
                stack[sp++] = next;
            }
        }
    }
    free(stack);
    free(seen);
    return !exit_reached;
}

void chk_instr_mesh_end(chk_body *b)
{
    if (!b->has_props)
        return;
    if (b->kind == DXIL_SHADER_MESH) {
        mesh_outputs(b);
        return;
    }
    if (b->kind != DXIL_SHADER_AMPLIFICATION)
        return;
    if (!b->dispatch_mesh) {
        chk_fail(b->c, CHK_INSTR_NOTONCEDISPATCHMESH, b->fn, NULL);
        return;
    }
    if (!postdominates_entry(b->fn, LLVMGetInstructionParent(b->dispatch_mesh)))
        chk_fail(b->c, CHK_INSTR_NONDOMINATINGDISPATCHMESH, b->dispatch_mesh, NULL);
}
