/* raise_internal.h - what the raise passes share. Each pass is one file
 * with one job; raise_pipeline.c runs them in order. */
#ifndef DXIL_RAISE_INTERNAL_H
#define DXIL_RAISE_INTERNAL_H

#include "module_internal.h"

#include <llvm-c/Core.h>

typedef struct dxil_raise_ctx {
    dxil_module *module;
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_diags *diags;
} dxil_raise_ctx;

typedef struct dxil_raise_pass {
    const char *name;
    int (*run)(dxil_raise_ctx *rc);
} dxil_raise_pass;

#endif
