/* raise_pipeline.c - runs the raise passes in order. */
#include "raise_internal.h"

#include <stddef.h>

/* Passes run in this order; each sees the previous one's result. */
static const dxil_raise_pass raise_passes[] = {
    {NULL, NULL},
};

int dxil_module_raise(dxil_module *m, dxil_diags *diags)
{
    dxil_raise_ctx rc = {m, m->ctx, m->mod, diags};
    for (const dxil_raise_pass *p = raise_passes; p->run; p++)
        if (p->run(&rc) != 0)
            return -1;
    return 0;
}
