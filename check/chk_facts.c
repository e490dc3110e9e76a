/* chk_facts.c - the module facts and shader flags the metadata,
 * shader-model and container families share (chk_facts.h), computed once
 * per validation. */
#include "chk_facts.h"

#include <stdio.h>
#include <stdlib.h>

static chk_facts *facts(chk_ctx *c)
{
    if (!c->facts)
        c->facts = calloc(1, sizeof *c->facts);
    return c->facts;
}

const mf_module *chk_mf(chk_ctx *c)
{
    chk_facts *f = facts(c);
    if (!f)
        return NULL;
    if (!f->mf_tried) {
        f->mf_tried = true;
        f->mf_ok = mf_read(c->mod, c->restypes, &f->mf) == 0;
    }
    return f->mf_ok ? &f->mf : NULL;
}

const sf_module *chk_sf(chk_ctx *c)
{
    chk_facts *f = facts(c);
    if (!f)
        return NULL;
    if (!f->sf_tried) {
        f->sf_tried = true;
        f->sf_ok = sf_compute(c->mod, c->restypes, &f->sf) == 0;
    }
    return f->sf_ok ? &f->sf : NULL;
}

void chk_facts_free(chk_facts *f)
{
    if (!f)
        return;
    if (f->mf_ok)
        mf_free(&f->mf);
    if (f->sf_ok)
        sf_free(&f->sf);
    free(f);
}

bool chk_val_at_least(chk_ctx *c, unsigned major, unsigned minor)
{
    /* dx.valver absent: DXC assumes 1.0. */
    dxil_version v = c->valver ? c->valver : DXIL_VERSION(1, 0);
    return v >= DXIL_VERSION(major, minor);
}

const char *chk_u64(char *buf, size_t size, uint64_t v)
{
    snprintf(buf, size, "%llu", (unsigned long long)v);
    return buf;
}
