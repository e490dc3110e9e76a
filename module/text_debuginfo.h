/* text_debuginfo.h - module-level metadata of textual IR, checked and
 * upgraded before LLVM's parser sees it: !llvm.module.flags shapes
 * (text_modflags.c) and LLVM 3.7 debug info (text_debuginfo.c). */
#ifndef DXIL_TEXT_DEBUGINFO_H
#define DXIL_TEXT_DEBUGINFO_H

#include "dxil-upgrade/dxil_diag.h"
#include "text_mdindex.h"

#include <stddef.h>

/* The loader's one call. Refuses malformed module flags
 * (DXIL_E_MODULE_METADATA, naming the node's line), then rewrites LLVM
 * 3.7 debug-info text into what LLVM 22's parser reads, as LLVM's bitcode
 * reader upgrades the same records. *out is the rewritten text (malloc'd),
 * or NULL when text is used as it is. 0, or -1 with an error in diags. */
int text_prepare_metadata(const char *text, size_t len, char **out, size_t *out_len,
                               dxil_diags *diags);

/* text_modflags.c: 0, or -1 with a DXIL_E_MODULE_METADATA error. */
int text_check_module_flags(const char *s, const tm_index *ix, dxil_diags *diags);

#endif
