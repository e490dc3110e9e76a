/* rdat_part.c - which RDAT a library is written with. A carried part the
 * module still matches is kept byte for byte (rdat_check.c, with its
 * feature words brought in line), so DXC's own files round-trip
 * unchanged; a library without one, or whose carried one no longer
 * matches, gets the part built from the module (rdat_build.c). */
#include "rdat_build.h"

#include <string.h>

/* The carried part checked with its diagnostics kept aside: a mismatch
 * is not an error when the part can be built instead. */
static int rp_check_quietly(write_module *wm, const dxil_write_part *carried, wbuf *out)
{
    dxil_diags *scratch = dxil_diags_create();
    if (!scratch)
        return wm_fail(wm, "RDAT", "part", "out of memory");
    dxil_diags *keep = wm->diags;
    int errors = wm->errors;
    wm->diags = scratch;
    int rc = write_rdat_check(wm, carried, out);
    wm->diags = keep;
    wm->errors = errors;
    dxil_diags_destroy(scratch);
    return rc;
}

int write_rdat_part(write_module *wm, const dxil_write_part *carried, wbuf *out)
{
    if (!wm_is_lib(wm) || !wm_val_at_least(wm, 1, 3))
        return 0;
    if (carried) {
        if (rp_check_quietly(wm, carried, out) == 0)
            return 0;
        wb_free(out);
        *out = (wbuf){0};
    }
    return write_rdat_build(wm, carried, out);
}
