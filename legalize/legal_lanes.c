/* legal_lanes.c - the data scalarization's handlers: how each vector
 * instruction becomes its lanes (sd_split), and how an instruction that
 * reads a vector into a scalar reads the lanes instead (sd_consume). The
 * driver (legal_scalarize.c) visits instructions in reverse
 * post-order with the builder before the instruction. */
#include "legal_facts.h"
#include "legal_lanes.h"

#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static unsigned sd_scalar_bits(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
    case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return 16;
    case LLVMFloatTypeKind: return 32;
    case LLVMDoubleTypeKind: return 64;
    default: return 0;
    }
}

/* Lane k's pointer: p itself, or a GEP of k elements from it (the GEP
 * legalization makes it a typed path from the alloca or global). */
static LLVMValueRef sd_lane_ptr(sd_state *st, LLVMValueRef p, LLVMTypeRef et, unsigned k)
{
    if (!k)
        return p;
    LLVMValueRef idx = lower_i32(st->lc, k);
    LLVMValueRef g = LLVMBuildInBoundsGEP2(st->lc->b, et, p, &idx, 1, "");
    sd_made(st, g);
    return g;
}

/* The alignment lane k can promise: the access's, cut down to what its
 * offset keeps. */
static unsigned sd_lane_align(unsigned align, unsigned offset)
{
    if (!align)
        return 0;
    while (offset % align)
        align /= 2;
    return align;
}

/* Element size in bytes for a memory access, 0 for what is not split
 * (i1 lanes are packed bits in memory). */
static unsigned sd_elem_bytes(LLVMTypeRef et)
{
    unsigned bits = sd_scalar_bits(et);
    return bits >= 8 && bits % 8 == 0 ? bits / 8 : 0;
}

/* ---- bit repacking (bitcast with another lane count) ---- */

/* The bits of src (lanes, or a scalar) as nd lanes of dt, lane 0 in the
 * low bits: shifts, truncs, zexts and ors of the integer forms. */
static bool sd_repack(sd_state *st, LLVMValueRef src, LLVMTypeRef dt, unsigned nd,
                      LLVMValueRef *out)
{
    LLVMBuilderRef b = st->lc->b;
    LLVMTypeRef sv = LLVMTypeOf(src), stype = sd_width(sv) ? LLVMGetElementType(sv) : sv;
    unsigned ns = sd_width(sv) ? sd_width(sv) : 1;
    unsigned bs = sd_scalar_bits(stype), bd = sd_scalar_bits(dt);
    if (!bs || !bd || ns * bs != nd * bd || (bs > bd ? bs % bd : bd % bs))
        return false;
    LLVMTypeRef is = LLVMIntTypeInContext(st->lc->ctx, bs), id = LLVMIntTypeInContext(st->lc->ctx, bd);
    LLVMValueRef ints[64];
    /* out has nd lanes (the lane map's); instcombine views <4 x i32> as
     * <128 x i1> to test one bit, so nd may be wide (unread lanes go) */
    if (ns > 64 || nd > 1024)
        return false;
    for (unsigned j = 0; j < ns; j++) {
        LLVMValueRef x = sd_lane(st, src, j);
        if (!x)
            return false;
        ints[j] = LLVMTypeOf(x) == is ? x : LLVMBuildBitCast(b, x, is, "");
        sd_made(st, ints[j]);
    }
    for (unsigned i = 0; i < nd; i++) {
        LLVMValueRef v;
        if (bs == bd) {
            v = ints[i];
        } else if (bs > bd) {
            unsigned k = bs / bd, j = i / k, m = i % k;
            v = ints[j];
            if (m) {
                v = LLVMBuildLShr(b, v, LLVMConstInt(is, (unsigned long long)m * bd, 0), "");
                sd_made(st, v);
            }
            v = LLVMBuildTrunc(b, v, id, "");
            sd_made(st, v);
        } else {
            unsigned k = bd / bs;
            v = NULL;
            for (unsigned m = 0; m < k; m++) {
                LLVMValueRef part = LLVMBuildZExt(b, ints[i * k + m], id, "");
                sd_made(st, part);
                if (m) {
                    part = LLVMBuildShl(b, part, LLVMConstInt(id, (unsigned long long)m * bs, 0), "");
                    sd_made(st, part);
                }
                v = v ? LLVMBuildOr(b, v, part, "") : part;
                sd_made(st, v);
            }
        }
        out[i] = id == dt ? v : LLVMBuildBitCast(b, v, dt, "");
        sd_made(st, out[i]);
    }
    return true;
}

/* ---- split: one lane at a time ---- */

static LLVMValueRef sd_lane_of_inst(sd_state *st, LLVMValueRef inst, LLVMOpcode op, unsigned k,
                                    LLVMTypeRef et)
{
    LLVMBuilderRef b = st->lc->b;
    LLVMValueRef a = LLVMGetOperand(inst, 0);
    switch (op) {
    case LLVMFNeg:
        return LLVMBuildFNeg(b, sd_lane(st, a, k), "");
    case LLVMICmp:
        return LLVMBuildICmp(b, LLVMGetICmpPredicate(inst), sd_lane(st, a, k),
                             sd_lane(st, LLVMGetOperand(inst, 1), k), "");
    case LLVMFCmp:
        return LLVMBuildFCmp(b, LLVMGetFCmpPredicate(inst), sd_lane(st, a, k),
                             sd_lane(st, LLVMGetOperand(inst, 1), k), "");
    case LLVMSelect:
        return LLVMBuildSelect(b, sd_lane(st, a, k), sd_lane(st, LLVMGetOperand(inst, 1), k),
                               sd_lane(st, LLVMGetOperand(inst, 2), k), "");
    case LLVMFreeze: /* dropped: DXIL has no freeze, and a lane is a lane */
        return sd_lane(st, a, k);
    default:
        break;
    }
    if (op >= LLVMAdd && op <= LLVMXor)
        return LLVMBuildBinOp(b, op, sd_lane(st, a, k), sd_lane(st, LLVMGetOperand(inst, 1), k), "");
    if (sd_is_cast(op))
        return LLVMBuildCast(b, op, sd_lane(st, a, k), et, "");
    return NULL;
}

static bool sd_split_shuffle(sd_state *st, LLVMValueRef inst, sd_lanes *l, LLVMTypeRef et)
{
    LLVMValueRef a = LLVMGetOperand(inst, 0), c = LLVMGetOperand(inst, 1);
    unsigned na = sd_width(LLVMTypeOf(a));
    for (unsigned k = 0; k < l->n; k++) {
        int m = LLVMGetMaskValue(inst, k);
        if (m == LLVMGetUndefMaskElem() || m < 0)
            l->v[k] = LLVMGetPoison(et);
        else
            l->v[k] = (unsigned)m < na ? sd_lane(st, a, (unsigned)m) : sd_lane(st, c, (unsigned)m - na);
        if (!l->v[k])
            return false;
    }
    return true;
}

/* insertelement: the vector's lanes with lane idx replaced; a dynamic
 * index picks per lane with a compare and a select. */
static bool sd_split_insert(sd_state *st, LLVMValueRef inst, sd_lanes *l)
{
    LLVMBuilderRef b = st->lc->b;
    LLVMValueRef vec = LLVMGetOperand(inst, 0), val = LLVMGetOperand(inst, 1),
                 idx = LLVMGetOperand(inst, 2);
    bool constant = LLVMIsAConstantInt(idx);
    unsigned long long at = constant ? LLVMConstIntGetZExtValue(idx) : 0;
    for (unsigned k = 0; k < l->n; k++) {
        LLVMValueRef old = sd_lane(st, vec, k);
        if (!old)
            return false;
        if (constant) {
            l->v[k] = at == k ? val : old;
            continue;
        }
        LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, idx, LLVMConstInt(LLVMTypeOf(idx), k, 0), "");
        sd_made(st, eq);
        l->v[k] = LLVMBuildSelect(b, eq, val, old, "");
        sd_made(st, l->v[k]);
    }
    return true;
}

static bool sd_split_load(sd_state *st, LLVMValueRef inst, sd_lanes *l, LLVMTypeRef et)
{
    unsigned size = sd_elem_bytes(et);
    if (!size || LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
        return false;
    LLVMValueRef p = LLVMGetOperand(inst, 0);
    for (unsigned k = 0; k < l->n; k++) {
        LLVMValueRef ld = LLVMBuildLoad2(st->lc->b, et, sd_lane_ptr(st, p, et, k), "");
        unsigned align = sd_lane_align(LLVMGetAlignment(inst), k * size);
        if (align)
            LLVMSetAlignment(ld, align);
        LLVMSetVolatile(ld, LLVMGetVolatile(inst));
        l->v[k] = ld;
        legal_name_lane(ld, inst, ".i", k);
        sd_made(st, ld);
    }
    return true;
}

static bool sd_split_call(sd_state *st, LLVMValueRef inst, sd_lanes *l)
{
    LLVMValueRef sfn = lower_scalar_intrinsic_decl(st->lc, LLVMGetCalledValue(inst), l->n);
    unsigned na = (unsigned)LLVMGetNumArgOperands(inst);
    if (!sfn || na > SD_MAX_ARGS)
        return false;
    LLVMValueRef args[SD_MAX_ARGS];
    for (unsigned k = 0; k < l->n; k++) {
        for (unsigned j = 0; j < na; j++)
            if (!(args[j] = sd_lane(st, LLVMGetOperand(inst, j), k)))
                return false;
        l->v[k] = LLVMBuildCall2(st->lc->b, LLVMGlobalGetValueType(sfn), sfn, args, na, "");
        if (LLVMCanValueUseFastMathFlags(inst))
            LLVMSetFastMathFlags(l->v[k], LLVMGetFastMathFlags(inst));
        legal_name_lane(l->v[k], inst, ".i", k);
        sd_made(st, l->v[k]);
    }
    return true;
}

static bool sd_split_phi(sd_state *st, LLVMValueRef inst, sd_lanes *l, LLVMTypeRef et)
{
    for (unsigned k = 0; k < l->n; k++) {
        l->v[k] = LLVMBuildPhi(st->lc->b, et, "");
        legal_name_lane(l->v[k], inst, ".i", k);
        sd_made(st, l->v[k]);
    }
    return legal_list_add(&st->phis, inst);
}

static bool sd_split_lanes(sd_state *st, LLVMValueRef inst, sd_lanes *l, LLVMTypeRef et)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    switch (op) {
    case LLVMPHI: return sd_split_phi(st, inst, l, et);
    case LLVMShuffleVector: return sd_split_shuffle(st, inst, l, et);
    case LLVMInsertElement: return sd_split_insert(st, inst, l);
    case LLVMLoad: return sd_split_load(st, inst, l, et);
    case LLVMCall: return sd_split_call(st, inst, l);
    default: break;
    }
    LLVMValueRef src = LLVMGetOperand(inst, 0);
    if (op == LLVMBitCast && (sd_width(LLVMTypeOf(src)) != l->n ||
                              sd_scalar_bits(LLVMGetElementType(LLVMTypeOf(src))) !=
                                  sd_scalar_bits(et)))
        return sd_repack(st, src, et, l->n, l->v);
    for (unsigned k = 0; k < l->n; k++) {
        l->v[k] = sd_lane_of_inst(st, inst, op, k, et);
        if (!l->v[k])
            return false;
        /* a lane that folded to an operand's lane is that value: not renamed */
        bool is_operand = false;
        for (unsigned j = 0; j < (unsigned)LLVMGetNumOperands(inst) && !is_operand; j++)
            is_operand = l->v[k] == sd_lane(st, LLVMGetOperand(inst, j), k);
        if (!is_operand) {
            legal_copy_flags(inst, l->v[k]);
            legal_name_lane(l->v[k], inst, ".i", k);
            sd_made(st, l->v[k]);
        }
    }
    return true;
}

bool sd_split(sd_state *st, LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(inst), et = LLVMGetElementType(t);
    sd_lanes *l = sd_alloc(st, sd_width(t), false);
    if (!l || !sd_split_lanes(st, inst, l, et))
        return false;
    return legal_map_put(&st->lanes, inst, l);
}

/* ---- consume ---- */

static LLVMValueRef sd_extract_lane(sd_state *st, LLVMValueRef inst)
{
    LLVMBuilderRef b = st->lc->b;
    LLVMValueRef vec = LLVMGetOperand(inst, 0), idx = LLVMGetOperand(inst, 1);
    unsigned n = sd_width(LLVMTypeOf(vec));
    if (LLVMIsAConstantInt(idx)) {
        unsigned long long k = LLVMConstIntGetZExtValue(idx);
        return k < n ? sd_lane(st, vec, (unsigned)k) : LLVMGetPoison(LLVMTypeOf(inst));
    }
    LLVMValueRef r = sd_lane(st, vec, 0);
    for (unsigned k = 1; r && k < n; k++) {
        LLVMValueRef lane = sd_lane(st, vec, k);
        if (!lane)
            return NULL;
        LLVMValueRef eq = LLVMBuildICmp(b, LLVMIntEQ, idx, LLVMConstInt(LLVMTypeOf(idx), k, 0), "");
        sd_made(st, eq);
        r = LLVMBuildSelect(b, eq, lane, r, "");
        sd_made(st, r);
    }
    return r;
}

static bool sd_store_lanes(sd_state *st, LLVMValueRef inst)
{
    LLVMValueRef val = LLVMGetOperand(inst, 0), p = LLVMGetOperand(inst, 1);
    LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(val));
    unsigned n = sd_width(LLVMTypeOf(val)), size = sd_elem_bytes(et);
    if (!size || LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
        return false;
    LLVMValueRef lanes[64];
    for (unsigned k = 0; k < n && k < 64; k++)
        if (!(lanes[k] = sd_lane(st, val, k)))
            return false;
    for (unsigned k = 0; k < n && k < 64; k++) {
        LLVMValueRef s = LLVMBuildStore(st->lc->b, lanes[k], sd_lane_ptr(st, p, et, k));
        unsigned align = sd_lane_align(LLVMGetAlignment(inst), k * size);
        if (align)
            LLVMSetAlignment(s, align);
        LLVMSetVolatile(s, LLVMGetVolatile(inst));
    }
    return n <= 64;
}

static LLVMValueRef sd_reduce(sd_state *st, LLVMValueRef inst)
{
    unsigned na = (unsigned)LLVMGetNumArgOperands(inst);
    for (unsigned j = 0; j < na; j++) {
        LLVMValueRef v = LLVMGetOperand(inst, j);
        unsigned n = sd_width(LLVMTypeOf(v));
        if (!n)
            continue;
        LLVMValueRef lanes[64];
        for (unsigned k = 0; k < n && k < 64; k++)
            if (!(lanes[k] = sd_lane(st, v, k)))
                return NULL;
        LLVMValueRef r = n <= 64 ? legal_reduce_lanes(st->lc, inst, lanes, n) : NULL;
        sd_made(st, r);
        return r;
    }
    return NULL;
}

bool sd_consume(sd_state *st, LLVMValueRef inst)
{
    LLVMValueRef r = NULL;
    switch (LLVMGetInstructionOpcode(inst)) {
    case LLVMExtractElement:
        r = sd_extract_lane(st, inst);
        break;
    case LLVMStore:
        return sd_store_lanes(st, inst);
    case LLVMBitCast:
        if (!sd_repack(st, LLVMGetOperand(inst, 0), LLVMTypeOf(inst), 1, &r))
            return false;
        break;
    case LLVMCall:
        r = sd_reduce(st, inst);
        break;
    default:
        return false;
    }
    if (!r || LLVMTypeOf(r) != LLVMTypeOf(inst))
        return false;
    /* a value made here (a select chain, bits put together, a reduction)
     * takes the name of what it replaces */
    size_t len = 0;
    const char *name = LLVMGetValueName2(inst, &len);
    LLVMValueRef lane0 = LLVMIsAExtractElementInst(inst) && LLVMIsAConstantInt(LLVMGetOperand(inst, 1))
                             ? r
                             : NULL;
    if (len && r != lane0 && LLVMIsAInstruction(r) && !LLVMGetValueName2(r, &(size_t){0})[0]) {
        char *copy = strndup(name, len);
        LLVMSetValueName2(inst, "", 0);
        if (copy)
            LLVMSetValueName2(r, copy, len);
        free(copy);
    }
    LLVMReplaceAllUsesWith(inst, r);
    return true;
}
