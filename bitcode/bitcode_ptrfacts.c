/* bitcode_ptrfacts.c - the typed-pointer facts (bitcode_ptrfacts.h): the
 * builder the value model feeds during the validator's walk, and the
 * accessors check/ reads them with. Memory: one 20-byte entry per
 * instruction, the type table's operands, the names, the attribute
 * tables. */
#include "bitcode_ptrfacts.h"
#include "bitcode_values_internal.h"

#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

typedef struct bcp_named {
    uint32_t id;   /* type id or module value id */
    uint32_t name; /* offset in the names buffer */
} bcp_named;

struct bcp_build {
    char *names;                /* NUL-terminated names, back to back */
    size_t nnames, cap_names;
    bcp_named *tnames;          /* named structs */
    size_t ntnames, cap_tnames;
    bool pending;               /* a STRUCT_NAME waits for its type */
    uint32_t pending_at;
    bc_pfvalue *values;         /* name: offset + 1 in names until the finish */
    size_t nvalues, cap_values;
    uint32_t *body_values;      /* the value id of each defined function, in order */
    size_t nbody_values, cap_body_values;
    bc_pffunc *bodies;
    size_t nbodies, cap_bodies;
    bc_pfinst *cur;             /* the open body's entries */
    size_t ncur, cap_cur;
    bc_pfattrgroup *groups;     /* the attribute tables */
    size_t ngroups, cap_groups;
    bc_pfattrlist *lists;
    size_t nlists, cap_lists;
    uint64_t *words;
    size_t nwords, cap_words;
    uint32_t *list_groups;
    size_t nlist_groups, cap_list_groups;
    bool in_body, oom;
};

bcp_build *bcp_create(void)
{
    return calloc(1, sizeof(bcp_build));
}

void bcp_destroy(bcp_build *b)
{
    if (!b)
        return;
    free(b->names);
    free(b->tnames);
    free(b->values);
    free(b->body_values);
    for (size_t i = 0; i < b->nbodies; i++)
        free(b->bodies[i].insts);
    free(b->bodies);
    free(b->cur);
    free(b->groups);
    free(b->lists);
    free(b->words);
    free(b->list_groups);
    free(b);
}

static bool bcp_reserve_names(bcp_build *b, size_t need)
{
    if (need <= b->cap_names)
        return true;
    size_t cap = b->cap_names ? b->cap_names : 256;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->names, cap);
    if (!p)
        return false;
    b->names = p;
    b->cap_names = cap;
    return true;
}

/* Appends chars (one per operand) and a NUL; the offset, or -1. */
static long bcp_add_name(bcp_build *b, const uint64_t *chars, size_t n)
{
    if (n > (1u << 20) || !bcp_reserve_names(b, b->nnames + n + 1))
        return b->oom = true, -1;
    char *p = b->names;
    size_t at = b->nnames;
    for (size_t i = 0; i < n; i++)
        p[at + i] = chars[i] && chars[i] < 256 ? (char)chars[i] : '?';
    p[at + n] = '\0';
    b->nnames += n + 1;
    return (long)at;
}

int bcp_struct_name(bcp_build *b, const uint64_t *chars, size_t n)
{
    long at = bcp_add_name(b, chars, n);
    if (at < 0)
        return -2;
    b->pending = true;
    b->pending_at = (uint32_t)at;
    return 0;
}

int bcp_type_defined(bcp_build *b, uint32_t id, uint8_t code)
{
    bool named = code == BC_TY_STRUCT_NAMED || code == BC_TY_OPAQUE;
    if (!b->pending || !named)
        return 0;
    b->pending = false;
    bcp_named *t = grow_array(b->tnames, &b->cap_tnames, b->ntnames, sizeof *t, 16);
    if (!t)
        return b->oom = true, -2;
    b->tnames = t;
    t[b->ntnames++] = (bcp_named){id, b->pending_at};
    return 0;
}

int bcp_module_value(bcp_build *b, uint32_t type, bool function, bool body, uint32_t attrs)
{
    bc_pfvalue *v = grow_array(b->values, &b->cap_values, b->nvalues, sizeof *v, 64);
    if (!v)
        return b->oom = true, -2;
    b->values = v;
    if (body) {
        uint32_t *bv = grow_array(b->body_values, &b->cap_body_values, b->nbody_values,
                                  sizeof *bv, 16);
        if (!bv)
            return b->oom = true, -2;
        b->body_values = bv;
        bv[b->nbody_values++] = (uint32_t)b->nvalues;
    }
    v[b->nvalues++] = (bc_pfvalue){NULL, type, function ? attrs : 0, function, body};
    return 0;
}

/* ---- attributes ----------------------------------------------------------- */

/* Room for `need` elements in *items (doubling); false without memory. */
static bool bcp_reserve(void **items, size_t *cap, size_t need, size_t elem)
{
    while (*cap < need) {
        void *p = grow_array(*items, cap, *cap, elem, 64);
        if (!p)
            return false;
        *items = p;
    }
    return true;
}

int bcp_attr_group(bcp_build *b, const uint64_t *ops, size_t n)
{
    if (n < 3 || ops[0] != 3) /* PARAMATTR_GRP_CODE_ENTRY [id, index, ...] */
        return 0;
    if (!bcp_reserve((void **)&b->groups, &b->cap_groups, b->ngroups + 1, sizeof *b->groups) ||
        !bcp_reserve((void **)&b->words, &b->cap_words, b->nwords + n, sizeof *b->words))
        return b->oom = true, -2;
    memcpy(b->words + b->nwords, ops + 3, (n - 3) * sizeof *b->words);
    b->groups[b->ngroups++] = (bc_pfattrgroup){(uint32_t)ops[1], (uint32_t)ops[2],
                                               (uint32_t)b->nwords, (uint32_t)(n - 3)};
    b->nwords += n - 3;
    return 0;
}

int bcp_attr_list(bcp_build *b, const uint64_t *ops, size_t n)
{
    if (n < 1 || ops[0] != 2) /* PARAMATTR_CODE_ENTRY [group ids...] */
        return 0;
    if (!bcp_reserve((void **)&b->lists, &b->cap_lists, b->nlists + 1, sizeof *b->lists) ||
        !bcp_reserve((void **)&b->list_groups, &b->cap_list_groups, b->nlist_groups + n,
                     sizeof *b->list_groups))
        return b->oom = true, -2;
    for (size_t i = 1; i < n; i++)
        b->list_groups[b->nlist_groups + i - 1] = (uint32_t)ops[i];
    b->lists[b->nlists++] = (bc_pfattrlist){(uint32_t)b->nlist_groups, (uint32_t)(n - 1)};
    b->nlist_groups += n - 1;
    return 0;
}

const bc_pfattrgroup *bc_pf_group(const bc_ptrfacts *f, uint32_t id)
{
    for (uint32_t i = 0; f && i < f->ngroups; i++)
        if (f->groups[i].id == id)
            return &f->groups[i];
    return NULL;
}

const bc_pfattrlist *bc_pf_list(const bc_ptrfacts *f, uint32_t id)
{
    return f && id >= 1 && id <= f->nlists ? &f->lists[id - 1] : NULL;
}

int bcp_vst_entry(bcp_build *b, uint64_t id, const uint64_t *chars, size_t n)
{
    if (id >= b->nvalues)
        return 0;
    long at = bcp_add_name(b, chars, n);
    if (at < 0)
        return -2;
    b->values[id].name = (const char *)(uintptr_t)(at + 1); /* resolved at the finish */
    return 0;
}

int bcp_body_begin(bcp_build *b, uint32_t fnty)
{
    bc_pffunc *f = grow_array(b->bodies, &b->cap_bodies, b->nbodies, sizeof *f, 16);
    if (!f)
        return b->oom = true, -2;
    b->bodies = f;
    f[b->nbodies++] = (bc_pffunc){NULL, fnty, NULL, 0, false};
    b->ncur = 0;
    b->in_body = true;
    return 0;
}

int bcp_inst(bcp_build *b, bc_pfinst inst)
{
    if (!b->in_body)
        return 0;
    bc_pfinst *p = grow_array(b->cur, &b->cap_cur, b->ncur, sizeof *p, 256);
    if (!p)
        return b->oom = true, -2;
    b->cur = p;
    p[b->ncur++] = inst;
    return 0;
}

int bcp_body_end(bcp_build *b, bool lost)
{
    if (!b->in_body || !b->nbodies)
        return 0;
    b->in_body = false;
    bc_pffunc *f = &b->bodies[b->nbodies - 1];
    if (lost || !b->ncur)
        return 0;
    f->insts = malloc(b->ncur * sizeof *f->insts);
    if (!f->insts)
        return b->oom = true, -2;
    memcpy(f->insts, b->cur, b->ncur * sizeof *f->insts);
    f->ninsts = (uint32_t)b->ncur;
    f->known = true;
    return 0;
}

/* ---- the finish ---------------------------------------------------------- */

static int bcp_by_name(const void *x, const void *y)
{
    return strcmp(((const bc_pfbyname *)x)->name, ((const bc_pfbyname *)y)->name);
}

/* The model's type table, copied; names of named structs attached. */
static bool bcp_copy_types(bcp_build *b, const bcv_model *m, bc_ptrfacts *f)
{
    f->ntypes = m->n_types;
    f->types = calloc(m->n_types ? m->n_types : 1, sizeof *f->types);
    f->ops = malloc((m->n_fields ? m->n_fields : 1) * sizeof *f->ops);
    if (!f->types || !f->ops)
        return false;
    if (m->n_fields) /* m->fields is NULL when empty, which memcpy may not take */
        memcpy(f->ops, m->fields, m->n_fields * sizeof *f->ops);
    for (uint32_t i = 0; i < m->n_types; i++)
        f->types[i] = (bc_pftype){m->types[i].code, m->types[i].n_raw, m->types[i].raw, 0};
    for (size_t i = 0; i < b->ntnames; i++)
        if (b->tnames[i].id < f->ntypes)
            f->types[b->tnames[i].id].name = b->tnames[i].name + 1;
    return true;
}

/* Names resolved to pointers into the names buffer, bodies named by the
 * function each belongs to, and the by-name index. */
static bool bcp_link_names(bcp_build *b, bc_ptrfacts *f)
{
    for (uint32_t i = 0; i < f->nvalues; i++) {
        uintptr_t at = (uintptr_t)f->values[i].name;
        f->values[i].name = at ? f->names + at - 1 : NULL;
    }
    for (uint32_t k = 0; k < f->nbodies; k++) {
        uint32_t id = k < b->nbody_values ? b->body_values[k] : UINT32_MAX;
        f->bodies[k].name = id < f->nvalues ? f->values[id].name : NULL;
        if (!f->bodies[k].name)
            f->bodies[k].known = false;
    }
    f->by_name = malloc((f->nbodies ? f->nbodies : 1) * sizeof *f->by_name);
    if (!f->by_name)
        return false;
    for (uint32_t k = 0; k < f->nbodies; k++)
        if (f->bodies[k].name)
            f->by_name[f->nby_name++] = (bc_pfbyname){f->bodies[k].name, k};
    qsort(f->by_name, f->nby_name, sizeof *f->by_name, bcp_by_name);
    return true;
}

bc_ptrfacts *bcp_finish(bcp_build *b, const bcv_model *m)
{
    if (!b || b->oom || m->lost)
        return NULL;
    bc_ptrfacts *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->names = b->names;
    b->names = NULL;
    f->values = b->values;
    f->nvalues = (uint32_t)b->nvalues;
    b->values = NULL;
    f->bodies = b->bodies;
    f->nbodies = (uint32_t)b->nbodies;
    b->bodies = NULL;
    b->nbodies = 0;
    f->groups = b->groups;
    f->ngroups = (uint32_t)b->ngroups;
    f->lists = b->lists;
    f->nlists = (uint32_t)b->nlists;
    f->attr_words = b->words;
    f->list_groups = b->list_groups;
    b->groups = NULL;
    b->lists = NULL;
    b->words = NULL;
    b->list_groups = NULL;
    if (!bcp_copy_types(b, m, f) || !bcp_link_names(b, f)) {
        bc_ptrfacts_free(f);
        return NULL;
    }
    return f;
}

void bc_ptrfacts_free(bc_ptrfacts *f)
{
    if (!f)
        return;
    free(f->types);
    free(f->ops);
    free(f->names);
    free(f->values);
    for (uint32_t i = 0; i < f->nbodies; i++)
        free(f->bodies[i].insts);
    free(f->bodies);
    free(f->by_name);
    free(f->groups);
    free(f->lists);
    free(f->attr_words);
    free(f->list_groups);
    free(f);
}

/* ---- accessors ----------------------------------------------------------- */

static int bcp_name_cmp(const char *a, const char *key, size_t len)
{
    int c = strncmp(a, key, len);
    return c ? c : a[len] ? 1 : 0;
}

const bc_pffunc *bc_pf_body(const bc_ptrfacts *f, const char *name, size_t len)
{
    if (!f || !name)
        return NULL;
    uint32_t lo = 0, hi = f->nby_name;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = bcp_name_cmp(f->by_name[mid].name, name, len);
        if (c == 0)
            return &f->bodies[f->by_name[mid].body];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const bc_pfvalue *bc_pf_value(const bc_ptrfacts *f, const char *name, size_t len)
{
    for (uint32_t i = 0; f && name && i < f->nvalues; i++)
        if (f->values[i].name && bcp_name_cmp(f->values[i].name, name, len) == 0)
            return &f->values[i];
    return NULL;
}

const bc_pftype *bc_pf_type(const bc_ptrfacts *f, uint32_t ty)
{
    return f && ty < f->ntypes ? &f->types[ty] : NULL;
}

uint8_t bc_pf_code(const bc_ptrfacts *f, uint32_t ty)
{
    const bc_pftype *t = bc_pf_type(f, ty);
    return t ? t->code : 0;
}

uint32_t bc_pf_op(const bc_ptrfacts *f, uint32_t ty, uint32_t i)
{
    const bc_pftype *t = bc_pf_type(f, ty);
    return t && i < t->n_ops ? f->ops[t->first + i] : BC_PF_NONE;
}

uint32_t bc_pf_pointee(const bc_ptrfacts *f, uint32_t ty)
{
    return bc_pf_code(f, ty) == BC_TY_POINTER ? bc_pf_op(f, ty, 0) : BC_PF_NONE;
}

const char *bc_pf_struct_name(const bc_ptrfacts *f, uint32_t ty)
{
    const bc_pftype *t = bc_pf_type(f, ty);
    return t && t->name ? f->names + t->name - 1 : NULL;
}
