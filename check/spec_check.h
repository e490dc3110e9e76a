/* spec_check.h - the versioned spec check: validates the dx.op calls of
 * an unraised module against the op table (check/spec_check.c). Not a
 * raise pass: the pipeline runs it before the raise when
 * dxil_options.check is set; dxil_module_check (dxil_stats.h) is its
 * public face. */
#ifndef DXIL_CHECK_SPEC_CHECK_H
#define DXIL_CHECK_SPEC_CHECK_H

#include "dxil-upgrade/dxil_diag.h"
#include "dxil-upgrade/dxil_optable.h"

#include <llvm-c/Core.h>

/* Checks every dx.op call of mod (only read) against table (NULL: the
 * built-in one). Returns the number of violations, each an error in diags
 * with the code of the validator rule it breaks (check/rules.def), or -1
 * without memory. */
int spec_check(LLVMModuleRef mod, const dxil_optable *table, dxil_diags *diags);

/* The same inside the validator (check/chk_ops.c): only the versioned
 * checks DXC's own op rules (chk_instr_*.c) do not make: the op at the
 * module's DXIL version and shader model, its overload at that version,
 * its stages, and the entries' wave sizes. */
struct chk_ctx;
int spec_check_validator(struct chk_ctx *c);

#endif
