/* bitcode_distrings.c - which metadata ids are strings, and the
 * debug-info fields LLVM 22 reads as strings (bitcode_distrings.h).
 * Field positions are LLVM's Record indices: ops[i + 1] is Record[i]. */
#include "bitcode_distrings.h"
#include "grow.h"

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
    bcs_ranges module, local;
};

/* The widest integer LLVM has (IntegerType::MAX_INT_BITS); a wider
 * enumerator or factor would only make the reader allocate for it. */
#define BCS_MAX_INT_BITS ((uint64_t)1 << 23)

enum {
    BCS_GENERIC_DEBUG = 12, BCS_SUBRANGE = 13, BCS_ENUMERATOR = 14, BCS_FILE = 16,
    BCS_COMPILE_UNIT = 20, BCS_SUBPROGRAM = 21, BCS_NAMESPACE = 24, BCS_LOCAL_VAR = 28,
    BCS_MODULE = 32, BCS_COMMON_BLOCK = 44, BCS_GENERIC_SUBRANGE = 45,
    BCS_FIXED_POINT_TYPE = 49
};

#define B(i) (1u << (i))
/* Record fields every layout of the record reads as a string; the
 * version-dependent ones are added by bcs_extra_fields. min: the fewest
 * fields LLVM reads from the record without checking its size first. */
static const struct {
    uint8_t code, min;
    uint32_t fields;
} bcs_fixed[] = {
    {BCS_GENERIC_DEBUG, 0, B(3)},   {BCS_ENUMERATOR, 0, B(2)},
    {15, 0, B(2)} /* BASIC_TYPE */,  {BCS_FILE, 0, B(1) | B(2)},
    {17, 0, B(2)} /* DERIVED */,     {18, 0, B(2) | B(15)} /* COMPOSITE */,
    {BCS_COMPILE_UNIT, 0, B(3) | B(5) | B(7)},
    {BCS_SUBPROGRAM, 0, B(2) | B(3)}, {BCS_NAMESPACE, 0, 0},
    {BCS_LOCAL_VAR, 0, 0},           {BCS_MODULE, 0, 0},
    {25, 0, B(1)} /* TEMPLATE_TYPE */, {26, 0, B(2)} /* TEMPLATE_VALUE */,
    {27, 0, B(2) | B(3)} /* GLOBAL_VAR */,
    {30, 0, B(1) | B(4) | B(5)} /* OBJC_PROPERTY */,
    {31, 0, B(5)} /* IMPORTED_ENTITY */, {33, 0, B(3) | B(4)} /* MACRO */,
    {40, 0, B(2)} /* LABEL */,       {41, 0, B(2)} /* STRING_TYPE */,
    {BCS_COMMON_BLOCK, 6, B(3)},     {BCS_GENERIC_SUBRANGE, 5, 0},
    {48, 0, B(1)} /* SUBRANGE_TYPE */, {BCS_FIXED_POINT_TYPE, 0, B(2)},
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
    free(s->module.v);
    free(s->local.v);
    free(s);
}

void bcs_function_begin(bcs_strings *s)
{
    s->local.n = 0;
}

int bcs_note_strings(bcs_strings *s, uint64_t first, uint64_t count, int in_fn)
{
    bcs_ranges *r = in_fn ? &s->local : &s->module;
    if (count == 0)
        return 0;
    uint64_t end = first + count < first ? UINT64_MAX : first + count;
    if (r->n && r->v[r->n - 1].end == first) {
        r->v[r->n - 1].end = end; /* LLVM 3.7 writes one string per record */
        return 0;
    }
    bcs_range *v = dxil_grow(r->v, &r->cap, r->n, sizeof *v, 8);
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

/* Fields read as strings only in some layouts (LLVM 22's reader). */
static uint32_t bcs_extra_fields(uint64_t code, const uint64_t *rec, size_t n)
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
    if (k == sizeof bcs_fixed / sizeof *bcs_fixed)
        return code == BCS_SUBRANGE ? bcs_sizes(code, rec, n, 0, field) : NULL;
    const char *why = bcs_sizes(code, rec, n, bcs_fixed[k].min, field);
    if (why)
        return why;
    uint32_t fields = bcs_fixed[k].fields | bcs_extra_fields(code, rec, n);
    for (size_t i = 0; i < 32; i++) {
        if (!(fields & (1u << i)))
            continue;
        *field = i + 1;
        if (i >= n)
            return "has fewer fields than LLVM reads from it";
        if (rec[i] == 0)
            continue; /* null */
        uint64_t id = rec[i] - 1;
        if (id >= next_id || !(bcs_in(&s->module, id) || bcs_in(&s->local, id)))
            return "names, in a field LLVM reads as a string, metadata that is not a string "
                   "read before it";
    }
    return NULL;
}
