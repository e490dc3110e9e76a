/* raise.h - the raise layer's entry, for the pipeline (pipeline/pipeline.c
 * runs the spec check first when asked to, and owns the reflection). */
#ifndef DXIL_RAISE_H
#define DXIL_RAISE_H

#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_write.h"
#include "module/reflection.h"

/* Runs the raise passes on m in order. Only opts->stats and opts->optable
 * are read (opts may be NULL). reflection: the container's STAT module
 * for cbuffer layouts, or NULL; carried: the container's carried parts
 * to record as !dxu.parts, or NULL (not a container). Both are only
 * read. 0 or -1. */
int raise_run(dxil_module *m, const dxil_options *opts, const stat_reflection *reflection,
              const dxil_write_carried *carried, dxil_diags *diags);

#endif
