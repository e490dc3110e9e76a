/* recompute_res.c - the resource list without the records no handle is
 * created for any more (module/resource_use.h), as DXC condenses it: the
 * rest keep their order and are numbered 0, 1, ... again in each list,
 * and a createHandle (DXIL < 1.6, which names its record by that number)
 * is given the new one. Libraries keep their list: their records are
 * their interface (and their RDAT lists them). */
#include "recompute_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/dxop_calls.h"
#include "module/md_util.h"
#include "module/resource_use.h"
#include "dxil_optable_gen.h"

#include <stdlib.h>

/* The new ID of each record of list l, UINT32_MAX for a removed one;
 * false when nothing in the list changes. */
static bool rc_res_ids(const mf_module *mf, const resource_use *ru, unsigned l, uint32_t *ids)
{
    uint32_t next = 0;
    bool change = false;
    for (size_t i = 0; i < mf->nres; i++) {
        const mf_resource *r = &mf->res[i];
        if (r->list != l)
            continue;
        ids[i] = resource_use_is_used(mf, ru, i) ? next++ : UINT32_MAX;
        change |= ids[i] != r->id;
    }
    return change;
}

/* A createHandle range ID (a constant, or phis and selects of them)
 * given its record's new number. */
static void rc_res_renumber(const mf_module *mf, const uint32_t *ids, unsigned l, LLVMValueRef user,
                            unsigned op, unsigned depth)
{
    LLVMValueRef v = LLVMGetOperand(user, op);
    uint64_t id;
    if (const_u64(v, &id)) {
        for (size_t i = 0; i < mf->nres; i++)
            if (mf->res[i].list == l && mf->res[i].id == id && ids[i] != UINT32_MAX)
                LLVMSetOperand(user, op, LLVMConstInt(LLVMTypeOf(v), ids[i], 0));
        return;
    }
    if (depth > 32 || !(LLVMIsAPHINode(v) || LLVMIsASelectInst(v)))
        return;
    unsigned first = LLVMIsASelectInst(v) ? 1 : 0, n = (unsigned)LLVMGetNumOperands(v);
    for (unsigned k = first; k < n; k++)
        if (LLVMGetOperand(v, k) != v)
            rc_res_renumber(mf, ids, l, v, k, depth + 1);
}

static void rc_res_handles(const mf_module *mf, const uint32_t *ids, unsigned l)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(mf->m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                uint64_t cls;
                if (ops_dxop_opcode(i) == DXIL_OP_CreateHandle &&
                    const_u64(LLVMGetOperand(i, 1), &cls) && cls == l)
                    rc_res_renumber(mf, ids, l, i, 2, 0);
            }
}

/* The list l with removed records left out and the others renumbered. */
static LLVMValueRef rc_res_list(LLVMContextRef ctx, const mf_module *mf, const uint32_t *ids,
                                unsigned l, unsigned *removed)
{
    LLVMValueRef *recs = calloc(mf->nres + 1, sizeof *recs);
    unsigned n = 0;
    for (size_t i = 0; recs && i < mf->nres; i++) {
        const mf_resource *r = &mf->res[i];
        if (r->list != l)
            continue;
        if (ids[i] == UINT32_MAX) {
            (*removed)++;
            continue;
        }
        recs[n++] = ids[i] == r->id ? r->record
                                    : md_node_with(r->record, 0,
                                                   LLVMConstInt(LLVMInt32TypeInContext(ctx),
                                                                ids[i], 0));
    }
    LLVMValueRef list = recs && n ? md_make_node(ctx, recs, n) : NULL;
    free(recs);
    return list;
}

int rc_resources(LLVMModuleRef m, const mf_module *mf, write_recompute_report *rep)
{
    LLVMValueRef root = md_named_operand(m, "dx.resources", 0);
    if (mf->lib || !root || mf->nres == 0)
        return 0;
    resource_use ru;
    uint32_t *ids = calloc(mf->nres, sizeof *ids);
    if (!ids || resource_use_compute(mf, &ru)) {
        free(ids);
        return -1;
    }
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    for (unsigned l = 0; l < MF_LIST_COUNT; l++) {
        if (!rc_res_ids(mf, &ru, l, ids))
            continue;
        if (ru.by_id[l])
            rc_res_handles(mf, ids, l);
        LLVMValueRef list = rc_res_list(ctx, mf, ids, l, &rep->resources_removed);
        /* The root is dx.resources' and the entry's: changed in place. */
        LLVMReplaceMDNodeOperandWith(root, l, list ? LLVMValueAsMetadata(list) : NULL);
    }
    resource_use_free(&ru);
    free(ids);
    return 0;
}
