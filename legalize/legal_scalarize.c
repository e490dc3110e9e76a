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
#include "legal_census.h"
#include "legal_facts.h"
#include "legal_lanes.h"

#include <stdlib.h>

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
                lower_replace_keep_name(lc, i, a, LOWER_OLD_ERASE);
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
            lower_replace_keep_name(lc, g, ng, LOWER_OLD_ERASE);
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
    sd_state st = {.lc = lc, .md_cbload = lc->side.cbuffer_load,
                   .split = sd_split, .consume = sd_consume};
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
            if (sd_kind(st.md_cbload, i) != SD_NONE)
                sd_visit(&st, i);
            i = next;
        }
    }
    free(blocks);
    sd_finish(&st);
    sd_state_free(&st);
}

/* Whether sd_function would change fn: a vector alloca, or an instruction
 * it splits or consumes. sd_kind reads nothing of the pass's state, and
 * nothing changes before the first such instruction, so judging each
 * before the walk is what the walk would judge. DXC's raised modules have
 * vectors only at llvm.dx.* calls, which stay: their functions skip the
 * block order and the state. */
static bool sd_has_work(lower_ctx *lc, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if ((LLVMIsAAllocaInst(i) && sd_width(LLVMGetAllocatedType(i))) ||
                sd_kind(lc->side.cbuffer_load, i) != SD_NONE)
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
