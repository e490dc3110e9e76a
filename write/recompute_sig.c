/* recompute_sig.c - signature usage masks from the entry's signature I/O
 * calls (module/sig_usage.h): extended properties 3 (components used)
 * and 2 (components dynamically indexed) of each element record, which
 * ISG1 / OSG1 / PSG1 (always-reads, never-writes) and PSV0 carry. From
 * validator 1.5, where DXC records them. A changed record is a new node
 * put into new copies of its list, the signatures node and the entry
 * (uniqued nodes may be shared: the input and output lists of a shader
 * can be one node). */
#include "recompute_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/sig_usage.h"

#include <stdlib.h>

static LLVMValueRef rc_u32(LLVMContextRef ctx, uint64_t v)
{
    return LLVMConstInt(LLVMInt32TypeInContext(ctx), v, 0);
}

/* DXC's extended property list: output stream (when not 0), dynamically
 * indexed components, used components (each when not 0); NULL empty. */
static LLVMValueRef rc_sig_ext(LLVMContextRef ctx, LLVMValueRef old, uint32_t dyn, uint32_t usage)
{
    LLVMValueRef v[6];
    unsigned n = 0;
    uint64_t stream = 0;
    if (const_u64(md_tag_value(old, DXIL_SIG_EXT_OUTPUT_STREAM, NULL), &stream) && stream) {
        v[n++] = rc_u32(ctx, DXIL_SIG_EXT_OUTPUT_STREAM);
        v[n++] = rc_u32(ctx, stream);
    }
    if (dyn) {
        v[n++] = rc_u32(ctx, DXIL_SIG_EXT_DYN_INDEX_COMP_MASK);
        v[n++] = rc_u32(ctx, dyn);
    }
    if (usage) {
        v[n++] = rc_u32(ctx, DXIL_SIG_EXT_USAGE_COMP_MASK);
        v[n++] = rc_u32(ctx, usage);
    }
    return n ? md_make_node(ctx, v, n) : NULL;
}

/* The element list with every stale record rebuilt; NULL when none is. */
static LLVMValueRef rc_sig_list(LLVMContextRef ctx, LLVMValueRef list, const sig_usage *su, int s,
                                unsigned *changed)
{
    LLVMValueRef out = list;
    for (unsigned i = 0; out && i < su->count[s]; i++) {
        const su_elem *e = &su->elems[s][i];
        if (!e->record || (e->usage == e->declared_usage && e->dyn == e->declared_dyn))
            continue;
        LLVMValueRef ext = rc_sig_ext(ctx, md_operand(e->record, 10), e->dyn, e->usage);
        LLVMValueRef rec = md_node_with(e->record, 10, ext);
        for (unsigned k = 0; rec && out && k < md_num_operands(out); k++)
            if (md_operand(out, k) == e->record) {
                out = md_node_with(out, k, rec);
                (*changed)++;
            }
    }
    return out != list ? out : NULL;
}

int rc_usage_masks(LLVMModuleRef m, const mf_module *mf, write_recompute_report *rep)
{
    if (mf->lib || !mf_val_at_least(mf, 1, 5) || mf->nentries == 0)
        return 0;
    sig_usage su;
    if (sig_usage_compute(mf, &su))
        return -1;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMValueRef entry = mf->entries[0].node, sigs = md_operand(entry, 2);
    LLVMValueRef nsigs = sigs;
    for (int s = 0; s < 3 && nsigs; s++) {
        LLVMValueRef list = rc_sig_list(ctx, mf->entries[0].sigs[s], &su, s,
                                        &rep->usage_masks_changed);
        if (list)
            nsigs = md_node_with(nsigs, (unsigned)s, list);
    }
    if (nsigs && nsigs != sigs)
        LLVMReplaceMDNodeOperandWith(entry, 2, LLVMValueAsMetadata(nsigs));
    sig_usage_free(&su);
    return 0;
}
