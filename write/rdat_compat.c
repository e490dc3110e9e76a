/* rdat_compat.c - stage masks and minimum shader models of a library's
 * functions (see rdat_compat.h). Each op's stages and shader model come
 * from the op table (the translated model, as a library is translated
 * when linked); the rules that depend on the call or the validator
 * version follow DXC's OP::GetMinShaderModelAndMask. */
#include "rdat_compat.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_optable.h"
#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"

#include <stdlib.h>
#include <string.h>

#define SB(kind) DXIL_STAGE_BIT(DXIL_SHADER_##kind)
#define RC_GROUP_STAGES (SB(LIBRARY) | SB(COMPUTE) | SB(AMPLIFICATION) | SB(MESH) | SB(NODE))
#define RC_DERIV_NOT_BEFORE_18 (SB(COMPUTE) | SB(AMPLIFICATION) | SB(MESH))

/* Barrier semantic flag of the shader execution reordering scope. */
#define RC_SEMANTIC_REORDER_SCOPE 0x8u

typedef struct rc_env {
    const mf_module *mf;
    const sf_module *sf;
    rdat_compat *out;
    const dxil_optable *t;
} rc_env;

static bool rc_val(const rc_env *e, unsigned major, unsigned minor)
{
    return mf_val_at_least(e->mf, major, minor);
}

static void rc_raise(unsigned *ma, unsigned *mi, unsigned a, unsigned b)
{
    if (a > *ma || (a == *ma && b > *mi)) {
        *ma = a;
        *mi = b;
    }
}

static bool rc_const(LLVMValueRef v, uint64_t *out)
{
    if (!v || !LLVMIsAConstantInt(v))
        return false;
    *out = LLVMConstIntGetZExtValue(v);
    return true;
}

static bool rc_between(uint32_t op, uint32_t lo, uint32_t hi)
{
    return op >= lo && op <= hi;
}

static bool rc_is_wave(uint32_t op)
{
    return rc_between(op, DXIL_OP_WaveIsFirstLane, DXIL_OP_QuadOp) ||
           rc_between(op, DXIL_OP_WaveAllBitCount, DXIL_OP_WavePrefixBitCount) ||
           rc_between(op, DXIL_OP_WaveMatch, DXIL_OP_WaveMultiPrefixBitCount) ||
           op == DXIL_OP_QuadVote;
}

static bool rc_is_derivative(uint32_t op)
{
    return op == DXIL_OP_Sample || op == DXIL_OP_SampleBias || op == DXIL_OP_SampleCmp ||
           op == DXIL_OP_CalculateLOD || rc_between(op, DXIL_OP_DerivCoarseX, DXIL_OP_DerivFineY);
}

/* Memory type flags, with "all memory" narrowed to those outside `keep`. */
static uint64_t rc_memory_types(LLVMValueRef call, bool *known, uint32_t drop)
{
    uint64_t v = 0;
    *known = rc_const(LLVMGetOperand(call, 1), &v);
    return v == DXIL_MEMORY_TYPE_ALL ? v & ~(uint64_t)drop : v;
}

static uint64_t rc_semantics(LLVMValueRef call, uint32_t op, bool *known)
{
    uint64_t v = 0;
    unsigned at = op == DXIL_OP_Barrier ? 1 : 2;
    *known = rc_const(LLVMGetOperand(call, at), &v);
    return v;
}

/* The barrier rules: reorder scope (6.9, raygen), node memory (node),
 * group sync or memory (compute-like). Returns the mask to apply. */
static uint32_t rc_barrier(LLVMValueRef call, uint32_t op, unsigned *ma, unsigned *mi)
{
    bool known;
    if (op == DXIL_OP_BarrierByMemoryType) {
        /* Untranslatable to the old Barrier op's modes: SM 6.8. */
        uint64_t legacy = DXIL_MEMORY_TYPE_UAV | DXIL_MEMORY_TYPE_GROUP_SHARED;
        uint64_t mem = rc_memory_types(call, &known, (uint32_t)~legacy);
        uint64_t sem = rc_semantics(call, op, &known);
        if ((sem & ~(uint64_t)DXIL_BARRIER_SEMANTIC_VALID_MASK) || (mem & ~legacy))
            rc_raise(ma, mi, 6, 8);
    }
    if (op != DXIL_OP_Barrier) {
        uint64_t sem = rc_semantics(call, op, &known);
        if (known && (sem & RC_SEMANTIC_REORDER_SCOPE)) {
            rc_raise(ma, mi, 6, 9);
            return SB(LIBRARY) | SB(RAYGENERATION);
        }
    }
    if (op == DXIL_OP_BarrierByNodeRecordHandle)
        return SB(LIBRARY) | SB(NODE);
    if (op == DXIL_OP_BarrierByMemoryType) {
        uint64_t mem = rc_memory_types(call, &known, DXIL_MEMORY_TYPE_NODE_INPUT |
                                       DXIL_MEMORY_TYPE_NODE_OUTPUT);
        if (known && (mem & (DXIL_MEMORY_TYPE_NODE_INPUT | DXIL_MEMORY_TYPE_NODE_OUTPUT)))
            return SB(LIBRARY) | SB(NODE);
    }
    bool group = false;
    if (op == DXIL_OP_Barrier) {
        uint64_t mode = rc_semantics(call, op, &known);
        group = known && mode != DXIL_BARRIER_MODE_UAV_FENCE_GLOBAL;
    } else {
        if (op == DXIL_OP_BarrierByMemoryType) {
            uint64_t mem = rc_memory_types(call, &known, DXIL_MEMORY_TYPE_GROUP_SHARED);
            group = known && (mem & DXIL_MEMORY_TYPE_GROUP_SHARED);
        }
        uint64_t sem = rc_semantics(call, op, &known);
        group |= known && (sem & (DXIL_BARRIER_SEMANTIC_GROUP_SYNC |
                                  DXIL_BARRIER_SEMANTIC_GROUP_SCOPE));
    }
    return group ? RC_GROUP_STAGES : DXIL_STAGE_ALL_MASK;
}

static bool rc_is_barrier(uint32_t op)
{
    return op == DXIL_OP_Barrier || rc_between(op, DXIL_OP_BarrierByMemoryType,
                                               DXIL_OP_BarrierByNodeRecordHandle);
}

/* The op's own stages and model; then the call-dependent rules. */
static void rc_call(const rc_env *e, LLVMValueRef call, uint32_t op, rdat_compat *c)
{
    const dxil_op_info *info = dxil_op_by_opcode(e->t, op);
    unsigned ma = 6, mi = 0;
    uint32_t mask = DXIL_STAGE_ALL_MASK;
    if (info) {
        dxil_version sm = info->sm_translated ? info->sm_translated : info->sm;
        ma = DXIL_VERSION_MAJOR(sm);
        mi = DXIL_VERSION_MINOR(sm);
        const dxil_stage_set *s = dxil_op_stages_latest(info, true);
        if (s && s->kind == DXIL_STAGES_LIST)
            mask = s->mask;
    }
    if (!rc_val(e, 1, 8) && rc_is_derivative(op)) {
        mask &= ~RC_DERIV_NOT_BEFORE_18;
    } else if (!rc_val(e, 1, 5)) {
        if (rc_is_wave(op))
            mask = DXIL_STAGE_BIT(DXIL_SHADER_MESH) - 1u;
    } else if (rc_is_barrier(op)) {
        mask &= rc_barrier(call, op, &ma, &mi);
    } else if (op == DXIL_OP_AtomicBinOp || op == DXIL_OP_AtomicCompareExchange) {
        if (LLVMGetIntTypeWidth(LLVMTypeOf(call)) == 64)
            rc_raise(&ma, &mi, 6, 6);
    } else if (rc_val(e, 1, 6) && !rc_val(e, 1, 7) &&
               (op == DXIL_OP_AnnotateHandle || op == DXIL_OP_CreateHandleFromBinding)) {
        rc_raise(&ma, &mi, 6, 6);
    }
    rc_raise(&c->min_major, &c->min_minor, ma, mi);
    c->mask &= mask;
}

static rdat_compat *rc_of(const rc_env *e, LLVMValueRef fn)
{
    for (size_t i = 0; i < e->sf->nfns; i++)
        if (e->sf->fns[i].fn == fn)
            return &e->out[i];
    return NULL;
}

static rdat_compat *rc_caller(const rc_env *e, LLVMValueRef user)
{
    if (!LLVMIsACallInst(user))
        return NULL;
    return rc_of(e, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
}

static void rc_ops(const rc_env *e)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(e->mf->m); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (!LLVMIsDeclaration(f) || len < 6 || strncmp(name, "dx.op.", 6))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            rdat_compat *c = rc_caller(e, call);
            uint32_t op;
            if (c && LLVMGetCalledValue(call) == f && ops_call_opcode(call, &op))
                rc_call(e, call, op, c);
        }
    }
}

/* Callees' stages and models merged into callers until nothing changes
 * (validator 1.8+; the flags were merged by sf_compute). */
static void rc_propagate(const rc_env *e)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < e->sf->nfns; i++) {
            const rdat_compat *callee = &e->out[i];
            for (LLVMUseRef u = LLVMGetFirstUse(e->sf->fns[i].fn); u; u = LLVMGetNextUse(u)) {
                rdat_compat *c = rc_caller(e, LLVMGetUser(u));
                if (!c)
                    continue;
                unsigned ma = c->min_major, mi = c->min_minor;
                rc_raise(&c->min_major, &c->min_minor, callee->min_major, callee->min_minor);
                uint32_t mask = c->mask & callee->mask;
                changed |= mask != c->mask || ma != c->min_major || mi != c->min_minor;
                c->mask = mask;
            }
        }
    }
}

static uint32_t rc_valid_mask(const rc_env *e)
{
    unsigned last = !rc_val(e, 1, 5)   ? DXIL_SHADER_CALLABLE
                    : !rc_val(e, 1, 8) ? DXIL_SHADER_AMPLIFICATION
                                       : DXIL_SHADER_NODE;
    return (1u << (last + 1)) - 1u;
}

static bool rc_has_wave_size(const mf_entry *en, bool *range)
{
    *range = false;
    unsigned n = en && en->props ? LLVMGetMDNodeNumOperands(en->props) : 0;
    LLVMValueRef *ops = n ? calloc(n, sizeof *ops) : NULL;
    bool found = false;
    if (ops) {
        LLVMGetMDNodeOperands(en->props, ops);
        for (unsigned i = 0; i + 1 < n; i += 2) {
            uint64_t tag;
            if (!rc_const(ops[i], &tag))
                continue;
            if (tag != DXIL_ENTRY_WAVE_SIZE && tag != DXIL_ENTRY_RANGED_WAVE_SIZE)
                continue;
            LLVMValueRef node = ops[i + 1];
            unsigned k = LLVMIsAMDNode(node) ? LLVMGetMDNodeNumOperands(node) : 0;
            LLVMValueRef v[3] = {0};
            if (k >= 1 && k <= 3)
                LLVMGetMDNodeOperands(node, v);
            uint64_t min = 0, max = 0;
            found = rc_const(v[0], &min) && min;
            *range = found && k >= 2 && rc_const(v[1], &max) && max;
        }
    }
    free(ops);
    return found;
}

/* DXC's AdjustMinimumShaderModelAndFlags (validator 1.8+). */
static void rc_adjust(const mf_entry *en, rdat_compat *c)
{
    uint64_t f = c->flags;
    unsigned *ma = &c->min_major, *mi = &c->min_minor;
    if (en) {
        unsigned k = en->kind;
        bool ms_as = k == DXIL_SHADER_MESH || k == DXIL_SHADER_AMPLIFICATION;
        if ((f & SF_USES_DERIVATIVES) && (k == DXIL_SHADER_COMPUTE || ms_as))
            rc_raise(ma, mi, 6, 6);
        if ((f & SF_USES_DERIVATIVES) && ms_as)
            c->flags |= f |= DXIL_SHADER_FLAG_DERIVATIVES_IN_MESH_AND_AMP;
        bool range;
        if (rc_has_wave_size(en, &range))
            rc_raise(ma, mi, 6, range ? 8 : 6);
        if (ms_as)
            rc_raise(ma, mi, 6, 5);
        else if (k >= DXIL_SHADER_RAYGENERATION && k <= DXIL_SHADER_CALLABLE)
            rc_raise(ma, mi, 6, 3);
        else if (k == DXIL_SHADER_NODE)
            rc_raise(ma, mi, 6, 8);
    }
    static const struct {
        uint64_t any;
        unsigned minor;
    } steps[] = {
        {DXIL_SHADER_FLAG_SAMPLE_CMP_GRADIENT_OR_BIAS | DXIL_SHADER_FLAG_EXTENDED_COMMAND_INFO, 8},
        {DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS | DXIL_SHADER_FLAG_WRITEABLE_MSAA_TEXTURES, 7},
        {DXIL_SHADER_FLAG_ATOMIC_INT64_TYPED_RESOURCE | DXIL_SHADER_FLAG_ATOMIC_INT64_GROUP_SHARED |
             DXIL_SHADER_FLAG_ATOMIC_INT64_HEAP_RESOURCE |
             DXIL_SHADER_FLAG_RESOURCE_DESCRIPTOR_HEAP_INDEXING |
             DXIL_SHADER_FLAG_SAMPLER_DESCRIPTOR_HEAP_INDEXING, 6},
        {DXIL_SHADER_FLAG_RAYTRACING_TIER_1_1 | DXIL_SHADER_FLAG_SAMPLER_FEEDBACK, 5},
        {DXIL_SHADER_FLAG_SHADING_RATE, 4},
    };
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
        if (f & steps[i].any) {
            rc_raise(ma, mi, 6, steps[i].minor);
            return;
        }
    uint64_t lp = DXIL_SHADER_FLAG_LOW_PRECISION | DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION;
    if ((f & lp) == lp)
        rc_raise(ma, mi, 6, 2);
    else if (f & (DXIL_SHADER_FLAG_VIEW_ID | DXIL_SHADER_FLAG_BARYCENTRICS))
        rc_raise(ma, mi, 6, 1);
}

/* Before 1.8: only low precision and view ID / barycentrics count. */
static void rc_adjust_old(rdat_compat *c)
{
    uint64_t lp = DXIL_SHADER_FLAG_LOW_PRECISION | DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION;
    if ((c->flags & lp) == lp)
        rc_raise(&c->min_major, &c->min_minor, 6, 2);
    else if (c->flags & (DXIL_SHADER_FLAG_VIEW_ID | DXIL_SHADER_FLAG_BARYCENTRICS))
        rc_raise(&c->min_major, &c->min_minor, 6, 1);
}

int rdat_compat_compute(const mf_module *mf, const sf_module *sf, rdat_compat *out)
{
    rc_env e = {.mf = mf, .sf = sf, .out = out, .t = dxil_optable_builtin()};
    for (size_t i = 0; i < sf->nfns; i++)
        out[i] = (rdat_compat){.mask = DXIL_STAGE_ALL_MASK, .min_major = 6,
                               .flags = sf->fns[i].flags};
    rc_ops(&e);
    if (rc_val(&e, 1, 8))
        rc_propagate(&e);
    uint32_t valid = rc_valid_mask(&e);
    for (size_t i = 0; i < sf->nfns; i++) {
        const mf_entry *en = mf_entry_of(mf, sf->fns[i].fn);
        unsigned kind = en ? en->kind : DXIL_SHADER_LIBRARY;
        out[i].mask &= kind == DXIL_SHADER_LIBRARY ? valid : DXIL_STAGE_BIT(kind);
        if (rc_val(&e, 1, 8))
            rc_adjust(en, &out[i]);
        else
            rc_adjust_old(&out[i]);
    }
    return 0;
}
