/* upgrade_retarget.c - see upgrade_retarget.h. */
#include "upgrade_retarget.h"

#include <stdlib.h>
#include <string.h>

/* --x-vk-shift=CLASS,N,SPACE|all: DXC's -fvk-<CLASS>-shift N SPACE. */
static const char *upgrade_parse_shift(upgrade_retarget *r, const char *arg)
{
    char cls = arg[0];
    if (!strchr("btus", cls) || !cls || arg[1] != ',')
        return "--x-vk-shift takes CLASS,N,SPACE (CLASS b, t, u or s; SPACE a number or all)";
    char *end;
    unsigned long n = strtoul(arg + 2, &end, 10);
    if (*end != ',' || end == arg + 2)
        return "--x-vk-shift takes CLASS,N,SPACE";
    retarget_shift s = {.cls = cls, .shift = (unsigned)n};
    if (!strcmp(end + 1, "all")) {
        s.all_spaces = true;
    } else {
        char *e2;
        s.space = (unsigned)strtoul(end + 1, &e2, 10);
        if (*e2 || e2 == end + 1)
            return "--x-vk-shift takes CLASS,N,SPACE";
    }
    if (r->n_shifts == UPGRADE_RT_MAX_SHIFTS)
        return "too many --x-vk-shift options";
    r->shifts[r->n_shifts++] = s;
    return NULL;
}

const char *upgrade_retarget_option(upgrade_retarget *r, int c, const char *arg)
{
    if (c == OPT_X_RETARGET) {
        if (strcmp(arg, "vulkan"))
            return "--x-retarget takes vulkan";
        r->on = true;
        return NULL;
    }
    return upgrade_parse_shift(r, arg);
}

int upgrade_retarget_apply(const upgrade_retarget *r, dxil_module *m, dxil_diags *diags)
{
    if (!r->on)
        return 0;
    retarget_options opts = {.shifts = r->shifts, .n_shifts = r->n_shifts};
    return retarget_module(m, &opts, diags);
}
