/* chk_flow.c - DXC's control flow rules (ValidateFlowControl): every
 * function's control flow reducible (DXC's T1/T2 reduction, unreachable
 * blocks dropped as they run out of predecessors), no recursion in the
 * calls an entry (or a hull shader's patch constant function) makes, no
 * loop without a way out, and no use of a node record handle after an
 * OutputComplete of it dominates. (Flow.FunctionCall, an entry with
 * parameters, is checked with the signatures: chk_decl.c.) */
#include "chk_env.h"
#include "families.h"
#include "chk_instr.h"

#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"
#include "module/llvm_shim.h"

#include <stdlib.h>
#include <string.h>

/* ---- small sets of node indices ------------------------------------------------- */

typedef struct iset {
    unsigned *v;
    unsigned n, cap;
} iset;

static bool iset_has(const iset *s, unsigned x)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->v[i] == x)
            return true;
    return false;
}

static bool iset_add(iset *s, unsigned x)
{
    if (iset_has(s, x))
        return true;
    if (s->n == s->cap) {
        unsigned cap = s->cap ? s->cap * 2 : 4;
        unsigned *p = realloc(s->v, cap * sizeof *p);
        if (!p)
            return false;
        s->v = p;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return true;
}

static void iset_del(iset *s, unsigned x)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->v[i] == x) {
            s->v[i] = s->v[--s->n];
            return;
        }
}

/* ---- the function's graph --------------------------------------------------------- */

typedef struct cfg {
    LLVMBasicBlockRef *bb;
    unsigned n;
    iset *succ, *pred;
} cfg;

static void cfg_free(cfg *g)
{
    for (unsigned i = 0; g->succ && i < g->n; i++) {
        free(g->succ[i].v);
        free(g->pred[i].v);
    }
    free(g->succ);
    free(g->pred);
    free(g->bb);
}

static int bb_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(const LLVMBasicBlockRef *)a, y = (uintptr_t)*(const LLVMBasicBlockRef *)b;
    return x < y ? -1 : x > y;
}

/* Index of bb in the function's block order (sorted copy for the search). */
static unsigned cfg_index(const cfg *g, LLVMBasicBlockRef *sorted, const unsigned *order,
                          LLVMBasicBlockRef bb)
{
    LLVMBasicBlockRef *p = bsearch(&bb, sorted, g->n, sizeof *sorted, bb_cmp);
    return p ? order[p - sorted] : 0;
}

static int order_cmp(const void *a, const void *b)
{
    return bb_cmp(a, b);
}

static bool cfg_build(LLVMValueRef fn, cfg *g)
{
    memset(g, 0, sizeof *g);
    g->n = LLVMCountBasicBlocks(fn);
    if (!g->n)
        return false;
    g->bb = malloc(g->n * sizeof *g->bb);
    g->succ = calloc(g->n, sizeof *g->succ);
    g->pred = calloc(g->n, sizeof *g->pred);
    /* (block, index) pairs sorted by block, for successor lookups */
    struct { LLVMBasicBlockRef bb; unsigned idx; } *pairs = malloc(g->n * sizeof *pairs);
    LLVMBasicBlockRef *sorted = malloc(g->n * sizeof *sorted);
    unsigned *order = malloc(g->n * sizeof *order);
    bool ok = g->bb && g->succ && g->pred && pairs && sorted && order;
    if (ok) {
        LLVMGetBasicBlocks(fn, g->bb);
        for (unsigned i = 0; i < g->n; i++)
            pairs[i].bb = g->bb[i], pairs[i].idx = i;
        qsort(pairs, g->n, sizeof *pairs, order_cmp);
        for (unsigned i = 0; i < g->n; i++)
            sorted[i] = pairs[i].bb, order[i] = pairs[i].idx;
        for (unsigned i = 0; ok && i < g->n; i++) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(g->bb[i]);
            for (unsigned s = 0, ns = term ? LLVMGetNumSuccessors(term) : 0; ok && s < ns; s++) {
                unsigned j = cfg_index(g, sorted, order, LLVMGetSuccessor(term, s));
                ok = iset_add(&g->succ[i], j) && iset_add(&g->pred[j], i);
            }
        }
    }
    free(pairs);
    free(sorted);
    free(order);
    if (!ok)
        cfg_free(g);
    return ok;
}

/* DXC's ReducibilityAnalysis: T1 drops self edges, T2 merges a node into
 * its only predecessor, nodes other than the entry without predecessors
 * go; reducible when one node is left. */
static bool cfg_reducible(cfg *g)
{
    bool *gone = calloc(g->n, sizeof *gone);
    if (!gone)
        return true;
    unsigned left = g->n;
    for (bool changed = true; changed && left > 1;) {
        changed = false;
        for (unsigned v = 0; v < g->n; v++) {
            if (gone[v])
                continue;
            if (iset_has(&g->succ[v], v)) {
                iset_del(&g->succ[v], v);
                iset_del(&g->pred[v], v);
                changed = true;
            } else if (g->pred[v].n == 1) {
                unsigned p = g->pred[v].v[0];
                iset_del(&g->succ[p], v);
                for (unsigned k = 0; k < g->succ[v].n; k++) {
                    unsigned s = g->succ[v].v[k];
                    iset_del(&g->pred[s], v);
                    iset_add(&g->succ[p], s);
                    iset_add(&g->pred[s], p);
                }
                gone[v] = true, left--, changed = true;
            } else if (g->pred[v].n == 0 && v != 0) {
                for (unsigned k = 0; k < g->succ[v].n; k++)
                    iset_del(&g->pred[g->succ[v].v[k]], v);
                gone[v] = true, left--, changed = true;
            }
        }
    }
    free(gone);
    return left == 1;
}

/* ---- loops ------------------------------------------------------------------------ */

/* Natural loops (a back edge's head dominating its tail), merged by
 * header; a loop whose header lies in another's body is not top level.
 * A top-level loop none of whose blocks leads outside it has no break. */
static void cfg_dead_loops(chk_ctx *c, LLVMValueRef fn, const cfg *g, shim_domtree *dt)
{
    bool *header = calloc(g->n, sizeof *header);
    unsigned *stack = malloc(g->n * sizeof *stack);
    bool **bodies = calloc(g->n, sizeof *bodies);
    if (!header || !stack || !bodies)
        goto done;
    for (unsigned h = 0; h < g->n; h++)
        for (unsigned k = 0; k < g->pred[h].n; k++) {
            unsigned t = g->pred[h].v[k];
            if (shim_domtree_dominates(dt, g->bb[h], g->bb[t]) == 1 &&
                shim_domtree_dominates(dt, g->bb[0], g->bb[t]) == 1)
                header[h] = true;
        }
    for (unsigned h = 0; h < g->n; h++) {
        if (!header[h] || !(bodies[h] = calloc(g->n, sizeof **bodies)))
            continue;
        bool *body = bodies[h];
        unsigned sp = 0;
        body[h] = true;
        for (unsigned k = 0; k < g->pred[h].n; k++) {
            unsigned t = g->pred[h].v[k];
            if (shim_domtree_dominates(dt, g->bb[h], g->bb[t]) == 1 && !body[t])
                body[t] = true, stack[sp++] = t;
        }
        while (sp) {
            unsigned b = stack[--sp];
            for (unsigned k = 0; k < g->pred[b].n; k++) {
                unsigned p = g->pred[b].v[k];
                if (!body[p] && shim_domtree_dominates(dt, g->bb[0], g->bb[p]) == 1)
                    body[p] = true, stack[sp++] = p;
            }
        }
    }
    for (unsigned h = 0; h < g->n; h++) {
        if (!bodies[h])
            continue;
        bool top = true;
        for (unsigned o = 0; o < g->n && top; o++)
            top = !(o != h && bodies[o] && bodies[o][h]);
        bool exits = false;
        for (unsigned b = 0; b < g->n && top && !exits; b++)
            for (unsigned k = 0; bodies[h][b] && k < g->succ[b].n && !exits; k++)
                exits = !bodies[h][g->succ[b].v[k]];
        if (top && !exits)
            chk_fail(c, CHK_FLOW_DEADLOOP, fn, NULL);
    }
done:
    for (unsigned h = 0; bodies && h < g->n; h++)
        free(bodies[h]);
    free(bodies);
    free(header);
    free(stack);
}

/* ---- recursion ---------------------------------------------------------------------- */

typedef struct callpath {
    LLVMValueRef *fns;
    unsigned n, cap;
    unsigned long steps;
} callpath;

static bool path_has(const callpath *p, LLVMValueRef f)
{
    for (unsigned i = 0; i < p->n; i++)
        if (p->fns[i] == f)
            return true;
    return false;
}

/* DXC's CalculateCallDepth: a callee already on the path (the entry
 * itself is never put there) is the recursion found. */
static LLVMValueRef call_cycle(callpath *p, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (!callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee))
                continue;
            if (path_has(p, callee))
                return callee;
            if (++p->steps > 1000000 || p->n == p->cap)
                return NULL;
            p->fns[p->n++] = callee;
            LLVMValueRef r = call_cycle(p, callee);
            p->n--;
            if (r)
                return r;
        }
    return NULL;
}

static void check_recursion(chk_ctx *c, LLVMValueRef root)
{
    callpath p = {malloc(256 * sizeof *p.fns), 0, 256, 0};
    LLVMValueRef r = p.fns && root ? call_cycle(&p, root) : NULL;
    if (r)
        chk_fail(c, CHK_FLOW_NORECURSION, r, NULL);
    free(p.fns);
}

/* ---- node record handles ----------------------------------------------------------- */

static bool inst_dominates(shim_domtree *dt, LLVMValueRef a, LLVMValueRef b)
{
    LLVMBasicBlockRef ba = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
    if (ba != bb)
        return shim_domtree_dominates(dt, ba, bb) == 1;
    for (LLVMValueRef i = a; i; i = LLVMGetNextInstruction(i))
        if (i == b)
            return true;
    return false;
}

/* A use of a record handle that an OutputComplete of it dominates (other
 * than such a completion that none dominates). */
static void check_completed(chk_ctx *c, LLVMValueRef fn, shim_domtree *dt)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef oc = LLVMGetFirstInstruction(bb); oc; oc = LLVMGetNextInstruction(oc)) {
            if (ops_dxop_opcode(oc) != DXIL_OP_OutputComplete)
                continue;
            LLVMValueRef h = LLVMGetOperand(oc, 1);
            for (LLVMUseRef u = LLVMGetFirstUse(h); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef user = LLVMGetUser(u);
                if (user == oc || !LLVMIsAInstruction(user) ||
                    LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) != fn)
                    continue;
                if (inst_dominates(dt, oc, user))
                    chk_fail(c, CHK_INSTR_NODERECORDHANDLEUSEAFTERCOMPLETE, user, NULL);
            }
        }
}

int chk_flow(chk_ctx *c)
{
    chk_env *e = chk_env_get(c);
    if (!e)
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(c->mod); fn; fn = LLVMGetNextFunction(fn)) {
        cfg g;
        if (LLVMIsDeclaration(fn) || !cfg_build(fn, &g))
            continue;
        bool ok = cfg_reducible(&g);
        cfg_free(&g);
        if (!ok) {
            chk_fail(c, CHK_FLOW_REDUCIBLE, NULL, NULL);
            return 0;
        }
    }
    if (!e->lib && e->entry) {
        check_recursion(c, e->entry);
        for (size_t i = 0; i < e->nentries; i++)
            if (e->entries[i].patch_constant)
                check_recursion(c, e->entries[i].fn);
    }
    for (LLVMValueRef fn = LLVMGetFirstFunction(c->mod); fn && !c->stopped;
         fn = LLVMGetNextFunction(fn)) {
        cfg g;
        if (LLVMIsDeclaration(fn) || !cfg_build(fn, &g))
            continue;
        shim_domtree *dt = shim_domtree_create(fn);
        if (dt) {
            cfg_dead_loops(c, fn, &g, dt);
            check_completed(c, fn, dt);
        }
        shim_domtree_free(dt);
        cfg_free(&g);
    }
    return 0;
}
