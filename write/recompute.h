/* recompute.h - before a module's container is written, the dx.*
 * metadata the parts are derived from is brought back in line with the
 * instructions (write/recompute*.c): LLVM passes may have changed what
 * the module uses since DXC (or the raise) recorded it. Each value is
 * computed by DXC's rules and replaced only where it differs, so an
 * unchanged module keeps DXC's metadata node for node.
 *
 * What is recomputed (docs/writing.md, "Recomputed before writing"):
 * the resource list (records no handle is created for any more are
 * removed, PSV0's bindings with them), the ShaderFlags of dx.entryPoints
 * (and so SFI0), the signature elements' usage and dynamic index masks
 * (ISG1, OSG1, PSG1, PSV0). */
#ifndef DXIL_WRITE_RECOMPUTE_H
#define DXIL_WRITE_RECOMPUTE_H

#include "dxil-upgrade/dxil_diag.h"

#include <llvm-c/Core.h>

struct bc_restypes;

typedef struct write_recompute_report {
    unsigned flags_changed;       /* 1 when the ShaderFlags were rewritten */
    unsigned usage_masks_changed; /* signature element records rebuilt */
    unsigned resources_removed;   /* dx.resources records no handle uses */
} write_recompute_report;

/* Recomputes m's metadata in place. restypes (may be NULL): the resource
 * class types recovered from the input's bitcode. report may be NULL.
 * Returns 0, or -1 with a DXIL_E_PART_WRITE diagnostic naming the part
 * whose source could not be brought in line (nothing is half-changed). */
int write_recompute(LLVMModuleRef m, const struct bc_restypes *restypes,
                    write_recompute_report *report, dxil_diags *diags);

#endif
