/* rt_dx_ops.c - the dx-ops pass: the dx.op calls the raise keeps (LLVM 22
 * has no intrinsic for them) that have an exact Vulkan form in what LLVM
 * 22's SPIR-V backend selects, written out in plain IR and llvm.spv.*
 * calls:
 *   Bfi                 shifts and masks, D3D's definition (widths mod 32)
 *   Pack4x8, Unpack4x8  shifts, masks and clamps (SM 6.6 pack/unpack)
 *   Msad                byte differences, masked and summed
 *   FDot                llvm.spv.fdot (SM 6.9's dot of vectors)
 *   LegacyF32ToF16      fptrunc to half (round to nearest even)
 *   wave ops            rt_wave_ops.c
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

/* Msad(ref, src, accum): accum plus |ref byte - src byte| over the bytes
 * whose ref byte is not 0 (D3D leaves sums past 65535 undefined). */
static void rt_msad(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef acc = rt_op_arg(call, 2);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef sh = rt_i32(rc, 8 * i), ff = rt_i32(rc, 255);
        LLVMValueRef r = LLVMBuildAnd(rc->b, LLVMBuildLShr(rc->b, rt_op_arg(call, 0), sh, ""), ff, "");
        LLVMValueRef s = LLVMBuildAnd(rc->b, LLVMBuildLShr(rc->b, rt_op_arg(call, 1), sh, ""), ff, "");
        LLVMValueRef d = LLVMBuildSub(rc->b, r, s, "");
        LLVMValueRef neg = LLVMBuildICmp(rc->b, LLVMIntSLT, d, rt_i32(rc, 0), "");
        LLVMValueRef ad = LLVMBuildSelect(rc->b, neg, LLVMBuildNeg(rc->b, d, ""), d, "");
        LLVMValueRef masked = LLVMBuildICmp(rc->b, LLVMIntEQ, r, rt_i32(rc, 0), "");
        acc = LLVMBuildAdd(rc->b, acc, LLVMBuildSelect(rc->b, masked, rt_i32(rc, 0), ad, ""), "");
    }
    rt_replace(rc, call, acc);
}

static void rt_f32_to_f16(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef h = LLVMBuildFPTrunc(rc->b, rt_op_arg(call, 0), LLVMHalfTypeInContext(rc->ctx), "");
    LLVMValueRef bits = LLVMBuildBitCast(rc->b, h, LLVMInt16TypeInContext(rc->ctx), "");
    rt_replace(rc, call, LLVMBuildZExt(rc->b, bits, rt_i32_type(rc), ""));
}

/* FDot(a, b) of two vectors (SM 6.9's dot): llvm.spv.fdot, clang's form,
 * up to the four lanes the backend legalizes; longer ones lane by lane. */
static void rt_fdot(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef a = rt_op_arg(call, 0), b = rt_op_arg(call, 1);
    LLVMTypeRef vt = LLVMTypeOf(a);
    if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind) {
        rt_refuse(rc, call, "a dot of scalar operands");
        return;
    }
    unsigned n = LLVMGetVectorSize(vt);
    if (n <= 4) {
        LLVMValueRef args[2] = {a, b};
        rt_replace(rc, call, rt_intrinsic(rc, "llvm.spv.fdot", &vt, 1, args, 2));
        return;
    }
    LLVMValueRef acc = NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef x = LLVMBuildExtractElement(rc->b, a, rt_i32(rc, i), "");
        LLVMValueRef y = LLVMBuildExtractElement(rc->b, b, rt_i32(rc, i), "");
        LLVMValueRef p = LLVMBuildFMul(rc->b, x, y, "");
        acc = acc ? LLVMBuildFAdd(rc->b, acc, p, "") : p;
    }
    rt_replace(rc, call, acc);
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
    {DXIL_OP_Msad, rt_msad},
    {DXIL_OP_FDot, rt_fdot},
    {DXIL_OP_WaveReadLaneFirst, rt_op_read_first},
    {DXIL_OP_WaveActiveAllEqual, rt_op_all_equal},
    {DXIL_OP_WavePrefixBitCount, rt_op_prefix_bits},
    {DXIL_OP_WavePrefixOp, rt_op_prefix},
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
