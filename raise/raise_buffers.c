/* raise_buffers.c - raises buffer access dx.ops whose handle was raised
 * by the resource pass (seen through llvm.dx.resource.casthandle) to the
 * llvm.dx.resource.{load,store}.* intrinsics. Forms LLVM 22 cannot express
 * keep the dx.op call (with its cast handle) and are counted. */
#include "raise_resources.h"
#include "raise_ops.h"
#include "common/side_metadata.h"

#include "dxil-upgrade/dxil_stats.h"

#include <string.h>

enum { BUF_KEPT_HANDLE, BUF_KEPT_FORM, BUF_KEPT_COUNT };

typedef struct buf_state {
    raise_ctx *rc;
    LLVMBuilderRef b;
    LLVMTypeRef i32, i1;
    op_fns fns;
} buf_state;

/* ---- small helpers ---- */

static bool buf_type_is(LLVMTypeRef t, const char *name)
{
    return LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
           strcmp(LLVMGetTargetExtTypeName(t), name) == 0;
}

/* Components of a TypedBuffer's contained type. */
static unsigned buf_typed_width(LLVMTypeRef t)
{
    LLVMTypeRef c = LLVMGetTargetExtTypeTypeParam(t, 0);
    return LLVMGetTypeKind(c) == LLVMVectorTypeKind ? LLVMGetVectorSize(c) : 1;
}

/* N for a mask of the form (1 << N) - 1, N in 1..4; 0 otherwise. */
static unsigned buf_mask_width(LLVMValueRef mask)
{
    uint64_t m = 0;
    if (!const_u64(mask, &m))
        return 0;
    for (unsigned n = 1; n <= 4; n++)
        if (m == (1u << n) - 1)
            return n;
    return 0;
}

static LLVMTypeRef buf_vec(LLVMTypeRef t, unsigned n)
{
    return n == 1 ? t : LLVMVectorType(t, n);
}

static LLVMValueRef buf_poison_if_undef(LLVMValueRef v)
{
    return LLVMIsUndef(v) && !LLVMIsPoison(v) ? LLVMGetPoison(LLVMTypeOf(v)) : v;
}

static unsigned buf_ev_index(LLVMValueRef ev)
{
    return LLVMIsAExtractValueInst(ev) && LLVMGetNumIndices(ev) == 1 ? LLVMGetIndices(ev)[0]
                                                                     : UINT32_MAX;
}

/* ---- ResRet users ---- */

/* Users of a ResRet-returning call are extractvalues of a data field
 * (< n_data, or field 0 of a vector ResRet) or of the status field whose
 * only users are checkAccessFullyMapped calls. */
static bool buf_resret_users_ok(LLVMValueRef call, unsigned n_data, unsigned status)
{
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef ev = LLVMGetUser(u);
        unsigned i = buf_ev_index(ev);
        if (i == status) {
            for (LLVMUseRef s = LLVMGetFirstUse(ev); s; s = LLVMGetNextUse(s))
                if (res_call_opcode(LLVMGetUser(s)) != DXIL_OP_CheckAccessFullyMapped)
                    return false;
        } else if (i >= n_data) {
            return false;
        }
    }
    return true;
}

/* Rewrites the users checked above onto the {data, i1} result `res`.
 * vec_field0: field 0 of the old result is the whole vector. */
/* Every user of v (an extractvalue or a check on it) becomes `with`. */
static void buf_fold_users(LLVMValueRef v, LLVMValueRef with)
{
    LLVMUseRef u = LLVMGetFirstUse(v);
    while (u) {
        LLVMValueRef user = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        LLVMReplaceAllUsesWith(user, with);
        LLVMInstructionEraseFromParent(user);
    }
}

static void buf_resret_rewrite(buf_state *st, LLVMValueRef call, LLVMValueRef res,
                               unsigned n_data, unsigned status, bool vec_field0)
{
    LLVMValueRef data = LLVMBuildExtractValue(st->b, res, 0, "");
    LLVMUseRef u = LLVMGetFirstUse(call);
    while (u) {
        LLVMValueRef ev = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        unsigned i = buf_ev_index(ev);
        /* Where the old extract stood, so DXC's order survives (the use
         * list runs backwards). */
        LLVMPositionBuilderBefore(st->b, ev);
        if (i == status) {
            buf_fold_users(ev, LLVMBuildExtractValue(st->b, res, 1, ""));
        } else {
            LLVMValueRef v = data;
            if (n_data > 1 && !vec_field0)
                v = LLVMBuildExtractElement(st->b, data, LLVMConstInt(st->i32, i, 0), "");
            LLVMReplaceAllUsesWith(ev, v);
        }
        LLVMInstructionEraseFromParent(ev);
    }
    if (!LLVMGetFirstUse(data))
        LLVMInstructionEraseFromParent(data);
}

/* ---- alignment ---- */

/* Scalar size in bytes of t (its element type for vectors). */
static unsigned buf_elem_bytes(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return 2;
    case LLVMDoubleTypeKind: return 8;
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) >= 8 ? LLVMGetIntTypeWidth(t) / 8 : 4;
    default: return 4;
    }
}

static bool buf_raw_scalar_op(uint32_t op)
{
    return op == DXIL_OP_RawBufferLoad || op == DXIL_OP_RawBufferStore;
}

static bool buf_raw_vector_op(uint32_t op)
{
    return op == DXIL_OP_RawBufferVectorLoad || op == DXIL_OP_RawBufferVectorStore;
}

/* A raw-buffer op's alignment operand (its last argument), as
 * !dxu.align on the raised call `to` when lowering would not rebuild it
 * (docs/side-metadata.md). `value_t` is the loaded or stored type. */
static void buf_keep_align(buf_state *st, LLVMValueRef call, LLVMValueRef to, LLVMTypeRef value_t)
{
    uint32_t op = res_call_opcode(call);
    bool vec = buf_raw_vector_op(op);
    uint64_t align = 0;
    if (!to || (!vec && !buf_raw_scalar_op(op)) ||
        !const_u64(LLVMGetOperand(call, (unsigned)LLVMGetNumArgOperands(call) - 1),
                            &align) ||
        align == DXU_RAW_ALIGN_DEFAULT(buf_elem_bytes(value_t), vec))
        return;
    LLVMValueRef n = LLVMConstInt(st->i32, align, 0);
    LLVMValueRef md = LLVMMDNodeInContext(st->rc->ctx, &n, 1);
    LLVMSetMetadata(to, LLVMGetMDKindIDInContext(st->rc->ctx, DXU_MDK_ALIGN,
                                                 (unsigned)strlen(DXU_MDK_ALIGN)),
                    md);
}

/* A vector through rawBufferLoad/Store where the version has the vector
 * ops lowering would choose: !dxu.rawScalarOp keeps the op DXC used. */
static void buf_keep_scalar_op(buf_state *st, LLVMValueRef call, LLVMValueRef to,
                               LLVMTypeRef value_t)
{
    uint32_t op = res_call_opcode(call);
    const dxil_op_info *vec = dxil_op_by_opcode(ops_table(st->rc), DXIL_OP_RawBufferVectorLoad);
    if (!to || !buf_raw_scalar_op(op) ||
        LLVMGetTypeKind(value_t) != LLVMVectorTypeKind ||
        !dxil_op_exists_at(vec, ops_dxil_version(st->rc)))
        return;
    LLVMSetMetadata(to, LLVMGetMDKindIDInContext(st->rc->ctx, DXU_MDK_RAW_SCALAR_OP,
                                                 (unsigned)strlen(DXU_MDK_RAW_SCALAR_OP)),
                    LLVMMDNodeInContext(st->rc->ctx, NULL, 0));
}

/* ---- loads ---- */

static bool buf_load(buf_state *st, LLVMValueRef call, LLVMValueRef h, bool raw, unsigned n,
                     bool vec_form)
{
    LLVMTypeRef rt = LLVMTypeOf(call);
    LLVMTypeRef f0 = LLVMStructGetTypeAtIndex(rt, 0);
    unsigned status = vec_form ? 1 : 4;
    /* raise_call_fits_op took either ResRet form; this op has one. */
    if (n == 0 || LLVMCountStructElementTypes(rt) != status + 1 ||
        !buf_resret_users_ok(call, vec_form ? 1 : n, status))
        return false;
    LLVMTypeRef over[2] = {vec_form ? f0 : buf_vec(f0, n), LLVMTypeOf(h)};
    LLVMValueRef args[3] = {h, LLVMGetOperand(call, 2),
                            raw ? buf_poison_if_undef(LLVMGetOperand(call, 3)) : NULL};
    LLVMPositionBuilderBefore(st->b, call);
    const char *name = raw ? "llvm.dx.resource.load.rawbuffer" : "llvm.dx.resource.load.typedbuffer";
    LLVMValueRef res = res_call_intrinsic(st->rc, st->b, name, over, 2, args, raw ? 3 : 2, "");
    if (!res)
        return false;
    buf_keep_align(st, call, res, over[0]);
    buf_keep_scalar_op(st, call, res, over[0]);
    buf_resret_rewrite(st, call, res, vec_form ? 1 : n, status, vec_form);
    return true;
}

/* Highest scalar ResRet field read, plus one (bufferLoad on a raw buffer
 * has no mask). */
static unsigned buf_fields_read(LLVMValueRef call)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        unsigned i = buf_ev_index(LLVMGetUser(u));
        if (i < 4 && i + 1 > n)
            n = i + 1;
    }
    return n ? n : 1;
}

/* bufferLoad(68, h, idx, off) */
static bool buf_do_buffer_load(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef t = LLVMTypeOf(h);
    if (buf_type_is(t, "dx.TypedBuffer"))
        return buf_load(st, call, h, false, buf_typed_width(t), false);
    if (buf_type_is(t, "dx.RawBuffer"))
        return buf_load(st, call, h, true, buf_fields_read(call), false);
    return false;
}

/* rawBufferLoad(139, h, idx, off, i8 mask, i32 align) */
static bool buf_do_raw_load(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    if (!buf_type_is(LLVMTypeOf(h), "dx.RawBuffer"))
        return false;
    return buf_load(st, call, h, true, buf_mask_width(LLVMGetOperand(call, 4)), false);
}

/* rawBufferVectorLoad(303, h, idx, off, i32 align) -> {<N x T>, i32} */
static bool buf_do_raw_vector_load(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    if (!buf_type_is(LLVMTypeOf(h), "dx.RawBuffer"))
        return false;
    return buf_load(st, call, h, true, 1, true);
}

/* ---- stores ---- */

/* Lanes n..3 of a bufferStore must be DXC's padding: undef or lane 0. */
static bool buf_lanes_padding(LLVMValueRef call, unsigned n)
{
    LLVMValueRef v0 = LLVMGetOperand(call, 4);
    for (unsigned i = n; i < 4; i++) {
        LLVMValueRef v = LLVMGetOperand(call, 4 + i);
        if (v != v0 && !LLVMIsUndef(v))
            return false;
    }
    return true;
}

static LLVMValueRef buf_gather(buf_state *st, LLVMValueRef call, unsigned n)
{
    LLVMValueRef v = LLVMGetOperand(call, 4);
    if (n == 1)
        return v;
    LLVMValueRef vec = LLVMGetPoison(LLVMVectorType(LLVMTypeOf(v), n));
    for (unsigned i = 0; i < n; i++)
        vec = LLVMBuildInsertElement(st->b, vec, LLVMGetOperand(call, 4 + i),
                                     LLVMConstInt(st->i32, i, 0), "");
    return vec;
}

static bool buf_store(buf_state *st, LLVMValueRef call, LLVMValueRef h, bool raw,
                      LLVMValueRef data)
{
    LLVMValueRef args[4];
    unsigned na = 0;
    args[na++] = h;
    args[na++] = LLVMGetOperand(call, 2);
    if (raw)
        args[na++] = buf_poison_if_undef(LLVMGetOperand(call, 3));
    args[na++] = data;
    LLVMTypeRef over[2] = {LLVMTypeOf(h), LLVMTypeOf(data)};
    const char *name = raw ? "llvm.dx.resource.store.rawbuffer" : "llvm.dx.resource.store.typedbuffer";
    LLVMValueRef res = res_call_intrinsic(st->rc, st->b, name, over, 2, args, na, "");
    buf_keep_align(st, call, res, LLVMTypeOf(data));
    buf_keep_scalar_op(st, call, res, LLVMTypeOf(data));
    return res != NULL;
}

/* bufferStore(69, h, idx, off, v0..v3, i8 mask) */
static bool buf_do_buffer_store(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef t = LLVMTypeOf(h);
    uint64_t mask = 0;
    bool raw = buf_type_is(t, "dx.RawBuffer");
    if (!raw && !buf_type_is(t, "dx.TypedBuffer"))
        return false;
    unsigned n = raw ? buf_mask_width(LLVMGetOperand(call, 8)) : buf_typed_width(t);
    if (n == 0 || !const_u64(LLVMGetOperand(call, 8), &mask) ||
        (mask & ((1u << n) - 1)) != (1u << n) - 1 || (!raw && !buf_lanes_padding(call, n)))
        return false;
    LLVMPositionBuilderBefore(st->b, call);
    return buf_store(st, call, h, raw, buf_gather(st, call, n));
}

/* rawBufferStore(140, h, idx, off, v0..v3, i8 mask, i32 align) */
static bool buf_do_raw_store(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    unsigned n = buf_mask_width(LLVMGetOperand(call, 8));
    if (!buf_type_is(LLVMTypeOf(h), "dx.RawBuffer") || n == 0)
        return false;
    LLVMPositionBuilderBefore(st->b, call);
    return buf_store(st, call, h, true, buf_gather(st, call, n));
}

/* rawBufferVectorStore(304, h, idx, off, <N x T> value, i32 align) */
static bool buf_do_raw_vector_store(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    if (!buf_type_is(LLVMTypeOf(h), "dx.RawBuffer"))
        return false;
    LLVMPositionBuilderBefore(st->b, call);
    return buf_store(st, call, h, true, LLVMGetOperand(call, 4));
}

/* ---- cbuffers, counters, dimensions ---- */

static LLVMValueRef buf_cbuffer_row(buf_state *st, LLVMValueRef h, LLVMValueRef row,
                                    LLVMTypeRef elt, unsigned k)
{
    static const char *const names[9] = {
        [2] = "llvm.dx.resource.load.cbufferrow.2", [4] = "llvm.dx.resource.load.cbufferrow.4",
        [8] = "llvm.dx.resource.load.cbufferrow.8"};
    LLVMTypeRef over[9];
    for (unsigned i = 0; i < k; i++)
        over[i] = elt;
    over[k] = LLVMTypeOf(h);
    LLVMValueRef args[2] = {h, row};
    return res_call_intrinsic(st->rc, st->b, names[k], over, k + 1, args, 2, "");
}

static bool buf_all_users_extract(LLVMValueRef call)
{
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u))
        if (buf_ev_index(LLVMGetUser(u)) == UINT32_MAX)
            return false;
    return true;
}

/* cbufferLoadLegacy(59, h, row) -> CBufRet with 2, 4 or 8 fields */
static bool buf_do_cbuffer_legacy(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef rt = LLVMTypeOf(call);
    unsigned k = LLVMCountStructElementTypes(rt);
    if (!buf_type_is(LLVMTypeOf(h), "dx.CBuffer") || (k != 2 && k != 4 && k != 8) ||
        !buf_all_users_extract(call))
        return false;
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef res =
        buf_cbuffer_row(st, h, LLVMGetOperand(call, 2), LLVMStructGetTypeAtIndex(rt, 0), k);
    if (!res)
        return false;
    LLVMUseRef u = LLVMGetFirstUse(call);
    while (u) {
        LLVMValueRef ev = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        /* where the old one stood: the use list runs backwards, and the
         * order is the input's (DXC's bytes follow it) */
        LLVMPositionBuilderBefore(st->b, ev);
        LLVMReplaceAllUsesWith(ev, LLVMBuildExtractValue(st->b, res, buf_ev_index(ev), ""));
        LLVMInstructionEraseFromParent(ev);
    }
    return true;
}

static unsigned buf_scalar_bytes(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return 2;
    case LLVMFloatTypeKind: return 4;
    case LLVMDoubleTypeKind: return 8;
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) / 8;
    default: return 0;
    }
}

/* Element `sel` of a row: constant sel is one extractvalue; a dynamic
 * one gathers the row into a vector and uses extractelement. */
static LLVMValueRef buf_row_element(buf_state *st, LLVMValueRef row, unsigned k, LLVMValueRef sel)
{
    uint64_t c = 0;
    if (const_u64(sel, &c))
        return LLVMBuildExtractValue(st->b, row, (unsigned)c, "");
    LLVMTypeRef t = LLVMStructGetTypeAtIndex(LLVMTypeOf(row), 0);
    LLVMValueRef vec = LLVMGetPoison(LLVMVectorType(t, k));
    for (unsigned i = 0; i < k; i++)
        vec = LLVMBuildInsertElement(st->b, vec, LLVMBuildExtractValue(st->b, row, i, ""),
                                     LLVMConstInt(st->i32, i, 0), "");
    return LLVMBuildExtractElement(st->b, vec, sel, "");
}

/* cbufferLoad(58, h, byteOffset, align) -> T: the 16-byte row holding
 * byteOffset, then element (byteOffset % 16) / sizeof(T) of it. */
static bool buf_do_cbuffer_load(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    unsigned size = buf_scalar_bytes(t);
    uint64_t off = 0;
    LLVMValueRef offv = LLVMGetOperand(call, 2);
    bool is_const = const_u64(offv, &off);
    if (!buf_type_is(LLVMTypeOf(h), "dx.CBuffer") || (size != 2 && size != 4 && size != 8) ||
        (is_const && off % size != 0))
        return false;
    LLVMPositionBuilderBefore(st->b, call);
    unsigned shift = size == 2 ? 1 : size == 4 ? 2 : 3;
    LLVMValueRef row = LLVMBuildLShr(st->b, offv, LLVMConstInt(st->i32, 4, 0), "");
    LLVMValueRef in_row = LLVMBuildAnd(st->b, offv, LLVMConstInt(st->i32, 15, 0), "");
    LLVMValueRef sel = LLVMBuildLShr(st->b, in_row, LLVMConstInt(st->i32, shift, 0), "");
    LLVMValueRef res = buf_cbuffer_row(st, h, row, t, 16 / size);
    if (!res)
        return false;
    LLVMValueRef align = LLVMGetOperand(call, 3); /* marks the form for lowering */
    LLVMSetMetadata(res, LLVMGetMDKindIDInContext(st->rc->ctx, DXU_MDK_CBUFFER_LOAD,
                                                  (unsigned)strlen(DXU_MDK_CBUFFER_LOAD)),
                    LLVMMDNodeInContext(st->rc->ctx, &align, 1));
    LLVMReplaceAllUsesWith(call, buf_row_element(st, res, 16 / size, sel));
    return true;
}

/* bufferUpdateCounter(70, h, i8 inc) -> i32 */
static bool buf_do_update_counter(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef ht = LLVMTypeOf(h);
    if (!buf_type_is(ht, "dx.RawBuffer") && !buf_type_is(ht, "dx.TypedBuffer"))
        return false;
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef args[2] = {h, LLVMGetOperand(call, 2)};
    LLVMValueRef r = res_call_intrinsic(st->rc, st->b, "llvm.dx.resource.updatecounter",
                                             &ht, 1, args, 2, "");
    if (r)
        LLVMReplaceAllUsesWith(call, r);
    return r != NULL;
}

/* getDimensions(72, h, mip) on a buffer: only field 0 (the width) has a
 * form in LLVM 22 (getdimensions.x). */
static bool buf_do_get_dimensions(buf_state *st, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef ht = LLVMTypeOf(h);
    if (!buf_type_is(ht, "dx.RawBuffer") && !buf_type_is(ht, "dx.TypedBuffer"))
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u))
        if (buf_ev_index(LLVMGetUser(u)) != 0)
            return false;
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef r = res_call_intrinsic(st->rc, st->b, "llvm.dx.resource.getdimensions.x",
                                             &ht, 1, &h, 1, "");
    if (!r)
        return false;
    buf_fold_users(call, r);
    return true;
}

/* ---- driver ---- */

/* The handler of each custom kind the pass owns, in the order they run. */
typedef struct buf_op {
    unsigned kind;
    bool (*fn)(buf_state *, LLVMValueRef, LLVMValueRef);
    const char *kinds[2]; /* the handle types the LLVM 22 form takes */
} buf_op;

#define BUF_TYPED "dx.TypedBuffer"
#define BUF_RAW "dx.RawBuffer"
static const buf_op buf_ops[] = {
    {DXIL_MAP_CUSTOM_BUFFER_LOAD, buf_do_buffer_load, {BUF_TYPED, BUF_RAW}},
    {DXIL_MAP_CUSTOM_RAW_BUFFER_LOAD, buf_do_raw_load, {BUF_RAW}},
    {DXIL_MAP_CUSTOM_RAW_BUFFER_VECTOR_LOAD, buf_do_raw_vector_load, {BUF_RAW}},
    {DXIL_MAP_CUSTOM_BUFFER_STORE, buf_do_buffer_store, {BUF_TYPED, BUF_RAW}},
    {DXIL_MAP_CUSTOM_RAW_BUFFER_STORE, buf_do_raw_store, {BUF_RAW}},
    {DXIL_MAP_CUSTOM_RAW_BUFFER_VECTOR_STORE, buf_do_raw_vector_store, {BUF_RAW}},
    {DXIL_MAP_CUSTOM_CBUFFER_ROW, buf_do_cbuffer_legacy, {"dx.CBuffer"}},
    {DXIL_MAP_CUSTOM_CBUFFER_LOAD, buf_do_cbuffer_load, {"dx.CBuffer"}},
    {DXIL_MAP_CUSTOM_COUNTER, buf_do_update_counter, {BUF_TYPED, BUF_RAW}},
    {DXIL_MAP_CUSTOM_DIMENSIONS, buf_do_get_dimensions, {BUF_TYPED, BUF_RAW}},
};

/* Why a call of op stays DXIL (a dxil_keep_reason), for the statistics:
 * why its handle was not raised; else whether the handle is a kind the
 * LLVM 22 form takes (then only this call's shape does not fit). */
static unsigned buf_keep_reason(const buf_state *st, const buf_op *op, LLVMValueRef call,
                                LLVMValueRef h)
{
    if (!h)
        return res_handle_reason(st->rc, LLVMGetOperand(call, 1));
    for (unsigned i = 0; i < 2 && op->kinds[i]; i++)
        if (buf_type_is(LLVMTypeOf(h), op->kinds[i]))
            return DXIL_KEEP_ACCESS_SHAPE;
    return DXIL_KEEP_TEXTURE_FORM;
}

static const char *const buf_kept_why[BUF_KEPT_COUNT] = {
    "its handle is not a raised binding (heap, TBuffer, or selected at run time)",
    "the form has no faithful LLVM 22 intrinsic"};

/* A raw-buffer op's alignment must be a constant (LLVM 22's form has no
 * operand for it; !dxu.align keeps a constant): else the call stays. */
static bool buf_align_fixed(LLVMValueRef call)
{
    uint32_t op = res_call_opcode(call);
    if (!buf_raw_scalar_op(op) && !buf_raw_vector_op(op))
        return true;
    return LLVMIsAConstantInt(LLVMGetOperand(call, (unsigned)LLVMGetNumArgOperands(call) - 1));
}

/* Raises the calls of one op (`info`) with the handler of its kind. */
static int buf_run_op(buf_state *st, const buf_op *op, const dxil_op_info *info)
{
    res_calls calls = {0};
    unsigned kept[BUF_KEPT_COUNT] = {0};
    if (res_collect_calls(st->rc, &st->fns, info->cls->fn, info->opcode, &calls) != 0)
        return -1;
    for (size_t i = 0; i < calls.n; i++) {
        LLVMValueRef h = res_raised_handle(LLVMGetOperand(calls.v[i], 1));
        if (h && buf_align_fixed(calls.v[i]) && op->fn(st, calls.v[i], h)) {
            LLVMInstructionEraseFromParent(calls.v[i]);
            continue;
        }
        kept[h ? BUF_KEPT_FORM : BUF_KEPT_HANDLE]++;
        if (st->rc->stats)
            raise_note_kept(st->rc, calls.v[i], buf_keep_reason(st, op, calls.v[i], h));
    }
    res_calls_free(&calls);
    for (unsigned k = 0; k < BUF_KEPT_COUNT; k++)
        if (kept[k])
            dxil_diags_add(st->rc->diags, DXIL_SEV_WARNING, DXIL_W_RAISE_KEPT, DXIL_LOC_NONE, 0,
                           "kept %u dx.op.%s call(s) as DXIL: %s", kept[k], info->cls->fn,
                           buf_kept_why[k]);
    return 0;
}

int raise_buffers(raise_ctx *rc)
{
    buf_state st = {.rc = rc, .b = LLVMCreateBuilderInContext(rc->ctx),
                    .i32 = LLVMInt32TypeInContext(rc->ctx), .i1 = LLVMInt1TypeInContext(rc->ctx)};
    int rv = op_fns_collect(rc->mod, &st.fns);
    for (size_t i = 0; rv == 0 && i < sizeof buf_ops / sizeof buf_ops[0]; i++) {
        size_t next = 0;
        const dxil_op_info *info;
        while (rv == 0 && (info = res_next_op_of_kind(rc, buf_ops[i].kind, &next)) != NULL)
            rv = buf_run_op(&st, &buf_ops[i], info);
    }
    op_fns_free(&st.fns);
    LLVMDisposeBuilder(st.b);
    return rv;
}
