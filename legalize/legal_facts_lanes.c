/* legal_facts_lanes.c - what the data scalarization (legal_scalarize.c)
 * acts on: which vector instructions it splits into lanes, which it
 * reads lane by lane, which it leaves whole. The census (legal_census.c)
 * asks the same before the pass runs, so that a module with nothing to
 * split is not walked again. */
#include "legal_facts.h"

#include <string.h>

unsigned sd_width(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 0;
}

/* Intrinsics that apply per lane (every vector operand and the result have
 * the same lanes; scalar operands such as ctlz's i1 go to every lane).
 * The llvm.dx.* ones the op table maps are split by lower_scalarize.c. */
static const char *const sd_elementwise[] = {
    "llvm.fabs", "llvm.sqrt", "llvm.sin", "llvm.cos", "llvm.tan", "llvm.asin", "llvm.acos",
    "llvm.atan", "llvm.atan2", "llvm.sinh", "llvm.cosh", "llvm.tanh", "llvm.exp", "llvm.exp2",
    "llvm.exp10", "llvm.log", "llvm.log2", "llvm.log10", "llvm.pow", "llvm.powi", "llvm.floor",
    "llvm.ceil", "llvm.trunc", "llvm.round", "llvm.roundeven", "llvm.rint", "llvm.nearbyint",
    "llvm.fma", "llvm.fmuladd", "llvm.minnum", "llvm.maxnum", "llvm.minimum", "llvm.maximum",
    "llvm.minimumnum", "llvm.maximumnum", "llvm.copysign", "llvm.canonicalize", "llvm.umin",
    "llvm.umax", "llvm.smin", "llvm.smax", "llvm.abs", "llvm.ctpop", "llvm.ctlz", "llvm.cttz",
    "llvm.bitreverse", "llvm.bswap", "llvm.fshl", "llvm.fshr", "llvm.uadd.sat", "llvm.usub.sat",
    "llvm.sadd.sat", "llvm.ssub.sat", "llvm.ushl.sat", "llvm.sshl.sat", "llvm.is.fpclass",
    "llvm.ldexp", "llvm.fptosi.sat", "llvm.fptoui.sat",
};

bool sd_call_is_elementwise(LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    char base[64];
    if (!fn || !lower_intrinsic_base(fn, base, sizeof base))
        return false;
    bool listed = false;
    for (size_t i = 0; i < sizeof sd_elementwise / sizeof sd_elementwise[0] && !listed; i++)
        listed = !strcmp(base, sd_elementwise[i]);
    unsigned n = sd_width(LLVMTypeOf(call)), na = (unsigned)LLVMGetNumArgOperands(call);
    if (!listed || !n || na > SD_MAX_ARGS)
        return false;
    for (unsigned j = 0; j < na; j++) {
        unsigned w = sd_width(LLVMTypeOf(LLVMGetOperand(call, j)));
        if (w && w != n)
            return false;
    }
    return true;
}

static bool sd_splits(unsigned md_cbload, LLVMValueRef v);

/* LLVMOpcode numbers the casts Trunc..BitCast, AddrSpaceCast apart */
bool sd_is_cast(LLVMOpcode op)
{
    return (op >= LLVMTrunc && op <= LLVMBitCast) || op == LLVMAddrSpaceCast;
}

static bool sd_is_binop(LLVMOpcode op)
{
    return (op >= LLVMAdd && op <= LLVMXor);
}

/* Whether v is a vector this pass splits into lanes (else its lanes are
 * extracted). */
static bool sd_splits(unsigned md_cbload, LLVMValueRef v)
{
    return (LLVMIsAInstruction(v) && sd_kind(md_cbload, v) == SD_SPLIT) ||
           (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v));
}

/* Unreachable blocks may hold a chain that feeds itself (%v = insertelement
 * %v, ...): the walks along chains stop after this many steps. */
#define SD_CHAIN_MAX 1024

/* The raise's gather of a DXC byte-offset cbufferLoad (lower_cbl_form.c):
 * every field of one marked row at its own lane, read by extractelement.
 * The buffer pass takes it apart whole; a vector an optimizer built from
 * such fields is split like any other. */
static bool sd_is_raise_gather(unsigned md_cbload, LLVMValueRef v)
{
    return lower_cbl_gather_top(v, md_cbload, NULL) != NULL;
}

/* Every insertelement of the chain ending at v writes a constant lane:
 * the op lowering can take only such a chain apart. */
static bool sd_chain_constant(LLVMValueRef v)
{
    for (unsigned steps = 0; LLVMIsAInsertElementInst(v); v = LLVMGetOperand(v, 0))
        if (!LLVMIsAConstantInt(LLVMGetOperand(v, 2)) || ++steps > SD_CHAIN_MAX)
            return false;
    return true;
}

/* An insertelement chain built only to be passed whole (an llvm.dx.* or
 * dx.op argument, a return value) stays: split, it would be built again
 * the same way, and the op lowering takes such chains apart. Not one that
 * writes a dynamic lane (HLSL's v[i] = x): that is split to selects. */
static bool sd_feeds_calls_at(LLVMValueRef ins, unsigned depth)
{
    if (!LLVMIsAConstantInt(LLVMGetOperand(ins, 2)) || depth > SD_CHAIN_MAX)
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAInsertElementInst(user) && LLVMGetOperand(user, 0) == ins) {
            if (user == ins || !sd_feeds_calls_at(user, depth + 1))
                return false;
        } else if (LLVMIsAReturnInst(user) || LLVMIsAInsertValueInst(user)) {
            continue;
        } else if (!LLVMIsACallInst(user) || sd_call_is_elementwise(user) ||
                   legal_is_reduction(LLVMGetCalledValue(user))) {
            return false;
        }
    }
    return true;
}

static bool sd_insert_feeds_calls(LLVMValueRef ins)
{
    return sd_feeds_calls_at(ins, 0);
}

sd_kind_t sd_kind(unsigned md_cbload, LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if (sd_width(t)) {
        if (sd_is_binop(op) || sd_is_cast(op))
            return sd_width(LLVMTypeOf(LLVMGetOperand(inst, 0))) || op == LLVMBitCast ? SD_SPLIT
                                                                                     : SD_NONE;
        switch (op) {
        case LLVMInsertElement:
            return sd_is_raise_gather(md_cbload, inst) ||
                           (sd_chain_constant(inst) && sd_insert_feeds_calls(inst))
                       ? SD_NONE
                       : SD_SPLIT;
        case LLVMFNeg: case LLVMICmp: case LLVMFCmp: case LLVMSelect: case LLVMPHI:
        case LLVMShuffleVector: case LLVMFreeze: case LLVMLoad:
            return SD_SPLIT;
        case LLVMCall:
            return sd_call_is_elementwise(inst) ? SD_SPLIT : SD_NONE;
        default:
            return SD_NONE;
        }
    }
    switch (op) {
    case LLVMExtractElement:
        /* a constant lane of a vector that is not split (an llvm.dx.*
         * result) is already what the op lowering reads: left as it is */
        if (sd_is_raise_gather(md_cbload, LLVMGetOperand(inst, 0)))
            return SD_NONE;
        return LLVMIsAConstantInt(LLVMGetOperand(inst, 1)) &&
                       !sd_splits(md_cbload, LLVMGetOperand(inst, 0))
                   ? SD_NONE
                   : SD_CONSUME;
    case LLVMStore:
        return sd_width(LLVMTypeOf(LLVMGetOperand(inst, 0))) ? SD_CONSUME : SD_NONE;
    case LLVMBitCast:
        return sd_width(LLVMTypeOf(LLVMGetOperand(inst, 0))) ? SD_CONSUME : SD_NONE;
    case LLVMCall:
        return LLVMGetCalledValue(inst) && legal_is_reduction(LLVMGetCalledValue(inst))
                   ? SD_CONSUME
                   : SD_NONE;
    default:
        return SD_NONE;
    }
}
