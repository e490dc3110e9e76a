/* lower_ops.c - table-driven op lowering: every call to an intrinsic the
 * op table maps (dxil_optable_select_lower) becomes the dx.op call the map
 * describes, the inverse of the table-driven raise. The map gives each
 * dx.op operand (an intrinsic argument or a constant) and how the results
 * relate; custom maps (handles, buffers, ...) belong to other passes. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct ops_call {
    lower_ctx *lc;
    LLVMValueRef call;
} ops_call;

/* Constant intrinsic argument `index` for the map's const_args check. */
static bool ops_get_const(void *ctx, unsigned index, int64_t *value)
{
    ops_call *oc = ctx;
    unsigned n = (unsigned)LLVMGetNumArgOperands(oc->call);
    uint64_t v;
    if (index >= n || !LLVMIsAConstantInt(LLVMGetOperand(oc->call, index)))
        return false;
    v = (uint64_t)LLVMConstIntGetSExtValue(LLVMGetOperand(oc->call, index));
    *value = (int64_t)v;
    return true;
}

static const dxil_map_operand *ops_map_operand(const dxil_intrinsic_map *m, unsigned operand)
{
    for (unsigned i = 0; i < m->n_operands; i++)
        if (m->operands[i].operand == operand)
            return &m->operands[i];
    return NULL;
}

/* The overload type of the dx.op: the type of whatever the table says
 * carries $o, the intrinsic result or the argument mapped there. */
LLVMTypeRef lower_ops_overload(const dxil_op_info *op, const dxil_intrinsic_map *m,
                               LLVMValueRef call)
{
    const dxil_overload_set *set = dxil_op_overloads_latest(op);
    if (!set || set->ndims == 0)
        return NULL;
    if (op->result.type == DXIL_TY_OVERLOAD && m->result == DXIL_MAP_RESULT_SAME)
        return LLVMTypeOf(call);
    for (unsigned i = 1; i < op->n_params; i++) {
        const dxil_map_operand *mo = ops_map_operand(m, i);
        if (op->params[i].type == DXIL_TY_OVERLOAD && mo && mo->source == DXIL_MAP_FROM_ARG &&
            mo->arg < LLVMGetNumArgOperands(call))
            return LLVMTypeOf(LLVMGetOperand(call, mo->arg));
    }
    return LLVMTypeOf(call);
}

static dxil_scalar_kind ops_guess_kind(LLVMValueRef call)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) == LLVMVoidTypeKind || LLVMGetTypeKind(t) == LLVMStructTypeKind ||
        lower_scalar_kind(t) == DXIL_SCALAR_VOID) {
        if (LLVMGetNumArgOperands(call) == 0)
            return DXIL_SCALAR_VOID;
        t = LLVMTypeOf(LLVMGetOperand(call, 0));
    }
    return lower_scalar_kind(t);
}

/* dx.op operands 1..n-1 from the map; unmapped ones are undef. */
static bool ops_args(lower_ctx *lc, const dxil_op_info *op, const dxil_intrinsic_map *m,
                     LLVMValueRef call, LLVMTypeRef ov, LLVMValueRef *args)
{
    for (unsigned i = 1; i < op->n_params; i++) {
        const dxil_map_operand *mo = ops_map_operand(m, i);
        LLVMTypeRef pt = lower_type_for_code(lc, op->params[i].type, ov);
        if (!pt)
            return false;
        args[i - 1] = NULL;
        if (mo && mo->source == DXIL_MAP_CONST)
            args[i - 1] = LLVMConstInt(pt, (unsigned long long)mo->value, 1);
        else if (mo && mo->arg < LLVMGetNumArgOperands(call))
            args[i - 1] = LLVMGetOperand(call, mo->arg);
    }
    return true;
}

/* Named struct result -> the intrinsic's literal struct or vector. */
static LLVMValueRef ops_rebuild(lower_ctx *lc, LLVMValueRef r, LLVMTypeRef want)
{
    LLVMValueRef agg = LLVMGetUndef(want);
    bool vec = LLVMGetTypeKind(want) == LLVMVectorTypeKind;
    unsigned n = vec ? LLVMGetVectorSize(want) : LLVMCountStructElementTypes(want);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef f = LLVMBuildExtractValue(lc->b, r, i, "");
        agg = vec ? LLVMBuildInsertElement(lc->b, agg, f, lower_i32(lc, i), "")
                  : LLVMBuildInsertValue(lc->b, agg, f, i, "");
    }
    return agg;
}

static unsigned ops_int_bits(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
}

/* cast-i32 results: the raiser's trunc/zext of the intrinsic back to the
 * dx.op's i32 type is the dx.op result itself; other users get a cast. */
static void ops_cast_result(lower_ctx *lc, LLVMValueRef call, LLVMValueRef r)
{
    LLVMTypeRef want = LLVMTypeOf(call);
    for (LLVMUseRef u = LLVMGetFirstUse(call), next; u; u = next) {
        LLVMValueRef c = LLVMGetUser(u);
        LLVMOpcode op = LLVMIsAInstruction(c) ? LLVMGetInstructionOpcode(c) : LLVMRet;
        next = LLVMGetNextUse(u);
        if ((op == LLVMTrunc || op == LLVMZExt) && LLVMTypeOf(c) == LLVMTypeOf(r)) {
            lower_replace(lc, c, r);
            LLVMSetOperand(c, 0, LLVMGetUndef(want)); /* c is dead: drop its use */
        }
    }
    if (!LLVMGetFirstUse(call)) {
        lower_kill(lc, call);
        return;
    }
    unsigned wb = ops_int_bits(want), rb = ops_int_bits(LLVMTypeOf(r));
    if (!wb || !rb || wb == rb) {
        lower_warn(lc, "cast-i32 result of unexpected type; call kept");
        lower_kill(lc, r);
        return;
    }
    lower_replace(lc, call, wb > rb ? LLVMBuildZExt(lc->b, r, want, "")
                                    : LLVMBuildTrunc(lc->b, r, want, ""));
}

/* Whether ev reads one field of the intrinsic's result: an extractvalue
 * of a struct, or an extractelement of a constant lane of a vector (the
 * raise put those where DXC read the dx.op's struct, e.g. waveActiveBallot). */
static bool ops_field_read(LLVMValueRef ev, LLVMValueRef call, unsigned *field)
{
    uint64_t lane;
    if (LLVMIsAExtractValueInst(ev) && LLVMGetNumIndices(ev) == 1) {
        *field = LLVMGetIndices(ev)[0];
        return true;
    }
    LLVMTypeRef t = LLVMTypeOf(call);
    if (!LLVMIsAExtractElementInst(ev) || LLVMGetOperand(ev, 0) != call ||
        !const_u64(LLVMGetOperand(ev, 1), &lane) || lane >= LLVMGetVectorSize(t))
        return false;
    *field = (unsigned)lane;
    return true;
}

/* Replaces `call` by dx.op result r, converting per map->result. Struct
 * results are read through extractvalue directly where possible. */
static void ops_result(lower_ctx *lc, const dxil_intrinsic_map *m, LLVMValueRef call,
                       LLVMValueRef r)
{
    LLVMTypeRef want = LLVMTypeOf(call);
    if (LLVMGetTypeKind(want) == LLVMVoidTypeKind || LLVMTypeOf(r) == want) {
        lower_replace(lc, call, r);
        return;
    }
    if (m->result == DXIL_MAP_RESULT_CAST_I32) {
        ops_cast_result(lc, call, r);
        return;
    }
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetFirstUse(call)) {
        LLVMValueRef ev = LLVMGetUser(u);
        unsigned field;
        if (!ops_field_read(ev, call, &field))
            break;
        LLVMPositionBuilderBefore(lc->b, ev);
        lower_replace(lc, ev, LLVMBuildExtractValue(lc->b, r, field, ""));
        LLVMSetOperand(ev, 0, LLVMGetUndef(want));
    }
    if (LLVMGetFirstUse(call)) {
        LLVMPositionBuilderBefore(lc->b, call);
        lower_replace(lc, call, ops_rebuild(lc, r, want));
    } else {
        lower_kill(lc, call);
    }
}

const dxil_intrinsic_ref *lower_ops_select(lower_ctx *lc, LLVMValueRef call,
                                           const char *base)
{
    ops_call oc = {lc, call};
    return dxil_optable_select_lower(lc->table, base, lc->dxil, ops_guess_kind(call),
                                     ops_get_const, &oc);
}

static bool ops_lower_one(lower_ctx *lc, LLVMValueRef call, const dxil_intrinsic_ref *ref)
{
    const dxil_op_info *op = ref->op;
    const dxil_intrinsic_map *m = ref->map;
    LLVMValueRef args[32];
    if (op->n_params > 32)
        return false;
    LLVMTypeRef ov = lower_ops_overload(op, m, call);
    if (!ops_args(lc, op, m, call, ov, args))
        return false;
    LLVMPositionBuilderBefore(lc->b, call);
    LLVMValueRef r = lower_dxop_call_op(lc, op, ov, args, op->n_params - 1u, "");
    if (!r)
        return false;
    lower_precise(lc, call, r);
    ops_result(lc, m, call, r);
    return true;
}

static void ops_lower_fn(lower_ctx *lc, LLVMValueRef fn, const char *base)
{
    LLVMValueRef *calls;
    size_t n = lower_collect_calls(fn, &calls);
    for (size_t i = 0; i < n; i++) {
        const dxil_intrinsic_ref *ref = lower_ops_select(lc, calls[i], base);
        if (!ref || ref->map->custom != DXIL_MAP_TABLE)
            continue; /* a custom pass owns it, or LLVM keeps it as is */
        if (ops_lower_one(lc, calls[i], ref)) {
            lc->n_lowered++;
        } else {
            lower_warn(lc, "%s could not be lowered to %s; kept", base, ref->op->name);
            lc->n_kept++;
        }
    }
    free(calls);
}

int lower_ops(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[128];
        const dxil_intrinsic_ref *first;
        if (!lower_intrinsic_base(fn, base, sizeof base) ||
            dxil_optable_find_intrinsic(lc->table, base, &first) == 0)
            continue;
        ops_lower_fn(lc, fn, base);
    }
    lower_erase_dead(lc);
    return 0;
}
