/* resource_use.h - which dx.resources records a module in DXIL form
 * still creates handles for: createHandle names a record by class and
 * range ID (looked through phis and selects of constants),
 * createHandleFromBinding by class, space and range, createHandleForLib
 * by the global it loads. A record nothing names is unused (DXC removes
 * those from shaders, LLVM's DXIL backend from its resource list). */
#ifndef DXIL_MODULE_RESOURCE_USE_H
#define DXIL_MODULE_RESOURCE_USE_H

#include "module_facts.h"

typedef struct resource_use {
    bool *used;             /* per mf->res[i] */
    /* per list (MF_SRV...): a createHandle whose range ID is not a
     * constant (or phis / selects of constants) can name any record of
     * its class, and a library handle not loaded from a record's global
     * any library record: such lists are all used. */
    bool any[MF_LIST_COUNT];
    /* createHandle names records of this list by range ID (DXIL < 1.6):
     * renumbering them means rewriting those calls. */
    bool by_id[MF_LIST_COUNT];
} resource_use;

/* 0, or -1 without memory. */
int resource_use_compute(const mf_module *mf, resource_use *out);
void resource_use_free(resource_use *ru);
/* Whether mf->res[i] is used (its own mark or its list's `any`). */
bool resource_use_is_used(const mf_module *mf, const resource_use *ru, size_t i);

#endif
