/* rt_check.c - the check pass, last: what no pass gave a Vulkan form is
 * refused by name before LLVM's SPIR-V backend sees it (the backend ends
 * its process on some input it cannot select). Each kind of construct is
 * named once: the first instruction that has it. */
#include "retarget_internal.h"

#include <llvm-c/Analysis.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RT_MAX_NAMED 32

typedef struct rt_seen {
    const char *v[RT_MAX_NAMED];
    unsigned n;
} rt_seen;

/* True the first time `what` is seen. */
static bool rt_first(rt_seen *s, const char *what)
{
    for (unsigned i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], what))
            return false;
    if (s->n < RT_MAX_NAMED)
        s->v[s->n++] = what;
    return true;
}

/* The dx.op function's op name ("dx.op.textureLoad.f32" -> textureLoad). */
static void rt_op_name(const char *callee, char *buf, size_t size)
{
    const char *s = callee + strlen("dx.op.");
    size_t n = strcspn(s, ".");
    snprintf(buf, size, "%.*s", (int)n, s);
}

/* Functions LLVM 22's backend lowers itself for Vulkan (clang's names). */
static bool rt_known_builtin(const char *name)
{
    return !strcmp(name, "__hlsl_wave_get_lane_index");
}

static bool rt_wide_vector(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 4;
}

static int rt_check_call(rt_ctx *rc, LLVMValueRef i, rt_seen *seen)
{
    const char *callee = rt_callee_name(i);
    if (!strncmp(callee, "dx.op.", 6)) {
        if (rt_first(seen, callee)) {
            char op[64];
            rt_op_name(callee, op, sizeof op);
            rt_refuse(rc, i, "dx.op %s has no Vulkan form in this retarget", op);
        }
        return -1;
    }
    if (!strncmp(callee, "llvm.dx.", 8)) {
        if (rt_first(seen, callee))
            rt_refuse(rc, i, "%s has no Vulkan form in this retarget", callee);
        return -1;
    }
    LLVMValueRef fn = LLVMGetCalledValue(i);
    if (fn && LLVMIsAFunction(fn) && !LLVMGetIntrinsicID(fn) && LLVMIsDeclaration(fn) &&
        !rt_known_builtin(callee)) {
        /* LLVM 22's backend would import it (OpCapability Linkage), which
         * Vulkan cannot run, and spirv-val does not catch */
        if (rt_first(seen, callee))
            rt_refuse(rc, i, "a call of @%s, which nothing defines", callee);
        return -1;
    }
    return 0;
}

static int rt_check_inst(rt_ctx *rc, LLVMValueRef i, rt_seen *seen)
{
    if (LLVMIsACallInst(i) && rt_check_call(rc, i, seen) != 0)
        return -1;
    LLVMTypeRef t = LLVMTypeOf(i);
    if (rt_holds_dx_type(t)) {
        if (rt_first(seen, "dx type"))
            rt_refuse(rc, i, "a value of a DirectX resource type is left");
        return -1;
    }
    if (rt_wide_vector(t)) {
        if (rt_first(seen, "wide vector"))
            rt_refuse(rc, i, "a vector of %u lanes: LLVM 22's SPIR-V backend legalizes "
                      "vectors of up to four", LLVMGetVectorSize(t));
        return -1;
    }
    if (LLVMIsAGetElementPtrInst(i) && LLVMGetNumOperands(i) == 2) {
        LLVMTypeRef src = LLVMGetGEPSourceElementType(i);
        if (LLVMGetTypeKind(src) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(src) == 8) {
            if (rt_first(seen, "byte gep"))
                rt_refuse(rc, i, "a byte-offset getelementptr: its offset was computed in "
                          "the input's datalayout, and logical SPIR-V addresses by type");
            return -1;
        }
    }
    return 0;
}

int rt_pass_check(rt_ctx *rc)
{
    rt_seen seen = {0};
    int rv = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(rc->entry); bb;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (rt_check_inst(rc, i, &seen) != 0)
                rv = -1;
    if (rv != 0)
        return rv;
    char *msg = NULL;
    if (LLVMVerifyModule(rc->mod, LLVMReturnStatusAction, &msg)) {
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RETARGET, DXIL_LOC_NONE, 0,
                       "the retargeted module does not verify: %.300s", msg ? msg : "");
        rv = -1;
    }
    LLVMDisposeMessage(msg);
    return rv;
}
