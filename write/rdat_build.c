/* rdat_build.c - a library's runtime data (RDAT) built from its module,
 * in the order DXC's validator builds it to compare: the resource table
 * (CBVs, samplers, SRVs, UAVs: class, kind, ID, space, range, name,
 * flags), then one function record per defined function (names, the
 * resources and unresolved functions it uses, shader kind, payload and
 * attribute sizes, feature flags, stage mask, minimum shader target and,
 * from validator 1.8, wave sizes). Strings and index arrays are inserted
 * in the same order so that offsets match byte for byte.
 *
 * Subobjects come from the carried part (rdat_subobjects.c). Not built
 * (refused naming the construct): subobjects still in the module's
 * metadata (dx.subobjects) and node shaders' records (work graphs). */
#include "rdat_build.h"
#include "rdat_builder.h"
#include "rdat_compat.h"

#include "container/sfi0_map.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

/* DXC's resource table order: CBVs, samplers, SRVs, UAVs. */
static const unsigned rd_list_order[MF_LIST_COUNT] = {MF_CBV, MF_SAMPLER, MF_SRV, MF_UAV};

enum { RD_RES_COHERENT = 1, RD_RES_COUNTER = 2, RD_RES_ROV = 4 };

typedef struct rd_fn {
    uint32_t *res, nres;  /* resource table indices, ascending */
    uint32_t *deps, ndeps; /* string offsets of unresolved callees */
} rd_fn;

typedef struct rd_ctx {
    write_module *wm;
    mf_module mf;
    sf_module sf;
    rdat_builder b;
    rd_fn *fns;         /* per sf.fns */
    rdat_compat *compat;
    const dxil_write_part *carried; /* the stale carried part, or NULL */
} rd_ctx;

uint64_t rdat_feature_info(uint64_t flags)
{
    uint64_t f = sfi0_features_from_flags(flags, NULL);
    f |= flags & SF_USES_DERIVATIVES ? UINT64_C(1) << 40 : 0;
    f |= flags & SF_REQUIRES_GROUP ? UINT64_C(1) << 41 : 0;
    return f;
}

static size_t rd_fn_index(const rd_ctx *c, LLVMValueRef fn)
{
    for (size_t i = 0; i < c->sf.nfns; i++)
        if (c->sf.fns[i].fn == fn)
            return i;
    return SIZE_MAX;
}

static void rd_add(uint32_t **v, uint32_t *n, uint32_t x)
{
    for (uint32_t i = 0; i < *n; i++)
        if ((*v)[i] == x)
            return;
    uint32_t *p = realloc(*v, (*n + 1) * sizeof *p);
    if (!p)
        return; /* reported as out of memory by the caller's count check */
    p[(*n)++] = x;
    *v = p;
}

/* Each function whose instructions use u, through constants. */
static void rd_users(rd_ctx *c, LLVMValueRef u, unsigned depth, uint32_t x, bool dep)
{
    if (LLVMIsAInstruction(u)) {
        size_t i = rd_fn_index(c, LLVMGetBasicBlockParent(LLVMGetInstructionParent(u)));
        if (i != SIZE_MAX)
            rd_add(dep ? &c->fns[i].deps : &c->fns[i].res, dep ? &c->fns[i].ndeps
                                                                : &c->fns[i].nres, x);
        return;
    }
    if (!LLVMIsAConstant(u) || depth > 16)
        return;
    for (LLVMUseRef x2 = LLVMGetFirstUse(u); x2; x2 = LLVMGetNextUse(x2))
        rd_users(c, LLVMGetUser(x2), depth + 1, x, dep);
}

static uint32_t rd_resource_flags(const mf_resource *r)
{
    if (r->list != MF_UAV)
        return 0;
    return (r->counter ? RD_RES_COUNTER : 0) | (r->globally_coherent ? RD_RES_COHERENT : 0) |
           (r->rov ? RD_RES_ROV : 0);
}

static void rd_put(uint8_t *rec, unsigned word, uint32_t v)
{
    memcpy(rec + 4 * word, &v, 4);
}

static int rd_resources(rd_ctx *c)
{
    uint32_t index = 0;
    for (unsigned o = 0; o < MF_LIST_COUNT; o++)
        for (size_t i = 0; i < c->mf.nres; i++) {
            const mf_resource *r = &c->mf.res[i];
            if (r->list != rd_list_order[o])
                continue;
            char *name = md_string_dup(md_operand(r->record, 2));
            if (!name)
                return wm_fail(c->wm, "RDAT", "resources", "resource record %zu has no name", i);
            uint8_t rec[32];
            /* The list numbers are DXC's resource classes. */
            static const unsigned fixed_kind[MF_LIST_COUNT] = {
                [MF_CBV] = DXIL_RESOURCE_KIND_CBUFFER, [MF_SAMPLER] = DXIL_RESOURCE_KIND_SAMPLER};
            rd_put(rec, 0, r->list);
            rd_put(rec, 1, fixed_kind[r->list] ? fixed_kind[r->list] : r->kind);
            rd_put(rec, 2, r->id);
            rd_put(rec, 3, r->space);
            rd_put(rec, 4, r->lb);
            rd_put(rec, 5, r->range == UINT32_MAX ? UINT32_MAX : r->lb + r->range - 1);
            rd_put(rec, 6, rb_string(&c->b, name));
            rd_put(rec, 7, rd_resource_flags(r));
            free(name);
            for (LLVMUseRef u = r->symbol ? LLVMGetFirstUse(r->symbol) : NULL; u;
                 u = LLVMGetNextUse(u))
                rd_users(c, LLVMGetUser(u), 0, index, false);
            rb_record(&c->b, RT_RESOURCES, rec);
            index++;
        }
    return 0;
}

/* Declared, non-intrinsic, external functions other than dx.op.*: each
 * caller lists its name (strings inserted in declaration order). */
static void rd_dependencies(rd_ctx *c)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(c->wm->m); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (!LLVMIsDeclaration(f) || LLVMGetLinkage(f) != LLVMExternalLinkage ||
            LLVMGetIntrinsicID(f) || (len >= 5 && !strncmp(name, "llvm.", 5)) ||
            (len >= 6 && !strncmp(name, "dx.op.", 6)))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (LLVMIsAInstruction(user) &&
                rd_fn_index(c, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))) ==
                    SIZE_MAX)
                continue;
            rd_users(c, user, 0, rb_string(&c->b, name), true);
        }
    }
}

/* Integer property `tag` of an entry's tag/value list. */
static bool rd_prop(const mf_entry *en, unsigned tag, uint64_t *out)
{
    unsigned n = en && en->props ? LLVMGetMDNodeNumOperands(en->props) : 0;
    LLVMValueRef *ops = n ? calloc(n, sizeof *ops) : NULL;
    bool found = false;
    if (ops) {
        LLVMGetMDNodeOperands(en->props, ops);
        for (unsigned i = 0; i + 1 < n && !found; i += 2) {
            uint64_t t;
            found = const_u64(ops[i], &t) && t == tag && const_u64(ops[i + 1], out);
        }
    }
    free(ops);
    return found;
}

/* The entry's wave size list (tag 11 or 23) as min and max lanes. */
static void rd_wave(const mf_entry *en, uint8_t *min, uint8_t *max)
{
    unsigned n = en && en->props ? LLVMGetMDNodeNumOperands(en->props) : 0;
    LLVMValueRef *ops = n ? calloc(n, sizeof *ops) : NULL;
    if (ops) {
        LLVMGetMDNodeOperands(en->props, ops);
        for (unsigned i = 0; i + 1 < n; i += 2) {
            uint64_t t, lo = 0, hi = 0;
            if (!const_u64(ops[i], &t) ||
                (t != DXIL_ENTRY_WAVE_SIZE && t != DXIL_ENTRY_RANGED_WAVE_SIZE))
                continue;
            md_operand_uint(ops[i + 1], 0, &lo);
            if (t == DXIL_ENTRY_RANGED_WAVE_SIZE)
                md_operand_uint(ops[i + 1], 1, &hi);
            if (lo) {
                *min = (uint8_t)lo;
                *max = (uint8_t)(hi ? hi : lo);
            }
        }
    }
    free(ops);
}

/* Payload and attribute sizes: hit shaders both, miss the payload,
 * callable its parameter (recorded under the payload tag). */
static void rd_payload(const mf_entry *en, uint32_t *payload, uint32_t *attr)
{
    uint64_t v;
    unsigned k = en->kind;
    bool hit = k == DXIL_SHADER_CLOSESTHIT || k == DXIL_SHADER_ANYHIT;
    if ((hit || k == DXIL_SHADER_MISS || k == DXIL_SHADER_CALLABLE) &&
        rd_prop(en, DXIL_ENTRY_RAY_PAYLOAD_SIZE, &v))
        *payload = (uint32_t)v;
    if (hit && rd_prop(en, DXIL_ENTRY_RAY_ATTRIB_SIZE, &v))
        *attr = (uint32_t)v;
}

/* "\01?name@@..." names a C++-mangled function: its unmangled name is
 * what lies between the prefix and the first '@'. */
static char *rd_unmangled(const char *name)
{
    if (strncmp(name, "\001?", 2))
        return strdup(name);
    const char *at = strchr(name + 2, '@');
    size_t n = at ? (size_t)(at - name - 2) : strlen(name + 2);
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, name + 2, n);
        s[n] = 0;
    }
    return s;
}

static int rd_function(rd_ctx *c, size_t i)
{
    LLVMValueRef fn = c->sf.fns[i].fn;
    const char *name = LLVMGetValueName(fn);
    const mf_entry *en = mf_entry_of(&c->mf, fn);
    if (en && en->kind == DXIL_SHADER_NODE)
        return wm_fail(c->wm, "RDAT", name, "node shader records (work graphs) are not built "
                       "by this writer");
    char *unmangled = rd_unmangled(name);
    if (!unmangled)
        return wm_fail(c->wm, "RDAT", name, "out of memory");
    uint8_t rec[52] = {0};
    rd_put(rec, 0, rb_string(&c->b, name));
    rd_put(rec, 1, rb_string(&c->b, unmangled));
    free(unmangled);
    const rd_fn *f = &c->fns[i];
    rd_put(rec, 2, f->nres ? rb_array(&c->b, f->res, f->nres) : RDAT_NULL);
    rd_put(rec, 3, f->ndeps ? rb_array(&c->b, f->deps, f->ndeps) : RDAT_NULL);
    unsigned kind = en ? en->kind : DXIL_SHADER_LIBRARY;
    uint32_t payload = 0, attr = 0;
    if (en)
        rd_payload(en, &payload, &attr);
    const rdat_compat *cc = &c->compat[i];
    uint64_t features = rdat_feature_info(cc->flags);
    rd_put(rec, 4, kind);
    rd_put(rec, 5, payload);
    rd_put(rec, 6, attr);
    rd_put(rec, 7, (uint32_t)features);
    rd_put(rec, 8, (uint32_t)(features >> 32));
    rd_put(rec, 9, cc->mask);
    rd_put(rec, 10, kind << 16 | cc->min_major << 4 | cc->min_minor);
    if (c->b.tables[RT_FUNCTIONS].stride >= 52) {
        if (en)
            rd_wave(en, &rec[44], &rec[45]);
        rd_put(rec, 12, RDAT_NULL);
    }
    rb_record(&c->b, RT_FUNCTIONS, rec);
    return 0;
}

static int rd_build(rd_ctx *c, wbuf *out)
{
    if (md_named_count(c->wm->m, "dx.subobjects"))
        return wm_fail(c->wm, "RDAT", "subobjects", "the module has dx.subobjects; this writer "
                       "does not build RDAT's subobject table");
    rb_init(&c->b, c->mf.val_major, c->mf.val_minor);
    if (!c->b.tables[RT_FUNCTIONS].present)
        return wm_fail(c->wm, "RDAT", "version", "validator %u.%u has no RDAT part",
                       c->mf.val_major, c->mf.val_minor);
    c->fns = calloc(c->sf.nfns + 1, sizeof *c->fns);
    c->compat = calloc(c->sf.nfns + 1, sizeof *c->compat);
    if (!c->fns || !c->compat || rdat_compat_compute(&c->mf, &c->sf, c->compat))
        return wm_fail(c->wm, "RDAT", "functions", "out of memory");
    /* Before 1.8, DXC marked every function ray tracing tier 1.1 when
     * a subobject needs it. */
    if (mf_val_at_least(&c->mf, 1, 5) && !mf_val_at_least(&c->mf, 1, 8) &&
        rdat_subobjects_need_tier_1_1(c->carried))
        for (size_t i = 0; i < c->sf.nfns; i++)
            c->compat[i].flags |= DXIL_SHADER_FLAG_RAYTRACING_TIER_1_1;
    if (rd_resources(c))
        return -1;
    rd_dependencies(c);
    for (size_t i = 0; i < c->sf.nfns; i++)
        if (rd_function(c, i))
            return -1;
    if (rdat_copy_subobjects(c->wm, &c->b, c->carried))
        return -1;
    if (rb_finish(&c->b, out))
        return wm_fail(c->wm, "RDAT", "buffer", "out of memory");
    return 0;
}

int write_rdat_build(write_module *wm, const dxil_write_part *carried, wbuf *out)
{
    rd_ctx c = {.wm = wm, .carried = carried};
    int rc = -1;
    if (mf_read(wm->m, NULL, &c.mf) == 0) {
        if (sf_compute(wm->m, NULL, &c.sf) == 0) {
            rc = rd_build(&c, out);
            for (size_t i = 0; c.fns && i < c.sf.nfns; i++) {
                free(c.fns[i].res);
                free(c.fns[i].deps);
            }
            sf_free(&c.sf);
        }
        mf_free(&c.mf);
    } else {
        wm_fail(wm, "RDAT", "module", "the module has no dx.shaderModel");
    }
    free(c.fns);
    free(c.compat);
    rb_free(&c.b);
    return rc;
}
