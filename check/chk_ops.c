/* chk_ops.c - the op-table family: every dx.op call against the versioned
 * spec (spec_check.c: present at the module's DXIL version and shader
 * model, overload valid at that version, allowed in the stages reaching
 * it; Sm.Opcode and Instr.Oload) and the entries' wave sizes
 * (dxc_rules.c). DXC's own op rules are the instruction families'
 * (chk_instr_*.c). */
#include "families.h"
#include "spec_check.h"

int chk_ops(chk_ctx *c)
{
    return spec_check_validator(c) < 0 ? -1 : 0;
}
