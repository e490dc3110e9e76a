/* loader.h - the loader below the pipeline: module_load parses, runs the
 * caller's step (pipeline/pipeline.c: check and raise; check/validate.c:
 * none, the module stays unraised) and verifies. Only module/, pipeline/
 * and check/ include this. */
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

/* What a load does between the parse and the verifier; it owns
 * reflection. data and size are the whole input. Non-zero fails the load. */
typedef int (*module_load_step)(dxil_module *m, const dxil_options *opts,
                                stat_reflection *reflection, const void *data, size_t size,
                                dxil_diags *diags);
/* module_parse, then step (NULL: none; the STAT module is kept in m for a
 * later raise), then LLVM's verifier when opts->verify asks. NULL, with
 * the reasons in diags, when any of them fails or reports an error; later
 * LLVM diagnostics go to whichever list the caller passes then. */
dxil_module *module_load(const void *data, size_t size, const char *name,
                         const dxil_options *opts, module_load_step step, dxil_diags *diags);

#endif
