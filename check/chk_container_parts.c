/* chk_container_parts.c - the container's parts against the module:
 * malformed parts, and what dxil_parts_check_module compares (program
 * header, signatures, PSV0 bindings, SFI0). */
#include "families.h"

int chk_container_parts(chk_ctx *c)
{
    c->violations += c->parts->malformed;
    int n = dxil_parts_check_module(c->parts, c->mod, c->diags);
    if (n > 0)
        c->violations += (unsigned)n;
    return 0;
}
