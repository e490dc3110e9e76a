/* lower_flatten_arrays.c - DXIL allows arrays of one dimension only (DXC:
 * "Only one dimension allowed for array type"): clang 22 keeps HLSL's
 * `groupshared float T[8][8]` and local `float a[2][3]` as nested arrays.
 * As LLVM's DXILFlattenArrays pass does, a global or alloca of nested
 * arrays [N0 x [N1 x ... T]] becomes [N0*N1*... x T] (a constant
 * initializer flattened in order) and every load and store reaching it
 * through a chain of GEPs gets one GEP of the flat type, at the element
 * index the chain adds up to (constant offsets and each dynamic index
 * times its stride, in elements of T). A variable used any other way (a
 * call, a pointer stored or selected) is left as it is, for the checks to
 * name. Modern input only: DXC's modules are flat already. */
#include "lower_internal.h"
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

#define FA_MAX_TERMS 8

/* The element slots one vector of t takes in the datalayout: its lanes,
 * and the padding of a three-lane vector (<3 x float> is 16 bytes in
 * DXC's layout), so that a lane's byte offset over the element size is its
 * flat index. */
static uint64_t fa_slots(LLVMTargetDataRef td, LLVMTypeRef vec)
{
    uint64_t e = LLVMABISizeOfType(td, LLVMGetElementType(vec));
    uint64_t n = e ? LLVMABISizeOfType(td, vec) / e : 0;
    return n > LLVMGetVectorSize(vec) ? n : LLVMGetVectorSize(vec);
}

/* The innermost element type and total count of nested arrays t (with
 * vectors: of arrays of vectors, whose lanes, with their padding, count as
 * one more level); false when t is not one. */
static bool fa_shape(LLVMTargetDataRef td, LLVMTypeRef t, bool vectors, LLVMTypeRef *elem,
                     uint64_t *count)
{
    LLVMTypeKind inner = LLVMGetTypeKind(t) == LLVMArrayTypeKind
                             ? LLVMGetTypeKind(LLVMGetElementType(t))
                             : LLVMVoidTypeKind;
    if (inner != LLVMArrayTypeKind && !(vectors && inner == LLVMVectorTypeKind))
        return false;
    uint64_t n = 1;
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
        n *= LLVMGetArrayLength2(t);
        t = LLVMGetElementType(t);
    }
    if (vectors && LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        n *= fa_slots(td, t);
        t = LLVMGetElementType(t);
    } else if (vectors) {
        return false;
    }
    *elem = t;
    *count = n;
    return true;
}

typedef struct fa_index {
    int64_t bytes;
    LLVMValueRef idx[FA_MAX_TERMS];
    uint64_t stride[FA_MAX_TERMS];
    unsigned n;
    bool overflow;
} fa_index;

static void fa_term(void *arg, LLVMValueRef index, uint64_t stride)
{
    fa_index *x = arg;
    if (x->n == FA_MAX_TERMS) {
        x->overflow = true;
        return;
    }
    x->idx[x->n] = index;
    x->stride[x->n++] = stride;
}

/* Every load and store reaching v through GEPs; false when another use
 * (or a GEP chain too long) means v cannot be rewritten. */
static bool fa_accesses(LLVMValueRef v, LLVMValueRef *out, size_t *n, size_t cap)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (lower_is_gep(user) && LLVMGetOperand(user, 0) == v) {
            if (!fa_accesses(user, out, n, cap))
                return false;
        } else if (LLVMIsALoadInst(user) ||
                   (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == v)) {
            if (*n == cap)
                return false;
            out[(*n)++] = user;
        } else {
            return false;
        }
    }
    return true;
}

/* The offsets of ptr in base (x), when they are whole elements. */
static bool fa_offsets(lower_ctx *lc, LLVMValueRef base, LLVMValueRef ptr, uint64_t esize,
                       fa_index *x)
{
    memset(x, 0, sizeof *x);
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(lc->mod);
    if (!lower_gep_offset(td, base, ptr, &x->bytes, fa_term, x) || x->overflow || !esize ||
        x->bytes % (int64_t)esize)
        return false;
    for (unsigned k = 0; k < x->n; k++)
        if (x->stride[k] % esize)
            return false;
    return true;
}

/* The flat element index of ptr in base, at the builder; NULL when the
 * offsets are not whole elements. */
static LLVMValueRef fa_flat_index(lower_ctx *lc, LLVMValueRef base, LLVMValueRef ptr,
                                  uint64_t esize)
{
    fa_index x;
    if (!fa_offsets(lc, base, ptr, esize, &x))
        return NULL;
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
    LLVMValueRef r = NULL; /* the dynamic terms, then the constant */
    for (unsigned k = 0; k < x.n; k++) {
        LLVMValueRef ix = x.idx[k];
        if (LLVMTypeOf(ix) != i32)
            ix = LLVMBuildIntCast2(lc->b, ix, i32, 1, "");
        if (x.stride[k] != esize)
            ix = LLVMBuildMul(lc->b, ix, LLVMConstInt(i32, x.stride[k] / esize, 0), "");
        r = r ? LLVMBuildAdd(lc->b, r, ix, "") : ix;
    }
    LLVMValueRef c = LLVMConstInt(i32, (unsigned long long)(x.bytes / (int64_t)esize), 1);
    if (!r)
        return c;
    return x.bytes ? LLVMBuildAdd(lc->b, r, c, "") : r;
}

/* The initializer c of nested arrays as the flat array of type ft (a
 * vector's padding slots zero). */
static void fa_collect(LLVMTargetDataRef td, LLVMValueRef c, LLVMTypeRef t, LLVMValueRef *out,
                       uint64_t *n, uint64_t cap)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k != LLVMArrayTypeKind && k != LLVMVectorTypeKind) {
        if (*n < cap)
            out[*n] = c;
        ++*n;
        return;
    }
    uint64_t len = k == LLVMArrayTypeKind ? LLVMGetArrayLength2(t) : LLVMGetVectorSize(t);
    for (uint64_t i = 0; i < len; i++)
        fa_collect(td, LLVMGetAggregateElement(c, (unsigned)i), LLVMGetElementType(t), out, n,
                   cap);
    for (uint64_t i = len; k == LLVMVectorTypeKind && i < fa_slots(td, t); i++)
        fa_collect(td, LLVMConstNull(LLVMGetElementType(t)), LLVMGetElementType(t), out, n, cap);
}

static LLVMValueRef fa_init(LLVMTargetDataRef td, LLVMValueRef c, LLVMTypeRef t, LLVMTypeRef elem,
                            uint64_t count)
{
    if (!c)
        return NULL;
    LLVMTypeRef ft = LLVMArrayType2(elem, count);
    if (LLVMIsNull(c))
        return LLVMConstNull(ft);
    if (LLVMIsUndef(c))
        return LLVMIsPoison(c) ? LLVMGetPoison(ft) : LLVMGetUndef(ft);
    LLVMValueRef *v = malloc(count * sizeof *v);
    uint64_t n = 0;
    if (!v)
        return NULL;
    fa_collect(td, c, t, v, &n, count);
    bool ok = n == count;
    for (uint64_t i = 0; ok && i < n; i++)
        ok = v[i] != NULL;
    LLVMValueRef r = ok ? LLVMConstArray2(elem, v, count) : NULL;
    free(v);
    return r;
}

/* Points each access of old at the flat variable nv; false (nothing
 * changed) when one cannot be. */
static bool fa_rewrite(lower_ctx *lc, LLVMValueRef old, LLVMValueRef nv, LLVMTypeRef elem,
                       uint64_t count)
{
    size_t cap = 4096, n = 0;
    LLVMValueRef *acc = malloc(cap * sizeof *acc);
    if (!acc || !fa_accesses(old, acc, &n, cap)) {
        free(acc);
        return false;
    }
    uint64_t esize = LLVMABISizeOfType(LLVMGetModuleDataLayout(lc->mod), elem);
    LLVMTypeRef ft = LLVMArrayType2(elem, count), i32 = LLVMInt32TypeInContext(lc->ctx);
    fa_index x;
    for (size_t i = 0; i < n; i++)
        if (!fa_offsets(lc, old, LLVMGetOperand(acc[i], LLVMIsALoadInst(acc[i]) ? 0 : 1), esize, &x)) {
            free(acc);
            return false; /* all or nothing */
        }
    for (size_t i = 0; i < n; i++) {
        unsigned p = LLVMIsALoadInst(acc[i]) ? 0 : 1;
        LLVMValueRef ptr = LLVMGetOperand(acc[i], p);
        LLVMPositionBuilderBefore(lc->b, acc[i]);
        LLVMValueRef ix = fa_flat_index(lc, old, ptr, esize);
        if (!ix)
            continue; /* checked above */
        LLVMValueRef gi[2] = {LLVMConstInt(i32, 0, 0), ix};
        /* a constant GEP only of a global: one of an alloca (an
         * instruction) would be a constant using an instruction */
        LLVMValueRef g = LLVMIsAConstant(ix) && LLVMIsAConstant(nv)
                             ? LLVMConstInBoundsGEP2(ft, nv, gi, 2)
                                             : LLVMBuildInBoundsGEP2(lc->b, ft, nv, gi, 2, "");
        LLVMSetOperand(acc[i], p, g);
    }
    free(acc);
    return true;
}

/* GEP instructions left without users, innermost first. */
static void fa_erase_dead_geps(LLVMValueRef v)
{
    LLVMValueRef *users;
    size_t n = lower_collect_users(v, &users);
    for (size_t i = 0; i < n; i++)
        if (LLVMIsAGetElementPtrInst(users[i])) {
            fa_erase_dead_geps(users[i]);
            if (!LLVMGetFirstUse(users[i]))
                LLVMInstructionEraseFromParent(users[i]);
        } else if (lower_is_gep(users[i])) {
            fa_erase_dead_geps(users[i]); /* a constant GEP's instructions */
        }
    free(users);
}

static void fa_global(lower_ctx *lc, LLVMValueRef g, bool vectors)
{
    LLVMTypeRef t = LLVMGlobalGetValueType(g), elem;
    uint64_t count;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(lc->mod);
    if (!fa_shape(td, t, vectors, &elem, &count))
        return;
    LLVMValueRef init = LLVMGetInitializer(g), finit = fa_init(td, init, t, elem, count);
    if (init && !finit)
        return;
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    LLVMValueRef ng = LLVMAddGlobalInAddressSpace(lc->mod, LLVMArrayType2(elem, count), "", as);
    LLVMSetLinkage(ng, LLVMGetLinkage(g));
    LLVMSetVisibility(ng, LLVMGetVisibility(g));
    LLVMSetAlignment(ng, LLVMGetAlignment(g));
    LLVMSetGlobalConstant(ng, LLVMIsGlobalConstant(g));
    LLVMSetThreadLocal(ng, LLVMIsThreadLocal(g));
    if (finit)
        LLVMSetInitializer(ng, finit);
    if (!fa_rewrite(lc, g, ng, elem, count)) {
        LLVMDeleteGlobal(ng);
        return;
    }
    fa_erase_dead_geps(g);
    /* What uses g now are constant GEPs nothing uses (the accesses moved
     * to ng); LLVM-C cannot destroy them, so they are pointed at ng. */
    lower_replace_keep_name(lc, g, ng, LOWER_OLD_ERASE);
}

static void fa_alloca(lower_ctx *lc, LLVMValueRef a, bool vectors)
{
    LLVMTypeRef t = LLVMGetAllocatedType(a), elem;
    uint64_t count;
    if (!fa_shape(LLVMGetModuleDataLayout(lc->mod), t, vectors, &elem, &count))
        return;
    LLVMPositionBuilderBefore(lc->b, a);
    LLVMValueRef na = LLVMBuildAlloca(lc->b, LLVMArrayType2(elem, count), "");
    LLVMSetAlignment(na, LLVMGetAlignment(a));
    if (!fa_rewrite(lc, a, na, elem, count)) {
        LLVMInstructionEraseFromParent(na);
        return;
    }
    fa_erase_dead_geps(a);
    lower_replace_keep_name(lc, a, na, LOWER_OLD_ERASE); /* no uses are left */
}

static void fa_module(lower_ctx *lc, bool vectors)
{
    LLVMValueRef g = LLVMGetFirstGlobal(lc->mod);
    while (g) {
        LLVMValueRef next = LLVMGetNextGlobal(g);
        if (!LLVMIsDeclaration(g) || LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3)
            fa_global(lc, g, vectors);
        g = next;
    }
    /* The allocas first: rewriting one erases the GEPs after it, which
     * may be the instruction a walk would go on to. */
    LLVMValueRef *allocas = NULL;
    size_t n = 0, cap = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsAAllocaInst(i))
                    continue;
                LLVMValueRef *na = grow_array(allocas, &cap, n, sizeof *na, 16);
                if (!na)
                    break;
                allocas = na;
                allocas[n++] = i;
            }
    for (size_t k = 0; k < n; k++)
        fa_alloca(lc, allocas[k], vectors);
    free(allocas);
}

int lower_flatten_arrays(lower_ctx *lc)
{
    if (lower_is_modern(lc))
        fa_module(lc, false);
    return 0;
}

/* Arrays of vectors where the target has no vectors (clang's
 * `groupshared float4 T[64]`): after the data scalarization, whose
 * accesses read single lanes, the array becomes one of the lanes, as DXC
 * writes it ([64 x <4 x float>] -> [256 x float]). */
int lower_flatten_vector_arrays(lower_ctx *lc)
{
    if (lower_is_modern(lc) && !lower_vectors_allowed(lc)) {
        lc->census_stale = true; /* arrays of the lanes, not counted */
        fa_module(lc, true);
    }
    return 0;
}
