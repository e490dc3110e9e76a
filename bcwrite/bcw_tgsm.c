/* bcw_tgsm.c - groupshared loads DXC can trace to their global.
 *
 * DXC's validator wants every instruction that makes a groupshared
 * (addrspace 3) pointer to be a GEP or bitcast of a chain that ends at a
 * global ("TGSM pointers must originate from an unambiguous TGSM global
 * variable"). LLVM's instcombine merges two loads from different
 * groupshared globals into one load of a phi or select of their
 * addresses; bcw_tgsm_split gives each address its own load again:
 *
 *   load (select c, a, b)       -> select c, (load a), (load b)
 *   load (phi [a, p1], [b, p2]) -> phi [(load a in p1), p1], [(load b in p2), p2]
 *
 * with the GEPs between the phi or select and the load repeated on each
 * side. A select's loads are speculated (instcombine made the select out
 * of two loads); a phi's move to the ends of its predecessors, only when
 * nothing between the top of the phi's block and the load may write
 * memory. Stores, atomics and what is left are refused by the screen
 * (bcw_screen.c), naming the instruction. */
#include "bcwrite.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

enum { TGSM_AS = 3, TGSM_CHAIN = 8 };

static bool tgsm_ptr(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == TGSM_AS;
}

/* The GEPs from the load's pointer back to a phi or select (innermost
 * first in chain[]); the phi or select, or NULL. */
static LLVMValueRef tgsm_root(LLVMValueRef ptr, LLVMValueRef *chain, unsigned *n)
{
    *n = 0;
    while (LLVMIsAGetElementPtrInst(ptr) && *n < TGSM_CHAIN) {
        chain[(*n)++] = ptr;
        ptr = LLVMGetOperand(ptr, 0);
    }
    return (LLVMIsAPHINode(ptr) || LLVMIsASelectInst(ptr)) && tgsm_ptr(ptr) ? ptr : NULL;
}

/* The chain's GEPs applied again to base, at the builder's position. */
static LLVMValueRef tgsm_replay(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef *chain,
                                unsigned n)
{
    for (unsigned k = n; k-- > 0;) {
        LLVMValueRef g = chain[k];
        unsigned nidx = (unsigned)LLVMGetNumOperands(g) - 1;
        LLVMValueRef small[8], *idx = nidx <= 8 ? small : malloc(nidx * sizeof *idx);
        if (!idx)
            return NULL;
        for (unsigned i = 0; i < nidx; i++)
            idx[i] = LLVMGetOperand(g, i + 1);
        LLVMTypeRef src = LLVMGetGEPSourceElementType(g);
        base = LLVMIsInBounds(g) ? LLVMBuildInBoundsGEP2(b, src, base, idx, nidx, "")
                                 : LLVMBuildGEP2(b, src, base, idx, nidx, "");
        if (idx != small)
            free(idx);
    }
    return base;
}

static LLVMValueRef tgsm_load(LLVMBuilderRef b, LLVMValueRef like, LLVMValueRef ptr)
{
    LLVMValueRef v = LLVMBuildLoad2(b, LLVMTypeOf(like), ptr, "");
    LLVMSetAlignment(v, LLVMGetAlignment(like));
    return v;
}

/* Whether an instruction may write memory (a call: unless it is known
 * to only read). */
static bool tgsm_writes(LLVMValueRef i)
{
    if (LLVMIsAStoreInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
        LLVMIsAFenceInst(i))
        return true;
    if (!LLVMIsACallInst(i))
        return false;
    unsigned kind = LLVMGetEnumAttributeKindForName("memory", 6);
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(i, LLVMAttributeFunctionIndex, kind);
    LLVMValueRef fn = LLVMGetCalledValue(i);
    if (!a && fn && LLVMIsAFunction(fn))
        a = LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
    /* memory(...) packs two bits per location; none of them "write" (2). */
    uint64_t v = a ? LLVMGetEnumAttributeValue(a) : UINT64_MAX;
    for (unsigned s = 0; s < 64 && v != UINT64_MAX; s += 2)
        if ((v >> s) & 2)
            return true;
    return v == UINT64_MAX;
}

/* Nothing from the top of the load's block to the load writes memory. */
static bool tgsm_clear_above(LLVMValueRef load)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(load);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && i != load; i = LLVMGetNextInstruction(i))
        if (tgsm_writes(i))
            return false;
    return true;
}

static bool tgsm_split_select(LLVMBuilderRef b, LLVMValueRef load, LLVMValueRef sel,
                              LLVMValueRef *chain, unsigned n)
{
    LLVMPositionBuilderBefore(b, load);
    LLVMValueRef pa = tgsm_replay(b, LLVMGetOperand(sel, 1), chain, n);
    LLVMValueRef pb = tgsm_replay(b, LLVMGetOperand(sel, 2), chain, n);
    if (!pa || !pb)
        return false;
    LLVMValueRef a = tgsm_load(b, load, pa), c = tgsm_load(b, load, pb);
    LLVMReplaceAllUsesWith(load, LLVMBuildSelect(b, LLVMGetOperand(sel, 0), a, c, ""));
    return true;
}

static bool tgsm_split_phi(LLVMBuilderRef b, LLVMValueRef load, LLVMValueRef phi,
                           LLVMValueRef *chain, unsigned n)
{
    if (LLVMGetInstructionParent(phi) != LLVMGetInstructionParent(load) ||
        !tgsm_clear_above(load))
        return false;
    unsigned k = LLVMCountIncoming(phi);
    LLVMValueRef *vals = calloc(k + 1u, sizeof *vals);
    LLVMBasicBlockRef *preds = calloc(k + 1u, sizeof *preds);
    bool ok = vals && preds;
    for (unsigned i = 0; ok && i < k; i++) {
        preds[i] = LLVMGetIncomingBlock(phi, i);
        for (unsigned j = 0; j < i && !vals[i]; j++) /* one load per predecessor */
            if (preds[j] == preds[i])
                vals[i] = vals[j];
        if (vals[i])
            continue;
        LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(preds[i]));
        LLVMValueRef p = tgsm_replay(b, LLVMGetIncomingValue(phi, i), chain, n);
        ok = p != NULL;
        vals[i] = ok ? tgsm_load(b, load, p) : NULL;
    }
    if (ok) {
        LLVMPositionBuilderBefore(b, phi);
        LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(load), "");
        LLVMAddIncoming(np, vals, preds, k);
        LLVMReplaceAllUsesWith(load, np);
    }
    free(vals);
    free(preds);
    return ok;
}

/* Erases v and the GEPs, phis and selects above it that it leaves unused. */
static void tgsm_erase(LLVMValueRef v)
{
    while (v && !LLVMGetFirstUse(v) &&
           (LLVMIsALoadInst(v) || LLVMIsAGetElementPtrInst(v) || LLVMIsAPHINode(v) ||
            LLVMIsASelectInst(v))) {
        LLVMValueRef next = LLVMIsALoadInst(v) || LLVMIsAGetElementPtrInst(v)
                                ? LLVMGetOperand(v, 0) : NULL;
        LLVMInstructionEraseFromParent(v);
        v = next && LLVMIsAInstruction(next) ? next : NULL;
    }
}

/* One pass over fn: the first load it can split; true when it did. */
static bool tgsm_split_one(LLVMBuilderRef b, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsALoadInst(i) || LLVMGetVolatile(i) ||
                LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic ||
                !tgsm_ptr(LLVMGetOperand(i, 0)))
                continue;
            LLVMValueRef chain[TGSM_CHAIN];
            unsigned n;
            LLVMValueRef root = tgsm_root(LLVMGetOperand(i, 0), chain, &n);
            if (!root)
                continue;
            bool done = LLVMIsASelectInst(root) ? tgsm_split_select(b, i, root, chain, n)
                                                : tgsm_split_phi(b, i, root, chain, n);
            if (done) {
                tgsm_erase(i);
                return true;
            }
        }
    return false;
}

int bcw_tgsm_split(LLVMModuleRef m)
{
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
    int count = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        for (int guard = 0; guard < 4096 && tgsm_split_one(b, fn); guard++)
            count++;
    LLVMDisposeBuilder(b);
    return count;
}
