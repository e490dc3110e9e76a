/* legal_raw_split.c - raw-buffer loads and stores wider than 4 lanes
 * become loads and stores of at most 4 lanes, as DXC writes them.
 *
 * clang 22 reads and writes a structured buffer's element whole: a matrix
 * (float3x4: <12 x float>), an array or a struct of one scalar type (the
 * resource-access pass makes those one load.rawbuffer.vN). Before DXIL
 * 1.9 (RawBufferVectorLoad/Store) a raw-buffer op moves at most 4 lanes;
 * DXC splits such an element into consecutive rawBufferLoad/Store of 4
 * lanes (the last one fewer), each at the byte offset of its first lane:
 *
 *   load.rawbuffer.v12f32(h, i, o)  -> load.rawbuffer.v4f32(h, i, o),
 *                                      (h, i, o + 16), (h, i, o + 32)
 *   a byte-address buffer (offset poison) moves its index instead.
 *
 * The pieces are put together (and a stored vector taken apart) with
 * insert/extractelement, which the data scalarization (legal_scalarize.c)
 * then reads lane by lane; the access status of a split load is the `and`
 * of its pieces'. instcombine reads one bit of a word as a lane of a
 * <32k x i1> load: that becomes a load of k words and a shift per lane. Runs before the census, which counts the vectors made. */
#include "legal.h"

#include <stdlib.h>
#include <string.h>

#define RS_LANES 4u /* what rawBufferLoad/Store move */

/* Bytes of one lane in the input's datalayout. */
static uint64_t rs_lane_bytes(lower_ctx *lc, LLVMTypeRef scalar)
{
    return LLVMABISizeOfType(lc->input_td, scalar);
}

/* Index and offset of the piece `bytes` after the access (h, i, o). */
static void rs_coords(lower_ctx *lc, LLVMValueRef call, uint64_t bytes, LLVMValueRef *idx,
                      LLVMValueRef *off)
{
    *idx = LLVMGetOperand(call, 1);
    *off = LLVMGetOperand(call, 2);
    if (!bytes)
        return;
    LLVMValueRef step = lower_i32(lc, bytes);
    if (LLVMIsPoison(*off) || LLVMIsUndef(*off))
        *idx = LLVMBuildAdd(lc->b, *idx, step, "");
    else
        *off = LLVMBuildAdd(lc->b, *off, step, "");
}

/* The type of `n` lanes of scalar s: the scalar itself for one. */
static LLVMTypeRef rs_piece_type(LLVMTypeRef s, unsigned n)
{
    return n == 1 ? s : LLVMVectorType(s, n);
}

/* Lane `lane` of the loaded value from the memory lanes: the lane itself,
 * or, for an i1 vector (instcombine's view of words as bits), bit
 * lane % 32 of word lane / 32. */
static LLVMValueRef rs_lane(lower_ctx *lc, LLVMValueRef *mem, unsigned lane, bool bits)
{
    if (!bits)
        return mem[lane];
    LLVMValueRef w = mem[lane / 32];
    if (lane % 32)
        w = LLVMBuildLShr(lc->b, w, lower_i32(lc, lane % 32), "");
    return LLVMBuildTrunc(lc->b, w, LLVMInt1TypeInContext(lc->ctx), "");
}

/* Replaces ev (the loaded vector): extractelement users of a constant
 * lane read the lane, the others a vector built from all of them. */
static void rs_replace_value(lower_ctx *lc, LLVMValueRef ev, LLVMValueRef *mem, bool bits)
{
    LLVMTypeRef vt = LLVMTypeOf(ev);
    unsigned n = LLVMGetVectorSize(vt);
    LLVMValueRef *users;
    uint64_t lane;
    size_t nu = lower_collect_users(ev, &users);
    for (size_t i = 0; i < nu; i++) {
        LLVMValueRef x = users[i];
        if (LLVMIsAExtractElementInst(x) && LLVMGetOperand(x, 0) == ev &&
            const_u64(LLVMGetOperand(x, 1), &lane) && lane < n) {
            LLVMPositionBuilderBefore(lc->b, x);
            lower_replace_named(lc, x, rs_lane(lc, mem, (unsigned)lane, bits));
            LLVMSetOperand(x, 0, LLVMGetPoison(vt)); /* x is dead: drop its use of ev */
        }
    }
    free(users);
    if (LLVMGetFirstUse(ev)) {
        LLVMPositionBuilderBefore(lc->b, ev);
        LLVMValueRef vec = LLVMGetPoison(vt);
        for (unsigned i = 0; i < n; i++)
            vec = LLVMBuildInsertElement(lc->b, vec, rs_lane(lc, mem, i, bits), lower_i32(lc, i),
                                         "");
        lower_replace_named(lc, ev, vec);
    }
    lower_kill(lc, ev);
}

/* Loads the pieces of `call` (n lanes of s) into mem[]; their status
 * bits and-ed into *status. False when a piece could not be made. */
static bool rs_load_pieces(lower_ctx *lc, LLVMValueRef call, LLVMTypeRef s, unsigned n,
                           LLVMValueRef *mem, LLVMValueRef *status)
{
    uint64_t lane = rs_lane_bytes(lc, s);
    LLVMValueRef h = LLVMGetOperand(call, 0);
    *status = NULL;
    for (unsigned first = 0; first < n; first += RS_LANES) {
        unsigned k = n - first < RS_LANES ? n - first : RS_LANES;
        LLVMValueRef a[3] = {h};
        rs_coords(lc, call, first * lane, &a[1], &a[2]);
        LLVMTypeRef over[2] = {rs_piece_type(s, k), LLVMTypeOf(h)};
        LLVMValueRef piece =
            lower_intrinsic_call(lc, "llvm.dx.resource.load.rawbuffer", over, 2, a, 3);
        if (!piece)
            return false;
        LLVMValueRef v = LLVMBuildExtractValue(lc->b, piece, 0, "");
        for (unsigned j = 0; j < k; j++)
            mem[first + j] =
                k == 1 ? v : LLVMBuildExtractElement(lc->b, v, lower_i32(lc, j), "");
        LLVMValueRef st = LLVMBuildExtractValue(lc->b, piece, 1, "");
        *status = *status ? LLVMBuildAnd(lc->b, *status, st, "") : st;
    }
    return true;
}

/* Splits one wide load; its {<N x T>, i1} users read the pieces. A load
 * of <32k x i1> reads k words. */
static void rs_split_load(lower_ctx *lc, LLVMValueRef call, LLVMTypeRef vt)
{
    LLVMTypeRef s = LLVMGetElementType(vt);
    unsigned n = LLVMGetVectorSize(vt);
    bool bits = LLVMGetTypeKind(s) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(s) == 1;
    if (bits) {
        s = LLVMInt32TypeInContext(lc->ctx);
        n /= 32;
    }
    LLVMValueRef *mem = calloc(n, sizeof *mem), status;
    LLVMPositionBuilderBefore(lc->b, call);
    if (!mem || !rs_load_pieces(lc, call, s, n, mem, &status)) {
        free(mem);
        lower_report(lc, DXIL_SEV_ERROR, call, "the raw-buffer load could not be split");
        return;
    }
    LLVMValueRef *users;
    size_t nu = lower_collect_users(call, &users);
    for (size_t i = 0; i < nu; i++) {
        LLVMValueRef ev = users[i];
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1)
            lower_report(lc, DXIL_SEV_ERROR, ev,
                         "a raw-buffer load's result used other than by extractvalue");
        else if (LLVMGetIndices(ev)[0] == 0)
            rs_replace_value(lc, ev, mem, bits);
        else
            lower_replace_named(lc, ev, status);
    }
    free(users);
    free(mem);
    lower_kill(lc, call);
}

/* Splits one wide store into stores of its pieces. */
static void rs_split_store(lower_ctx *lc, LLVMValueRef call, LLVMValueRef v)
{
    LLVMTypeRef vt = LLVMTypeOf(v), s = LLVMGetElementType(vt);
    unsigned n = LLVMGetVectorSize(vt);
    uint64_t lane = rs_lane_bytes(lc, s);
    LLVMValueRef h = LLVMGetOperand(call, 0);
    LLVMPositionBuilderBefore(lc->b, call);
    for (unsigned first = 0; first < n; first += RS_LANES) {
        unsigned k = n - first < RS_LANES ? n - first : RS_LANES;
        LLVMTypeRef pt = rs_piece_type(s, k);
        LLVMValueRef piece = k == 1 ? NULL : LLVMGetPoison(pt);
        for (unsigned j = 0; j < k; j++) {
            LLVMValueRef x = LLVMBuildExtractElement(lc->b, v, lower_i32(lc, first + j), "");
            piece = k == 1 ? x : LLVMBuildInsertElement(lc->b, piece, x, lower_i32(lc, j), "");
        }
        LLVMValueRef a[4] = {h, NULL, NULL, piece};
        rs_coords(lc, call, first * lane, &a[1], &a[2]);
        LLVMTypeRef over[2] = {LLVMTypeOf(h), pt};
        if (!lower_intrinsic_call(lc, "llvm.dx.resource.store.rawbuffer", over, 2, a, 4)) {
            lower_report(lc, DXIL_SEV_ERROR, call, "the raw-buffer store could not be split");
            return;
        }
    }
    lower_kill(lc, call);
}

/* The vector a load returns or a store writes, when wider than 4 lanes;
 * also a load of <32k x i1>, which reads words bit by bit. */
static LLVMTypeRef rs_wide(LLVMValueRef call, bool load)
{
    LLVMTypeRef t = load ? LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0)
                         : LLVMTypeOf(LLVMGetOperand(call, 3));
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return NULL;
    LLVMTypeRef s = LLVMGetElementType(t);
    if (LLVMGetTypeKind(s) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(s) == 1)
        return load && LLVMGetVectorSize(t) % 32 == 0 ? t : NULL;
    return LLVMGetVectorSize(t) > RS_LANES ? t : NULL;
}

int lower_legal_raw_split(lower_ctx *lc)
{
    /* DXIL 1.9 moves a vector of any width in one op (lower_buffers.c). */
    if (dxil_op_exists_at(dxil_op_by_opcode(lc->table, DXIL_OP_RawBufferVectorLoad), lc->dxil))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base))
            continue;
        bool load = !strcmp(base, "llvm.dx.resource.load.rawbuffer");
        if (!load && strcmp(base, "llvm.dx.resource.store.rawbuffer"))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMTypeRef wide = rs_wide(calls[i], load);
            if (wide && load)
                rs_split_load(lc, calls[i], wide);
            else if (wide)
                rs_split_store(lc, calls[i], LLVMGetOperand(calls[i], 3));
        }
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
