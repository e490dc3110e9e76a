/* bitcode_modflags.c - shapes of !llvm.module.flags and !llvm.dbg.cu in
 * bitcode (see bitcode_modflags.h for why).
 *
 * The module's METADATA records that can be named by those two lists are
 * kept by id: strings (STRING_OLD, one each; METADATA_STRINGS ranges) and
 * which of them read "Linker Options" (a METADATA_STRINGS blob holds the
 * lengths as VBR6 in a bitstream, then the characters), VALUE records,
 * nodes with their operands, and compile units. LLVM's
 * writers put named metadata after the nodes it names, so a NAMED_NODE is
 * checked when it is read; a name before its node's definition is
 * refused. Memory is proportional to the records read. */
#include "bitcode_modflags.h"
#include "bitstream.h"
#include "common/grow.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BCM_STRING = 1, BCM_VALUE, BCM_NODE, BCM_CU };
enum { BCM_NAMED_OTHER, BCM_NAMED_FLAGS, BCM_NAMED_CU, BCM_NAMED_RESOURCES };

/* METADATA record codes (the same in LLVM 3.7 and 22). */
enum { MD_STRING_OLD = 1, MD_VALUE = 2, MD_NODE = 3, MD_NAME = 4, MD_DISTINCT_NODE = 5,
       MD_NAMED_NODE = 10, MD_COMPILE_UNIT = 20, MD_STRINGS = 35 };

typedef struct bcm_entry {
    uint64_t id, count; /* the ids [id, id + count) */
    uint8_t kind;
    size_t first, n;    /* a node's operands in the pool (id + 1, 0: null) */
} bcm_entry;

struct bcm_state {
    bcm_entry *v;
    size_t n, cap;
    uint64_t *pool;
    size_t n_pool, cap_pool;
    uint64_t *linker; /* ids of strings reading "Linker Options", rising */
    size_t n_linker, cap_linker;
    int named; /* what the last NAME record named */
    uint64_t resources; /* !dx.resources' first operand + 1 (0: none) */
};

static const char bcm_linker_key[] = "Linker Options";

bcm_state *bcm_create(void)
{
    return calloc(1, sizeof(bcm_state));
}

void bcm_destroy(bcm_state *s)
{
    if (!s)
        return;
    free(s->v);
    free(s->pool);
    free(s->linker);
    free(s);
}

/* The entry holding id, or NULL (a record kind not kept, or undefined). */
static const bcm_entry *bcm_find(const bcm_state *s, uint64_t id)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->v[mid].id <= id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    const bcm_entry *e = &s->v[lo - 1];
    return id - e->id < e->count ? e : NULL;
}

static uint8_t bcm_kind(const bcm_state *s, uint64_t ref_plus_one)
{
    const bcm_entry *e = ref_plus_one ? bcm_find(s, ref_plus_one - 1) : NULL;
    return e ? e->kind : 0;
}

static int bcm_add(bcm_state *s, uint64_t id, uint64_t count, uint8_t kind, const uint64_t *ops,
                   size_t n)
{
    bcm_entry *v = grow_array(s->v, &s->cap, s->n, sizeof *v, 64);
    if (!v)
        return -2;
    s->v = v;
    while (s->n_pool + n > s->cap_pool) {
        uint64_t *p = grow_array(s->pool, &s->cap_pool, s->n_pool + n, sizeof *p, 256);
        if (!p)
            return -2;
        s->pool = p;
    }
    if (n)
        memcpy(s->pool + s->n_pool, ops, n * sizeof *ops);
    s->v[s->n++] = (bcm_entry){id, count, kind, s->n_pool, n};
    s->n_pool += n;
    return 0;
}

/* Whether the record's operands (one character each) spell word. */
static bool bcm_chars_are(const uint64_t *ops, size_t n, const char *word)
{
    size_t len = strlen(word);
    if (n != len)
        return false;
    for (size_t i = 0; i < n; i++)
        if (ops[i] != (unsigned char)word[i])
            return false;
    return true;
}

static int bcm_linker_add(bcm_state *s, uint64_t id)
{
    uint64_t *v = grow_array(s->linker, &s->cap_linker, s->n_linker, sizeof *v, 4);
    if (!v)
        return -2;
    s->linker = v;
    s->linker[s->n_linker++] = id;
    return 0;
}

static bool bcm_is_linker_key(const bcm_state *s, uint64_t ref_plus_one)
{
    for (size_t i = 0; ref_plus_one && i < s->n_linker; i++)
        if (s->linker[i] == ref_plus_one - 1)
            return true;
    return false;
}

/* METADATA_STRINGS [count, offsets size, blob]: the ids reading "Linker
 * Options" among the count strings from id. A blob that does not hold
 * them LLVM refuses itself. */
static int bcm_strings(bcm_state *s, const uint64_t *ops, size_t n, const uint8_t *blob,
                       size_t blob_len, uint64_t id)
{
    if (n < 3 || !ops[1] || !blob || ops[2] > blob_len)
        return n >= 2 && ops[1] ? bcm_add(s, id, ops[1], BCM_STRING, NULL, 0) : 0;
    bs_reader r;
    bs_reader_init(&r, blob, (size_t)ops[2]);
    size_t at = (size_t)ops[2], key = sizeof bcm_linker_key - 1;
    for (uint64_t i = 0; i < ops[1]; i++) {
        uint64_t len = bs_read_vbr(&r, 6);
        if (r.failed || len > blob_len - at)
            break;
        if (len == key && memcmp(blob + at, bcm_linker_key, key) == 0 &&
            bcm_linker_add(s, id + i) != 0)
            return -2;
        at += (size_t)len;
    }
    return bcm_add(s, id, ops[1], BCM_STRING, NULL, 0);
}

/* "Linker Options": LLVM casts the value and each of its operands to a node. */
static int bcm_check_linker(const bcm_state *s, uint64_t value, uint64_t node, char *why,
                            size_t size)
{
    const bcm_entry *e = bcm_find(s, value - 1);
    bool ok = e && e->kind == BCM_NODE;
    for (size_t i = 0; ok && i < e->n; i++)
        ok = bcm_kind(s, s->pool[e->first + i]) == BCM_NODE;
    if (!ok)
        snprintf(why, size, "module flag \"Linker Options\" (metadata node %llu) needs a node of "
                 "nodes as its value", (unsigned long long)node);
    return ok ? 0 : -1;
}

/* One !llvm.module.flags operand: {behaviour constant, key string, value}. */
static int bcm_check_flag(const bcm_state *s, uint64_t node, char *why, size_t size)
{
    const bcm_entry *e = bcm_find(s, node);
    const char *bad = NULL;
    if (!e || e->kind != BCM_NODE || e->id != node)
        bad = "is not a node defined before the list";
    else if (e->n != 3)
        bad = "does not have 3 operands {behaviour, key, value}";
    else if (bcm_kind(s, s->pool[e->first]) != BCM_VALUE)
        bad = "has a behaviour that is not a constant";
    else if (bcm_kind(s, s->pool[e->first + 1]) != BCM_STRING)
        bad = "has a key that is not a string";
    else if (!s->pool[e->first + 2])
        bad = "has a null value";
    if (bad) {
        snprintf(why, size, "!llvm.module.flags entry (metadata %llu) %s",
                 (unsigned long long)node, bad);
        return -1;
    }
    if (bcm_is_linker_key(s, s->pool[e->first + 1]))
        return bcm_check_linker(s, s->pool[e->first + 2], node, why, size);
    return 0;
}

/* NAMED_NODE [ids]: operands of the list the NAME before it named. */
static int bcm_named_node(const bcm_state *s, const uint64_t *ids, size_t n, char *why,
                          size_t size)
{
    for (size_t i = 0; i < n; i++) {
        if (s->named == BCM_NAMED_FLAGS && bcm_check_flag(s, ids[i], why, size) != 0)
            return -1;
        const bcm_entry *e = bcm_find(s, ids[i]);
        if (s->named == BCM_NAMED_CU && (!e || e->kind != BCM_CU)) {
            snprintf(why, size, "!llvm.dbg.cu operand %zu (metadata %llu) is not a compile unit "
                     "defined before the list", i, (unsigned long long)ids[i]);
            return -1;
        }
    }
    return 0;
}

int bcm_record(bcm_state *s, const uint64_t *ops, size_t n, const uint8_t *blob,
               size_t blob_len, uint64_t id, char *why, size_t size)
{
    if (n == 0)
        return 0;
    switch (ops[0]) {
    case MD_STRING_OLD:
        if (bcm_chars_are(ops + 1, n - 1, bcm_linker_key) && bcm_linker_add(s, id) != 0)
            return -2;
        return bcm_add(s, id, 1, BCM_STRING, NULL, 0);
    case MD_STRINGS:
        return bcm_strings(s, ops, n, blob, blob_len, id);
    case MD_VALUE: /* [ty, value]: the type is kept for bcm_resource_value_types */
        return bcm_add(s, id, 1, BCM_VALUE, ops + 1, n >= 3 ? 2 : 0);
    case MD_NODE:
    case MD_DISTINCT_NODE:
        return bcm_add(s, id, 1, BCM_NODE, ops + 1, n - 1);
    case MD_COMPILE_UNIT:
        return bcm_add(s, id, 1, BCM_CU, NULL, 0);
    case MD_NAME:
        s->named = bcm_chars_are(ops + 1, n - 1, "llvm.module.flags") ? BCM_NAMED_FLAGS
                   : bcm_chars_are(ops + 1, n - 1, "llvm.dbg.cu")     ? BCM_NAMED_CU
                   : bcm_chars_are(ops + 1, n - 1, "dx.resources")    ? BCM_NAMED_RESOURCES
                                                                      : BCM_NAMED_OTHER;
        return 0;
    case MD_NAMED_NODE: {
        if (s->named == BCM_NAMED_RESOURCES && n >= 2 && !s->resources)
            s->resources = ops[1] + 1;
        int rc = bcm_named_node(s, ops + 1, n - 1, why, size);
        s->named = BCM_NAMED_OTHER;
        return rc;
    }
    default:
        return 0;
    }
}

/* A node's operand list (id + 1 each, 0: null), or NULL when id is no node. */
static const uint64_t *bcm_node_ops(const bcm_state *s, uint64_t id, size_t *n)
{
    const bcm_entry *e = bcm_find(s, id);
    if (!e || e->kind != BCM_NODE || e->id != id)
        return NULL;
    *n = e->n;
    return s->pool + e->first;
}

/* !dx.resources = !{!{SRVs, UAVs, CBVs, samplers}}: each list's records
 * name their resource's global (or undef) as operand 1, a VALUE [ty, v]. */
void bcm_resource_value_types(const bcm_state *s, bcm_resource_fn fn, void *user)
{
    size_t n_lists = 0, n_recs = 0, n_ops = 0;
    const uint64_t *lists = s->resources ? bcm_node_ops(s, s->resources - 1, &n_lists) : NULL;
    for (size_t c = 0; lists && c < n_lists && c < 4; c++) {
        const uint64_t *recs = lists[c] ? bcm_node_ops(s, lists[c] - 1, &n_recs) : NULL;
        for (size_t i = 0; recs && i < n_recs; i++) {
            const uint64_t *ops = recs[i] ? bcm_node_ops(s, recs[i] - 1, &n_ops) : NULL;
            const bcm_entry *val = ops && n_ops > 1 && ops[1] ? bcm_find(s, ops[1] - 1) : NULL;
            if (val && val->kind == BCM_VALUE && val->n == 2)
                fn(user, (unsigned)c, (unsigned)i, s->pool[val->first]);
        }
    }
}
