/* part_psv0.c - PSV0 (placeholder until the writer lands). */
#include "write_internal.h"

int write_psv0(write_module *wm, wbuf *out)
{
    (void)out;
    return wm_fail(wm, "PSV0", "runtime info", "not written yet");
}
