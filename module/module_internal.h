/* module_internal.h - the dxil_module structure, shared by the loader,
 * the raise pipeline and the writers. */
#ifndef DXIL_MODULE_INTERNAL_H
#define DXIL_MODULE_INTERNAL_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <llvm-c/Core.h>
#include <stdint.h>

struct dxil_module {
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_input_kind kind;
    bool has_header;
    dxil_program_header header;
    char *original_datalayout;
    /* dxil_options.layouts_from_reflection: a copy of the container's
     * STAT bitcode (NULL when not asked for, absent, or parsed already). */
    uint8_t *reflect_bc;
    size_t reflect_size;
    uint64_t reflect_offset; /* where it was in the input */
};

/* The loader's bitcode path: validation, datalayout fix (*original gets
 * the original layout, malloc'd), parse into ctx. base is the bitcode's
 * offset in the input. 0 and *out, or -1 with errors in diags. */
int dxil_module_parse_bitcode(LLVMContextRef ctx, const uint8_t *bc, size_t bc_size,
                              uint64_t base, const char *name, char **original,
                              LLVMModuleRef *out, dxil_diags *diags);

/* module/reflection.c. Keeps a copy of the container's STAT bitcode, if
 * any (silently none otherwise). */
void dxil_module_keep_reflection(dxil_module *m, const void *data, size_t size);
/* Whether load kept a STAT module for the raise. */
bool dxil_module_has_reflection(const dxil_module *m);
/* Parses the kept STAT bitcode into m's context, with the loader's
 * validation and datalayout fix, and drops the copy. Errors go to diags
 * (also LLVM's, while it parses). 0 and *out, or -1. */
int dxil_module_parse_reflection(dxil_module *m, LLVMModuleRef *out, dxil_diags *diags);

#endif
