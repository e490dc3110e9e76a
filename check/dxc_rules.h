/* dxc_rules.h - two rules of DXC's validator that the op spec cannot
 * express (check/dxc_rules.c): entry wave sizes (WaveSize tag 11,
 * WaveSizeRange tag 23; Sm.WaveSize*) and the flag operands of the SM 6.8
 * barriers (ops 244-246; Instr.Barrier*). Run by spec_check after its
 * per-op checks. */
#ifndef DXIL_CHECK_DXC_RULES_H
#define DXIL_CHECK_DXC_RULES_H

#include "check.h"

#include <llvm-c/Core.h>
#include <stdint.h>

/* DXIL_STAGE_BIT set of the entries reaching a defined function. */
typedef uint32_t (*dxc_rules_stages_fn)(void *arg, LLVMValueRef fn);

/* Checks c->mod (only read), reporting through c; stages NULL: wave sizes
 * only (the validator checks barriers with DXC's other op rules). */
void dxc_rules_check(chk_ctx *c, dxc_rules_stages_fn stages, void *arg);

#endif
