/* rt_entry.c - the entry pass: finds the one shader entry the SPIR-V
 * backend is given, and refuses what it cannot take: stages not
 * retargeted yet, more than one entry, and calls of other defined
 * functions (DXC's shaders are inlined into their entry; the backend
 * would need each callee's pointer arguments typed, which DXIL's are not).
 * Unused helper definitions are dropped. */
#include "retarget_internal.h"

#include "module/convergence.h"

#include <string.h>

/* Stages whose module this retarget makes; the rest are refused by name. */
static const char *const rt_stages[] = {"compute"};

static const char *rt_attr_value(LLVMValueRef fn, const char *key, unsigned *len)
{
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key,
                                                       (unsigned)strlen(key));
    return a ? LLVMGetStringAttributeValue(a, len) : NULL;
}

static bool rt_stage_known(const char *stage)
{
    for (size_t i = 0; i < sizeof rt_stages / sizeof *rt_stages; i++)
        if (!strcmp(stage, rt_stages[i]))
            return true;
    return false;
}

/* Finds the function carrying hlsl.shader; refuses zero or several. */
static int rt_find_entry(rt_ctx *rc)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(rc->mod); f; f = LLVMGetNextFunction(f)) {
        unsigned len = 0;
        const char *stage = rt_attr_value(f, "hlsl.shader", &len);
        if (!stage || LLVMIsDeclaration(f))
            continue;
        size_t nlen;
        if (rc->entry) {
            rt_refuse(rc, NULL, "@%s and @%s are both entries: the retarget takes one entry "
                      "per module", LLVMGetValueName2(rc->entry, &nlen),
                      LLVMGetValueName2(f, &nlen));
            return -1;
        }
        rc->entry = f;
        snprintf(rc->stage, sizeof rc->stage, "%.*s", (int)len, stage);
    }
    if (!rc->entry) {
        rt_refuse(rc, NULL, "no function has the hlsl.shader attribute: a library or a module "
                  "without an entry has no Vulkan form here");
        return -1;
    }
    return 0;
}

/* Drops unused definitions; refuses calls of the others. */
static int rt_only_entry(rt_ctx *rc)
{
    int rv = 0;
    LLVMValueRef f = LLVMGetFirstFunction(rc->mod);
    while (f) {
        LLVMValueRef next = LLVMGetNextFunction(f);
        if (f != rc->entry && !LLVMIsDeclaration(f)) {
            LLVMUseRef u = LLVMGetFirstUse(f);
            if (!u) {
                LLVMDeleteFunction(f);
            } else {
                size_t len;
                LLVMValueRef user = LLVMGetUser(u);
                rt_refuse(rc, LLVMIsAInstruction(user) ? user : NULL,
                          "@%s is a function of its own: the retarget takes one inlined "
                          "entry", LLVMGetValueName2(f, &len));
                rv = -1;
            }
        }
        f = next;
    }
    return rv;
}

int rt_pass_entry(rt_ctx *rc)
{
    if (rt_find_entry(rc) != 0)
        return -1;
    size_t len;
    if (!rt_stage_known(rc->stage)) {
        rt_refuse(rc, NULL, "@%s is a %s shader: only compute shaders are retargeted to "
                  "Vulkan yet", LLVMGetValueName2(rc->entry, &len), rc->stage);
        return -1;
    }
    if (LLVMCountParams(rc->entry) != 0 ||
        LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(rc->entry))) !=
            LLVMVoidTypeKind) {
        rt_refuse(rc, NULL, "@%s takes parameters or returns a value: an entry is void() "
                  "after the raise", LLVMGetValueName2(rc->entry, &len));
        return -1;
    }
    return rt_only_entry(rc);
}

/* The raise gives convergent calls clang 22's convergence tokens
 * (raise_conv_tokens.c); the calls this retarget makes in their place
 * carry none, and LLVM's verifier refuses a function that mixes both.
 * The tokens go, the `convergent` marks stay: the module is what the
 * retarget made before the raise had tokens. */
int rt_pass_convergence(rt_ctx *rc)
{
    conv_strip_tokens(rc->mod, rc->b, true);
    return 0;
}
