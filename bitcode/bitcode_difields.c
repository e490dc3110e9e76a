/* bitcode_difields.c - which metadata ids are strings and values, and
 * how LLVM 22 reads each debug-info record's fields (bitcode_difields.h).
 * Field positions are LLVM's Record indices: ops[i + 1] is Record[i]. */
#include "bitcode_difields.h"
#include "common/grow.h"

#include <stdbool.h>
#include <stdlib.h>

typedef struct bcs_range {
    uint64_t first, end; /* ids first .. end - 1 */
} bcs_range;

typedef struct bcs_ranges {
    bcs_range *v;
    size_t n, cap;
} bcs_ranges;

struct bcs_strings {
    bcs_ranges ids[2][2]; /* [BCS_STRING / BCS_VALUE][module / function] */
};

/* The widest integer LLVM has (IntegerType::MAX_INT_BITS); a wider
 * enumerator or factor would only make the reader allocate for it. */
#define BCS_MAX_INT_BITS ((uint64_t)1 << 23)

enum {
    BCS_GENERIC_DEBUG = 12, BCS_SUBRANGE = 13, BCS_ENUMERATOR = 14, BCS_BASIC_TYPE = 15,
    BCS_FILE = 16, BCS_DERIVED_TYPE = 17, BCS_COMPOSITE_TYPE = 18, BCS_COMPILE_UNIT = 20,
    BCS_SUBPROGRAM = 21, BCS_NAMESPACE = 24, BCS_TEMPLATE_TYPE = 25, BCS_TEMPLATE_VALUE = 26,
    BCS_GLOBAL_VAR = 27, BCS_LOCAL_VAR = 28, BCS_IMPORTED_ENTITY = 31, BCS_MODULE = 32,
    BCS_GLOBAL_DECL_ATTACHMENT = 36, BCS_STRING_TYPE = 41, BCS_COMMON_BLOCK = 44,
    BCS_GENERIC_SUBRANGE = 45, BCS_ARG_LIST = 46, BCS_SUBRANGE_TYPE = 48,
    BCS_FIXED_POINT_TYPE = 49
};

#define B(i) (1u << (i))
/* Record fields every layout of the record reads as a string (strings) or
 * as a node reference (refs, id + 1, 0 for null); the layout-dependent
 * ones are added by bcs_extra_strings / bcs_extra_refs. min: the fewest
 * fields LLVM reads from the record without checking its size first. */
static const struct {
    uint8_t code, min;
    uint32_t strings, refs;
} bcs_fixed[] = {
    {BCS_GENERIC_DEBUG, 0, B(3), 0},
    {BCS_SUBRANGE, 0, 0, 0},
    {BCS_ENUMERATOR, 0, B(2), 0},
    {BCS_BASIC_TYPE, 0, B(2), 0},
    {BCS_FILE, 0, B(1) | B(2), 0},
    {BCS_DERIVED_TYPE, 0, B(2), B(3) | B(5) | B(6) | B(11)},
    {BCS_COMPOSITE_TYPE, 0, B(2) | B(15), B(3) | B(5) | B(6) | B(11) | B(13) | B(14)},
    {19, 0, 0, B(2)} /* SUBROUTINE_TYPE */,
    {BCS_COMPILE_UNIT, 0, B(3) | B(5) | B(7), B(2) | B(9) | B(10) | B(11) | B(12) | B(13)},
    {BCS_SUBPROGRAM, 0, B(2) | B(3), B(1) | B(4) | B(6)},
    {22, 0, 0, B(1) | B(2)} /* LEXICAL_BLOCK */,
    {23, 0, 0, B(1) | B(2)} /* LEXICAL_BLOCK_FILE */,
    {BCS_NAMESPACE, 0, 0, B(1)},
    {BCS_TEMPLATE_TYPE, 0, B(1), B(2)},
    {BCS_TEMPLATE_VALUE, 0, B(2), B(3) | B(4)},
    {BCS_GLOBAL_VAR, 0, B(2) | B(3), B(1) | B(4) | B(6) | B(10)},
    {BCS_LOCAL_VAR, 0, 0, 0},
    {30, 0, B(1) | B(4) | B(5), B(2) | B(7)} /* OBJC_PROPERTY */,
    {BCS_IMPORTED_ENTITY, 0, B(5), B(2) | B(3)},
    {BCS_MODULE, 0, 0, 0},
    {33, 0, B(3) | B(4), 0} /* MACRO */,
    {34, 0, 0, B(3) | B(4)} /* MACRO_FILE */,
    {37, 0, 0, B(1) | B(2)} /* GLOBAL_VAR_EXPR */,
    {40, 0, B(2), B(1) | B(3)} /* LABEL */,
    {BCS_STRING_TYPE, 0, B(2), B(3) | B(4)},
    {BCS_COMMON_BLOCK, 6, B(3), B(1) | B(2) | B(4)},
    {BCS_GENERIC_SUBRANGE, 5, 0, B(1) | B(2) | B(3) | B(4)},
    {BCS_SUBRANGE_TYPE, 0, B(1), B(2) | B(4) | B(8) | B(9) | B(10) | B(11) | B(12)},
    {BCS_FIXED_POINT_TYPE, 0, B(2), 0},
};
#undef B

bcs_strings *bcs_create(void)
{
    return calloc(1, sizeof(bcs_strings));
}

void bcs_destroy(bcs_strings *s)
{
    if (!s)
        return;
    for (int k = 0; k < 2; k++)
        for (int l = 0; l < 2; l++)
            free(s->ids[k][l].v);
    free(s);
}

void bcs_function_begin(bcs_strings *s)
{
    s->ids[BCS_STRING][1].n = s->ids[BCS_VALUE][1].n = 0;
}

int bcs_note(bcs_strings *s, int kind, uint64_t first, uint64_t count, int in_fn)
{
    bcs_ranges *r = &s->ids[kind][in_fn != 0];
    if (count == 0)
        return 0;
    uint64_t end = first + count < first ? UINT64_MAX : first + count;
    if (r->n && r->v[r->n - 1].end == first) {
        r->v[r->n - 1].end = end; /* LLVM 3.7 writes one string per record */
        return 0;
    }
    bcs_range *v = grow_array(r->v, &r->cap, r->n, sizeof *v, 8);
    if (!v)
        return -1;
    r->v = v;
    r->v[r->n++] = (bcs_range){first, end};
    return 0;
}

/* Ranges are added in increasing id order: binary search. */
static bool bcs_in(const bcs_ranges *r, uint64_t id)
{
    size_t lo = 0, hi = r->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (id < r->v[mid].first)
            hi = mid;
        else if (id >= r->v[mid].end)
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* Whether id (below next_id) is of kind, module-wide or the function's. */
static bool bcs_is(const bcs_strings *s, int kind, uint64_t id, uint64_t next_id)
{
    return id < next_id && (bcs_in(&s->ids[kind][0], id) || bcs_in(&s->ids[kind][1], id));
}

/* Fields read as strings only in some layouts (LLVM 22's reader). */
static uint32_t bcs_extra_strings(uint64_t code, const uint64_t *rec, size_t n)
{
    switch (code) {
    case BCS_FILE: /* checksum when its kind and value are set; source */
        return (n > 4 && rec[3] && rec[4] ? 1u << 4 : 0) | (n > 5 ? 1u << 5 : 0);
    case BCS_COMPILE_UNIT: /* sysroot, SDK */
        return (n > 20 ? 1u << 20 : 0) | (n > 21 ? 1u << 21 : 0);
    case BCS_SUBPROGRAM: /* targetFuncName, with the packed SP flags */
        return n >= 1 && (rec[0] & 4) && n >= 20 ? 1u << 19 : 0;
    case BCS_NAMESPACE: /* the name moved when file and line were dropped */
        return n == 3 ? 1u << 2 : n == 5 ? 1u << 3 : 0;
    case BCS_LOCAL_VAR: /* the name follows an old tag field */
        return 1u << (n >= 1 && !(rec[0] & 2) && n > 8 ? 3 : 2);
    case BCS_MODULE: { /* four strings after the scope (and the file) */
        unsigned off = n >= 8 ? 2 : 1;
        return 0xFu << (off + 1);
    }
    default:
        return 0;
    }
}

/* A wide integer [bits | words << 32, words...] at rec[*at] (fixed-point
 * factors), or the enumerator's [.., bits, name, words...]. */
static const char *bcs_wide(const uint64_t *rec, size_t n, size_t *at)
{
    if (*at >= n)
        return "a fixed-point factor lies past the record's end";
    uint64_t words = rec[*at] >> 32, bits = rec[*at] & 0xFFFFFFFFu;
    if (bits > BCS_MAX_INT_BITS)
        return "a fixed-point factor is wider than any LLVM integer";
    if (words > n - *at - 1)
        return "a fixed-point factor has more words than the record";
    *at += 1 + (size_t)words;
    return NULL;
}

static const char *bcs_sizes(uint64_t code, const uint64_t *rec, size_t n, uint8_t min,
                             size_t *bad)
{
    *bad = 0;
    if (n < min || (code == BCS_SUBRANGE && (n < 3 || ((rec[0] >> 1) == 2 && n < 5))))
        return "has fewer fields than LLVM reads from it";
    if (code == BCS_ENUMERATOR && n >= 3 && (rec[0] & 4) && rec[1] > BCS_MAX_INT_BITS) {
        *bad = 2;
        return "is an enumerator wider than any LLVM integer";
    }
    if (code == BCS_FIXED_POINT_TYPE && n >= 11) {
        size_t at = 9;
        const char *why = bcs_wide(rec, n, &at);
        if (!why)
            why = bcs_wide(rec, n, &at);
        if (why)
            *bad = at + 1;
        return why;
    }
    return NULL;
}

const char *bcs_check_record(const bcs_strings *s, const uint64_t *ops, size_t n_ops,
                             uint64_t next_id, size_t *field)
{
    uint64_t code = ops[0];
    const uint64_t *rec = ops + 1;
    size_t n = n_ops - 1, k = 0;
    while (k < sizeof bcs_fixed / sizeof *bcs_fixed && bcs_fixed[k].code != code)
        k++;
    if (code == BCS_ARG_LIST) /* [n x value id]: LLVM casts each to value metadata */
        for (size_t i = 0; i < n; i++)
            if (!bcs_is(s, BCS_VALUE, rec[i], next_id)) {
                *field = i + 1;
                return "lists metadata that is not a value read before it";
            }
    if (k == sizeof bcs_fixed / sizeof *bcs_fixed)
        return NULL;
    const char *why = bcs_sizes(code, rec, n, bcs_fixed[k].min, field);
    if (why)
        return why;
    uint32_t fields = bcs_fixed[k].strings | bcs_extra_strings(code, rec, n);
    for (size_t i = 0; i < 32; i++) {
        if (!(fields & (1u << i)))
            continue;
        *field = i + 1;
        if (i >= n)
            return "has fewer fields than LLVM reads from it";
        if (rec[i] == 0)
            continue; /* null */
        if (!bcs_is(s, BCS_STRING, rec[i] - 1, next_id))
            return "names, in a field LLVM reads as a string, metadata that is not a string "
                   "read before it";
    }
    return NULL;
}

/* Node fields read only in some layouts (LLVM 22's reader). */
static uint32_t bcs_extra_refs(uint64_t code, const uint64_t *rec, size_t n)
{
    uint64_t f = n ? rec[0] : 0;
    switch (code) {
    case BCS_SUBRANGE: /* version 1: count; version 2: all four bounds */
        return (f >> 1) == 1 ? 1u << 1 : (f >> 1) == 2 ? 0x1Eu : 0;
    case BCS_BASIC_TYPE: /* size as metadata; file and scope */
        return (f & 2 ? 1u << 3 : 0) | (n > 9 ? (1u << 9) | (1u << 11) : 0);
    case BCS_DERIVED_TYPE: /* sizes as metadata; annotations */
        return (f & 2 ? (1u << 7) | (1u << 9) : 0) | (n > 14 ? 1u << 13 : 0);
    case BCS_COMPOSITE_TYPE: { /* sizes as metadata; fields added since */
        static const uint8_t since[][2] = {{16, 16}, {17, 17}, {19, 18}, {19, 19}, {20, 20},
                                           {21, 21}, {23, 23}, {25, 25}};
        uint32_t m = f & 4 ? (1u << 7) | (1u << 9) : 0;
        for (size_t i = 0; i < sizeof since / sizeof *since; i++)
            m |= n > since[i][0] ? 1u << since[i][1] : 0;
        return m;
    }
    case BCS_COMPILE_UNIT: /* retained nodes */
        return n > 15 ? 1u << 15 : 0;
    case BCS_SUBPROGRAM: { /* fields moved by the flag repacking (version 5) */
        bool sp_flags = f & 4;
        unsigned a = sp_flags ? 0 : 2, b = sp_flags ? 0 : 2 + (n >= 19);
        uint32_t m = (1u << (8 + a)) | (0xFu << (12 + b));
        m |= !sp_flags && n < 21 ? 0 : 1u << (17 + b); /* thrown types */
        m |= sp_flags && n >= 19 ? 1u << (18 + b) : 0;  /* annotations */
        return m;
    }
    case BCS_TEMPLATE_TYPE: /* "is default", read as a node id */
        return n == 4 ? 1u << 3 : 0;
    case BCS_TEMPLATE_VALUE:
        return n == 6 ? 1u << 5 : 0;
    case BCS_GLOBAL_VAR: /* expression (versions 0, 2); annotations (2) */
        return ((f >> 1) != 1 ? 1u << 9 : 0) | ((f >> 1) == 2 && n > 12 ? 1u << 12 : 0);
    case BCS_LOCAL_VAR: { /* the fields follow an old tag field; annotations */
        unsigned t = !(f & 2) && n > 8;
        return (1u << (1 + t)) | (1u << (3 + t)) | (1u << (5 + t)) | (f & 2 && n > 9 ? 1u << 9 : 0);
    }
    case BCS_IMPORTED_ENTITY: /* file, elements */
        return (n >= 7 ? 1u << 6 : 0) | (n >= 8 ? 1u << 7 : 0);
    case BCS_MODULE: /* file (with a line), scope */
        return n >= 8 ? (1u << 1) | (1u << 2) : 1u << 1;
    case BCS_STRING_TYPE: /* location expression; size as metadata */
        return (n == 9 ? 1u << 5 : 0) | (f & 2 ? 1u << (n == 8 ? 5 : 6) : 0);
    case BCS_SUBRANGE_TYPE:
        return f & 2 ? 1u << 5 : 0;
    case BCS_FIXED_POINT_TYPE:
        return f & 2 ? 1u << 3 : 0;
    default:
        return 0;
    }
}

/* Open-ended node fields: a generic node's operands, a fixed-point type's
 * file and scope after its factors, a global's attachments (raw ids). */
static void bcs_tail_refs(uint64_t code, const uint64_t *rec, size_t n,
                          void (*note)(void *, uint64_t), void *user)
{
    if (code == BCS_GENERIC_DEBUG)
        for (size_t i = 4; i < n; i++)
            if (rec[i])
                note(user, rec[i] - 1);
    if (code == BCS_GLOBAL_DECL_ATTACHMENT) /* [value, (kind, node)*] */
        for (size_t i = 2; i < n; i += 2)
            note(user, rec[i]);
    if (code == BCS_FIXED_POINT_TYPE && n >= 11) {
        size_t at = 9;
        if (bcs_wide(rec, n, &at) || bcs_wide(rec, n, &at) || at + 3 != n)
            return; /* refused by bcs_check_record, or by LLVM */
        for (size_t i = at; i < n; i += 2)
            if (rec[i])
                note(user, rec[i] - 1);
    }
}

void bcs_for_each_ref(const uint64_t *ops, size_t n_ops, void (*note)(void *, uint64_t),
                      void *user)
{
    uint64_t code = ops[0];
    const uint64_t *rec = ops + 1;
    size_t n = n_ops - 1;
    uint32_t refs = bcs_extra_refs(code, rec, n);
    for (size_t k = 0; k < sizeof bcs_fixed / sizeof *bcs_fixed; k++)
        if (bcs_fixed[k].code == code)
            refs |= bcs_fixed[k].refs;
    for (size_t i = 0; i < 32 && i < n; i++)
        if ((refs & (1u << i)) && rec[i])
            note(user, rec[i] - 1);
    bcs_tail_refs(code, rec, n, note, user);
}
