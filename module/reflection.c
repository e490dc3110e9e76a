/* reflection.c - the container's STAT (reflection) module, parsed once at
 * load for the raise when dxil_options.layouts_from_reflection is set. */
#include "reflection.h"
#include "llvm_parse.h"

#include <stdlib.h>

/* Parses with ctx's LLVM diagnostics pointed at local for the while. */
static void reflection_parse_bitcode(LLVMContextRef ctx, const uint8_t *bc, size_t bc_size,
                                    uint64_t base, LLVMModuleRef *out, dxil_diags *local)
{
    LLVMDiagnosticHandler handler = LLVMContextGetDiagnosticHandler(ctx);
    void *prev = LLVMContextGetDiagnosticContext(ctx);
    if (handler)
        LLVMContextSetDiagnosticHandler(ctx, handler, local);
    char *original = NULL;
    module_parse_bitcode(ctx, bc, bc_size, base, "STAT", &original, out, NULL, NULL, local);
    if (handler)
        LLVMContextSetDiagnosticHandler(ctx, handler, prev);
    free(original);
}

stat_reflection *reflection_parse(LLVMContextRef ctx, const void *data, size_t size)
{
    const uint8_t *bc = NULL;
    size_t bc_size = 0;
    dxil_program_header h;
    /* No diagnostics: a missing or broken part just means none. */
    if (dxil_locate_bitcode(data, size, "STAT", &bc, &bc_size, &h, NULL) != 0)
        return NULL;
    stat_reflection *r = calloc(1, sizeof *r);
    if (r)
        r->diags = dxil_diags_create();
    if (!r || !r->diags) {
        free(r);
        return NULL;
    }
    uint64_t base = (uint64_t)(bc - (const uint8_t *)data);
    /* A refused part leaves r->mod NULL and the reasons in r->diags. */
    reflection_parse_bitcode(ctx, bc, bc_size, base, &r->mod, r->diags);
    return r;
}

void reflection_destroy(stat_reflection *r)
{
    if (!r)
        return;
    if (r->mod)
        LLVMDisposeModule(r->mod);
    dxil_diags_destroy(r->diags);
    free(r);
}
