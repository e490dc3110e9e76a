/* datalayout.h - making DXC's legacy datalayout acceptable to LLVM 22. */
#ifndef DXIL_DATALAYOUT_H
#define DXIL_DATALAYOUT_H

#include "dxil-upgrade/dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Rewrites entries LLVM 22 rejects while keeping every alignment it can
 * express: "i8:32" -> "i8:8:32" (ABI 8, preferred 32), "f:64:64" ->
 * "f64:64". Returns a malloc'd string (NULL on OOM); *changed tells whether
 * anything was rewritten. */
char *datalayout_normalise(const char *layout, size_t len, bool *changed);

/* The layout as DXC spells it, for what is written for DXC (DXIL-form text
 * on request, the DXIL writer): undoes the one rewrite that changes an
 * alignment, "i8:8:32" -> "i8:32" (ABI and preferred 32 in LLVM 3.7, as DXC
 * means it). DXC never writes "i8:8:N" with N > 8 itself, so a DXC layout
 * comes back exactly whether it went through normalisation or not.
 * Returns a malloc'd string (NULL on OOM). */
char *datalayout_dxc_spelling(const char *layout);

/* Copies a bitcode stream with MODULE_CODE_DATALAYOUT normalised. Enclosing
 * block lengths are recomputed. *out is malloc'd (or NULL when nothing had
 * to change: then the input can be used as is). *original receives the
 * original datalayout (malloc'd; NULL when the module has none).
 * base_offset is where the bitcode starts in the input file, so that
 * diagnostics name file offsets. */
int bitcode_fix_datalayout(const uint8_t *bc, size_t size, uint64_t base_offset,
                                uint8_t **out, size_t *out_size, char **original,
                                dxil_diags *diags);

/* Same for textual IR: the `target datalayout = "..."` line. *out is
 * malloc'd and NUL-terminated (NULL when nothing changed). */
int text_fix_datalayout(const char *text, size_t len, char **out, size_t *out_len,
                             char **original, dxil_diags *diags);

#endif
