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

static int rc_flags(LLVMModuleRef m, const struct bc_restypes *restypes,
                    write_recompute_report *rep, dxil_diags *diags)
{
    bool changed = false;
    int rc = sf_update(m, restypes, &changed);
    rep->flags_changed = changed;
    /* 1: no shader model, which the container writer names. */
    if (rc < 0)
        return rc_fail(diags, "SFI0", "dx.entryPoints: no entry to hold the shader flags");
    return 0;
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
