/* recompute_internal.h - what the recompute steps (write/recompute*.c)
 * share. */
#ifndef DXIL_WRITE_RECOMPUTE_INTERNAL_H
#define DXIL_WRITE_RECOMPUTE_INTERNAL_H

#include "recompute.h"
#include "module/module_facts.h"

/* Signature usage masks (recompute_sig.c). 0, or -1 without memory. */
int rc_usage_masks(LLVMModuleRef m, const mf_module *mf, write_recompute_report *rep);

/* Unused resource records removed, IDs renumbered (recompute_res.c). 0,
 * or -1 without memory. */
int rc_resources(LLVMModuleRef m, const mf_module *mf, write_recompute_report *rep);

#endif
