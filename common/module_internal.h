/* module_internal.h - the dxil_module structure, shared by the loader,
 * the raise pipeline and the writers. */
#ifndef DXIL_MODULE_INTERNAL_H
#define DXIL_MODULE_INTERNAL_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <llvm-c/Core.h>

struct dxil_module {
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_input_kind kind;
    bool has_header;
    dxil_program_header header;
    char *original_datalayout;
};

#endif
