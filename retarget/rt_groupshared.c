/* rt_groupshared.c - the groupshared pass: the module's global variables
 * as Vulkan has them. groupshared (addrspace 3) becomes an internal
 * Workgroup variable without an initializer (DXC declares some external;
 * Vulkan allows no initializer there without an extension); unused
 * globals go (the resource globals of older DXIL); static constant
 * arrays stay private. Any other used global is refused by name. */
#include "retarget_internal.h"

#include <string.h>

static void rt_global_refuse(rt_ctx *rc, LLVMValueRef g, const char *why)
{
    size_t len;
    LLVMUseRef u = LLVMGetFirstUse(g);
    LLVMValueRef user = u ? LLVMGetUser(u) : NULL;
    rt_refuse(rc, user && LLVMIsAInstruction(user) ? user : NULL, "global @%s: %s",
              LLVMGetValueName2(g, &len), why);
}

int rt_pass_groupshared(rt_ctx *rc)
{
    int rv = 0;
    LLVMValueRef g = LLVMGetFirstGlobal(rc->mod);
    while (g) {
        LLVMValueRef next = LLVMGetNextGlobal(g);
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        if (!LLVMGetFirstUse(g)) {
            if (strncmp(name, "llvm.", 5))
                LLVMDeleteGlobal(g);
        } else if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3) {
            LLVMTypeRef vt = LLVMGlobalGetValueType(g);
            LLVMSetInitializer(g, LLVMGetPoison(vt));
            LLVMSetLinkage(g, LLVMInternalLinkage);
            LLVMSetExternallyInitialized(g, 0);
        } else if (LLVMIsDeclaration(g)) {
            rt_global_refuse(rc, g, "an external variable outside groupshared memory");
            rv = -1;
        } else if (!LLVMIsGlobalConstant(g) && LLVMGetLinkage(g) != LLVMInternalLinkage &&
                   LLVMGetLinkage(g) != LLVMPrivateLinkage) {
            rt_global_refuse(rc, g, "a visible variable outside groupshared memory");
            rv = -1;
        }
        g = next;
    }
    return rv;
}
