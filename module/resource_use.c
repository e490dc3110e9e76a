/* resource_use.c - the dx.resources records a module still creates
 * handles for (resource_use.h). */
#include "resource_use.h"
#include "dxop_calls.h"
#include "md_util.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil_optable_gen.h"

#include <stdlib.h>

static void ru_mark(const mf_module *mf, resource_use *ru, unsigned list, uint64_t id)
{
    for (size_t i = 0; i < mf->nres; i++)
        if (mf->res[i].list == list && mf->res[i].id == id)
            ru->used[i] = true;
}

/* The constant range IDs a createHandle operand can be: a constant, or
 * phis and selects of them; false when anything else feeds it. */
static bool ru_ids(const mf_module *mf, resource_use *ru, unsigned list, LLVMValueRef v,
                   unsigned depth)
{
    uint64_t id;
    if (depth > 32)
        return false;
    if (const_u64(v, &id)) {
        ru_mark(mf, ru, list, id);
        return true;
    }
    if (LLVMIsASelectInst(v))
        return ru_ids(mf, ru, list, LLVMGetOperand(v, 1), depth + 1) &&
               ru_ids(mf, ru, list, LLVMGetOperand(v, 2), depth + 1);
    if (!LLVMIsAPHINode(v))
        return false;
    for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
        LLVMValueRef in = LLVMGetIncomingValue(v, i);
        if (in != v && !ru_ids(mf, ru, list, in, depth + 1))
            return false;
    }
    return true;
}

static uint64_t ru_field(LLVMValueRef c, unsigned i)
{
    LLVMValueRef e = c ? LLVMGetAggregateElement(c, i) : NULL;
    uint64_t v = 0;
    const_u64(e, &v);
    return v;
}

static void ru_binding(const mf_module *mf, resource_use *ru, LLVMValueRef bind)
{
    uint64_t lb = ru_field(bind, 0), ub = ru_field(bind, 1), space = ru_field(bind, 2),
             cls = ru_field(bind, 3);
    bool found = false;
    for (size_t i = 0; i < mf->nres; i++) {
        const mf_resource *r = &mf->res[i];
        uint32_t rub = r->range == UINT32_MAX ? UINT32_MAX : r->lb + r->range - 1;
        if (r->list == cls && r->space == space && r->lb == lb && rub == ub)
            ru->used[i] = found = true;
    }
    if (!found && cls < MF_LIST_COUNT)
        ru->any[cls] = true; /* a binding no record names exactly: keep them all */
}

/* A library handle: the record whose global it loads (through GEPs). */
static void ru_lib(const mf_module *mf, resource_use *ru, LLVMValueRef call)
{
    LLVMValueRef ld = LLVMGetOperand(call, 1);
    LLVMValueRef p = ld && LLVMIsALoadInst(ld) ? LLVMGetOperand(ld, 0) : NULL;
    while (p && (LLVMIsAGetElementPtrInst(p) ||
                 (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)))
        p = LLVMGetOperand(p, 0);
    bool found = false;
    for (size_t i = 0; p && i < mf->nres; i++)
        if (mf->res[i].symbol == p)
            ru->used[i] = found = true;
    if (!found)
        for (unsigned l = 0; l < MF_LIST_COUNT; l++)
            ru->any[l] = true;
}

static void ru_call(const mf_module *mf, resource_use *ru, LLVMValueRef call)
{
    uint64_t cls;
    switch (ops_dxop_opcode(call)) {
    case DXIL_OP_CreateHandle:
        if (!const_u64(LLVMGetOperand(call, 1), &cls) || cls >= MF_LIST_COUNT) {
            for (unsigned l = 0; l < MF_LIST_COUNT; l++)
                ru->any[l] = true;
            return;
        }
        ru->by_id[cls] = true;
        if (!ru_ids(mf, ru, (unsigned)cls, LLVMGetOperand(call, 2), 0))
            ru->any[cls] = true;
        return;
    case DXIL_OP_CreateHandleFromBinding:
        ru_binding(mf, ru, LLVMGetOperand(call, 1));
        return;
    case DXIL_OP_CreateHandleForLib:
        ru_lib(mf, ru, call);
        return;
    default:
        return;
    }
}

int resource_use_compute(const mf_module *mf, resource_use *out)
{
    *out = (resource_use){0};
    out->used = calloc(mf->nres + 1, sizeof *out->used);
    if (!out->used)
        return -1;
    for (LLVMValueRef f = LLVMGetFirstFunction(mf->m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMIsACallInst(i))
                    ru_call(mf, out, i);
    return 0;
}

void resource_use_free(resource_use *ru)
{
    free(ru->used);
    *ru = (resource_use){0};
}

bool resource_use_is_used(const mf_module *mf, const resource_use *ru, size_t i)
{
    return ru->used[i] || ru->any[mf->res[i].list];
}
