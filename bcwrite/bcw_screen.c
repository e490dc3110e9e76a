/* bcw_screen.c - what the writer refuses, found before anything is built,
 * so the refusal names the function and instruction that carry it (the
 * build pass meets a type or a debug node far from its user, and met a
 * module's debug info once per reference). One refusal per module: the
 * first found, in function order, then declarations, globals and named
 * metadata. Checks the build pass makes itself (opcodes, intrinsics with
 * LLVM 22's mangling, atomicrmw operations) are left to it. */
#include "bcw_internal.h"

#include <llvm-c/DebugInfo.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Why a type has no 3.7 form DXIL can carry, or NULL. Recurses through
 * aggregates, vectors and function types (typed pointers are opaque
 * here: what they point to is the writer's choice). */
static const char *type_problem(LLVMTypeRef t, unsigned depth)
{
    if (depth > 64)
        return NULL; /* named structs may nest deeply; cycles go through pointers */
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t) > 64 ? "integers wider than 64 bits are not DXIL" : NULL;
    case LLVMTargetExtTypeKind:
        return "a target extension type has no LLVM 3.7 form (lower the module first)";
    case LLVMScalableVectorTypeKind:
        return "scalable vectors have no LLVM 3.7 form";
    case LLVMBFloatTypeKind: case LLVMFP128TypeKind: case LLVMPPC_FP128TypeKind:
    case LLVMX86_FP80TypeKind: case LLVMX86_AMXTypeKind: case LLVMTokenTypeKind:
        return "this type is not DXIL";
    case LLVMArrayTypeKind: case LLVMVectorTypeKind:
        return type_problem(LLVMGetElementType(t), depth + 1);
    case LLVMStructTypeKind:
        for (unsigned i = 0, n = LLVMCountStructElementTypes(t); i < n; i++) {
            const char *why = type_problem(LLVMStructGetTypeAtIndex(t, i), depth + 1);
            if (why)
                return why;
        }
        return NULL;
    case LLVMFunctionTypeKind: {
        const char *why = type_problem(LLVMGetReturnType(t), depth + 1);
        unsigned n = LLVMCountParamTypes(t);
        if (why || !n)
            return why;
        LLVMTypeRef small[16], *params = n <= 16 ? small : malloc(n * sizeof *params);
        if (!params) /* no memory: the build's own type check still refuses */
            return NULL;
        LLVMGetParamTypes(t, params);
        for (unsigned i = 0; i < n && !why; i++)
            why = type_problem(params[i], depth + 1);
        if (params != small)
            free(params);
        return why;
    }
    default:
        return NULL;
    }
}

/* Types found fine, by pointer (a type is unique in its context): the
 * same few struct and function types come back on most calls. */
typedef struct screen_seen {
    LLVMTypeRef slot[256];
} screen_seen;

static const char *type_problem_seen(screen_seen *seen, LLVMTypeRef t)
{
    uintptr_t k = (uintptr_t)t;
    LLVMTypeRef *at = &seen->slot[(k >> 4 ^ k >> 12) & 255];
    if (*at == t)
        return NULL;
    const char *why = type_problem(t, 0);
    if (!why)
        *at = t;
    return why;
}

static const char tgsm_why[] =
    "a groupshared pointer that does not come from one groupshared global through GEPs and "
    "casts (a phi or select of two, an argument, ...): DXC refuses it (TGSM pointers must "
    "originate from an unambiguous TGSM global variable)";

/* DXC wants an instruction making a groupshared pointer to be a GEP or
 * bitcast whose chain of GEPs and bitcasts ends at a global. */
static const char *tgsm_problem(LLVMValueRef inst)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind || LLVMGetPointerAddressSpace(t) != 3)
        return NULL;
    if (!LLVMIsAGetElementPtrInst(inst) && !LLVMIsABitCastInst(inst))
        return tgsm_why;
    LLVMValueRef p = LLVMGetOperand(inst, 0);
    for (unsigned guard = 0; p && guard < 256; guard++) {
        bool gep = LLVMIsAGetElementPtrInst(p) ||
                   (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
        bool cast = LLVMIsABitCastInst(p) ||
                    (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMBitCast);
        if (!gep && !cast)
            break;
        p = LLVMGetOperand(p, 0);
    }
    return p && LLVMIsAGlobalVariable(p) ? NULL : tgsm_why;
}

static const char debug_why[] =
    "debug info has no writer here: the DXIL part carries none (DXC keeps it in "
    "a separate part); strip it first";

/* The first thing about one instruction the writer cannot carry. Of its
 * operands only constants are looked at: instructions are screened as
 * results, arguments and globals through their functions' and their own
 * types. */
static const char *inst_problem(screen_seen *seen, LLVMValueRef inst)
{
    if (LLVMInstructionGetDebugLoc(inst) || LLVMGetFirstDbgRecord(inst))
        return debug_why;
    const char *why = type_problem_seen(seen, LLVMTypeOf(inst));
    if (!why)
        why = tgsm_problem(inst);
    for (int i = 0, n = LLVMGetNumOperands(inst); i < n && !why; i++) {
        LLVMValueRef op = LLVMGetOperand(inst, (unsigned)i);
        if (op && LLVMIsAConstant(op) && !LLVMIsAGlobalValue(op))
            why = type_problem_seen(seen, LLVMTypeOf(op));
        /* The constant writer would meet it with no constant to name. */
        else if (op && LLVMGetValueKind(op) == LLVMMetadataAsValueValueKind)
            why = "metadata passed as an operand has no DXIL form here (the writer carries "
                  "metadata as attachments and named metadata only)";
    }
    if (!why && LLVMIsACallInst(inst))
        why = type_problem_seen(seen, LLVMGetCalledFunctionType(inst));
    /* Named here, with its call: the constant writer would only say "a
     * constant with no 3.7 form" (inline asm is no constant to print). */
    if (!why && LLVMIsACallInst(inst) && LLVMIsAInlineAsm(LLVMGetCalledValue(inst)))
        why = "inline assembly has no DXIL form";
    /* LLVM 3.7 has no operand bundles (a convergence token's is the
     * lowering's to remove: docs/ops.md "Convergence"). */
    if (!why && LLVMIsACallInst(inst) && LLVMGetNumOperandBundles(inst))
        why = "a call with an operand bundle has no LLVM 3.7 form";
    if (!why && LLVMIsAAllocaInst(inst))
        why = type_problem_seen(seen, LLVMGetAllocatedType(inst));
    return why;
}

static bool screen_bodies(bcw_ctx *c)
{
    screen_seen seen = {{NULL}};
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                const char *why = inst_problem(&seen, i);
                if (why) {
                    bcw_error(c, i, "%s", why);
                    return false;
                }
            }
    return true;
}

/* A function's !dbg attachment (kind 0, fixed in LLVM). */
static bool has_dbg(LLVMValueRef f)
{
    size_t n = 0;
    LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(f, &n);
    bool dbg = false;
    for (size_t i = 0; i < n && !dbg; i++)
        dbg = LLVMValueMetadataEntriesGetKind(md, (unsigned)i) == 0;
    if (md)
        LLVMDisposeValueMetadataEntries(md);
    return dbg;
}

static bool screen_globals(bcw_ctx *c)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        const char *why = has_dbg(f) ? debug_why : type_problem(LLVMGlobalGetValueType(f), 0);
        if (why) {
            bcw_error(c, NULL, "function @%s: %s", LLVMGetValueName(f), why);
            return false;
        }
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
        const char *why = has_dbg(g) ? debug_why : type_problem(LLVMGlobalGetValueType(g), 0);
        if (why) {
            bcw_error(c, NULL, "global @%s: %s", LLVMGetValueName(g), why);
            return false;
        }
    }
    return true;
}

int bcw_screen(bcw_ctx *c)
{
    if (!screen_bodies(c) || !screen_globals(c))
        return -1;
    if (LLVMGetNamedMetadata(c->mod, "llvm.dbg.cu", 11)) {
        bcw_error(c, NULL, "named metadata !llvm.dbg.cu: %s", debug_why);
        return -1;
    }
    return 0;
}
