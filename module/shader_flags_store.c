/* shader_flags_store.c - the computed ShaderFlags written back into
 * dx.entryPoints (shader_flags.h: sf_update), for the container writer's
 * recompute step and the lowering's DXIL-form output alike. */
#include "shader_flags.h"
#include "md_util.h"

#include "dxil-upgrade/dxil_abi.h"

/* The property list with tag 0 set to flags (dropped when 0, as DXC
 * writes no zero flags, and first when added, where DXC writes it), the
 * other tags as they are; NULL when nothing is left. */
static LLVMValueRef sf_props_with_flags(LLVMContextRef ctx, LLVMValueRef props, uint64_t flags)
{
    unsigned n = md_num_operands(props), at = n;
    for (unsigned i = 0; i + 1 < n && at == n; i += 2) {
        uint64_t tag;
        if (const_u64(md_operand(props, i), &tag) && tag == DXIL_ENTRY_SHADER_FLAGS)
            at = i;
    }
    LLVMValueRef v = LLVMConstInt(LLVMInt64TypeInContext(ctx), flags, 0);
    if (at < n && flags)
        return md_node_with(props, at + 1, v);
    if (at < n) {
        LLVMValueRef out = md_node_without(md_node_without(props, at), at);
        return md_num_operands(out) ? out : NULL;
    }
    LLVMValueRef pair[2] = {LLVMConstInt(LLVMInt32TypeInContext(ctx), DXIL_ENTRY_SHADER_FLAGS, 0),
                            v};
    if (!flags)
        return props;
    return props ? md_node_inserting(props, 0, pair, 2) : md_make_node(ctx, pair, 2);
}

int sf_store(LLVMModuleRef m, uint64_t flags)
{
    LLVMValueRef entry = md_named_operand(m, "dx.entryPoints", 0);
    if (!entry || md_num_operands(entry) < 5)
        return -1;
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMValueRef props = sf_props_with_flags(ctx, md_operand(entry, 4), flags);
    LLVMReplaceMDNodeOperandWith(entry, 4, props ? LLVMValueAsMetadata(props) : NULL);
    return 0;
}

int sf_update(LLVMModuleRef m, const struct bc_restypes *restypes, bool *changed)
{
    sf_module sf;
    *changed = false;
    if (sf_compute(m, restypes, &sf))
        return 1;
    uint64_t want = sf_recomputed(&sf);
    int rc = 0;
    if (want != sf.declared) {
        rc = sf_store(m, want);
        *changed = rc == 0;
    }
    sf_free(&sf);
    return rc;
}
