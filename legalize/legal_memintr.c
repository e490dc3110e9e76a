/* legal_memintr.c - llvm.memcpy, llvm.memmove and llvm.memset of a
 * constant length as loads and stores. DXIL has no memory intrinsics;
 * clang copies structs and an optimizer merges stores with them. The
 * bytes are walked as the scalars of the destination's object type (or
 * the source's, when only that one is known): each scalar in the range is
 * loaded from the source at the same offset and stored, through i8 GEPs
 * that the GEP legalization (legal_gep.c) then turns into typed
 * paths. memmove loads everything before storing, so memcpy does too. A
 * memset's byte is repeated through each scalar. Copies of more than
 * MI_MAX_LEAVES scalars, or of a range that cuts a scalar, are left (and
 * the writer refuses them). */
#include "legal.h"

#include <stdlib.h>

#define MI_MAX_LEAVES 256

typedef struct mi_leaf {
    int64_t at; /* bytes from the range's start */
    LLVMTypeRef type;
} mi_leaf;

typedef struct mi_walk {
    LLVMTargetDataRef td;
    int64_t lo, hi;
    mi_leaf leaves[MI_MAX_LEAVES];
    unsigned n;
} mi_walk;

static bool mi_scalar(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: case LLVMHalfTypeKind: case LLVMFloatTypeKind:
    case LLVMDoubleTypeKind: case LLVMPointerTypeKind:
        return true;
    default:
        return false;
    }
}

/* The scalars of t placed at byte `base` that lie in [lo, hi). */
static bool mi_leaves(mi_walk *w, LLVMTypeRef t, int64_t base)
{
    int64_t size = (int64_t)LLVMABISizeOfType(w->td, t);
    if (base + size <= w->lo || base >= w->hi || !size)
        return true;
    if (mi_scalar(t)) {
        int64_t store = (int64_t)LLVMStoreSizeOfType(w->td, t);
        if (base < w->lo || base + store > w->hi || w->n == MI_MAX_LEAVES)
            return false;
        w->leaves[w->n++] = (mi_leaf){base - w->lo, t};
        return true;
    }
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind) {
        unsigned n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++)
            if (!mi_leaves(w, LLVMStructGetTypeAtIndex(t, i),
                           base + (int64_t)LLVMOffsetOfElement(w->td, t, i)))
                return false;
        return true;
    }
    if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
        LLVMTypeRef e = LLVMGetElementType(t);
        int64_t es = (int64_t)LLVMABISizeOfType(w->td, e);
        uint64_t n = k == LLVMArrayTypeKind ? LLVMGetArrayLength2(t) : LLVMGetVectorSize(t);
        for (uint64_t i = 0; i < n; i++)
            if (!mi_leaves(w, e, base + (int64_t)i * es))
                return false;
        return true;
    }
    return false;
}

/* The scalars of the range [p, p + len) by the object p points into. */
static bool mi_layout(lower_ctx *lc, LLVMValueRef p, uint64_t len, mi_walk *w)
{
    LLVMTypeRef t;
    int64_t off;
    if (!legal_object_at(lc, p, &t, &off))
        return false;
    w->td = lc->input_td;
    w->lo = off;
    w->hi = off + (int64_t)len;
    w->n = 0;
    return mi_leaves(w, t, 0) && w->n;
}

static LLVMValueRef mi_at(lower_ctx *lc, LLVMValueRef p, int64_t at)
{
    if (!at)
        return p;
    LLVMValueRef idx = lower_i32(lc, (uint64_t)at);
    return LLVMBuildInBoundsGEP2(lc->b, LLVMInt8TypeInContext(lc->ctx), p, &idx, 1, "");
}

static bool mi_len(LLVMValueRef call, uint64_t *len)
{
    LLVMValueRef l = LLVMGetOperand(call, 2);
    return LLVMIsAConstantInt(l) && (*len = LLVMConstIntGetZExtValue(l)) > 0;
}

LLVMValueRef legal_expand_memcpy(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef dst = LLVMGetOperand(call, 0), src = LLVMGetOperand(call, 1);
    uint64_t len;
    mi_walk *w = calloc(1, sizeof *w);
    if (!w || !mi_len(call, &len) ||
        (!mi_layout(lc, dst, len, w) && !mi_layout(lc, src, len, w))) {
        free(w);
        return NULL;
    }
    LLVMValueRef *vals = malloc(w->n * sizeof *vals);
    if (!vals) {
        free(w);
        return NULL;
    }
    for (unsigned i = 0; i < w->n; i++)
        vals[i] = LLVMBuildLoad2(lc->b, w->leaves[i].type, mi_at(lc, src, w->leaves[i].at), "");
    for (unsigned i = 0; i < w->n; i++)
        LLVMBuildStore(lc->b, vals[i], mi_at(lc, dst, w->leaves[i].at));
    free(vals);
    free(w);
    return call;
}

/* byte b repeated through scalar type t. */
static LLVMValueRef mi_pattern(lower_ctx *lc, LLVMTypeRef t, uint8_t b)
{
    unsigned bits = (unsigned)LLVMSizeOfTypeInBits(lc->input_td, t);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
        return b ? NULL : LLVMConstNull(t);
    unsigned long long v = 0;
    for (unsigned i = 0; i < bits / 8 && i < 8; i++)
        v |= (unsigned long long)b << (8 * i);
    LLVMTypeRef it = LLVMIntTypeInContext(lc->ctx, bits);
    LLVMValueRef c = LLVMConstInt(it, v, 0);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? c : LLVMConstBitCast(c, t);
}

LLVMValueRef legal_expand_memset(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef dst = LLVMGetOperand(call, 0), val = LLVMGetOperand(call, 1);
    uint64_t len;
    mi_walk *w = calloc(1, sizeof *w);
    if (!w || !LLVMIsAConstantInt(val) || !mi_len(call, &len) || !mi_layout(lc, dst, len, w)) {
        free(w);
        return NULL;
    }
    uint8_t b = (uint8_t)LLVMConstIntGetZExtValue(val);
    LLVMValueRef *c = malloc(w->n * sizeof *c);
    bool ok = c != NULL;
    for (unsigned i = 0; ok && i < w->n; i++)
        ok = (c[i] = mi_pattern(lc, w->leaves[i].type, b)) != NULL;
    for (unsigned i = 0; ok && i < w->n; i++)
        LLVMBuildStore(lc->b, c[i], mi_at(lc, dst, w->leaves[i].at));
    free(c);
    free(w);
    return ok ? call : NULL;
}
