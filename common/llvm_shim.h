/* llvm_shim.h - the few LLVM operations the C API lacks, implemented in
 * llvm_shim.cpp. Every function here is something LLVM-C cannot do. */
#ifndef DXIL_LLVM_SHIM_H
#define DXIL_LLVM_SHIM_H

#include <llvm-c/Types.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Erases the named metadata node `name` from the module (its operand list
 * goes with it; the MDNodes themselves stay alive while referenced).
 * Returns 1 if the node existed, 0 otherwise (or on NULL arguments). */
int dxil_shim_erase_named_metadata(LLVMModuleRef mod, const char *name);

/* Called once with the module's datalayout string (len bytes, not
 * NUL-terminated; empty when the module has none) before LLVM parses it.
 * Returns a malloc'd replacement (NUL-terminated) or NULL to keep it. */
typedef char *(*dxil_shim_datalayout_fn)(void *user, const char *layout, size_t len);

/* LLVMParseBitcodeInContext2 with a datalayout hook (llvm::ParserCallbacks,
 * C++ only), so the layout is fixed without rewriting the stream. Errors go
 * to the context's diagnostic handler. Returns 0 and sets *out, or 1. */
int dxil_shim_parse_bitcode(LLVMContextRef ctx, LLVMMemoryBufferRef buf, LLVMModuleRef *out,
                            dxil_shim_datalayout_fn fix, void *user);

#ifdef __cplusplus
}
#endif
#endif
