/* lower_implicit_binding.c - resources clang 22 declares without a
 * register (`cbuffer CB { ... }`, `RWBuffer<float> B;`) come as
 * llvm.dx.resource.handlefromimplicitbinding(order, space, range, index,
 * name). DXIL has bindings only: each is given the lowest free register
 * range of its class in its space, in the order of the order IDs (calls
 * sharing an ID are one resource), after the explicit
 * handlefrombinding(space, lower bound, range, index, name) bindings, as
 * LLVM's DXILResourceImplicitBinding pass does; the call becomes
 * handlefrombinding, which the resource pass lowers. A range of 0 or ~0
 * is unbounded and takes every register from its lower bound on. */
#include "lower_internal.h"

#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

enum { IB_SRV, IB_UAV, IB_CBV, IB_SAMPLER, IB_NONE };

typedef struct ib_range {
    unsigned cls;
    uint32_t space, lb;
    uint64_t end; /* one past the last register */
} ib_range;

typedef struct ib_state {
    ib_range *v;
    size_t n, cap;
} ib_state;

/* The register class of a target("dx.*") handle type. */
static unsigned ib_class(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) != LLVMTargetExtTypeKind)
        return IB_NONE;
    const char *name = LLVMGetTargetExtTypeName(t);
    if (!strcmp(name, "dx.CBuffer"))
        return IB_CBV;
    if (!strcmp(name, "dx.Sampler"))
        return IB_SAMPLER;
    if (strcmp(name, "dx.TypedBuffer") && strcmp(name, "dx.RawBuffer") &&
        strcmp(name, "dx.Texture") && strcmp(name, "dx.MSTexture") &&
        strcmp(name, "dx.FeedbackTexture"))
        return IB_NONE;
    /* dx.FeedbackTexture is a UAV; the others say it in their first
     * integer parameter (IsWriteable). */
    if (!strcmp(name, "dx.FeedbackTexture"))
        return IB_UAV;
    return LLVMGetTargetExtTypeNumIntParams(t) && LLVMGetTargetExtTypeIntParam(t, 0) ? IB_UAV
                                                                                      : IB_SRV;
}

static uint64_t ib_end(uint32_t lb, uint64_t range)
{
    return range == 0 || range == 0xFFFFFFFFu ? (uint64_t)1 << 32 : lb + range;
}

static bool ib_add(ib_state *st, unsigned cls, uint32_t space, uint32_t lb, uint64_t end)
{
    ib_range *v = grow_array(st->v, &st->cap, st->n, sizeof *v, 16);
    if (!v)
        return false;
    st->v = v;
    st->v[st->n++] = (ib_range){cls, space, lb, end};
    return true;
}

/* The lowest lower bound where [lb, lb + range) is free in (cls, space). */
static bool ib_place(const ib_state *st, unsigned cls, uint32_t space, uint64_t range,
                     uint32_t *out)
{
    uint64_t lb = 0;
    bool moved = true;
    while (moved && lb < ((uint64_t)1 << 32)) {
        moved = false;
        uint64_t end = range == 0 || range == 0xFFFFFFFFu ? (uint64_t)1 << 32 : lb + range;
        for (size_t i = 0; i < st->n; i++) {
            const ib_range *r = &st->v[i];
            if (r->cls == cls && r->space == space && r->lb < end && lb < r->end) {
                lb = r->end;
                moved = true;
            }
        }
    }
    if (lb >= ((uint64_t)1 << 32))
        return false;
    *out = (uint32_t)lb;
    return true;
}

static bool ib_const(LLVMValueRef call, unsigned i, uint64_t *v)
{
    return const_u64(LLVMGetOperand(call, i), v);
}

static int ib_order_cmp(const void *a, const void *b)
{
    uint64_t x = 0, y = 0;
    ib_const(*(LLVMValueRef const *)a, 0, &x);
    ib_const(*(LLVMValueRef const *)b, 0, &y);
    return x < y ? -1 : x > y;
}

static void ib_explicit(ib_state *st, LLVMValueRef fn)
{
    LLVMValueRef *calls;
    size_t n = lower_collect_calls(fn, &calls);
    for (size_t i = 0; i < n; i++) {
        uint64_t space, lb, range;
        unsigned cls = ib_class(LLVMTypeOf(calls[i]));
        if (cls != IB_NONE && ib_const(calls[i], 0, &space) && ib_const(calls[i], 1, &lb) &&
            ib_const(calls[i], 2, &range))
            ib_add(st, cls, (uint32_t)space, (uint32_t)lb, ib_end((uint32_t)lb, range));
    }
    free(calls);
}

/* Binds one call; `prev` is the call before it in order-ID order, whose
 * register a call of the same ID shares (*lb carries it). */
static void ib_bind(lower_ctx *lc, ib_state *st, LLVMValueRef call, LLVMValueRef prev,
                    uint32_t *lb)
{
    uint64_t order, space, range, porder;
    unsigned cls = ib_class(LLVMTypeOf(call));
    if (cls == IB_NONE || !ib_const(call, 0, &order) || !ib_const(call, 1, &space) ||
        !ib_const(call, 2, &range))
        return; /* the leftover check names it */
    bool same = prev && ib_const(prev, 0, &porder) && porder == order;
    if (!same) {
        if (!ib_place(st, cls, (uint32_t)space, range, lb)) {
            lower_report(lc, DXIL_SEV_ERROR, call, "no free register range for this resource");
            return;
        }
        ib_add(st, cls, (uint32_t)space, *lb, ib_end(*lb, range));
    }
    LLVMPositionBuilderBefore(lc->b, call);
    LLVMValueRef args[5] = {LLVMGetOperand(call, 1), lower_i32(lc, *lb), LLVMGetOperand(call, 2),
                            LLVMGetOperand(call, 3), LLVMGetOperand(call, 4)};
    LLVMTypeRef t = LLVMTypeOf(call);
    LLVMValueRef h =
        lower_intrinsic_call(lc, "llvm.dx.resource.handlefrombinding", &t, 1, args, 5);
    if (h)
        lower_replace_named(lc, call, h);
}

/* Every call of the implicit-binding declarations (one per handle type),
 * appended to *all. */
static void ib_collect(LLVMValueRef fn, LLVMValueRef **all, size_t *n, size_t *cap)
{
    LLVMValueRef *calls;
    size_t k = lower_collect_calls(fn, &calls);
    for (size_t i = 0; i < k; i++) {
        LLVMValueRef *v = grow_array(*all, cap, *n, sizeof *v, 16);
        if (!v)
            break;
        *all = v;
        (*all)[(*n)++] = calls[i];
    }
    free(calls);
}

int lower_implicit_binding(lower_ctx *lc)
{
    ib_state st = {0};
    LLVMValueRef *all = NULL;
    size_t n = 0, cap = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base))
            continue;
        if (!strcmp(base, "llvm.dx.resource.handlefrombinding"))
            ib_explicit(&st, fn);
        else if (!strcmp(base, "llvm.dx.resource.handlefromimplicitbinding"))
            ib_collect(fn, &all, &n, &cap);
    }
    if (n) {
        lc->census_stale = true;
        qsort(all, n, sizeof *all, ib_order_cmp);
    }
    uint32_t lb = 0;
    for (size_t i = 0; i < n; i++)
        ib_bind(lc, &st, all[i], i ? all[i - 1] : NULL, &lb);
    free(all);
    free(st.v);
    lower_erase_dead(lc);
    return 0;
}
