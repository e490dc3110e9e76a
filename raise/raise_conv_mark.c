/* raise_conv_mark.c - the "convergent" pass: every call of an op whose
 * meaning depends on which lanes execute it together (a wave or quad op,
 * a derivative, implicit-LOD sampling, a barrier: dxil_op_convergent, from
 * the spec's flags) is convergent, raised (llvm.dx.*) or kept (dx.op.*),
 * and so is every function that makes one, and each call of it.
 *
 * DXC writes no `convergent` (its finalization strips the attribute), so
 * LLVM 22 would be free to move such a call across control flow. Where the
 * mark goes: a dx.op.* declaration all of whose calls are such ops gets
 * it (DXC shares one declaration among the ops of a class: `unary` holds
 * Sin and DerivCoarseX, so a shared one is marked per call); an intrinsic
 * LLVM does not declare convergent (llvm.dx.ddx.coarse) gets it on each
 * call, since LLVM gives an intrinsic's declaration the attributes of its
 * definition whenever IR is read. The lowering strips every mark again
 * (lower_conv_strip.c), as DXC does. */
#include "raise_internal.h"
#include "raise_ops.h"

#include "module/convergence.h"
#include "module/dxop_calls.h"

#include <string.h>

static bool mark_has_prefix(LLVMValueRef fn, const char *prefix)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    return len >= strlen(prefix) && memcmp(name, prefix, strlen(prefix)) == 0;
}

/* Whether an llvm.dx.* intrinsic stands for a convergent op: one of the
 * ops the table maps to it is. */
static bool mark_intrinsic_convergent(const dxil_optable *t, LLVMValueRef fn)
{
    unsigned id = LLVMGetIntrinsicID(fn);
    size_t len = 0;
    const char *base = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    char name[128];
    if (!base || len >= sizeof name)
        return false;
    memcpy(name, base, len);
    name[len] = '\0';
    const dxil_intrinsic_ref *refs = NULL;
    size_t n = dxil_optable_find_intrinsic(t, name, &refs);
    for (size_t i = 0; i < n; i++)
        if (dxil_op_convergent(refs[i].op))
            return true;
    return false;
}

static bool mark_is_convergent(LLVMValueRef fn)
{
    return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, conv_attr_kind()) != NULL;
}

static void mark_call(raise_ctx *rc, LLVMValueRef call)
{
    LLVMAttributeRef a = LLVMCreateEnumAttribute(rc->ctx, conv_attr_kind(), 0);
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, a);
}

/* A call of a convergent op as the table knows it at the module's
 * version (a pre-release module's opcodes are not today's), through its
 * class's function. */
static bool mark_dxop_call(raise_ctx *rc, const dxil_optable *t, LLVMValueRef call)
{
    uint32_t opcode = ops_dxop_opcode(call);
    return dxil_op_convergent(dxil_op_by_opcode(t, opcode)) &&
           raise_call_fits_op(rc, call, opcode);
}

/* A dx.op.* declaration: the declaration when every call is of a
 * convergent op, else each such call. */
static void mark_dxop(raise_ctx *rc, const dxil_optable *t, LLVMValueRef fn)
{
    size_t conv = 0, other = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        if (mark_dxop_call(rc, t, LLVMGetUser(u)))
            conv++;
        else
            other++;
    }
    if (!conv)
        return;
    if (!other) {
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(rc->ctx, conv_attr_kind(), 0));
        return;
    }
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (mark_dxop_call(rc, t, call))
            mark_call(rc, call);
    }
}

static void mark_declarations(raise_ctx *rc)
{
    const dxil_optable *t = ops_table(rc);
    for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (!LLVMIsDeclaration(fn) || mark_is_convergent(fn) || !LLVMGetFirstUse(fn))
            continue;
        if (mark_has_prefix(fn, "dx.op."))
            mark_dxop(rc, t, fn);
        else if (mark_has_prefix(fn, "llvm.dx.") && mark_intrinsic_convergent(t, fn))
            for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u))
                if (LLVMIsACallInst(LLVMGetUser(u)))
                    mark_call(rc, LLVMGetUser(u));
    }
}

static bool mark_makes_convergent_call(LLVMValueRef fn)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
            if (conv_call_convergent(i))
                return true;
    return false;
}

/* Defined functions making convergent calls are convergent, which makes
 * their calls convergent: repeated until nothing changes (a library's
 * helpers). */
static void mark_definitions(raise_ctx *rc)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn; fn = LLVMGetNextFunction(fn))
            if (!LLVMIsDeclaration(fn) && !mark_is_convergent(fn) &&
                mark_makes_convergent_call(fn)) {
                LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                        LLVMCreateEnumAttribute(rc->ctx, conv_attr_kind(), 0));
                changed = true;
            }
    }
}

int raise_conv_mark(raise_ctx *rc)
{
    mark_declarations(rc);
    mark_definitions(rc);
    return 0;
}
