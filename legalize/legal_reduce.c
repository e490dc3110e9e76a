/* legal_reduce.c - llvm.vector.reduce.* as a chain over the lanes.
 * DXIL has no reduction op (DXC's validator: "External function
 * 'llvm.vector.reduce.or.v4i32' is not a DXIL function"); LLVM's loop and
 * SLP vectorizers make them from scalar code. Each becomes the lanes
 * combined in order, lane 0 first, with the binary instruction of the
 * reduction or the scalar min/max intrinsic the op table maps (IMax, UMin,
 * FMax, ...). fadd/fmul start from their scalar operand, left out when it
 * is the identity (-0.0, 1.0); the call's fast-math flags go to every
 * step. */
#include "legal.h"

#include <math.h>
#include <string.h>

typedef struct legal_reduction {
    const char *name; /* llvm.vector.reduce.<x> */
    LLVMOpcode op;    /* the binary instruction, or 0 */
    const char *intr; /* else the scalar intrinsic */
    bool start;       /* operand 0 is the start value */
} legal_reduction;

static const legal_reduction reductions[] = {
    {"llvm.vector.reduce.add", LLVMAdd, NULL, false},
    {"llvm.vector.reduce.mul", LLVMMul, NULL, false},
    {"llvm.vector.reduce.and", LLVMAnd, NULL, false},
    {"llvm.vector.reduce.or", LLVMOr, NULL, false},
    {"llvm.vector.reduce.xor", LLVMXor, NULL, false},
    {"llvm.vector.reduce.fadd", LLVMFAdd, NULL, true},
    {"llvm.vector.reduce.fmul", LLVMFMul, NULL, true},
    {"llvm.vector.reduce.smax", 0, "llvm.smax", false},
    {"llvm.vector.reduce.smin", 0, "llvm.smin", false},
    {"llvm.vector.reduce.umax", 0, "llvm.umax", false},
    {"llvm.vector.reduce.umin", 0, "llvm.umin", false},
    /* DXIL's FMax/FMin are maxnum/minnum; fmaximum/fminimum differ only
     * for NaN and signed zeros, which DXIL's ops do not order either */
    {"llvm.vector.reduce.fmax", 0, "llvm.maxnum", false},
    {"llvm.vector.reduce.fmin", 0, "llvm.minnum", false},
    {"llvm.vector.reduce.fmaximum", 0, "llvm.maxnum", false},
    {"llvm.vector.reduce.fminimum", 0, "llvm.minnum", false},
};

static const legal_reduction *reduction_of(LLVMValueRef fn)
{
    char base[64];
    if (!lower_intrinsic_base(fn, base, sizeof base) || strncmp(base, "llvm.vector.reduce.", 19))
        return NULL;
    for (size_t i = 0; i < sizeof reductions / sizeof reductions[0]; i++)
        if (!strcmp(base, reductions[i].name))
            return &reductions[i];
    return NULL;
}

bool legal_is_reduction(LLVMValueRef fn)
{
    return reduction_of(fn) != NULL;
}

/* -0.0 for fadd, 1.0 for fmul: starting there changes nothing. */
static bool reduce_start_is_identity(LLVMValueRef start, LLVMOpcode op)
{
    if (!LLVMIsAConstantFP(start))
        return false;
    LLVMBool loses = 0;
    double d = LLVMConstRealGetDouble(start, &loses);
    return op == LLVMFAdd ? d == 0.0 && signbit(d) : d == 1.0;
}

static LLVMValueRef reduce_step(lower_ctx *lc, const legal_reduction *r, LLVMValueRef call,
                                LLVMValueRef acc, LLVMValueRef lane)
{
    LLVMValueRef v;
    if (r->op) {
        v = LLVMBuildBinOp(lc->b, r->op, acc, lane, "");
    } else {
        LLVMTypeRef t = LLVMTypeOf(lane);
        LLVMValueRef args[2] = {acc, lane};
        v = lower_intrinsic_call(lc, r->intr, &t, 1, args, 2);
    }
    if (v && LLVMIsAInstruction(v) && LLVMCanValueUseFastMathFlags(call) &&
        LLVMCanValueUseFastMathFlags(v))
        LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(call));
    return v;
}

LLVMValueRef legal_reduce_lanes(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *lanes,
                                unsigned n)
{
    const legal_reduction *r = reduction_of(LLVMGetCalledValue(call));
    if (!r || !n)
        return NULL;
    LLVMValueRef acc = lanes[0];
    unsigned i = 1;
    if (r->start) {
        LLVMValueRef start = LLVMGetOperand(call, 0);
        if (!reduce_start_is_identity(start, r->op)) {
            acc = start;
            i = 0;
        }
    }
    for (; i < n && acc; i++)
        acc = reduce_step(lc, r, call, acc, lanes[i]);
    return acc;
}
