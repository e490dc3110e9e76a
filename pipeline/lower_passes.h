/* lower_passes.h - lowering for the DXIL writer (lower_write.c):
 * dxil_module_lower, but the raise's !dxu.fmf and !dxu.noAlign attachments
 * stay on the instructions for the writer to read (it never writes them);
 * every other caller gets them stripped with the rest of the bookkeeping. */
#ifndef DXIL_PIPELINE_LOWER_PASSES_H
#define DXIL_PIPELINE_LOWER_PASSES_H

#include "dxil-upgrade/dxil_lower.h"

int lower_module_for_writer(dxil_module *m, const dxil_lower_options *opts, dxil_diags *diags);

#endif
