/* raise_stats.c - per-op coverage counts of the raise (dxil_stats.h).
 *
 * Counting is split in two so every pass is covered without each one
 * reporting: a census before the first raising pass counts the calls of
 * each op, and the op pass, which runs after all the others, counts the
 * calls still there and why; the difference was raised. */
#include "raise_ops.h"
#include "common/grow.h"

#include <inttypes.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

struct dxil_stats {
    dxil_op_stat *ops; /* sorted by opcode between public calls */
    size_t n, cap;
    uint32_t *slots;   /* open addressing: index + 1, 0 = empty */
    size_t nslots;     /* power of two, > 2 * n */
    uint64_t modules;
};

static const char *const stats_reason_names[] = {
    "no-intrinsic", "no-modern-form", "experimental", "custom",
    "non-constant", "unknown-opcode", "mismatch", "signature-gap",
    "heap-handle", "handle-untyped", "handle-unresolved", "texture-form",
    "access-shape", "status-of-kept", "newer-than-module", "by-option",
};
_Static_assert(sizeof stats_reason_names / sizeof stats_reason_names[0] == DXIL_KEEP_REASON_COUNT,
               "one name per dxil_keep_reason");

const char *dxil_keep_reason_name(unsigned reason)
{
    return reason < DXIL_KEEP_REASON_COUNT ? stats_reason_names[reason] : NULL;
}

dxil_stats *dxil_stats_create(void)
{
    return calloc(1, sizeof(dxil_stats));
}

void dxil_stats_clear(dxil_stats *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++)
        free((char *)s->ops[i].name);
    s->n = 0;
    s->modules = 0;
    if (s->slots)
        memset(s->slots, 0, s->nslots * sizeof *s->slots);
}

void dxil_stats_destroy(dxil_stats *s)
{
    if (!s)
        return;
    dxil_stats_clear(s);
    free(s->ops);
    free(s->slots);
    free(s);
}

/* ---- the opcode index ------------------------------------------------------ */

static size_t stats_hash(uint32_t opcode, size_t nslots)
{
    return (size_t)((opcode * 2654435761u) & (nslots - 1));
}

static void stats_index_insert(dxil_stats *s, size_t i)
{
    size_t h = stats_hash(s->ops[i].opcode, s->nslots);
    while (s->slots[h])
        h = (h + 1) & (s->nslots - 1);
    s->slots[h] = (uint32_t)(i + 1);
}

static int stats_reindex(dxil_stats *s, size_t want)
{
    size_t nslots = s->nslots ? s->nslots : 64;
    while (nslots < 2 * want + 2)
        nslots *= 2;
    if (nslots != s->nslots) {
        uint32_t *p = realloc(s->slots, nslots * sizeof *p);
        if (!p)
            return -1;
        s->slots = p;
        s->nslots = nslots;
    }
    memset(s->slots, 0, s->nslots * sizeof *s->slots);
    for (size_t i = 0; i < s->n; i++)
        stats_index_insert(s, i);
    return 0;
}

static dxil_op_stat *stats_lookup(const dxil_stats *s, uint32_t opcode)
{
    if (!s->nslots)
        return NULL;
    for (size_t h = stats_hash(opcode, s->nslots); s->slots[h]; h = (h + 1) & (s->nslots - 1))
        if (s->ops[s->slots[h] - 1].opcode == opcode)
            return &s->ops[s->slots[h] - 1];
    return NULL;
}

static dxil_op_stat *stats_get(dxil_stats *s, uint32_t opcode, const char *name, bool known)
{
    dxil_op_stat *e = stats_lookup(s, opcode);
    if (e)
        return e;
    dxil_op_stat *p = grow_array(s->ops, &s->cap, s->n, sizeof *p, 64);
    if (!p)
        return NULL;
    s->ops = p;
    if (2 * (s->n + 1) + 2 > s->nslots && stats_reindex(s, s->n + 1) != 0)
        return NULL;
    char *copy = strdup(name ? name : "");
    if (!copy)
        return NULL;
    e = &s->ops[s->n];
    *e = (dxil_op_stat){.opcode = opcode, .name = copy, .known = known,
                        .experimental = dxil_op_is_experimental(opcode)};
    stats_index_insert(s, s->n++);
    return e;
}

static int stats_cmp(const void *a, const void *b)
{
    uint32_t x = ((const dxil_op_stat *)a)->opcode, y = ((const dxil_op_stat *)b)->opcode;
    return x < y ? -1 : x > y;
}

static int stats_sort(dxil_stats *s)
{
    if (s->n > 1)
        qsort(s->ops, s->n, sizeof *s->ops, stats_cmp);
    return stats_reindex(s, s->n);
}

static uint64_t stats_kept_total(const dxil_op_stat *e)
{
    uint64_t k = 0;
    for (unsigned r = 0; r < DXIL_KEEP_REASON_COUNT; r++)
        k += e->kept[r];
    return k;
}

/* ---- counting during the raise --------------------------------------------------- */

static const char *stats_op_name(uint32_t opcode, const dxil_op_info *op)
{
    return op ? op->name : opcode == UINT32_MAX ? "<non-constant opcode>" : "";
}

int ops_stats_count_call(dxil_stats *s, uint32_t opcode, const dxil_op_info *op)
{
    dxil_op_stat *e = stats_get(s, opcode, stats_op_name(opcode, op), op != NULL);
    if (!e)
        return -1;
    e->calls++;
    return 0;
}

int ops_stats_count_kept(dxil_stats *s, uint32_t opcode, const dxil_op_info *op,
                         dxil_keep_reason why)
{
    dxil_op_stat *e = stats_get(s, opcode, stats_op_name(opcode, op), op != NULL);
    if (!e || (unsigned)why >= DXIL_KEEP_REASON_COUNT)
        return -1;
    e->kept[why]++;
    return 0;
}

void ops_stats_finish_module(dxil_stats *s)
{
    for (size_t i = 0; i < s->n; i++) {
        dxil_op_stat *e = &s->ops[i];
        uint64_t kept = stats_kept_total(e);
        if (kept > e->calls) /* a pass made new dx.op calls */
            e->calls = kept;
        e->raised = e->calls - kept;
    }
    s->modules++;
    stats_sort(s);
}

/* ---- queries and merging ---------------------------------------------------------- */

uint64_t dxil_stats_module_count(const dxil_stats *s)
{
    return s ? s->modules : 0;
}

size_t dxil_stats_op_count(const dxil_stats *s)
{
    return s ? s->n : 0;
}

const dxil_op_stat *dxil_stats_op_at(const dxil_stats *s, size_t i)
{
    return s && i < s->n ? &s->ops[i] : NULL;
}

const dxil_op_stat *dxil_stats_find(const dxil_stats *s, uint32_t opcode)
{
    return s ? stats_lookup(s, opcode) : NULL;
}

static void stats_add_counts(dxil_op_stat *dst, const dxil_op_stat *src)
{
    dst->calls += src->calls;
    dst->raised += src->raised;
    for (unsigned r = 0; r < DXIL_KEEP_REASON_COUNT; r++)
        dst->kept[r] += src->kept[r];
}

void dxil_stats_totals(const dxil_stats *s, dxil_op_stat *out)
{
    *out = (dxil_op_stat){.name = "total"};
    for (size_t i = 0; s && i < s->n; i++)
        stats_add_counts(out, &s->ops[i]);
}

int dxil_stats_merge(dxil_stats *dst, const dxil_stats *src)
{
    if (!dst || !src || dst == src)
        return dst && src ? -1 : 0;
    size_t before = dst->n;
    for (size_t i = 0; i < src->n; i++) {
        const dxil_op_stat *e = &src->ops[i];
        dxil_op_stat *d = stats_get(dst, e->opcode, e->name, e->known);
        if (!d)
            return -1;
        stats_add_counts(d, e);
    }
    dst->modules += src->modules;
    /* Still in opcode order unless an op was added (the usual case once a
     * batch has seen its first few modules). */
    return dst->n == before ? 0 : stats_sort(dst);
}

/* ---- JSON ------------------------------------------------------------------------ */

static json_object *stats_reasons_json(const uint64_t *kept, bool all)
{
    json_object *o = json_object_new_object();
    for (unsigned r = 0; o && r < DXIL_KEEP_REASON_COUNT; r++)
        if (all || kept[r])
            json_object_object_add(o, stats_reason_names[r], json_object_new_int64((int64_t)kept[r]));
    return o;
}

static void stats_counts_json(json_object *o, const dxil_op_stat *e, bool all_reasons)
{
    json_object_object_add(o, "calls", json_object_new_int64((int64_t)e->calls));
    json_object_object_add(o, "raised", json_object_new_int64((int64_t)e->raised));
    json_object_object_add(o, "kept", json_object_new_int64((int64_t)stats_kept_total(e)));
    json_object_object_add(o, "kept_by_reason", stats_reasons_json(e->kept, all_reasons));
}

static json_object *stats_op_json(const dxil_op_stat *e)
{
    json_object *o = json_object_new_object();
    if (!o)
        return NULL;
    json_object_object_add(o, "opcode", json_object_new_int64(e->opcode));
    json_object_object_add(o, "table", json_object_new_int(DXIL_OPCODE_TABLE(e->opcode)));
    json_object_object_add(o, "index", json_object_new_int(DXIL_OPCODE_INDEX(e->opcode)));
    json_object_object_add(o, "name", json_object_new_string(e->name));
    json_object_object_add(o, "known", json_object_new_boolean(e->known));
    json_object_object_add(o, "experimental", json_object_new_boolean(e->experimental));
    stats_counts_json(o, e, false);
    return o;
}

json_object *dxil_stats_to_json(const dxil_stats *s)
{
    json_object *root = json_object_new_object();
    json_object *ops = json_object_new_array();
    if (!root || !ops) {
        json_object_put(root);
        json_object_put(ops);
        return NULL;
    }
    dxil_op_stat total;
    dxil_stats_totals(s, &total);
    json_object_object_add(root, "modules", json_object_new_int64((int64_t)dxil_stats_module_count(s)));
    stats_counts_json(root, &total, true);
    for (size_t i = 0; s && i < s->n; i++)
        json_object_array_add(ops, stats_op_json(&s->ops[i]));
    json_object_object_add(root, "ops", ops);
    return root;
}

char *dxil_stats_json_string(const dxil_stats *s, bool pretty)
{
    json_object *o = dxil_stats_to_json(s);
    if (!o)
        return NULL;
    const char *text = json_object_to_json_string_ext(
        o, pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : JSON_C_TO_STRING_PLAIN);
    char *copy = text ? strdup(text) : NULL;
    json_object_put(o);
    return copy;
}

static uint64_t stats_json_u64(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_int))
        return 0;
    int64_t x = json_object_get_int64(v);
    return x > 0 ? (uint64_t)x : 0;
}

static int stats_merge_json_op(dxil_stats *dst, json_object *jo)
{
    json_object *name, *known, *reasons;
    if (!json_object_is_type(jo, json_type_object) || !json_object_object_get_ex(jo, "name", &name))
        return -1;
    dxil_op_stat e = {.opcode = (uint32_t)stats_json_u64(jo, "opcode"),
                      .calls = stats_json_u64(jo, "calls"),
                      .raised = stats_json_u64(jo, "raised")};
    e.known = json_object_object_get_ex(jo, "known", &known) && json_object_get_boolean(known);
    if (json_object_object_get_ex(jo, "kept_by_reason", &reasons))
        for (unsigned r = 0; r < DXIL_KEEP_REASON_COUNT; r++)
            e.kept[r] = stats_json_u64(reasons, stats_reason_names[r]);
    dxil_op_stat *d = stats_get(dst, e.opcode, json_object_get_string(name), e.known);
    if (!d)
        return -1;
    stats_add_counts(d, &e);
    return 0;
}

int dxil_stats_merge_json(dxil_stats *dst, const char *json)
{
    json_object *root = json ? json_tokener_parse(json) : NULL;
    json_object *ops;
    int rc = -1;
    if (dst && root && json_object_object_get_ex(root, "ops", &ops) &&
        json_object_is_type(ops, json_type_array)) {
        rc = 0;
        for (size_t i = 0; rc == 0 && i < json_object_array_length(ops); i++)
            rc = stats_merge_json_op(dst, json_object_array_get_idx(ops, i));
        dst->modules += stats_json_u64(root, "modules");
        if (stats_sort(dst) != 0)
            rc = -1;
    }
    json_object_put(root);
    return rc;
}

/* ---- text ------------------------------------------------------------------------ */

static void stats_print_reasons(FILE *out, const uint64_t *kept)
{
    const char *sep = "";
    for (unsigned r = 0; r < DXIL_KEEP_REASON_COUNT; r++)
        if (kept[r]) {
            fprintf(out, "%s%s %" PRIu64, sep, stats_reason_names[r], kept[r]);
            sep = ", ";
        }
}

static void stats_print_opcode(FILE *out, uint32_t opcode)
{
    if (DXIL_OPCODE_TABLE(opcode) == DXIL_OPTABLE_CORE)
        fprintf(out, "%10u", opcode);
    else
        fprintf(out, "0x%08X", opcode);
}

int dxil_stats_print(const dxil_stats *s, FILE *out)
{
    fprintf(out, "%10s  %-32s %8s %8s %8s  %s\n", "opcode", "op", "calls", "raised", "kept",
            "kept because");
    for (size_t i = 0; s && i < s->n; i++) {
        const dxil_op_stat *e = &s->ops[i];
        stats_print_opcode(out, e->opcode);
        fprintf(out, "  %-32s %8" PRIu64 " %8" PRIu64 " %8" PRIu64 "  ",
                e->name[0] ? e->name : "<unknown>", e->calls, e->raised, stats_kept_total(e));
        stats_print_reasons(out, e->kept);
        fputc('\n', out);
    }
    dxil_op_stat t;
    dxil_stats_totals(s, &t);
    fprintf(out, "total: %" PRIu64 " calls in %" PRIu64 " module(s), %" PRIu64 " raised, %" PRIu64
                 " kept",
            t.calls, dxil_stats_module_count(s), t.raised, stats_kept_total(&t));
    if (stats_kept_total(&t)) {
        fputs(" (", out);
        stats_print_reasons(out, t.kept);
        fputc(')', out);
    }
    fputc('\n', out);
    return ferror(out) ? -1 : 0;
}
