/* legal_scalarize.c - data scalarization: before SM 6.9, DXIL has no
 * vector values outside libraries (DXC's validator: "Instructions must be
 * of an allowed type" for insert/extractelement and shufflevector, "Vector
 * type is not allowed" for vector loads, stores, allocas and globals), but
 * an LLVM 22 pipeline makes them from scalar code (SLP and load/store
 * vectorization, instcombine's vector idioms). What LLVM's DirectX backend
 * does with DXILDataScalarization and its scalarizer, done here:
 *
 *  - every vector instruction (binary ops, fneg, compares, selects, casts,
 *    phis, insertelement, shufflevector, freeze, loads, element-wise
 *    intrinsic calls) becomes one scalar instruction per lane;
 *  - extractelement reads its lane; a vector store stores each lane; a
 *    bitcast between a vector and a scalar or another lane count puts the
 *    bits together with shifts; llvm.vector.reduce.* becomes a chain;
 *  - vector allocas and globals become arrays of the element;
 *  - a vector nothing here splits (an llvm.dx.* result, an argument) is
 *    read lane by lane with extractelement right after it, and one passed
 *    where a vector is needed (an llvm.dx.* argument, a return) is built
 *    again with an insertelement chain right before its user: the op
 *    lowering takes both apart (ResRet fields, stored lanes).
 *
 * SM 6.9 and libraries keep their vectors (lower_vectors_allowed). A
 * function with no vector value is left at the cost of one look at each
 * instruction. Unused lanes are removed at the end. */
#include "legal.h"
#include "legal_scalarize.h"

#include <stdlib.h>
#include <string.h>

/* ---- lanes ---- */

sd_lanes *sd_alloc(sd_state *st, unsigned n, bool lazy)
{
    sd_lanes *l = calloc(1, sizeof *l + n * sizeof l->v[0]);
    void **na = grow_array(st->allocs, &st->cap_allocs, st->n_allocs, sizeof *na, 64);
    if (!l || !na) {
        free(l);
        return NULL;
    }
    st->allocs = na;
    st->allocs[st->n_allocs++] = l;
    l->n = n;
    l->lazy = lazy;
    return l;
}

unsigned sd_width(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 0;
}

void sd_made(sd_state *st, LLVMValueRef v)
{
    if (v && LLVMIsAInstruction(v))
        legal_list_add(&st->made, v);
}

void sd_restore(sd_state *st)
{
    if (st->at)
        LLVMPositionBuilderBefore(st->lc->b, st->at);
}

/* extractelement v, k right after v's definition, so that it serves every
 * user of v. */
static LLVMValueRef sd_extract(sd_state *st, LLVMValueRef v, sd_lanes *l, unsigned k)
{
    lower_ctx *lc = st->lc;
    /* after the lanes already extracted, so that they stay in order */
    bool placed = legal_position_after(lc, l->last ? l->last : v);
    LLVMValueRef e = LLVMBuildExtractElement(lc->b, v, lower_i32(lc, k), "");
    legal_name_lane(e, v, ".i", k);
    sd_made(st, e);
    if (placed && LLVMIsAInstruction(e))
        l->last = e;
    if (placed)
        sd_restore(st);
    return e;
}

/* Lanes of a constant vector; NULL for one LLVM cannot take apart (a
 * constant expression), whose lanes are then extracted where needed. */
static sd_lanes *sd_const_lanes(sd_state *st, LLVMValueRef c)
{
    unsigned n = sd_width(LLVMTypeOf(c));
    sd_lanes *l = sd_alloc(st, n, false);
    if (!l)
        return NULL;
    LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(c));
    for (unsigned i = 0; i < n; i++) {
        l->v[i] = LLVMIsAPoisonValue(c)  ? LLVMGetPoison(et)
                  : LLVMIsAUndefValue(c) ? LLVMGetUndef(et)
                                         : LLVMGetAggregateElement(c, i);
        if (!l->v[i])
            return NULL;
    }
    return l;
}

sd_lanes *sd_lanes_of(sd_state *st, LLVMValueRef v)
{
    sd_lanes *l = legal_map_get(&st->lanes, v);
    if (l)
        return l;
    unsigned n = sd_width(LLVMTypeOf(v));
    if (!n)
        return NULL;
    if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v)) {
        l = sd_const_lanes(st, v);
        if (l) {
            legal_map_put(&st->lanes, v, l);
            return l;
        }
        /* a constant expression: extracted here, not remembered (the
         * place serves only this user) */
        l = sd_alloc(st, n, false);
        for (unsigned i = 0; l && i < n; i++) {
            l->v[i] = LLVMBuildExtractElement(st->lc->b, v, lower_i32(st->lc, i), "");
            sd_made(st, l->v[i]);
        }
        return l;
    }
    if (LLVMIsAInstruction(v) && sd_kind(st, v) == SD_SPLIT && !legal_map_get(&st->state, v)) {
        sd_visit(st, v);
        l = legal_map_get(&st->lanes, v);
        if (l)
            return l;
    }
    l = sd_alloc(st, n, true); /* opaque: lanes extracted on demand */
    if (l && !legal_map_put(&st->lanes, v, l))
        return NULL;
    return l;
}

LLVMValueRef sd_lane(sd_state *st, LLVMValueRef v, unsigned k)
{
    if (!sd_width(LLVMTypeOf(v)))
        return v; /* a scalar operand serves every lane */
    sd_lanes *l = sd_lanes_of(st, v);
    if (!l || k >= l->n)
        return NULL;
    if (!l->v[k] && l->lazy)
        l->v[k] = sd_extract(st, v, l, k);
    return l->v[k];
}

/* ---- what an instruction is to this pass ---- */

static bool sd_splits(const sd_state *st, LLVMValueRef v);

/* LLVMOpcode numbers the casts Trunc..BitCast, AddrSpaceCast apart */
bool sd_is_cast(LLVMOpcode op)
{
    return (op >= LLVMTrunc && op <= LLVMBitCast) || op == LLVMAddrSpaceCast;
}

static bool sd_is_binop(LLVMOpcode op)
{
    return (op >= LLVMAdd && op <= LLVMXor);
}

/* Whether v is a vector this pass splits into lanes (else its lanes are
 * extracted). */
static bool sd_splits(const sd_state *st, LLVMValueRef v)
{
    return (LLVMIsAInstruction(v) && sd_kind(st, v) == SD_SPLIT) ||
           (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v));
}

/* The raise's gather of a DXC byte-offset cbufferLoad: the row's fields
 * (a call marked !dxu.cbufferLoad) inserted into a vector that a dynamic
 * extractelement reads. The buffer pass takes it apart whole. */
/* Unreachable blocks may hold a chain that feeds itself (%v = insertelement
 * %v, ...): the walks along chains stop after this many steps. */
#define SD_CHAIN_MAX 1024

static bool sd_is_raise_gather(const sd_state *st, LLVMValueRef v)
{
    for (unsigned steps = 0; st->md_cbload && LLVMIsAInsertElementInst(v) && steps < SD_CHAIN_MAX;
         steps++) {
        LLVMValueRef x = LLVMGetOperand(v, 1);
        if (LLVMIsAExtractValueInst(x) && LLVMIsACallInst(LLVMGetOperand(x, 0)))
            return LLVMGetMetadata(LLVMGetOperand(x, 0), st->md_cbload) != NULL;
        v = LLVMGetOperand(v, 0);
    }
    return false;
}

/* Every insertelement of the chain ending at v writes a constant lane:
 * the op lowering can take only such a chain apart. */
static bool sd_chain_constant(LLVMValueRef v)
{
    for (unsigned steps = 0; LLVMIsAInsertElementInst(v); v = LLVMGetOperand(v, 0))
        if (!LLVMIsAConstantInt(LLVMGetOperand(v, 2)) || ++steps > SD_CHAIN_MAX)
            return false;
    return true;
}

/* An insertelement chain built only to be passed whole (an llvm.dx.* or
 * dx.op argument, a return value) stays: split, it would be built again
 * the same way, and the op lowering takes such chains apart. Not one that
 * writes a dynamic lane (HLSL's v[i] = x): that is split to selects. */
static bool sd_feeds_calls_at(LLVMValueRef ins, unsigned depth)
{
    if (!LLVMIsAConstantInt(LLVMGetOperand(ins, 2)) || depth > SD_CHAIN_MAX)
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAInsertElementInst(user) && LLVMGetOperand(user, 0) == ins) {
            if (user == ins || !sd_feeds_calls_at(user, depth + 1))
                return false;
        } else if (LLVMIsAReturnInst(user) || LLVMIsAInsertValueInst(user)) {
            continue;
        } else if (!LLVMIsACallInst(user) || sd_call_is_elementwise(user) ||
                   legal_is_reduction(LLVMGetCalledValue(user))) {
            return false;
        }
    }
    return true;
}

static bool sd_insert_feeds_calls(LLVMValueRef ins)
{
    return sd_feeds_calls_at(ins, 0);
}

sd_kind_t sd_kind(const sd_state *st, LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if (sd_width(t)) {
        if (sd_is_binop(op) || sd_is_cast(op))
            return sd_width(LLVMTypeOf(LLVMGetOperand(inst, 0))) || op == LLVMBitCast ? SD_SPLIT
                                                                                     : SD_NONE;
        switch (op) {
        case LLVMInsertElement:
            return sd_is_raise_gather(st, inst) ||
                           (sd_chain_constant(inst) && sd_insert_feeds_calls(inst))
                       ? SD_NONE
                       : SD_SPLIT;
        case LLVMFNeg: case LLVMICmp: case LLVMFCmp: case LLVMSelect: case LLVMPHI:
        case LLVMShuffleVector: case LLVMFreeze: case LLVMLoad:
            return SD_SPLIT;
        case LLVMCall:
            return sd_call_is_elementwise(inst) ? SD_SPLIT : SD_NONE;
        default:
            return SD_NONE;
        }
    }
    switch (op) {
    case LLVMExtractElement:
        /* a constant lane of a vector that is not split (an llvm.dx.*
         * result) is already what the op lowering reads: left as it is */
        if (sd_is_raise_gather(st, LLVMGetOperand(inst, 0)))
            return SD_NONE;
        return LLVMIsAConstantInt(LLVMGetOperand(inst, 1)) &&
                       !sd_splits(st, LLVMGetOperand(inst, 0))
                   ? SD_NONE
                   : SD_CONSUME;
    case LLVMStore:
        return sd_width(LLVMTypeOf(LLVMGetOperand(inst, 0))) ? SD_CONSUME : SD_NONE;
    case LLVMBitCast:
        return sd_width(LLVMTypeOf(LLVMGetOperand(inst, 0))) ? SD_CONSUME : SD_NONE;
    case LLVMCall:
        return LLVMGetCalledValue(inst) && legal_is_reduction(LLVMGetCalledValue(inst))
                   ? SD_CONSUME
                   : SD_NONE;
    default:
        return SD_NONE;
    }
}

/* Runs the handler of one instruction (once), the builder before it. */
void sd_visit(sd_state *st, LLVMValueRef inst)
{
    if (legal_map_get(&st->state, inst))
        return;
    legal_map_put(&st->state, inst, (void *)1);
    LLVMValueRef saved = st->at;
    st->at = inst;
    sd_restore(st);
    bool done = sd_kind(st, inst) == SD_SPLIT ? sd_split(st, inst) : sd_consume(st, inst);
    if (done) {
        legal_list_add(&st->old, inst);
        legal_map_put(&st->state, inst, (void *)2);
    }
    st->at = saved;
    sd_restore(st);
}

/* ---- the end of a function ---- */

/* Incoming values of the lane phis, now that every lane exists. */
static void sd_fill_phis(sd_state *st)
{
    for (size_t p = 0; p < st->phis.n; p++) {
        LLVMValueRef phi = st->phis.v[p];
        sd_lanes *l = legal_map_get(&st->lanes, phi);
        unsigned ni = LLVMCountIncoming(phi);
        for (unsigned j = 0; l && j < ni; j++) {
            LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, j);
            st->at = LLVMGetBasicBlockTerminator(bb);
            sd_restore(st);
            LLVMValueRef in = LLVMGetIncomingValue(phi, j);
            for (unsigned k = 0; k < l->n; k++) {
                LLVMValueRef lane = sd_lane(st, in, k);
                if (!lane)
                    lane = LLVMGetPoison(LLVMTypeOf(l->v[k]));
                LLVMAddIncoming(l->v[k], &lane, &bb, 1);
            }
        }
    }
    st->at = NULL;
}

static bool sd_is_old(sd_state *st, LLVMValueRef v)
{
    return legal_map_get(&st->state, v) == (void *)2;
}

/* The vector again, from its lanes, before `at`. */
static LLVMValueRef sd_rebuild(sd_state *st, LLVMValueRef v, LLVMValueRef at)
{
    lower_ctx *lc = st->lc;
    st->at = at;
    sd_restore(st);
    LLVMValueRef acc = LLVMGetPoison(LLVMTypeOf(v));
    unsigned n = sd_width(LLVMTypeOf(v));
    for (unsigned k = 0; k < n; k++) {
        LLVMValueRef lane = sd_lane(st, v, k);
        if (!lane)
            return NULL;
        acc = LLVMBuildInsertElement(lc->b, acc, lane, lower_i32(lc, k), "");
        legal_name_lane(acc, v, ".upto", k);
        sd_made(st, acc);
    }
    st->at = NULL;
    return acc;
}

/* Users this pass did not replace (llvm.dx.* calls, returns) get the
 * vector built again; then the replaced instructions go. */
static void sd_finish(sd_state *st)
{
    sd_fill_phis(st);
    for (size_t i = 0; i < st->old.n; i++) {
        LLVMValueRef v = st->old.v[i];
        if (!sd_width(LLVMTypeOf(v)))
            continue;
        LLVMValueRef *users;
        size_t nu = lower_collect_users(v, &users);
        for (size_t u = 0; u < nu; u++) {
            LLVMValueRef user = users[u];
            if (sd_is_old(st, user))
                continue;
            unsigned no = (unsigned)LLVMGetNumOperands(user);
            for (unsigned j = 0; j < no; j++) {
                if (LLVMGetOperand(user, j) != v)
                    continue;
                LLVMValueRef at = LLVMIsAPHINode(user)
                                      ? LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, j))
                                      : user;
                LLVMValueRef w = sd_rebuild(st, v, at);
                if (w)
                    LLVMSetOperand(user, j, w);
            }
        }
        free(users);
    }
    for (size_t i = 0; i < st->old.n; i++) {
        LLVMValueRef v = st->old.v[i];
        if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVoidTypeKind && LLVMGetFirstUse(v))
            LLVMReplaceAllUsesWith(v, LLVMGetPoison(LLVMTypeOf(v)));
    }
    for (size_t i = 0; i < st->old.n; i++)
        LLVMInstructionEraseFromParent(st->old.v[i]);
    legal_erase_unused(&st->made);
}

/* ---- memory ---- */

static LLVMTypeRef sd_array_of(LLVMTypeRef vec)
{
    return LLVMArrayType2(LLVMGetElementType(vec), LLVMGetVectorSize(vec));
}

/* alloca <N x T> -> alloca [N x T]: the lanes are at the same offsets. */
static void sd_allocas(sd_state *st, LLVMValueRef fn)
{
    lower_ctx *lc = st->lc;
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    for (LLVMBasicBlockRef bb = entry; bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef i = LLVMGetFirstInstruction(bb);
        while (i) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            if (LLVMIsAAllocaInst(i) && sd_width(LLVMGetAllocatedType(i))) {
                LLVMPositionBuilderBefore(lc->b, i);
                LLVMValueRef a = LLVMBuildArrayAlloca(lc->b, sd_array_of(LLVMGetAllocatedType(i)),
                                                      LLVMGetOperand(i, 0), "");
                LLVMSetAlignment(a, LLVMGetAlignment(i));
                size_t len = 0;
                const char *name = LLVMGetValueName2(i, &len);
                char *copy = len ? strndup(name, len) : NULL;
                LLVMReplaceAllUsesWith(i, a);
                LLVMInstructionEraseFromParent(i);
                if (copy)
                    LLVMSetValueName2(a, copy, len);
                free(copy);
            }
            i = next;
        }
    }
}

/* A global <N x T> becomes [N x T] with the same lanes. */
static void sd_globals(lower_ctx *lc)
{
    LLVMValueRef g = LLVMGetFirstGlobal(lc->mod);
    while (g) {
        LLVMValueRef next = LLVMGetNextGlobal(g);
        LLVMTypeRef vt = LLVMGlobalGetValueType(g);
        if (sd_width(vt)) {
            lc->census_stale = true;
            LLVMTypeRef at = sd_array_of(vt), et = LLVMGetElementType(vt);
            LLVMValueRef ng = LLVMAddGlobalInAddressSpace(
                lc->mod, at, "", LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
            LLVMValueRef init = LLVMGetInitializer(g);
            if (init) {
                unsigned n = LLVMGetVectorSize(vt);
                LLVMValueRef *lanes = calloc(n, sizeof *lanes);
                for (unsigned k = 0; lanes && k < n; k++) {
                    lanes[k] = LLVMIsAUndefValue(init) ? LLVMGetUndef(et) : LLVMGetAggregateElement(init, k);
                    if (!lanes[k])
                        lanes[k] = LLVMConstNull(et);
                }
                if (lanes)
                    LLVMSetInitializer(ng, LLVMConstArray2(et, lanes, n));
                free(lanes);
            }
            LLVMSetGlobalConstant(ng, LLVMIsGlobalConstant(g));
            LLVMSetLinkage(ng, LLVMGetLinkage(g));
            LLVMSetAlignment(ng, LLVMGetAlignment(g));
            LLVMSetUnnamedAddress(ng, LLVMGetUnnamedAddress(g));
            LLVMSetThreadLocal(ng, LLVMIsThreadLocal(g));
            size_t len = 0;
            const char *name = LLVMGetValueName2(g, &len);
            char *copy = len ? strndup(name, len) : NULL;
            LLVMReplaceAllUsesWith(g, ng);
            LLVMDeleteGlobal(g);
            if (copy)
                LLVMSetValueName2(ng, copy, len);
            free(copy);
        }
        g = next;
    }
}

/* ---- driver ---- */

static bool sd_has_vectors(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (sd_width(LLVMTypeOf(i)) ||
                (LLVMIsAAllocaInst(i) && sd_width(LLVMGetAllocatedType(i))))
                return true;
            int no = LLVMGetNumOperands(i);
            for (int j = 0; j < no; j++)
                if (sd_width(LLVMTypeOf(LLVMGetOperand(i, j))))
                    return true;
        }
    return false;
}

static void sd_state_free(sd_state *st)
{
    for (size_t i = 0; i < st->n_allocs; i++)
        free(st->allocs[i]);
    free(st->allocs);
    legal_map_free(&st->lanes);
    legal_map_free(&st->state);
    legal_list_free(&st->old);
    legal_list_free(&st->phis);
    legal_list_free(&st->made);
}

static void sd_function(lower_ctx *lc, LLVMValueRef fn)
{
    sd_state st = {.lc = lc, .md_cbload = lc->side.cbuffer_load};
    sd_allocas(&st, fn);
    LLVMBasicBlockRef *blocks;
    /* Unreached blocks are left: their code may feed itself (%v =
     * insertelement %v, ...), which no lane replacement can end; what
     * vectors stay there the validator names. */
    size_t nb = legal_blocks_reached(fn, &blocks);
    for (size_t b = 0; b < nb; b++) {
        LLVMValueRef i = LLVMGetFirstInstruction(blocks[b]);
        while (i) {
            LLVMValueRef next = LLVMGetNextInstruction(i);
            if (sd_kind(&st, i) != SD_NONE)
                sd_visit(&st, i);
            i = next;
        }
    }
    free(blocks);
    sd_finish(&st);
    sd_state_free(&st);
}

/* Whether sd_function would change fn: a vector alloca, or an instruction
 * it splits or consumes. sd_kind reads nothing of the state but
 * md_cbload, and nothing changes before the first such instruction, so
 * judging each from a fresh state is what the walk would judge. DXC's
 * raised modules have vectors only at llvm.dx.* calls, which stay: their
 * functions skip the block order and the state. */
static bool sd_has_work(lower_ctx *lc, LLVMValueRef fn)
{
    sd_state st = {.lc = lc, .md_cbload = lc->side.cbuffer_load};
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if ((LLVMIsAAllocaInst(i) && sd_width(LLVMGetAllocatedType(i))) ||
                sd_kind(&st, i) != SD_NONE)
                return true;
    return false;
}

int lower_legal_scalarize(lower_ctx *lc)
{
    if (lower_vectors_allowed(lc))
        return 0;
    sd_globals(lc);
    if (!legal_census_may(lc, LEGAL_CENSUS_LANES))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && sd_has_vectors(fn) && sd_has_work(lc, fn)) {
            lc->census_stale = true;
            sd_function(lc, fn);
        }
    return 0;
}
