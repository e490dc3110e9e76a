/* bitcode_tbaa.c - metadata nodes reachable from !tbaa (bitcode_tbaa.h).
 * Nodes are kept in id order with their operands in one pool; a check
 * walks each node once over the whole stream (visited marks persist), so
 * the cost stays linear in the metadata however many attachments there
 * are. */
#include "bitcode_tbaa.h"
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

typedef struct bct_span {
    uint64_t id;
    size_t first;  /* into ops */
    uint32_t n;
    bool visited;
} bct_span;

struct bct_nodes {
    bct_span *spans;
    size_t n_spans, cap_spans;
    uint64_t *ops;
    size_t n_ops, cap_ops;
    uint64_t *kinds; /* kind ids named "tbaa" */
    size_t n_kinds, cap_kinds;
    uint64_t *stack;
    size_t cap_stack;
    size_t mark_spans, mark_ops; /* where the current function's nodes begin */
};

bct_nodes *bct_create(void)
{
    return calloc(1, sizeof(bct_nodes));
}

void bct_destroy(bct_nodes *t)
{
    if (!t)
        return;
    free(t->spans);
    free(t->ops);
    free(t->kinds);
    free(t->stack);
    free(t);
}

int bct_note_kind(bct_nodes *t, const uint64_t *ops, size_t n)
{
    static const char tbaa[] = "tbaa";
    if (n != 2 + sizeof tbaa - 1)
        return 0;
    for (size_t i = 0; i < sizeof tbaa - 1; i++)
        if (ops[2 + i] != (uint8_t)tbaa[i])
            return 0;
    uint64_t *k = grow_array(t->kinds, &t->cap_kinds, t->n_kinds, sizeof *k, 2);
    if (!k)
        return -2;
    t->kinds = k;
    t->kinds[t->n_kinds++] = ops[1];
    return 0;
}

int bct_note_node(bct_nodes *t, uint64_t id, const uint64_t *ops, size_t n)
{
    if (t->n_spans && id <= t->spans[t->n_spans - 1].id)
        return 0; /* out of order: the walker's count went wrong; not followed */
    bct_span *s = grow_array(t->spans, &t->cap_spans, t->n_spans, sizeof *s, 64);
    if (!s)
        return -2;
    t->spans = s;
    while (t->n_ops + n > t->cap_ops) {
        uint64_t *o = grow_array(t->ops, &t->cap_ops, t->cap_ops, sizeof *o, 256);
        if (!o)
            return -2;
        t->ops = o;
    }
    if (n)
        memcpy(t->ops + t->n_ops, ops, n * sizeof *ops);
    t->spans[t->n_spans++] = (bct_span){id, t->n_ops, (uint32_t)n, false};
    t->n_ops += n;
    return 0;
}

void bct_function_begin(bct_nodes *t)
{
    t->mark_spans = t->n_spans;
    t->mark_ops = t->n_ops;
}

void bct_function_end(bct_nodes *t)
{
    t->n_spans = t->mark_spans;
    t->n_ops = t->mark_ops;
}

bool bct_is_tbaa(const bct_nodes *t, uint64_t kind)
{
    for (size_t i = 0; i < t->n_kinds; i++)
        if (t->kinds[i] == kind)
            return true;
    return false;
}

static bct_span *bct_find(bct_nodes *t, uint64_t id)
{
    size_t lo = 0, hi = t->n_spans;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->spans[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->n_spans && t->spans[lo].id == id ? &t->spans[lo] : NULL;
}

static int bct_push(bct_nodes *t, size_t *depth, uint64_t id)
{
    uint64_t *s = grow_array(t->stack, &t->cap_stack, *depth, sizeof *s, 32);
    if (!s)
        return -2;
    t->stack = s;
    t->stack[(*depth)++] = id;
    return 0;
}

int bct_check(bct_nodes *t, uint64_t id, uint64_t *bad)
{
    size_t depth = 0;
    if (bct_push(t, &depth, id) != 0)
        return -2;
    while (depth) {
        bct_span *s = bct_find(t, t->stack[--depth]);
        if (!s || s->visited) /* strings, values, or done already */
            continue;
        s->visited = true;
        for (uint32_t i = 0; i < s->n; i++) {
            uint64_t op = t->ops[s->first + i];
            if (op == 0) {
                *bad = s->id;
                return -1;
            }
            if (bct_push(t, &depth, op - 1) != 0)
                return -2;
        }
    }
    return 0;
}
