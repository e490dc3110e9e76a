/* lower_buffers.c - the resource access intrinsics become DXIL buffer ops,
 * following LLVM's DXILOpLowering with DXC's conventions:
 *   load.typedbuffer(h, i)       -> bufferLoad(68, H, i, undef)
 *   load.rawbuffer(h, i, o)      -> rawBufferLoad(139, H, i, o, mask, align)
 *                                   (bufferLoad before DXIL 1.2)
 * Each call goes to the handler of the custom kind of the map the spec
 * selects for its intrinsic at the target version (buf_kinds[]).
 *   store.typedbuffer(h, i, v)   -> bufferStore(69, H, i, undef, v0..v3, 0xF),
 *                                   missing lanes repeating v0
 *   store.rawbuffer(h, i, o, v)  -> rawBufferStore(140, ..., mask, align),
 *                                   missing lanes undef
 *   load.cbufferrow.N(h, row)    -> cbufferLoadLegacy(59, H, row)
 *   updatecounter(h, d)          -> bufferUpdateCounter(70, H, d)
 *   getdimensions.x(h)           -> getDimensions(72, H, undef) field 0
 * The check bit of a load becomes checkAccessFullyMapped(71, status). */
#include "lower_internal.h"

#include "common/side_metadata.h"

#include <stdlib.h>
#include <string.h>


static LLVMTypeRef buf_scalar(LLVMTypeRef t, unsigned *n)
{
    *n = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

/* DXC's alignment operand: the scalar's size in bytes. */
static unsigned buf_align(LLVMTypeRef scalar)
{
    switch (LLVMGetTypeKind(scalar)) {
    case LLVMHalfTypeKind: return 2;
    case LLVMDoubleTypeKind: return 8;
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(scalar) >= 8 ? LLVMGetIntTypeWidth(scalar) / 8 : 4;
    default: return 4;
    }
}

/* The alignment operand: the raiser's !dxu.align when present, else
 * DXU_RAW_ALIGN_DEFAULT (docs/side-metadata.md). */
static LLVMValueRef buf_align_of(lower_ctx *lc, LLVMValueRef call, LLVMTypeRef scalar,
                                 bool vector_op)
{
    LLVMValueRef md = lc->side.align ? LLVMGetMetadata(call, lc->side.align) : NULL;
    uint64_t a;
    if (md && LLVMGetMDNodeNumOperands(md) == 1 && const_u64(LLVMGetOperand(md, 0), &a) &&
        a <= UINT32_MAX)
        return lower_i32(lc, a);
    return lower_i32(lc, DXU_RAW_ALIGN_DEFAULT(buf_align(scalar), vector_op));
}

/* Whether the target has RawBufferVectorLoad/Store (DXIL 1.9 on; the
 * spec says when). */
static bool buf_has_vector_ops(const lower_ctx *lc)
{
    return dxil_op_exists_at(dxil_op_by_opcode(lc->table, DXIL_OP_RawBufferVectorLoad), lc->dxil);
}

/* Such targets load and store vectors through the vector ops, unless the
 * raise saw DXC use rawBufferLoad/Store for this one (!dxu.rawScalarOp). */
static bool buf_vector_op(const lower_ctx *lc, LLVMValueRef call, LLVMTypeRef value_t)
{
    unsigned kind = lc->side.raw_scalar;
    return LLVMGetTypeKind(value_t) == LLVMVectorTypeKind && buf_has_vector_ops(lc) &&
           !(LLVMGetVectorSize(value_t) <= 4 && kind && LLVMGetMetadata(call, kind));
}

/* The loaded value as the intrinsic typed it, from ResRet fields
 * 0..n-1; extractelement users with constant lanes read the field. */
static void buf_replace_value(lower_ctx *lc, LLVMValueRef ev, LLVMValueRef ret, unsigned n)
{
    LLVMTypeRef t = LLVMTypeOf(ev);
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind) {
        lower_replace(lc, ev, LLVMBuildExtractValue(lc->b, ret, 0, ""));
        return;
    }
    LLVMValueRef *users;
    size_t nu = lower_collect_users(ev, &users);
    for (size_t i = 0; i < nu; i++) {
        uint64_t lane;
        LLVMValueRef x = users[i];
        if (LLVMIsAExtractElementInst(x) && LLVMGetOperand(x, 0) == ev &&
            const_u64(LLVMGetOperand(x, 1), &lane) && lane < n) {
            LLVMPositionBuilderBefore(lc->b, x);
            lower_replace(lc, x, LLVMBuildExtractValue(lc->b, ret, (unsigned)lane, ""));
            LLVMSetOperand(x, 0, LLVMGetUndef(t)); /* x is dead: drop its use of ev */
        }
    }
    free(users);
    if (!LLVMGetFirstUse(ev)) {
        lower_kill(lc, ev);
        return;
    }
    LLVMPositionBuilderBefore(lc->b, ev);
    LLVMValueRef vec = LLVMGetUndef(t);
    for (unsigned i = 0; i < n; i++)
        vec = LLVMBuildInsertElement(lc->b, vec, LLVMBuildExtractValue(lc->b, ret, i, ""),
                                     lower_i32(lc, i), "");
    lower_replace(lc, ev, vec);
}

/* Replaces the {value, i1} result of a load intrinsic by ResRet `ret`:
 * scalar fields 0..n-1 and status field 4, or (n == 0) the vector
 * ResRet {<N x T>, i32} of RawBufferVectorLoad. */
static void buf_replace_load(lower_ctx *lc, LLVMValueRef call, LLVMValueRef ret, unsigned n)
{
    LLVMValueRef *evs;
    size_t ne = lower_collect_users(call, &evs);
    for (size_t i = 0; i < ne; i++) {
        LLVMValueRef ev = evs[i];
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1) {
            lower_warn(lc, "resource load result used other than by extractvalue; kept");
            continue;
        }
        LLVMPositionBuilderBefore(lc->b, ev);
        if (LLVMGetIndices(ev)[0] == 0) {
            if (n)
                buf_replace_value(lc, ev, ret, n);
            else
                lower_replace(lc, ev, LLVMBuildExtractValue(lc->b, ret, 0, ""));
            continue;
        }
        LLVMValueRef st = LLVMBuildExtractValue(lc->b, ret, n ? 4 : 1, "");
        LLVMValueRef chk =
            lower_dxop_call(lc, DXIL_OP_CheckAccessFullyMapped, LLVMTypeOf(st), &st, 1, "");
        if (!chk) {
            lower_kill(lc, st);
            lower_warn(lc, "checkAccessFullyMapped could not be built; load kept");
            continue;
        }
        lower_replace(lc, ev, chk);
    }
    free(evs);
    lower_kill(lc, call);
}

/* The offset argument of a raw-buffer intrinsic (undef for poison, as
 * DXC writes it); NULL for a typed-buffer one, which has none: the typed
 * forms take `typed_args` arguments, the raw ones one more. */
static LLVMValueRef buf_raw_offset(LLVMValueRef call, unsigned typed_args)
{
    if (LLVMGetNumArgOperands(call) <= typed_args)
        return NULL;
    LLVMValueRef off = LLVMGetOperand(call, 2);
    return LLVMIsPoison(off) ? LLVMGetUndef(LLVMTypeOf(off)) : off;
}

/* buffer-load: bufferLoad(68, H, i, o) for load.typedbuffer (o undef),
 * and for load.rawbuffer where the spec has no rawBufferLoad (DXIL < 1.2). */
static void buf_load_buffer(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    unsigned n;
    LLVMTypeRef vt = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMTypeRef s = buf_scalar(vt, &n);
    LLVMValueRef a[3] = {h, LLVMGetOperand(call, 1), buf_raw_offset(call, 2)};
    LLVMValueRef ret = lower_dxop_call(lc, DXIL_OP_BufferLoad, s, a, 3, "");
    if (ret)
        buf_replace_load(lc, call, ret, n);
}

/* raw-buffer-load: rawBufferLoad(139), or rawBufferVectorLoad(303) for a
 * vector from DXIL 1.9. */
static void buf_load_raw(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    unsigned n;
    LLVMTypeRef vt = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMTypeRef s = buf_scalar(vt, &n);
    LLVMValueRef off = buf_raw_offset(call, 2);
    LLVMValueRef ret;
    if (buf_vector_op(lc, call, vt)) {
        LLVMValueRef a[4] = {h, LLVMGetOperand(call, 1), off, buf_align_of(lc, call, s, true)};
        ret = lower_dxop_call(lc, DXIL_OP_RawBufferVectorLoad, vt, a, 4, "");
        n = 0;
    } else {
        LLVMValueRef a[5] = {h, LLVMGetOperand(call, 1), off, lower_i8(lc, (1u << n) - 1),
                             buf_align_of(lc, call, s, false)};
        ret = lower_dxop_call(lc, DXIL_OP_RawBufferLoad, s, a, 5, "");
    }
    if (ret)
        buf_replace_load(lc, call, ret, n);
}

/* Lane i of v: the scalar an insertelement chain put there (the raiser
 * builds stored vectors that way), a constant's element, or a new
 * extractelement. */
static LLVMValueRef buf_lane(lower_ctx *lc, LLVMValueRef v, unsigned i)
{
    uint64_t k;
    for (LLVMValueRef c = v; c;) {
        if (LLVMIsAInsertElementInst(c) && const_u64(LLVMGetOperand(c, 2), &k)) {
            if (k == i)
                return LLVMGetOperand(c, 1);
            c = LLVMGetOperand(c, 0);
        } else if (LLVMIsAConstant(c)) {
            LLVMValueRef e = LLVMGetAggregateElement(c, i);
            if (e)
                return e;
            break;
        } else {
            break;
        }
    }
    return LLVMBuildExtractElement(lc->b, v, lower_i32(lc, i), "");
}

/* Queues the now unused insertelement chain that built v. */
static void buf_kill_chain(lower_ctx *lc, LLVMValueRef v)
{
    while (v && LLVMIsAInsertElementInst(v)) {
        lower_kill(lc, v);
        v = LLVMGetOperand(v, 0);
    }
}

/* Lanes v0..v3 of a stored value; missing lanes are `pad` (NULL = v0). */
static void buf_lanes(lower_ctx *lc, LLVMValueRef v, LLVMValueRef pad, LLVMValueRef out[4],
                      unsigned *n)
{
    bool vec = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind;
    buf_scalar(LLVMTypeOf(v), n);
    for (unsigned i = 0; i < 4 && i < *n; i++)
        out[i] = vec ? buf_lane(lc, v, i) : v;
    for (unsigned i = *n; i < 4; i++)
        out[i] = pad ? pad : out[0];
    buf_kill_chain(lc, v);
}

/* buffer-store: bufferStore(69, H, i, o, v0..v3, mask) for
 * store.typedbuffer (o undef, mask 0xF, missing lanes repeating v0) and
 * for store.rawbuffer before DXIL 1.2 (missing lanes undef, mask of the
 * lanes written). */
static void buf_store_buffer(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef off = buf_raw_offset(call, 3), v = LLVMGetOperand(call, off ? 3 : 2), lanes[4];
    unsigned n;
    LLVMTypeRef s = buf_scalar(LLVMTypeOf(v), &n);
    buf_lanes(lc, v, off ? LLVMGetUndef(s) : NULL, lanes, &n);
    LLVMValueRef a[8] = {h, LLVMGetOperand(call, 1), off, lanes[0], lanes[1], lanes[2], lanes[3],
                         lower_i8(lc, off ? (1u << n) - 1 : 0xF)};
    if (lower_dxop_call(lc, DXIL_OP_BufferStore, s, a, 8, ""))
        lower_kill(lc, call);
}

/* rawBufferVectorStore(304, H, i, o, <N x T> v, align): the vector whole. */
static void buf_store_vector(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h,
                             LLVMValueRef off)
{
    LLVMValueRef v = LLVMGetOperand(call, 3);
    unsigned n;
    LLVMTypeRef s = buf_scalar(LLVMTypeOf(v), &n);
    LLVMValueRef a[5] = {h, LLVMGetOperand(call, 1), off, v, buf_align_of(lc, call, s, true)};
    if (lower_dxop_call(lc, DXIL_OP_RawBufferVectorStore, LLVMTypeOf(v), a, 5, ""))
        lower_kill(lc, call);
}

/* raw-buffer-store: rawBufferStore(140), or rawBufferVectorStore(304)
 * for a vector from DXIL 1.9. */
static void buf_store_raw(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef v = LLVMGetOperand(call, 3), lanes[4];
    unsigned n;
    LLVMValueRef off = buf_raw_offset(call, 3);
    if (buf_vector_op(lc, call, LLVMTypeOf(v))) {
        buf_store_vector(lc, call, h, off);
        return;
    }
    LLVMTypeRef s = buf_scalar(LLVMTypeOf(v), &n);
    buf_lanes(lc, v, LLVMGetUndef(s), lanes, &n);
    LLVMValueRef a[9] = {h, LLVMGetOperand(call, 1), off, lanes[0], lanes[1], lanes[2],
                         lanes[3], lower_i8(lc, (1u << n) - 1), buf_align_of(lc, call, s, false)};
    if (lower_dxop_call(lc, DXIL_OP_RawBufferStore, s, a, 9, ""))
        lower_kill(lc, call);
}

/* ---- cbufferLoad (58): a row the raiser made from a byte offset ---- */

typedef struct buf_cbl {
    lower_ctx *lc;
    LLVMValueRef h, off, align; /* off NULL: the row is a constant */
    uint64_t row;
    LLVMTypeRef t;
    unsigned size;
} buf_cbl;

/* The byte offset of the row's element `lane`, at the builder. */
static LLVMValueRef buf_cbl_lane_offset(buf_cbl *c, uint64_t lane)
{
    uint64_t at = lane * c->size;
    if (!c->off)
        return lower_i32(c->lc, c->row * 16 + at);
    return lower_cbl_element_offset(c->lc, c->off, (unsigned)at);
}

/* The raise's selection: (off & 15) >> log2(size), off the row's. */
static bool buf_cbl_is_raise_select(buf_cbl *c, LLVMValueRef sel)
{
    uint64_t shift, mask;
    if (!c->off || !LLVMIsAInstruction(sel) || LLVMGetInstructionOpcode(sel) != LLVMLShr ||
        !const_u64(LLVMGetOperand(sel, 1), &shift) || (1u << shift) != c->size)
        return false;
    LLVMValueRef in_row = LLVMGetOperand(sel, 0);
    return LLVMIsAInstruction(in_row) && LLVMGetInstructionOpcode(in_row) == LLVMAnd &&
           LLVMGetOperand(in_row, 0) == c->off && const_u64(LLVMGetOperand(in_row, 1), &mask) &&
           mask == 15;
}

/* The byte offset of the element a gather's extractelement selects. */
static LLVMValueRef buf_cbl_select_offset(buf_cbl *c, LLVMValueRef sel)
{
    uint64_t lane;
    if (const_u64(sel, &lane))
        return buf_cbl_lane_offset(c, lane);
    if (buf_cbl_is_raise_select(c, sel))
        return c->off;
    /* any other lane value: the row's start plus lane * size */
    lower_ctx *lc = c->lc;
    LLVMValueRef start = c->off ? LLVMBuildAnd(lc->b, c->off, lower_i32(lc, (uint32_t)-16), "")
                                : lower_i32(lc, c->row * 16);
    LLVMValueRef lane_v = LLVMBuildIntCast2(lc->b, sel, LLVMInt32TypeInContext(lc->ctx), false, "");
    return LLVMBuildAdd(lc->b, start, LLVMBuildMul(lc->b, lane_v, lower_i32(lc, c->size), ""),
                        "");
}

/* cbufferLoad(58, H, offset, align) before `at`. */
static LLVMValueRef buf_cbl_call(buf_cbl *c, LLVMValueRef off)
{
    LLVMValueRef a[3] = {c->h, off, c->align};
    return lower_dxop_call(c->lc, DXIL_OP_CBufferLoad, c->t, a, 3, "");
}

/* The raiser's gather (lower_cbl_form.c): each extractelement of it is
 * one cbufferLoad at the offset it selects; the chain goes. */
static void buf_cbl_gather(buf_cbl *c, LLVMValueRef top)
{
    LLVMValueRef *users;
    size_t n = lower_collect_users(top, &users);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef x = users[i], sel = LLVMGetOperand(x, 1);
        if (!LLVMGetFirstUse(x))
            continue; /* handled from another field of the row */
        LLVMPositionBuilderBefore(c->lc->b, x);
        LLVMValueRef r = buf_cbl_call(c, buf_cbl_select_offset(c, sel));
        if (!r)
            continue;
        lower_replace(c->lc, x, r);
        if (buf_cbl_is_raise_select(c, sel)) {
            lower_kill(c->lc, sel);
            lower_kill(c->lc, LLVMGetOperand(sel, 0));
        }
    }
    free(users);
    for (LLVMValueRef ins = top; LLVMIsAInsertElementInst(ins); ins = LLVMGetOperand(ins, 0))
        lower_kill(c->lc, ins);
}

static void buf_replace_operand(LLVMValueRef user, LLVMValueRef old, LLVMValueRef with)
{
    for (int i = 0; i < LLVMGetNumOperands(user); i++)
        if (LLVMGetOperand(user, i) == old)
            LLVMSetOperand(user, (unsigned)i, with);
}

/* Field `ev` of the row: the gathers it feeds, then its other users,
 * which read that one element. */
static void buf_cbl_field(buf_cbl *c, LLVMValueRef ev, unsigned md_kind)
{
    LLVMValueRef *users, r = NULL;
    size_t n = lower_collect_users(ev, &users);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef top = lower_cbl_gather_top(users[i], md_kind, NULL);
        if (top) {
            buf_cbl_gather(c, top);
            continue;
        }
        if (!r) {
            LLVMPositionBuilderBefore(c->lc->b, ev);
            r = buf_cbl_call(c, buf_cbl_lane_offset(c, LLVMGetIndices(ev)[0]));
            if (!r)
                break;
        }
        buf_replace_operand(users[i], ev, r);
    }
    free(users);
    lower_kill(c->lc, ev);
}

static bool buf_cbuffer_load(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    unsigned kind = lc->side.cbuffer_load;
    LLVMValueRef md = kind ? LLVMGetMetadata(call, kind) : NULL, row = LLVMGetOperand(call, 1);
    LLVMTypeRef t = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    uint64_t a, four;
    buf_cbl c = {.lc = lc, .h = h, .t = t, .size = buf_align(t)};
    if (!md || LLVMGetMDNodeNumOperands(md) != 1 || !const_u64(LLVMGetOperand(md, 0), &a))
        return false;
    c.align = lower_i32(lc, a);
    if (LLVMIsAInstruction(row) && LLVMGetInstructionOpcode(row) == LLVMLShr &&
        const_u64(LLVMGetOperand(row, 1), &four) && four == 4)
        c.off = LLVMGetOperand(row, 0);
    else if (!const_u64(row, &c.row))
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef ev = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1)
            return false;
    }
    LLVMValueRef *evs;
    size_t n = lower_collect_users(call, &evs);
    for (size_t i = 0; i < n; i++)
        buf_cbl_field(&c, evs[i], kind);
    free(evs);
    lower_kill(lc, call);
    if (c.off)
        lower_kill(lc, row);
    return true;
}

/* The literal struct result and the named CBufRet have the same fields:
 * extractvalue users move over unchanged. */
static void buf_cbuffer_row(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    if (buf_cbuffer_load(lc, call, h))
        return;
    LLVMTypeRef s = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMValueRef a[2] = {h, LLVMGetOperand(call, 1)};
    lc->cbuf_lanes = LLVMCountStructElementTypes(LLVMTypeOf(call));
    LLVMValueRef ret = lower_dxop_call(lc, DXIL_OP_CBufferLoadLegacy, s, a, 2, "");
    lc->cbuf_lanes = 0;
    if (!ret)
        return;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetFirstUse(call)) {
        LLVMValueRef ev = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1) {
            lower_warn(lc, "cbuffer row used other than by extractvalue; kept");
            lower_kill(lc, ret);
            return;
        }
        LLVMPositionBuilderBefore(lc->b, ev);
        lower_replace(lc, ev, LLVMBuildExtractValue(lc->b, ret, LLVMGetIndices(ev)[0], ""));
        LLVMSetOperand(ev, 0, LLVMGetUndef(LLVMTypeOf(call)));
    }
    lower_kill(lc, call);
}

static void buf_counter(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef a[2] = {h, LLVMGetOperand(call, 1)};
    LLVMValueRef r = lower_dxop_call(lc, DXIL_OP_BufferUpdateCounter, NULL, a, 2, "");
    if (r)
        lower_replace(lc, call, r);
}

static void buf_dimensions(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef a[2] = {h, NULL};
    LLVMValueRef r = lower_dxop_call(lc, DXIL_OP_GetDimensions, NULL, a, 2, "");
    if (r)
        lower_replace(lc, call, LLVMBuildExtractValue(lc->b, r, 0, ""));
}

/* The handler of each custom kind the pass owns. Which kind an intrinsic
 * call is comes from the spec: the map the table selects for lowering it
 * at the target version (load.rawbuffer is buffer-load before DXIL 1.2,
 * raw-buffer-load from 1.2). */
typedef struct buf_kind {
    unsigned kind;
    void (*lower)(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h);
} buf_kind;

static const buf_kind buf_kinds[] = {
    {DXIL_MAP_CUSTOM_BUFFER_LOAD, buf_load_buffer},
    {DXIL_MAP_CUSTOM_RAW_BUFFER_LOAD, buf_load_raw},
    {DXIL_MAP_CUSTOM_BUFFER_STORE, buf_store_buffer},
    {DXIL_MAP_CUSTOM_RAW_BUFFER_STORE, buf_store_raw},
    {DXIL_MAP_CUSTOM_CBUFFER_ROW, buf_cbuffer_row},
    {DXIL_MAP_CUSTOM_COUNTER, buf_counter},
    {DXIL_MAP_CUSTOM_DIMENSIONS, buf_dimensions},
};

/* Wider than 4 lanes needs the DXIL 1.9 vector ops (RawBufferVectorLoad/
 * Store), which exist only for raw buffers at DXIL 1.9 and later. */
static bool buf_too_wide(const lower_ctx *lc, const buf_kind *k, LLVMValueRef call)
{
    bool raw = k->kind == DXIL_MAP_CUSTOM_RAW_BUFFER_LOAD || k->kind == DXIL_MAP_CUSTOM_RAW_BUFFER_STORE;
    if (raw && buf_has_vector_ops(lc))
        return false;
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind && LLVMCountStructElementTypes(t) == 2)
        t = LLVMStructGetTypeAtIndex(t, 0);
    else
        t = LLVMTypeOf(LLVMGetOperand(call, (unsigned)LLVMGetNumArgOperands(call) - 1));
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 4;
}

/* The handler for calls of fn, with the intrinsic's name in base. */
static const buf_kind *buf_kind_of(const lower_ctx *lc, LLVMValueRef fn, char *base, size_t size)
{
    if (!lower_intrinsic_base(fn, base, size))
        return NULL;
    const dxil_intrinsic_ref *ref =
        dxil_optable_select_lower(lc->table, base, lc->dxil, DXIL_SCALAR_VOID, NULL, NULL);
    for (size_t i = 0; ref && i < sizeof buf_kinds / sizeof buf_kinds[0]; i++)
        if (buf_kinds[i].kind == ref->map->custom)
            return &buf_kinds[i];
    return NULL;
}

int lower_buffers(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[128];
        const buf_kind *k = buf_kind_of(lc, fn, base, sizeof base);
        if (!k)
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMValueRef h = lower_dxil_handle(LLVMGetOperand(calls[i], 0));
            if (!h || buf_too_wide(lc, k, calls[i])) {
                lower_warn(lc, "%s: %s; kept", base,
                           h ? "more than 4 lanes (needs the DXIL 1.9 vector ops)"
                             : "handle not made by handlefrombinding");
                lc->n_kept++;
                continue;
            }
            LLVMPositionBuilderBefore(lc->b, calls[i]);
            k->lower(lc, calls[i], h);
            lc->n_lowered++;
        }
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
