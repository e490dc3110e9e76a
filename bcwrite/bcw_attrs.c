/* bcw_attrs.c - attribute groups and lists in LLVM 3.7's encoding.
 *
 * Attributes 3.7 has keep their bitcode codes; LLVM 22's memory(...) is
 * written as readnone / readonly / argmemonly (DXC's LLVM has that one)
 * when it says so, captures(none) as
 * nocapture; attributes 3.7 did not know (nofree, willreturn, ...) are
 * left out: they only promise more, and the reader would refuse them. */
#include "bcw_internal.h"

#include <stdlib.h>
#include <string.h>

enum { PARAMATTR_BLOCK_ID = 9, PARAMATTR_GROUP_BLOCK_ID = 10 };
enum { ATTR_READNONE = 20, ATTR_READONLY = 21, ATTR_NOCAPTURE = 11, ATTR_NOUNWIND = 18 };

/* 3.7's attributes: name, bitcode code, integer-valued. In the order of
 * DXC's AttrKind enum, which is how 3.7 sorts a set's attributes: 3.7's,
 * with argmemonly (a later LLVM's) put after readonly (DXC writes
 * `nounwind argmemonly`, 6 groups in the corpus). */
static const struct {
    const char *name;
    uint8_t code;
    bool is_int;
} attrs37[] = {
    { "align", 1, true }, { "alwaysinline", 2, false }, { "builtin", 35, false },
    { "byval", 3, false }, { "inalloca", 38, false }, { "cold", 36, false },
    { "convergent", 43, false }, { "inlinehint", 4, false }, { "inreg", 5, false },
    { "jumptable", 40, false }, { "minsize", 6, false }, { "naked", 7, false },
    { "nest", 8, false }, { "noalias", 9, false }, { "nobuiltin", 10, false },
    { "nocapture", 11, false }, { "noduplicate", 12, false }, { "noimplicitfloat", 13, false },
    { "noinline", 14, false }, { "nonlazybind", 15, false }, { "nonnull", 39, false },
    { "dereferenceable", 41, true }, { "dereferenceable_or_null", 42, true },
    { "noredzone", 16, false }, { "noreturn", 17, false }, { "nounwind", 18, false },
    { "optsize", 19, false }, { "optnone", 37, false }, { "readnone", 20, false },
    { "readonly", 21, false }, { "argmemonly", 45, false }, { "returned", 22, false }, { "returns_twice", 23, false },
    { "signext", 24, false }, { "alignstack", 25, true }, { "ssp", 26, false },
    { "sspreq", 27, false }, { "sspstrong", 28, false }, { "safestack", 44, false },
    { "sret", 29, false }, { "sanitize_address", 30, false }, { "sanitize_thread", 31, false },
    { "sanitize_memory", 32, false }, { "uwtable", 33, false }, { "zeroext", 34, false },
};
#define NATTRS37 (sizeof attrs37 / sizeof *attrs37)

typedef struct enc_attr {
    int rank;            /* index in attrs37, or NATTRS37 for strings */
    bool is_int;
    uint8_t code;
    uint64_t value;
    const char *key, *val;
    unsigned klen, vlen;
} enc_attr;

static int rank_of(const char *name)
{
    for (size_t i = 0; i < NATTRS37; i++)
        if (!strcmp(attrs37[i].name, name))
            return (int)i;
    return -1;
}

/* LLVM 22's kind id of each 3.7 attribute, of memory and of captures,
 * looked up once per write (a name lookup per attribute cost more than
 * the rest of the attribute tables together). */
static void attr_kinds(bcw_ctx *c)
{
    if (c->attr_kinds_ready)
        return;
    for (size_t i = 0; i < NATTRS37; i++)
        c->attr_kinds[i] = LLVMGetEnumAttributeKindForName(attrs37[i].name,
                                                           strlen(attrs37[i].name));
    c->kind_memory = LLVMGetEnumAttributeKindForName("memory", 6);
    c->kind_captures = LLVMGetEnumAttributeKindForName("captures", 8);
    c->attr_kinds_ready = true;
}

static enc_attr named(const char *name, uint64_t v);

static bool enum_attr_known(const bcw_ctx *c, unsigned kind, uint64_t v, enc_attr *out)
{
    if (kind == c->kind_captures) {
        if (v)
            return false;
        *out = named("nocapture", v);
        return true;
    }
    for (size_t i = 0; i < NATTRS37; i++)
        if (kind == c->attr_kinds[i]) {
            *out = named(attrs37[i].name, v);
            return true;
        }
    return false;
}

static enc_attr named(const char *name, uint64_t v)
{
    int r = rank_of(name);
    return (enc_attr){ .rank = r, .is_int = attrs37[r].is_int, .code = attrs37[r].code, .value = v };
}

/* memory(...): two bits per location, argument memory first; the high
 * bit of each is "writes". How many attributes it became (0-2). */
static unsigned memory_attrs(uint64_t v, enc_attr *out)
{
    unsigned n = 0;
    bool writes = (v & 0xAAAAAAAAAAAAAAAAull) != 0;
    if (v && !(v & ~3ull))
        out[n++] = named("argmemonly", 0);
    if (!writes)
        out[n++] = named(v ? "readonly" : "readnone", 0);
    return n;
}

/* LLVM 22's reader turns 3.7's "no-frame-pointer-elim"="false" / "true"
 * into "frame-pointer"="none" / "all", and the valueless
 * "no-frame-pointer-elim-non-leaf" into "non-leaf": written back as 3.7
 * spelled them (clang's attribute groups in 4 corpus libraries). */
static const struct {
    const char *value, *key37, *value37;
} frame_pointer37[] = {
    { "none", "no-frame-pointer-elim", "false" },
    { "all", "no-frame-pointer-elim", "true" },
    { "non-leaf", "no-frame-pointer-elim-non-leaf", "" },
};

static void string_attr37(enc_attr *x)
{
    if (x->klen != 13 || memcmp(x->key, "frame-pointer", 13))
        return;
    for (size_t i = 0; i < sizeof frame_pointer37 / sizeof *frame_pointer37; i++)
        if (x->vlen == strlen(frame_pointer37[i].value) &&
            !memcmp(x->val, frame_pointer37[i].value, x->vlen)) {
            x->key = frame_pointer37[i].key37;
            x->klen = (unsigned)strlen(x->key);
            x->val = frame_pointer37[i].value37;
            x->vlen = (unsigned)strlen(x->val);
            return;
        }
}

static int enc_cmp(const void *pa, const void *pb)
{
    const enc_attr *a = pa, *b = pb;
    if (a->rank != b->rank || a->rank < (int)NATTRS37) {
        bool ai = a->is_int, bi = b->is_int; /* enums, then integers, then strings */
        if (a->rank < (int)NATTRS37 && b->rank < (int)NATTRS37 && ai != bi)
            return ai ? 1 : -1;
        return (a->rank > b->rank) - (a->rank < b->rank);
    }
    unsigned n = a->klen < b->klen ? a->klen : b->klen;
    int k = memcmp(a->key, b->key, n);
    if (k || a->klen != b->klen)
        return k ? k : (a->klen > b->klen) - (a->klen < b->klen);
    n = a->vlen < b->vlen ? a->vlen : b->vlen;
    k = memcmp(a->val, b->val, n);
    return k ? k : (a->vlen > b->vlen) - (a->vlen < b->vlen);
}

/* The attributes at one index, encoded and sorted; n 0 when none. */
static enc_attr *encode(bcw_ctx *c, LLVMAttributeRef *as, unsigned count, unsigned *n)
{
    enc_attr *e = calloc(count + 1, sizeof *e);
    *n = 0;
    for (unsigned i = 0; e && i < count; i++) {
        enc_attr x = { .rank = (int)NATTRS37 };
        if (!LLVMIsStringAttribute(as[i]) && LLVMGetEnumAttributeKind(as[i]) == c->kind_memory) {
            *n += memory_attrs(LLVMGetEnumAttributeValue(as[i]), e + *n);
            continue;
        }
        if (LLVMIsStringAttribute(as[i])) {
            x.key = LLVMGetStringAttributeKind(as[i], &x.klen);
            x.val = LLVMGetStringAttributeValue(as[i], &x.vlen);
            if (memchr(x.key, 0, x.klen) || (x.vlen && memchr(x.val, 0, x.vlen)))
                bcw_error(c, NULL, "a string attribute holds a NUL byte, which 3.7's "
                                   "attribute records end strings with");
            string_attr37(&x);
        } else if (LLVMIsTypeAttribute(as[i]) ||
                   !enum_attr_known(c, LLVMGetEnumAttributeKind(as[i]),
                                    LLVMGetEnumAttributeValue(as[i]), &x)) {
            continue;
        }
        e[(*n)++] = x;
    }
    if (e)
        qsort(e, *n, sizeof *e, enc_cmp);
    return e;
}

static void push_bytes(bcw_rec *r, const char *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        bcw_rec_push(r, (unsigned char)s[i]);
    bcw_rec_push(r, 0);
}

static void group_body(const enc_attr *e, unsigned n, bcw_rec *r)
{
    for (unsigned i = 0; i < n; i++) {
        if (e[i].rank == (int)NATTRS37) {
            bcw_rec_push(r, e[i].vlen ? 4 : 3);
            push_bytes(r, e[i].key, e[i].klen);
            if (e[i].vlen)
                push_bytes(r, e[i].val, e[i].vlen);
            continue;
        }
        bcw_rec_push(r, e[i].is_int);
        bcw_rec_push(r, e[i].code);
        if (e[i].is_int)
            bcw_rec_push(r, e[i].value);
    }
}

/* The id (1-based) of group (index, body). */
static uint32_t group_id(bcw_ctx *c, uint32_t index, const bcw_rec *body)
{
    size_t klen = (body->n + 1) * sizeof(uint64_t);
    uint64_t *key = malloc(klen);
    uint32_t id = 0;
    if (!key)
        goto oom;
    key[0] = index;
    memcpy(key + 1, body->v, body->n * sizeof *key);
    if (bcw_map_get(&c->group_of, key, klen, &id))
        goto done;
    if (!bcw_grow(c, (void **)&c->groups, &c->groups_cap, c->ngroups + 1, sizeof *c->groups))
        goto done;
    bcw_attr_group *g = &c->groups[c->ngroups];
    g->index = index;
    g->nrec = body->n;
    if (!(g->rec = malloc((body->n ? body->n : 1) * sizeof *g->rec)))
        goto oom;
    memcpy(g->rec, body->v, body->n * sizeof *g->rec);
    id = (uint32_t)++c->ngroups;
    if (!bcw_map_put(&c->group_of, key, klen, id))
        goto oom;
done:
    free(key);
    return id;
oom:
    free(key);
    c->failed = true;
    return 0;
}

typedef unsigned (*count_fn)(LLVMValueRef, LLVMAttributeIndex);
typedef void (*get_fn)(LLVMValueRef, LLVMAttributeIndex, LLVMAttributeRef *);

/* The group of the attributes at `index`, or 0. */
static uint32_t slot(bcw_ctx *c, LLVMValueRef v, LLVMAttributeIndex index, count_fn cnt, get_fn get)
{
    unsigned count = cnt(v, index), n;
    if (!count)
        return 0;
    LLVMAttributeRef *as = calloc(count, sizeof *as);
    if (!as) {
        c->failed = true;
        return 0;
    }
    get(v, index, as);
    attr_kinds(c);
    enc_attr *e = encode(c, as, count, &n);
    bcw_rec body = { 0 };
    group_body(e, n, &body);
    uint32_t id = n ? group_id(c, (uint32_t)index, &body) : 0;
    bcw_rec_free(&body);
    free(e);
    free(as);
    return id;
}

static uint32_t list_id(bcw_ctx *c, const uint32_t *groups, uint32_t n)
{
    uint32_t id;
    if (!n)
        return 0;
    if (bcw_map_get(&c->alist_of, groups, n * sizeof *groups, &id))
        return id;
    if (!bcw_grow(c, (void **)&c->alists, &c->alists_cap, c->nalists + 1, sizeof *c->alists))
        return 0;
    bcw_attr_list *l = &c->alists[c->nalists];
    if (!(l->groups = malloc(n * sizeof *groups))) {
        c->failed = true;
        return 0;
    }
    memcpy(l->groups, groups, n * sizeof *groups);
    l->n = n;
    id = (uint32_t)++c->nalists;
    if (!bcw_map_put(&c->alist_of, groups, n * sizeof *groups, id))
        c->failed = true;
    return id;
}

/* Slots in 3.7's order: return, parameters, function. */
static uint32_t attr_list(bcw_ctx *c, LLVMValueRef v, unsigned nparams, count_fn cnt, get_fn get)
{
    bool any = cnt(v, LLVMAttributeFunctionIndex) != 0;
    for (unsigned i = 0; i <= nparams && !any; i++)
        any = cnt(v, i) != 0;
    if (!any) /* most calls */
        return 0;
    uint32_t *groups = calloc(nparams + 2, sizeof *groups), n = 0;
    if (!groups) {
        c->failed = true;
        return 0;
    }
    for (unsigned i = 0; i <= nparams; i++) {
        uint32_t g = slot(c, v, i, cnt, get);
        if (g)
            groups[n++] = g;
    }
    uint32_t g = slot(c, v, LLVMAttributeFunctionIndex, cnt, get);
    if (g)
        groups[n++] = g;
    uint32_t id = list_id(c, groups, n);
    free(groups);
    return id;
}

/* 3.7's lifetime markers: nocapture on the pointer, nounwind. */
/* The group of one enum attribute (3.7 code) at index. */
static uint32_t enum_group(bcw_ctx *c, uint32_t index, uint64_t code)
{
    const uint64_t body[2] = { 0, code };
    return group_id(c, index, &(bcw_rec){ .v = (uint64_t *)body, .n = 2 });
}

static uint32_t lifetime_attrs(bcw_ctx *c)
{
    uint32_t groups[2] = { enum_group(c, 2, ATTR_NOCAPTURE),
                           enum_group(c, LLVMAttributeFunctionIndex, ATTR_NOUNWIND) };
    return list_id(c, groups, 2);
}

uint32_t bcw_attrs_of_function(bcw_ctx *c, LLVMValueRef fn)
{
    if (bcw_intrinsic_type(c, fn) != BCW_NONE)
        return lifetime_attrs(c);
    return attr_list(c, fn, LLVMCountParams(fn), LLVMGetAttributeCountAtIndex,
                     LLVMGetAttributesAtIndex);
}

/* A call of a lifetime marker: nounwind, as clang 3.7 wrote it (LLVM
 * 22's upgrade makes a new call without it). */
static uint32_t lifetime_call_attrs(bcw_ctx *c)
{
    uint32_t g = enum_group(c, LLVMAttributeFunctionIndex, ATTR_NOUNWIND);
    return list_id(c, &g, 1);
}

uint32_t bcw_attrs_of_call(bcw_ctx *c, LLVMValueRef call)
{
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (callee && LLVMIsAFunction(callee) && bcw_intrinsic_type(c, callee) != BCW_NONE) {
        /* 3.7's marker is (i64 size, i8* ptr), LLVM 22's (ptr): its
         * parameter attributes (`nonnull`) would land on the size, which
         * 3.7's verifier refuses ("Wrong types for attribute"). A marker
         * needs none; the call's function attributes stay. */
        uint32_t g = slot(c, call, LLVMAttributeFunctionIndex, LLVMGetCallSiteAttributeCount,
                          LLVMGetCallSiteAttributes);
        return g ? list_id(c, &g, 1) : lifetime_call_attrs(c);
    }
    return attr_list(c, call, LLVMGetNumArgOperands(call), LLVMGetCallSiteAttributeCount,
                     LLVMGetCallSiteAttributes);
}

void bcw_write_attr_blocks(bcw_ctx *c)
{
    if (!c->nalists)
        return;
    size_t len;
    bcw_rec r = { 0 };
    bcw_enter(c, PARAMATTR_GROUP_BLOCK_ID, 3, &len);
    for (size_t i = 0; i < c->ngroups; i++) {
        r.n = 0;
        bcw_rec_push(&r, i + 1);
        bcw_rec_push(&r, c->groups[i].index);
        for (size_t k = 0; k < c->groups[i].nrec; k++)
            bcw_rec_push(&r, c->groups[i].rec[k]);
        bcw_record(c, 3, r.v, r.n, 3);
    }
    bcw_exit(c, len, 3);
    bcw_enter(c, PARAMATTR_BLOCK_ID, 3, &len);
    for (size_t i = 0; i < c->nalists; i++) {
        r.n = 0;
        for (uint32_t k = 0; k < c->alists[i].n; k++)
            bcw_rec_push(&r, c->alists[i].groups[k]);
        bcw_record(c, 2, r.v, r.n, 3);
    }
    bcw_exit(c, len, 3);
    c->failed |= r.oom;
    bcw_rec_free(&r);
}

void bcw_attrs_free(bcw_ctx *c)
{
    for (size_t i = 0; i < c->ngroups; i++)
        free(c->groups[i].rec);
    free(c->groups);
    for (size_t i = 0; i < c->nalists; i++)
        free(c->alists[i].groups);
    free(c->alists);
    bcw_map_free(&c->alist_of);
    bcw_map_free(&c->group_of);
}
