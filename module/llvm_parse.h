/* llvm_parse.h - module bytes into an LLVM module (module/llvm_parse.c). */
#ifndef DXIL_MODULE_LLVM_PARSE_H
#define DXIL_MODULE_LLVM_PARSE_H

#include "dxil-upgrade/dxil_diag.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

/* Bitcode: validation, datalayout fix (*original gets the original
 * layout, malloc'd), parse into ctx. base is the bitcode's offset in the
 * input. 0 and *out, or -1 with errors in diags. */
struct bc_restypes;
struct bc_ptrfacts;
/* types (may be NULL) gets what the validator's walk recovered of the
 * dx.resources class types (bitcode/bitcode_types.h); facts (may be NULL)
 * its typed-pointer facts (bitcode/bitcode_ptrfacts.h). */
int module_parse_bitcode(LLVMContextRef ctx, const uint8_t *bc, size_t bc_size,
                              uint64_t base, const char *name, char **original,
                              LLVMModuleRef *out, struct bc_restypes **types,
                              struct bc_ptrfacts **facts, dxil_diags *diags);
/* Textual IR: the intrinsic-use pre-check, then the same fix and parse. */
int module_parse_text(LLVMContextRef ctx, const char *data, size_t size, const char *name,
                           char **original, LLVMModuleRef *out, dxil_diags *diags);

#endif
