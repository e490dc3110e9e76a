/* bitcode_types.c - resource class types from the bitstream (see
 * bitcode_types.h for why). Memory is one name per named struct type. */
#include "bitcode_types.h"
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

/* TYPE record codes (LLVM 3.7). */
enum { TY_NUMENTRY = 1, TY_OPAQUE = 6, TY_POINTER = 8, TY_ARRAY = 11, TY_STRUCT_NAME = 19,
       TY_STRUCT_NAMED = 20 };

typedef struct bcr_name {
    uint32_t type;
    char *name;
} bcr_name;

struct bcr_names {
    bcr_name *v;
    size_t n, cap;
    uint32_t next;   /* the id the next type record defines */
    char *pending;   /* the last STRUCT_NAME, for the struct record after it */
    char **kinds;    /* METADATA_KIND names by id */
    size_t nkinds;
    struct bc_instword *words; /* see bc_restypes */
    size_t nwords, cap_words;
    bool *is_fn;     /* per module value id: a function (not a global) */
    uint64_t *fn_type; /* per module value id: the FUNCTION record's type */
    size_t nvalues, cap_values;
    char **vst;      /* module-level names by value id */
    size_t nvst;
    uint32_t *bodies;  /* value ids of the functions with a body, in order */
    size_t nbodies, cap_bodies;
    bcr_vst *order;    /* the symbol tables' order (bitcode_vstorder.c) */
};

/* A record's characters ops[2, n) as a C string (NULL: no memory). */
static char *bcr_record_name(const uint64_t *ops, size_t n)
{
    char *name = malloc(n - 1);
    if (!name)
        return NULL;
    for (size_t i = 2; i < n; i++)
        name[i - 2] = (char)ops[i];
    name[n - 2] = 0;
    return name;
}

int bcr_module_value(bcr_names *s, bool function, uint64_t type, bool body)
{
    if (body) {
        uint32_t *b = grow_array(s->bodies, &s->cap_bodies, s->nbodies, sizeof *b, 16);
        if (!b)
            return -2;
        s->bodies = b;
        s->bodies[s->nbodies++] = (uint32_t)s->nvalues;
    }
    size_t cap = s->cap_values;
    bool *v = grow_array(s->is_fn, &cap, s->nvalues, sizeof *v, 64);
    if (!v)
        return -2;
    s->is_fn = v;
    cap = s->cap_values;
    uint64_t *t = grow_array(s->fn_type, &cap, s->nvalues, sizeof *t, 64);
    if (!t)
        return -2;
    s->fn_type = t;
    s->cap_values = cap;
    s->is_fn[s->nvalues] = function;
    s->fn_type[s->nvalues++] = type;
    return 0;
}

static int bcr_word(bcr_names *s, uint64_t fn, uint64_t inst, uint32_t word)
{
    if (fn > UINT32_MAX || inst > UINT32_MAX)
        return 0;
    struct bc_instword *f = grow_array(s->words, &s->cap_words, s->nwords, sizeof *f, 16);
    if (!f)
        return -2;
    s->words = f;
    s->words[s->nwords++] = (struct bc_instword){(uint32_t)fn, (uint32_t)inst, word};
    return 0;
}

int bcr_fast_word(bcr_names *s, uint64_t fn, uint64_t inst, uint64_t flags)
{
    if (!(flags & 1) || flags == 31 || flags > 0x7F)
        return 0;
    return bcr_word(s, fn, inst, (uint32_t)flags);
}

int bcr_align_word(bcr_names *s, uint64_t fn, uint64_t inst, uint64_t align)
{
    return align ? 0 : bcr_word(s, fn, inst, 0);
}

int bcr_vst_entry(bcr_names *s, uint64_t fn, const uint64_t *ops, size_t n)
{
    if (n < 2 || fn >= UINT32_MAX)
        return 0;
    if (bcr_vst_name(s->order, (uint32_t)fn, ops + 2, n - 2))
        return -2;
    if (fn || ops[0] != 1 || ops[1] >= s->nvalues) /* module ENTRY: a module value's name */
        return 0;
    if (s->nvst < s->nvalues) { /* module values may follow a first VST */
        char **v = realloc(s->vst, s->nvalues * sizeof *v);
        if (!v)
            return -2;
        memset(v + s->nvst, 0, (s->nvalues - s->nvst) * sizeof *v);
        s->vst = v;
        s->nvst = s->nvalues;
    }
    char *name = bcr_record_name(ops, n);
    if (!name)
        return -2;
    free(s->vst[ops[1]]);
    s->vst[ops[1]] = name;
    return 0;
}

int bcr_kind_record(bcr_names *s, const uint64_t *ops, size_t n)
{
    if (n < 2 || ops[1] > 4096)
        return 0; /* LLVM's reader judges the record itself */
    size_t id = (size_t)ops[1];
    if (id >= s->nkinds) {
        char **k = realloc(s->kinds, (id + 1) * sizeof *k);
        if (!k)
            return -2;
        memset(k + s->nkinds, 0, (id + 1 - s->nkinds) * sizeof *k);
        s->kinds = k;
        s->nkinds = id + 1;
    }
    char *name = bcr_record_name(ops, n);
    if (!name)
        return -2;
    free(s->kinds[id]);
    s->kinds[id] = name;
    return 0;
}

bcr_names *bcr_create(void)
{
    bcr_names *s = calloc(1, sizeof(bcr_names));
    if (s && !(s->order = bcr_vst_create())) {
        free(s);
        s = NULL;
    }
    return s;
}

void bcr_destroy(bcr_names *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i].name);
    free(s->v);
    free(s->pending);
    for (size_t i = 0; i < s->nkinds; i++)
        free(s->kinds[i]);
    free(s->kinds);
    for (size_t i = 0; i < s->nvst; i++)
        free(s->vst[i]);
    free(s->vst);
    free(s->bodies);
    bcr_vst_destroy(s->order);
    free(s->is_fn);
    free(s->fn_type);
    free(s->words);
    free(s);
}

/* STRUCT_NAME [chars...]: one character per operand. */
static int bcr_struct_name(bcr_names *s, const uint64_t *ops, size_t n)
{
    free(s->pending);
    s->pending = malloc(n);
    if (!s->pending)
        return -2;
    for (size_t i = 1; i < n; i++)
        s->pending[i - 1] = (char)(ops[i] ? ops[i] : '?');
    s->pending[n - 1] = '\0';
    return 0;
}

int bcr_type_record(bcr_names *s, const uint64_t *ops, size_t n)
{
    if (n == 0 || ops[0] == TY_NUMENTRY)
        return 0;
    if (ops[0] == TY_STRUCT_NAME)
        return bcr_struct_name(s, ops, n);
    uint32_t id = s->next++;
    if (!s->pending || (ops[0] != TY_STRUCT_NAMED && ops[0] != TY_OPAQUE))
        return 0;
    bcr_name *v = grow_array(s->v, &s->cap, s->n, sizeof *v, 32);
    if (!v)
        return -2;
    s->v = v;
    s->v[s->n++] = (bcr_name){id, s->pending};
    s->pending = NULL;
    return 0;
}

/* Names are added by rising type id. */
static const char *bcr_name_of(const bcr_names *s, uint32_t type)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->v[mid].type < type)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->n && s->v[lo].type == type ? s->v[lo].name : NULL;
}

typedef struct bcr_finish_ctx {
    const bcr_names *names;
    const bcv_model *types;
    bc_restypes *out;
    bool oom;
} bcr_finish_ctx;

/* The struct a pointer type points to, arrays peeled; NULL with *problem
 * set when the type table says otherwise. */
static const char *bcr_pointee(const bcr_finish_ctx *f, uint64_t ty, const char **problem,
                               bc_restype *out)
{
    unsigned code = 0;
    uint32_t ref = 0;
    if (!bcv_type_ref(f->types, ty, &code, &ref) || code != TY_POINTER) {
        *problem = "operand 1's type is not a pointer";
        return NULL;
    }
    uint32_t cur = ref;
    for (unsigned depth = 0; depth < 8; depth++, cur = ref) { /* arrays of arrays */
        if (!bcv_type_ref(f->types, cur, &code, &ref)) {
            *problem = "operand 1 points to a type the type table does not hold";
            return NULL;
        }
        if (code != TY_ARRAY)
            break;
        if (out->ndims < 8 && !bcv_type_array_len(f->types, cur, &out->dims[out->ndims++]))
            out->ndims--;
    }
    const char *name = code == TY_STRUCT_NAMED || code == TY_OPAQUE ? bcr_name_of(f->names, cur)
                                                                    : NULL;
    if (!name)
        *problem = "operand 1 points to a type that is not a named struct";
    return name;
}

static void bcr_finish_one(void *user, unsigned list, unsigned pos, uint64_t ty)
{
    bcr_finish_ctx *f = user;
    bc_restype r = {.list = list, .pos = pos, .type = ty < UINT32_MAX ? (uint32_t)ty : UINT32_MAX};
    const char *problem = NULL, *name = bcr_pointee(f, ty, &problem, &r);
    bc_restypes *t = f->out;
    bc_restype *v = grow_array(t->v, &t->cap, t->n, sizeof *v, 16);
    char *copy = name ? strdup(name) : NULL;
    if (!v || (name && !copy)) {
        free(copy);
        f->oom = true;
        return;
    }
    t->v = v;
    r.name = copy;
    r.problem = problem;
    t->v[t->n++] = r;
}

/* The named struct a pointer type points to, or NULL. */
static const char *bcr_struct_of(const bcr_names *s, const bcv_model *types, uint32_t ptr)
{
    unsigned code;
    uint32_t ref, c2, r2;
    if (!bcv_type_ref(types, ptr, &code, &ref) || code != TY_POINTER ||
        !bcv_type_ref(types, ref, &c2, &r2) || (c2 != TY_STRUCT_NAMED && c2 != TY_OPAQUE))
        return NULL;
    return bcr_name_of(s, ref);
}

static int bcr_add_param(bc_restypes *out, const char *fn, unsigned index, const char *name)
{
    struct bc_fnparam *p = realloc(out->params, (out->nparams + 1) * sizeof *p);
    if (!p)
        return -1;
    out->params = p;
    p[out->nparams] = (struct bc_fnparam){strdup(fn), strdup(name), index};
    out->nparams++;
    return p[out->nparams - 1].fn && p[out->nparams - 1].name ? 0 : -1;
}

/* Each function's pointer parameters that point to a named struct. */
static int bcr_finish_params(const bcr_names *s, const bcv_model *types, bc_restypes *out)
{
    for (size_t id = 0; id < s->nvst && id < s->nvalues; id++) {
        uint32_t fty = (uint32_t)s->fn_type[id], n = 0, code_ref;
        unsigned code;
        if (!s->is_fn[id] || !s->vst[id] || !bcv_type_ref(types, fty, &code, &code_ref))
            continue;
        if (code == TY_POINTER) /* before 3.7: a pointer to the function type */
            fty = code_ref;
        for (uint32_t i = 2; bcv_type_operand(types, fty, i, &n); i++) {
            const char *name = bcr_struct_of(s, types, n);
            if (name && bcr_add_param(out, s->vst[id], i - 2, name))
                return -1;
        }
    }
    return 0;
}

/* The unsorted symbol tables, each function's by its name. */
static int bcr_finish_vst_order(bcr_names *s, bc_restypes *out)
{
    const char **names = calloc(s->nbodies + 1, sizeof *names);
    if (!names)
        return -1;
    for (size_t k = 0; k < s->nbodies; k++)
        names[k] = s->bodies[k] < s->nvst ? s->vst[s->bodies[k]] : NULL;
    int rc = bcr_vst_finish(s->order, names, s->nbodies, out);
    free(names);
    return rc;
}

bc_restypes *bcr_finish(bcr_names *s, const bcv_model *types, const bcm_state *md)
{
    bc_restypes *out = calloc(1, sizeof *out);
    if (!out)
        return NULL;
    bcr_finish_ctx f = {s, types, out, false};
    bcm_resource_value_types(md, bcr_finish_one, &f);
    if (s->nkinds && !(out->kinds = calloc(s->nkinds, sizeof *out->kinds)))
        f.oom = true;
    for (size_t i = 0; out->kinds && i < s->nkinds; i++) {
        out->kinds[i] = s->kinds[i] ? strdup(s->kinds[i]) : NULL;
        f.oom |= s->kinds[i] && !out->kinds[i];
        out->nkinds = i + 1;
    }
    if (s->nvst && !(out->functions = calloc(s->nvst, sizeof *out->functions)))
        f.oom = true;
    for (size_t i = 0; out->functions && i < s->nvst; i++)
        if (s->is_fn[i] && s->vst[i]) {
            out->functions[out->nfunctions] = strdup(s->vst[i]);
            f.oom |= !out->functions[out->nfunctions++];
        }
    f.oom |= bcr_finish_params(s, types, out) != 0;
    f.oom |= bcr_finish_vst_order(s, out) != 0;
    if (s->nwords && (out->words = malloc(s->nwords * sizeof *out->words)) != NULL) {
        memcpy(out->words, s->words, s->nwords * sizeof *out->words);
        out->nwords = s->nwords;
    }
    f.oom |= s->nwords && !out->words;
    if (f.oom || (out->n == 0 && out->nkinds == 0 && out->nfunctions == 0 && !out->nwords &&
                   !out->nvst_orders)) {
        bc_restypes_free(out);
        return NULL;
    }
    return out;
}

const bc_restype *bc_restypes_find(const bc_restypes *t, unsigned list,
                                             unsigned pos)
{
    for (size_t i = 0; t && i < t->n; i++)
        if (t->v[i].list == list && t->v[i].pos == pos)
            return &t->v[i];
    return NULL;
}

void bc_restypes_free(bc_restypes *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->v[i].name);
    free(t->v);
    for (size_t i = 0; i < t->nkinds; i++)
        free(t->kinds[i]);
    free(t->kinds);
    for (size_t i = 0; i < t->nfunctions; i++)
        free(t->functions[i]);
    free(t->functions);
    bc_vstorders_free(t->vst_orders, t->nvst_orders);
    for (size_t i = 0; i < t->nparams; i++) {
        free(t->params[i].fn);
        free(t->params[i].name);
    }
    free(t->params);
    free(t->words);
    free(t);
}
