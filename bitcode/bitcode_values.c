/* bitcode_values.c - follows LLVM 22's BitcodeReader value numbering far
 * enough to check GEP struct indices (see bitcode_values.h).
 *
 * Every table grows with the records read, so memory stays proportional to
 * the input; past BCV_MAX_ITEMS entries the model gives up (checks off)
 * rather than grow further. */
#include "bitcode_values_internal.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bcv_model *bcv_create(void)
{
    return calloc(1, sizeof(bcv_model));
}

void bcv_destroy(bcv_model *m)
{
    if (!m)
        return;
    free(m->types);
    free(m->fields);
    free(m->bodies);
    free(m->vals);
    free(m->pend);
    free(m->ptrs);
    free(m);
}

void bcv_attach_facts(bcv_model *m, struct bcp_build *b)
{
    m->pf = b;
}

const char *bcv_why(const bcv_model *m)
{
    return m->why;
}

uint32_t bcv_module_values(const bcv_model *m)
{
    return m->lost || m->seen_body ? UINT32_MAX : m->n_vals;
}

bool bcv_type_ref(const bcv_model *m, uint64_t id, unsigned *code, uint32_t *ref)
{
    if (m->lost || id >= m->n_types)
        return false;
    const bcv_type *t = &m->types[id];
    *code = t->code;
    *ref = t->kind == BCV_K_POINTER || t->kind == BCV_K_ARRAY ? t->ref : BCV_NONE;
    return true;
}

bool bcv_type_array_len(const bcv_model *m, uint64_t id, uint32_t *len)
{
    if (m->lost || id >= m->n_types || m->types[id].kind != BCV_K_ARRAY || !m->types[id].n_raw)
        return false;
    *len = m->fields[m->types[id].raw];
    return true;
}

bool bcv_type_operand(const bcv_model *m, uint64_t id, uint32_t i, uint32_t *out)
{
    if (m->lost || id >= m->n_types || i >= m->types[id].n_raw)
        return false;
    *out = m->fields[m->types[id].raw + i];
    return true;
}

uint32_t bcv_type_count(const bcv_model *m)
{
    return m->lost ? 0 : m->n_types;
}

/* 0 ok, 1 over the cap (the model is lost), -2 out of memory. */
int bcv_grow(bcv_model *m, void **items, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    if (need > BCV_MAX_ITEMS) {
        m->lost = true;
        return 1;
    }
    uint32_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *p = realloc(*items, (size_t)n * size);
    if (!p)
        return -2;
    *items = p;
    *cap = n;
    return 0;
}

int bcv_fail(bcv_model *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->why, sizeof m->why, fmt, ap);
    va_end(ap);
    return -1;
}

const bcv_type *bcv_type_at(const bcv_model *m, uint32_t id)
{
    static const bcv_type i32 = {BCV_K_INT, 7, 32, 0, 0, 0};
    return id == BCV_I32 ? &i32 : id < m->n_types ? &m->types[id] : NULL;
}

bool bcv_is_i32(const bcv_model *m, uint32_t id)
{
    const bcv_type *t = bcv_type_at(m, id);
    return t && t->kind == BCV_K_INT && t->n == 32;
}

/* ---- TYPE_BLOCK ---------------------------------------------------------- */

/* Records that define a type, by code: the kind, where the element /
 * return type is (0: none), and where a list (struct fields, function
 * parameters) starts (0: none). Any other code but NUMENTRY (1) and
 * STRUCT_NAME (19) defines a type of no interest here. */
typedef struct bcv_type_layout {
    uint8_t code, kind, ref_at, n_at, list_from;
} bcv_type_layout;

/* Indexed by record code; codes not listed are BCV_K_OTHER (all zero). */
static const bcv_type_layout bcv_type_layouts[] = {
    [2] = {2, BCV_K_VOID, 0, 0, 0},
    [6] = {6, BCV_K_STRUCT, 0, 0, 0},      /* OPAQUE: a struct with no fields */
    [7] = {7, BCV_K_INT, 0, 1, 0},         /* INTEGER [width] */
    [8] = {8, BCV_K_POINTER, 1, 0, 0},     /* POINTER [pointee, addrspace] */
    [9] = {9, BCV_K_FUNCTION, 3, 0, 4},    /* FUNCTION_OLD [vararg, attrid, retty, params...] */
    [11] = {11, BCV_K_ARRAY, 2, 0, 0},     /* ARRAY [numelts, eltty] */
    [12] = {12, BCV_K_ARRAY, 2, 0, 0},     /* VECTOR [numelts, eltty]: indexed like an array */
    [18] = {18, BCV_K_STRUCT, 0, 0, 2},    /* STRUCT_ANON [ispacked, eltty...] */
    [20] = {20, BCV_K_STRUCT, 0, 0, 2},    /* STRUCT_NAMED [ispacked, eltty...] */
    [21] = {21, BCV_K_FUNCTION, 2, 0, 3},  /* FUNCTION [vararg, retty, params...] */
};

static bcv_type_layout bcv_type_layout_of(uint64_t code)
{
    if (code < sizeof bcv_type_layouts / sizeof *bcv_type_layouts)
        return bcv_type_layouts[code];
    return (bcv_type_layout){0, BCV_K_OTHER, 0, 0, 0};
}

size_t bcv_param_list(const bcv_model *m, const bcv_type *ft)
{
    (void)m;
    return ft->raw + bcv_type_layout_of(ft->code).list_from - 1;
}

/* ---- pointer types, for the typed-pointer facts ------------------------ */

static int bcv_ptr_cmp(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return *x < *y ? -1 : *x > *y;
}

/* Every POINTER record as ((pointee << 8 | addrspace) << 24 | id)... kept
 * as two words: key (pointee, addrspace) and id, sorted by key. */
static void bcv_index_pointers(bcv_model *m)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->n_types; i++)
        n += m->types[i].kind == BCV_K_POINTER && m->types[i].n_raw >= 1;
    free(m->ptrs);
    m->ptrs = n ? malloc((size_t)n * 2 * sizeof *m->ptrs) : NULL;
    m->n_ptrs = 0;
    for (uint32_t i = 0; m->ptrs && i < m->n_types; i++) {
        const bcv_type *t = &m->types[i];
        if (t->kind != BCV_K_POINTER || t->n_raw < 1)
            continue;
        uint64_t as = t->n_raw >= 2 ? m->fields[t->raw + 1] : 0;
        m->ptrs[2 * m->n_ptrs] = (uint64_t)m->fields[t->raw] << 32 | (as & 0xFFFFFFFFu);
        m->ptrs[2 * m->n_ptrs + 1] = i;
        m->n_ptrs++;
    }
    if (m->ptrs)
        qsort(m->ptrs, m->n_ptrs, 2 * sizeof *m->ptrs, bcv_ptr_cmp);
    uint32_t w1 = 1, w32 = 32;
    m->ty_i1 = bcv_find_type(m, 7, &w1, 1);
    m->ty_i32 = bcv_find_type(m, 7, &w32, 1);
}

uint32_t bcv_ptr_to(const bcv_model *m, uint32_t pointee, uint32_t as)
{
    uint64_t key = (uint64_t)pointee << 32 | as;
    uint32_t lo = 0, hi = m->n_ptrs;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (m->ptrs[2 * mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->n_ptrs && m->ptrs[2 * lo] == key ? (uint32_t)m->ptrs[2 * lo + 1] : BCV_NONE;
}

uint32_t bcv_find_type(const bcv_model *m, uint8_t code, const uint32_t *ops, uint32_t n)
{
    for (uint32_t i = 0; i < m->n_types; i++) {
        const bcv_type *t = &m->types[i];
        if (t->code != code || t->n_raw < n)
            continue;
        uint32_t k = 0;
        while (k < n && m->fields[t->raw + k] == ops[k])
            k++;
        if (k == n && t->n_raw == n)
            return i;
    }
    return BCV_NONE;
}

/* Keeps the record's operands (ops[1, n)) in fields: struct fields are
 * looked up there, and function types compared (bcv_type_same). */
static int bcv_type_ops(bcv_model *m, bcv_type *t, const uint64_t *ops, size_t n)
{
    size_t count = n - 1;
    if (count > BCV_MAX_ITEMS)
        return m->lost = true, 1;
    int rc = bcv_grow(m, (void **)&m->fields, &m->cap_fields, m->n_fields + (uint32_t)count,
                      sizeof *m->fields);
    if (rc != 0)
        return rc;
    t->raw = m->n_fields;
    t->n_raw = (uint32_t)count;
    for (size_t i = 1; i < n; i++)
        m->fields[m->n_fields++] = ops[i] > UINT32_MAX ? BCV_NONE : (uint32_t)ops[i];
    return 0;
}

static int bcv_type_record(bcv_model *m, const uint64_t *ops, size_t n)
{
    if (ops[0] == 19 && m->pf) /* STRUCT_NAME */
        return bcp_struct_name(m->pf, ops + 1, n - 1);
    if (ops[0] == 1 || ops[0] == 19)
        return 0;
    if (m->pf && !m->lost && bcp_type_defined(m->pf, m->n_types, (uint8_t)ops[0]) != 0)
        return -2;
    int rc = bcv_grow(m, (void **)&m->types, &m->cap_types, m->n_types + 1, sizeof *m->types);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    bcv_type_layout l = bcv_type_layout_of(ops[0]);
    bcv_type t = {l.kind, ops[0] < 256 ? (uint8_t)ops[0] : 0, 0, BCV_NONE, 0, 0};
    if (l.ref_at && l.ref_at < n)
        t.ref = (uint32_t)ops[l.ref_at];
    if (l.n_at && l.n_at < n)
        t.n = ops[l.n_at] > UINT32_MAX ? 0 : (uint32_t)ops[l.n_at];
    rc = bcv_type_ops(m, &t, ops, n);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    if (l.kind == BCV_K_STRUCT && l.list_from) {
        t.ref = t.raw + l.list_from - 1;
        t.n = n > l.list_from ? (uint32_t)(n - l.list_from) : 0;
    }
    if (l.kind == BCV_K_FUNCTION)
        t.n = n > l.list_from ? (uint32_t)(n - l.list_from) : 0;
    m->types[m->n_types++] = t;
    return 0;
}

/* Where the type ids among a literal type record's operands are, by code:
 * from operand `from` (0-based, after the code) to `to` (inclusive,
 * BCV_ALL: the end). Codes listed with from = BCV_ALL hold no type. */
enum { BCV_ALL = 255, BCV_SAME_DEPTH = 16 };
static const struct {
    uint8_t code, from, to;
} bcv_literal_types[] = {
    {2, BCV_ALL, 0},  {3, BCV_ALL, 0},  {4, BCV_ALL, 0},  {5, BCV_ALL, 0},  /* void .. label */
    {7, BCV_ALL, 0},  {10, BCV_ALL, 0}, {13, BCV_ALL, 0}, {14, BCV_ALL, 0}, /* int, half, fp */
    {15, BCV_ALL, 0}, {16, BCV_ALL, 0}, {17, BCV_ALL, 0}, {22, BCV_ALL, 0}, /* .. token */
    {23, BCV_ALL, 0}, {8, 0, 0},        {11, 1, 1},       {12, 1, 1},       /* ptr, array, vec */
    {18, 1, BCV_ALL}, {21, 1, BCV_ALL},                   /* STRUCT_ANON, FUNCTION */
};


/* Two records of the same literal code: numbers equal, types the same. */
static bool bcv_literal_same(const bcv_model *m, const bcv_type *x, const bcv_type *y,
                             unsigned depth)
{
    size_t k = 0, n = sizeof bcv_literal_types / sizeof *bcv_literal_types;
    while (k < n && bcv_literal_types[k].code != x->code)
        k++;
    if (k == n)
        return true; /* a type this model does not compare: assume the same */
    if (x->n_raw != y->n_raw)
        return false;
    for (uint32_t i = 0; i < x->n_raw; i++) {
        uint32_t p = m->fields[x->raw + i], q = m->fields[y->raw + i];
        bool is_type = i >= bcv_literal_types[k].from && i <= bcv_literal_types[k].to;
        if (p != q && (!is_type || !bcv_type_same(m, p, q, depth + 1)))
            return false;
    }
    return true;
}

/* Whether LLVM uniques type ids a and b to one type: named structs are
 * themselves only, literal types equal by structure. Unknown ids, unknown
 * codes and deep or cyclic nests count as the same: only a certain
 * difference is reported. */
bool bcv_type_same(const bcv_model *m, uint32_t a, uint32_t b, unsigned depth)
{
    const bcv_type *x = bcv_type_at(m, a), *y = bcv_type_at(m, b);
    if (a == b || !x || !y || depth > BCV_SAME_DEPTH || x->code == 9 || y->code == 9)
        return true; /* FUNCTION_OLD: not compared */
    if (x->code != y->code || x->code == 6 || x->code == 20)
        return false; /* OPAQUE and STRUCT_NAMED are distinct types */
    return bcv_literal_same(m, x, y, depth);
}

/* ---- values ------------------------------------------------------------ */

int bcv_add(bcv_model *m, bcv_value v)
{
    if (m->lost)
        return 0;
    int rc = bcv_grow(m, (void **)&m->vals, &m->cap_vals, m->n_vals + 1, sizeof *m->vals);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    m->vals[m->n_vals++] = v;
    return 0;
}

int bcv_add_other(bcv_model *m)
{
    return bcv_add(m, (bcv_value){BCV_NONE, 0, false, false, false, false, 0});
}

/* One GEP level: *ty is the type being indexed; idx the index's constant
 * (NULL when it is not an already defined value) and typed whether the
 * record's explicit index type is i32. Returns 0 and steps *ty, 1 when the
 * type table cannot say (LLVM rejects that itself), -1 to reject. */
int bcv_step(bcv_model *m, uint32_t *ty, const bcv_value *idx, bool typed, size_t level)
{
    const bcv_type *t = bcv_type_at(m, *ty);
    if (!t)
        return 1;
    if (t->kind == BCV_K_ARRAY) {
        *ty = t->ref;
        return 0;
    }
    if (t->kind != BCV_K_STRUCT)
        return bcv_fail(m, "GEP index %zu steps into type %u, which is not an aggregate",
                        level, *ty);
    if (!idx || !idx->cint || !typed || !bcv_is_i32(m, idx->ty))
        return bcv_fail(m, "GEP index %zu into struct type %u is not an i32 constant", level,
                        *ty);
    if (idx->low >= t->n)
        return bcv_fail(m, "GEP index %zu into struct type %u is %u, but it has %u fields",
                        level, *ty, idx->low, t->n);
    *ty = m->fields[t->ref + idx->low];
    return 0;
}

/* ---- CONSTANTS_BLOCK --------------------------------------------------- */

/* CE GEP records: the source element type and the first (type, value)
 * operand pair, per LLVM 22's reader. false when there is no explicit
 * source type (the old form infers it from the pointer) or the record is
 * a shape this model does not follow. */
static bool bcv_ce_gep_layout(const uint64_t *ops, size_t n, uint32_t *ty, size_t *at)
{
    uint64_t code = ops[0];
    if (n < 2)
        return false;
    *ty = (uint32_t)ops[1];
    if (code == 12 || code == 20) /* GEP_OLD, INBOUNDS_GEP: [ty?, n x (ty, val)] */
        return *at = 2, (n - 1) % 2 == 1;
    if (code == 24 || code == 32) /* INRANGE_INDEX_OLD, GEP: [ty, flags, n x (ty, val)] */
        return *at = 3, true;
    /* GEP_WITH_INRANGE [ty, flags, width, lower, upper, n x (ty, val)] */
    return *at = 6, n > 3 && ops[3] <= 64;
}

/* A GEP's source element type past the type table: LLVM 22 does not check
 * and indexes a null type (crash in StructType::getTypeAtIndex). */
int bcv_undefined_source(bcv_model *m, uint64_t ty)
{
    return bcv_fail(m, "GEP source element type %llu is not defined (%u types)",
                    (unsigned long long)ty, m->n_types);
}

static int bcv_ce_gep(bcv_model *m, const uint64_t *ops, size_t n)
{
    uint32_t ty;
    size_t at;
    if (!bcv_ce_gep_layout(ops, n, &ty, &at))
        return 0;
    if (ops[1] >= m->n_types)
        return bcv_undefined_source(m, ops[1]);
    size_t level = 1;
    for (at += 4; at + 1 < n; at += 2, level++) { /* past the base and the first index */
        uint32_t id = (uint32_t)ops[at + 1];
        const bcv_value *v = id < m->n_vals ? &m->vals[id] : NULL;
        int rc = bcv_step(m, &ty, v, bcv_is_i32(m, (uint32_t)ops[at]), level);
        if (rc != 0)
            return rc < 0 ? rc : 0;
    }
    return 0;
}

/* Which operands (bit i: ops[i]) of a constant expression are value ids,
 * by record code; the element forms have an older 3-operand layout too. */
static uint32_t bcv_ce_value_ops(uint64_t code, size_t n)
{
    switch (code) {
    case 10: return 1u << 2 | 1u << 3;                           /* CE_BINOP [opc, l, r] */
    case 11: return 1u << 3;                                     /* CE_CAST [opc, ty, v] */
    case 13: case 16: return 1u << 1 | 1u << 2 | 1u << 3;      /* CE_SELECT, CE_SHUFFLEVEC */
    case 14: return n == 4 ? 1u << 2 | 1u << 3 : 1u << 2 | 1u << 4;    /* CE_EXTRACTELT */
    case 15: return n == 4 ? 1u << 1 | 1u << 2 | 1u << 3             /* CE_INSERTELT */
                           : 1u << 1 | 1u << 2 | 1u << 4;
    case 17: return 1u << 2 | 1u << 3;                           /* CE_CMP [ty, l, r, pred] */
    case 19: return 1u << 2 | 1u << 3 | 1u << 4;                /* CE_SHUFVEC_EX */
    case 25: return 1u << 2;                                     /* CE_UNOP [opc, v] */
    default: return 0;
    }
}

static bool bcv_names_itself(const bcv_model *m, const uint64_t *ops, size_t n)
{
    uint64_t code = ops[0], self = m->n_vals;
    if (code == 7) { /* AGGREGATE [values...] */
        for (size_t i = 1; i < n; i++)
            if (ops[i] == self)
                return true;
        return false;
    }
    uint32_t ty;
    size_t start;
    bool gep = code == 12 || code == 20 || code == 24 || code == 31 || code == 32;
    if (gep) { /* (type, value) pairs; the old GEPs may omit the source type */
        if (!bcv_ce_gep_layout(ops, n, &ty, &start))
            start = code == 12 || code == 20 ? 1 : n;
        for (size_t at = start; at + 1 < n; at += 2)
            if (ops[at + 1] == self)
                return true;
        return false;
    }
    uint32_t mask = bcv_ce_value_ops(code, n);
    for (size_t i = 1; i < n && i < 32; i++)
        if ((mask >> i & 1) && ops[i] == self)
            return true;
    return false;
}

/* INTEGER values are sign-rotated: the low bit is the sign. */
static uint32_t bcv_low32(uint64_t v)
{
    return (uint32_t)((v & 1) ? 0 - (v >> 1) : v >> 1);
}

/* SETTYPE [type]: the type must exist (all types precede constants). */
static int bcv_settype(bcv_model *m, const uint64_t *ops, size_t n)
{
    m->cst_ty = n >= 2 && ops[1] < BCV_I32 ? (uint32_t)ops[1] : BCV_NONE;
    if (m->lost)
        return 0;
    if (m->cst_ty >= m->n_types)
        return bcv_fail(m, "SETTYPE names type %llu, but only %u types are defined",
                        n >= 2 ? (unsigned long long)ops[1] : 0ull, m->n_types);
    /* No constant is void, a label, metadata or a function (LLVM 3.7 wrote
     * SETTYPE only before a constant); LLVM 22 traps on NULL of such a type
     * (Constant::getNullValue of metadata, a flipped SETTYPE). */
    uint8_t code = m->types[m->cst_ty].code;
    if (code == 2 || code == 5 || code == 9 || code == 16 || code == 21)
        return bcv_fail(m, "SETTYPE names type %u (record code %u), which no constant has",
                        m->cst_ty, code);
    return 0;
}

/* AGGREGATE [values...] as a shufflevector mask: every element an already
 * defined integer constant or undef (LLVM reads each as a ConstantInt). */
static bool bcv_mask_elements(const bcv_model *m, const uint64_t *ops, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (ops[i] >= m->n_vals || !(m->vals[ops[i]].cint || m->vals[ops[i]].undef))
            return false;
    return true;
}

/* An AGGREGATE whose elements are integers or undef so far and whose
 * other elements come later in the block: LLVM's readers resolve such
 * forward references, and LLVM 3.7's constant sort writes them (a mask
 * vector's type may sort before i32's). */
static bool bcv_mask_later(const bcv_model *m, const uint64_t *ops, size_t n)
{
    bool later = false;
    for (size_t i = 1; i < n; i++) {
        if (ops[i] >= m->n_vals)
            later = later || ops[i] < UINT32_MAX;
        else if (!(m->vals[ops[i]].cint || m->vals[ops[i]].undef))
            return false;
    }
    return later && !m->lost;
}

/* Remembers the aggregate about to be added, to be settled when the
 * constants block ends. 0, or -1 out of memory. */
static int bcv_pend(bcv_model *m, const uint64_t *ops, size_t n)
{
    if (n - 1 > BCV_MAX_ITEMS)
        return m->lost = true, 0;
    uint32_t need = m->n_pend + 2 + (uint32_t)(n - 1);
    int rc = bcv_grow(m, (void **)&m->pend, &m->cap_pend, need, sizeof *m->pend);
    if (rc != 0)
        return rc < 0 ? rc : 0;
    m->pend[m->n_pend++] = m->n_vals;
    m->pend[m->n_pend++] = (uint32_t)(n - 1);
    for (size_t i = 1; i < n; i++)
        m->pend[m->n_pend++] = (uint32_t)ops[i];
    return 0;
}

/* End of a constants block: a waiting aggregate is a mask when every
 * element is now a defined integer or undef. */
static void bcv_settle_masks(bcv_model *m)
{
    for (uint32_t at = 0; at + 2 <= m->n_pend && !m->lost;) {
        uint32_t id = m->pend[at], k = m->pend[at + 1];
        bool ok = id < m->n_vals;
        for (uint32_t i = 0; i < k && ok; i++) {
            uint32_t e = m->pend[at + 2 + i];
            ok = e < m->n_vals && (m->vals[e].cint || m->vals[e].undef);
        }
        if (ok)
            m->vals[id].mask = true;
        at += 2 + k;
    }
    m->n_pend = 0;
}

static int bcv_constant(bcv_model *m, const uint64_t *ops, size_t n)
{
    uint64_t code = ops[0];
    bool checks = !m->lost && !m->fn_lost;
    if (code == 1) /* SETTYPE */
        return bcv_settype(m, ops, n);
    /* DATA [n x value]: LLVM 22 casts the current type to a vector unless
     * it is an array, and reads garbage (crash or hang) otherwise. */
    const bcv_type *cur = bcv_type_at(m, m->cst_ty);
    if (code == 22 && !m->lost && (!cur || cur->kind != BCV_K_ARRAY))
        return m->cst_ty == BCV_I32
                   ? bcv_fail(m, "DATA constant before any SETTYPE (so of type i32)")
                   : bcv_fail(m, "DATA constant of type %u, which is not an array or vector",
                              m->cst_ty);
    bool gep = code == 12 || code == 20 || code == 24 || code == 31 || code == 32;
    int rc = checks && gep ? bcv_ce_gep(m, ops, n) : 0;
    if (rc != 0)
        return rc;
    /* CE_CAST [opc, ty, value], a bitcast of a function: LLVM 22 folds the
     * pointer cast away, so a call through it calls the function itself
     * and must have its type (DXIL has no function pointers). */
    if (code == 11 && n >= 4 && ops[1] == 11 && ops[3] < m->n_vals && m->vals[ops[3]].fn)
        return bcv_add(m, m->vals[ops[3]]);
    /* A constant naming itself: LLVM 22 never finishes resolving an
     * AGGREGATE cycle (20 s hangs), and a self-referencing CE_CAST ended in
     * a 2^32-entry value list (report_fatal_error, an abort). Constants form
     * a DAG in any valid stream. */
    if (!m->lost && bcv_names_itself(m, ops, n))
        return bcv_fail(m, "constant %u (record code %llu) has itself as an operand", m->n_vals,
                        (unsigned long long)code);
    if (code == 4 && n >= 2) /* INTEGER */
        return bcv_add(m, (bcv_value){m->cst_ty, bcv_low32(ops[1]), true, false, false, false, 0});
    if (code == 2) /* NULL: zero of an integer type is a ConstantInt */
        return bcv_add(m, (bcv_value){m->cst_ty, 0, true, false, false, true, 0});
    bool undef = code == 3 || code == 26; /* UNDEF, POISON */
    bool mask = undef || code == 22 || (code == 7 && bcv_mask_elements(m, ops, n));
    if (code == 7 && !mask && bcv_mask_later(m, ops, n) && bcv_pend(m, ops, n) != 0)
        return -1;
    return bcv_add(m, (bcv_value){m->cst_ty, 0, false, false, undef, mask, 0});
}

bool bcv_value_type_differs(const bcv_model *m, uint64_t id, uint64_t ty)
{
    if (m->lost || id >= m->n_vals || ty >= BCV_I32)
        return false;
    const bcv_value *v = &m->vals[id];
    if (v->fn || v->ty == BCV_NONE)
        return false;
    if (v->ty == BCV_I32)
        return !bcv_is_i32(m, (uint32_t)ty);
    return !bcv_type_same(m, v->ty, (uint32_t)ty, 0);
}

/* ---- MODULE_BLOCK ------------------------------------------------------ */

/* A FUNCTION record's type: the function type, which LLVM 3.7 may name
 * through a pointer to it. BCV_NONE when it is neither. */
uint32_t bcv_function_type(const bcv_model *m, uint64_t id)
{
    const bcv_type *t = id < m->n_types ? &m->types[id] : NULL;
    if (t && t->kind == BCV_K_POINTER) {
        id = t->ref;
        t = bcv_type_at(m, t->ref);
    }
    return t && t->kind == BCV_K_FUNCTION ? (uint32_t)id : BCV_NONE;
}

/* A GLOBALVAR's or FUNCTION's pointer type, for the typed-pointer facts
 * (ops[0] is the record code, strtab fields skipped): a global's record
 * names its pointer type, or (explicit-type bit 1 of the second field)
 * its value type and address space; a function's is a pointer to its
 * function type. BCV_NONE for anything else or when not in the table. */
static uint32_t bcv_global_type(const bcv_model *m, const uint64_t *ops, size_t n)
{
    if (!m->pf || n < 3 || ops[1] >= m->n_types)
        return BCV_NONE;
    if (ops[0] == 8) {
        uint32_t fty = bcv_function_type(m, ops[1]);
        return fty == BCV_NONE ? BCV_NONE : bcv_ptr_to(m, fty, 0);
    }
    if (ops[0] != 7)
        return BCV_NONE;
    if (ops[2] & 2)
        return bcv_ptr_to(m, (uint32_t)ops[1], (uint32_t)(ops[2] >> 2));
    return m->types[ops[1]].kind == BCV_K_POINTER ? (uint32_t)ops[1] : BCV_NONE;
}

static int bcv_module_record(bcv_model *m, const uint64_t *ops, size_t n)
{
    uint64_t code = ops[0];
    if (code == 1 && n >= 2) /* VERSION */
        m->version = ops[1];
    bool defines = code == 7 || code == 8 || code == 9 || code == 14 || code == 15;
    if (!defines)
        return 0;
    if (m->seen_body)
        m->lost = true; /* the reader has these before any body; we no longer know */
    size_t off = m->version >= 2 ? 2 : 0; /* strtab offset and size come first */
    if (code == 8 && n > 3 + off && ops[3 + off] == 0) { /* FUNCTION, not a prototype */
        int rc = bcv_grow(m, (void **)&m->bodies, &m->cap_bodies, m->n_bodies + 1,
                          sizeof *m->bodies);
        if (rc != 0)
            return rc < 0 ? rc : 0;
        m->bodies[m->n_bodies++] = (uint32_t)ops[1 + off];
    }
    uint32_t pty = bcv_global_type(m, ops + off, n - off);
    /* FUNCTION [type, cc, isproto, linkage, paramattr, ...] */
    uint32_t attrs = code == 8 && n > 5 + off && ops[5 + off] < BCV_NONE ? (uint32_t)ops[5 + off]
                                                                         : 0;
    if (m->pf && !m->lost &&
        bcp_module_value(m->pf, pty, code == 8, code == 8 && n > 3 + off && ops[3 + off] == 0,
                         attrs))
        return -2;
    bcv_value v = {BCV_NONE, 0, false, false, false, false, pty == BCV_NONE ? 0 : pty + 1};
    if (code == 8 && n > 1 + off) {
        v.ty = bcv_function_type(m, ops[1 + off]);
        v.fn = true;
    }
    return bcv_add(m, v);
}

/* ---- blocks ------------------------------------------------------------- */

void bcv_enter(bcv_model *m, uint32_t bid)
{
    if (bid == BCV_CONSTANTS)
        m->cst_ty = BCV_I32;
    else if (bid == BCV_FUNCTION)
        bcv_function_enter(m);
}

void bcv_leave(bcv_model *m, uint32_t bid)
{
    if (bid == BCV_TYPE && m->pf)
        bcv_index_pointers(m);
    if (bid == BCV_CONSTANTS)
        bcv_settle_masks(m);
    if (bid != BCV_FUNCTION)
        return;
    if (m->pf)
        bcp_body_end(m->pf, m->lost || m->fn_lost);
    if (!m->lost && m->n_vals > m->fn_base)
        m->n_vals = m->fn_base;
    m->fn_lost = false;
}

int bcv_record(bcv_model *m, uint32_t bid, const uint64_t *ops, size_t n)
{
    switch (bid) {
    case BCV_TYPE: return bcv_type_record(m, ops, n);
    case BCV_MODULE: return bcv_module_record(m, ops, n);
    case BCV_CONSTANTS: return bcv_constant(m, ops, n);
    case BCV_FUNCTION: return bcv_instruction(m, ops, n);
    case BCV_PARAMATTR: return m->pf ? bcp_attr_list(m->pf, ops, n) : 0;
    case BCV_PARAMATTR_GROUP: return m->pf ? bcp_attr_group(m->pf, ops, n) : 0;
    default: return 0;
    }
}
