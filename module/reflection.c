/* reflection.c - the container's STAT (reflection) module, kept for the
 * raise when dxil_options.layouts_from_reflection is set. Load copies the
 * part's bitcode (the input bytes are not retained); the resource pass
 * parses it only when a cbuffer is still opaque (raise_cbreflect.c). */
#include "module_internal.h"

#include <stdlib.h>
#include <string.h>

void dxil_module_keep_reflection(dxil_module *m, const void *data, size_t size)
{
    const uint8_t *bc = NULL;
    size_t bc_size = 0;
    dxil_program_header h;
    /* No diagnostics: a missing or broken part just means none. */
    if (m->reflect_bc || dxil_locate_bitcode(data, size, "STAT", &bc, &bc_size, &h, NULL) != 0)
        return;
    m->reflect_bc = malloc(bc_size ? bc_size : 1);
    if (!m->reflect_bc)
        return;
    memcpy(m->reflect_bc, bc, bc_size);
    m->reflect_size = bc_size;
    m->reflect_offset = (uint64_t)(bc - (const uint8_t *)data);
}

bool dxil_module_has_reflection(const dxil_module *m)
{
    return m && m->reflect_bc;
}

int dxil_module_parse_reflection(dxil_module *m, LLVMModuleRef *out, dxil_diags *diags)
{
    *out = NULL;
    if (!dxil_module_has_reflection(m))
        return -1;
    /* LLVM's own messages about this parse go to diags too. */
    LLVMDiagnosticHandler handler = LLVMContextGetDiagnosticHandler(m->ctx);
    void *prev = LLVMContextGetDiagnosticContext(m->ctx);
    if (handler)
        LLVMContextSetDiagnosticHandler(m->ctx, handler, diags);
    char *original = NULL;
    int rc = dxil_module_parse_bitcode(m->ctx, m->reflect_bc, m->reflect_size, m->reflect_offset,
                                       "STAT", &original, out, diags);
    if (handler)
        LLVMContextSetDiagnosticHandler(m->ctx, handler, prev);
    free(original);
    free(m->reflect_bc);
    m->reflect_bc = NULL;
    m->reflect_size = 0;
    return rc;
}
