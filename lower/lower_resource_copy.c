/* lower_resource_copy.c - clang 22 copies a structured buffer's struct
 * element with llvm.memcpy from (or to) the pointer
 * llvm.dx.resource.getpointer gives (`S s = In[i]; Out[i] = s;`, at every
 * -O level). DXIL has no memcpy and a resource has no address: each copy
 * touching a getpointer becomes one load and one store per leaf of the
 * buffer's element type in the copied range (scalars, vectors whole;
 * clang's `[N x i8]` and dx.Padding padding skipped), at its byte offset,
 * which the resource-access pass then turns into raw buffer loads and
 * stores. When the other side is a local (an alloca), LLVM's SROA then
 * makes the copied fields values, as it does for clang's own copies. A
 * copy whose range does not fall on whole leaves, or at an offset that is
 * not constant, is refused, naming it. Runs before identity: offsets are
 * in clang's datalayout, as resource-access reads them. */
#include "lower_internal.h"

#include "module/llvm_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RC_MAX_LEAVES 256

typedef struct rc_leaf {
    uint64_t off;
    LLVMTypeRef t;
} rc_leaf;

typedef struct rc_leaves {
    rc_leaf v[RC_MAX_LEAVES];
    unsigned n;
    bool bad;
} rc_leaves;

/* The getpointer call or alloca under ptr's GEPs, or NULL. */
static LLVMValueRef rc_root(LLVMValueRef ptr)
{
    ptr = lower_gep_base(ptr);
    if (lower_is_intrinsic_call(ptr, "llvm.dx.resource.getpointer", false) || LLVMIsAAllocaInst(ptr))
        return ptr;
    return NULL;
}

static bool rc_is_padding(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMTargetExtTypeKind)
        return !strcmp(LLVMGetTargetExtTypeName(t), "dx.Padding");
    return LLVMGetTypeKind(t) == LLVMArrayTypeKind &&
           LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind &&
           LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 8;
}

/* The leaves of t at byte offset base that lie in [lo, hi). */
static void rc_leaves_of(LLVMTargetDataRef td, LLVMTypeRef t, uint64_t base, uint64_t lo,
                         uint64_t hi, rc_leaves *out)
{
    uint64_t size = LLVMStoreSizeOfType(td, t);
    if (base >= hi || base + size <= lo || out->bad || rc_is_padding(t))
        return;
    LLVMTypeKind k = LLVMGetTypeKind(t);
    bool whole = base >= lo && base + size <= hi;
    if (k == LLVMStructTypeKind) {
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
            rc_leaves_of(td, LLVMStructGetTypeAtIndex(t, i), base + LLVMOffsetOfElement(td, t, i),
                         lo, hi, out);
        return;
    }
    if (k == LLVMArrayTypeKind || (k == LLVMVectorTypeKind && !whole)) {
        LLVMTypeRef e = LLVMGetElementType(t);
        uint64_t n = k == LLVMArrayTypeKind ? LLVMGetArrayLength2(t) : LLVMGetVectorSize(t);
        uint64_t step = k == LLVMArrayTypeKind ? LLVMABISizeOfType(td, e) : LLVMStoreSizeOfType(td, e);
        for (uint64_t i = 0; i < n; i++)
            rc_leaves_of(td, e, base + i * step, lo, hi, out);
        return;
    }
    if (!whole || out->n == RC_MAX_LEAVES) {
        out->bad = true; /* a scalar cut by the range */
        return;
    }
    out->v[out->n++] = (rc_leaf){base, t};
}

static void rc_dynamic(void *arg, LLVMValueRef index, uint64_t stride)
{
    (void)index;
    (void)stride;
    *(bool *)arg = true;
}

/* ptr's constant byte offset from its root, or false. */
static bool rc_offset(LLVMTargetDataRef td, LLVMValueRef root, LLVMValueRef ptr, int64_t *off)
{
    bool dynamic = false;
    *off = 0;
    return lower_gep_offset(td, root, ptr, off, rc_dynamic, &dynamic) && !dynamic && *off >= 0;
}

static LLVMValueRef rc_at(lower_ctx *lc, LLVMValueRef ptr, uint64_t delta)
{
    if (!delta)
        return ptr;
    LLVMValueRef k = lower_i32(lc, delta);
    return LLVMBuildInBoundsGEP2(lc->b, LLVMInt8TypeInContext(lc->ctx), ptr, &k, 1, "");
}

/* Rewrites one memcpy; the function to run SROA on goes to *sroa. */
static void rc_copy(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *sroa)
{
    LLVMValueRef dst = LLVMGetOperand(call, 0), src = LLVMGetOperand(call, 1);
    LLVMValueRef rd = rc_root(dst), rs = rc_root(src);
    bool res_d = lower_is_intrinsic_call(rd, "llvm.dx.resource.getpointer", false);
    bool res_s = lower_is_intrinsic_call(rs, "llvm.dx.resource.getpointer", false);
    if (!res_d && !res_s)
        return; /* a copy between locals: legalization's */
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(lc->mod);
    LLVMValueRef side = res_s ? src : dst, root = res_s ? rs : rd;
    LLVMTypeRef ht = LLVMTypeOf(LLVMGetOperand(root, 0));
    uint64_t len;
    int64_t off;
    rc_leaves leaves = {0};
    const char *why = NULL;
    if (LLVMGetTypeKind(ht) != LLVMTargetExtTypeKind ||
        strcmp(LLVMGetTargetExtTypeName(ht), "dx.RawBuffer"))
        why = "only a structured buffer's element is copied";
    else if (!const_u64(LLVMGetOperand(call, 2), &len))
        why = "the length is not constant";
    else if (!rc_offset(td, root, side, &off))
        why = "the offset in the element is not constant";
    else {
        rc_leaves_of(td, LLVMGetTargetExtTypeTypeParam(ht, 0), 0, (uint64_t)off,
                     (uint64_t)off + len, &leaves);
        if (leaves.bad)
            why = "the copied range cuts a field of the element";
    }
    if (why) {
        char msg[160];
        snprintf(msg, sizeof msg, "a copy through a resource pointer cannot be lowered: %s", why);
        lower_report(lc, DXIL_SEV_ERROR, call, msg);
        return;
    }
    LLVMPositionBuilderBefore(lc->b, call);
    for (unsigned i = 0; i < leaves.n; i++) {
        uint64_t d = leaves.v[i].off - (uint64_t)off;
        LLVMValueRef v = LLVMBuildLoad2(lc->b, leaves.v[i].t, rc_at(lc, src, d), "");
        LLVMBuildStore(lc->b, v, rc_at(lc, dst, d));
    }
    lower_kill(lc, call);
    if ((rd && LLVMIsAAllocaInst(rd)) || (rs && LLVMIsAAllocaInst(rs)))
        *sroa = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
}

int lower_resource_copy(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0;
    LLVMValueRef sroa[64];
    unsigned n_sroa = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base) ||
            (strcmp(base, "llvm.memcpy") && strcmp(base, "llvm.memmove")))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMValueRef f = NULL;
            rc_copy(lc, calls[i], &f);
            bool known = false;
            for (unsigned k = 0; k < n_sroa; k++)
                known |= sroa[k] == f;
            if (f && !known && n_sroa < 64)
                sroa[n_sroa++] = f;
        }
        free(calls);
    }
    lower_erase_dead(lc);
    for (unsigned k = 0; k < n_sroa; k++)
        shim_sroa(sroa[k]);
    return 0;
}
