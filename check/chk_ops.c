/* chk_ops.c - the op-table family: every dx.op call against the versioned
 * spec (spec_check.c: opcode known and called through its class's
 * function, present at the module's DXIL version and shader model,
 * overload valid, allowed in the stages reaching it) and the rules the
 * spec cannot say (dxc_rules.c). */
#include "families.h"
#include "spec_check.h"

int chk_ops(chk_ctx *c)
{
    int n = spec_check(c->mod, c->table, c->diags);
    if (n < 0)
        return -1;
    c->violations += (unsigned)n;
    return 0;
}
