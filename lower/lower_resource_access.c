/* lower_resource_access.c - clang 22 reads and writes buffers through
 * `llvm.dx.resource.getpointer(h, i)` and plain loads and stores (through
 * GEPs for a lane or a structure field). This pass rewrites them into the
 * access intrinsics the buffer pass lowers, with the semantics of LLVM's
 * DXILResourceAccess pass:
 *   typed buffer  load T (whole element)  -> load.typedbuffer(h, i), field 0
 *                 load of one lane        -> ... then extractelement(lane)
 *                 store of the element    -> store.typedbuffer(h, i, v)
 *                 store of one lane       -> load.typedbuffer, insertelement,
 *                                            store.typedbuffer
 *   structured    load/store at byte offset o -> load/store.rawbuffer(h, i, o)
 *   byte-address  load/store at o -> load/store.rawbuffer(h, i + o, poison)
 * Lanes and offsets come from the GEPs between the access and getpointer,
 * in the module's own datalayout (clang's: the pass runs before identity
 * replaces it). A phi or select of getpointer results on one handle
 * (clang's `c ? B[i] : B[j]`) is first made one getpointer of a phi or
 * select of the indices.
 * A getpointer with any other use (the pointer passed to a call, atomics,
 * an aggregate load, a texture or cbuffer handle) is left whole, with an
 * error naming the instruction; the leftover check then reports the call. */
#include "lower_internal.h"

#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

#define RA_GETPOINTER "llvm.dx.resource.getpointer"

typedef enum { RA_TYPED, RA_STRUCTURED, RA_BYTES } ra_kind;

/* One getpointer call being rewritten. */
typedef struct ra_res {
    lower_ctx *lc;
    LLVMTargetDataRef td;
    LLVMValueRef gp, h, idx;
    ra_kind kind;
    LLVMTypeRef elem; /* the handle's contained type */
} ra_res;

static LLVMTypeRef ra_scalar(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

/* The buffer kinds LLVM 22 reads through getpointer; NULL why on success. */
static const char *ra_decode(ra_res *r)
{
    LLVMTypeRef t = LLVMTypeOf(r->h);
    if (LLVMGetTypeKind(t) != LLVMTargetExtTypeKind || !LLVMGetTargetExtTypeNumTypeParams(t))
        return "its handle is not a resource";
    const char *name = LLVMGetTargetExtTypeName(t);
    r->elem = LLVMGetTargetExtTypeTypeParam(t, 0);
    if (!strcmp(name, "dx.TypedBuffer")) {
        r->kind = RA_TYPED;
        return NULL;
    }
    if (!strcmp(name, "dx.RawBuffer")) {
        /* RawBuffer<i8> is a (RW)ByteAddressBuffer, anything else structured. */
        bool bytes = LLVMGetTypeKind(r->elem) == LLVMIntegerTypeKind &&
                     LLVMGetIntTypeWidth(r->elem) == 8;
        r->kind = bytes ? RA_BYTES : RA_STRUCTURED;
        return NULL;
    }
    return "only typed, structured and byte-address buffers are read through it here";
}

/* ---- offsets: the GEPs from an access back to getpointer ---- */

typedef struct ra_off {
    const ra_res *r;
    uint64_t unit;  /* bytes per unit of the result */
    int64_t bytes;  /* constant part */
    LLVMValueRef dyn; /* dynamic part, in units (NULL: none) */
    bool has_dyn, build;
} ra_off;

/* A dynamic index * stride bytes: (building) a term in units, as LLVM
 * scales it (a multiply, and a divide when the stride is no multiple). */
static void ra_term(void *arg, LLVMValueRef ix, uint64_t stride)
{
    ra_off *o = arg;
    lower_ctx *lc = o->r->lc;
    o->has_dyn = true;
    if (!o->build)
        return;
    LLVMValueRef t = LLVMBuildIntCast2(lc->b, ix, LLVMInt32TypeInContext(lc->ctx), 1, "");
    if (stride % o->unit == 0) {
        if (stride / o->unit != 1)
            t = LLVMBuildMul(lc->b, t, lower_i32(lc, stride / o->unit), "");
    } else {
        t = LLVMBuildUDiv(lc->b, LLVMBuildMul(lc->b, t, lower_i32(lc, stride), ""),
                          lower_i32(lc, o->unit), "");
    }
    o->dyn = o->dyn ? LLVMBuildAdd(lc->b, o->dyn, t, "") : t;
}

/* Walks ptr's GEPs up to the getpointer; false on any other step. */
static bool ra_walk(ra_off *o, LLVMValueRef ptr)
{
    return lower_gep_offset(o->r->td, o->r->gp, ptr, &o->bytes, ra_term, o);
}

/* The offset of ptr in units of `unit` bytes, built at the builder. */
static LLVMValueRef ra_offset(const ra_res *r, LLVMValueRef ptr, uint64_t unit)
{
    ra_off o = {.r = r, .unit = unit, .build = true};
    if (!ra_walk(&o, ptr))
        return NULL;
    LLVMValueRef k = lower_i32(r->lc, (uint64_t)(o.bytes / (int64_t)unit));
    if (!o.dyn)
        return k;
    return o.bytes ? LLVMBuildAdd(r->lc->b, o.dyn, k, "") : o.dyn;
}

/* ---- what can be rewritten ---- */

static bool ra_value_type(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(ra_scalar(t));
    return k == LLVMIntegerTypeKind || k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ||
           k == LLVMDoubleTypeKind;
}

/* Bytes of the typed buffer's scalar: the unit of a lane offset. */
static uint64_t ra_lane_size(const ra_res *r)
{
    return LLVMStoreSizeOfType(r->td, ra_scalar(r->elem));
}

/* Why an access of type t at ptr cannot be rewritten (NULL: it can). */
static const char *ra_access_why(const ra_res *r, LLVMValueRef ptr, LLVMTypeRef t)
{
    ra_off o = {.r = r, .unit = 1};
    if (!ra_walk(&o, ptr))
        return "its address is not a getelementptr chain LLVM-C can follow";
    if (!ra_value_type(t))
        return "only scalars and vectors are read or written through it";
    if (r->kind != RA_TYPED)
        return NULL;
    LLVMTypeRef s = ra_scalar(r->elem);
    bool one = LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 1;
    if (t == r->elem && !o.bytes && !o.has_dyn)
        return NULL;
    bool lane_t = t == s || (one && LLVMGetElementType(t) == s);
    if (!lane_t || LLVMGetTypeKind(r->elem) != LLVMVectorTypeKind)
        return "a typed buffer is read or written a whole element or one lane at a time";
    if (o.bytes % (int64_t)ra_lane_size(r))
        return "the offset is not on a lane of the typed buffer's element";
    return NULL;
}

static LLVMValueRef ra_bad_user(const ra_res *r, LLVMValueRef ptr, const char **why);

/* Why user x of ptr cannot be rewritten (NULL: it and its users can). */
static const char *ra_user_why(const ra_res *r, LLVMValueRef ptr, LLVMValueRef x,
                               LLVMValueRef *bad)
{
    const char *why = NULL;
    *bad = x;
    if (LLVMIsAGetElementPtrInst(x) && LLVMGetOperand(x, 0) == ptr) {
        *bad = ra_bad_user(r, x, &why);
        return why;
    }
    if (LLVMIsALoadInst(x))
        return LLVMGetOrdering(x) != LLVMAtomicOrderingNotAtomic
                   ? "atomic loads through it are not lowered yet"
                   : ra_access_why(r, ptr, LLVMTypeOf(x));
    if (LLVMIsAStoreInst(x) && LLVMGetOperand(x, 1) == ptr && LLVMGetOperand(x, 0) != ptr)
        return LLVMGetOrdering(x) != LLVMAtomicOrderingNotAtomic
                   ? "atomic stores through it are not lowered yet"
                   : ra_access_why(r, ptr, LLVMTypeOf(LLVMGetOperand(x, 0)));
    if (LLVMIsAAtomicRMWInst(x) || LLVMIsAAtomicCmpXchgInst(x))
        return "atomic operations through it are not lowered yet";
    if (LLVMIsACallInst(x))
        return "the resource pointer escapes into a call";
    return "the resource pointer is used other than by load, store or getelementptr";
}

/* The first user (through GEPs) of ptr that cannot be rewritten. */
static LLVMValueRef ra_bad_user(const ra_res *r, LLVMValueRef ptr, const char **why)
{
    for (LLVMUseRef u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef bad;
        if ((*why = ra_user_why(r, ptr, LLVMGetUser(u), &bad)) != NULL)
            return bad;
    }
    return NULL;
}

/* ---- the rewrite ---- */

/* extractvalue 0 of load.<typedbuffer|rawbuffer> returning {t, i1}. */
static LLVMValueRef ra_load_call(const ra_res *r, const char *name, LLVMTypeRef t,
                                 LLVMValueRef *args, unsigned n)
{
    LLVMTypeRef over[2] = {t, LLVMTypeOf(r->h)};
    LLVMValueRef call = lower_intrinsic_call(r->lc, name, over, 2, args, n);
    return call ? LLVMBuildExtractValue(r->lc->b, call, 0, "") : NULL;
}

static LLVMValueRef ra_typed_element(const ra_res *r)
{
    LLVMValueRef a[2] = {r->h, r->idx};
    return ra_load_call(r, "llvm.dx.resource.load.typedbuffer", r->elem, a, 2);
}

static void ra_typed_load(const ra_res *r, LLVMValueRef ld)
{
    lower_ctx *lc = r->lc;
    LLVMTypeRef t = LLVMTypeOf(ld);
    LLVMValueRef v = ra_typed_element(r);
    if (v && t != r->elem) {
        LLVMValueRef lane = ra_offset(r, LLVMGetOperand(ld, 0), ra_lane_size(r));
        v = LLVMBuildExtractElement(lc->b, v, lane, "");
        if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) /* <1 x T> */
            v = LLVMBuildInsertElement(lc->b, LLVMGetPoison(t), v, lower_i32(lc, 0), "");
    }
    if (v)
        lower_replace_named(lc, ld, v);
}

/* A lane is written by reading the element, replacing the lane and
 * writing the element back (typed buffers have no partial store). */
static void ra_typed_store(const ra_res *r, LLVMValueRef st)
{
    lower_ctx *lc = r->lc;
    LLVMValueRef v = LLVMGetOperand(st, 0);
    if (LLVMTypeOf(v) != r->elem) {
        if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind) /* <1 x T> */
            v = LLVMBuildExtractElement(lc->b, v, lower_i32(lc, 0), "");
        LLVMValueRef lane = ra_offset(r, LLVMGetOperand(st, 1), ra_lane_size(r));
        LLVMValueRef old = ra_typed_element(r);
        v = old ? LLVMBuildInsertElement(lc->b, old, v, lane, "") : NULL;
    }
    LLVMTypeRef over[2] = {LLVMTypeOf(r->h), LLVMTypeOf(v)};
    LLVMValueRef a[3] = {r->h, r->idx, v};
    if (v && lower_intrinsic_call(lc, "llvm.dx.resource.store.typedbuffer", over, 2, a, 3))
        lower_kill(lc, st);
}

/* Index and byte offset of a raw access: a byte-address buffer takes the
 * whole address as its index, the offset poison. */
static void ra_raw_coords(const ra_res *r, LLVMValueRef ptr, LLVMValueRef *idx,
                          LLVMValueRef *off)
{
    lower_ctx *lc = r->lc;
    *idx = r->idx;
    *off = ra_offset(r, ptr, 1);
    if (r->kind != RA_BYTES)
        return;
    if (!LLVMIsAConstantInt(*off) || LLVMConstIntGetZExtValue(*off))
        *idx = LLVMBuildAdd(lc->b, *idx, *off, "");
    *off = LLVMGetPoison(LLVMInt32TypeInContext(lc->ctx));
}

static void ra_raw_load(const ra_res *r, LLVMValueRef ld)
{
    LLVMValueRef a[3] = {r->h};
    ra_raw_coords(r, LLVMGetOperand(ld, 0), &a[1], &a[2]);
    LLVMValueRef v = ra_load_call(r, "llvm.dx.resource.load.rawbuffer", LLVMTypeOf(ld), a, 3);
    if (v)
        lower_replace_named(r->lc, ld, v);
}

static void ra_raw_store(const ra_res *r, LLVMValueRef st)
{
    LLVMValueRef v = LLVMGetOperand(st, 0), a[4] = {r->h};
    ra_raw_coords(r, LLVMGetOperand(st, 1), &a[1], &a[2]);
    a[3] = v;
    LLVMTypeRef over[2] = {LLVMTypeOf(r->h), LLVMTypeOf(v)};
    if (lower_intrinsic_call(r->lc, "llvm.dx.resource.store.rawbuffer", over, 2, a, 4))
        lower_kill(r->lc, st);
}

/* Rewrites every access through ptr (checked by ra_bad_user first). */
static void ra_rewrite(const ra_res *r, LLVMValueRef ptr)
{
    LLVMValueRef *users;
    size_t n = lower_collect_users(ptr, &users);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef x = users[i];
        LLVMPositionBuilderBefore(r->lc->b, x);
        if (LLVMIsAGetElementPtrInst(x))
            ra_rewrite(r, x);
        else if (LLVMIsALoadInst(x))
            (r->kind == RA_TYPED ? ra_typed_load : ra_raw_load)(r, x);
        else
            (r->kind == RA_TYPED ? ra_typed_store : ra_raw_store)(r, x);
        r->lc->n_lowered++;
        lower_kill(r->lc, x);
    }
    free(users);
}

static void ra_refuse(lower_ctx *lc, LLVMValueRef at, const char *why)
{
    char msg[300];
    snprintf(msg, sizeof msg, "resource access through %s cannot be lowered: %s",
             RA_GETPOINTER, why);
    lower_report(lc, lc->opts.allow_leftover_intrinsics ? DXIL_SEV_WARNING : DXIL_SEV_ERROR,
                 at, msg);
    lc->n_kept++;
}

static void ra_lower_call(lower_ctx *lc, LLVMValueRef gp)
{
    ra_res r = {.lc = lc, .td = LLVMGetModuleDataLayout(lc->mod), .gp = gp,
                .h = LLVMGetOperand(gp, 0), .idx = LLVMGetOperand(gp, 1)};
    const char *why = ra_decode(&r);
    LLVMValueRef bad = why ? gp : ra_bad_user(&r, gp, &why);
    if (why) {
        ra_refuse(lc, bad, why);
        return;
    }
    ra_rewrite(&r, gp);
    lower_kill(lc, gp);
}

/* ---- phi and select of getpointer results ---- */

/* The getpointer calls v merges (phi incoming values, select arms), when
 * all are getpointers of one handle that dominates v (an argument or a
 * value of the entry block, where clang makes handles). */
static LLVMValueRef ra_merge_handle(LLVMValueRef v)
{
    unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
    LLVMValueRef h = NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef in = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i + 1);
        if (!lower_is_intrinsic_call(in, RA_GETPOINTER, false) ||
            (h && LLVMGetOperand(in, 0) != h))
            return NULL;
        h = LLVMGetOperand(in, 0);
    }
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(v));
    if (h && LLVMIsAInstruction(h) &&
        LLVMGetInstructionParent(h) != LLVMGetEntryBasicBlock(fn))
        return NULL;
    return h;
}

/* getpointer(h, phi/select of the indices) in place of v. */
static void ra_merge(lower_ctx *lc, LLVMValueRef v, LLVMValueRef h)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
    LLVMValueRef any, idx;
    LLVMPositionBuilderBefore(lc->b, v);
    if (LLVMIsAPHINode(v)) {
        idx = LLVMBuildPhi(lc->b, i32, "");
        for (unsigned i = 0; i < LLVMCountIncoming(v); i++) {
            LLVMValueRef in = LLVMGetOperand(LLVMGetIncomingValue(v, i), 1);
            LLVMBasicBlockRef bb = LLVMGetIncomingBlock(v, i);
            LLVMAddIncoming(idx, &in, &bb, 1);
        }
        LLVMValueRef at = LLVMGetFirstInstruction(LLVMGetInstructionParent(v));
        while (LLVMIsAPHINode(at))
            at = LLVMGetNextInstruction(at);
        LLVMPositionBuilderBefore(lc->b, at);
        any = LLVMGetIncomingValue(v, 0);
    } else {
        idx = LLVMBuildSelect(lc->b, LLVMGetOperand(v, 0), LLVMGetOperand(LLVMGetOperand(v, 1), 1),
                              LLVMGetOperand(LLVMGetOperand(v, 2), 1), "");
        any = LLVMGetOperand(v, 1);
    }
    LLVMValueRef fn = LLVMGetCalledValue(any), a[2] = {h, idx};
    LLVMValueRef gp = LLVMBuildCall2(lc->b, LLVMGlobalGetValueType(fn), fn, a, 2, "");
    lower_replace_named(lc, v, gp);
    /* The merged getpointers go once nothing else uses them. */
    unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
    for (unsigned i = 0; i < n; i++)
        lower_kill(lc, LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i + 1));
}

static unsigned ra_merge_users(lower_ctx *lc, LLVMValueRef gp)
{
    unsigned merged = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(gp), next; u; u = next) {
        next = LLVMGetNextUse(u);
        LLVMValueRef x = LLVMGetUser(u), h;
        bool arm = LLVMIsAPHINode(x) || (LLVMIsASelectInst(x) && LLVMGetOperand(x, 0) != gp);
        /* A merged x keeps its (dead) uses of gp until erased: no uses. */
        if (arm && LLVMGetFirstUse(x) && (h = ra_merge_handle(x)) != NULL) {
            ra_merge(lc, x, h);
            merged++;
            next = LLVMGetFirstUse(gp);
        }
    }
    return merged;
}

/* Runs `each` on every call of a getpointer declaration; the sum of what
 * it returns. *found is set when the module declares one. */
static unsigned ra_each_call(lower_ctx *lc, unsigned (*each)(lower_ctx *, LLVMValueRef),
                             bool *found)
{
    unsigned sum = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        if (!lower_intrinsic_base(fn, base, sizeof base) || strcmp(base, RA_GETPOINTER))
            continue;
        *found = true;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++)
            sum += each(lc, calls[i]);
        free(calls);
    }
    return sum;
}

static unsigned ra_lower_each(lower_ctx *lc, LLVMValueRef gp)
{
    ra_lower_call(lc, gp);
    return 0;
}

int lower_resource_access(lower_ctx *lc)
{
    /* Merging makes getpointers that may feed further phis: to a fixpoint. */
    bool found = false;
    while (ra_each_call(lc, ra_merge_users, &found))
        lower_erase_dead(lc);
    lower_erase_dead(lc);
    if (!found)
        return 0; /* no getpointer (DXC's modules): no second walk */
    ra_each_call(lc, ra_lower_each, &found);
    lower_erase_dead(lc);
    return 0;
}
