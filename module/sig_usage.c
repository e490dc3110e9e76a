/* sig_usage.c - signature usage masks from the signature I/O calls of a
 * shader's entry (sig_usage.h), as DXC's MarkUsedSignatureElements sets
 * them. */
#include "sig_usage.h"
#include "dxop_calls.h"
#include "md_util.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil_optable_gen.h"

#include <stdlib.h>

enum { SU_IN = 0, SU_OUT = 1, SU_PC = 2 };

/* Which signature an I/O op addresses, and whether its value operand (4)
 * is what it stores; -1 when the call is no signature I/O. */
static int su_sig_of(uint32_t op, bool *store)
{
    *store = false;
    switch (op) {
    case DXIL_OP_LoadInput: return SU_IN;
    case DXIL_OP_LoadPatchConstant: return SU_PC;
    case DXIL_OP_StoreOutput:
    case DXIL_OP_StoreVertexOutput: *store = true; return SU_OUT;
    case DXIL_OP_StorePatchConstant:
    case DXIL_OP_StorePrimitiveOutput: *store = true; return SU_PC;
    default: return -1;
    }
}

static void su_call(sig_usage *su, LLVMValueRef call)
{
    bool store;
    int s = su_sig_of(ops_dxop_opcode(call), &store);
    if (s < 0 || LLVMGetNumArgOperands(call) < 4)
        return;
    uint64_t id, col, row;
    if (!const_u64(LLVMGetOperand(call, 1), &id) || !const_u64(LLVMGetOperand(call, 3), &col) ||
        id >= su->count[s] || col >= 32)
        return;
    if (store && LLVMGetNumArgOperands(call) > 4 && LLVMIsAUndefValue(LLVMGetOperand(call, 4)))
        return;
    su_elem *e = &su->elems[s][id];
    e->usage |= 1u << col;
    if (!const_u64(LLVMGetOperand(call, 2), &row))
        e->dyn |= 1u << col;
}

static void su_function(sig_usage *su, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = fn ? LLVMGetFirstBasicBlock(fn) : NULL; bb;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsACallInst(i))
                su_call(su, i);
}

static uint32_t su_ext(LLVMValueRef record, unsigned tag)
{
    uint64_t v = 0;
    const_u64(md_tag_value(md_operand(record, 10), tag, NULL), &v);
    return (uint32_t)v;
}

/* Element records indexed by their ID (operand 0; DXC numbers them in
 * list order). */
static int su_list(sig_usage *su, int s, LLVMValueRef list)
{
    unsigned n = md_num_operands(list);
    su->elems[s] = calloc(n + 1u, sizeof *su->elems[s]);
    if (!su->elems[s])
        return -1;
    su->count[s] = n;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef r = md_operand(list, i);
        uint64_t id;
        if (!r || md_operand_uint(r, 0, &id) || id >= n)
            continue;
        su_elem *e = &su->elems[s][id];
        e->record = r;
        e->declared_usage = su_ext(r, DXIL_SIG_EXT_USAGE_COMP_MASK);
        e->declared_dyn = su_ext(r, DXIL_SIG_EXT_DYN_INDEX_COMP_MASK);
    }
    return 0;
}

int sig_usage_compute(const mf_module *mf, sig_usage *out)
{
    *out = (sig_usage){{NULL}, {0}};
    if (mf->lib || mf->nentries == 0 || !mf->entries[0].fn)
        return 0;
    const mf_entry *e = &mf->entries[0];
    for (int s = 0; s < 3; s++)
        if (su_list(out, s, e->sigs[s])) {
            sig_usage_free(out);
            return -1;
        }
    su_function(out, e->fn);
    if (e->kind == DXIL_SHADER_HULL) {
        LLVMValueRef pc = md_operand(md_tag_value(e->props, DXIL_ENTRY_HS_STATE, NULL), 0);
        if (pc && LLVMIsAFunction(pc) && pc != e->fn)
            su_function(out, pc);
    }
    return 0;
}

void sig_usage_free(sig_usage *su)
{
    for (int s = 0; s < 3; s++)
        free(su->elems[s]);
    *su = (sig_usage){{NULL}, {0}};
}
