/* rt_zero_index.c - the zero-index pass, a workaround: LLVM 22's SPIR-V
 * backend crashes on a store or atomic whose address is the first
 * element of an aggregate variable (an alloca or a groupshared array).
 * DXC writes that address as a getelementptr of zeros; CodeGenPrepare
 * folds it into the variable itself, and the backend's pointer-cast
 * legalization then meets a store through a cast it cannot follow. The
 * address gets one array index that is `freeze i32 0`: the same element,
 * and no constant for CodeGenPrepare to fold. Loads need nothing. */
#include "retarget_internal.h"

#include <stdlib.h>

/* The variable whose first element p addresses, or NULL. */
static LLVMValueRef rt_zero_base(LLVMValueRef p)
{
    if (LLVMIsAAllocaInst(p) || LLVMIsAGlobalVariable(p))
        return p;
    if (!LLVMIsAGetElementPtrInst(p) &&
        !(LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr))
        return NULL;
    unsigned n = LLVMGetNumOperands(p);
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(p, i);
        if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0)
            return NULL;
    }
    LLVMValueRef base = LLVMGetOperand(p, 0);
    return LLVMIsAAllocaInst(base) || LLVMIsAGlobalVariable(base) ? base : NULL;
}

static LLVMTypeRef rt_var_type(LLVMValueRef v)
{
    return LLVMIsAAllocaInst(v) ? LLVMGetAllocatedType(v) : LLVMGlobalGetValueType(v);
}

/* Rewrites the address operand `op` of instruction i when it needs it. */
static void rt_unfold(rt_ctx *rc, LLVMValueRef i, unsigned op, LLVMTypeRef accessed)
{
    LLVMValueRef base = rt_zero_base(LLVMGetOperand(i, op));
    if (!base)
        return;
    LLVMTypeRef t = rt_var_type(base);
    LLVMValueRef idx[16];
    unsigned n = 0, last_array = 0;
    idx[n++] = rt_i32(rc, 0);
    while (t != accessed && n < 16) {
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMArrayTypeKind) {
            last_array = n;
            t = LLVMGetElementType(t);
        } else if (k == LLVMStructTypeKind && LLVMCountStructElementTypes(t)) {
            t = LLVMStructGetTypeAtIndex(t, 0);
        } else {
            return; /* not an element of the variable's type: left as is */
        }
        idx[n++] = rt_i32(rc, 0);
    }
    if (t != accessed || !last_array)
        return;
    LLVMPositionBuilderBefore(rc->b, i);
    idx[last_array] = LLVMBuildFreeze(rc->b, rt_i32(rc, 0), "");
    LLVMValueRef gep = LLVMBuildInBoundsGEP2(rc->b, rt_var_type(base), base, idx, n, "");
    LLVMSetOperand(i, op, gep);
}

int rt_pass_zero_index(rt_ctx *rc)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(rc->entry); bb;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMIsAStoreInst(i))
                rt_unfold(rc, i, 1, LLVMTypeOf(LLVMGetOperand(i, 0)));
            else if (LLVMIsAAtomicRMWInst(i))
                rt_unfold(rc, i, 0, LLVMTypeOf(i));
        }
    return 0;
}
