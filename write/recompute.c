/* recompute.c - the dx.* metadata the container's parts come from,
 * brought in line with what the module uses (recompute.h). */
#include "recompute_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/shader_flags.h"

#include <stdlib.h>

static int rc_fail(dxil_diags *diags, const char *part, const char *what)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_PART_WRITE, DXIL_LOC_NONE, 0, "%s: %s", part,
                   what);
    return -1;
}

/* The property list with tag 0 set to flags (dropped when 0, as DXC
 * writes no zero flags, and first when added, where DXC writes it), the
 * other tags as they are; NULL when nothing is left. */
static LLVMValueRef rc_props_with_flags(LLVMContextRef ctx, LLVMValueRef props, uint64_t flags)
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

/* dx.entryPoints operand 0 with ShaderFlags `flags`. */
static int rc_set_flags(LLVMModuleRef m, uint64_t flags, dxil_diags *diags)
{
    LLVMValueRef entry = md_named_operand(m, "dx.entryPoints", 0);
    if (!entry || md_num_operands(entry) < 5)
        return rc_fail(diags, "SFI0", "dx.entryPoints: no entry to hold the shader flags");
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMValueRef props = rc_props_with_flags(ctx, md_operand(entry, 4), flags);
    LLVMReplaceMDNodeOperandWith(entry, 4, props ? LLVMValueAsMetadata(props) : NULL);
    return 0;
}

static int rc_flags(LLVMModuleRef m, const struct bc_restypes *restypes,
                    write_recompute_report *rep, dxil_diags *diags)
{
    sf_module sf;
    if (sf_compute(m, restypes, &sf))
        return 0; /* no shader model: the container writer names it */
    uint64_t want = sf_recomputed(&sf);
    int rc = 0;
    if (want != sf.declared) {
        rc = rc_set_flags(m, want, diags);
        rep->flags_changed = rc == 0;
    }
    sf_free(&sf);
    return rc;
}

int write_recompute(LLVMModuleRef m, const struct bc_restypes *restypes,
                    write_recompute_report *report, dxil_diags *diags)
{
    write_recompute_report local = {0};
    write_recompute_report *rep = report ? report : &local;
    *rep = (write_recompute_report){0};
    if (!m)
        return rc_fail(diags, "container", "no module");
    mf_module mf;
    if (mf_read(m, restypes, &mf))
        return 0; /* no shader model: the container writer names it */
    int rc = rc_resources(m, &mf, rep);
    mf_free(&mf);
    if (rc)
        return rc_fail(diags, "PSV0", "resources: out of memory");
    if (rc_flags(m, restypes, rep, diags))
        return -1;
    if (mf_read(m, restypes, &mf))
        return 0;
    rc = rc_usage_masks(m, &mf, rep);
    mf_free(&mf);
    return rc ? rc_fail(diags, "ISG1", "usage masks: out of memory") : 0;
}
