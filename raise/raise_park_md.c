/* raise_park_md.c - the last raise pass that moves metadata. Every dx.*
 * named node still here has no LLVM 22 form (view-ID state, type
 * annotations, payload annotations, subobjects, sources, or ones we do
 * not know), so "dx.X" moves verbatim to "dxu.X" -- except the names the
 * side-metadata registry says stay (common/side_metadata.h). Lowering's
 * restore-md pass (lower_restore_md.c) is the inverse. */
#include "raise_internal.h"

#include "common/side_metadata.h"
#include "module/md_util.h"

static bool park_stays(const char *name)
{
    return side_md_is(name, DXIL_SIDE_MD_STAYS);
}

static void park_clash(void *arg, const char *from, const char *to)
{
    raise_ctx *rc = arg;
    dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                   "both !%s and !%s present; the former is left in place", from, to);
}

int raise_park_md(raise_ctx *rc)
{
    if (md_rename_prefixed(rc->mod, DXIL_MD_PREFIX, DXU_MD_PREFIX, park_stays, park_clash,
                                rc) == 0)
        return 0;
    dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                   "out of memory while moving dx.* metadata to dxu.*");
    return -1;
}
