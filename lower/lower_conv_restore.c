/* lower_conv_restore.c - the "dx-break" pass: every convergent call is
 * put back in the loop its convergence token names, in DXC's form.
 *
 * DXIL has no tokens: a driver reads which lanes run a wave op together
 * from the control flow, the loop the call stands in. A call whose token
 * comes from a loop's llvm.experimental.convergence.loop but which stands
 * outside that loop (the raise removed DXC's dx.break guard, or LLVM
 * folded it: docs/ops.md "Convergence") goes back in with DXC's guard:
 *
 *   %c = icmp eq i32 (load @dx.break.cond), 0      ; top of the entry
 *   br i1 %c, label <where it went>, label <back into the loop>
 *
 * which is true at run time (@dx.break.cond is an internal constant 0),
 * so nothing else changes. Two sources, in this order:
 *
 * - !dxu.break on a branch (the raise's record, raise_conv_break.c): the
 *   guard DXC wrote, with its false target and the values its phis took,
 *   for an unchanged module's exact bytes. Put back only while the edge
 *   keeps the graph reducible and no convergent call out of its loop;
 *   a stale record (an optimizer moved things) is otherwise dropped.
 * - each call still outside its loop: its block ends right after the
 *   last such call (split off when more follows), with a guard back to
 *   the loop's latch when that is a bare branch to the header (DXC's
 *   continue block) or else to the header (its phis get undef from the
 *   never-taken edge).
 *
 * A call that cannot be put back (its block holds a call that must stay
 * outside the loop, it stands in a loop the token does not name, the edge
 * would misplace another call) is refused by name: the module is never
 * written with a wave op in the wrong loop. */
#include "lower_internal.h"

#include "common/side_metadata.h"
#include "module/cfg_edit.h"
#include "module/cfg_loops.h"
#include "module/convergence.h"
#include "module/llvm_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The loop a token ties its calls to in g: -1 for none (the entry's),
 * -2 for no constraint (an anchor, or no token). */
static int rs_token_loop(const cfg_loops *g, LLVMValueRef token)
{
    for (unsigned depth = 0; token && depth < 256; depth++) {
        switch (conv_token_kind(token)) {
        case CONV_IS_ENTRY:
            return -1;
        case CONV_IS_LOOP: {
            int b = cfg_block_index(g, LLVMGetInstructionParent(token));
            if (b >= 0 && g->loop_of_header[b] >= 0)
                return g->loop_of_header[b];
            token = conv_call_token(token); /* no loop here: its parent's */
            break;
        }
        default:
            return -2;
        }
    }
    return -2;
}

/* Whether the call stands outside the loop its token names. */
static bool rs_misplaced(const cfg_loops *g, LLVMValueRef call, int *want)
{
    if (!LLVMIsACallInst(call) || conv_token_kind(call) != CONV_NONE)
        return false;
    int l = rs_token_loop(g, conv_call_token(call));
    int b = cfg_block_index(g, LLVMGetInstructionParent(call));
    if (want)
        *want = l;
    return l != -2 && b >= 0 && g->rpo[b] >= 0 && g->innermost[b] != l;
}

/* Whether some call placed right in `before` is out of its loop in
 * `after` (an edge must not do that). */
static bool rs_worse(const cfg_loops *before, const cfg_loops *after, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMIsACallInst(i) && !rs_misplaced(before, i, NULL) &&
                rs_misplaced(after, i, NULL))
                return true;
    return false;
}

/* "block 3 (%9)" for diagnostics. */
static void rs_block_name(LLVMBasicBlockRef bb, char *buf, size_t size)
{
    size_t k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(LLVMGetBasicBlockParent(bb)); b && b != bb;
         b = LLVMGetNextBasicBlock(b))
        k++;
    char *text = LLVMPrintValueToString(LLVMBasicBlockAsValue(bb));
    const char *s = text;
    while (*s == '\n')
        s++;
    int len = (int)strcspn(s, ":\n");
    snprintf(buf, size, "block %zu (%%%.*s)", k, len > 64 ? 64 : len, s);
    LLVMDisposeMessage(text);
}

static void rs_refuse(lower_ctx *lc, LLVMValueRef call, const char *why)
{
    char where[128], msg[512];
    rs_block_name(LLVMGetInstructionParent(call), where, sizeof where);
    snprintf(msg, sizeof msg,
             "in %s: a convergent call outside the loop its convergence token names cannot be "
             "put back in DXIL's form (%s)",
             where, why);
    lower_report(lc, DXIL_SEV_ERROR, call, msg);
}

/* ---- the guard's condition ---- */

static bool rs_is_cond(LLVMValueRef c, LLVMValueRef g)
{
    if (!c || !LLVMIsAICmpInst(c) || LLVMGetICmpPredicate(c) != LLVMIntEQ ||
        !LLVMIsAConstantInt(LLVMGetOperand(c, 1)) || !LLVMIsNull(LLVMGetOperand(c, 1)))
        return false;
    LLVMValueRef load = LLVMGetOperand(c, 0);
    return LLVMIsALoadInst(load) && LLVMGetOperand(load, 0) == g;
}

static LLVMValueRef rs_global(lower_ctx *lc)
{
    LLVMValueRef g = LLVMGetNamedGlobal(lc->mod, DXIL_BREAK_COND);
    if (g)
        return LLVMGetInitializer(g) && LLVMIsGlobalConstant(g) ? g : NULL;
    LLVMTypeRef t = LLVMArrayType2(LLVMInt32TypeInContext(lc->ctx), 1);
    g = LLVMAddGlobal(lc->mod, t, DXIL_BREAK_COND);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetInitializer(g, LLVMConstNull(t));
    return g;
}

/* `icmp eq (load @dx.break.cond), 0` at the top of fn's entry (DXC puts
 * it at the first insertion point); the one there already if any. */
static LLVMValueRef rs_cond(lower_ctx *lc, LLVMValueRef fn)
{
    LLVMValueRef g = rs_global(lc);
    if (!g)
        return NULL;
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i; i = LLVMGetNextInstruction(i))
        if (rs_is_cond(i, g))
            return i;
    LLVMPositionBuilderBefore(lc->b, LLVMGetFirstInstruction(entry));
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
    LLVMValueRef load = LLVMBuildLoad2(lc->b, i32, g, "");
    if (lc->side.no_align)
        LLVMSetMetadata(load, lc->side.no_align, LLVMMDNodeInContext(lc->ctx, NULL, 0));
    return LLVMBuildICmp(lc->b, LLVMIntEQ, load, LLVMConstNull(i32), "");
}

/* B's unconditional branch to `to` becomes the guard to `to` or `back`. */
static LLVMValueRef rs_guard(lower_ctx *lc, LLVMValueRef br, LLVMValueRef cond,
                             LLVMBasicBlockRef back)
{
    LLVMBasicBlockRef to = LLVMGetSuccessor(br, 0);
    LLVMPositionBuilderBefore(lc->b, br);
    LLVMValueRef nb = LLVMBuildCondBr(lc->b, cond, to, back);
    size_t n = 0;
    LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(br, &n);
    unsigned skip = 0;
    if (!shim_md_kind_find(lc->ctx, DXU_MDK_BREAK, &skip))
        skip = 0;
    for (unsigned i = 0; i < n; i++)
        if (!skip || LLVMValueMetadataEntriesGetKind(md, i) != skip)
            LLVMSetMetadata(nb, LLVMValueMetadataEntriesGetKind(md, i),
                            LLVMMetadataAsValue(lc->ctx, LLVMValueMetadataEntriesGetMetadata(md, i)));
    if (md)
        LLVMDisposeValueMetadataEntries(md);
    LLVMInstructionEraseFromParent(br);
    return nb;
}

static bool rs_is_plain_branch(LLVMValueRef t)
{
    return t && LLVMIsABranchInst(t) && !LLVMIsConditional(t);
}

/* ---- the raise's records (!dxu.break) ---- */

typedef struct rs_site {
    LLVMValueRef br;
    LLVMBasicBlockRef target;
    unsigned n_phis;
    unsigned pos[32];
    LLVMValueRef val[32];
} rs_site;

static LLVMValueRef rs_nth_inst(LLVMValueRef fn, uint64_t k)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            if (k-- == 0)
                return i;
    return NULL;
}

static LLVMBasicBlockRef rs_nth_block(LLVMValueRef fn, uint64_t k)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        if (k-- == 0)
            return b;
    return NULL;
}

/* The value a phi record names, or NULL. */
static LLVMValueRef rs_record_value(LLVMValueRef fn, LLVMValueRef node, unsigned *pos)
{
    uint64_t p, kind, x;
    if (md_num_operands(node) != 3 || md_operand_uint(node, 0, &p) != 0 ||
        md_operand_uint(node, 1, &kind) != 0)
        return NULL;
    *pos = (unsigned)p;
    LLVMValueRef v = md_operand(node, 2);
    if (kind == DXU_BREAK_CONST)
        return v && LLVMIsAConstant(v) ? v : NULL;
    if (!const_u64(v, &x))
        return NULL;
    if (kind == DXU_BREAK_ARG)
        return x < LLVMCountParams(fn) ? LLVMGetParam(fn, (unsigned)x) : NULL;
    return kind == DXU_BREAK_INST ? rs_nth_inst(fn, x) : NULL;
}

/* A record read before anything moves; false when it names nothing
 * that fits (the target's phis by count and type). */
static bool rs_read_site(LLVMValueRef fn, LLVMValueRef br, LLVMValueRef md, rs_site *s)
{
    uint64_t k;
    unsigned n = md_num_operands(md);
    if (n < 1 || n > 33 || md_operand_uint(md, 0, &k) != 0 || !rs_is_plain_branch(br))
        return false;
    *s = (rs_site){.br = br, .target = rs_nth_block(fn, k), .n_phis = n - 1};
    if (!s->target || s->target == LLVMGetSuccessor(br, 0))
        return false;
    LLVMValueRef p = LLVMGetFirstInstruction(s->target);
    for (unsigned i = 0; i < s->n_phis; i++, p = LLVMGetNextInstruction(p)) {
        s->val[i] = rs_record_value(fn, md_operand(md, i + 1), &s->pos[i]);
        if (!p || !LLVMIsAPHINode(p) || !s->val[i] || LLVMTypeOf(s->val[i]) != LLVMTypeOf(p))
            return false;
    }
    return !p || !LLVMIsAPHINode(p);
}

/* Whether every instruction's operands dominate it in g (a phi's: the
 * block they come from), and the site's phi values its branch: the edge
 * leaves the function in SSA form. */
static bool rs_ssa_ok(const cfg_loops *g, LLVMValueRef fn, const rs_site *s)
{
    int sb = cfg_block_index(g, LLVMGetInstructionParent(s->br));
    for (unsigned i = 0; i < s->n_phis; i++) {
        int d = LLVMIsAInstruction(s->val[i])
                    ? cfg_block_index(g, LLVMGetInstructionParent(s->val[i]))
                    : sb;
        if (sb < 0 || d < 0 || !cfg_dominates(g, (size_t)d, (size_t)sb))
            return false;
    }
    for (size_t u = 0; u < g->n; u++) {
        if (g->rpo[u] < 0)
            continue;
        for (LLVMValueRef i = LLVMGetFirstInstruction(g->blocks[u]); i; i = LLVMGetNextInstruction(i))
            for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++) {
                LLVMValueRef op = LLVMGetOperand(i, k);
                if (!op || !LLVMIsAInstruction(op))
                    continue;
                int d = cfg_block_index(g, LLVMGetInstructionParent(op));
                int at = LLVMIsAPHINode(i)
                             ? cfg_block_index(g, LLVMGetIncomingBlock(i, (unsigned)k))
                             : (int)u;
                if (d < 0 || at < 0 || g->rpo[at] < 0)
                    continue;
                if (d != at && !cfg_dominates(g, (size_t)d, (size_t)at))
                    return false;
            }
    }
    return true;
}

static void rs_apply_site(lower_ctx *lc, LLVMValueRef cond, const rs_site *s)
{
    LLVMBasicBlockRef from = LLVMGetInstructionParent(s->br);
    LLVMValueRef p = LLVMGetFirstInstruction(s->target);
    for (unsigned i = 0; i < s->n_phis; i++) {
        LLVMValueRef next = LLVMGetNextInstruction(p);
        cfg_phi_with(lc->b, p, s->pos[i], s->val[i], from);
        p = next;
    }
    rs_guard(lc, s->br, cond, s->target);
}

/* Reads fn's records (all before anything moves: they count
 * instructions). */
static size_t rs_read_sites(LLVMValueRef fn, unsigned kind, rs_site **out)
{
    rs_site *sites = NULL;
    size_t n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        LLVMValueRef md = t ? LLVMGetMetadata(t, kind) : NULL;
        if (!md)
            continue;
        rs_site *ns = realloc(sites, (n + 1) * sizeof *ns);
        if (!ns)
            break;
        sites = ns;
        if (rs_read_site(fn, t, md, &sites[n]))
            n++;
    }
    *out = sites;
    return n;
}

/* The records of fn whose edges keep the function reducible, in SSA form
 * and every call in its loop, put back. */
static int rs_records(lower_ctx *lc, LLVMValueRef fn, unsigned kind)
{
    rs_site *sites = NULL;
    size_t n = rs_read_sites(fn, kind, &sites);
    cfg_edge *edges = calloc(n + 1, sizeof *edges);
    bool *take = calloc(n + 1, sizeof *take);
    size_t n_edges = 0;
    cfg_loops cur;
    int rv = edges && take && cfg_loops_build(fn, NULL, 0, &cur) == 0 ? 0 : -1;
    for (size_t i = 0; rv == 0 && i < n; i++) {
        cfg_loops with;
        edges[n_edges] = (cfg_edge){LLVMGetInstructionParent(sites[i].br), sites[i].target};
        if (cfg_loops_build(fn, edges, n_edges + 1, &with) != 0) {
            cfg_loops_free(&cur);
            rv = -1;
            break;
        }
        take[i] = with.reducible && rs_ssa_ok(&with, fn, &sites[i]) && !rs_worse(&cur, &with, fn);
        if (take[i]) {
            n_edges++;
            cfg_loops_free(&cur);
            cur = with;
        } else {
            cfg_loops_free(&with);
        }
    }
    if (rv == 0)
        cfg_loops_free(&cur);
    LLVMValueRef cond = NULL;
    for (size_t i = 0; rv == 0 && i < n; i++)
        if (take[i] && (cond || (cond = rs_cond(lc, fn))))
            rs_apply_site(lc, cond, &sites[i]);
    free(edges);
    free(take);
    free(sites);
    return rv;
}

/* ---- calls out of their loop, with no record ---- */

/* Where the guard leads back: the loop's one latch when it is a bare
 * branch to the header whose values there all dominate block b (DXC's
 * continue block), else the header. */
static LLVMBasicBlockRef rs_back_target(const cfg_loops *g, int l, size_t b)
{
    size_t h = g->header[l], latch = 0, count = 0;
    for (size_t x = 0; x < g->n; x++)
        for (size_t s = g->succ_at[x]; s < g->succ_at[x + 1]; s++)
            if (g->succ[s] == h && cfg_loop_has(g, l, x))
                latch = x, count++;
    LLVMValueRef first = count == 1 ? LLVMGetFirstInstruction(g->blocks[latch]) : NULL;
    if (!first || latch == h || first != LLVMGetBasicBlockTerminator(g->blocks[latch]) ||
        !rs_is_plain_branch(first))
        return g->blocks[h];
    for (LLVMValueRef p = LLVMGetFirstInstruction(g->blocks[h]); p && LLVMIsAPHINode(p);
         p = LLVMGetNextInstruction(p))
        for (unsigned i = 0, n = LLVMCountIncoming(p); i < n; i++) {
            LLVMValueRef v = LLVMGetIncomingValue(p, i);
            if (LLVMGetIncomingBlock(p, i) != g->blocks[latch] || !LLVMIsAInstruction(v))
                continue;
            int d = cfg_block_index(g, LLVMGetInstructionParent(v));
            if (d < 0 || !cfg_dominates(g, (size_t)d, b))
                return g->blocks[h];
        }
    return g->blocks[latch];
}

/* The last call of bb out of loop l, or NULL (with *why) when a
 * convergent call before it must not join l. */
static LLVMValueRef rs_last_in_block(const cfg_loops *g, LLVMBasicBlockRef bb, int l,
                                     const char **why)
{
    LLVMValueRef last = NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int want;
        if (rs_misplaced(g, i, &want) && want == l)
            last = i;
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); last && i != last; i = LLVMGetNextInstruction(i)) {
        int want;
        if (conv_call_convergent(i) && conv_call_token(i) && !(rs_misplaced(g, i, &want) && want == l)) {
            *why = "a convergent call of another loop stands before it in its block";
            return NULL;
        }
    }
    return last;
}

/* Puts `call` (out of loop l in g) back in: its block ends after the last
 * such call with a guard back into l. */
static bool rs_put_back(lower_ctx *lc, LLVMValueRef fn, const cfg_loops *g, LLVMValueRef call,
                        int l)
{
    const char *why = "it stands in a loop its token does not name";
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
    int b = cfg_block_index(g, bb);
    if (l < 0 || b < 0 || !cfg_dominates(g, g->header[l], (size_t)b) ||
        (g->innermost[b] >= 0 && !cfg_loop_within(g, l, g->innermost[b]))) {
        rs_refuse(lc, call, l < 0 ? "no loop to put it back in" : why);
        return false;
    }
    LLVMValueRef last = rs_last_in_block(g, bb, l, &why);
    if (!last) {
        rs_refuse(lc, call, why);
        return false;
    }
    LLVMBasicBlockRef back = rs_back_target(g, l, (size_t)b);
    LLVMValueRef after = LLVMGetNextInstruction(last);
    if (!rs_is_plain_branch(after) && !shim_split_block(after)) {
        rs_refuse(lc, call, "its block could not be split");
        return false;
    }
    LLVMValueRef cond = rs_cond(lc, fn);
    if (!cond) {
        rs_refuse(lc, call, "@dx.break.cond is taken by something else");
        return false;
    }
    if (back == g->blocks[g->header[l]])
        for (LLVMValueRef p = LLVMGetFirstInstruction(back); p && LLVMIsAPHINode(p);
             p = LLVMGetNextInstruction(p))
            LLVMAddIncoming(p, (LLVMValueRef[]){LLVMGetUndef(LLVMTypeOf(p))}, &bb, 1);
    rs_guard(lc, LLVMGetBasicBlockTerminator(bb), cond, back);
    return true;
}

/* Each call still out of its loop, first in function order, until none
 * is. A guard that leaves the call out, or takes another convergent call
 * into the loop, is refused. */
static int rs_derived(lower_ctx *lc, LLVMValueRef fn)
{
    for (unsigned round = 0; round < 4096; round++) {
        cfg_loops g, after;
        if (cfg_loops_build(fn, NULL, 0, &g) != 0)
            return -1;
        LLVMValueRef call = NULL;
        int want = -2;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !call; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !call; i = LLVMGetNextInstruction(i))
                if (rs_misplaced(&g, i, &want))
                    call = i;
        bool ok = call && g.reducible && rs_put_back(lc, fn, &g, call, want);
        if (call && !g.reducible)
            rs_refuse(lc, call, "the control flow is irreducible");
        bool built = ok;
        if (built && cfg_loops_build(fn, NULL, 0, &after) != 0) {
            cfg_loops_free(&g);
            return -1;
        }
        if (ok && rs_misplaced(&after, call, NULL)) {
            rs_refuse(lc, call, "the guard did not bring it back in its loop");
            ok = false;
        } else if (ok && rs_worse(&g, &after, fn)) {
            rs_refuse(lc, call, "the guard would take another convergent call into the loop");
            ok = false;
        }
        if (built)
            cfg_loops_free(&after);
        cfg_loops_free(&g);
        if (!ok)
            return 0;
    }
    return 0;
}

int lower_conv_restore(lower_ctx *lc)
{
    unsigned kind = 0;
    if (!shim_md_kind_find(lc->ctx, DXU_MDK_BREAK, &kind))
        kind = 0; /* no records: only calls out of their loop */
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn))
            continue;
        if ((kind && rs_records(lc, fn, kind) != 0) || rs_derived(lc, fn) != 0) {
            dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                           "out of memory while putting convergent calls back in their loops");
            return -1;
        }
    }
    return 0;
}
