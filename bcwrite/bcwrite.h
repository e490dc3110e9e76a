/* bcwrite.h - writes an LLVM 22 module in DXIL form as the LLVM 3.7-era
 * bitcode DXC writes and reads: typed pointers, 3.7 record layouts, DXC's
 * abbreviations and value order (docs/writing.md, "The DXIL bitcode").
 *
 * The module is the lowered (or never raised) DXIL module: dx.op calls,
 * dx.* metadata. What 3.7 cannot express is rewritten to its 3.7 form or
 * refused with a diagnostic naming the function and instruction; on any
 * error nothing is returned. */
#ifndef DXIL_BCWRITE_H
#define DXIL_BCWRITE_H

#include "dxil-upgrade/dxil_diag.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

struct bc_restypes;

typedef struct bcw_options {
    const char *name;                     /* for diagnostics (file name) */
    /* The struct each dx.resources record's operand 1 pointed to in the
     * bitcode the module was read from (LLVM 22 keeps only `ptr`); NULL
     * when unknown, then the writer looks for the side metadata the raise
     * keeps, and else writes the pointer DXC writes for a stripped
     * resource of that class. */
    const struct bc_restypes *restypes;
    /* The datalayout as DXC spelled it (LLVM 22 respells i8:32 and the
     * like); NULL: !dxu.datalayout, else the module's. */
    const char *datalayout;
    /* The functions' order in the input (3.7 names): a raise and lowering
     * recreate declarations in another order, DXC's bytes follow its own.
     * Functions not named follow in module order. */
    const char *const *fn_order;
    size_t nfn_order;
} bcw_options;

void bcw_options_init(bcw_options *o);

/* What a raise recorded for this writer (!dxu.mdKinds, !dxu.functions,
 * !dxu.resourceTypes): read it before lowering drops it, apply it to the
 * options, free it after writing. */
typedef struct bcw_hints {
    struct bc_restypes *restypes;
    char **fn_order;
    size_t nfn_order;
} bcw_hints;

int bcw_hints_from_module(LLVMModuleRef m, bcw_hints *h);
void bcw_hints_apply(const bcw_hints *h, bcw_options *o);
void bcw_hints_free(bcw_hints *h);

/* Gives each groupshared load that reads through a phi or select of
 * groupshared addresses its own load per address (bcw_tgsm.c), which DXC
 * can trace to one global; returns the loads split. What cannot be split
 * (a store through such a pointer, a load below a write) is refused by
 * bcw_write_module, naming the instruction. */
int bcw_tgsm_split(LLVMModuleRef m);

/* 0 with *out (malloc'd, caller frees) and *size, or -1 with diagnostics. */
int bcw_write_module(LLVMModuleRef m, const bcw_options *o, uint8_t **out, size_t *size,
                     dxil_diags *diags);

#endif
