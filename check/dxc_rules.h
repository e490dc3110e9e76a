/* dxc_rules.h - two rules of DXC's validator that the op spec cannot
 * express (check/dxc_rules.c): entry wave sizes (WaveSize tag 11,
 * WaveSizeRange tag 23) and the flag operands of the SM 6.8 barriers
 * (ops 244-246). Run by spec_check after its per-op checks. */
#ifndef DXIL_CHECK_DXC_RULES_H
#define DXIL_CHECK_DXC_RULES_H

#include "dxil-upgrade/dxil_diag.h"

#include <llvm-c/Core.h>
#include <stdint.h>

/* DXIL_STAGE_BIT set of the entries reaching a defined function. */
typedef uint32_t (*dxc_rules_stages_fn)(void *arg, LLVMValueRef fn);

/* Checks mod (only read); returns the number of violations, each a
 * DXIL_E_CHECK error in diags. */
int dxc_rules_check(LLVMModuleRef mod, dxc_rules_stages_fn stages, void *arg, dxil_diags *diags);

#endif
