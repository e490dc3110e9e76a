/* optable_names.c - keyword tables of the op spec: type codes, overload
 * letters, attributes, flags, mapping kinds, versions, and the sort order
 * of the table indexes. Compiled into the library and into dxil-opgen.
 */
#include "optable_internal.h"

#include <stdio.h>
#include <string.h>

#define NAMES_COUNT(tab) (sizeof(tab) / sizeof((tab)[0]))

static const char *names_at(const char *const *tab, size_t n, unsigned v)
{
    return v < n ? tab[v] : NULL;
}

static int names_find(const char *const *tab, size_t n, const char *name, size_t len)
{
    for (size_t i = 0; i < n; i++) {
        if (tab[i] && strlen(tab[i]) == len && memcmp(tab[i], name, len) == 0)
            return (int)i;
    }
    return -1;
}

/* Indexed by dxil_type_code. */
static const char *const names_type_code[DXIL_TY_COUNT] = {
    "v", "$o", "$elt", "$o_i1", "$o_i32", "$r", "$cb", "$udt", "$obj",
    "$vec2", "$vec4", "$vec9", "$x0", "$x1", "$x2", "$x3",
    "$x_gs0", "$x_gs1", "$x_gs2", "$x_gs3",
    "i1", "i8", "i16", "i32", "i64", "h", "f", "d", "u8", "u32", "pf32", "int2",
    "res", "hit_object", "nodehandle", "noderecordhandle", "nodeproperty",
    "noderecordproperty", "resproperty", "resbind", "dims", "SamplePos", "i32c",
    "twoi32", "splitdouble", "fouri32"};

static const char *const names_scalar[DXIL_SCALAR_KIND_COUNT] = {
    "void", "half", "float", "double", "i1", "i8", "i16", "i32", "i64", "udt", "object"};

static const char names_letters[DXIL_SCALAR_KIND_COUNT + 1] = "vhfd18wiluo";

static const char *const names_suffix[DXIL_SCALAR_KIND_COUNT] = {
    NULL, "f16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", NULL, NULL};

static const char *const names_attr[DXIL_ATTR_COUNT] = {
    "ReadNone", "ReadOnly", "NoDuplicate", "NoReturn", "ArgMemOnly"};
static const char *const names_attr_short[DXIL_ATTR_COUNT] = {"rn", "ro", "nd", "nr", "amo"};

static const char *const names_flag[DXIL_OPF_COUNT] = {
    "derivative", "gradient", "feedback", "wave", "uniform-inputs", "barrier",
    "convergent", "reserved"};

static const char *const names_custom[DXIL_MAP_CUSTOM_COUNT] = {
    "table", "handle", "cbuffer-row", "buffer-load", "buffer-store", "raw-buffer-load",
    "raw-buffer-store", "counter", "dimensions", "check-access", "sample", "texture",
    "atomic", "sig-io", "cbuffer-load", "raw-buffer-vector-load", "raw-buffer-vector-store",
    "handle-binding", "handle-lib", "handle-annotate"};

static const char *const names_result[DXIL_MAP_RESULT_COUNT] = {
    "same", "cast-i32", "struct", "vector"};

static const char *const names_direction[] = {"both", "raise", "lower"};

static const char *const names_form[DXIL_FORM_COUNT] = {"void", "overload", "scalar", "vector", "struct"};

static const char *const names_llvm_scalar[DXIL_LS_COUNT] = {
    "i1", "i8", "i16", "i32", "i64", "half", "float", "double", "ptr"};

const char *dxil_type_code_name(unsigned code)
{
    return names_at(names_type_code, NAMES_COUNT(names_type_code), code);
}

int dxil_type_code_from_name(const char *name, size_t len)
{
    return names_find(names_type_code, NAMES_COUNT(names_type_code), name, len);
}

const char *dxil_scalar_kind_name(unsigned kind)
{
    return names_at(names_scalar, NAMES_COUNT(names_scalar), kind);
}

char dxil_scalar_kind_letter(unsigned kind)
{
    return kind < DXIL_SCALAR_KIND_COUNT ? names_letters[kind] : 0;
}

const char *dxil_scalar_kind_suffix(unsigned kind)
{
    return names_at(names_suffix, NAMES_COUNT(names_suffix), kind);
}

int scalar_kind_from_letter(char c)
{
    const char *p = c ? strchr(names_letters, c) : NULL;
    return p ? (int)(p - names_letters) : -1;
}

int scalar_kind_from_suffix(const char *s, size_t len)
{
    return names_find(names_suffix, NAMES_COUNT(names_suffix), s, len);
}

const char *dxil_op_attr_name(unsigned bit) { return names_at(names_attr, DXIL_ATTR_COUNT, bit); }
const char *dxil_op_attr_short_name(unsigned bit) { return names_at(names_attr_short, DXIL_ATTR_COUNT, bit); }
const char *dxil_op_flag_name(unsigned bit) { return names_at(names_flag, DXIL_OPF_COUNT, bit); }
const char *dxil_map_custom_name(unsigned v) { return names_at(names_custom, DXIL_MAP_CUSTOM_COUNT, v); }
const char *dxil_map_result_name(unsigned v) { return names_at(names_result, DXIL_MAP_RESULT_COUNT, v); }

const char *dxil_map_direction_name(unsigned v)
{
    return names_at(names_direction, NAMES_COUNT(names_direction), v);
}

int op_attr_from_name(const char *name, size_t len)
{
    return names_find(names_attr, DXIL_ATTR_COUNT, name, len);
}

int op_flag_from_name(const char *name, size_t len)
{
    return names_find(names_flag, DXIL_OPF_COUNT, name, len);
}

int map_custom_from_name(const char *name, size_t len)
{
    return names_find(names_custom, DXIL_MAP_CUSTOM_COUNT, name, len);
}

int map_result_from_name(const char *name, size_t len)
{
    return names_find(names_result, DXIL_MAP_RESULT_COUNT, name, len);
}

int map_direction_from_name(const char *name, size_t len)
{
    return names_find(names_direction, NAMES_COUNT(names_direction), name, len);
}

/* ---- versions ------------------------------------------------------------ */

static bool names_parse_uint(const char **p, const char *end, unsigned limit, unsigned *out)
{
    unsigned v = 0;
    const char *s = *p;
    if (s == end || *s < '0' || *s > '9')
        return false;
    while (s < end && *s >= '0' && *s <= '9') {
        v = v * 10u + (unsigned)(*s - '0');
        if (v > limit)
            return false;
        s++;
    }
    *p = s;
    *out = v;
    return true;
}

bool dxil_version_parse(const char *text, size_t len, dxil_version *out)
{
    const char *p = text, *end = text + len;
    unsigned major, minor;
    if (!names_parse_uint(&p, end, 0xFFFFFFu, &major) || p == end || *p != '.')
        return false;
    p++;
    if (!names_parse_uint(&p, end, 255u, &minor) || p != end)
        return false;
    *out = DXIL_VERSION(major, minor);
    return true;
}

int dxil_version_format(dxil_version v, char *buf, size_t size)
{
    return snprintf(buf, size, "%u.%u", DXIL_VERSION_MAJOR(v), DXIL_VERSION_MINOR(v));
}

/* ---- overload letter strings -------------------------------------------- */

typedef struct names_dim_state {
    dxil_overload_dim_set *dim;
    bool seen_vec;
    bool vec_letters;
} names_dim_state;

static bool names_fail(char *why, size_t size, const char *fmt, char c)
{
    snprintf(why, size, fmt, c);
    return false;
}

/* One letter of one dimension. */
static bool names_dim_letter(names_dim_state *st, char c, char *why, size_t wsz)
{
    if (c == '<') {
        if (st->seen_vec)
            return names_fail(why, wsz, "'%c' appears twice in one dimension", c);
        st->seen_vec = true;
        return true;
    }
    int k = scalar_kind_from_letter(c);
    if (k == DXIL_SCALAR_VOID)
        return names_fail(why, wsz, "'%c' may only appear alone", c);
    if (k < 0)
        return names_fail(why, wsz, "unknown overload letter '%c'", c);
    uint16_t bit = DXIL_SCALAR_BIT(k);
    uint16_t *mask = st->seen_vec ? &st->dim->vectors : &st->dim->scalars;
    if (*mask & bit)
        return names_fail(why, wsz, "overload letter '%c' repeated", c);
    if (st->seen_vec && (k == DXIL_SCALAR_UDT || k == DXIL_SCALAR_OBJECT))
        return names_fail(why, wsz, "'%c' cannot be a vector element", c);
    *mask |= bit;
    st->vec_letters |= st->seen_vec;
    return true;
}

static bool names_dim_finish(names_dim_state *st, char *why, size_t wsz)
{
    dxil_overload_dim_set *d = st->dim;
    const uint16_t excl = DXIL_SCALAR_BIT(DXIL_SCALAR_UDT) | DXIL_SCALAR_BIT(DXIL_SCALAR_OBJECT);
    if (st->seen_vec && !st->vec_letters) /* bare trailing '<': same as the scalars */
        d->vectors = d->scalars & (uint16_t)~excl;
    if (!d->scalars && !d->vectors)
        return names_fail(why, wsz, "empty overload dimension", 0);
    if ((d->scalars & excl) && (d->scalars != DXIL_SCALAR_BIT(DXIL_SCALAR_UDT)) &&
        (d->scalars != DXIL_SCALAR_BIT(DXIL_SCALAR_OBJECT)))
        return names_fail(why, wsz, "'u' and 'o' exclude every other letter", 0);
    if ((d->scalars & excl) && d->vectors)
        return names_fail(why, wsz, "'u' and 'o' exclude vector overloads", 0);
    return true;
}

bool overload_letters_parse(const char *letters, dxil_overload_set *set, char *why,
                                 size_t why_size)
{
    memset(set->dims, 0, sizeof set->dims);
    set->ndims = 0;
    if (strcmp(letters, "v") == 0)
        return true;
    if (!*letters)
        return names_fail(why, why_size, "empty overload string", 0);
    names_dim_state st = {&set->dims[0], false, false};
    set->ndims = 1;
    for (const char *p = letters; *p; p++) {
        if (*p != ',') {
            if (!names_dim_letter(&st, *p, why, why_size))
                return false;
            continue;
        }
        if (!names_dim_finish(&st, why, why_size))
            return false;
        if (set->ndims == DXIL_MAX_OVERLOAD_DIMS)
            return names_fail(why, why_size, "more than 4 overload dimensions", 0);
        st = (names_dim_state){&set->dims[set->ndims++], false, false};
    }
    return names_dim_finish(&st, why, why_size);
}

/* ---- sort orders ---------------------------------------------------------- */

int optable_cmp_op_name(const void *a, const void *b)
{
    const dxil_op_info *x = *(const dxil_op_info *const *)a;
    const dxil_op_info *y = *(const dxil_op_info *const *)b;
    return strcmp(x->name, y->name);
}

int optable_cmp_class_name(const void *a, const void *b)
{
    const dxil_op_class *x = *(const dxil_op_class *const *)a;
    const dxil_op_class *y = *(const dxil_op_class *const *)b;
    return strcmp(x->name, y->name);
}

int optable_cmp_class_fn(const void *a, const void *b)
{
    const dxil_op_class *x = *(const dxil_op_class *const *)a;
    const dxil_op_class *y = *(const dxil_op_class *const *)b;
    return strcmp(x->fn, y->fn);
}

int optable_cmp_ref(const void *a, const void *b)
{
    const dxil_intrinsic_ref *x = a, *y = b;
    int c = strcmp(x->intrinsic, y->intrinsic);
    if (c)
        return c;
    if (x->op->opcode != y->op->opcode)
        return x->op->opcode < y->op->opcode ? -1 : 1;
    return (int)((x->map - x->op->maps) - (y->map - y->op->maps));
}

int optable_part_of(uint32_t table_id)
{
    if (table_id == DXIL_OPTABLE_CORE)
        return 0;
    if (table_id == DXIL_OPTABLE_EXPERIMENTAL)
        return 1;
    return -1;
}

uint32_t optable_part_id(int part)
{
    return part == 1 ? DXIL_OPTABLE_EXPERIMENTAL : DXIL_OPTABLE_CORE;
}

const char *type_form_name(unsigned form)
{
    return names_at(names_form, NAMES_COUNT(names_form), form);
}

int type_form_from_name(const char *name, size_t len)
{
    return names_find(names_form, NAMES_COUNT(names_form), name, len);
}

const char *llvm_scalar_name(unsigned s)
{
    return names_at(names_llvm_scalar, NAMES_COUNT(names_llvm_scalar), s);
}

int llvm_scalar_from_name(const char *name, size_t len)
{
    return names_find(names_llvm_scalar, NAMES_COUNT(names_llvm_scalar), name, len);
}
