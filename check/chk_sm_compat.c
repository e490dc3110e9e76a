/* chk_sm_compat.c - the entry compatibility rules (Sm.IncompatibleOperation,
 * Sm.IncompatibleCallInEntry, Sm.IncompatibleStage,
 * Sm.IncompatibleShaderModel, Sm.IncompatibleThreadGroupDim,
 * Sm.IncompatibleDerivInComputeShaderModel, Sm.IncompatibleRequiresGroup,
 * Sm.IncompatibleDerivLaunch): what each function uses, as DXC's
 * DxilModule::ComputeShaderCompatInfo records it, against the entries
 * that call it.
 *
 * Per function: the stages every dx.op it calls allows and the shader
 * model they need (the op table's latest stage set and minimum model,
 * which are DXC's; plus DXC's per-call rules: barriers by their flags,
 * 64-bit atomics, derivatives before validator 1.8, wave ops at 1.4),
 * its ShaderFlags (module/shader_flags.h), callees merged from validator
 * 1.8. An entry then walks its call graph and reports each conflict in
 * the function that introduces it, as DXC's CompatibilityChecker. */
#include "chk_env.h"
#include "chk_facts.h"
#include "families.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_container.h"
#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ALL_KINDS (DXIL_STAGE_BIT(DXIL_SHADER_INVALID) - 1u)
#define SB(k) DXIL_STAGE_BIT(DXIL_SHADER_##k)
#define COMPUTE_LIKE (SB(COMPUTE) | SB(MESH) | SB(AMPLIFICATION) | SB(NODE))

typedef struct compat_fn {
    LLVMValueRef fn;
    uint32_t mask;
    dxil_version min;
    uint64_t flags;
} compat_fn;

typedef struct compat {
    chk_ctx *c;
    compat_fn *fns;
    size_t n;
} compat;

static compat_fn *compat_of(compat *k, LLVMValueRef fn)
{
    for (size_t i = 0; i < k->n; i++)
        if (k->fns[i].fn == fn)
            return &k->fns[i];
    return NULL;
}

static dxil_version vmax(dxil_version a, dxil_version b)
{
    return a > b ? a : b;
}

/* ---- one dx.op call (OP::GetMinShaderModelAndMask) --------------------------- */

static bool arg_u64(LLVMValueRef call, unsigned i, uint64_t *v)
{
    return (unsigned)LLVMGetNumArgOperands(call) > i && const_u64(LLVMGetOperand(call, i), v);
}

enum {
    MEM_UAV = 1, MEM_GROUP = 2, MEM_NODE = 12, MEM_ALL = 15, MEM_LEGACY = 3,
    SEM_GROUP_SYNC = 1, SEM_GROUP_SCOPE = 2, SEM_DEVICE_SCOPE = 4, SEM_LEGACY = 7,
    SEM_REORDER = 8, SEM_GROUP = 3,
    MODE_UAV_GLOBAL = 2
};

/* ALL_MEMORY may drop the flags a stage lacks. */
static uint64_t mem_masked(uint64_t flags, uint64_t allowed)
{
    return flags == MEM_ALL ? flags & allowed : flags;
}

static bool barrier_needs_group(uint32_t op, LLVMValueRef call)
{
    uint64_t v;
    if (op == DXIL_OP_Barrier)
        return arg_u64(call, 1, &v) && v != MODE_UAV_GLOBAL;
    if (op == DXIL_OP_BarrierByMemoryType && arg_u64(call, 1, &v) &&
        (mem_masked(v, ~(uint64_t)MEM_GROUP) & MEM_GROUP))
        return true;
    return arg_u64(call, 2, &v) && (v & SEM_GROUP);
}

static bool barrier_needs_node(uint32_t op, LLVMValueRef call)
{
    uint64_t v;
    if (op == DXIL_OP_BarrierByNodeRecordHandle)
        return true;
    return op == DXIL_OP_BarrierByMemoryType && arg_u64(call, 1, &v) &&
           (mem_masked(v, ~(uint64_t)MEM_NODE) & MEM_NODE);
}

static bool barrier_needs_reorder(uint32_t op, LLVMValueRef call)
{
    uint64_t v;
    return (op == DXIL_OP_BarrierByMemoryType || op == DXIL_OP_BarrierByMemoryHandle) &&
           arg_u64(call, 2, &v) && (v & SEM_REORDER);
}

/* Whether a library's barrierByMemoryType has a legacy barrier mode
 * (OP::TranslateToBarrierMode not Invalid). */
static bool barrier_translates(LLVMValueRef call)
{
    uint64_t mem = 0, sem = 0;
    arg_u64(call, 1, &mem);
    arg_u64(call, 2, &sem);
    if (sem & ~(uint64_t)SEM_LEGACY)
        return false;
    mem = mem_masked(mem, MEM_LEGACY);
    if (mem & ~(uint64_t)MEM_LEGACY)
        return false;
    bool mode = (mem & MEM_GROUP) || (sem & SEM_GROUP_SYNC) ||
                ((mem & MEM_UAV) && (sem & (SEM_DEVICE_SCOPE | SEM_GROUP_SCOPE)));
    return mode;
}

/* Ops a library may use below their model: DXC translates them. */
static bool translated_in_lib(uint32_t op)
{
    switch (op) {
    case DXIL_OP_RawBufferLoad: case DXIL_OP_RawBufferStore: case DXIL_OP_CreateHandleForLib:
    case DXIL_OP_AnnotateHandle: case DXIL_OP_CreateHandleFromBinding: case DXIL_OP_QuadVote:
    case DXIL_OP_BarrierByMemoryType:
        return true;
    default:
        return false;
    }
}

static bool is_gradient_before_18(uint32_t op)
{
    return op == DXIL_OP_Sample || op == DXIL_OP_SampleBias || op == DXIL_OP_SampleCmp ||
           op == DXIL_OP_CalculateLOD || (op >= DXIL_OP_DerivCoarseX && op <= DXIL_OP_DerivFineY);
}

static uint32_t op_stage_mask(const dxil_op_info *info)
{
    const dxil_stage_set *s = dxil_op_stages_latest(info, true);
    return !s || s->kind == DXIL_STAGES_ALL ? ALL_KINDS : s->mask;
}

static void call_compat(compat *k, LLVMValueRef call, uint32_t op, const dxil_op_info *info,
                        dxil_version *min, uint32_t *mask)
{
    chk_ctx *c = k->c;
    bool lib = c->stage == DXIL_SHADER_LIBRARY;
    *min = lib && translated_in_lib(op) ? DXIL_VERSION(6, 0) : dxil_op_min_shader_model(info);
    *mask = op_stage_mask(info);
    if (!chk_val_at_least(c, 1, 8) && is_gradient_before_18(op)) {
        *mask &= ~(SB(COMPUTE) | SB(AMPLIFICATION) | SB(MESH));
        return;
    }
    if (!chk_val_at_least(c, 1, 5)) {
        if (info->flags & DXIL_OPF_WAVE)
            *mask = SB(MESH) - 1u;
        return;
    }
    if (info->flags & DXIL_OPF_BARRIER) {
        if (lib && op == DXIL_OP_BarrierByMemoryType && !barrier_translates(call))
            *min = DXIL_VERSION(6, 8);
        if (barrier_needs_reorder(op, call)) {
            *min = DXIL_VERSION(6, 9);
            *mask &= SB(LIBRARY) | SB(RAYGENERATION);
        } else if (barrier_needs_node(op, call)) {
            *mask &= SB(LIBRARY) | SB(NODE);
        } else if (barrier_needs_group(op, call)) {
            *mask &= SB(LIBRARY) | COMPUTE_LIKE;
        }
    } else if (op == DXIL_OP_AtomicBinOp || op == DXIL_OP_AtomicCompareExchange) {
        LLVMTypeRef t = LLVMTypeOf(call);
        if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64)
            *min = DXIL_VERSION(6, 6);
    } else if (lib && c->valver == DXIL_VERSION(1, 6) &&
               (op == DXIL_OP_AnnotateHandle || op == DXIL_OP_CreateHandleFromBinding)) {
        *min = DXIL_VERSION(6, 6);
    }
}

/* Every call of a dx.op.* function narrows its caller's info. */
static void compat_calls(compat *k)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(k->c->mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (!LLVMIsDeclaration(f) || len < 6 || strncmp(name, "dx.op.", 6) != 0)
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            uint32_t op;
            if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f ||
                !ops_call_opcode(call, &op))
                continue;
            const dxil_op_info *info = dxil_op_by_opcode(k->c->table, op);
            compat_fn *cf = compat_of(k, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
            if (!info || !cf)
                continue;
            dxil_version min;
            uint32_t mask;
            call_compat(k, call, op, info, &min, &mask);
            cf->min = vmax(cf->min, min);
            cf->mask &= mask;
        }
    }
}

/* From validator 1.8 a caller inherits its callees' needs. */
static void compat_propagate(compat *k)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 0; i < k->n; i++) {
            for (LLVMUseRef u = LLVMGetFirstUse(k->fns[i].fn); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef call = LLVMGetUser(u);
                if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != k->fns[i].fn)
                    continue;
                compat_fn *caller =
                    compat_of(k, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
                if (!caller)
                    continue;
                dxil_version min = vmax(caller->min, k->fns[i].min);
                uint32_t mask = caller->mask & k->fns[i].mask;
                changed |= min != caller->min || mask != caller->mask;
                caller->min = min;
                caller->mask = mask;
            }
        }
    }
}

/* The last kind each validator version knows (DXIL::ShaderKind::Last_*). */
static uint32_t valid_kinds(chk_ctx *c)
{
    unsigned last = !chk_val_at_least(c, 1, 5)   ? DXIL_SHADER_CALLABLE
                    : !chk_val_at_least(c, 1, 8) ? DXIL_SHADER_AMPLIFICATION
                                                 : DXIL_SHADER_NODE;
    return DXIL_STAGE_BIT(last + 1) - 1u;
}

/* AdjustMinimumShaderModelAndFlags: the model an entry's kind, wave size
 * and flags need. */
static dxil_version min_for_entry(const chk_fnkind *e, uint64_t f)
{
    dxil_version m = 0;
    if (e) {
        if ((f & SF_USES_DERIVATIVES) && (e->kind == DXIL_SHADER_COMPUTE ||
                                          e->kind == DXIL_SHADER_MESH ||
                                          e->kind == DXIL_SHADER_AMPLIFICATION))
            m = DXIL_VERSION(6, 6);
        /* DxilWaveSize: defined with a min, a range with a max. */
        bool ranged = false;
        uint64_t min = 0, max = 0;
        LLVMValueRef r = md_tag_value(e->props, DXIL_ENTRY_RANGED_WAVE_SIZE, &ranged);
        if (ranged) {
            md_operand_uint(r, 0, &min);
            md_operand_uint(r, 1, &max);
        } else {
            md_operand_uint(md_tag_value(e->props, DXIL_ENTRY_WAVE_SIZE, NULL), 0, &min);
        }
        if (min)
            m = vmax(m, max ? DXIL_VERSION(6, 8) : DXIL_VERSION(6, 6));
        if (e->kind == DXIL_SHADER_MESH || e->kind == DXIL_SHADER_AMPLIFICATION)
            m = vmax(m, DXIL_VERSION(6, 5));
        else if (e->kind >= DXIL_SHADER_RAYGENERATION && e->kind <= DXIL_SHADER_CALLABLE)
            m = vmax(m, DXIL_VERSION(6, 3));
        else if (e->kind == DXIL_SHADER_NODE)
            m = vmax(m, DXIL_VERSION(6, 8));
    }
    dxil_version v = 0;
    if (f & (DXIL_SHADER_FLAG_SAMPLE_CMP_GRADIENT_OR_BIAS | DXIL_SHADER_FLAG_EXTENDED_COMMAND_INFO))
        v = DXIL_VERSION(6, 8);
    else if (f & (DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS | DXIL_SHADER_FLAG_WRITEABLE_MSAA_TEXTURES))
        v = DXIL_VERSION(6, 7);
    else if (f & (DXIL_SHADER_FLAG_ATOMIC_INT64_TYPED_RESOURCE |
                  DXIL_SHADER_FLAG_ATOMIC_INT64_GROUP_SHARED |
                  DXIL_SHADER_FLAG_ATOMIC_INT64_HEAP_RESOURCE |
                  DXIL_SHADER_FLAG_RESOURCE_DESCRIPTOR_HEAP_INDEXING |
                  DXIL_SHADER_FLAG_SAMPLER_DESCRIPTOR_HEAP_INDEXING))
        v = DXIL_VERSION(6, 6);
    else if (f & (DXIL_SHADER_FLAG_RAYTRACING_TIER_1_1 | DXIL_SHADER_FLAG_SAMPLER_FEEDBACK))
        v = DXIL_VERSION(6, 5);
    else if (f & DXIL_SHADER_FLAG_SHADING_RATE)
        v = DXIL_VERSION(6, 4);
    else if ((f & DXIL_SHADER_FLAG_LOW_PRECISION) && (f & DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION))
        v = DXIL_VERSION(6, 2);
    else if (f & (DXIL_SHADER_FLAG_VIEW_ID | DXIL_SHADER_FLAG_BARYCENTRICS))
        v = DXIL_VERSION(6, 1);
    return vmax(m, v);
}

/* Before validator 1.8 only these flags raised the model. */
static dxil_version min_before_18(uint64_t f)
{
    if ((f & DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION) && (f & DXIL_SHADER_FLAG_LOW_PRECISION))
        return DXIL_VERSION(6, 2);
    if (f & (DXIL_SHADER_FLAG_BARYCENTRICS | DXIL_SHADER_FLAG_VIEW_ID))
        return DXIL_VERSION(6, 1);
    return 0;
}

/* Kind and model limits of each function (the second loop of
 * ComputeShaderCompatInfo). */
static void compat_finish(compat *k, chk_env *env)
{
    uint32_t valid = valid_kinds(k->c);
    bool v18 = chk_val_at_least(k->c, 1, 8);
    for (size_t i = 0; i < k->n; i++) {
        compat_fn *cf = &k->fns[i];
        const chk_fnkind *e = chk_env_entry(env, cf->fn);
        if (e && e->patch_constant)
            e = NULL; /* DXC keeps no properties for it */
        cf->mask &= e && e->kind != DXIL_SHADER_LIBRARY ? DXIL_STAGE_BIT(e->kind) : valid;
        cf->min = vmax(cf->min, v18 ? min_for_entry(e, cf->flags) : min_before_18(cf->flags));
    }
}

/* ---- the entry walk (CompatibilityChecker) ------------------------------------ */

enum {
    CF_STAGE = 1, CF_MODEL = 2, CF_DERIV_LAUNCH = 4, CF_DERIV_DIM = 8,
    CF_DERIV_MODEL = 16, CF_GROUP = 32
};

typedef struct walk {
    compat *k;
    const chk_fnkind *entry;
    uint32_t mask_deriv, mask_group;
    uint64_t threads[3], launch;
    LLVMValueRef *seen;
    size_t nseen, cap;
} walk;

static uint32_t conflicts(const walk *w, const compat_fn *cf)
{
    uint32_t m = 0;
    if (!(cf->mask & DXIL_STAGE_BIT(w->entry->kind)))
        m |= CF_STAGE;
    if (w->k->c->sm < cf->min)
        m |= CF_MODEL;
    if (cf->flags & SF_USES_DERIVATIVES)
        m |= w->mask_deriv;
    if (cf->flags & SF_REQUIRES_GROUP)
        m |= w->mask_group;
    return m;
}

static const char *launch_name(uint64_t t)
{
    static const char *const names[] = {"Invalid", "Broadcasting", "Coalescing", "Thread"};
    return t < 4 ? names[t] : "Invalid";
}

static void diagnose(walk *w, LLVMValueRef fn, uint32_t m)
{
    chk_ctx *c = w->k->c;
    LLVMValueRef entry = w->entry->fn;
    chk_fail(c, fn == entry ? CHK_SM_INCOMPATIBLEOPERATION : CHK_SM_INCOMPATIBLECALLINENTRY,
             entry, NULL);
    if (m & CF_STAGE) {
        const char *kind = dxil_shader_kind_short_name((uint32_t)w->entry->kind);
        chk_fail(c, CHK_SM_INCOMPATIBLESTAGE, fn, kind ? kind : "invalid", NULL);
    }
    if (m & CF_MODEL)
        chk_fail(c, CHK_SM_INCOMPATIBLESHADERMODEL, fn, NULL);
    if (m & CF_DERIV_LAUNCH)
        chk_fail(c, CHK_SM_INCOMPATIBLEDERIVLAUNCH, fn, launch_name(w->launch), NULL);
    if (m & CF_DERIV_DIM) {
        char x[24], y[24], z[24];
        chk_fail(c, CHK_SM_INCOMPATIBLETHREADGROUPDIM, fn, chk_u64(x, sizeof x, w->threads[0]),
                 chk_u64(y, sizeof y, w->threads[1]), chk_u64(z, sizeof z, w->threads[2]), NULL);
    }
    if (m & CF_DERIV_MODEL)
        chk_fail(c, CHK_SM_INCOMPATIBLEDERIVINCOMPUTESHADERMODEL, fn, NULL);
    if (m & CF_GROUP)
        chk_fail(c, CHK_SM_INCOMPATIBLEREQUIRESGROUP, fn, NULL);
}

static bool walk_first_visit(walk *w, LLVMValueRef fn)
{
    for (size_t i = 0; i < w->nseen; i++)
        if (w->seen[i] == fn)
            return false;
    if (w->nseen == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 16;
        LLVMValueRef *p = realloc(w->seen, cap * sizeof *p);
        if (!p)
            return false;
        w->seen = p;
        w->cap = cap;
    }
    w->seen[w->nseen++] = fn;
    return true;
}

/* Visits fn and its callees in call order; reports a conflict in the
 * function that introduces it (not inherited from a callee). Returns
 * fn's own conflict mask. */
static uint32_t visit(walk *w, LLVMValueRef fn, uint32_t *remaining, unsigned depth)
{
    if (!*remaining || depth > 256 || !walk_first_visit(w, fn))
        return 0;
    compat_fn *cf = compat_of(w->k, fn);
    if (!cf)
        return 0;
    uint32_t own = conflicts(w, cf), from_calls = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (!callee || !LLVMIsAFunction(callee) || LLVMIsDeclaration(callee))
                continue;
            from_calls |= visit(w, callee, remaining, depth + 1);
            if (!*remaining)
                return 0;
        }
    uint32_t introduced = *remaining & own & ~from_calls;
    if (introduced) {
        diagnose(w, fn, introduced);
        *remaining &= ~introduced;
    }
    return own;
}

static void walk_setup(walk *w, chk_ctx *c)
{
    int kind = w->entry->kind;
    bool compute_like = kind == DXIL_SHADER_COMPUTE || kind == DXIL_SHADER_MESH ||
                        kind == DXIL_SHADER_AMPLIFICATION || kind == DXIL_SHADER_NODE;
    LLVMValueRef t = md_tag_value(w->entry->props, DXIL_ENTRY_NUM_THREADS, NULL);
    for (unsigned i = 0; i < 3; i++)
        if (md_operand_uint(t, i, &w->threads[i]) != 0)
            w->threads[i] = 0;
    if (!const_u64(md_tag_value(w->entry->props, DXIL_ENTRY_NODE_LAUNCH_TYPE, NULL), &w->launch))
        w->launch = 0;
    if (c->sm < DXIL_VERSION(6, 6) &&
        (kind == DXIL_SHADER_MESH || kind == DXIL_SHADER_AMPLIFICATION ||
         kind == DXIL_SHADER_COMPUTE)) {
        w->mask_deriv |= CF_DERIV_MODEL;
    } else if (kind == DXIL_SHADER_NODE && w->launch == 3) {
        w->mask_group |= CF_GROUP;
        w->mask_deriv |= CF_DERIV_LAUNCH;
    }
    if (compute_like) {
        /* Derivatives need quads: 1D with X a multiple of 4, else X and Y even. */
        if (w->threads[1] == 1 && w->threads[2] == 1) {
            if (w->threads[0] & 3)
                w->mask_deriv |= CF_DERIV_DIM;
        } else if ((w->threads[0] & 1) || (w->threads[1] & 1)) {
            w->mask_deriv |= CF_DERIV_DIM;
        }
    } else {
        w->mask_group |= CF_GROUP; /* no group outside compute-like stages */
    }
}

static void check_entry(compat *k, const chk_fnkind *e)
{
    compat_fn *cf = compat_of(k, e->fn);
    if (!cf)
        return;
    walk w = {.k = k, .entry = e};
    walk_setup(&w, k->c);
    uint32_t remaining = conflicts(&w, cf);
    if (remaining)
        visit(&w, e->fn, &remaining, 0);
    free(w.seen);
}

int chk_sm_compat(chk_ctx *c)
{
    chk_env *env = chk_env_get(c);
    const sf_module *sf = chk_sf(c);
    if (!env || !sf || c->stage < 0)
        return 0;
    compat k = {.c = c, .fns = calloc(sf->nfns + 1, sizeof *k.fns), .n = sf->nfns};
    if (!k.fns)
        return 0;
    for (size_t i = 0; i < sf->nfns; i++)
        k.fns[i] = (compat_fn){sf->fns[i].fn, ALL_KINDS, DXIL_VERSION(6, 0), sf->fns[i].flags};
    compat_calls(&k);
    if (chk_val_at_least(c, 1, 8))
        compat_propagate(&k);
    compat_finish(&k, env);
    for (size_t i = 0; i < env->nentries && !c->stopped; i++)
        if (!env->entries[i].patch_constant)
            check_entry(&k, &env->entries[i]);
    free(k.fns);
    return 0;
}
