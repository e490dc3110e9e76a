/* raise_resnames.c - resource names from the container's STAT part
 * (dxil_options.layouts_from_reflection, which parses it).
 *
 * DXC strips the names from the final DXIL part's dx.resources records;
 * the reflection module in the STAT part keeps them. clang passes each
 * resource's name to llvm.dx.resource.handlefrombinding, so a stripped
 * record takes the name of the one STAT record with its class, kind,
 * space, lower bound and range. The names only feed the handle calls:
 * dxu.resources keeps DXC's records as they were. Problems reading the
 * STAT records leave the names empty, silently (raise_cbreflect.c
 * reports an unreadable part when a layout needed it). */
#include "raise_resources.h"
#include "module/reflection.h"

static bool rn_any_unnamed(const res_table *t)
{
    for (size_t i = 0; i < t->count; i++)
        if (!t->recs[i].name_len)
            return true;
    return false;
}

/* The STAT record for d, or NULL when none or more than one fits. */
static const res_desc *rn_match(const res_table *st, const res_desc *d)
{
    const res_desc *found = NULL;
    for (size_t i = 0; i < st->count; i++) {
        const res_desc *s = &st->recs[i];
        if (s->cls != d->cls || s->kind != d->kind || s->space != d->space || s->lb != d->lb ||
            s->range != d->range || !s->name_len)
            continue;
        if (found)
            return NULL;
        found = s;
    }
    return found;
}

void res_names_reflection(raise_ctx *rc, res_table *t)
{
    const stat_reflection *r = rc->reflection;
    if (!r || !r->mod || !rn_any_unnamed(t))
        return;
    dxil_diags *local = dxil_diags_create();
    raise_ctx src = {.module = rc->module, .ctx = rc->ctx, .mod = r->mod, .diags = local};
    res_table st;
    if (local && res_table_read(&src, &st) == 0 && !dxil_diags_error_count(local)) {
        for (size_t i = 0; i < t->count; i++) {
            res_desc *d = &t->recs[i];
            const res_desc *s = d->name_len ? NULL : rn_match(&st, d);
            if (s) { /* the STAT module's string outlives the raise */
                d->name = s->name;
                d->name_len = s->name_len;
            }
        }
    }
    if (local)
        res_table_free(&st);
    dxil_diags_destroy(local);
}
