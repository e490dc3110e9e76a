/* legal_select.c - a load through a select of two pointers becomes a
 * select of two loads, and one through a phi of pointers a phi of loads. DXC requires every groupshared address to come
 * from one global through GEPs ("TGSM pointers must originate from an
 * unambiguous TGSM global variable"), and a typed pointer cannot be two
 * objects' at once; LLVM's instcombine turns `c ? a[i] : b[i]` into a load
 * of `select c, &a[i], &b[i]`. Both addresses are into an alloca or a
 * global the module has, so loading both is safe; it happens where the
 * load was, so no store moves across it. A phi's loads go to the ends of
 * its predecessors, only when nothing between the phi and the load writes
 * memory. Stores and atomics through such pointers are left (they would
 * need a branch). */
#include "legal_census.h"

static LLVMValueRef ls_object(LLVMValueRef p)
{
    while (lower_is_gep(p))
        p = LLVMGetOperand(p, 0);
    return LLVMIsAGlobalVariable(p) || LLVMIsAAllocaInst(p) ? p : NULL;
}

static void ls_split(lower_ctx *lc, LLVMValueRef load)
{
    LLVMValueRef sel = LLVMGetOperand(load, 0);
    LLVMValueRef a = LLVMGetOperand(sel, 1), b = LLVMGetOperand(sel, 2);
    if (!ls_object(a) || !ls_object(b) || LLVMGetVolatile(load) ||
        LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
        return;
    LLVMTypeRef t = LLVMTypeOf(load);
    LLVMPositionBuilderBefore(lc->b, load);
    LLVMValueRef la = LLVMBuildLoad2(lc->b, t, a, ""), lb = LLVMBuildLoad2(lc->b, t, b, "");
    LLVMSetAlignment(la, LLVMGetAlignment(load));
    LLVMSetAlignment(lb, LLVMGetAlignment(load));
    lower_replace_named(lc, load, LLVMBuildSelect(lc->b, LLVMGetOperand(sel, 0), la, lb, ""));
    if (LLVMIsAInstruction(sel))
        lower_kill(lc, sel);
}

/* Nothing from the block's first instruction to `load` writes memory. */
static bool ls_nothing_before(LLVMValueRef load)
{
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(load)); i != load;
         i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) || LLVMIsACallInst(i) || LLVMIsAAtomicRMWInst(i) ||
            LLVMIsAAtomicCmpXchgInst(i) || LLVMIsAFenceInst(i))
            return false;
    return true;
}

static void ls_split_phi(lower_ctx *lc, LLVMValueRef load)
{
    LLVMValueRef phi = LLVMGetOperand(load, 0);
    unsigned n = LLVMCountIncoming(phi);
    if (LLVMGetInstructionParent(phi) != LLVMGetInstructionParent(load) || n > 16 ||
        LLVMGetVolatile(load) || LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic ||
        !ls_nothing_before(load))
        return;
    for (unsigned j = 0; j < n; j++)
        if (!ls_object(LLVMGetIncomingValue(phi, j)))
            return;
    LLVMTypeRef t = LLVMTypeOf(load);
    LLVMValueRef vals[16];
    LLVMBasicBlockRef blocks[16];
    for (unsigned j = 0; j < n; j++) {
        blocks[j] = LLVMGetIncomingBlock(phi, j);
        vals[j] = NULL;
        for (unsigned k = 0; k < j; k++)
            if (blocks[k] == blocks[j])
                vals[j] = vals[k]; /* one value per predecessor */
        if (vals[j])
            continue;
        LLVMPositionBuilderBefore(lc->b, LLVMGetBasicBlockTerminator(blocks[j]));
        vals[j] = LLVMBuildLoad2(lc->b, t, LLVMGetIncomingValue(phi, j), "");
        LLVMSetAlignment(vals[j], LLVMGetAlignment(load));
    }
    LLVMPositionBuilderBefore(lc->b, phi);
    LLVMValueRef np = LLVMBuildPhi(lc->b, t, "");
    LLVMAddIncoming(np, vals, blocks, n);
    lower_replace_named(lc, load, np);
    if (LLVMGetFirstUse(phi) && !LLVMGetNextUse(LLVMGetFirstUse(phi)))
        lower_kill(lc, phi);
}

int lower_legal_ptr_selects(lower_ctx *lc)
{
    if (!legal_census_may(lc, LEGAL_CENSUS_PTR_CHOICE))
        return 0;
    lc->census_stale = true;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMIsALoadInst(i) && LLVMIsASelectInst(LLVMGetOperand(i, 0)))
                    ls_split(lc, i);
                else if (LLVMIsALoadInst(i) && LLVMIsAPHINode(LLVMGetOperand(i, 0)))
                    ls_split_phi(lc, i);
    lower_erase_dead(lc);
    return 0;
}
