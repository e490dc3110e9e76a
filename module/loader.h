/* loader.h - the loader's steps below the pipeline (pipeline/pipeline.c
 * runs them, then check, raise and verify). Only module/ and pipeline/
 * include this. */
#ifndef DXIL_MODULE_LOADER_H
#define DXIL_MODULE_LOADER_H

#include "dxil-upgrade/dxil_upgrade.h"
#include "reflection.h"

/* Detects the input's kind, parses it into a new context (datalayout
 * normalised) and, when opts->layouts_from_reflection is set and the
 * input is a container with a STAT part, parses that too into
 * *reflection (NULL otherwise; owned by the caller). LLVM's diagnostics
 * go to diags until module_route_diags says otherwise. NULL, with
 * the reasons in diags, when the input could not be parsed. */
dxil_module *module_parse(const void *data, size_t size, const char *name,
                               const dxil_options *opts, stat_reflection **reflection,
                               dxil_diags *diags);
/* Points the context's LLVM diagnostic handler at diags (NULL: drop). */
void module_route_diags(dxil_module *m, dxil_diags *diags);

#endif
