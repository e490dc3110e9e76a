/* rt_merges.c - the merges pass, a workaround: in structured SPIR-V each
 * selection header has a merge block of its own, but DXC lets nested
 * selections share one (an if / else-if chain whose arms all branch to
 * the block after the chain). LLVM 22's structurizer then merges the
 * region's exits through an OpSwitch that it emits malformed, or misses
 * the selection construct (spirv-val refuses both). Here every header
 * whose immediate post-dominator an enclosing header already takes gets
 * a merge block of its own, on the edges from its region into that block
 * (phis follow), and a call of llvm.sideeffect that keeps CodeGenPrepare
 * from folding it away again. Functions with loops are left to the
 * structurizer. */
#include "retarget_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct rt_cfg {
    LLVMBasicBlockRef *bb; /* reverse post-order */
    size_t n;
    int *succ;           /* succ[b * RT_MAX_SUCC + k]: successor indices, -1 ends */
    unsigned char *dom;  /* dom[a * n + b]: a dominates b */
    int *ipdom;          /* index, or -1 (the exit) */
} rt_cfg;

#define RT_MAX_SUCC 64

typedef struct rt_bb_index {
    LLVMBasicBlockRef bb;
    size_t i;
} rt_bb_index;

static int rt_cmp_bb(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const rt_bb_index *)a)->bb, y = (uintptr_t)((const rt_bb_index *)b)->bb;
    return x < y ? -1 : x > y;
}

static unsigned rt_succs(LLVMBasicBlockRef b, LLVMBasicBlockRef *out, unsigned cap)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned n = t ? LLVMGetNumSuccessors(t) : 0, k = 0;
    for (unsigned i = 0; i < n && k < cap; i++) {
        LLVMBasicBlockRef s = LLVMGetSuccessor(t, i);
        bool seen = false;
        for (unsigned j = 0; j < k; j++)
            seen |= out[j] == s;
        if (!seen)
            out[k++] = s;
    }
    return k;
}

/* Post-order from b, iteratively (deep CFGs would overflow a recursion). */
static size_t rt_post_order(LLVMBasicBlockRef entry, LLVMBasicBlockRef *order, size_t total)
{
    LLVMBasicBlockRef *stack = calloc(total + 1, sizeof *stack);
    unsigned *next = calloc(total + 1, sizeof *next);
    rt_bb_index *seen = calloc(total + 1, sizeof *seen);
    size_t n = 0, depth = 0, n_seen = 0;
    if (!stack || !next || !seen)
        goto out;
    stack[depth] = entry;
    next[depth++] = 0;
    seen[n_seen++] = (rt_bb_index){entry, 0};
    while (depth) {
        LLVMBasicBlockRef b = stack[depth - 1];
        LLVMBasicBlockRef s[RT_MAX_SUCC];
        unsigned ns = rt_succs(b, s, RT_MAX_SUCC);
        if (next[depth - 1] >= ns) {
            order[n++] = b;
            depth--;
            continue;
        }
        LLVMBasicBlockRef c = s[next[depth - 1]++];
        bool visited = false;
        for (size_t k = 0; k < n_seen && !visited; k++)
            visited = seen[k].bb == c;
        if (!visited && depth < total) {
            seen[n_seen++] = (rt_bb_index){c, 0};
            stack[depth] = c;
            next[depth++] = 0;
        }
    }
out:
    free(stack), free(next), free(seen);
    return n;
}

/* Dominators and post-dominators (iterative, on byte rows) and each
 * block's immediate post-dominator: the strict post-dominator with one
 * post-dominator fewer than the block. */
static int rt_cfg_build(LLVMValueRef fn, rt_cfg *g)
{
    size_t total = LLVMCountBasicBlocks(fn);
    g->bb = calloc(total, sizeof *g->bb);
    if (!g->bb)
        return -1;
    g->n = rt_post_order(LLVMGetEntryBasicBlock(fn), g->bb, total);
    size_t n = g->n;
    for (size_t i = 0; i < n / 2; i++) {
        LLVMBasicBlockRef t = g->bb[i];
        g->bb[i] = g->bb[n - 1 - i];
        g->bb[n - 1 - i] = t;
    }
    rt_bb_index *idx = malloc((n ? n : 1) * sizeof *idx);
    g->succ = malloc((n ? n : 1) * RT_MAX_SUCC * sizeof *g->succ);
    g->dom = malloc(n * n + 1);
    unsigned char *pdom = malloc(n * n + 1);
    g->ipdom = malloc((n ? n : 1) * sizeof *g->ipdom);
    if (!idx || !g->succ || !g->dom || !pdom || !g->ipdom) {
        free(idx), free(pdom);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        idx[i] = (rt_bb_index){g->bb[i], i};
    qsort(idx, n, sizeof *idx, rt_cmp_bb);
    for (size_t b = 0; b < n; b++) {
        LLVMBasicBlockRef s[RT_MAX_SUCC];
        unsigned ns = rt_succs(g->bb[b], s, RT_MAX_SUCC), k = 0;
        for (unsigned j = 0; j < ns; j++) {
            rt_bb_index key = {s[j], 0};
            rt_bb_index *hit = bsearch(&key, idx, n, sizeof *idx, rt_cmp_bb);
            if (hit)
                g->succ[b * RT_MAX_SUCC + k++] = (int)hit->i;
        }
        if (k < RT_MAX_SUCC)
            g->succ[b * RT_MAX_SUCC + k] = -1;
    }
    free(idx);
    memset(g->dom, 1, n * n);
    memset(pdom, 1, n * n);
    for (size_t a = 1; a < n; a++)
        g->dom[a * n + 0] = 0; /* the entry: only itself */
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t b = 0; b < n; b++) {
            const int *s = &g->succ[b * RT_MAX_SUCC];
            for (size_t a = 0; a < n; a++) {
                bool pd = s[0] >= 0;
                for (unsigned k = 0; k < RT_MAX_SUCC && s[k] >= 0 && pd; k++)
                    pd = pdom[a * n + (size_t)s[k]];
                pd = pd || a == b;
                if (pdom[a * n + b] != pd) {
                    pdom[a * n + b] = pd;
                    changed = true;
                }
            }
            for (unsigned k = 0; k < RT_MAX_SUCC && s[k] >= 0; k++) {
                size_t si = (size_t)s[k];
                if (si == 0)
                    continue;
                for (size_t a = 0; a < n; a++)
                    if (a != si && g->dom[a * n + si] && !g->dom[a * n + b]) {
                        g->dom[a * n + si] = 0;
                        changed = true;
                    }
            }
        }
    }
    size_t *count = calloc(n + 1, sizeof *count);
    if (!count) {
        free(pdom);
        return -1;
    }
    for (size_t b = 0; b < n; b++)
        for (size_t a = 0; a < n; a++)
            count[b] += pdom[a * n + b];
    for (size_t b = 0; b < n; b++) {
        g->ipdom[b] = -1;
        for (size_t c = 0; c < n; c++)
            if (c != b && pdom[c * n + b] && count[c] + 1 == count[b])
                g->ipdom[b] = (int)c;
    }
    free(count);
    free(pdom);
    return 0;
}

static size_t rt_index(const rt_cfg *g, LLVMBasicBlockRef b)
{
    for (size_t i = 0; i < g->n; i++)
        if (g->bb[i] == b)
            return i;
    return g->n;
}

static void rt_cfg_free(rt_cfg *g)
{
    free(g->bb);
    free(g->succ);
    free(g->dom);
    free(g->ipdom);
    memset(g, 0, sizeof *g);
}

static bool rt_has_back_edge(const rt_cfg *g)
{
    for (size_t b = 0; b < g->n; b++)
        for (unsigned k = 0; k < RT_MAX_SUCC && g->succ[b * RT_MAX_SUCC + k] >= 0; k++)
            if ((size_t)g->succ[b * RT_MAX_SUCC + k] <= b)
                return true;
    return false;
}

/* Moves the edges from `from` blocks (flag per cfg index) into P to a new
 * block M that branches to P; P's phis take M's phis for them. */
static LLVMBasicBlockRef rt_new_merge(rt_ctx *rc, const rt_cfg *g, const unsigned char *from,
                                      LLVMBasicBlockRef p)
{
    LLVMBasicBlockRef m = LLVMInsertBasicBlockInContext(rc->ctx, p, "merge");
    LLVMBuilderRef mb = LLVMCreateBuilderInContext(rc->ctx);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(p); phi && LLVMIsAPHINode(phi);) {
        LLVMValueRef next = LLVMGetNextInstruction(phi);
        unsigned n = LLVMCountIncoming(phi), kept = 0, moved = 0;
        LLVMValueRef *v = malloc((n + 1) * sizeof *v), *mv = malloc((n + 1) * sizeof *mv);
        LLVMBasicBlockRef *b = malloc((n + 1) * sizeof *b), *mbk = malloc((n + 1) * sizeof *mbk);
        if (!v || !mv || !b || !mbk) {
            free(v), free(mv), free(b), free(mbk);
            break;
        }
        for (unsigned k = 0; k < n; k++) {
            LLVMBasicBlockRef in = LLVMGetIncomingBlock(phi, k);
            size_t ii = rt_index(g, in);
            if (ii < g->n && from[ii]) {
                mv[moved] = LLVMGetIncomingValue(phi, k);
                mbk[moved++] = in;
            } else {
                v[kept] = LLVMGetIncomingValue(phi, k);
                b[kept++] = in;
            }
        }
        LLVMPositionBuilderAtEnd(mb, m);
        LLVMValueRef mphi = LLVMBuildPhi(mb, LLVMTypeOf(phi), "");
        LLVMAddIncoming(mphi, mv, mbk, moved);
        v[kept] = mphi;
        b[kept++] = m;
        LLVMPositionBuilderBefore(mb, phi);
        size_t len;
        char *name = strndup(LLVMGetValueName2(phi, &len), len);
        LLVMSetValueName2(phi, "", 0);
        LLVMValueRef np = LLVMBuildPhi(mb, LLVMTypeOf(phi), name ? name : "");
        free(name);
        LLVMAddIncoming(np, v, b, kept);
        LLVMReplaceAllUsesWith(phi, np);
        LLVMInstructionEraseFromParent(phi);
        free(v), free(mv), free(b), free(mbk);
        phi = next;
    }
    for (size_t i = 0; i < g->n; i++) {
        if (!from[i])
            continue;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[i]);
        unsigned ns = LLVMGetNumSuccessors(t);
        for (unsigned k = 0; k < ns; k++)
            if (LLVMGetSuccessor(t, k) == p)
                LLVMSetSuccessor(t, k, m);
    }
    /* llvm.sideeffect keeps the block: CodeGenPrepare (-O1 and up)
     * removes blocks that only branch, and with them the merge */
    LLVMPositionBuilderAtEnd(mb, m);
    unsigned id = LLVMLookupIntrinsicID("llvm.sideeffect", 15);
    LLVMValueRef se = LLVMGetIntrinsicDeclaration(rc->mod, id, NULL, 0);
    LLVMBuildCall2(mb, LLVMGlobalGetValueType(se), se, NULL, 0, "");
    LLVMBuildBr(mb, p);
    LLVMDisposeBuilder(mb);
    return m;
}

/* One round: the first header whose merge an enclosing one took gets its
 * own; true when something changed. */
static bool rt_split_one(rt_ctx *rc, rt_cfg *g, LLVMBasicBlockRef *claimed_by_merge,
                         LLVMBasicBlockRef *claimed_merge, size_t *n_claimed)
{
    size_t n = g->n;
    for (size_t h = 0; h < n; h++) {
        if (g->succ[h * RT_MAX_SUCC + 1] < 0 || g->ipdom[h] < 0)
            continue;
        LLVMBasicBlockRef p = g->bb[g->ipdom[h]];
        LLVMBasicBlockRef owner = NULL;
        for (size_t k = 0; k < *n_claimed; k++)
            if (claimed_merge[k] == p)
                owner = claimed_by_merge[k];
        if (!owner || owner == g->bb[h]) {
            if (!owner) {
                claimed_merge[*n_claimed] = p;
                claimed_by_merge[(*n_claimed)++] = g->bb[h];
            }
            continue;
        }
        unsigned char *from = calloc(n, 1);
        if (!from)
            return false;
        bool any = false;
        for (size_t u = 0; u < n; u++)
            for (unsigned k = 0; k < RT_MAX_SUCC && g->succ[u * RT_MAX_SUCC + k] >= 0; k++)
                if (g->succ[u * RT_MAX_SUCC + k] == g->ipdom[h] && g->dom[h * n + u])
                    from[u] = 1, any = true;
        if (any) {
            LLVMBasicBlockRef m = rt_new_merge(rc, g, from, p);
            claimed_merge[*n_claimed] = m;
            claimed_by_merge[(*n_claimed)++] = g->bb[h];
        }
        free(from);
        if (any)
            return true;
    }
    return false;
}

int rt_pass_merges(rt_ctx *rc)
{
    size_t cap = 2 * LLVMCountBasicBlocks(rc->entry) + 8;
    LLVMBasicBlockRef *owners = calloc(cap, sizeof *owners), *merges = calloc(cap, sizeof *merges);
    if (!owners || !merges) {
        free(owners), free(merges);
        return -1;
    }
    for (unsigned round = 0; round < 256; round++) {
        rt_cfg g = {0};
        if (rt_cfg_build(rc->entry, &g) != 0) {
            rt_cfg_free(&g);
            break;
        }
        size_t n_claimed = 0;
        bool again = !rt_has_back_edge(&g) && g.n + 2 < cap &&
                     rt_split_one(rc, &g, owners, merges, &n_claimed);
        rt_cfg_free(&g);
        if (!again)
            break;
    }
    free(owners), free(merges);
    return 0;
}
