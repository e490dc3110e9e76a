/* raise_cleanup.c - runs after every IR raise pass: removes what raising
 * left dead (bridging casthandle calls, unused dx.op.* and intrinsic
 * declarations) and the dx.nonuniform marks that nonuniformindex now
 * carries. Unused named struct types (%dx.types.*) need no work: the IR
 * printer only prints types that something still uses. */
#include "raise_resources.h"

#include <string.h>

static bool cleanup_has_prefix(LLVMValueRef f, const char *prefix)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(f, &len);
    return strncmp(name, prefix, strlen(prefix)) == 0;
}

/* casthandle results nothing uses any more (every user was raised). */
static void cleanup_dead_casts(LLVMValueRef f)
{
    LLVMUseRef u = LLVMGetFirstUse(f);
    while (u) {
        LLVMValueRef call = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        if (LLVMIsACallInst(call) && !LLVMGetFirstUse(call))
            LLVMInstructionEraseFromParent(call);
    }
}

/* A nonuniformindex operand marked !dx.nonuniform: the mark is consumed. */
static void cleanup_nonuniform_marks(raise_ctx *rc, LLVMValueRef f)
{
    unsigned kind = LLVMGetMDKindIDInContext(rc->ctx, "dx.nonuniform", 13);
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef idx = LLVMGetOperand(LLVMGetUser(u), 0);
        if (LLVMIsAInstruction(idx) && LLVMGetMetadata(idx, kind))
            LLVMSetMetadata(idx, kind, NULL);
    }
}

int raise_cleanup(raise_ctx *rc)
{
    LLVMValueRef f = LLVMGetFirstFunction(rc->mod);
    while (f) {
        LLVMValueRef next = LLVMGetNextFunction(f);
        if (cleanup_has_prefix(f, "llvm.dx.resource.casthandle"))
            cleanup_dead_casts(f);
        else if (cleanup_has_prefix(f, "llvm.dx.resource.nonuniformindex"))
            cleanup_nonuniform_marks(rc, f);
        bool decl = LLVMIsDeclaration(f) && !LLVMGetFirstUse(f);
        if (decl && (cleanup_has_prefix(f, "dx.op.") || cleanup_has_prefix(f, "llvm.dx.")))
            LLVMDeleteFunction(f);
        f = next;
    }
    return 0;
}
