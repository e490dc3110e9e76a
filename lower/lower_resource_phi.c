/* lower_resource_phi.c - a phi of pointers into different resources.
 * LLVM's instcombine, simplifycfg and LICM sink the loads or stores of two
 * branches into their join, leaving
 *
 *   %p = phi ptr [ getpointer(A, i), %then ], [ getpointer(B, i), %else ]
 *   %v = load i32, ptr %p
 *
 * which DXIL cannot say: a resource op's handle must be the createHandle
 * call itself, not a phi of two (DXC's validator,
 * InstrHandleNotFromCreateHandle). The accesses go back where they came
 * from: each load, store (and the GEPs leading to them) through %p is
 * made again at the end of every predecessor on that predecessor's
 * pointer, and a phi of the loaded values replaces each load. Pointers of
 * one handle stay for resource-access, which merges their indices.
 *
 * Only what keeps its meaning moves: every user of %p is in %p's block
 * (GEPs with operands from outside it, loads, stores); nothing before the
 * last access in that block touches memory except the accesses moved; a
 * store moves only into predecessors whose one successor is the join
 * (else it would run on the other path too), and its value must be
 * available there (from outside the block, or a phi of it). Anything else
 * is left to resource-access, which refuses it by name. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

#define RP_MAX_USERS 32

typedef struct rp_phi {
    lower_ctx *lc;
    LLVMValueRef phi;
    LLVMBasicBlockRef join;
    LLVMValueRef moved[RP_MAX_USERS]; /* in block order */
    unsigned n_moved;
    bool has_store;
} rp_phi;

/* The getpointer a chain of GEPs from v starts at, or NULL. */
static LLVMValueRef rp_root(LLVMValueRef v)
{
    v = lower_gep_base(v);
    return lower_is_intrinsic_call(v, "llvm.dx.resource.getpointer", false) ? v : NULL;
}

/* Every incoming value comes from a getpointer, and not all of one handle
 * (those resource-access merges itself). */
static bool rp_wanted(LLVMValueRef phi)
{
    if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMPointerTypeKind)
        return false;
    LLVMValueRef h = NULL;
    bool differ = false;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
        LLVMValueRef gp = rp_root(LLVMGetIncomingValue(phi, i));
        if (!gp)
            return false;
        differ |= h && LLVMGetOperand(gp, 0) != h;
        h = LLVMGetOperand(gp, 0);
    }
    return differ;
}

/* v's operand is available at the end of every predecessor of the join:
 * a constant, an argument, or an instruction of another block (it then
 * dominates the join, and so the end of each predecessor). */
static bool rp_outside(const rp_phi *r, LLVMValueRef v)
{
    return !LLVMIsAInstruction(v) || LLVMGetInstructionParent(v) != r->join;
}

static bool rp_mark(rp_phi *r, LLVMValueRef v);

/* The users of pointer p (the phi, or a GEP of it) are accesses and GEPs
 * of the join, all movable. */
static bool rp_mark_users(rp_phi *r, LLVMValueRef p)
{
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u))
        if (!rp_mark(r, LLVMGetUser(u)))
            return false;
    return true;
}

static bool rp_mark(rp_phi *r, LLVMValueRef v)
{
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionParent(v) != r->join ||
        r->n_moved == RP_MAX_USERS)
        return false;
    for (unsigned i = 0; i < r->n_moved; i++)
        if (r->moved[i] == v)
            return true;
    if (LLVMIsALoadInst(v) || LLVMIsAStoreInst(v)) {
        if (LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic)
            return false;
        if (LLVMIsAStoreInst(v)) {
            LLVMValueRef val = LLVMGetOperand(v, 0);
            if (val == r->phi || (!rp_outside(r, val) && !LLVMIsAPHINode(val)))
                return false;
            r->has_store = true;
        }
        r->moved[r->n_moved++] = v;
        return true;
    }
    if (!LLVMIsAGetElementPtrInst(v))
        return false;
    for (unsigned i = 1; i < (unsigned)LLVMGetNumOperands(v); i++)
        if (!rp_outside(r, LLVMGetOperand(v, i)))
            return false;
    r->moved[r->n_moved++] = v;
    return rp_mark_users(r, v);
}

static bool rp_is_moved(const rp_phi *r, LLVMValueRef v)
{
    for (unsigned i = 0; i < r->n_moved; i++)
        if (r->moved[i] == v)
            return true;
    return false;
}

/* A call that reads and writes no memory (its declaration's memory(none)). */
static bool rp_call_pure(LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAttributeRef a =
        LLVMIsAFunction(fn) ? LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) : NULL;
    return a && LLVMGetEnumAttributeValue(a) == 0;
}

static bool rp_touches_memory(LLVMValueRef i)
{
    if (LLVMIsACallInst(i))
        return !rp_call_pure(i);
    return LLVMIsALoadInst(i) || LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) ||
           LLVMIsAAtomicCmpXchgInst(i) || LLVMIsAFenceInst(i);
}

/* Moving keeps the order of memory operations: nothing else in the join
 * before the last moved access touches memory, and the moved instructions
 * are put in block order (rp_collect walks the block). */
static bool rp_order_ok(rp_phi *r)
{
    unsigned seen = 0, accesses = 0;
    for (unsigned i = 0; i < r->n_moved; i++)
        accesses += !LLVMIsAGetElementPtrInst(r->moved[i]);
    LLVMValueRef ordered[RP_MAX_USERS];
    for (LLVMValueRef i = LLVMGetFirstInstruction(r->join); i && seen < accesses;
         i = LLVMGetNextInstruction(i)) {
        if (rp_is_moved(r, i)) {
            seen += !LLVMIsAGetElementPtrInst(i);
            continue;
        }
        if (rp_touches_memory(i))
            return false;
    }
    unsigned n = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(r->join); i; i = LLVMGetNextInstruction(i))
        if (rp_is_moved(r, i))
            ordered[n++] = i;
    memcpy(r->moved, ordered, n * sizeof *ordered);
    return n == r->n_moved;
}

/* Stores move only along edges that always reach the join. */
static bool rp_preds_ok(const rp_phi *r)
{
    for (unsigned i = 0; r->has_store && i < LLVMCountIncoming(r->phi); i++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(r->phi, i));
        if (!term || LLVMGetNumSuccessors(term) != 1)
            return false;
    }
    return true;
}

/* The value of v on the edge from pred, in the copies made there. */
static LLVMValueRef rp_on_edge(const rp_phi *r, LLVMValueRef v, LLVMBasicBlockRef pred,
                               LLVMValueRef *copies)
{
    for (unsigned i = 0; i < r->n_moved; i++)
        if (r->moved[i] == v)
            return copies[i];
    if (v == r->phi || (LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == r->join))
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
            if (LLVMGetIncomingBlock(v, i) == pred)
                return LLVMGetIncomingValue(v, i);
    return v;
}

/* The moved instructions again before pred's terminator; their copies in
 * `copies`, in the order of r->moved. */
static void rp_copy_into(rp_phi *r, LLVMBasicBlockRef pred, LLVMValueRef *copies)
{
    LLVMBuilderRef b = r->lc->b;
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(pred));
    for (unsigned i = 0; i < r->n_moved; i++) {
        LLVMValueRef c = LLVMInstructionClone(r->moved[i]);
        for (unsigned k = 0; k < (unsigned)LLVMGetNumOperands(c); k++)
            LLVMSetOperand(c, k, rp_on_edge(r, LLVMGetOperand(c, k), pred, copies));
        size_t len = 0;
        const char *name = LLVMGetValueName2(r->moved[i], &len);
        LLVMInsertIntoBuilderWithName(b, c, len ? name : "");
        copies[i] = c;
    }
}

static void rp_move(rp_phi *r)
{
    lower_ctx *lc = r->lc;
    unsigned n_in = LLVMCountIncoming(r->phi);
    LLVMValueRef(*copies)[RP_MAX_USERS] = calloc(n_in, sizeof *copies);
    if (!copies)
        return;
    for (unsigned e = 0; e < n_in; e++) {
        LLVMBasicBlockRef pred = LLVMGetIncomingBlock(r->phi, e);
        unsigned first = e;
        for (unsigned k = 0; k < e && first == e; k++)
            if (LLVMGetIncomingBlock(r->phi, k) == pred)
                first = k; /* a switch's two cases into the join: one copy */
        if (first == e)
            rp_copy_into(r, pred, copies[e]);
        else
            memcpy(copies[e], copies[first], sizeof copies[e]);
    }
    /* each load: a phi of its copies, first in the join */
    LLVMPositionBuilderBefore(lc->b, r->phi);
    for (unsigned i = 0; i < r->n_moved; i++) {
        if (!LLVMIsALoadInst(r->moved[i]))
            continue;
        LLVMValueRef phi = LLVMBuildPhi(lc->b, LLVMTypeOf(r->moved[i]), "");
        for (unsigned e = 0; e < n_in; e++) {
            LLVMBasicBlockRef pred = LLVMGetIncomingBlock(r->phi, e);
            LLVMAddIncoming(phi, &copies[e][i], &pred, 1);
        }
        lower_replace_named(lc, r->moved[i], phi);
    }
    /* the loads first (queued), then the rest, last user first, then the phi */
    lower_erase_dead(lc);
    for (unsigned i = r->n_moved; i-- > 0;) {
        LLVMValueRef val = LLVMIsAStoreInst(r->moved[i]) ? LLVMGetOperand(r->moved[i], 0) : NULL;
        if (!LLVMIsALoadInst(r->moved[i]))
            LLVMInstructionEraseFromParent(r->moved[i]);
        if (val && LLVMIsAPHINode(val) && !LLVMGetFirstUse(val))
            LLVMInstructionEraseFromParent(val); /* the join's phi of stored values */
    }
    LLVMInstructionEraseFromParent(r->phi);
    free(copies);
}

/* Moves the accesses through phi out of its block; false when left. */
static bool rp_try(lower_ctx *lc, LLVMValueRef phi)
{
    rp_phi r = {.lc = lc, .phi = phi, .join = LLVMGetInstructionParent(phi)};
    if (!rp_wanted(phi) || !rp_mark_users(&r, phi) || !r.n_moved || !rp_order_ok(&r) ||
        !rp_preds_ok(&r))
        return false;
    rp_move(&r);
    return true;
}

static unsigned rp_block(lower_ctx *lc, LLVMBasicBlockRef bb)
{
    unsigned moved = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i && LLVMIsAPHINode(i); i = next) {
        next = LLVMGetNextInstruction(i);
        if (rp_try(lc, i)) {
            moved++;
            next = LLVMGetFirstInstruction(bb); /* the block's phis changed */
        }
    }
    return moved;
}

int lower_resource_phi(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            rp_block(lc, bb);
    return 0;
}
