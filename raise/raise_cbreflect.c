/* raise_cbreflect.c - CBuffer layouts from the container's STAT part
 * (dxil_options.layouts_from_reflection).
 *
 * DXC strips the cbuffer struct types and dx.typeAnnotations from the
 * final DXIL part, but the reflection module in the STAT part keeps them.
 * The load parsed the STAT module into the same LLVMContext (so the layout
 * types it yields are the raised module's) and hands it in through the
 * raise context; when a CBV record is still opaque, its dx.resources CBV records
 * are matched to the opaque ones (space, lower bound, range, size, and
 * name when the DXIL record still has one), raise_cblayout.c builds their
 * layouts from STAT's annotations and types. The pipeline disposes of the
 * STAT module after the raise. Any problem is a DXIL_W_METADATA warning: the records stay
 * opaque and the load goes on. */
#include "raise_resources.h"
#include "module/reflection.h"

#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

static bool cbr_is_opaque(const res_desc *d)
{
    return d->kind == DXIL_RESOURCE_KIND_CBUFFER && d->cb_size && !d->cb_layout;
}

static bool cbr_any_opaque(const res_table *t)
{
    for (size_t i = 0; i < t->count; i++)
        if (cbr_is_opaque(&t->recs[i]))
            return true;
    return false;
}

/* The same binding: a stripped DXIL record has no name, so the name is
 * compared only when both have one. */
static bool cbr_same(const res_desc *d, const res_desc *s)
{
    if (s->kind != DXIL_RESOURCE_KIND_CBUFFER || s->space != d->space || s->lb != d->lb ||
        s->range != d->range || s->cb_size != d->cb_size)
        return false;
    return !d->name_len || !s->name_len ||
           (d->name_len == s->name_len && !memcmp(d->name, s->name, d->name_len));
}

static const res_desc *cbr_match(const res_table *t, const res_desc *s)
{
    for (size_t i = 0; i < t->count; i++)
        if (cbr_is_opaque(&t->recs[i]) && cbr_same(&t->recs[i], s))
            return &t->recs[i];
    return NULL;
}

/* Keeps only the STAT records some opaque DXIL record needs: the builder
 * skips a record of size 0, so no unused layout type is made. */
static bool cbr_select(const res_table *main_t, res_table *stat_t)
{
    bool any = false;
    for (size_t i = 0; i < stat_t->count; i++) {
        res_desc *s = &stat_t->recs[i];
        if (s->cls != DXIL_RESOURCE_CLASS_CBUFFER || !cbr_match(main_t, s))
            s->cb_size = 0;
        any |= s->cb_size != 0;
    }
    return any;
}

/* Gives each opaque DXIL record the layout of its STAT record, when its
 * size under the raised module's datalayout is the record's. */
static unsigned cbr_adopt(raise_ctx *rc, res_table *main_t,
                          const res_table *stat_t)
{
    LLVMTargetDataRef dl = LLVMGetModuleDataLayout(rc->mod);
    unsigned n = 0;
    for (size_t i = 0; i < main_t->count; i++) {
        res_desc *d = &main_t->recs[i];
        for (size_t j = 0; cbr_is_opaque(d) && j < stat_t->count; j++) {
            const res_desc *s = &stat_t->recs[j];
            if (s->cb_layout && s->cb_size && cbr_same(d, s) &&
                LLVMABISizeOfType(dl, s->cb_layout) == d->cb_size) {
                d->cb_layout = s->cb_layout;
                n++;
            }
        }
    }
    return n;
}

/* One warning: why the STAT part gave no layouts. */
static void cbr_warn(raise_ctx *rc, const char *why)
{
    dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                   "STAT part: %s; cbuffer layouts stay opaque", why);
}

/* The first error of the STAT module's read, or what. */
static const char *cbr_first_error(const dxil_diags *local, const char *what)
{
    for (size_t i = 0; local && i < dxil_diags_count(local); i++)
        if (dxil_diags_get(local, i)->severity == DXIL_SEV_ERROR)
            return dxil_diags_get(local, i)->message;
    return what;
}

static void cbr_from_module(raise_ctx *rc, res_table *t, LLVMModuleRef stat,
                            dxil_diags *local)
{
    raise_ctx src = {.module = rc->module, .ctx = rc->ctx, .mod = stat, .diags = local};
    res_table st;
    if (res_table_read(&src, &st) != 0 || dxil_diags_error_count(local)) {
        cbr_warn(rc, cbr_first_error(local, "malformed dx.resources"));
    } else if (cbr_select(t, &st)) {
        src.diags = NULL;
        res_cb_layouts(&src, &st);
        cbr_adopt(rc, t, &st);
    }
    res_table_free(&st);
}

void res_cb_layouts_reflection(raise_ctx *rc, res_table *t)
{
    const stat_reflection *r = rc->reflection;
    if (!r || !cbr_any_opaque(t))
        return;
    if (!r->mod) {
        cbr_warn(rc, cbr_first_error(r->diags, "could not be read"));
        return;
    }
    dxil_diags *local = dxil_diags_create();
    if (local)
        cbr_from_module(rc, t, r->mod, local);
    dxil_diags_destroy(local);
}
