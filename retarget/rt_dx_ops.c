/* rt_dx_ops.c - the dx-ops pass: the dx.op calls the raise keeps (LLVM 22
 * has no intrinsic for them) that have an exact Vulkan form in what LLVM
 * 22's SPIR-V backend selects, written out in plain IR and llvm.spv.*
 * calls:
 *   Bfi                 shifts and masks, D3D's definition (widths mod 32)
 *   Pack4x8, Unpack4x8  shifts, masks and clamps (SM 6.6 pack/unpack)
 *   LegacyF32ToF16      fptrunc to half (round to nearest even)
 *   WaveReadLaneFirst   readlane at the lowest lane of ballot(true)
 *   WaveActiveAllEqual  all(x == WaveReadLaneFirst(x)), lane by lane
 * The rest stay for the check pass to refuse by name. The backend has no
 * other wave op (prefix ops, bit and product reductions, matches), and
 * its fences carry no storage-class semantics, so DXIL's barriers other
 * than GroupMemoryBarrierWithGroupSync (which the raise makes an
 * intrinsic) would order nothing in Vulkan: refused too. */
#include "retarget_internal.h"

#include "dxil_optable_gen.h"
#include "module/dxop_calls.h"

#include <stdlib.h>

typedef void (*rt_op_fn)(rt_ctx *rc, LLVMValueRef call);

static LLVMValueRef rt_op_arg(LLVMValueRef call, unsigned i)
{
    return LLVMGetOperand(call, i + 1); /* operand 0 is the opcode */
}

/* Bfi(width, offset, value, replaced): D3D's bfi. */
static void rt_bfi(rt_ctx *rc, LLVMValueRef call)
{
    LLVMBuilderRef b = rc->b;
    LLVMValueRef w = LLVMBuildAnd(b, rt_op_arg(call, 0), rt_i32(rc, 31), "");
    LLVMValueRef off = LLVMBuildAnd(b, rt_op_arg(call, 1), rt_i32(rc, 31), "");
    LLVMValueRef ones = LLVMBuildSub(b, LLVMBuildShl(b, rt_i32(rc, 1), w, ""), rt_i32(rc, 1), "");
    LLVMValueRef mask = LLVMBuildShl(b, ones, off, "");
    LLVMValueRef ins = LLVMBuildAnd(b, LLVMBuildShl(b, rt_op_arg(call, 2), off, ""), mask, "");
    LLVMValueRef keep = LLVMBuildAnd(b, rt_op_arg(call, 3), LLVMBuildNot(b, mask, ""), "");
    rt_replace(rc, call, LLVMBuildOr(b, ins, keep, ""));
}

/* Pack4x8(mode, x, y, z, w): mode 0 truncates, 1 clamps to [0, 255],
 * 2 to [-128, 127]; the low bytes packed x first. */
static void rt_pack4x8(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef mode = rt_op_arg(call, 0);
    if (!LLVMIsAConstantInt(mode) || LLVMConstIntGetZExtValue(mode) > 2) {
        rt_refuse(rc, call, "a pack4x8 of unknown mode");
        return;
    }
    uint64_t m = LLVMConstIntGetZExtValue(mode);
    LLVMValueRef out = rt_i32(rc, 0);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef v = LLVMBuildSExt(rc->b, rt_op_arg(call, 1 + i), rt_i32_type(rc), "");
        if (m) {
            LLVMValueRef lo = rt_i32(rc, m == 1 ? 0 : (uint64_t)-128);
            LLVMValueRef hi = rt_i32(rc, m == 1 ? 255 : 127);
            LLVMValueRef sel = LLVMBuildICmp(rc->b, LLVMIntSLT, v, lo, "");
            v = LLVMBuildSelect(rc->b, sel, lo, v, "");
            sel = LLVMBuildICmp(rc->b, LLVMIntSGT, v, hi, "");
            v = LLVMBuildSelect(rc->b, sel, hi, v, "");
        }
        v = LLVMBuildAnd(rc->b, v, rt_i32(rc, 255), "");
        out = LLVMBuildOr(rc->b, out, LLVMBuildShl(rc->b, v, rt_i32(rc, 8 * i), ""), "");
    }
    rt_replace(rc, call, out);
}

/* Unpack4x8(mode, packed): four bytes, zero- (0) or sign-extended (1). */
static void rt_unpack4x8(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef mode = rt_op_arg(call, 0);
    LLVMTypeRef st = LLVMTypeOf(call);
    if (!LLVMIsAConstantInt(mode) || LLVMConstIntGetZExtValue(mode) > 1 ||
        LLVMGetTypeKind(st) != LLVMStructTypeKind || LLVMCountStructElementTypes(st) != 4) {
        rt_refuse(rc, call, "an unpack4x8 of unknown mode or shape");
        return;
    }
    bool sign = LLVMConstIntGetZExtValue(mode) == 1;
    LLVMTypeRef et = LLVMStructGetTypeAtIndex(st, 0);
    LLVMValueRef fields[4];
    /* in i32 throughout: LLVM 22's backend folds a trunc to i8 and an
     * extension from it into an and of mismatched widths */
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef pk = rt_op_arg(call, 1);
        LLVMValueRef v = sign ? LLVMBuildAShr(rc->b, LLVMBuildShl(rc->b, pk, rt_i32(rc, 24 - 8 * i), ""),
                                              rt_i32(rc, 24), "")
                              : LLVMBuildAnd(rc->b, LLVMBuildLShr(rc->b, pk, rt_i32(rc, 8 * i), ""),
                                             rt_i32(rc, 255), "");
        fields[i] = rt_scalar_bits(et) < 32 ? LLVMBuildTrunc(rc->b, v, et, "") : v;
    }
    rt_replace_fields(rc, call, fields, 4);
}

static void rt_f32_to_f16(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef h = LLVMBuildFPTrunc(rc->b, rt_op_arg(call, 0), LLVMHalfTypeInContext(rc->ctx), "");
    LLVMValueRef bits = LLVMBuildBitCast(rc->b, h, LLVMInt16TypeInContext(rc->ctx), "");
    rt_replace(rc, call, LLVMBuildZExt(rc->b, bits, rt_i32_type(rc), ""));
}

/* The lowest active lane: the first set bit of ballot(true). */
static LLVMValueRef rt_first_lane(rt_ctx *rc)
{
    LLVMValueRef yes = LLVMConstInt(LLVMInt1TypeInContext(rc->ctx), 1, 0);
    LLVMValueRef mask = rt_intrinsic(rc, "llvm.spv.wave.ballot", NULL, 0, &yes, 1);
    LLVMValueRef lane = NULL;
    for (unsigned i = 4; i-- > 0;) {
        LLVMValueRef w = LLVMBuildExtractElement(rc->b, mask, rt_i32(rc, i), "");
        LLVMTypeRef i32 = rt_i32_type(rc);
        LLVMValueRef low = rt_intrinsic(rc, "llvm.spv.firstbitlow", &i32, 1, &w, 1);
        LLVMValueRef at = LLVMBuildAdd(rc->b, low, rt_i32(rc, 32 * i), "");
        if (!lane) {
            lane = at;
            continue;
        }
        LLVMValueRef set = LLVMBuildICmp(rc->b, LLVMIntNE, w, rt_i32(rc, 0), "");
        lane = LLVMBuildSelect(rc->b, set, at, lane, "");
    }
    return lane;
}

/* x read at `lane`, lane by lane for vectors. */
static LLVMValueRef rt_read_lane(rt_ctx *rc, LLVMValueRef x, LLVMValueRef lane)
{
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef args[2] = {x, lane};
    return rt_intrinsic(rc, "llvm.spv.wave.readlane", &t, 1, args, 2);
}

static bool rt_wave_type_ok(rt_ctx *rc, LLVMValueRef call, LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 4) {
        rt_refuse(rc, call, "a wave op on a vector of more than four lanes");
        return false;
    }
    return true;
}

static void rt_read_first(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef x = rt_op_arg(call, 0);
    if (rt_wave_type_ok(rc, call, LLVMTypeOf(x)))
        rt_replace(rc, call, rt_read_lane(rc, x, rt_first_lane(rc)));
}

static void rt_all_equal(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef x = rt_op_arg(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (!rt_wave_type_ok(rc, call, t))
        return;
    LLVMValueRef first = rt_read_lane(rc, x, rt_first_lane(rc));
    bool vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
    bool fp = LLVMGetTypeKind(vec ? LLVMGetElementType(t) : t) != LLVMIntegerTypeKind;
    LLVMValueRef eq = fp ? LLVMBuildFCmp(rc->b, LLVMRealOEQ, x, first, "")
                         : LLVMBuildICmp(rc->b, LLVMIntEQ, x, first, "");
    unsigned n = vec ? LLVMGetVectorSize(t) : 1;
    LLVMValueRef out = vec ? LLVMGetPoison(LLVMTypeOf(call)) : NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = vec ? LLVMBuildExtractElement(rc->b, eq, rt_i32(rc, i), "") : eq;
        LLVMValueRef all = rt_intrinsic(rc, "llvm.spv.wave.all", NULL, 0, &e, 1);
        out = vec ? LLVMBuildInsertElement(rc->b, out, all, rt_i32(rc, i), "") : all;
    }
    rt_replace(rc, call, out);
}

typedef struct rt_op_map {
    uint32_t opcode;
    rt_op_fn fn;
} rt_op_map;

static const rt_op_map rt_ops[] = {
    {DXIL_OP_Bfi, rt_bfi},
    {DXIL_OP_Pack4x8, rt_pack4x8},
    {DXIL_OP_Unpack4x8, rt_unpack4x8},
    {DXIL_OP_LegacyF32ToF16, rt_f32_to_f16},
    {DXIL_OP_WaveReadLaneFirst, rt_read_first},
    {DXIL_OP_WaveActiveAllEqual, rt_all_equal},
};

int rt_pass_dx_ops(rt_ctx *rc)
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, "dx.op.", &calls);
    for (size_t i = 0; i < n; i++) {
        uint32_t opcode = ops_dxop_opcode(calls[i]);
        for (size_t k = 0; k < sizeof rt_ops / sizeof *rt_ops; k++)
            if (rt_ops[k].opcode == opcode) {
                LLVMPositionBuilderBefore(rc->b, calls[i]);
                rt_ops[k].fn(rc, calls[i]);
            }
    }
    free(calls);
    return 0;
}
