/* legal_buffer64.c - 64-bit buffer elements moved as pairs of 32-bit
 * words where the buffer op has no 64-bit overload, as DXC does.
 *
 * bufferLoad/Store (typed buffers, and structured buffers before DXIL 1.2)
 * have no double or i64 overload, nor has rawBufferLoad/Store before DXIL
 * 1.3. DXC reads a Buffer<double> or a RWBuffer<uint64_t> element as two
 * i32 lanes per value and puts the value together (makeDouble for a
 * double; zext/shl/or for an i64); a stored value is taken apart
 * (splitDouble; trunc and lshr). Here, on the access intrinsics:
 *
 *   load.typedbuffer.f64(h, i)        -> load.typedbuffer.v2i32(h, i),
 *                                        llvm.dx.asdouble(lane 0, lane 1)
 *   store.rawbuffer(h, i, o, <2 x i64>) -> store.rawbuffer(h, i, o, <4 x i32>)
 *
 * The byte layout is the same (low word first), so offsets stay; a raw
 * access of more than 4 words is split afterwards (legal_raw_split.c). */
#include "legal.h"

#include <stdlib.h>
#include <string.h>

/* The intrinsics this acts on, and the op each becomes (the raw ones:
 * RawBufferLoad/Store where the target has it, else BufferLoad/Store). */
typedef struct b64_kind {
    const char *name;
    bool load, raw;
} b64_kind;

static const b64_kind b64_kinds[] = {
    {"llvm.dx.resource.load.typedbuffer", true, false},
    {"llvm.dx.resource.store.typedbuffer", false, false},
    {"llvm.dx.resource.load.rawbuffer", true, true},
    {"llvm.dx.resource.store.rawbuffer", false, true},
};

static bool b64_is_64(LLVMTypeRef s)
{
    return LLVMGetTypeKind(s) == LLVMDoubleTypeKind ||
           (LLVMGetTypeKind(s) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(s) == 64);
}

/* Whether the op the access becomes takes 64-bit scalar s at the target. */
static bool b64_op_takes(lower_ctx *lc, const b64_kind *k, LLVMTypeRef s)
{
    uint32_t raw_op = k->load ? DXIL_OP_RawBufferLoad : DXIL_OP_RawBufferStore;
    uint32_t op = k->load ? DXIL_OP_BufferLoad : DXIL_OP_BufferStore;
    if (k->raw && dxil_op_exists_at(dxil_op_by_opcode(lc->table, raw_op), lc->dxil))
        op = raw_op;
    dxil_overload ov;
    return lower_overload_of(s, &ov) &&
           dxil_op_overload_valid(dxil_op_by_opcode(lc->table, op), &ov, lc->dxil);
}

/* The 64-bit value of words lo, hi as scalar type s. */
static LLVMValueRef b64_join(lower_ctx *lc, LLVMTypeRef s, LLVMValueRef lo, LLVMValueRef hi)
{
    if (LLVMGetTypeKind(s) == LLVMDoubleTypeKind) {
        LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
        LLVMValueRef a[2] = {lo, hi};
        return lower_intrinsic_call(lc, "llvm.dx.asdouble", &i32, 1, a, 2);
    }
    LLVMValueRef l = LLVMBuildZExt(lc->b, lo, s, ""), h = LLVMBuildZExt(lc->b, hi, s, "");
    h = LLVMBuildShl(lc->b, h, LLVMConstInt(s, 32, 0), "");
    return LLVMBuildOr(lc->b, l, h, "");
}

/* The low and high words of 64-bit value v. */
static bool b64_split(lower_ctx *lc, LLVMValueRef v, LLVMValueRef *lo, LLVMValueRef *hi)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMDoubleTypeKind) {
        LLVMValueRef r = lower_intrinsic_call(lc, "llvm.dx.splitdouble", &i32, 1, &v, 1);
        if (!r)
            return false;
        *lo = LLVMBuildExtractValue(lc->b, r, 0, "");
        *hi = LLVMBuildExtractValue(lc->b, r, 1, "");
        return true;
    }
    *lo = LLVMBuildTrunc(lc->b, v, i32, "");
    *hi = LLVMBuildTrunc(lc->b, LLVMBuildLShr(lc->b, v, LLVMConstInt(LLVMTypeOf(v), 32, 0), ""),
                         i32, "");
    return true;
}

static unsigned b64_lanes(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

static LLVMTypeRef b64_scalar(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

/* {T, i1} load -> {<2n x i32>, i1}; the users of T read the joined lanes. */
static bool b64_load(lower_ctx *lc, const b64_kind *k, LLVMValueRef call)
{
    LLVMTypeRef t = LLVMStructGetTypeAtIndex(LLVMTypeOf(call), 0), s = b64_scalar(t);
    unsigned n = b64_lanes(t);
    LLVMValueRef a[3], h = LLVMGetOperand(call, 0);
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < na && i < 3; i++)
        a[i] = LLVMGetOperand(call, i);
    LLVMTypeRef over[2] = {LLVMVectorType(LLVMInt32TypeInContext(lc->ctx), 2 * n), LLVMTypeOf(h)};
    LLVMValueRef r = lower_intrinsic_call(lc, k->name, over, 2, a, na);
    if (!r)
        return false;
    LLVMValueRef words = LLVMBuildExtractValue(lc->b, r, 0, ""), v = n > 1 ? LLVMGetPoison(t) : NULL;
    for (unsigned j = 0; j < n; j++) {
        LLVMValueRef lo = LLVMBuildExtractElement(lc->b, words, lower_i32(lc, 2 * j), "");
        LLVMValueRef hi = LLVMBuildExtractElement(lc->b, words, lower_i32(lc, 2 * j + 1), "");
        LLVMValueRef x = b64_join(lc, s, lo, hi);
        if (!x)
            return false;
        v = n > 1 ? LLVMBuildInsertElement(lc->b, v, x, lower_i32(lc, j), "") : x;
    }
    LLVMValueRef *users;
    size_t nu = lower_collect_users(call, &users);
    for (size_t i = 0; i < nu; i++) {
        LLVMValueRef ev = users[i];
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1) {
            lower_report(lc, DXIL_SEV_ERROR, ev,
                         "a 64-bit buffer load's result used other than by extractvalue");
            continue;
        }
        lower_replace_named(lc, ev, LLVMGetIndices(ev)[0] == 0
                                        ? v
                                        : LLVMBuildExtractValue(lc->b, r, 1, ""));
    }
    free(users);
    return true;
}

/* store of T (last argument) -> store of <2n x i32>. */
static bool b64_store(lower_ctx *lc, const b64_kind *k, LLVMValueRef call)
{
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef a[4], v = LLVMGetOperand(call, na - 1);
    unsigned n = b64_lanes(LLVMTypeOf(v));
    for (unsigned i = 0; i + 1 < na && i < 3; i++)
        a[i] = LLVMGetOperand(call, i);
    LLVMTypeRef wt = LLVMVectorType(LLVMInt32TypeInContext(lc->ctx), 2 * n);
    LLVMValueRef words = LLVMGetPoison(wt);
    for (unsigned j = 0; j < n; j++) {
        LLVMValueRef x = n > 1 ? LLVMBuildExtractElement(lc->b, v, lower_i32(lc, j), "") : v, lo, hi;
        if (!b64_split(lc, x, &lo, &hi))
            return false;
        words = LLVMBuildInsertElement(lc->b, words, lo, lower_i32(lc, 2 * j), "");
        words = LLVMBuildInsertElement(lc->b, words, hi, lower_i32(lc, 2 * j + 1), "");
    }
    a[na - 1] = words;
    LLVMTypeRef over[2] = {LLVMTypeOf(a[0]), wt};
    return lower_intrinsic_call(lc, k->name, over, 2, a, na) != NULL;
}

int lower_legal_buffer64(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        const b64_kind *k = NULL;
        if (!lower_intrinsic_base(fn, base, sizeof base))
            continue;
        for (size_t i = 0; i < sizeof b64_kinds / sizeof b64_kinds[0]; i++)
            if (!strcmp(base, b64_kinds[i].name))
                k = &b64_kinds[i];
        if (!k)
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMValueRef c = calls[i];
            LLVMTypeRef t = k->load ? LLVMStructGetTypeAtIndex(LLVMTypeOf(c), 0)
                                    : LLVMTypeOf(LLVMGetOperand(c, (unsigned)LLVMGetNumArgOperands(c) - 1));
            if (!b64_is_64(b64_scalar(t)) || b64_op_takes(lc, k, b64_scalar(t)))
                continue;
            LLVMPositionBuilderBefore(lc->b, c);
            if (!(k->load ? b64_load : b64_store)(lc, k, c))
                lower_report(lc, DXIL_SEV_ERROR, c,
                             "the 64-bit buffer access could not be made of 32-bit words");
            else
                lower_kill(lc, c);
        }
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
