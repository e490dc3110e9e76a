/* lower_cbl_form.c - the raise's form of DXC's byte-offset cbufferLoad
 * (raise_buffers.c), as the lowering reads it back.
 *
 * The raise turns cbufferLoad(58, H, off, align) into the 16-byte row
 * `load.cbufferrow(h, off >> 4)` marked !dxu.cbufferLoad, and a gather:
 * every field of the row inserted at its own lane (0, 1, ... k-1) of a
 * vector from poison, then `extractelement vec, (off & 15) >> shift`. An
 * optimizer may keep that gather, fold its selection to a constant lane
 * (an extractvalue of the row), or build vectors of its own from fields
 * of several rows (SLP): only the exact gather is the raise's, and every
 * other read of a field is a read of that one element, whose byte offset
 * is the row's start plus the lane's. */
#include "lower_internal.h"

/* Chains fed by themselves in unreachable code end the walks. */
#define CBL_STEPS_MAX 64

static bool cbl_const_index(LLVMValueRef v, uint64_t *out)
{
    return LLVMIsAConstantInt(v) && const_u64(v, out);
}

/* The row call and lane of `ins` when it inserts field j of a marked row
 * at lane j; NULL otherwise. */
static LLVMValueRef cbl_link(LLVMValueRef ins, unsigned md_kind, uint64_t *lane)
{
    LLVMValueRef ev = LLVMGetOperand(ins, 1);
    if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1 ||
        !cbl_const_index(LLVMGetOperand(ins, 2), lane) || LLVMGetIndices(ev)[0] != *lane)
        return NULL;
    LLVMValueRef call = LLVMGetOperand(ev, 0);
    return LLVMIsACallInst(call) && LLVMGetMetadata(call, md_kind) ? call : NULL;
}

/* The one insertelement that extends `ins` (uses it as its vector), or
 * NULL when none does or `ins` has any other user. */
static LLVMValueRef cbl_next(LLVMValueRef ins)
{
    LLVMUseRef u = LLVMGetFirstUse(ins);
    if (!u || LLVMGetNextUse(u))
        return NULL;
    LLVMValueRef x = LLVMGetUser(u);
    return LLVMIsAInsertElementInst(x) && LLVMGetOperand(x, 0) == ins ? x : NULL;
}

LLVMValueRef lower_cbl_gather_top(LLVMValueRef v, unsigned md_kind, LLVMValueRef *call_out)
{
    uint64_t lane;
    LLVMValueRef call = NULL;
    if (!md_kind || !v || !LLVMIsAInsertElementInst(v))
        return NULL;
    /* down to lane 0, which inserts into poison */
    LLVMValueRef bottom = v;
    for (unsigned steps = 0;; steps++) {
        LLVMValueRef c = cbl_link(bottom, md_kind, &lane);
        if (!c || (call && c != call) || steps > CBL_STEPS_MAX)
            return NULL;
        call = c;
        LLVMValueRef below = LLVMGetOperand(bottom, 0);
        if (lane == 0) {
            if (!LLVMIsPoison(below) && !LLVMIsUndef(below))
                return NULL;
            break;
        }
        if (!LLVMIsAInsertElementInst(below))
            return NULL;
        bottom = below;
    }
    /* up through lanes 1 .. k-1, each the only user of the one before */
    unsigned k = LLVMCountStructElementTypes(LLVMTypeOf(call));
    LLVMValueRef top = bottom;
    for (uint64_t want = 1; want < k; want++) {
        LLVMValueRef next = cbl_next(top);
        if (!next || cbl_link(next, md_kind, &lane) != call || lane != want)
            return NULL;
        top = next;
    }
    if (LLVMGetVectorSize(LLVMTypeOf(top)) != k)
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(top); u; u = LLVMGetNextUse(u))
        if (!LLVMIsAExtractElementInst(LLVMGetUser(u)))
            return NULL;
    if (call_out)
        *call_out = call;
    return top;
}

/* The low 4 bits of v when the instructions computing it fix them (they
 * depend only on the operands' low 4 bits for these operations), else -1. */
static int cbl_low4_at(LLVMValueRef v, unsigned depth)
{
    uint64_t c;
    if (cbl_const_index(v, &c))
        return (int)(c & 15);
    if (!LLVMIsAInstruction(v) || depth > 8)
        return -1;
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMShl) {
        if (!cbl_const_index(LLVMGetOperand(v, 1), &c))
            return -1;
        int a = c >= 4 ? 0 : cbl_low4_at(LLVMGetOperand(v, 0), depth + 1);
        return a < 0 ? -1 : (int)(((unsigned)a << (c >= 4 ? 0 : c)) & 15);
    }
    if (op != LLVMAdd && op != LLVMSub && op != LLVMMul && op != LLVMOr && op != LLVMAnd &&
        op != LLVMXor)
        return -1;
    int a = cbl_low4_at(LLVMGetOperand(v, 0), depth + 1);
    int b = cbl_low4_at(LLVMGetOperand(v, 1), depth + 1);
    if ((op == LLVMAnd || op == LLVMMul) && (a == 0 || b == 0))
        return 0;
    if (a < 0 || b < 0)
        return -1;
    switch (op) {
    case LLVMAdd: return (a + b) & 15;
    case LLVMSub: return (a - b) & 15;
    case LLVMMul: return (a * b) & 15;
    case LLVMOr: return a | b;
    case LLVMAnd: return a & b;
    default: return a ^ b;
    }
}

int lower_cbl_low4(LLVMValueRef v)
{
    return cbl_low4_at(v, 0);
}

/* The byte offset of the element `at` bytes into the row that holds byte
 * `off`, at the builder: `off` itself when its low bits are already `at`
 * (DXC's own form, kept through a round trip), else the row's start plus
 * `at`. */
LLVMValueRef lower_cbl_element_offset(lower_ctx *lc, LLVMValueRef off, unsigned at)
{
    int low = lower_cbl_low4(off);
    if (low == (int)at)
        return off;
    if (low == 0)
        return LLVMBuildOr(lc->b, off, lower_i32(lc, at), "");
    if (low > 0)
        return LLVMBuildAdd(lc->b, off, lower_i32(lc, (uint32_t)((int)at - low)), "");
    LLVMValueRef row = LLVMBuildAnd(lc->b, off, lower_i32(lc, (uint32_t)-16), "");
    return at ? LLVMBuildOr(lc->b, row, lower_i32(lc, at), "") : row;
}
