/* chk_instr_ops.c - DXC's ValidateDxilOperationCallInProfile: the rules
 * of particular ops, checked on each call whose overload and signature
 * passed. Handles passed to an op must be defined and come from a handle
 * creation; math ops must not take an infinite immediate; barriers take
 * constant flags within the defined bits, group flags only where groups
 * exist, node flags only in node shaders; ray query flags are
 * immediates; handle creation fits the profile; shader execution
 * reordering ops do not take undef hit objects or parameters; node
 * shaders read only the thread ids their launch type has; 64-bit atomics
 * need shader model 6.6; resource ops (chk_instr_res.c). */
#include "chk_instr.h"
#include "chk_res.h"

#include "dxil_optable_gen.h"
#include "module/md_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct op_call {
    chk_ctx *c;
    chk_env *e;
    LLVMValueRef call;
    const dxil_op_info *op;
    int kind;                /* DXC's shader kind for the caller */
    unsigned launch;         /* node launch type (0: none) */
} op_call;

static LLVMValueRef arg(const op_call *o, unsigned i)
{
    return i < (unsigned)LLVMGetNumArgOperands(o->call) ? LLVMGetOperand(o->call, i) : NULL;
}

static void fail(const op_call *o, chk_rule r)
{
    chk_fail(o->c, r, o->call, NULL);
}

static bool cs_like(int kind)
{
    return kind == DXIL_SHADER_COMPUTE || kind == DXIL_SHADER_MESH ||
           kind == DXIL_SHADER_AMPLIFICATION || kind == DXIL_SHADER_NODE;
}

/* ---- handles ---------------------------------------------------------------------- */

static const char *type_struct_name(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
}

/* Handle arguments: defined, and a resource handle one DXC can map. */
static void check_handle_args(const op_call *o)
{
    uint32_t oc = o->op->opcode;
    if (oc == DXIL_OP_AnnotateHandle || oc == DXIL_OP_AnnotateNodeHandle ||
        oc == DXIL_OP_AnnotateNodeRecordHandle || oc == DXIL_OP_CreateHandleForLib)
        return;
    for (unsigned i = 1, n = (unsigned)LLVMGetNumArgOperands(o->call); i < n; i++) {
        LLVMValueRef v = LLVMGetOperand(o->call, i);
        const char *name = type_struct_name(LLVMTypeOf(v));
        if (!name || (strcmp(name, "dx.types.Handle") != 0 &&
                      strcmp(name, "dx.types.NodeHandle") != 0 &&
                      strcmp(name, "dx.types.NodeRecordHandle") != 0))
            continue;
        if (LLVMIsUndef(v) || LLVMIsAConstantAggregateZero(v) || LLVMIsNull(v))
            fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        else if (strcmp(name, "dx.types.Handle") == 0)
            chk_res_of_handle(o->c, o->e, v, true);
    }
}

/* ---- math immediates --------------------------------------------------------------- */

static bool is_infinite(LLVMValueRef v)
{
    LLVMBool loses;
    return v && LLVMIsAConstantFP(v) && isinf(LLVMConstRealGetDouble(v, &loses));
}

static void check_math(const op_call *o)
{
    static const struct { uint32_t op; chk_rule rule; } imm[] = {
        {DXIL_OP_Asin, CHK_INSTR_NOINDEFINITEASIN}, {DXIL_OP_Acos, CHK_INSTR_NOINDEFINITEACOS},
        {DXIL_OP_Log, CHK_INSTR_NOINDEFINITELOG},   {DXIL_OP_DerivFineX, CHK_INSTR_NOINDEFINITEDSXY},
        {DXIL_OP_DerivFineY, CHK_INSTR_NOINDEFINITEDSXY},
        {DXIL_OP_DerivCoarseX, CHK_INSTR_NOINDEFINITEDSXY},
        {DXIL_OP_DerivCoarseY, CHK_INSTR_NOINDEFINITEDSXY}};
    for (size_t i = 0; i < sizeof imm / sizeof *imm; i++) {
        if (imm[i].op != o->op->opcode)
            continue;
        if (is_infinite(arg(o, 1)))
            fail(o, imm[i].rule);
        int sk = o->c->stage;
        bool csish = sk == DXIL_SHADER_MESH || sk == DXIL_SHADER_AMPLIFICATION ||
                     sk == DXIL_SHADER_COMPUTE;
        if (imm[i].rule == CHK_INSTR_NOINDEFINITEDSXY && csish && o->c->sm < DXIL_VERSION(6, 6))
            chk_fail(o->c, CHK_SM_OPCODEININVALIDFUNCTION, o->call, "Derivatives in CS/MS/AS",
                     "Shader Model 6.6+", NULL);
    }
}

/* ---- barriers ------------------------------------------------------------------------- */

enum { MODE_UGLOBAL = 2, MODE_UGROUP = 4, MODE_TGSM = 8 };
enum { MEM_ALL = 0xF, MEM_GROUP = 0x2, MEM_NODE = 0xC, SEM_GROUP = 0x3 };

static bool const_u32(LLVMValueRef v, uint32_t *out)
{
    if (!v || !LLVMIsAConstantInt(v))
        return false;
    *out = (uint32_t)LLVMConstIntGetZExtValue(v);
    return true;
}

static void check_flag(const op_call *o, LLVMValueRef v, uint32_t valid, const char *what,
                       const char *opname)
{
    uint32_t f;
    char note[64];
    if (!const_u32(v, &f)) {
        fail(o, CHK_INSTR_BARRIERNONCONSTANTFLAGARGUMENT);
    } else if (f & ~valid) {
        snprintf(note, sizeof note, "(0x%x sets bits outside 0x%x)", f, valid);
        chk_fail_note(o->c, CHK_INSTR_BARRIERFLAGINVALID, o->call, note, what, opname, NULL);
    }
}

static void check_barrier_mode(const op_call *o, bool lib_fn)
{
    uint32_t mode;
    if (!const_u32(arg(o, 1), &mode)) {
        chk_fail(o->c, CHK_INSTR_OPCONST, o->call, "Mode", "Barrier", NULL);
        return;
    }
    if (cs_like(o->kind) || lib_fn) {
        if ((mode & MODE_UGLOBAL) && (mode & MODE_UGROUP))
            fail(o, CHK_INSTR_BARRIERMODEUSELESSUGROUP);
        if (!(mode & (MODE_UGLOBAL | MODE_TGSM | MODE_UGROUP)))
            fail(o, CHK_INSTR_BARRIERMODENOMEMORY);
    } else if (mode != MODE_UGLOBAL) {
        fail(o, CHK_INSTR_BARRIERMODEFORNONCS);
    }
}

/* OP::BarrierRequiresGroup / BarrierRequiresNode: AllMemory masks what
 * the stage lacks. */
static void check_barrier_flags(const op_call *o, bool lib_fn)
{
    uint32_t oc = o->op->opcode, mem = 0, sem = 0;
    bool by_type = oc == DXIL_OP_BarrierByMemoryType;
    const char *name = by_type ? "BarrierByMemoryType"
                       : oc == DXIL_OP_BarrierByNodeRecordHandle ? "barrierByNodeRecordHandle"
                                                                 : "barrierByMemoryHandle";
    uint32_t sem_valid = o->c->dxil >= DXIL_VERSION(1, 9) ? 0xF : 0x7;
    if (by_type)
        check_flag(o, arg(o, 1), MEM_ALL, "memory type", name);
    check_flag(o, arg(o, 2), sem_valid, "semantic", name);
    bool mem_known = by_type && const_u32(arg(o, 1), &mem);
    bool node = oc == DXIL_OP_BarrierByNodeRecordHandle ||
                (mem_known && mem != MEM_ALL && (mem & MEM_NODE));
    bool group = (mem_known && mem != MEM_ALL && (mem & MEM_GROUP)) ||
                 (const_u32(arg(o, 2), &sem) && (sem & SEM_GROUP));
    if (!lib_fn && o->kind != DXIL_SHADER_NODE && node)
        fail(o, CHK_INSTR_BARRIERREQUIRESNODE);
    if (!cs_like(o->kind) && !lib_fn && group)
        fail(o, CHK_INSTR_BARRIERMODEFORNONCS);
}

/* ---- the rest ---------------------------------------------------------------------------- */

static void check_ray_query(const op_call *o)
{
    LLVMValueRef f1 = arg(o, 1), f2 = arg(o, 2);
    if (o->op->opcode == DXIL_OP_AllocateRayQuery) {
        if (f1 && !LLVMIsConstant(f1))
            fail(o, CHK_DECL_ALLOCATERAYQUERYFLAGSARECONST);
        return;
    }
    if (!f1 || !f2 || !LLVMIsConstant(f1) || !LLVMIsConstant(f2)) {
        fail(o, CHK_DECL_ALLOCATERAYQUERY2FLAGSARECONST);
        return;
    }
    uint32_t a, b;
    if (const_u32(f1, &a) && const_u32(f2, &b) && (a & 0x400) && !(b & 1))
        fail(o, CHK_DECL_ALLOWOPACITYMICROMAPSEXPECTEDGIVENFORCEOMM2STATE);
}

static void check_handle_creation(const op_call *o)
{
    if (o->op->opcode == DXIL_OP_CreateHandleForLib) {
        if (!o->e->lib)
            chk_fail(o->c, CHK_SM_OPCODEININVALIDFUNCTION, o->call, "CreateHandleForLib",
                     "Library", NULL);
        return;
    }
    if (o->e->lib)
        chk_fail(o->c, CHK_SM_OPCODEININVALIDFUNCTION, o->call, "CreateHandle",
                 "non-library targets", NULL);
    if (o->c->dxil > DXIL_VERSION(1, 5))
        chk_fail(o->c, CHK_SM_OPCODEININVALIDFUNCTION, o->call, "CreateHandle",
                 "Shader model 6.5 and below", NULL);
}

static const char *launch_name(unsigned t)
{
    return t == 1 ? "Broadcasting" : t == 2 ? "Coalescing" : t == 3 ? "Thread" : "Invalid";
}

/* Node shaders: the thread ids each launch type has. */
static void check_launch(const op_call *o)
{
    static const struct { uint32_t op; const char *name, *sv; bool coalescing; } ids[] = {
        {DXIL_OP_ThreadId, "ThreadId", "SV_DispatchThreadID", false},
        {DXIL_OP_GroupId, "GroupId", "SV_GroupId", false},
        {DXIL_OP_ThreadIdInGroup, "ThreadIdInGroup", "SV_GroupThreadID", true},
        {DXIL_OP_FlattenedThreadIdInGroup, "FlattenedThreadIdInGroup", "SV_GroupIndex", true}};
    if (o->kind != DXIL_SHADER_NODE)
        return;
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++)
        if (ids[i].op == o->op->opcode && o->launch != 1 &&
            !(ids[i].coalescing && o->launch == 2))
            chk_fail(o->c, CHK_INSTR_SVCONFLICTINGLAUNCHMODE, o->call, ids[i].name, ids[i].sv,
                     launch_name(o->launch), NULL);
}

static void check_atomic(const op_call *o)
{
    LLVMTypeRef fty = LLVMGlobalGetValueType(LLVMGetCalledValue(o->call));
    LLVMTypeRef ret = LLVMGetReturnType(fty);
    if (LLVMGetTypeKind(ret) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ret) == 64 &&
        o->c->sm < DXIL_VERSION(6, 6))
        chk_fail(o->c, CHK_SM_OPCODEININVALIDFUNCTION, o->call, "64-bit atomic operations",
                 "Shader Model 6.6+", NULL);
    LLVMValueRef h = arg(o, 1);
    if (!h || !LLVMIsACallInst(h) || chk_res_of_handle(o->c, o->e, h, false).cls != CHK_RES_UAV)
        fail(o, CHK_INSTR_ATOMICINTRINNONUAV);
}

static void check_special_float(const op_call *o)
{
    LLVMValueRef v = arg(o, 1);
    LLVMTypeRef t = v ? LLVMTypeOf(v) : NULL;
    if (t && LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    if (t && LLVMGetTypeKind(t) == LLVMHalfTypeKind && o->c->sm < DXIL_VERSION(6, 9))
        chk_fail(o->c, CHK_SM_ISSPECIALFLOAT, o->call, NULL);
}

/* ---- shader execution reordering ------------------------------------------------- */

static bool undef_arg(const op_call *o, unsigned i)
{
    LLVMValueRef v = arg(o, i);
    return v && LLVMIsUndef(v);
}

/* An immediate operand within [lo, hi] (ValidateConstantRangeUnsigned). */
static void check_range(const op_call *o, unsigned i, const char *name, uint64_t lo, uint64_t hi)
{
    LLVMValueRef v = arg(o, i);
    if (!v || !LLVMIsAConstantInt(v)) {
        chk_fail(o->c, CHK_INSTR_OPCONST, o->call, name, o->op->name, NULL);
        return;
    }
    uint64_t x = LLVMConstIntGetZExtValue(v);
    if (x < lo || x > hi) {
        char range[32], got[24];
        snprintf(range, sizeof range, "%llu~%llu", (unsigned long long)lo, (unsigned long long)hi);
        snprintf(got, sizeof got, "%llu", (unsigned long long)x);
        chk_fail(o->c, CHK_INSTR_OPERANDRANGE, o->call, name, range, got, NULL);
    }
}

static bool is_hit_getter(uint32_t oc)
{
    static const uint32_t ops[] = {
        DXIL_OP_HitObject_GeometryIndex, DXIL_OP_HitObject_HitKind, DXIL_OP_HitObject_InstanceID,
        DXIL_OP_HitObject_InstanceIndex, DXIL_OP_HitObject_IsHit, DXIL_OP_HitObject_IsMiss,
        DXIL_OP_HitObject_IsNop, DXIL_OP_HitObject_PrimitiveIndex, DXIL_OP_HitObject_RayFlags,
        DXIL_OP_HitObject_RayTCurrent, DXIL_OP_HitObject_RayTMin,
        DXIL_OP_HitObject_ShaderTableIndex, DXIL_OP_HitObject_ClusterID,
        DXIL_OP_HitObject_TriangleObjectPosition};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (ops[i] == oc)
            return true;
    return false;
}

/* Hit objects are never undef (Instr.UndefHitObject), nor the parameters
 * DXC names (Instr.NoReadingUninitialized); component, row and column
 * immediates in range; a root table offset a multiple of 4. */
static void check_ser(const op_call *o)
{
    uint32_t oc = o->op->opcode;
    unsigned n = (unsigned)LLVMGetNumArgOperands(o->call);
    if (is_hit_getter(oc) || oc == DXIL_OP_HitObject_ObjectRayDirection ||
        oc == DXIL_OP_HitObject_ObjectRayOrigin || oc == DXIL_OP_HitObject_WorldRayDirection ||
        oc == DXIL_OP_HitObject_WorldRayOrigin || oc == DXIL_OP_HitObject_WorldToObject3x4 ||
        oc == DXIL_OP_HitObject_ObjectToWorld3x4 || oc == DXIL_OP_HitObject_Invoke ||
        oc == DXIL_OP_HitObject_SetShaderTableIndex || oc == DXIL_OP_MaybeReorderThread ||
        oc == DXIL_OP_HitObject_LoadLocalRootTableConstant) {
        if (undef_arg(o, 1))
            fail(o, CHK_INSTR_UNDEFHITOBJECT);
    }
    switch (oc) {
    case DXIL_OP_MaybeReorderThread: {
        uint32_t bits = 0;
        if (undef_arg(o, 3) || (const_u32(arg(o, 3), &bits) && bits && undef_arg(o, 2)))
            fail(o, CHK_INSTR_MAYREORDERTHREADUNDEFCOHERENCEHINTPARAM);
        break;
    }
    case DXIL_OP_HitObject_MakeMiss:
        if (undef_arg(o, 1) || undef_arg(o, 2))
            fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        break;
    case DXIL_OP_HitObject_LoadLocalRootTableConstant: {
        uint32_t off;
        if (undef_arg(o, 2))
            fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        if (const_u32(arg(o, 2), &off) && off % 4) {
            char got[16];
            snprintf(got, sizeof got, "%u", off);
            chk_fail(o->c, CHK_INSTR_PARAMMULTIPLE, o->call, "offset", "4", got, NULL);
        }
        break;
    }
    case DXIL_OP_HitObject_SetShaderTableIndex: case DXIL_OP_HitObject_Invoke:
        if (undef_arg(o, 2))
            fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        break;
    case DXIL_OP_HitObject_ObjectRayDirection: case DXIL_OP_HitObject_ObjectRayOrigin:
    case DXIL_OP_HitObject_WorldRayDirection: case DXIL_OP_HitObject_WorldRayOrigin:
        check_range(o, 2, "component", 0, 2);
        break;
    case DXIL_OP_HitObject_WorldToObject3x4: case DXIL_OP_HitObject_ObjectToWorld3x4:
        check_range(o, 2, "row", 0, 2);
        check_range(o, 3, "column", 0, 3);
        break;
    case DXIL_OP_HitObject_FromRayQuery: case DXIL_OP_HitObject_FromRayQueryWithAttrs:
        for (unsigned i = 1; i < n; i++)
            if (undef_arg(o, i))
                fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        break;
    case DXIL_OP_HitObject_TraceRay: {
        LLVMValueRef h = arg(o, 1);
        chk_res r = h ? chk_res_of_handle(o->c, o->e, h, false) : (chk_res){0};
        if (r.cls == CHK_RES_INVALID || r.kind != RK_RTAS)
            fail(o, CHK_INSTR_RESOURCEKINDFORTRACERAY);
        for (unsigned i = 2; i < n; i++)
            if (undef_arg(o, i))
                fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        break;
    }
    case DXIL_OP_RayQuery_CandidateClusterID: case DXIL_OP_RayQuery_CommittedClusterID:
    case DXIL_OP_RayQuery_CandidateTriangleObjectPosition:
    case DXIL_OP_RayQuery_CommittedTriangleObjectPosition:
        if (undef_arg(o, 1))
            fail(o, CHK_INSTR_NOREADINGUNINITIALIZED);
        break;
    default:
        break;
    }
}

static unsigned node_launch(const chk_env *e, LLVMValueRef fn)
{
    const chk_fnkind *k = chk_env_entry(e, fn);
    uint64_t t = 0;
    if (k && k->props)
        const_u64(md_tag_value(k->props, DXIL_ENTRY_NODE_LAUNCH_TYPE, NULL), &t);
    return (unsigned)t;
}

void chk_instr_op_call(chk_ctx *c, chk_env *e, LLVMValueRef call, const dxil_op_info *op)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    op_call o = {c, e, call, op, chk_env_kind_of(c, e, fn), node_launch(e, fn)};
    bool lib_fn = o.kind == DXIL_SHADER_LIBRARY;
    check_handle_args(&o);
    check_math(&o);
    check_ser(&o);
    if (chk_sig_is_op(op->opcode)) {
        chk_sig_op(c, e, call, op->opcode);
        return;
    }
    if (chk_linalg_op(c, e, call, op))
        return;
    switch (op->opcode) {
    case DXIL_OP_Barrier: check_barrier_mode(&o, lib_fn); break;
    case DXIL_OP_BarrierByMemoryType: case DXIL_OP_BarrierByMemoryHandle:
    case DXIL_OP_BarrierByNodeRecordHandle:
        check_barrier_flags(&o, lib_fn);
        break;
    case DXIL_OP_AllocateRayQuery: case DXIL_OP_AllocateRayQuery2: check_ray_query(&o); break;
    case DXIL_OP_CreateHandle: case DXIL_OP_CreateHandleForLib: check_handle_creation(&o); break;
    case DXIL_OP_ThreadId: case DXIL_OP_GroupId: case DXIL_OP_ThreadIdInGroup:
    case DXIL_OP_FlattenedThreadIdInGroup:
        check_launch(&o);
        break;
    case DXIL_OP_AtomicBinOp: case DXIL_OP_AtomicCompareExchange: check_atomic(&o); break;
    case DXIL_OP_IsInf: case DXIL_OP_IsNaN: case DXIL_OP_IsFinite: case DXIL_OP_IsNormal:
        check_special_float(&o);
        break;
    default:
        chk_res_op(c, e, call, op);
        break;
    }
}
