/* llvm_shim.h - the few LLVM operations the C API lacks, implemented in
 * llvm_shim.cpp. Every function here is something LLVM-C cannot do. */
#ifndef DXIL_LLVM_SHIM_H
#define DXIL_LLVM_SHIM_H

#include <llvm-c/Types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Erases the named metadata node `name` from the module (its operand list
 * goes with it; the MDNodes themselves stay alive while referenced).
 * Returns 1 if the node existed, 0 otherwise (or on NULL arguments). */
int dxil_shim_erase_named_metadata(LLVMModuleRef mod, const char *name);

#ifdef __cplusplus
}
#endif
#endif
