/* bcw_encode.c - 3.7 encodings and the BLOCKINFO block (see header). */
#include "bcw_encode.h"

static const struct {
    LLVMOpcode op;
    int code;
} casts[] = {
    { LLVMTrunc, 0 }, { LLVMZExt, 1 }, { LLVMSExt, 2 }, { LLVMFPToUI, 3 }, { LLVMFPToSI, 4 },
    { LLVMUIToFP, 5 }, { LLVMSIToFP, 6 }, { LLVMFPTrunc, 7 }, { LLVMFPExt, 8 },
    { LLVMPtrToInt, 9 }, { LLVMIntToPtr, 10 }, { LLVMBitCast, 11 }, { LLVMAddrSpaceCast, 12 },
}, binops[] = {
    { LLVMAdd, 0 }, { LLVMFAdd, 0 }, { LLVMSub, 1 }, { LLVMFSub, 1 }, { LLVMFNeg, 1 },
    { LLVMMul, 2 }, { LLVMFMul, 2 }, { LLVMUDiv, 3 }, { LLVMSDiv, 4 }, { LLVMFDiv, 4 },
    { LLVMURem, 5 }, { LLVMSRem, 6 }, { LLVMFRem, 6 }, { LLVMShl, 7 }, { LLVMLShr, 8 },
    { LLVMAShr, 9 }, { LLVMAnd, 10 }, { LLVMOr, 11 }, { LLVMXor, 12 },
};

int bcw_cast_code(LLVMOpcode op)
{
    for (size_t i = 0; i < sizeof casts / sizeof *casts; i++)
        if (casts[i].op == op)
            return casts[i].code;
    return -1;
}

int bcw_binop_code(LLVMOpcode op)
{
    for (size_t i = 0; i < sizeof binops / sizeof *binops; i++)
        if (binops[i].op == op)
            return binops[i].code;
    return -1;
}

/* 3.7's flags: nuw 1, nsw 2; exact 1; fast-math: unsafe-algebra 1 (LLVM
 * 22's reassoc + contract + afn together), nnan 2, ninf 4, nsz 8, arcp 16.
 * LLVM 22-only flags (disjoint, nneg, a partial fast set) are dropped:
 * they only promise more. */
uint64_t bcw_binop_flags(LLVMValueRef inst, LLVMOpcode op, uint32_t fast_word)
{
    if (op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl)
        return (uint64_t)LLVMGetNUW(inst) | (uint64_t)LLVMGetNSW(inst) << 1;
    if (op == LLVMUDiv || op == LLVMSDiv || op == LLVMLShr || op == LLVMAShr)
        return LLVMGetExact(inst);
    if (!LLVMCanValueUseFastMathFlags(inst))
        return 0;
    LLVMFastMathFlags f = LLVMGetFastMathFlags(inst);
    unsigned unsafe = LLVMFastMathAllowReassoc | LLVMFastMathAllowContract | LLVMFastMathApproxFunc;
    uint64_t word = ((f & unsafe) == unsafe ? 1u : 0u) | (f & LLVMFastMathNoNaNs ? 2u : 0u) |
                    (f & LLVMFastMathNoInfs ? 4u : 0u) | (f & LLVMFastMathNoSignedZeros ? 8u : 0u) |
                    (f & LLVMFastMathAllowReciprocal ? 16u : 0u);
    /* LLVM 22 reads any word with the unsafe-algebra bit as all of fast:
     * the input's own word for it, when the module kept it */
    return (word & 1) && fast_word ? fast_word : word;
}

unsigned bcw_ordering(LLVMAtomicOrdering o)
{
    switch (o) {
    case LLVMAtomicOrderingUnordered: return 1;
    case LLVMAtomicOrderingMonotonic: return 2;
    case LLVMAtomicOrderingAcquire: return 3;
    case LLVMAtomicOrderingRelease: return 4;
    case LLVMAtomicOrderingAcquireRelease: return 5;
    case LLVMAtomicOrderingSequentiallyConsistent: return 6;
    default: return 0;
    }
}

uint64_t bcw_align(unsigned align)
{
    return align ? bcw_log2(align) + 1 : 0;
}

enum { BLOCKINFO_ID = 0, CONSTANTS_ID = 11, FUNCTION_ID = 12, VST_ID = 14 };

const bcw_abbrev *bcw_blockinfo_abbrevs(const bcw_ctx *c, unsigned block, unsigned *n,
                                        bcw_abbrev *b)
{
    uint64_t tb = bcw_type_bits(c);
    const bs_abbrev_op ar = { BS_ENC_ARRAY, 0 };
    if (block == VST_ID) {
        b[0] = (bcw_abbrev){ 4, { { BS_ENC_FIXED, 3 }, { BS_ENC_VBR, 8 }, ar, { BS_ENC_FIXED, 8 } } };
        b[1] = (bcw_abbrev){ 4, { { BS_ENC_LITERAL, 1 }, { BS_ENC_VBR, 8 }, ar, { BS_ENC_FIXED, 7 } } };
        b[2] = (bcw_abbrev){ 4, { { BS_ENC_LITERAL, 1 }, { BS_ENC_VBR, 8 }, ar, { BS_ENC_CHAR6, 0 } } };
        b[3] = (bcw_abbrev){ 4, { { BS_ENC_LITERAL, 2 }, { BS_ENC_VBR, 8 }, ar, { BS_ENC_CHAR6, 0 } } };
        *n = 4;
    } else if (block == CONSTANTS_ID) {
        b[0] = (bcw_abbrev){ 2, { { BS_ENC_LITERAL, 1 }, { BS_ENC_FIXED, tb } } };
        b[1] = (bcw_abbrev){ 2, { { BS_ENC_LITERAL, 4 }, { BS_ENC_VBR, 8 } } };
        b[2] = (bcw_abbrev){ 4, { { BS_ENC_LITERAL, 11 }, { BS_ENC_FIXED, 4 }, { BS_ENC_FIXED, tb },
                                  { BS_ENC_VBR, 8 } } };
        b[3] = (bcw_abbrev){ 1, { { BS_ENC_LITERAL, 2 } } };
        *n = 4;
    } else {
        b[0] = (bcw_abbrev){ 5, { { BS_ENC_LITERAL, 20 }, { BS_ENC_VBR, 6 }, { BS_ENC_FIXED, tb },
                                  { BS_ENC_VBR, 4 }, { BS_ENC_FIXED, 1 } } };
        b[1] = (bcw_abbrev){ 4, { { BS_ENC_LITERAL, 2 }, { BS_ENC_VBR, 6 }, { BS_ENC_VBR, 6 },
                                  { BS_ENC_FIXED, 4 } } };
        b[2] = (bcw_abbrev){ 5, { { BS_ENC_LITERAL, 2 }, { BS_ENC_VBR, 6 }, { BS_ENC_VBR, 6 },
                                  { BS_ENC_FIXED, 4 }, { BS_ENC_FIXED, 7 } } };
        b[3] = (bcw_abbrev){ 4, { { BS_ENC_LITERAL, 3 }, { BS_ENC_VBR, 6 }, { BS_ENC_FIXED, tb },
                                  { BS_ENC_FIXED, 4 } } };
        b[4] = (bcw_abbrev){ 1, { { BS_ENC_LITERAL, 10 } } };
        b[5] = (bcw_abbrev){ 2, { { BS_ENC_LITERAL, 10 }, { BS_ENC_VBR, 6 } } };
        b[6] = (bcw_abbrev){ 1, { { BS_ENC_LITERAL, 15 } } };
        b[7] = (bcw_abbrev){ 5, { { BS_ENC_LITERAL, 43 }, { BS_ENC_FIXED, 1 }, { BS_ENC_FIXED, tb },
                                  ar, { BS_ENC_VBR, 6 } } };
        *n = 8;
    }
    return b;
}

void bcw_write_blockinfo(bcw_ctx *c)
{
    static const unsigned blocks[] = { VST_ID, CONSTANTS_ID, FUNCTION_ID };
    size_t len;
    bcw_enter(c, BLOCKINFO_ID, 2, &len);
    for (size_t i = 0; i < 3; i++) {
        uint64_t bid = blocks[i];
        bcw_record(c, BS_BLOCKINFO_SETBID, &bid, 1, 2);
        bcw_abbrev buf[8];
        unsigned n;
        const bcw_abbrev *ab = bcw_blockinfo_abbrevs(c, blocks[i], &n, buf);
        for (unsigned k = 0; k < n; k++)
            bcw_define_abbrev(c, &ab[k], 2);
    }
    bcw_exit(c, len, 2);
}
