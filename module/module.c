/* module.c - parse a shader into its own LLVM context with the datalayout
 * normalised (pipeline/pipeline.c then checks, raises and verifies it),
 * and the dxil_module accessors. */
#include "dxil-upgrade/dxil_upgrade.h"
#include "loader.h"
#include "llvm_parse.h"
#include "module_internal.h"
#include "module_triple.h"
#include "bitcode/bitcode_ptrfacts.h"
#include "bitcode/bitcode_types.h"
#include "common/side_metadata.h"

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
    /* A raised module read back has DXC's record already: a second one
     * would hide it (lowering reads a single node) and lose a 16-bit
     * layout. A SPIR-V module is not DXIL: nothing is added to it. */
    if (!m->original_datalayout || triple_is_vulkan_spirv(LLVMGetTarget(m->mod)) ||
        LLVMGetNamedMetadata(m->mod, DXU_MD_DATALAYOUT, strlen(DXU_MD_DATALAYOUT)))
        return;
    LLVMMetadataRef s = LLVMMDStringInContext2(m->ctx, m->original_datalayout,
                                               strlen(m->original_datalayout));
    LLVMMetadataRef node = LLVMMDNodeInContext2(m->ctx, &s, 1);
    LLVMAddNamedMetadataOperand(m->mod, DXU_MD_DATALAYOUT, LLVMMetadataAsValue(m->ctx, node));
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
    /* A module loaded unraised is one a validator reads (check/): it gets
     * the typed-pointer facts; a raise has no use for them. */
    return module_parse_bitcode(m->ctx, bc, bc_size, (uint64_t)(bc - data), name,
                                &m->original_datalayout, &m->mod, &m->restypes,
                                opts->raise ? NULL : &m->ptrfacts, diags);
}

/* The module identifier: the input's base name, so output does not depend
 * on where the file was. */
static const char *module_label(const char *name)
{
    const char *slash = name ? strrchr(name, '/') : NULL;
    return slash ? slash + 1 : name ? name : "<input>";
}

/* Parses by kind; 0 or -1 with the reasons in diags. */
static int module_parse_input(dxil_module *m, const void *data, size_t size, const char *name,
                              const dxil_options *opts, dxil_diags *diags)
{
    if (m->kind == DXIL_INPUT_TEXT)
        return module_parse_text(m->ctx, data, size, module_label(name),
                                      &m->original_datalayout, &m->mod, diags);
    if (m->kind != DXIL_INPUT_UNKNOWN)
        return module_parse_binary(m, data, size, module_label(name), opts, diags);
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_UNKNOWN_FORMAT, DXIL_LOC_BYTE, 0,
                   "%s is not a DXContainer, bitcode or LLVM IR text", name ? name : "input");
    return -1;
}

dxil_module *module_parse(const void *data, size_t size, const char *name,
                               const dxil_options *opts, stat_reflection **reflection,
                               dxil_diags *diags)
{
    *reflection = NULL;
    dxil_module *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->kind = dxil_detect_input(data, size);
    m->ctx = LLVMContextCreate();
    size_t errors_before = dxil_diags_error_count(diags);
    module_route_diags(m, diags);
    if (module_parse_input(m, data, size, name, opts, diags) != 0 ||
        dxil_diags_error_count(diags) > errors_before) {
        dxil_module_destroy(m);
        return NULL;
    }
    module_record_datalayout(m);
    if (opts->layouts_from_reflection && m->kind == DXIL_INPUT_CONTAINER)
        *reflection = reflection_parse(m->ctx, data, size);
    return m;
}

void module_route_diags(dxil_module *m, dxil_diags *diags)
{
    LLVMContextSetDiagnosticHandler(m->ctx, module_llvm_diag, diags);
}

void module_keep_reflection(dxil_module *m, stat_reflection *r)
{
    reflection_destroy(m->reflection);
    m->reflection = r;
}

stat_reflection *module_take_reflection(dxil_module *m)
{
    stat_reflection *r = m ? m->reflection : NULL;
    if (m)
        m->reflection = NULL;
    return r;
}

void dxil_module_destroy(dxil_module *m)
{
    if (!m)
        return;
    /* The STAT module lives in m's context: it goes first. */
    reflection_destroy(m->reflection);
    if (m->mod)
        LLVMDisposeModule(m->mod);
    if (m->ctx)
        LLVMContextDispose(m->ctx);
    free(m->original_datalayout);
    bc_restypes_free(m->restypes);
    bc_ptrfacts_free(m->ptrfacts);
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
