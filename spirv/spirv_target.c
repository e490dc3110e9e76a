/* spirv_target.c - LLVM's SPIR-V target, registered once, and the triple
 * and Vulkan version a module is compiled and validated for. */
#include "spirv.h"
#include "module/module_triple.h"

#include <llvm-c/Target.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_once_t spirv_once = PTHREAD_ONCE_INIT;

/* LLVM's target registry is a plain list: registering from two threads
 * at once would corrupt it, hence once per process. */
static void spirv_register(void)
{
    LLVMInitializeSPIRVTargetInfo();
    LLVMInitializeSPIRVTarget();
    LLVMInitializeSPIRVTargetMC();
    LLVMInitializeSPIRVAsmPrinter();
}

void spirv_target_init(void)
{
    pthread_once(&spirv_once, spirv_register);
}

/* The Vulkan version an OS component names ("vulkan1.2" -> 12), 0 for a
 * bare "vulkan", -1 when it is not one we read. */
static int spirv_os_version(const char *os)
{
    unsigned major, minor;
    char extra;
    if (strcmp(os, "vulkan") == 0)
        return 0;
    if (sscanf(os, "vulkan%u.%u%c", &major, &minor, &extra) != 2 || major != 1 || minor > 9)
        return -1;
    return (int)(10 * major + minor);
}

static int spirv_target_fail(dxil_diags *diags, const char *triple, const char *why)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0,
                   "cannot compile triple '%s' to SPIR-V for Vulkan: %s", triple, why);
    return -1;
}

int spirv_target_choose(LLVMModuleRef mod, dxil_spirv_env want, spirv_target *out,
                        dxil_diags *diags)
{
    const char *triple = LLVMGetTarget(mod);
    triple_parts p;
    if (!triple_is_vulkan_spirv(triple) || triple_split(triple, &p) != 0)
        return spirv_target_fail(diags, triple ? triple : "",
                                 "not spirv[1.N]-<vendor>-vulkan[1.N]-<stage>");
    int have = spirv_os_version(p.os);
    if (have < 0)
        return spirv_target_fail(diags, triple, "the Vulkan version is not 1.N");
    int env = want != DXIL_SPIRV_ENV_DEFAULT ? (int)want : have ? have : DXIL_SPIRV_ENV_VULKAN_1_3;
    if (env < DXIL_SPIRV_ENV_VULKAN_1_2 || env > DXIL_SPIRV_ENV_VULKAN_1_3)
        return spirv_target_fail(diags, triple,
                                 "LLVM's SPIR-V backend writes SPIR-V 1.4 or later, which "
                                 "needs Vulkan 1.2 or 1.3");
    int n = snprintf(out->triple, sizeof out->triple, "%s-%s-vulkan1.%d%s%s", p.arch,
                     p.vendor[0] ? p.vendor : "unknown", env % 10, p.env[0] ? "-" : "", p.env);
    if (n < 0 || (size_t)n >= sizeof out->triple)
        return spirv_target_fail(diags, triple, "the triple is too long");
    out->env = (dxil_spirv_env)env;
    return 0;
}
