/* lower_resources.c - llvm.dx.resource.handlefrombinding becomes
 * createHandle (DXIL < 1.6, with a !dx.resources record ID) or
 * createHandleFromBinding + annotateHandle (DXIL >= 1.6), the inverse of
 * LLVM's DXILOpLowering. The old target("dx.*") value is replaced by
 * llvm.dx.resource.casthandle(%dx.types.Handle), a bridge the buffer and
 * op lowerings look through and lower_cleanup.c removes. !dx.resources
 * comes back verbatim from !dxu.resources, or is built from the calls. */
#include "lower_internal.h"
#include "common/grow.h"

#include "common/side_metadata.h"
#include "optable/optable_llvm.h"

#include <stdlib.h>
#include <string.h>

typedef struct res_info {
    unsigned cls, kind, elem, count, samples, sampler, feedback, align_log2;
    uint32_t stride, cb_size;
    bool rov, counter;
} res_info;

typedef struct res_rec {
    unsigned cls;
    uint32_t space, lb, range;
    unsigned id;
    res_info info;
    char name[128];
    LLVMValueRef symbol; /* the record's resource global (libraries), or NULL */
} res_rec;

typedef struct res_state {
    lower_ctx *lc;
    res_rec *recs;
    size_t n, cap;
    unsigned next_id[DXIL_RESOURCE_CLASS_COUNT];
    LLVMValueRef parked; /* !dxu.resources root, or NULL */
    unsigned kind;       /* custom kind of handlefrombinding at the target
                            version: handle (createHandle) or handle-binding */
} res_state;

/* ---- target("dx.*") types ---- */

/* Byte size with DXIL's natural alignment (every scalar aligned to its
 * size, i1 stored as 32 bits); dx.Padding(n) is n bytes. */
static uint32_t res_size_of(LLVMTypeRef t, uint32_t *align)
{
    uint32_t a = 1, s = 0;
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: s = LLVMGetIntTypeWidth(t) <= 8 && LLVMGetIntTypeWidth(t) > 1
                                      ? 1 : (LLVMGetIntTypeWidth(t) == 1 ? 32 : LLVMGetIntTypeWidth(t)) / 8;
        a = s; break;
    case LLVMHalfTypeKind: s = a = 2; break;
    case LLVMFloatTypeKind: s = a = 4; break;
    case LLVMDoubleTypeKind: s = a = 8; break;
    case LLVMVectorTypeKind: s = res_size_of(LLVMGetElementType(t), &a) * LLVMGetVectorSize(t); break;
    case LLVMArrayTypeKind: s = res_size_of(LLVMGetElementType(t), &a) * (uint32_t)LLVMGetArrayLength2(t); break;
    case LLVMTargetExtTypeKind:
        s = LLVMGetTargetExtTypeNumIntParams(t) ? LLVMGetTargetExtTypeIntParam(t, 0) : 0;
        break;
    case LLVMStructTypeKind: {
        bool packed = LLVMIsPackedStruct(t);
        for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++) {
            uint32_t fa = 1, fs = res_size_of(LLVMStructGetTypeAtIndex(t, i), &fa);
            if (!packed && fa > 1)
                s = (s + fa - 1) / fa * fa;
            s += fs;
            a = fa > a ? fa : a;
        }
        if (!packed && a > 1)
            s = (s + a - 1) / a * a;
        break;
    }
    default: break;
    }
    if (align)
        *align = a ? a : 1;
    return s;
}

static unsigned res_log2(uint32_t v)
{
    unsigned l = 0;
    while (v > 1) {
        v >>= 1;
        l++;
    }
    return l;
}

/* DXIL ElementType of a scalar type with the IsSigned flag. */
static unsigned res_elem_type(LLVMTypeRef t, bool is_signed)
{
    static const struct { dxil_scalar_kind k; unsigned s, u; } map[] = {
        {DXIL_SCALAR_I1, DXIL_ELEMENT_I1, DXIL_ELEMENT_I1},
        {DXIL_SCALAR_I16, DXIL_ELEMENT_I16, DXIL_ELEMENT_U16},
        {DXIL_SCALAR_I32, DXIL_ELEMENT_I32, DXIL_ELEMENT_U32},
        {DXIL_SCALAR_I64, DXIL_ELEMENT_I64, DXIL_ELEMENT_U64},
        {DXIL_SCALAR_HALF, DXIL_ELEMENT_F16, DXIL_ELEMENT_F16},
        {DXIL_SCALAR_FLOAT, DXIL_ELEMENT_F32, DXIL_ELEMENT_F32},
        {DXIL_SCALAR_DOUBLE, DXIL_ELEMENT_F64, DXIL_ELEMENT_F64}};
    dxil_scalar_kind k = lower_scalar_kind(t);
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].k == k)
            return is_signed ? map[i].s : map[i].u;
    return DXIL_ELEMENT_INVALID;
}

static unsigned res_ip(LLVMTypeRef t, unsigned i)
{
    return i < LLVMGetTargetExtTypeNumIntParams(t) ? LLVMGetTargetExtTypeIntParam(t, i) : 0;
}

static void res_typed(LLVMTypeRef t, res_info *ri, unsigned w, unsigned sign_ip)
{
    LLVMTypeRef e = LLVMGetTargetExtTypeTypeParam(t, 0);
    ri->cls = w ? DXIL_RESOURCE_CLASS_UAV : DXIL_RESOURCE_CLASS_SRV;
    ri->count = LLVMGetTypeKind(e) == LLVMVectorTypeKind ? LLVMGetVectorSize(e) : 1;
    ri->elem = res_elem_type(e, res_ip(t, sign_ip) != 0);
}

static void res_dec_typed(LLVMTypeRef t, res_info *ri)
{
    res_typed(t, ri, res_ip(t, 0), 2);
    ri->kind = DXIL_RESOURCE_KIND_TYPEDBUFFER;
    ri->rov = res_ip(t, 1);
}

static void res_dec_raw(LLVMTypeRef t, res_info *ri)
{
    LLVMTypeRef e = LLVMGetTargetExtTypeTypeParam(t, 0);
    ri->cls = res_ip(t, 0) ? DXIL_RESOURCE_CLASS_UAV : DXIL_RESOURCE_CLASS_SRV;
    ri->rov = res_ip(t, 1);
    bool is_raw = LLVMGetTypeKind(e) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(e) == 8;
    ri->kind = is_raw ? DXIL_RESOURCE_KIND_RAWBUFFER : DXIL_RESOURCE_KIND_STRUCTUREDBUFFER;
    if (!is_raw) {
        uint32_t a = 1;
        ri->stride = res_size_of(e, &a);
        ri->align_log2 = res_log2(a);
    }
}

static void res_dec_texture(LLVMTypeRef t, res_info *ri)
{
    res_typed(t, ri, res_ip(t, 0), 2);
    ri->rov = res_ip(t, 1);
    ri->kind = res_ip(t, 3);
}

static void res_dec_ms(LLVMTypeRef t, res_info *ri)
{
    res_typed(t, ri, res_ip(t, 0), 2);
    ri->samples = res_ip(t, 1);
    ri->kind = res_ip(t, 3);
}

static void res_dec_feedback(LLVMTypeRef t, res_info *ri)
{
    ri->cls = DXIL_RESOURCE_CLASS_UAV;
    ri->feedback = res_ip(t, 0);
    ri->kind = res_ip(t, 1);
}

static void res_dec_cbuffer(LLVMTypeRef t, res_info *ri)
{
    ri->cls = DXIL_RESOURCE_CLASS_CBUFFER;
    ri->kind = DXIL_RESOURCE_KIND_CBUFFER;
    LLVMTypeRef l = LLVMGetTargetExtTypeNumTypeParams(t) ? LLVMGetTargetExtTypeTypeParam(t, 0) : NULL;
    if (l && LLVMGetTypeKind(l) == LLVMTargetExtTypeKind &&
        !strcmp(LLVMGetTargetExtTypeName(l), "dx.Layout"))
        ri->cb_size = res_ip(l, 0);
    else if (l)
        ri->cb_size = res_size_of(l, NULL);
}

static void res_dec_sampler(LLVMTypeRef t, res_info *ri)
{
    ri->cls = DXIL_RESOURCE_CLASS_SAMPLER;
    ri->kind = DXIL_RESOURCE_KIND_SAMPLER;
    ri->sampler = res_ip(t, 0);
}

static const struct {
    const char *name;
    void (*decode)(LLVMTypeRef, res_info *);
} res_decoders[] = {
    {"dx.TypedBuffer", res_dec_typed},   {"dx.RawBuffer", res_dec_raw},
    {"dx.Texture", res_dec_texture},     {"dx.MSTexture", res_dec_ms},
    {"dx.FeedbackTexture", res_dec_feedback}, {"dx.CBuffer", res_dec_cbuffer},
    {"dx.Sampler", res_dec_sampler},
};

static bool res_decode(LLVMTypeRef t, res_info *ri)
{
    memset(ri, 0, sizeof *ri);
    if (!t || LLVMGetTypeKind(t) != LLVMTargetExtTypeKind)
        return false;
    const char *name = LLVMGetTargetExtTypeName(t);
    for (size_t i = 0; i < sizeof res_decoders / sizeof res_decoders[0]; i++)
        if (!strcmp(name, res_decoders[i].name)) {
            res_decoders[i].decode(t, ri);
            return true;
        }
    return false;
}

/* The annotateHandle words, as LLVM's ResourceInfo::getAnnotateProps. */
static void res_props(const res_info *ri, uint32_t *w0, uint32_t *w1)
{
    bool uav = ri->cls == DXIL_RESOURCE_CLASS_UAV;
    bool bit15 = uav ? ri->counter : (ri->cls == DXIL_RESOURCE_CLASS_SAMPLER && ri->sampler == 1);
    *w0 = (ri->kind & 0xFFu) | (ri->align_log2 & 0xFu) << 8 | (uint32_t)uav << 12 |
          (uint32_t)(uav && ri->rov) << 13 | (uint32_t)bit15 << 15;
    *w1 = 0;
    if (ri->kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER)
        *w1 = ri->stride;
    else if (ri->kind == DXIL_RESOURCE_KIND_CBUFFER)
        *w1 = ri->cb_size;
    else if (ri->kind == DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2D ||
             ri->kind == DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2DARRAY)
        *w1 = ri->feedback;
    else if (ri->elem)
        *w1 = (ri->elem & 0xFFu) | (ri->count & 0xFFu) << 8 | (ri->samples & 0xFFu) << 16;
}

/* ---- bridges ---- */

static bool res_is_call_to(LLVMValueRef v, const char *prefix)
{
    if (!v || !LLVMIsACallInst(v))
        return false;
    LLVMValueRef fn = LLVMGetCalledValue(v);
    size_t len = 0;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
    return name && !strncmp(name, prefix, strlen(prefix));
}

LLVMValueRef lower_dxil_handle(LLVMValueRef h)
{
    if (!res_is_call_to(h, "llvm.dx.resource.casthandle"))
        return NULL;
    LLVMValueRef a = LLVMGetOperand(h, 0);
    const char *n = LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMStructTypeKind
                        ? LLVMGetStructName(LLVMTypeOf(a)) : NULL;
    return n && !strcmp(n, type_desc_of(DXIL_TY_RES)->name) ? a : NULL;
}

/* ---- records ---- */

static res_rec *res_find(res_state *st, unsigned cls, uint32_t space, uint32_t lb)
{
    for (size_t i = 0; i < st->n; i++)
        if (st->recs[i].cls == cls && st->recs[i].space == space && st->recs[i].lb == lb)
            return &st->recs[i];
    return NULL;
}

static res_rec *res_add(res_state *st)
{
    res_rec *nr = grow_array(st->recs, &st->cap, st->n, sizeof *nr, 16);
    if (!nr)
        return NULL;
    st->recs = nr;
    memset(&st->recs[st->n], 0, sizeof st->recs[0]);
    return &st->recs[st->n++];
}

/* Records of the parked !dxu.resources root: {srvs, uavs, cbvs, samplers}. */
static void res_read_parked(res_state *st)
{
    for (unsigned cls = 0; cls < DXIL_RESOURCE_CLASS_COUNT; cls++) {
        LLVMValueRef list = LLVMGetOperand(st->parked, cls);
        unsigned n = list ? (unsigned)LLVMGetMDNodeNumOperands(list) : 0;
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef r = LLVMGetOperand(list, i);
            uint64_t id, space, lb, range;
            if (!r || !const_u64(LLVMGetOperand(r, 0), &id) ||
                !const_u64(LLVMGetOperand(r, 3), &space) ||
                !const_u64(LLVMGetOperand(r, 4), &lb) ||
                !const_u64(LLVMGetOperand(r, 5), &range))
                continue;
            res_rec *rec = res_add(st);
            /* a library's global LLVM removed is back (legalize/legal_libglobals.c) */
            LLVMValueRef sym = LLVMGetOperand(r, 1);
            if (rec)
                *rec = (res_rec){.cls = cls, .space = (uint32_t)space, .lb = (uint32_t)lb,
                                 .range = (uint32_t)range, .id = (unsigned)id,
                                 .symbol = sym && LLVMIsAGlobalVariable(sym) ? sym : NULL};
        }
    }
}

static bool res_has_counter_use(LLVMValueRef h)
{
    for (LLVMUseRef u = LLVMGetFirstUse(h); u; u = LLVMGetNextUse(u))
        if (res_is_call_to(LLVMGetUser(u), "llvm.dx.resource.updatecounter"))
            return true;
    return false;
}

static void res_name_of(LLVMValueRef p, char *buf, size_t size)
{
    size_t n = 0;
    const char *s = NULL;
    buf[0] = '\0';
    if (p && LLVMIsAGlobalVariable(p) && LLVMGetInitializer(p) &&
        LLVMIsAConstantDataSequential(LLVMGetInitializer(p)))
        s = LLVMGetAsString(LLVMGetInitializer(p), &n);
    if (!s)
        return;
    while (n && s[n - 1] == '\0')
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
}

/* The record of a handlefrombinding call (created for modern input). */
static res_rec *res_record_for(res_state *st, LLVMValueRef call, const res_info *ri)
{
    uint64_t space = 0, lb = 0, range = 0;
    if (!const_u64(LLVMGetOperand(call, 0), &space) ||
        !const_u64(LLVMGetOperand(call, 1), &lb) ||
        !const_u64(LLVMGetOperand(call, 2), &range))
        return NULL; /* a binding helper not inlined: no fixed binding */
    res_rec *r = res_find(st, ri->cls, (uint32_t)space, (uint32_t)lb);
    if (r) {
        r->info.counter |= ri->counter;
        return r;
    }
    if (st->parked || !(r = res_add(st)))
        return NULL;
    r->cls = ri->cls;
    r->space = (uint32_t)space;
    r->lb = (uint32_t)lb;
    r->range = (uint32_t)range;
    r->id = st->next_id[ri->cls]++;
    r->info = *ri;
    res_name_of(LLVMGetOperand(call, 4), r->name, sizeof r->name);
    return r;
}

/* ---- handle creation ---- */

/* index + lb, looking through the raiser's "sub i, lb". */
static LLVMValueRef res_abs_index(lower_ctx *lc, LLVMValueRef idx, uint32_t lb)
{
    uint64_t c;
    if (lb == 0)
        return idx;
    if (const_u64(idx, &c))
        return lower_i32(lc, (uint32_t)(c + lb));
    if (LLVMIsAInstruction(idx) && LLVMGetInstructionOpcode(idx) == LLVMSub &&
        const_u64(LLVMGetOperand(idx, 1), &c) && (uint32_t)c == lb)
        return LLVMGetOperand(idx, 0);
    return LLVMBuildAdd(lc->b, idx, lower_i32(lc, lb), "");
}

/* How well one parked word pair fits a use: the words its handle type
 * gives (a binding DXC annotated both as an int and as a float view got
 * one handle type per view), then the UAV counter bit (DXC sets bit 15
 * only where the counter is used), then the type-dependent word alone. */
static unsigned res_props_fit(const res_rec *r, const res_info *ri, const uint64_t f[5])
{
    uint32_t w0, w1;
    res_props(ri, &w0, &w1);
    bool counter = r->cls != DXIL_RESOURCE_CLASS_UAV || ((f[3] >> 15 & 1) != 0) == ri->counter;
    return (f[3] == w0 && f[4] == w1) * 4u + counter * 2u + (f[4] == w1);
}

/* Exact annotateHandle words the raiser saw, when it kept them; of
 * several for one binding, the best fit for this use (first on a tie). */
static bool res_parked_props(lower_ctx *lc, const res_rec *r, const res_info *ri,
                             uint32_t *w0, uint32_t *w1)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(lc->mod, DXU_MD_RESOURCE_PROPS);
    LLVMValueRef *ops = n ? calloc(n, sizeof *ops) : NULL;
    bool found = false;
    unsigned best = 0;
    if (ops)
        LLVMGetNamedMetadataOperands(lc->mod, DXU_MD_RESOURCE_PROPS, ops);
    for (unsigned i = 0; ops && i < n; i++) {
        uint64_t f[5];
        bool ok = true;
        for (unsigned k = 0; k < 5; k++)
            ok = ok && const_u64(LLVMGetOperand(ops[i], k), &f[k]);
        if (!ok || f[0] != r->cls || f[1] != r->space || f[2] != r->lb)
            continue;
        unsigned fit = res_props_fit(r, ri, f);
        if (!found || fit > best) {
            *w0 = (uint32_t)f[3];
            *w1 = (uint32_t)f[4];
            best = fit;
        }
        found = true;
    }
    free(ops);
    return found;
}

static LLVMValueRef res_const_struct(lower_ctx *lc, unsigned code, LLVMValueRef *f,
                                     unsigned n)
{
    return LLVMConstNamedStruct(lower_type_for_code(lc, code, NULL), f, n);
}

/* annotateHandle(216, h, props): the raiser's words, else computed. */
static LLVMValueRef res_annotate(lower_ctx *lc, const res_rec *r, const res_info *ri,
                                 LLVMValueRef h)
{
    uint32_t w0, w1;
    if (!res_parked_props(lc, r, ri, &w0, &w1))
        res_props(ri, &w0, &w1);
    LLVMValueRef pf[2] = {lower_i32(lc, w0), lower_i32(lc, w1)};
    LLVMValueRef b[2] = {h, res_const_struct(lc, DXIL_TY_RESPROPERTY, pf, 2)};
    return h ? lower_dxop_call(lc, DXIL_OP_AnnotateHandle, NULL, b, 2, "") : NULL;
}

static LLVMValueRef res_emit(res_state *st, const res_rec *r, const res_info *ri,
                             LLVMValueRef abs, bool nu)
{
    lower_ctx *lc = st->lc;
    if (st->kind == DXIL_MAP_CUSTOM_HANDLE) {
        LLVMValueRef a[4] = {lower_i8(lc, r->cls), lower_i32(lc, r->id), abs, lower_i1(lc, nu)};
        return lower_dxop_call(lc, DXIL_OP_CreateHandle, NULL, a, 4, "");
    }
    uint32_t ub = r->range == UINT32_MAX ? UINT32_MAX : r->lb + r->range - 1;
    LLVMValueRef bf[4] = {lower_i32(lc, r->lb), lower_i32(lc, ub), lower_i32(lc, r->space),
                          lower_i8(lc, r->cls)};
    LLVMValueRef a[3] = {res_const_struct(lc, DXIL_TY_RESBIND, bf, 4), abs, lower_i1(lc, nu)};
    LLVMValueRef h = lower_dxop_call(lc, DXIL_OP_CreateHandleFromBinding, NULL, a, 3, "");
    return res_annotate(lc, r, ri, h);
}

/* A library's handle, as DXC makes it: load the record's global (element
 * `rel` of a 1-D array), createHandleForLib(160, value), and from DXIL
 * 1.6 annotateHandle. NULL when the global's shape is not one of those. */
static LLVMValueRef res_emit_lib(lower_ctx *lc, const res_rec *r, const res_info *ri,
                                 LLVMValueRef rel)
{
    LLVMValueRef g = r->symbol, addr = g;
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
        LLVMTypeRef e = LLVMGetElementType(t);
        if (LLVMGetTypeKind(e) != LLVMStructTypeKind || LLVMTypeOf(rel) != LLVMTypeOf(lower_i32(lc, 0)))
            return NULL;
        LLVMValueRef ix[2] = {lower_i32(lc, 0), rel};
        addr = LLVMBuildInBoundsGEP2(lc->b, t, g, ix, 2, "");
        t = e;
    } else if (LLVMGetTypeKind(t) != LLVMStructTypeKind) {
        return NULL;
    }
    LLVMValueRef v = LLVMBuildLoad2(lc->b, t, addr, "");
    if (LLVMGetAlignment(g))
        LLVMSetAlignment(v, LLVMGetAlignment(g));
    LLVMValueRef h = lower_dxop_call(lc, DXIL_OP_CreateHandleForLib, t, &v, 1, "");
    if (!h) {
        lower_kill(lc, v);
        return NULL;
    }
    /* annotateHandle exists from DXIL 1.6 (the spec says when). */
    const dxil_op_info *ann = dxil_op_by_opcode(lc->table, DXIL_OP_AnnotateHandle);
    return dxil_op_exists_at(ann, lc->dxil) ? res_annotate(lc, r, ri, h) : h;
}

/* Libraries whose record names its global get DXC's createHandleForLib. */
static bool res_use_lib(const lower_ctx *lc, const res_rec *r, bool nu)
{
    return r->symbol && !nu && !strcmp(lc->sm_kind, "lib") &&
           dxil_op_exists_at(dxil_op_by_opcode(lc->table, DXIL_OP_CreateHandleForLib), lc->dxil);
}

static LLVMValueRef res_bridge(lower_ctx *lc, LLVMValueRef handle, LLVMTypeRef target)
{
    LLVMTypeRef over[2] = {target, LLVMTypeOf(handle)};
    return lower_intrinsic_call(lc, "llvm.dx.resource.casthandle", over, 2, &handle, 1);
}

/* The raise's !dxu.annotates goes with the annotateHandle lowering made
 * for the handle, for the annotates pass (lower_annotates.c). */
static void res_keep_annotates_record(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    unsigned kind = lc->side.annotates;
    LLVMValueRef md = kind ? LLVMGetMetadata(call, kind) : NULL;
    if (md && res_is_call_to(h, "dx.op.annotateHandle"))
        LLVMSetMetadata(h, kind, md);
    /* !dxu.libLoad goes with the library handle's load (lib-loads pass) */
    kind = lc->side.lib_load;
    md = kind ? LLVMGetMetadata(call, kind) : NULL;
    LLVMValueRef create = res_is_call_to(h, "dx.op.annotateHandle") ? LLVMGetOperand(h, 1) : h;
    if (md && res_is_call_to(create, "dx.op.createHandleForLib") &&
        LLVMIsALoadInst(LLVMGetOperand(create, 1)))
        LLVMSetMetadata(LLVMGetOperand(create, 1), kind, md);
}

/* A raised DXIL handle's name (DXC named some creations) goes back to the
 * creation; modern input's names stay where they are. */
static void res_give_name(lower_ctx *lc, LLVMValueRef call, LLVMValueRef h)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(call, &len);
    LLVMValueRef create = res_is_call_to(h, "dx.op.annotateHandle") ? LLVMGetOperand(h, 1) : h;
    if (!len || !LLVMGetNamedMetadata(lc->mod, DXU_MD_ORDER, strlen(DXU_MD_ORDER)) ||
        !LLVMIsACallInst(create))
        return;
    char *copy = strndup(name, len);
    if (!copy)
        return;
    LLVMSetValueName2(call, "", 0);
    LLVMSetValueName2(create, copy, len);
    free(copy);
}

static void res_lower_one(res_state *st, LLVMValueRef call)
{
    lower_ctx *lc = st->lc;
    res_info ri;
    if (!res_decode(LLVMTypeOf(call), &ri)) {
        lower_warn(lc, "resource type has no DXIL form; handlefrombinding kept");
        lc->n_kept++;
        return;
    }
    ri.counter = res_has_counter_use(call);
    res_rec *r = res_record_for(st, call, &ri);
    if (!r) {
        lower_warn(lc, "no !dx.resources record for a handle (class %u); kept", ri.cls);
        lc->n_kept++;
        return;
    }
    LLVMValueRef idx = LLVMGetOperand(call, 3);
    bool nu = res_is_call_to(idx, "llvm.dx.resource.nonuniformindex");
    LLVMPositionBuilderBefore(lc->b, call);
    if (nu) {
        lower_kill(lc, idx);
        idx = LLVMGetOperand(idx, 0);
    }
    LLVMValueRef h = res_use_lib(lc, r, nu) ? res_emit_lib(lc, r, &ri, idx) : NULL;
    if (!h)
        h = res_emit(st, r, &ri, res_abs_index(lc, idx, r->lb), nu);
    if (!h) {
        lower_warn(lc, "could not build the DXIL handle; handlefrombinding kept");
        lc->n_kept++;
        return;
    }
    res_keep_annotates_record(lc, call, h);
    res_give_name(lc, call, h);
    lower_replace(lc, call, res_bridge(lc, h, LLVMTypeOf(call)));
    lc->n_lowered++;
}

/* ---- !dx.resources for modern input ---- */

static LLVMValueRef res_ext(lower_ctx *lc, const res_info *ri)
{
    LLVMValueRef kv[2];
    if (ri->kind == DXIL_RESOURCE_KIND_STRUCTUREDBUFFER) {
        kv[0] = lower_i32(lc, DXIL_RES_EXT_STRUCTURED_STRIDE);
        kv[1] = lower_i32(lc, ri->stride);
    } else if (ri->elem && ri->cls != DXIL_RESOURCE_CLASS_CBUFFER) {
        kv[0] = lower_i32(lc, DXIL_RES_EXT_ELEMENT_TYPE);
        kv[1] = lower_i32(lc, ri->elem);
    } else {
        return NULL;
    }
    return md_make_node(lc->ctx, kv, 2);
}

static LLVMValueRef res_record_md(lower_ctx *lc, const res_rec *r)
{
    const res_info *ri = &r->info;
    LLVMValueRef f[11] = {lower_i32(lc, r->id), LLVMGetUndef(LLVMPointerTypeInContext(lc->ctx, 0)),
                          md_make_string(lc->ctx, r->name), lower_i32(lc, r->space),
                          lower_i32(lc, r->lb), lower_i32(lc, r->range)};
    unsigned n = 6;
    if (r->cls == DXIL_RESOURCE_CLASS_SRV || r->cls == DXIL_RESOURCE_CLASS_UAV)
        f[n++] = lower_i32(lc, ri->kind);
    if (r->cls == DXIL_RESOURCE_CLASS_SRV)
        f[n++] = lower_i32(lc, ri->samples);
    if (r->cls == DXIL_RESOURCE_CLASS_UAV) {
        f[n++] = lower_i1(lc, false);
        f[n++] = lower_i1(lc, ri->counter);
        f[n++] = lower_i1(lc, ri->rov);
    }
    if (r->cls == DXIL_RESOURCE_CLASS_CBUFFER)
        f[n++] = lower_i32(lc, ri->cb_size);
    if (r->cls == DXIL_RESOURCE_CLASS_SAMPLER)
        f[n++] = lower_i32(lc, ri->sampler);
    f[n++] = res_ext(lc, ri);
    return md_make_node(lc->ctx, f, n);
}

static void res_write_md(res_state *st)
{
    lower_ctx *lc = st->lc;
    if (st->parked) {
        md_named_move(lc->mod, DXU_MD_RESOURCES, DXIL_MD_RESOURCES);
        return;
    }
    if (st->n == 0 || LLVMGetNamedMetadata(lc->mod, DXIL_MD_RESOURCES, strlen(DXIL_MD_RESOURCES)))
        return;
    LLVMValueRef lists[DXIL_RESOURCE_CLASS_COUNT];
    for (unsigned cls = 0; cls < DXIL_RESOURCE_CLASS_COUNT; cls++) {
        LLVMValueRef recs[256];
        unsigned n = 0;
        for (size_t i = 0; i < st->n && n < 256; i++)
            if (st->recs[i].cls == cls)
                recs[n++] = res_record_md(lc, &st->recs[i]);
        lists[cls] = n ? md_make_node(lc->ctx, recs, n) : NULL;
    }
    LLVMAddNamedMetadataOperand(lc->mod, DXIL_MD_RESOURCES,
                                md_make_node(lc->ctx, lists, DXIL_RESOURCE_CLASS_COUNT));
}

/* True when the spec lowers `intrinsic` at the target version with one of
 * the handle kinds this pass owns (createHandle before DXIL 1.6,
 * createHandleFromBinding from 1.6); *kind says which. */
static bool res_owns(const lower_ctx *lc, const char *intrinsic, unsigned *kind)
{
    const dxil_intrinsic_ref *ref =
        dxil_optable_select_lower(lc->table, intrinsic, lc->dxil, DXIL_SCALAR_VOID, NULL, NULL);
    unsigned k = ref ? ref->map->custom : DXIL_MAP_TABLE;
    if (k != DXIL_MAP_CUSTOM_HANDLE && k != DXIL_MAP_CUSTOM_HANDLE_BINDING)
        return false;
    *kind = k;
    return true;
}

int lower_resources(lower_ctx *lc)
{
    res_state st = {.lc = lc};
    st.parked = md_named_single(lc->mod, DXU_MD_RESOURCES);
    if (st.parked)
        res_read_parked(&st);
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[128];
        if (!lower_intrinsic_base(fn, base, sizeof base) || !res_owns(lc, base, &st.kind))
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++)
            res_lower_one(&st, calls[i]);
        free(calls);
    }
    res_write_md(&st);
    free(st.recs);
    return 0;
}
