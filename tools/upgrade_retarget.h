/* upgrade_retarget.h - dxil-upgrade's hidden --x-retarget=vulkan glue:
 * raise, then retarget (retarget/) before writing, so the retarget can be
 * tested until the SPIR-V emission's own options land (docs/spirv.md).
 * All of it is here, to be dropped when those do. */
#ifndef DXIL_UPGRADE_RETARGET_H
#define DXIL_UPGRADE_RETARGET_H

#include "retarget/retarget.h"

#include <getopt.h>

#define UPGRADE_RT_MAX_SHIFTS 16

typedef struct upgrade_retarget {
    bool on;
    retarget_shift shifts[UPGRADE_RT_MAX_SHIFTS];
    size_t n_shifts;
} upgrade_retarget;

enum { OPT_X_RETARGET = 300, OPT_X_VK_SHIFT };

#define UPGRADE_RETARGET_OPTIONS                                                             \
    {"x-retarget", required_argument, NULL, OPT_X_RETARGET},                                 \
        {"x-vk-shift", required_argument, NULL, OPT_X_VK_SHIFT}

/* Applies one of the options above; returns NULL, or what is wrong. */
const char *upgrade_retarget_option(upgrade_retarget *r, int c, const char *arg);
/* Retargets m when asked; 0 or -1 (diags say why). */
int upgrade_retarget_apply(const upgrade_retarget *r, dxil_module *m, dxil_diags *diags);

#endif
