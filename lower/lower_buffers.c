/* lower_buffers.c - the resource access intrinsics become DXIL buffer ops,
 * following LLVM's DXILOpLowering with DXC's conventions:
 *   load.typedbuffer(h, i)       -> bufferLoad(68, H, i, undef)
 *   load.rawbuffer(h, i, o)      -> rawBufferLoad(139, H, i, o, mask, align)
 *                                   (bufferLoad before DXIL 1.2)
 *   store.typedbuffer(h, i, v)   -> bufferStore(69, H, i, undef, v0..v3, 0xF),
 *                                   missing lanes repeating v0
 *   store.rawbuffer(h, i, o, v)  -> rawBufferStore(140, ..., mask, align),
 *                                   missing lanes undef
 *   load.cbufferrow.N(h, row)    -> cbufferLoadLegacy(59, H, row)
 *   updatecounter(h, d)          -> bufferUpdateCounter(70, H, d)
 *   getdimensions.x(h)           -> getDimensions(72, H, undef) field 0
 * The check bit of a load becomes checkAccessFullyMapped(71, status). */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct buf_kind {
    const char *intrinsic;
    void (*lower)(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h);
} buf_kind;

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

/* The loaded value as the intrinsic typed it, from ResRet fields
 * 0..n-1; extractelement users with constant lanes read the field. */
static void buf_replace_value(dxil_lower_ctx *lc, LLVMValueRef ev, LLVMValueRef ret, unsigned n)
{
    LLVMTypeRef t = LLVMTypeOf(ev);
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind) {
        lower_replace(lc, ev, LLVMBuildExtractValue(lc->b, ret, 0, ""));
        return;
    }
    LLVMValueRef *users;
    size_t nu = 0;
    users = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(ev); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef *nv = realloc(users, (nu + 1) * sizeof *nv);
        if (!nv)
            break;
        users = nv;
        users[nu++] = LLVMGetUser(u);
    }
    for (size_t i = 0; i < nu; i++) {
        uint64_t lane;
        LLVMValueRef x = users[i];
        if (LLVMIsAExtractElementInst(x) && LLVMGetOperand(x, 0) == ev &&
            lower_const_u64(LLVMGetOperand(x, 1), &lane) && lane < n) {
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

/* Replaces the {value, i1} result of a load intrinsic by ResRet `ret`. */
static void buf_replace_load(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef ret, unsigned n)
{
    LLVMValueRef *evs;
    size_t ne = 0;
    evs = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef *nv = realloc(evs, (ne + 1) * sizeof *nv);
        if (!nv)
            break;
        evs = nv;
        evs[ne++] = LLVMGetUser(u);
    }
    for (size_t i = 0; i < ne; i++) {
        LLVMValueRef ev = evs[i];
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1) {
            lower_warn(lc, "resource load result used other than by extractvalue; kept");
            continue;
        }
        LLVMPositionBuilderBefore(lc->b, ev);
        if (LLVMGetIndices(ev)[0] == 0) {
            buf_replace_value(lc, ev, ret, n);
            continue;
        }
        LLVMValueRef st = LLVMBuildExtractValue(lc->b, ret, 4, "");
        LLVMValueRef chk =
            lower_dxop_call(lc, LOWER_OP_CHECK_ACCESS, LLVMTypeOf(st), &st, 1, "");
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

static void buf_load_typed(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    unsigned n;
    LLVMTypeRef vt = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMTypeRef s = buf_scalar(vt, &n);
    LLVMValueRef a[3] = {h, LLVMGetOperand(call, 1), NULL};
    LLVMValueRef ret = lower_dxop_call(lc, LOWER_OP_BUFFER_LOAD, s, a, 3, "");
    if (ret)
        buf_replace_load(lc, call, ret, n);
}

static void buf_load_raw(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    unsigned n;
    LLVMTypeRef vt = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMTypeRef s = buf_scalar(vt, &n);
    LLVMValueRef off = LLVMGetOperand(call, 2);
    if (LLVMIsPoison(off))
        off = LLVMGetUndef(LLVMTypeOf(off));
    LLVMValueRef ret;
    if (lc->dxil < DXIL_VERSION(1, 2)) {
        LLVMValueRef a[3] = {h, LLVMGetOperand(call, 1), off};
        ret = lower_dxop_call(lc, LOWER_OP_BUFFER_LOAD, s, a, 3, "");
    } else {
        LLVMValueRef a[5] = {h, LLVMGetOperand(call, 1), off, lower_i8(lc, (1u << n) - 1),
                             lower_i32(lc, buf_align(s))};
        ret = lower_dxop_call(lc, LOWER_OP_RAW_BUFFER_LOAD, s, a, 5, "");
    }
    if (ret)
        buf_replace_load(lc, call, ret, n);
}

/* Lane i of v: the scalar an insertelement chain put there (the raiser
 * builds stored vectors that way), a constant's element, or a new
 * extractelement. */
static LLVMValueRef buf_lane(dxil_lower_ctx *lc, LLVMValueRef v, unsigned i)
{
    uint64_t k;
    for (LLVMValueRef c = v; c;) {
        if (LLVMIsAInsertElementInst(c) && lower_const_u64(LLVMGetOperand(c, 2), &k)) {
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
static void buf_kill_chain(dxil_lower_ctx *lc, LLVMValueRef v)
{
    while (v && LLVMIsAInsertElementInst(v)) {
        lower_kill(lc, v);
        v = LLVMGetOperand(v, 0);
    }
}

/* Lanes v0..v3 of a stored value; missing lanes are `pad` (NULL = v0). */
static void buf_lanes(dxil_lower_ctx *lc, LLVMValueRef v, LLVMValueRef pad, LLVMValueRef out[4],
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

static void buf_store_typed(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef v = LLVMGetOperand(call, 2), lanes[4];
    unsigned n;
    LLVMTypeRef s = buf_scalar(LLVMTypeOf(v), &n);
    buf_lanes(lc, v, NULL, lanes, &n);
    LLVMValueRef a[8] = {h, LLVMGetOperand(call, 1), NULL, lanes[0], lanes[1], lanes[2], lanes[3],
                         lower_i8(lc, 0xF)};
    if (lower_dxop_call(lc, LOWER_OP_BUFFER_STORE, s, a, 8, ""))
        lower_kill(lc, call);
}

static void buf_store_raw(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef v = LLVMGetOperand(call, 3), lanes[4];
    unsigned n;
    LLVMTypeRef s = buf_scalar(LLVMTypeOf(v), &n);
    buf_lanes(lc, v, LLVMGetUndef(s), lanes, &n);
    LLVMValueRef off = LLVMGetOperand(call, 2);
    if (LLVMIsPoison(off))
        off = LLVMGetUndef(LLVMTypeOf(off));
    LLVMValueRef ok;
    if (lc->dxil < DXIL_VERSION(1, 2)) {
        LLVMValueRef a[8] = {h, LLVMGetOperand(call, 1), off, lanes[0], lanes[1], lanes[2],
                             lanes[3], lower_i8(lc, (1u << n) - 1)};
        ok = lower_dxop_call(lc, LOWER_OP_BUFFER_STORE, s, a, 8, "");
    } else {
        LLVMValueRef a[9] = {h, LLVMGetOperand(call, 1), off, lanes[0], lanes[1], lanes[2],
                             lanes[3], lower_i8(lc, (1u << n) - 1), lower_i32(lc, buf_align(s))};
        ok = lower_dxop_call(lc, LOWER_OP_RAW_BUFFER_STORE, s, a, 9, "");
    }
    if (ok)
        lower_kill(lc, call);
}

/* The literal struct result and the named CBufRet have the same fields:
 * extractvalue users move over unchanged. */
static void buf_cbuffer_row(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMTypeRef s = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0);
    LLVMValueRef a[2] = {h, LLVMGetOperand(call, 1)};
    LLVMValueRef ret = lower_dxop_call(lc, LOWER_OP_CBUFFER_LOAD_LEGACY, s, a, 2, "");
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

static void buf_counter(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef a[2] = {h, LLVMGetOperand(call, 1)};
    LLVMValueRef r = lower_dxop_call(lc, LOWER_OP_BUFFER_UPDATE_COUNTER, NULL, a, 2, "");
    if (r)
        lower_replace(lc, call, r);
}

static void buf_dimensions(dxil_lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    LLVMValueRef a[2] = {h, NULL};
    LLVMValueRef r = lower_dxop_call(lc, LOWER_OP_GET_DIMENSIONS, NULL, a, 2, "");
    if (r)
        lower_replace(lc, call, LLVMBuildExtractValue(lc->b, r, 0, ""));
}

static const buf_kind buf_kinds[] = {
    {"llvm.dx.resource.load.typedbuffer", buf_load_typed},
    {"llvm.dx.resource.load.rawbuffer", buf_load_raw},
    {"llvm.dx.resource.store.typedbuffer", buf_store_typed},
    {"llvm.dx.resource.store.rawbuffer", buf_store_raw},
    {"llvm.dx.resource.load.cbufferrow.2", buf_cbuffer_row},
    {"llvm.dx.resource.load.cbufferrow.4", buf_cbuffer_row},
    {"llvm.dx.resource.load.cbufferrow.8", buf_cbuffer_row},
    {"llvm.dx.resource.updatecounter", buf_counter},
    {"llvm.dx.resource.getdimensions.x", buf_dimensions},
};

/* Wider than 4 lanes needs the 6.9 vector ops (RawBufferVectorLoad/Store),
 * which this lowering does not emit yet. */
static bool buf_too_wide(LLVMValueRef call)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind && LLVMCountStructElementTypes(t) == 2)
        t = LLVMStructGetTypeAtIndex(t, 0);
    else
        t = LLVMTypeOf(LLVMGetOperand(call, (unsigned)LLVMGetNumArgOperands(call) - 1));
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 4;
}

static const buf_kind *buf_kind_of(LLVMValueRef fn)
{
    char base[128];
    if (!lower_intrinsic_base(fn, base, sizeof base))
        return NULL;
    for (size_t i = 0; i < sizeof buf_kinds / sizeof buf_kinds[0]; i++)
        if (!strcmp(base, buf_kinds[i].intrinsic))
            return &buf_kinds[i];
    return NULL;
}

int dxil_lower_buffers(dxil_lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        const buf_kind *k = buf_kind_of(fn);
        if (!k)
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMValueRef h = lower_dxil_handle(LLVMGetOperand(calls[i], 0));
            if (!h || buf_too_wide(calls[i])) {
                lower_warn(lc, "%s: %s; kept", k->intrinsic,
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
