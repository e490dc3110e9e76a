/* optable.c - lookups and versioned queries on the DXIL op table.
 *
 * The built-in table is the static data generated from spec/dxil-ops.xml
 * (dxil_optable_gen.c); overlays (optable_overlay.c) have the same layout.
 * Opcode lookup splits the opcode into (table id, index) and indexes that
 * table's slot array: O(1), and never an array indexed by the raw opcode.
 */
#include "dxil_optable_gen.h"
#include "optable_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- table access ----------------------------------------------------- */

const dxil_optable *dxil_optable_builtin(void)
{
    return &optable_builtin_table;
}

size_t dxil_optable_op_count(const dxil_optable *t)
{
    return t ? t->n_ops : 0;
}

const dxil_op_info *dxil_optable_op_at(const dxil_optable *t, size_t i)
{
    return t && i < t->n_ops ? t->ops[i] : NULL;
}

size_t dxil_optable_class_count(const dxil_optable *t)
{
    return t ? t->n_classes : 0;
}

const dxil_op_class *dxil_optable_class_at(const dxil_optable *t, size_t i)
{
    return t && i < t->n_classes ? t->classes_by_name[i] : NULL;
}

uint32_t dxil_optable_slot_count(const dxil_optable *t, uint32_t table_id)
{
    int part = optable_part_of(table_id);
    return t && part >= 0 ? t->slot_count[part] : 0;
}

const dxil_op_info *dxil_op_by_opcode(const dxil_optable *t, uint32_t opcode)
{
    int part = optable_part_of(DXIL_OPCODE_TABLE(opcode));
    uint32_t index = DXIL_OPCODE_INDEX(opcode);
    if (!t || part < 0 || index >= t->slot_count[part])
        return NULL;
    return t->slots[part][index];
}

bool dxil_op_is_experimental(uint32_t opcode)
{
    return DXIL_OPCODE_TABLE(opcode) == DXIL_OPTABLE_EXPERIMENTAL;
}

/* Binary search over a name-sorted pointer array; key is (s, len). */
static const void *optable_find(const void *const *arr, size_t n, const char *s, size_t len,
                                const char *(*key_of)(const void *))
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *k = key_of(arr[mid]);
        int c = strncmp(k, s, len);
        if (c == 0)
            c = k[len] != '\0'; /* k is longer than the key */
        if (c == 0)
            return arr[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static const char *optable_op_name(const void *p) { return ((const dxil_op_info *)p)->name; }
static const char *optable_class_name(const void *p) { return ((const dxil_op_class *)p)->name; }
static const char *optable_class_fn(const void *p) { return ((const dxil_op_class *)p)->fn; }

const dxil_op_info *dxil_op_by_name(const dxil_optable *t, const char *name)
{
    if (!t || !name)
        return NULL;
    return optable_find((const void *const *)t->ops_by_name, t->n_ops, name, strlen(name), optable_op_name);
}

const dxil_op_class *dxil_op_class_by_name(const dxil_optable *t, const char *name)
{
    if (!t || !name)
        return NULL;
    return optable_find((const void *const *)t->classes_by_name, t->n_classes, name, strlen(name),
                        optable_class_name);
}

const dxil_op_class *dxil_op_class_by_fn(const dxil_optable *t, const char *fn, size_t len)
{
    if (!t || !fn)
        return NULL;
    return optable_find((const void *const *)t->classes_by_fn, t->n_classes, fn, len, optable_class_fn);
}

/* ---- overload suffixes ------------------------------------------------- */

static size_t optable_digits(const char *s, size_t len)
{
    size_t n = 0;
    while (n < len && s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* "v4f32" -> (FLOAT, 4). */
static bool optable_parse_vector(const char *s, size_t len, dxil_overload_type *t)
{
    if (len < 3 || s[0] != 'v')
        return false;
    size_t nd = optable_digits(s + 1, len - 1);
    if (nd == 0 || nd > 3 || s[1] == '0')
        return false;
    unsigned w = 0;
    for (size_t i = 0; i < nd; i++)
        w = w * 10u + (unsigned)(s[1 + i] - '0');
    int k = scalar_kind_from_suffix(s + 1 + nd, len - 1 - nd);
    if (k <= 0 || w > DXIL_MAX_VECTOR_WIDTH)
        return false;
    *t = (dxil_overload_type){(dxil_scalar_kind)k, w, NULL, 0};
    return true;
}

/* A LinAlg matrix token: 'm' followed by letters and digits ("mC4M3N4U0S1"). */
static bool optable_is_matrix(const char *s, size_t len)
{
    if (len < 2 || s[0] != 'm')
        return false;
    for (size_t i = 1; i < len; i++) {
        char c = s[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

/* One dot-free token; false when it is not a scalar, vector or matrix. */
static bool optable_parse_token(const char *s, size_t len, dxil_overload_type *t)
{
    int k = scalar_kind_from_suffix(s, len);
    if (k > 0) {
        *t = (dxil_overload_type){(dxil_scalar_kind)k, 0, NULL, 0};
        return true;
    }
    if (optable_parse_vector(s, len, t))
        return true;
    if (optable_is_matrix(s, len)) {
        *t = (dxil_overload_type){DXIL_SCALAR_OBJECT, 0, s, len};
        return true;
    }
    return false;
}

/* The rest of the suffix is one struct name: dx.types.* are objects,
 * anything else (struct.Foo, class.Bar<...>) a user type. */
static void optable_struct_dim(const char *s, size_t len, dxil_overload_type *t)
{
    bool obj = len > 9 && memcmp(s, "dx.types.", 9) == 0;
    *t = (dxil_overload_type){obj ? DXIL_SCALAR_OBJECT : DXIL_SCALAR_UDT, 0, s, len};
}

bool dxil_overload_parse(const char *text, size_t len, dxil_overload *out)
{
    memset(out, 0, sizeof *out);
    const char *p = text, *end = text + len;
    while (p < end) {
        if (out->ndims == DXIL_MAX_OVERLOAD_DIMS)
            return false;
        const char *dot = memchr(p, '.', (size_t)(end - p));
        size_t tlen = dot ? (size_t)(dot - p) : (size_t)(end - p);
        dxil_overload_type *t = &out->dims[out->ndims++];
        if (tlen == 0)
            return false;
        if (!optable_parse_token(p, tlen, t)) {
            optable_struct_dim(p, (size_t)(end - p), t);
            return true;
        }
        p += tlen;
        if (p < end && ++p == end)
            return false; /* trailing '.' */
    }
    return true;
}

static int optable_format_dim(const dxil_overload_type *t, char *buf, size_t size)
{
    const char *suffix = dxil_scalar_kind_suffix(t->kind);
    if (t->name)
        return snprintf(buf, size, "%.*s", (int)t->name_len, t->name);
    if (!suffix)
        return snprintf(buf, size, "%s", "");
    if (t->width)
        return snprintf(buf, size, "v%u%s", t->width, suffix);
    return snprintf(buf, size, "%s", suffix);
}

int dxil_overload_format(const dxil_overload *ov, char *buf, size_t size)
{
    size_t n = 0;
    if (size)
        buf[0] = '\0';
    for (unsigned d = 0; d < ov->ndims; d++) {
        char *at = n < size ? buf + n : NULL;
        size_t room = n < size ? size - n : 0;
        if (d) {
            if (room > 1)
                at[0] = '.', at[1] = '\0';
            n++;
            at = n < size ? buf + n : NULL;
            room = n < size ? size - n : 0;
        }
        int k = optable_format_dim(&ov->dims[d], at, room);
        if (k < 0)
            return k;
        n += (size_t)k;
    }
    return (int)n;
}

bool dxil_overload_equal(const dxil_overload *a, const dxil_overload *b)
{
    if (a->ndims != b->ndims)
        return false;
    for (unsigned d = 0; d < a->ndims; d++) {
        const dxil_overload_type *x = &a->dims[d], *y = &b->dims[d];
        if (x->kind != y->kind || x->width != y->width || x->name_len != y->name_len)
            return false;
        if (x->name_len && memcmp(x->name, y->name, x->name_len) != 0)
            return false;
    }
    return true;
}

/* ---- dx.op function names --------------------------------------------- */

static const char optable_prefix[] = "dx.op.";

bool dxil_fn_name_parse(const char *name, dxil_fn_name *out)
{
    size_t plen = sizeof optable_prefix - 1;
    if (!name || strncmp(name, optable_prefix, plen) != 0)
        return false;
    const char *fn = name + plen;
    size_t fn_len = strcspn(fn, ".");
    if (!fn_len)
        return false;
    out->fn = fn;
    out->fn_len = fn_len;
    if (!fn[fn_len]) {
        memset(&out->overload, 0, sizeof out->overload);
        return true;
    }
    const char *ov = fn + fn_len + 1;
    return *ov && dxil_overload_parse(ov, strlen(ov), &out->overload);
}

int dxil_fn_name_build(const char *fn, const dxil_overload *ov, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%s%s%s", optable_prefix, fn, ov && ov->ndims ? "." : "");
    if (n < 0 || !ov || !ov->ndims)
        return n;
    size_t used = (size_t)n;
    int k = dxil_overload_format(ov, used < size ? buf + used : NULL, used < size ? size - used : 0);
    return k < 0 ? k : n + k;
}

const dxil_op_class *dxil_op_class_by_fn_name(const dxil_optable *t, const char *name,
                                              dxil_overload *ov_out)
{
    dxil_fn_name fn;
    if (!dxil_fn_name_parse(name, &fn))
        return NULL;
    if (ov_out)
        *ov_out = fn.overload;
    return dxil_op_class_by_fn(t, fn.fn, fn.fn_len);
}

/* ---- versioned properties ---------------------------------------------- */

bool dxil_op_exists_at(const dxil_op_info *op, dxil_version v)
{
    return op && v >= op->dxil;
}

/* The spec's flags of ops whose lanes exchange values or wait for each
 * other: which lanes execute the call together is part of its meaning. */
#define OPF_CROSS_LANE                                                                          \
    (DXIL_OPF_WAVE | DXIL_OPF_DERIVATIVE | DXIL_OPF_GRADIENT | DXIL_OPF_BARRIER |                \
     DXIL_OPF_CONVERGENT)

bool dxil_op_convergent(const dxil_op_info *op)
{
    return op && (op->flags & OPF_CROSS_LANE) != 0;
}

/* The last entry whose version is <= v, or NULL. Every versioned entry
 * type (overload, stage and attribute sets) starts with its dxil_version,
 * so one walker serves all three. */
_Static_assert(offsetof(dxil_overload_set, dxil) == 0, "versioned entries start with dxil");
_Static_assert(offsetof(dxil_stage_set, dxil) == 0, "versioned entries start with dxil");
_Static_assert(offsetof(dxil_attr_set, dxil) == 0, "versioned entries start with dxil");

static const void *optable_last_at(const void *arr, size_t n, size_t stride, dxil_version v)
{
    const unsigned char *base = arr;
    for (size_t i = n; i-- > 0;) {
        const dxil_version *entry = (const dxil_version *)(const void *)(base + i * stride);
        if (*entry <= v)
            return entry;
    }
    return NULL;
}

const dxil_overload_set *dxil_op_overloads_at(const dxil_op_info *op, dxil_version v)
{
    if (!dxil_op_exists_at(op, v))
        return NULL;
    return optable_last_at(op->overloads, op->n_overloads, sizeof *op->overloads, v);
}

const dxil_stage_set *dxil_op_stages_at(const dxil_op_info *op, dxil_version v)
{
    if (!dxil_op_exists_at(op, v))
        return NULL;
    return optable_last_at(op->stages, op->n_stages, sizeof *op->stages, v);
}

uint32_t dxil_op_attrs_at(const dxil_op_info *op, dxil_version v)
{
    const dxil_attr_set *a = NULL;
    if (dxil_op_exists_at(op, v))
        a = optable_last_at(op->attrs, op->n_attrs, sizeof *op->attrs, v);
    return a ? a->attrs : 0;
}

uint32_t dxil_op_attrs_latest(const dxil_op_info *op)
{
    return op && op->n_attrs ? op->attrs[op->n_attrs - 1].attrs : 0;
}

const dxil_overload_set *dxil_op_overloads_latest(const dxil_op_info *op)
{
    return op && op->n_overloads ? &op->overloads[op->n_overloads - 1] : NULL;
}

const dxil_stage_set *dxil_op_stages_latest(const dxil_op_info *op, bool skip_removed)
{
    for (size_t i = op ? op->n_stages : 0; i-- > 0;) {
        if (!skip_removed || op->stages[i].kind != DXIL_STAGES_REMOVED)
            return &op->stages[i];
    }
    return NULL;
}

static bool optable_dim_allows(const dxil_overload_dim_set *d, const dxil_overload_type *t)
{
    const uint16_t named = DXIL_SCALAR_BIT(DXIL_SCALAR_UDT) | DXIL_SCALAR_BIT(DXIL_SCALAR_OBJECT);
    if (t->kind == DXIL_SCALAR_VOID || t->kind >= DXIL_SCALAR_KIND_COUNT)
        return false;
    /* A struct name does not say whether it is a UDT or an object. */
    if (t->kind == DXIL_SCALAR_UDT || t->kind == DXIL_SCALAR_OBJECT)
        return !t->width && (d->scalars & named);
    return (t->width ? d->vectors : d->scalars) & DXIL_SCALAR_BIT(t->kind);
}

bool dxil_overload_set_allows(const dxil_overload_set *set, const dxil_overload *ov)
{
    if (!set || !ov || set->ndims != ov->ndims)
        return false;
    for (unsigned d = 0; d < ov->ndims; d++) {
        if (!optable_dim_allows(&set->dims[d], &ov->dims[d]))
            return false;
    }
    return true;
}

bool dxil_op_overload_valid(const dxil_op_info *op, const dxil_overload *ov, dxil_version v)
{
    return dxil_overload_set_allows(dxil_op_overloads_at(op, v), ov);
}

bool dxil_op_stage_allowed(const dxil_op_info *op, dxil_shader_kind stage, dxil_version v)
{
    if (!dxil_op_exists_at(op, v) || (unsigned)stage >= DXIL_SHADER_INVALID)
        return false;
    const dxil_stage_set *s = dxil_op_stages_at(op, v);
    return !s || (s->mask & DXIL_STAGE_BIT(stage)) != 0;
}

dxil_version dxil_op_min_shader_model(const dxil_op_info *op)
{
    return op ? op->sm : 0;
}

/* ---- mapping selection ---------------------------------------------------- */

bool dxil_map_applies(const dxil_intrinsic_map *m, dxil_version v, dxil_scalar_kind scalar)
{
    if (m->dxil_from && v < m->dxil_from)
        return false;
    if (m->dxil_before && v >= m->dxil_before)
        return false;
    return scalar == DXIL_SCALAR_VOID || !m->only_scalars || (m->only_scalars & DXIL_SCALAR_BIT(scalar));
}

dxil_map_custom dxil_op_custom_kind(const dxil_op_info *op)
{
    for (size_t i = 0; op && i < op->n_maps; i++)
        if (op->maps[i].custom != DXIL_MAP_TABLE)
            return (dxil_map_custom)op->maps[i].custom;
    return DXIL_MAP_TABLE;
}

static bool optable_operands_match(const dxil_intrinsic_map *m, dxil_map_const_fn get, void *ctx)
{
    for (size_t i = 0; i < m->n_operands; i++) {
        const dxil_map_operand *o = &m->operands[i];
        int64_t v;
        if (o->source == DXIL_MAP_CONST && (!get || !get(ctx, o->operand, &v) || v != o->value))
            return false;
    }
    return true;
}

static bool optable_const_args_match(const dxil_intrinsic_map *m, dxil_map_const_fn get, void *ctx)
{
    for (size_t i = 0; i < m->n_const_args; i++) {
        int64_t v;
        if (!get || !get(ctx, m->const_args[i].arg, &v) || v != m->const_args[i].value)
            return false;
    }
    return true;
}

const dxil_intrinsic_map *dxil_op_select_raise(const dxil_op_info *op, dxil_version v,
                                               dxil_scalar_kind scalar, dxil_map_const_fn get_const,
                                               void *ctx)
{
    for (size_t i = 0; op && i < op->n_maps; i++) {
        const dxil_intrinsic_map *m = &op->maps[i];
        if (m->direction != DXIL_MAP_LOWER_ONLY && dxil_map_applies(m, v, scalar) &&
            optable_operands_match(m, get_const, ctx))
            return m;
    }
    return NULL;
}

size_t dxil_optable_find_intrinsic(const dxil_optable *t, const char *intrinsic,
                                   const dxil_intrinsic_ref **first)
{
    *first = NULL;
    if (!t || !intrinsic)
        return 0;
    size_t lo = 0, hi = t->n_refs;
    while (lo < hi) { /* lower bound */
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(t->refs[mid].intrinsic, intrinsic) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t n = 0;
    while (lo + n < t->n_refs && strcmp(t->refs[lo + n].intrinsic, intrinsic) == 0)
        n++;
    *first = n ? &t->refs[lo] : NULL;
    return n;
}

const dxil_intrinsic_ref *dxil_optable_select_lower(const dxil_optable *t, const char *intrinsic,
                                                    dxil_version v, dxil_scalar_kind scalar,
                                                    dxil_map_const_fn get_const, void *ctx)
{
    const dxil_intrinsic_ref *r;
    size_t n = dxil_optable_find_intrinsic(t, intrinsic, &r);
    for (size_t i = 0; i < n; i++) {
        const dxil_intrinsic_map *m = r[i].map;
        if (m->direction != DXIL_MAP_RAISE_ONLY && dxil_map_applies(m, v, scalar) &&
            dxil_op_exists_at(r[i].op, v) && optable_const_args_match(m, get_const, ctx))
            return &r[i];
    }
    return NULL;
}
