/* cfg_loops.c - a function's blocks, dominators (Cooper, Harvey and
 * Kennedy's iteration over reverse post-order) and natural loops. */
#include "cfg_loops.h"

#include <stdlib.h>
#include <string.h>

typedef struct cfg_pair {
    size_t from, to;
} cfg_pair;

typedef struct cfg_slot {
    LLVMBasicBlockRef bb;
    size_t i;
} cfg_slot;

struct cfg_index {
    size_t n;
    cfg_slot slots[];
};

static int cfg_slot_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const cfg_slot *)a)->bb, y = (uintptr_t)((const cfg_slot *)b)->bb;
    return x < y ? -1 : x > y;
}

int cfg_block_index(const cfg_loops *g, LLVMBasicBlockRef bb)
{
    if (!g->index)
        return -1;
    cfg_slot key = {.bb = bb};
    const cfg_slot *s = bsearch(&key, g->index->slots, g->index->n, sizeof key, cfg_slot_cmp);
    return s ? (int)s->i : -1;
}

void cfg_loops_free(cfg_loops *g)
{
    free(g->blocks);
    free(g->succ_at);
    free(g->succ);
    free(g->idom);
    free(g->rpo);
    free(g->header);
    free(g->parent);
    free(g->innermost);
    free(g->loop_of_header);
    free(g->body);
    free(g->index);
    memset(g, 0, sizeof *g);
}

/* Blocks, their index, and successors (the extra edges included). */
static int cfg_edges(LLVMValueRef fn, const cfg_edge *extra, size_t n_extra, cfg_loops *g)
{
    size_t n = LLVMCountBasicBlocks(fn), total = n_extra;
    g->n = n;
    g->blocks = calloc(n ? n : 1, sizeof *g->blocks);
    g->index = malloc(sizeof *g->index + (n ? n : 1) * sizeof(cfg_slot));
    g->succ_at = calloc(n + 1, sizeof *g->succ_at);
    if (!g->blocks || !g->index || !g->succ_at)
        return -1;
    LLVMGetBasicBlocks(fn, g->blocks);
    g->index->n = n;
    for (size_t i = 0; i < n; i++) {
        g->index->slots[i] = (cfg_slot){g->blocks[i], i};
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->blocks[i]);
        total += t ? LLVMGetNumSuccessors(t) : 0;
    }
    qsort(g->index->slots, n, sizeof(cfg_slot), cfg_slot_cmp);
    g->succ = calloc(total ? total : 1, sizeof *g->succ);
    if (!g->succ)
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        g->succ_at[i] = k;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->blocks[i]);
        for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); s++) {
            int j = cfg_block_index(g, LLVMGetSuccessor(t, s));
            if (j >= 0)
                g->succ[k++] = (size_t)j;
        }
        for (size_t e = 0; e < n_extra; e++) {
            int a = cfg_block_index(g, extra[e].from), b = cfg_block_index(g, extra[e].to);
            if (a == (int)i && b >= 0)
                g->succ[k++] = (size_t)b;
        }
    }
    g->succ_at[n] = k;
    return 0;
}

/* Post-order from the entry (iterative DFS), and the retreating edges
 * (to a block still on the DFS stack). Fills order[] (post-order) and
 * returns its length. */
static size_t cfg_dfs(cfg_loops *g, size_t *order, size_t *stack, size_t *next,
                      unsigned char *state, cfg_pair *retreat, size_t *n_retreat)
{
    size_t depth = 0, count = 0;
    if (!g->n)
        return 0;
    stack[depth++] = 0;
    state[0] = 1; /* on the stack */
    next[0] = g->succ_at[0];
    while (depth) {
        size_t b = stack[depth - 1];
        if (next[b] < g->succ_at[b + 1]) {
            size_t s = g->succ[next[b]++];
            if (state[s] == 0) {
                state[s] = 1;
                next[s] = g->succ_at[s];
                stack[depth++] = s;
            } else if (state[s] == 1) {
                retreat[(*n_retreat)++] = (cfg_pair){b, s};
            }
            continue;
        }
        state[b] = 2;
        order[count++] = b;
        depth--;
    }
    return count;
}

static size_t cfg_intersect(const cfg_loops *g, size_t a, size_t b)
{
    while (a != b) {
        while (g->rpo[a] > g->rpo[b])
            a = (size_t)g->idom[a];
        while (g->rpo[b] > g->rpo[a])
            b = (size_t)g->idom[b];
    }
    return a;
}

/* Dominators over reverse post-order; the entry is its own while
 * iterating, -1 after. */
static void cfg_dominators(cfg_loops *g, const size_t *post, size_t count, const size_t *pred_at,
                           const size_t *pred)
{
    for (size_t i = 0; i < g->n; i++)
        g->idom[i] = -1;
    g->idom[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = count; k-- > 0;) {
            size_t b = post[k];
            if (b == 0)
                continue;
            int nd = -1;
            for (size_t p = pred_at[b]; p < pred_at[b + 1]; p++) {
                size_t q = pred[p];
                if (g->idom[q] < 0)
                    continue;
                nd = nd < 0 ? (int)q : (int)cfg_intersect(g, (size_t)nd, q);
            }
            if (nd != g->idom[b]) {
                g->idom[b] = nd;
                changed = true;
            }
        }
    }
    g->idom[0] = -1;
}

bool cfg_dominates(const cfg_loops *g, size_t a, size_t b)
{
    if (a >= g->n || b >= g->n || g->rpo[a] < 0 || g->rpo[b] < 0)
        return false;
    for (int x = (int)b; x >= 0; x = g->idom[x])
        if ((size_t)x == a)
            return true;
    return false;
}

bool cfg_loop_has(const cfg_loops *g, int l, size_t b)
{
    return l >= 0 && (size_t)l < g->n_loops && b < g->n &&
           (g->body[(size_t)l * g->words + b / 64] >> (b % 64) & 1);
}

bool cfg_loop_within(const cfg_loops *g, int l, int outer)
{
    for (; l >= 0; l = g->parent[l])
        if (l == outer)
            return true;
    return false;
}

/* Predecessor lists (reachable blocks only) in CSR form. */
static int cfg_preds(const cfg_loops *g, size_t **at_out, size_t **pred_out)
{
    size_t *at = calloc(g->n + 1, sizeof *at), *pred = calloc(g->succ_at[g->n] + 1, sizeof *pred);
    size_t *fill = calloc(g->n + 1, sizeof *fill);
    if (!at || !pred || !fill) {
        free(at), free(pred), free(fill);
        return -1;
    }
    for (size_t b = 0; b < g->n; b++)
        for (size_t s = g->succ_at[b]; s < g->succ_at[b + 1]; s++)
            at[g->succ[s] + 1]++;
    for (size_t b = 0; b < g->n; b++)
        at[b + 1] += at[b];
    for (size_t b = 0; b < g->n; b++)
        for (size_t s = g->succ_at[b]; s < g->succ_at[b + 1]; s++) {
            size_t t = g->succ[s];
            pred[at[t] + fill[t]++] = b;
        }
    free(fill);
    *at_out = at;
    *pred_out = pred;
    return 0;
}

/* The natural loop of header h: the blocks reaching its back edges
 * without passing through it. */
static void cfg_loop_body(cfg_loops *g, size_t l, size_t h, const size_t *pred_at,
                          const size_t *pred, size_t *work)
{
    uint64_t *set = g->body + l * g->words;
    size_t top = 0;
    set[h / 64] |= 1ull << (h % 64);
    for (size_t p = pred_at[h]; p < pred_at[h + 1]; p++)
        if (cfg_dominates(g, h, pred[p]))
            work[top++] = pred[p];
    while (top) {
        size_t b = work[--top];
        if (set[b / 64] >> (b % 64) & 1)
            continue;
        set[b / 64] |= 1ull << (b % 64);
        for (size_t p = pred_at[b]; p < pred_at[b + 1]; p++)
            if (g->rpo[pred[p]] >= 0 && !(set[pred[p] / 64] >> (pred[p] % 64) & 1))
                work[top++] = pred[p];
    }
}

static size_t cfg_popcount(const uint64_t *set, size_t words)
{
    size_t c = 0;
    for (size_t i = 0; i < words; i++)
        for (uint64_t w = set[i]; w; w &= w - 1)
            c++;
    return c;
}

/* Headers (targets of an edge from a block they dominate), bodies,
 * nesting and each block's innermost loop. */
static int cfg_find_loops(cfg_loops *g, const size_t *pred_at, const size_t *pred)
{
    size_t n = g->n;
    g->words = (n + 63) / 64;
    g->loop_of_header = malloc((n + 1) * sizeof *g->loop_of_header);
    g->innermost = malloc((n + 1) * sizeof *g->innermost);
    g->header = malloc((n + 1) * sizeof *g->header);
    size_t *work = malloc((g->succ_at[n] + n + 1) * sizeof *work);
    if (!g->loop_of_header || !g->innermost || !g->header || !work) {
        free(work);
        return -1;
    }
    for (size_t b = 0; b < n; b++) {
        g->loop_of_header[b] = -1;
        g->innermost[b] = -1;
        for (size_t p = pred_at[b]; p < pred_at[b + 1] && g->loop_of_header[b] < 0; p++)
            if (cfg_dominates(g, b, pred[p])) {
                g->loop_of_header[b] = (int)g->n_loops;
                g->header[g->n_loops++] = b;
            }
    }
    g->body = calloc(g->n_loops * g->words + 1, sizeof *g->body);
    g->parent = malloc((g->n_loops + 1) * sizeof *g->parent);
    size_t *size = malloc((g->n_loops + 1) * sizeof *size);
    if (!g->body || !g->parent || !size) {
        free(work), free(size);
        return -1;
    }
    for (size_t l = 0; l < g->n_loops; l++) {
        cfg_loop_body(g, l, g->header[l], pred_at, pred, work);
        size[l] = cfg_popcount(g->body + l * g->words, g->words);
    }
    for (size_t l = 0; l < g->n_loops; l++) {
        g->parent[l] = -1;
        for (size_t o = 0; o < g->n_loops; o++)
            if (o != l && cfg_loop_has(g, (int)o, g->header[l]) && size[o] > size[l] &&
                (g->parent[l] < 0 || size[o] < size[g->parent[l]]))
                g->parent[l] = (int)o;
    }
    for (size_t b = 0; b < n; b++)
        for (size_t l = 0; l < g->n_loops; l++)
            if (cfg_loop_has(g, (int)l, b) &&
                (g->innermost[b] < 0 || size[l] < size[g->innermost[b]]))
                g->innermost[b] = (int)l;
    free(work);
    free(size);
    return 0;
}

int cfg_loops_build(LLVMValueRef fn, const cfg_edge *extra, size_t n_extra, cfg_loops *g)
{
    memset(g, 0, sizeof *g);
    if (cfg_edges(fn, extra, n_extra, g) != 0)
        goto fail;
    size_t n = g->n, e = g->succ_at[n];
    size_t *post = malloc((n + 1) * sizeof *post), *stack = malloc((n + 1) * sizeof *stack);
    size_t *next = malloc((n + 1) * sizeof *next), *pred_at = NULL, *pred = NULL;
    unsigned char *state = calloc(n + 1, 1);
    cfg_pair *retreat = malloc((e + 1) * sizeof *retreat);
    g->idom = malloc((n + 1) * sizeof *g->idom);
    g->rpo = malloc((n + 1) * sizeof *g->rpo);
    int rv = -1;
    if (!post || !stack || !next || !state || !retreat || !g->idom || !g->rpo)
        goto done;
    size_t n_retreat = 0, count = cfg_dfs(g, post, stack, next, state, retreat, &n_retreat);
    for (size_t b = 0; b < n; b++)
        g->rpo[b] = -1;
    for (size_t k = 0; k < count; k++)
        g->rpo[post[k]] = (int)(count - 1 - k);
    if (cfg_preds(g, &pred_at, &pred) != 0)
        goto done;
    cfg_dominators(g, post, count, pred_at, pred);
    g->reducible = true;
    for (size_t r = 0; r < n_retreat; r++)
        if (!cfg_dominates(g, retreat[r].to, retreat[r].from))
            g->reducible = false;
    rv = cfg_find_loops(g, pred_at, pred);
done:
    free(post), free(stack), free(next), free(state), free(retreat), free(pred_at), free(pred);
    if (rv == 0)
        return 0;
fail:
    cfg_loops_free(g);
    return -1;
}
