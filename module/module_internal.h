/* module_internal.h - the dxil_module structure, shared by the loader,
 * the pipeline, the raise and lower passes and the writers. */
#ifndef DXIL_MODULE_INTERNAL_H
#define DXIL_MODULE_INTERNAL_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <llvm-c/Core.h>
#include <stdint.h>

struct stat_reflection;
struct bc_restypes;
struct bc_ptrfacts;

struct dxil_module {
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_input_kind kind;
    bool has_header;
    dxil_program_header header;
    char *original_datalayout;
    /* The parsed STAT module, kept only between a load without raise and
     * a later dxil_module_raise_opts (module/reflection.h); else NULL. */
    struct stat_reflection *reflection;
    /* The class type each dx.resources record pointed to in the bitcode
     * (bitcode/bitcode_types.h), recovered at load; NULL for text input
     * or when the records name none. */
    struct bc_restypes *restypes;
    /* The raise passes ran (pipeline/pipeline.c): restypes then no longer
     * describe the module's dx.resources records. */
    bool raised;
    /* What the 3.7 bitcode said of its typed pointers that LLVM 22's
     * reader erases (bitcode/bitcode_ptrfacts.h), for the validator
     * (check/): collected when the module is loaded unraised (raise =
     * false, how the validator loads); NULL for text input, for a raised
     * load, or when the walk could not follow the stream. */
    struct bc_ptrfacts *ptrfacts;
};

#endif
