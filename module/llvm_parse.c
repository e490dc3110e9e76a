/* llvm_parse.c - hands a module's bytes to LLVM: bitcode after the
 * validator and the datalayout fix, text after its pre-check, its
 * metadata preparation (module flags, 3.7 debug info) and the same fix. Used for the main module (module.c) and for the container's
 * STAT module (reflection.c). */
#include "llvm_parse.h"
#include "bitcode/bitcode_validate.h"
#include "bitcode/datalayout.h"
#include "llvm_shim.h"
#include "text_check.h"
#include "text_debuginfo.h"

#include <stdlib.h>

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

/* Second text stage: *buf (NULL: the input itself) replaced by its text
 * with typed pointer attributes, when any changed; freed on failure. */
static int module_type_attrs(char **buf, size_t *len, const char *data, size_t size,
                             dxil_diags *diags)
{
    char *typed = NULL;
    size_t typed_len = 0;
    if (text_type_pointer_attrs(*buf ? *buf : data, *buf ? *len : size, &typed,
                                &typed_len) != 0) {
        free(*buf);
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LLVM_PARSE, DXIL_LOC_NONE, 0,
                       "out of memory typing sret/byval parameters and aliases");
        return -1;
    }
    if (typed) {
        free(*buf);
        *buf = typed;
        *len = typed_len;
    }
    return 0;
}

int module_parse_text(LLVMContextRef ctx, const char *data, size_t size, const char *name,
                           char **original, LLVMModuleRef *out, dxil_diags *diags)
{
    char *fixed = NULL, *upgraded = NULL;
    size_t fixed_len = 0, upgraded_len = 0;
    if (text_check_intrinsic_uses(data, size, diags) != 0)
        return -1;
    /* Module flags checked, LLVM 3.7 debug info upgraded (text_debuginfo.h),
     * bare `sret`/`byval` given their type (text_check.h). */
    if (text_prepare_metadata(data, size, &upgraded, &upgraded_len, diags) != 0 ||
        module_type_attrs(&upgraded, &upgraded_len, data, size, diags) != 0)
        return -1;
    const char *in = upgraded ? upgraded : data;
    size_t in_len = upgraded ? upgraded_len : size;
    if (text_fix_datalayout(in, in_len, &fixed, &fixed_len, original, diags) != 0) {
        free(upgraded);
        return -1;
    }
    const char *text = fixed ? fixed : in;
    size_t len = fixed ? fixed_len : in_len;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len, name);
    free(fixed);
    free(upgraded);
    char *err = NULL;
    /* Takes ownership of buf. */
    int rc = shim_parse_ir(ctx, buf, out, &err);
    if (rc != DXIL_SHIM_PARSED)
        module_parse_failed(rc, err, "LLVM IR: ", diags);
    free(err);
    return rc == DXIL_SHIM_PARSED ? 0 : -1;
}

int module_parse_bitcode(LLVMContextRef ctx, const uint8_t *bc, size_t bc_size,
                              uint64_t base, const char *name, char **original,
                              LLVMModuleRef *out, bc_restypes **types, bc_ptrfacts **facts,
                              dxil_diags *diags)
{
    /* LLVM's reader is not hardened against every malformed stream. The
     * walk also notes where the datalayout record is. */
    bc_datalayout_site site;
    if (bitcode_validate_load(bc, bc_size, base, diags, types, &site, facts) != 0)
        return -1;
    /* The datalayout is rewritten in the stream itself (C, no LLVM C++
     * API needed); NULL fixed means the input is used as is. */
    uint8_t *fixed = NULL;
    size_t fixed_size = 0;
    if (bitcode_fix_datalayout_site(bc, bc_size, base, &site, &fixed, &fixed_size, original,
                                    diags) != 0)
        return -1;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)(fixed ? fixed : bc), fixed ? fixed_size : bc_size, name, 0);
    char *err = NULL;
    int rc = shim_parse_bitcode(ctx, buf, out, &err);
    LLVMDisposeMemoryBuffer(buf);
    free(fixed);
    if (rc != DXIL_SHIM_PARSED)
        module_parse_failed(rc, err, "LLVM: ", diags);
    free(err);
    return rc == DXIL_SHIM_PARSED ? 0 : -1;
}
