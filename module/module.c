/* module.c - load a shader into its own LLVM context, normalise the
 * datalayout, parse with LLVM-C, and hand it to the raise pipeline. */
#include "dxil-upgrade/dxil_upgrade.h"
#include "bitcode/bitcode_validate.h"
#include "bitcode/datalayout.h"
#include "common/file_io.h"
#include "llvm_shim.h"
#include "module_internal.h"
#include "common/side_metadata.h"
#include "text_check.h"

#include <llvm-c/Core.h>
#include <llvm-c/Analysis.h>
#include <llvm/Config/llvm-config.h>
#include <stdlib.h>
#include <string.h>

#define MODULE_STR_(x) #x
#define MODULE_STR(x) MODULE_STR_(x)

const char *dxil_upgrade_version_string(void)
{
    return MODULE_STR(DXIL_UPGRADE_VERSION_MAJOR) "." MODULE_STR(DXIL_UPGRADE_VERSION_MINOR) "."
        MODULE_STR(DXIL_UPGRADE_VERSION_PATCH) " (LLVM " LLVM_VERSION_STRING ")";
}

void dxil_options_init(dxil_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->raise = true;
}

/* LLVM reports parse problems through the context's diagnostic handler;
 * without one, an error would print and exit the host process. */
static void module_llvm_diag(LLVMDiagnosticInfoRef info, void *user)
{
    dxil_diags *diags = user;
    char *text = LLVMGetDiagInfoDescription(info);
    LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(info);
    bool is_error = sev == LLVMDSError;
    dxil_diags_add(diags, is_error ? DXIL_SEV_ERROR : DXIL_SEV_WARNING,
                   is_error ? DXIL_E_LLVM_PARSE : DXIL_W_LLVM, DXIL_LOC_NONE, 0,
                   "LLVM: %s", text ? text : "(no description)");
    LLVMDisposeMessage(text);
}

static void module_record_datalayout(dxil_module *m)
{
    if (!m->original_datalayout)
        return;
    LLVMMetadataRef s = LLVMMDStringInContext2(m->ctx, m->original_datalayout,
                                               strlen(m->original_datalayout));
    LLVMMetadataRef node = LLVMMDNodeInContext2(m->ctx, &s, 1);
    LLVMAddNamedMetadataOperand(m->mod, DXU_MD_DATALAYOUT, LLVMMetadataAsValue(m->ctx, node));
}

/* A parse the shim refused: LLVM's own error (already reported through
 * the context's handler when it came with no text), or a module the
 * verifier calls broken, refused before LLVM's debug-info upgrade would
 * have aborted the process on it. */
static void module_parse_failed(int rc, const char *err, const char *prefix, dxil_diags *diags)
{
    if (rc == DXIL_SHIM_BROKEN)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_VERIFY, DXIL_LOC_NONE, 0,
                       "%sthe module is broken (%s); with a current \"Debug Info Version\" "
                       "LLVM would verify it while reading and abort", prefix,
                       err ? err : "no report");
    else if (err)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_PARSE, DXIL_LOC_NONE, 0, "%s%s", prefix,
                       err);
    else if (dxil_diags_error_count(diags) == 0)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_PARSE, DXIL_LOC_NONE, 0,
                       "LLVM could not read the bitcode");
}

static int module_parse_text(dxil_module *m, const uint8_t *data, size_t size, const char *name,
                             dxil_diags *diags)
{
    char *fixed = NULL;
    size_t fixed_len = 0;
    if (dxil_text_check_intrinsic_uses((const char *)data, size, diags) != 0)
        return -1;
    if (dxil_text_fix_datalayout((const char *)data, size, &fixed, &fixed_len,
                                 &m->original_datalayout, diags) != 0)
        return -1;
    const char *text = fixed ? fixed : (const char *)data;
    size_t len = fixed ? fixed_len : size;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len, name);
    free(fixed);
    char *err = NULL;
    /* Takes ownership of buf. */
    int rc = dxil_shim_parse_ir(m->ctx, buf, &m->mod, &err);
    if (rc != DXIL_SHIM_PARSED)
        module_parse_failed(rc, err, "LLVM IR: ", diags);
    free(err);
    return rc == DXIL_SHIM_PARSED ? 0 : -1;
}

/* Container, wrapper or raw bitcode: find the bitcode, then parse it. */
static int module_parse_binary(dxil_module *m, const uint8_t *data, size_t size, const char *name,
                               const dxil_options *opts, dxil_diags *diags)
{
    const uint8_t *bc = NULL;
    size_t bc_size = 0;
    if (dxil_locate_bitcode(data, size, opts->part, &bc, &bc_size, &m->header, diags) != 0)
        return -1;
    m->has_header = m->kind == DXIL_INPUT_CONTAINER;
    return dxil_module_parse_bitcode(m->ctx, bc, bc_size, (uint64_t)(bc - data), name,
                                     &m->original_datalayout, &m->mod, diags);
}

int dxil_module_parse_bitcode(LLVMContextRef ctx, const uint8_t *bc, size_t bc_size,
                              uint64_t base, const char *name, char **original,
                              LLVMModuleRef *out, dxil_diags *diags)
{
    /* LLVM's reader is not hardened against every malformed stream. */
    if (dxil_bitcode_validate(bc, bc_size, base, diags) != 0)
        return -1;
    /* The datalayout is rewritten in the stream itself (C, no LLVM C++
     * API needed); NULL fixed means the input is used as is. */
    uint8_t *fixed = NULL;
    size_t fixed_size = 0;
    if (dxil_bitcode_fix_datalayout(bc, bc_size, base, &fixed, &fixed_size, original, diags) != 0)
        return -1;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)(fixed ? fixed : bc), fixed ? fixed_size : bc_size, name, 0);
    char *err = NULL;
    int rc = dxil_shim_parse_bitcode(ctx, buf, out, &err);
    LLVMDisposeMemoryBuffer(buf);
    free(fixed);
    if (rc != DXIL_SHIM_PARSED)
        module_parse_failed(rc, err, "LLVM: ", diags);
    free(err);
    return rc == DXIL_SHIM_PARSED ? 0 : -1;
}

/* The module identifier: the input's base name, so output does not depend
 * on where the file was. */
static const char *module_label(const char *name)
{
    const char *slash = name ? strrchr(name, '/') : NULL;
    return slash ? slash + 1 : name ? name : "<input>";
}

dxil_module *dxil_module_load_memory(const void *data, size_t size, const char *name,
                                     const dxil_options *opts, dxil_diags *diags)
{
    dxil_options defaults;
    if (!opts) {
        dxil_options_init(&defaults);
        opts = &defaults;
    }
    dxil_module *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->kind = dxil_detect_input(data, size);
    m->ctx = LLVMContextCreate();
    size_t errors_before = dxil_diags_error_count(diags);
    LLVMContextSetDiagnosticHandler(m->ctx, module_llvm_diag, diags);
    int rc;
    if (m->kind == DXIL_INPUT_TEXT)
        rc = module_parse_text(m, data, size, module_label(name), diags);
    else if (m->kind == DXIL_INPUT_UNKNOWN)
        rc = -1, dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_UNKNOWN_FORMAT, DXIL_LOC_BYTE, 0,
                                "%s is not a DXContainer, bitcode or LLVM IR text",
                                name ? name : "input");
    else
        rc = module_parse_binary(m, data, size, module_label(name), opts, diags);
    if (rc == 0) {
        module_record_datalayout(m);
        if (opts->layouts_from_reflection && m->kind == DXIL_INPUT_CONTAINER)
            dxil_module_keep_reflection(m, data, size);
        if (opts->raise)
            rc = dxil_module_raise_opts(m, opts, diags);
        if (rc == 0 && opts->verify)
            rc = dxil_module_verify(m, diags);
    }
    /* Later diagnostics go to whichever list the caller passes then. */
    LLVMContextSetDiagnosticHandler(m->ctx, module_llvm_diag, NULL);
    if (rc != 0 || dxil_diags_error_count(diags) > errors_before) {
        dxil_module_destroy(m);
        return NULL;
    }
    return m;
}

dxil_module *dxil_module_load_file(const char *path, const dxil_options *opts,
                                   dxil_diags *diags)
{
    dxil_file_data in;
    if (dxil_file_map(path, opts ? opts->max_input_size : 0, &in, diags) != 0)
        return NULL;
    dxil_module *m = dxil_module_load_memory(in.data, in.size, path, opts, diags);
    dxil_file_release(&in);
    return m;
}

void dxil_module_destroy(dxil_module *m)
{
    if (!m)
        return;
    if (m->mod)
        LLVMDisposeModule(m->mod);
    if (m->ctx)
        LLVMContextDispose(m->ctx);
    free(m->original_datalayout);
    free(m->reflect_bc);
    free(m);
}

LLVMModuleRef dxil_module_llvm(const dxil_module *m)
{
    return m ? m->mod : NULL;
}

LLVMContextRef dxil_module_context(const dxil_module *m)
{
    return m ? m->ctx : NULL;
}

dxil_input_kind dxil_module_input_kind(const dxil_module *m)
{
    return m ? m->kind : DXIL_INPUT_UNKNOWN;
}

const dxil_program_header *dxil_module_program_header(const dxil_module *m)
{
    return m && m->has_header ? &m->header : NULL;
}

const char *dxil_module_original_datalayout(const dxil_module *m)
{
    return m ? m->original_datalayout : NULL;
}

int dxil_module_verify(dxil_module *m, dxil_diags *diags)
{
    char *msg = NULL;
    if (!LLVMVerifyModule(m->mod, LLVMReturnStatusAction, &msg)) {
        LLVMDisposeMessage(msg);
        return 0;
    }
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_VERIFY, DXIL_LOC_NONE, 0,
                   "LLVM verifier: %s", msg ? msg : "module is broken");
    LLVMDisposeMessage(msg);
    return -1;
}
