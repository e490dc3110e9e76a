/* legal_intwidth.c - integers of widths DXIL lacks, widened. DXIL
 * has i1, i16, i32 and i64 (DXC's validator: "Int type 'i4' has an invalid
 * width", and "I8 can only be used as immediate value for intrinsic"),
 * but instcombine narrows arithmetic it can prove small (`sext i1 to i8`,
 * `add nsw i8` for sign(x)), and SROA splits integers into odd widths.
 * Each such value is carried in the next DXIL width (i32, or i64 above
 * 32 bits), as a type-legalizing backend promotes it: its low bits are the
 * value, the high bits anything; an operation that reads the high bits
 * (division, right shifts, compares, widening casts, conversions to float)
 * first makes them zeros or copies of the sign bit. The i8 immediates of
 * dx.op calls are constants and stay. Memory of such types is not
 * touched. */
#include "legal_census.h"

#include <stdlib.h>

typedef struct iw_state {
    lower_ctx *lc;
    legal_map wide; /* narrow value -> its widened value */
    legal_list phis;
    legal_list old;
} iw_state;

static bool iw_legal_width(unsigned w)
{
    return w == 1 || w == 16 || w == 32 || w == 64;
}

static bool iw_is_narrow(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && !iw_legal_width(LLVMGetIntTypeWidth(t));
}

static LLVMTypeRef iw_wide_type(iw_state *st, LLVMTypeRef t)
{
    return LLVMIntTypeInContext(st->lc->ctx, LLVMGetIntTypeWidth(t) > 32 ? 64 : 32);
}

/* The widened form of narrow value v (high bits unspecified). */
static LLVMValueRef iw_get(iw_state *st, LLVMValueRef v)
{
    LLVMTypeRef wt = iw_wide_type(st, LLVMTypeOf(v));
    if (LLVMIsAConstantInt(v))
        return LLVMConstInt(wt, (unsigned long long)LLVMConstIntGetSExtValue(v), 1);
    if (LLVMIsAUndefValue(v))
        return LLVMIsAPoisonValue(v) ? LLVMGetPoison(wt) : LLVMGetUndef(wt);
    return legal_map_get(&st->wide, v);
}

/* v's widened form with the high bits made zero or sign copies. */
static LLVMValueRef iw_ext(iw_state *st, LLVMValueRef v, bool sign)
{
    LLVMValueRef w = iw_get(st, v);
    if (!w)
        return NULL;
    LLVMTypeRef wt = LLVMTypeOf(w);
    unsigned n = LLVMGetIntTypeWidth(LLVMTypeOf(v)), wn = LLVMGetIntTypeWidth(wt);
    if (!sign)
        return LLVMBuildAnd(st->lc->b, w, LLVMConstInt(wt, (~0ull) >> (64 - n), 0), "");
    LLVMValueRef by = LLVMConstInt(wt, wn - n, 0);
    return LLVMBuildAShr(st->lc->b, LLVMBuildShl(st->lc->b, w, by, ""), by, "");
}

static bool iw_signed_pred(LLVMIntPredicate p)
{
    return p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntSLT || p == LLVMIntSLE;
}

/* Casts between a narrow and a DXIL type, and to or from float. */
static LLVMValueRef iw_cast(iw_state *st, LLVMValueRef inst, LLVMOpcode op)
{
    LLVMBuilderRef b = st->lc->b;
    LLVMValueRef src = LLVMGetOperand(inst, 0);
    LLVMTypeRef to = LLVMTypeOf(inst);
    bool narrow_src = iw_is_narrow(LLVMTypeOf(src)), narrow_dst = iw_is_narrow(to);
    LLVMTypeRef dst = narrow_dst ? iw_wide_type(st, to) : to;
    LLVMValueRef x = src;
    if (narrow_src) {
        bool sign = op == LLVMSExt || op == LLVMSIToFP;
        x = (op == LLVMTrunc) ? iw_get(st, src) : iw_ext(st, src, sign);
        if (!x)
            return NULL;
    }
    switch (op) {
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: {
        unsigned a = LLVMGetIntTypeWidth(LLVMTypeOf(x)), d = LLVMGetIntTypeWidth(dst);
        if (a == d)
            return x;
        if (a > d)
            return LLVMBuildTrunc(b, x, dst, "");
        return op == LLVMSExt ? LLVMBuildSExt(b, x, dst, "") : LLVMBuildZExt(b, x, dst, "");
    }
    case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI: case LLVMFPToUI:
        return LLVMBuildCast(b, op, x, dst, "");
    default:
        return NULL;
    }
}

static LLVMValueRef iw_binop(iw_state *st, LLVMValueRef inst, LLVMOpcode op)
{
    LLVMValueRef a = LLVMGetOperand(inst, 0), c = LLVMGetOperand(inst, 1);
    bool sign = op == LLVMSDiv || op == LLVMSRem || op == LLVMAShr;
    bool zero = op == LLVMUDiv || op == LLVMURem || op == LLVMLShr;
    LLVMValueRef x = sign || zero ? iw_ext(st, a, sign) : iw_get(st, a);
    /* a shift amount or divisor is read whole */
    LLVMValueRef y = sign || zero || op == LLVMShl ? iw_ext(st, c, sign && op != LLVMAShr)
                                                   : iw_get(st, c);
    if (!x || !y)
        return NULL;
    return LLVMBuildBinOp(st->lc->b, op, x, y, "");
}

static LLVMValueRef iw_value(iw_state *st, LLVMValueRef inst)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    LLVMBuilderRef b = st->lc->b;
    if (op >= LLVMAdd && op <= LLVMXor)
        return iw_binop(st, inst, op);
    switch (op) {
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMSIToFP: case LLVMUIToFP:
    case LLVMFPToSI: case LLVMFPToUI:
        return iw_cast(st, inst, op);
    case LLVMICmp: {
        LLVMIntPredicate p = LLVMGetICmpPredicate(inst);
        bool sign = iw_signed_pred(p);
        LLVMValueRef x = iw_ext(st, LLVMGetOperand(inst, 0), sign);
        LLVMValueRef y = iw_ext(st, LLVMGetOperand(inst, 1), sign);
        return x && y ? LLVMBuildICmp(b, p, x, y, "") : NULL;
    }
    case LLVMSelect: {
        LLVMValueRef x = iw_get(st, LLVMGetOperand(inst, 1));
        LLVMValueRef y = iw_get(st, LLVMGetOperand(inst, 2));
        return x && y ? LLVMBuildSelect(b, LLVMGetOperand(inst, 0), x, y, "") : NULL;
    }
    case LLVMPHI: {
        LLVMValueRef phi = LLVMBuildPhi(b, iw_wide_type(st, LLVMTypeOf(inst)), "");
        legal_list_add(&st->phis, inst);
        return phi;
    }
    case LLVMFreeze:
        return iw_get(st, LLVMGetOperand(inst, 0));
    default:
        return NULL;
    }
}

/* Whether the instruction makes or reads a narrow integer. */
static bool iw_touches(LLVMValueRef inst)
{
    if (iw_is_narrow(LLVMTypeOf(inst)))
        return true;
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if (op == LLVMCall || op == LLVMStore || op == LLVMGetElementPtr || op == LLVMSwitch)
        return false; /* dx.op immediates; memory is left alone */
    int n = LLVMGetNumOperands(inst);
    for (int i = 0; i < n; i++)
        if (iw_is_narrow(LLVMTypeOf(LLVMGetOperand(inst, i))))
            return true;
    return false;
}

static void iw_one(iw_state *st, LLVMValueRef inst)
{
    LLVMPositionBuilderBefore(st->lc->b, inst);
    LLVMValueRef v = iw_value(st, inst);
    if (!v)
        return;
    if (iw_is_narrow(LLVMTypeOf(inst)))
        legal_map_put(&st->wide, inst, v);
    else if (LLVMTypeOf(v) == LLVMTypeOf(inst))
        LLVMReplaceAllUsesWith(inst, v);
    else
        return;
    legal_list_add(&st->old, inst);
}

static void iw_finish(iw_state *st)
{
    for (size_t i = 0; i < st->phis.n; i++) {
        LLVMValueRef phi = st->phis.v[i], w = legal_map_get(&st->wide, phi);
        for (unsigned j = 0; w && j < LLVMCountIncoming(phi); j++) {
            LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, j);
            LLVMValueRef in = iw_get(st, LLVMGetIncomingValue(phi, j));
            if (!in)
                in = LLVMGetUndef(LLVMTypeOf(w));
            LLVMAddIncoming(w, &in, &bb, 1);
        }
    }
    legal_erase_unused(&st->old); /* erased entries become NULL */
    /* a narrow value some user still reads (one this pass did not know)
     * gets it back from the wide one */
    for (size_t i = 0; i < st->old.n; i++) {
        LLVMValueRef v = st->old.v[i], w = v ? legal_map_get(&st->wide, v) : NULL;
        if (w && LLVMGetFirstUse(v) && legal_position_after(st->lc, w))
            LLVMReplaceAllUsesWith(v, LLVMBuildTrunc(st->lc->b, w, LLVMTypeOf(v), ""));
    }
    legal_erase_unused(&st->old);
}

/* Whether fn has anything to widen: most functions have not, and the
 * block order below costs more than this walk. */
static bool iw_any(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (iw_touches(i))
                return true;
    return false;
}

int lower_legal_int_widths(lower_ctx *lc)
{
    if (!legal_census_may(lc, LEGAL_CENSUS_NARROW))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !iw_any(fn))
            continue;
        lc->census_stale = true;
        iw_state st = {.lc = lc};
        LLVMBasicBlockRef *blocks;
        size_t nb = legal_blocks_rpo(fn, &blocks);
        for (size_t b = 0; b < nb; b++)
            for (LLVMValueRef i = LLVMGetFirstInstruction(blocks[b]); i; i = LLVMGetNextInstruction(i))
                if (iw_touches(i))
                    iw_one(&st, i);
        free(blocks);
        if (st.old.n)
            iw_finish(&st);
        legal_map_free(&st.wide);
        legal_list_free(&st.phis);
        legal_list_free(&st.old);
    }
    return 0;
}
