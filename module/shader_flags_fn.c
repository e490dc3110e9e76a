/* shader_flags_fn.c - one function's ShaderFlags by DXC's
 * ShaderFlags::CollectShaderFlags: the types its instructions use, the
 * dx.op calls it makes (and what the handles they use say of their
 * resource), and for an entry its signatures' system values. Odd corners
 * are DXC's own and kept on purpose (SampleCmpGradientOrBias is the last
 * sample op's, not any one's; a library handle is found only when loaded
 * straight from the resource global). */
#include "shader_flags_internal.h"
#include "dxop_calls.h"
#include "md_util.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil_optable_gen.h"

#include <string.h>

void sf_env_init(sf_env *env, const mf_module *mf)
{
    *env = (sf_env){.mf = mf, .min_precision = true};
    uint64_t f = mf->flags;
    if (f) { /* DXC keeps its defaults without declared flags */
        env->min_precision = !(f & DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION);
        env->res_may_alias = !(f & DXIL_SHADER_FLAG_RES_MAY_NOT_ALIAS);
    }
    env->options = f & (DXIL_SHADER_FLAG_DISABLE_OPTIMIZATIONS |
                        DXIL_SHADER_FLAG_ALL_RESOURCES_BOUND);
    env->options |= env->min_precision ? 0 : DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION;
    for (size_t i = 0; i < mf->nres; i++) {
        const mf_resource *r = &mf->res[i];
        if (r->list != MF_UAV)
            continue;
        env->uavs_globally = true;
        env->msaa_uav_declared |= r->kind == DXIL_RESOURCE_KIND_TEXTURE2DMS ||
                                  r->kind == DXIL_RESOURCE_KIND_TEXTURE2DMSARRAY;
    }
}

/* ---- what a handle says of its resource ---- */

typedef struct sf_props {
    bool uav;
    unsigned kind;
    unsigned comps;     /* typed: components; 0 unknown */
    bool known;         /* a resource was found */
} sf_props;

static bool sf_is_typed(unsigned kind)
{
    return kind >= DXIL_RESOURCE_KIND_TEXTURE1D && kind <= DXIL_RESOURCE_KIND_TYPEDBUFFER;
}

/* phi: first incoming value; select: the true value; until a call. */
static LLVMValueRef sf_handle_call(LLVMValueRef v)
{
    for (unsigned guard = 0; v && guard < 1024; guard++) {
        if (LLVMIsACallInst(v))
            return v;
        if (LLVMIsAPHINode(v))
            v = LLVMCountIncoming(v) ? LLVMGetIncomingValue(v, 0) : NULL;
        else if (LLVMIsASelectInst(v))
            v = LLVMGetOperand(v, 1);
        else
            return NULL;
    }
    return NULL;
}

static bool sf_const(LLVMValueRef v, uint64_t *out)
{
    return v && const_u64(v, out);
}

/* createHandle's range id, looking through phis and selects as DXC. */
static bool sf_range_id(LLVMValueRef v, uint64_t *id)
{
    for (unsigned guard = 0; v && guard < 1024; guard++) {
        if (sf_const(v, id))
            return true;
        if (LLVMIsAPHINode(v))
            v = LLVMCountIncoming(v) ? LLVMGetIncomingValue(v, 0) : NULL;
        else if (LLVMIsASelectInst(v))
            v = LLVMGetOperand(v, 1);
        else
            return false;
    }
    return false;
}

static const mf_resource *sf_res_at(const mf_module *mf, unsigned list, uint64_t pos)
{
    for (size_t i = 0; i < mf->nres; i++)
        if (mf->res[i].list == list && mf->res[i].pos == pos)
            return &mf->res[i];
    return NULL;
}

static const mf_resource *sf_uav_of_global(const mf_module *mf, LLVMValueRef g)
{
    for (size_t i = 0; g && i < mf->nres; i++)
        if (mf->res[i].list == MF_UAV && mf->res[i].symbol == g)
            return &mf->res[i];
    return NULL;
}

static sf_props sf_props_of_res(const mf_resource *r)
{
    sf_props p = {0};
    if (!r)
        return p;
    p.known = true;
    p.uav = r->list == MF_UAV;
    p.kind = r->kind;
    p.comps = sf_is_typed(r->kind) ? mf_component_count(r) : 0;
    return p;
}

/* The library global a createHandleForLib loads, when loaded directly. */
static LLVMValueRef sf_lib_global(LLVMValueRef create)
{
    LLVMValueRef ld = LLVMGetNumArgOperands(create) > 1 ? LLVMGetOperand(create, 1) : NULL;
    return ld && LLVMIsALoadInst(ld) ? LLVMGetOperand(ld, 0) : NULL;
}

static uint64_t sf_field(LLVMValueRef c, unsigned i)
{
    LLVMValueRef e = c ? LLVMGetAggregateElement(c, i) : NULL;
    uint64_t v = 0;
    sf_const(e, &v);
    return v;
}

/* DXC's GetResourcePropertyFromHandleCall. */
static sf_props sf_props_of_call(const mf_module *mf, LLVMValueRef call)
{
    sf_props p = {0};
    uint64_t cls, id;
    switch (ops_dxop_opcode(call)) {
    case DXIL_OP_CreateHandle:
        if (!sf_const(LLVMGetOperand(call, 1), &cls) || !sf_range_id(LLVMGetOperand(call, 2), &id))
            return p;
        if (cls == DXIL_RESOURCE_CLASS_UAV || cls == DXIL_RESOURCE_CLASS_SRV)
            return sf_props_of_res(sf_res_at(mf, (unsigned)cls, id));
        return p;
    case DXIL_OP_CreateHandleForLib:
        return sf_props_of_res(sf_uav_of_global(mf, sf_lib_global(call)));
    case DXIL_OP_AnnotateHandle: {
        LLVMValueRef props = LLVMGetOperand(call, 2);
        uint64_t w0 = sf_field(props, 0), w1 = sf_field(props, 1);
        p.known = true;
        p.kind = (unsigned)(w0 & 0xFF);
        p.uav = (w0 >> 12) & 1;
        p.comps = sf_is_typed(p.kind) ? (unsigned)((w1 >> 8) & 0xFF) : 0;
        return p;
    }
    default:
        return p;
    }
}

/* DXC's GetResourceFromAnnotateHandle: the declared UAV behind an
 * annotated binding or library handle, or NULL (a heap handle). */
static const mf_resource *sf_uav_of_annotated(const mf_module *mf, LLVMValueRef call)
{
    if (ops_dxop_opcode(call) != DXIL_OP_AnnotateHandle)
        return NULL;
    LLVMValueRef create = LLVMGetOperand(call, 1);
    uint32_t op = ops_dxop_opcode(create);
    if (op == DXIL_OP_CreateHandleForLib)
        return sf_uav_of_global(mf, sf_lib_global(create));
    if (op != DXIL_OP_CreateHandleFromBinding)
        return NULL;
    LLVMValueRef bind = LLVMGetOperand(create, 1);
    uint64_t lb = sf_field(bind, 0), ub = sf_field(bind, 1), space = sf_field(bind, 2),
             cls = sf_field(bind, 3);
    for (size_t i = 0; i < mf->nres; i++) {
        const mf_resource *r = &mf->res[i];
        uint32_t rub = r->range == UINT32_MAX ? UINT32_MAX : r->lb + r->range - 1;
        if (r->list == MF_UAV && cls == DXIL_RESOURCE_CLASS_UAV && r->space == space &&
            r->lb == lb && rub == ub)
            return r;
    }
    return NULL;
}

/* ---- the walk ---- */

typedef struct sf_walk {
    sf_env *env;
    uint64_t f;         /* flags set directly */
    bool has_uavs, msaa, msaa_17, lod_clamp, check_access, uav_loads;
    bool derivatives, requires_group, sample_cmp_grad_bias;
} sf_walk;

static bool sf_nonconst(LLVMValueRef call, unsigned first, unsigned n)
{
    for (unsigned i = first; i < first + n; i++)
        if (i >= LLVMGetNumArgOperands(call) || !LLVMIsAConstant(LLVMGetOperand(call, i)))
            return true;
    return false;
}

/* The clamp operand (last): a non-zero float or anything not undef. */
static bool sf_clamp(LLVMValueRef call)
{
    unsigned n = LLVMGetNumArgOperands(call);
    LLVMValueRef c = n ? LLVMGetOperand(call, n - 1) : NULL;
    if (!c)
        return false;
    if (LLVMIsAConstantFP(c)) {
        LLVMBool lossy;
        return LLVMConstRealGetDouble(c, &lossy) != 0.0;
    }
    return !LLVMIsAUndefValue(c);
}

static void sf_used_handle(sf_walk *w, LLVMValueRef call)
{
    if (w->has_uavs && w->msaa)
        return;
    sf_props p = sf_props_of_call(w->env->mf, call);
    if (!p.uav)
        return;
    w->has_uavs = true;
    w->msaa |= p.kind == DXIL_RESOURCE_KIND_TEXTURE2DMS ||
               p.kind == DXIL_RESOURCE_KIND_TEXTURE2DMSARRAY;
}

static void sf_uav_load(sf_walk *w, LLVMValueRef call)
{
    if (w->uav_loads)
        return;
    LLVMValueRef h = sf_handle_call(LLVMGetOperand(call, 1));
    if (!h)
        return;
    sf_props p = sf_props_of_call(w->env->mf, h);
    if (!p.uav)
        return;
    const mf_module *mf = w->env->mf;
    if (mf->val_major == 1 && mf->val_minor == 0)
        w->uav_loads = true; /* validator 1.0: every UAV load counts */
    else if (sf_is_typed(p.kind) && p.comps > 1)
        w->uav_loads = true;
    else if (sf_is_typed(p.kind) && p.comps == 0)
        w->env->undecided |= DXIL_SHADER_FLAG_TYPED_UAV_LOAD_ADDITIONAL_FORMATS;
}

static void sf_atomic64(sf_walk *w, LLVMValueRef call)
{
    LLVMValueRef h = sf_handle_call(LLVMGetOperand(call, 1));
    if (sf_is_typed(sf_props_of_call(w->env->mf, h).kind))
        w->f |= DXIL_SHADER_FLAG_ATOMIC_INT64_TYPED_RESOURCE;
    if (!sf_uav_of_annotated(w->env->mf, h))
        w->f |= DXIL_SHADER_FLAG_ATOMIC_INT64_HEAP_RESOURCE;
}

/* DXC's OP::BarrierRequiresGroup. */
static bool sf_barrier_group(LLVMValueRef call, uint32_t op)
{
    uint64_t v;
    if (op == DXIL_OP_Barrier)
        return sf_const(LLVMGetOperand(call, 1), &v) && v != DXIL_BARRIER_MODE_UAV_FENCE_GLOBAL;
    if (op == DXIL_OP_BarrierByMemoryType && sf_const(LLVMGetOperand(call, 1), &v)) {
        if (v == DXIL_MEMORY_TYPE_ALL)
            v &= ~(uint64_t)DXIL_MEMORY_TYPE_GROUP_SHARED;
        if (v & DXIL_MEMORY_TYPE_GROUP_SHARED)
            return true;
    }
    return sf_const(LLVMGetOperand(call, 2), &v) &&
           (v & (DXIL_BARRIER_SEMANTIC_GROUP_SYNC | DXIL_BARRIER_SEMANTIC_GROUP_SCOPE));
}

static bool sf_is_wave(uint32_t op)
{
    return (op >= 110 && op <= 123) || op == 135 || op == 136 || (op >= 165 && op <= 167) ||
           op == 222 || op == DXIL_OP_GetGroupWaveIndex || op == DXIL_OP_GetGroupWaveCount;
}

static void sf_sample(sf_walk *w, LLVMValueRef call, uint32_t op)
{
    if (sf_nonconst(call, 7, 3))
        w->f |= DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS;
    if (op == DXIL_OP_SampleLevel || op == DXIL_OP_SampleCmpLevelZero)
        return;
    w->lod_clamp |= sf_clamp(call);
    if (op == DXIL_OP_SampleGrad || op == DXIL_OP_SampleCmpGrad) {
        w->sample_cmp_grad_bias = op == DXIL_OP_SampleCmpGrad;
        return;
    }
    w->sample_cmp_grad_bias = op == DXIL_OP_SampleCmpBias;
    w->derivatives = true;
}

static void sf_call(sf_walk *w, LLVMValueRef call, uint32_t op, bool int64)
{
    uint64_t v;
    if (sf_is_wave(op))
        w->f |= DXIL_SHADER_FLAG_WAVE_OPS;
    if (op >= 174 && op <= 177) /* WriteSamplerFeedback* */
        w->f |= DXIL_SHADER_FLAG_SAMPLER_FEEDBACK;
    switch (op) {
    case DXIL_OP_CheckAccessFullyMapped: w->check_access = true; break;
    case DXIL_OP_Msad: w->f |= DXIL_SHADER_FLAG_SHADER_EXTENSIONS; break;
    case DXIL_OP_TextureLoad:
        if (sf_nonconst(call, 6, 3))
            w->f |= DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS;
        sf_uav_load(w, call);
        break;
    case DXIL_OP_BufferLoad: sf_uav_load(w, call); break;
    case DXIL_OP_InnerCoverage: w->f |= DXIL_SHADER_FLAG_INNER_COVERAGE; break;
    case DXIL_OP_ViewID: w->f |= DXIL_SHADER_FLAG_VIEW_ID; break;
    case DXIL_OP_AllocateRayQuery:
    case DXIL_OP_AllocateRayQuery2:
    case DXIL_OP_GeometryIndex: w->f |= DXIL_SHADER_FLAG_RAYTRACING_TIER_1_1; break;
    case DXIL_OP_AttributeAtVertex: w->f |= DXIL_SHADER_FLAG_BARYCENTRICS; break;
    case DXIL_OP_AtomicBinOp:
    case DXIL_OP_AtomicCompareExchange:
        if (int64)
            sf_atomic64(w, call);
        break;
    case DXIL_OP_SampleLevel: case DXIL_OP_SampleCmpLevelZero: case DXIL_OP_SampleGrad:
    case DXIL_OP_SampleCmpGrad: case DXIL_OP_Sample: case DXIL_OP_SampleBias:
    case DXIL_OP_SampleCmp: case DXIL_OP_SampleCmpBias: sf_sample(w, call, op); break;
    case DXIL_OP_DerivFineX: case DXIL_OP_DerivFineY: case DXIL_OP_DerivCoarseX:
    case DXIL_OP_DerivCoarseY: case DXIL_OP_CalculateLOD: w->derivatives = true; break;
    case DXIL_OP_CreateHandleFromHeap:
        if (sf_const(LLVMGetOperand(call, 2), &v) && v)
            w->f |= DXIL_SHADER_FLAG_SAMPLER_DESCRIPTOR_HEAP_INDEXING;
        else
            w->f |= DXIL_SHADER_FLAG_RESOURCE_DESCRIPTOR_HEAP_INDEXING;
        break;
    case DXIL_OP_CreateHandle: case DXIL_OP_CreateHandleForLib:
    case DXIL_OP_AnnotateHandle: sf_used_handle(w, call); break;
    case DXIL_OP_TextureStoreSample:
        w->msaa_17 = w->msaa = true;
        w->f |= DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS;
        break;
    case DXIL_OP_SampleCmpLevel:
    case DXIL_OP_TextureGatherRaw: w->f |= DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS; break;
    case DXIL_OP_StartVertexLocation:
    case DXIL_OP_StartInstanceLocation: w->f |= DXIL_SHADER_FLAG_EXTENDED_COMMAND_INFO; break;
    case DXIL_OP_Barrier: case DXIL_OP_BarrierByMemoryType: case DXIL_OP_BarrierByMemoryHandle:
    case DXIL_OP_BarrierByNodeRecordHandle:
        w->requires_group |= sf_barrier_group(call, op);
        break;
    case DXIL_OP_GetGroupWaveIndex:
    case DXIL_OP_GetGroupWaveCount: w->requires_group = true; break;
    default: break;
    }
}

/* Type facts of one value type. */
typedef struct sf_types {
    bool dbl, half, i16, i64, tgsm;
} sf_types;

static void sf_type(LLVMTypeRef t, sf_types *s)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMDoubleTypeKind: s->dbl = true; break;
    case LLVMHalfTypeKind: s->half = true; break;
    case LLVMIntegerTypeKind:
        s->i16 |= LLVMGetIntTypeWidth(t) == 16;
        s->i64 |= LLVMGetIntTypeWidth(t) == 64;
        break;
    case LLVMPointerTypeKind: s->tgsm |= LLVMGetPointerAddressSpace(t) == 3; break;
    default: break;
    }
}

static bool sf_is_dxop_call(LLVMValueRef i)
{
    LLVMValueRef fn = LLVMGetCalledValue(i);
    size_t len = 0;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
    return name && len > 6 && !memcmp(name, "dx.op.", 6);
}

static void sf_inst(sf_walk *w, LLVMValueRef i)
{
    bool call = LLVMIsACallInst(i) != NULL;
    if (call && !sf_is_dxop_call(i))
        return; /* DXC skips every other call */
    sf_types s = {0};
    sf_type(LLVMTypeOf(i), &s);
    w->requires_group |= s.tgsm;
    if (LLVMIsAExtractElementInst(i) || LLVMIsAInsertElementInst(i))
        return;
    int n = LLVMGetNumOperands(i);
    for (int k = 0; k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
        if (op && !LLVMValueIsBasicBlock(op))
            sf_type(LLVMTypeOf(op), &s);
    }
    w->requires_group |= s.tgsm;
    LLVMOpcode oc = LLVMGetInstructionOpcode(i);
    if (s.dbl) {
        w->f |= DXIL_SHADER_FLAG_DOUBLES;
        if (oc == LLVMFDiv || oc == LLVMUIToFP || oc == LLVMSIToFP || oc == LLVMFPToUI ||
            oc == LLVMFPToSI)
            w->f |= DXIL_SHADER_FLAG_DOUBLE_EXTENSIONS;
    }
    if (s.i64) {
        w->f |= DXIL_SHADER_FLAG_INT64_OPS;
        if (oc == LLVMAtomicCmpXchg || oc == LLVMAtomicRMW)
            w->f |= DXIL_SHADER_FLAG_ATOMIC_INT64_GROUP_SHARED;
    }
    if (s.half || s.i16)
        w->f |= DXIL_SHADER_FLAG_LOW_PRECISION;
    uint32_t op;
    if (!call || !ops_call_opcode(i, &op))
        return;
    if (op == DXIL_OP_Fma && s.dbl)
        w->f |= DXIL_SHADER_FLAG_DOUBLE_EXTENSIONS;
    sf_call(w, i, op, s.i64);
}

/* An entry's system values (DXC reads them from its signatures). */
static void sf_signatures(sf_walk *w, const mf_entry *e)
{
    unsigned k = e->kind;
    bool gs = k == DXIL_SHADER_GEOMETRY, ds = k == DXIL_SHADER_DOMAIN,
         hs = k == DXIL_SHADER_HULL, ps = k == DXIL_SHADER_PIXEL;
    const mf_module *mf = w->env->mf;
    bool in_rt = gs || ((ds || hs) && mf_val_at_least(mf, 1, 4));
    bool out_rt = k == DXIL_SHADER_VERTEX || ds || hs;
    for (int s = 0; s < 2; s++) {
        for (unsigned i = 0; i < md_num_operands(e->sigs[s]); i++) {
            int sem = mf_sig_kind(e->sigs[s], i);
            if (sem == DXIL_SEMANTIC_VIEWPORT_ARRAY_INDEX ||
                sem == DXIL_SEMANTIC_RENDER_TARGET_ARRAY_INDEX) {
                if (s == 0 ? in_rt : out_rt)
                    w->f |= DXIL_SHADER_FLAG_VIEWPORT_RT_ARRAY_INDEX_ANY_STAGE;
            } else if (sem == DXIL_SEMANTIC_SHADING_RATE) {
                w->f |= DXIL_SHADER_FLAG_SHADING_RATE;
            } else if (sem == DXIL_SEMANTIC_BARYCENTRICS && s == 0) {
                w->f |= DXIL_SHADER_FLAG_BARYCENTRICS;
            } else if (sem == DXIL_SEMANTIC_STENCIL_REF && s == 1 && ps) {
                w->f |= DXIL_SHADER_FLAG_STENCIL_REF;
            } else if (sem == DXIL_SEMANTIC_INNER_COVERAGE && s == 1 && ps) {
                w->f |= DXIL_SHADER_FLAG_INNER_COVERAGE;
            }
        }
    }
    if (w->derivatives && (k == DXIL_SHADER_MESH || k == DXIL_SHADER_AMPLIFICATION))
        w->f |= DXIL_SHADER_FLAG_DERIVATIVES_IN_MESH_AND_AMP;
}

/* What older validators did not set (DXC clears it for them). */
static uint64_t sf_compat(const sf_walk *w, uint64_t f)
{
    const mf_module *mf = w->env->mf;
    bool v18 = mf_val_at_least(mf, 1, 8);
    if (w->derivatives && v18)
        f |= SF_USES_DERIVATIVES;
    if (w->derivatives && !v18 && mf->sm_kind != DXIL_SHADER_MESH &&
        mf->sm_kind != DXIL_SHADER_AMPLIFICATION)
        f &= ~DXIL_SHADER_FLAG_DERIVATIVES_IN_MESH_AND_AMP;
    if (w->requires_group && v18)
        f |= SF_REQUIRES_GROUP;
    if (!mf_val_at_least(mf, 1, 9))
        f &= ~DXIL_SHADER_FLAG_SAMPLER_FEEDBACK;
    if (!mf_val_at_least(mf, 1, 6))
        f &= ~DXIL_SHADER_FLAG_BARYCENTRICS;
    return f;
}

uint64_t sf_function_flags(sf_env *env, LLVMValueRef fn)
{
    const mf_module *mf = env->mf;
    sf_walk w = {.env = env};
    w.has_uavs = mf_val_at_least(mf, 1, 8) ? false : env->uavs_globally;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            sf_inst(&w, i);
    const mf_entry *e = mf_entry_of(mf, fn);
    if (e)
        sf_signatures(&w, e);
    uint64_t f = sf_compat(&w, w.f | env->options);
    bool lod_clamp_counts = mf_val_at_least(mf, 1, 8);
    f |= w.check_access || (lod_clamp_counts && w.lod_clamp) ? DXIL_SHADER_FLAG_TILED_RESOURCES : 0;
    f |= w.uav_loads ? DXIL_SHADER_FLAG_TYPED_UAV_LOAD_ADDITIONAL_FORMATS : 0;
    bool msaa = mf_val_at_least(mf, 1, 8) ? w.msaa : (w.msaa_17 || env->msaa_uav_declared);
    f |= msaa ? DXIL_SHADER_FLAG_WRITEABLE_MSAA_TEXTURES : 0;
    bool may_not_alias = (mf->dxil_major > 1 || (mf->dxil_major == 1 && mf->dxil_minor >= 7)) &&
                         w.has_uavs && !env->res_may_alias;
    f |= may_not_alias ? DXIL_SHADER_FLAG_RES_MAY_NOT_ALIAS : 0;
    f |= w.sample_cmp_grad_bias ? DXIL_SHADER_FLAG_SAMPLE_CMP_GRADIENT_OR_BIAS : 0;
    return f;
}
