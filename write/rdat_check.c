/* rdat_check.c - whether a library's carried runtime data (RDAT) still
 * describes the module, so that it can be written as carried (DXC's own
 * files stay byte-identical). DXC's validator builds RDAT again from the
 * module and compares the bytes; the carried part is kept when:
 *  - the resource table lists dx.resources as it is (CBVs, samplers,
 *    SRVs, UAVs: class, kind, ID, space, range, name);
 *  - the function table lists the module's defined functions, each with
 *    its shader kind and the resources whose globals it uses;
 *  - each function's feature flags are DXC's per-function ShaderFlags
 *    (module/shader_flags.h): where only they changed, the record's two
 *    words are rewritten in a copy of the part.
 * Anything else that no longer matches fails the check naming the record
 * ("RDAT: function @f: ..."), and rdat_part.c builds the part from the
 * module instead (rdat_build.c). */
#include "write_internal.h"

#include "container/rdat.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/module_facts.h"
#include "module/shader_flags.h"
#include "container/sfi0_map.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RC_FUNCTIONS = 4, RC_FEATURE_OFFSET = 28 };

/* The resource table's order: CBVs, samplers, SRVs, UAVs. */
static const unsigned rdat_list_order[MF_LIST_COUNT] = {MF_CBV, MF_SAMPLER, MF_SRV, MF_UAV};

typedef struct rdat_check {
    write_module *wm;
    mf_module mf;
    sf_module sf;
    const dxil_rdat *rdat;
    const mf_resource **table; /* mf resources in RDAT order */
    size_t ntable;
} rdat_check;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int rk_fail(rdat_check *k, const char *field, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return wm_fail(k->wm, "RDAT", field, "%s: the carried part is stale", msg);
}

static int rk_resources(rdat_check *k)
{
    k->table = calloc(k->mf.nres + 1, sizeof *k->table);
    if (!k->table)
        return wm_fail(k->wm, "RDAT", "resources", "out of memory");
    for (unsigned o = 0; o < MF_LIST_COUNT; o++)
        for (size_t i = 0; i < k->mf.nres; i++)
            if (k->mf.res[i].list == rdat_list_order[o])
                k->table[k->ntable++] = &k->mf.res[i];
    if (k->ntable != k->rdat->resource_count)
        return rk_fail(k, "resources", "%u resources recorded, dx.resources has %zu",
                       k->rdat->resource_count, k->ntable);
    for (size_t i = 0; i < k->ntable; i++) {
        const mf_resource *r = k->table[i];
        const dxil_rdat_resource *d = &k->rdat->resources[i];
        char *name = md_string_dup(md_operand(r->record, 2));
        uint32_t ub = r->range == UINT32_MAX ? UINT32_MAX : r->lb + r->range - 1;
        bool same = d->res_class == r->list && d->kind == r->kind && d->id == r->id &&
                    d->space == r->space && d->lower_bound == r->lb && d->upper_bound == ub &&
                    name && !strcmp(name, d->name);
        free(name);
        if (!same)
            return rk_fail(k, "resources", "resource %s (record %zu) is not the one dx.resources "
                           "has there", d->name, i);
    }
    return 0;
}

/* Whether constant or instruction u (a user of a resource global) is, or
 * leads through constants to, an instruction in fn. */
static bool rk_used_in(LLVMValueRef u, LLVMValueRef fn, unsigned depth)
{
    if (LLVMIsAInstruction(u))
        return LLVMGetBasicBlockParent(LLVMGetInstructionParent(u)) == fn;
    if (!LLVMIsAConstant(u) || depth > 16)
        return false;
    for (LLVMUseRef x = LLVMGetFirstUse(u); x; x = LLVMGetNextUse(x))
        if (rk_used_in(LLVMGetUser(x), fn, depth + 1))
            return true;
    return false;
}

static bool rk_uses(LLVMValueRef fn, const mf_resource *r)
{
    for (LLVMUseRef x = r->symbol ? LLVMGetFirstUse(r->symbol) : NULL; x; x = LLVMGetNextUse(x))
        if (rk_used_in(LLVMGetUser(x), fn, 0))
            return true;
    return false;
}

static int rk_function_resources(rdat_check *k, LLVMValueRef fn, const dxil_rdat_function *f)
{
    size_t n = 0;
    for (size_t i = 0; i < k->ntable; i++) {
        if (!rk_uses(fn, k->table[i]))
            continue;
        bool listed = false;
        for (uint32_t j = 0; j < f->resource_count && !listed; j++)
            listed = f->resources[j] == i;
        if (!listed)
            return rk_fail(k, f->name, "the function uses resource %zu, which its record does "
                           "not list", i);
        n++;
    }
    if (n != f->resource_count)
        return rk_fail(k, f->name, "the record lists %u resources, the function uses %zu",
                       f->resource_count, n);
    return 0;
}

static uint32_t rk_kind(const rdat_check *k, LLVMValueRef fn)
{
    const mf_entry *e = mf_entry_of(&k->mf, fn);
    return e ? e->kind : DXIL_SHADER_LIBRARY;
}

/* DXC's per-function feature info: the SFI0 bits, then the two
 * per-function bits (uses derivatives 40, requires a group 41). */
static uint64_t rk_features(uint64_t flags)
{
    uint64_t f = sfi0_features_from_flags(flags, NULL);
    f |= flags & SF_USES_DERIVATIVES ? UINT64_C(1) << 40 : 0;
    f |= flags & SF_REQUIRES_GROUP ? UINT64_C(1) << 41 : 0;
    return f;
}

static const dxil_rdat_table *rk_function_table(const dxil_rdat *d)
{
    for (uint32_t i = 0; i < d->table_count; i++)
        if (d->tables[i].type == RC_FUNCTIONS)
            return &d->tables[i];
    return NULL;
}

/* Feature words rewritten in a copy of the part where they changed. */
static void rk_patch(rdat_check *k, const dxil_write_part *part, uint32_t i, uint64_t want,
                     wbuf *out)
{
    const dxil_rdat_table *t = rk_function_table(k->rdat);
    if (!t)
        return;
    if (!out->n)
        wb_bytes(out, part->data, part->size);
    size_t at = t->offset + 16ull + (size_t)i * t->record_stride + RC_FEATURE_OFFSET;
    if (out->oom || at + 8 > out->n)
        return;
    wb_put32(out, at, (uint32_t)want);
    wb_put32(out, at + 4, (uint32_t)(want >> 32));
}

static int rk_functions(rdat_check *k, const dxil_write_part *part, wbuf *out)
{
    size_t defined = 0;
    for (size_t i = 0; i < k->sf.nfns; i++) {
        LLVMValueRef fn = k->sf.fns[i].fn;
        const char *name = LLVMGetValueName(fn);
        uint32_t j = 0;
        while (j < k->rdat->function_count && strcmp(k->rdat->functions[j].name, name))
            j++;
        if (j == k->rdat->function_count)
            return rk_fail(k, name, "the module defines this function, no record lists it");
        const dxil_rdat_function *f = &k->rdat->functions[j];
        if (f->shader_kind != rk_kind(k, fn))
            return rk_fail(k, name, "shader kind %u recorded, the module says %u",
                           f->shader_kind, rk_kind(k, fn));
        if (rk_function_resources(k, fn, f))
            return -1;
        uint64_t want = rk_features(k->sf.fns[i].flags);
        if (want != ((uint64_t)f->feature_info2 << 32 | f->feature_info1))
            rk_patch(k, part, j, want, out);
        defined++;
    }
    if (defined != k->rdat->function_count)
        return rk_fail(k, "functions", "%u function records, the module defines %zu",
                       k->rdat->function_count, defined);
    return 0;
}

int write_rdat_check(write_module *wm, const dxil_write_part *part, wbuf *out)
{
    rdat_check k = {.wm = wm};
    void *arena = NULL;
    dxil_rdat rdat;
    if (rdat_decode(part->data, part->size, &rdat, &arena, wm->diags)) {
        rdat_arena_free(&arena);
        return wm_fail(wm, "RDAT", "part", "the carried RDAT part is malformed");
    }
    k.rdat = &rdat;
    int rc = -1;
    if (mf_read(wm->m, NULL, &k.mf) == 0) {
        if (sf_compute(wm->m, NULL, &k.sf) == 0) {
            rc = rk_resources(&k);
            if (!rc)
                rc = rk_functions(&k, part, out);
            sf_free(&k.sf);
        }
        mf_free(&k.mf);
    }
    free(k.table);
    rdat_arena_free(&arena);
    return rc;
}
