/* spirv_emit.c - one module through LLVM's SPIR-V backend with LLVM-C's
 * target machine, into memory. */
#include "spirv.h"

#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's diagnostics while the backend runs (an unsupported construct is
 * reported this way by some passes); without a handler an error would be
 * printed and the process ended. */
static void spirv_llvm_diag(LLVMDiagnosticInfoRef info, void *user)
{
    LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(info);
    if (sev != LLVMDSError && sev != LLVMDSWarning)
        return; /* remarks and notes */
    char *text = LLVMGetDiagInfoDescription(info);
    bool error = sev == LLVMDSError;
    dxil_diags_add(user, error ? DXIL_SEV_ERROR : DXIL_SEV_WARNING,
                   error ? DXIL_E_SPIRV_BACKEND : DXIL_W_LLVM, DXIL_LOC_NONE, 0,
                   "LLVM's SPIR-V backend: %s", text ? text : "(no description)");
    LLVMDisposeMessage(text);
}

static int spirv_fail(dxil_diags *diags, const char *what, const char *detail)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0, "%s%s%s",
                   what, detail ? ": " : "", detail ? detail : "");
    return -1;
}

static LLVMTargetMachineRef spirv_machine(const spirv_target *t, dxil_diags *diags)
{
    spirv_target_init();
    LLVMTargetRef target;
    char *err = NULL;
    if (LLVMGetTargetFromTriple(t->triple, &target, &err) != 0) {
        spirv_fail(diags, "LLVM has no SPIR-V target for this triple", err);
        LLVMDisposeMessage(err);
        return NULL;
    }
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, t->triple, "", "",
                                                      LLVMCodeGenLevelDefault,
                                                      LLVMRelocDefault, LLVMCodeModelDefault);
    if (!tm)
        spirv_fail(diags, "LLVM could not create a SPIR-V target machine", t->triple);
    return tm;
}

/* LLVM-C's emission sets the target's datalayout on the module: one that
 * says otherwise (sizes, alignments, address spaces) would be silently
 * reinterpreted, so it is refused. */
static int spirv_check_layout(LLVMModuleRef mod, LLVMTargetMachineRef tm, dxil_diags *diags)
{
    const char *have = LLVMGetDataLayoutStr(mod);
    LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
    char *want = LLVMCopyStringRepOfTargetData(td);
    int rc = 0;
    if (have && *have && strcmp(have, want) != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0,
                       "the module's datalayout \"%s\" is not the SPIR-V target's \"%s\"", have,
                       want);
        rc = -1;
    }
    LLVMDisposeMessage(want);
    LLVMDisposeTargetData(td);
    return rc;
}

/* The buffer's bytes into a malloc'd copy: a SPIR-V binary is words. */
static int spirv_take_buffer(LLVMMemoryBufferRef buf, void **data, size_t *size,
                             dxil_diags *diags)
{
    size_t n = LLVMGetBufferSize(buf);
    if (n == 0 || n % 4 != 0)
        return spirv_fail(diags, "LLVM's SPIR-V backend wrote no whole SPIR-V words", NULL);
    void *copy = malloc(n);
    if (!copy)
        return spirv_fail(diags, "out of memory", NULL);
    memcpy(copy, LLVMGetBufferStart(buf), n);
    *data = copy;
    *size = n;
    return 0;
}

/* Runs the backend's passes with LLVM's diagnostics routed to diags. */
static int spirv_run(LLVMModuleRef mod, LLVMTargetMachineRef tm, void **data, size_t *size,
                     dxil_diags *diags)
{
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMDiagnosticHandler saved = LLVMContextGetDiagnosticHandler(ctx);
    void *saved_user = LLVMContextGetDiagnosticContext(ctx);
    LLVMContextSetDiagnosticHandler(ctx, spirv_llvm_diag, diags);
    size_t errors_before = dxil_diags_error_count(diags);
    char *err = NULL;
    LLVMMemoryBufferRef buf = NULL;
    int rc = 0;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, &err, &buf) != 0)
        rc = spirv_fail(diags, "LLVM's SPIR-V backend failed", err);
    else if (dxil_diags_error_count(diags) > errors_before)
        rc = -1; /* an error was reported on the way: the output is not trusted */
    else
        rc = spirv_take_buffer(buf, data, size, diags);
    LLVMContextSetDiagnosticHandler(ctx, saved, saved_user);
    LLVMDisposeMessage(err);
    if (buf)
        LLVMDisposeMemoryBuffer(buf);
    return rc;
}

/* The backend's static state is one per process (spirv.h): the lock
 * keeps two threads out of it at once, the flag says it has been used. */
static pthread_mutex_t spirv_backend_lock = PTHREAD_MUTEX_INITIALIZER;
static bool spirv_backend_ran;

static int spirv_refuse_second(dxil_diags *diags)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0,
                   "LLVM's SPIR-V backend has already compiled in this process (isolate = "
                   "false): the state it leaves in its statics corrupts later compilations "
                   "here and in children forked from here (llvm/llvm-project#160613), so "
                   "this process makes no more SPIR-V");
    return -1;
}

int spirv_codegen(LLVMModuleRef mod, const spirv_target *t, void **data, size_t *size,
                  dxil_diags *diags)
{
    *data = NULL;
    *size = 0;
    pthread_mutex_lock(&spirv_backend_lock);
    bool again = spirv_backend_ran;
    spirv_backend_ran = true;
    int rc = again ? spirv_refuse_second(diags)
                   : spirv_codegen_unlocked(mod, t, data, size, diags);
    pthread_mutex_unlock(&spirv_backend_lock);
    return rc;
}

int spirv_backend_check_clean(dxil_diags *diags)
{
    pthread_mutex_lock(&spirv_backend_lock);
    bool ran = spirv_backend_ran;
    pthread_mutex_unlock(&spirv_backend_lock);
    return ran ? spirv_refuse_second(diags) : 0;
}

int spirv_codegen_unlocked(LLVMModuleRef mod, const spirv_target *t, void **data,
                           size_t *size, dxil_diags *diags)
{
    *data = NULL;
    *size = 0;
    LLVMTargetMachineRef tm = spirv_machine(t, diags);
    if (!tm)
        return -1;
    LLVMSetTarget(mod, t->triple);
    int rc = spirv_check_layout(mod, tm, diags);
    if (rc == 0)
        rc = spirv_run(mod, tm, data, size, diags);
    LLVMDisposeTargetMachine(tm);
    return rc;
}
