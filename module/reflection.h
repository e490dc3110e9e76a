/* reflection.h - the container's STAT (reflection) module, parsed at load
 * when dxil_options.layouts_from_reflection is set and handed to the raise
 * (raise/raise_cbreflect.c), which takes cbuffer layouts from it. */
#ifndef DXIL_MODULE_REFLECTION_H
#define DXIL_MODULE_REFLECTION_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <llvm-c/Core.h>

typedef struct stat_reflection {
    LLVMModuleRef mod;  /* in the main module's context; NULL when it did not parse */
    dxil_diags *diags;  /* the parse's own messages (LLVM's too), for the raise's warning */
} stat_reflection;

/* Parses the STAT part of the container in data into ctx, with the
 * loader's validation and datalayout fix; LLVM's messages go to a private
 * list. NULL when there is no such part or the container part is broken
 * (silently: no reflection); a part whose bitcode is refused gives a
 * stat_reflection without a module, so the raise can say why. */
stat_reflection *reflection_parse(LLVMContextRef ctx, const void *data, size_t size);
/* Disposes of the STAT module (before its context dies); NULL is ignored. */
void reflection_destroy(stat_reflection *r);

/* A load without raise parks the reflection in the module for a later
 * dxil_module_raise_opts (which takes it back); destroy frees it. */
void module_keep_reflection(dxil_module *m, stat_reflection *r);
stat_reflection *module_take_reflection(dxil_module *m);

#endif
