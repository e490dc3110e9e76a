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

/* Where MODULE_CODE_DATALAYOUT sits in a stream, as the validator found
 * it on its walk (bitcode_validate_load), so that the fix need not walk
 * the stream again. */
typedef enum bc_dl_state {
    BC_DL_UNKNOWN = 0, /* not looked for, or not usable: the fix walks */
    BC_DL_NONE,        /* the whole stream holds no datalayout record */
    BC_DL_FOUND
} bc_dl_state;

enum { BC_DL_MAX_TEXT = 256 };

typedef struct bc_datalayout_site {
    bc_dl_state state;
    size_t start_bits, end_bits; /* the first one, its abbreviation id included */
    size_t len_bits;             /* the length word of the module block holding it */
    unsigned width;              /* that block's abbreviation id width */
    size_t text_len;
    char text[BC_DL_MAX_TEXT];   /* its characters (each operand cast to char) */
} bc_datalayout_site;

/* bitcode_fix_datalayout with the site the validator found in the same
 * stream: the record is replaced and the bytes around it are copied, with
 * the same result. Falls back to the walk when the site is unknown or the
 * size change cannot be kept to whole words. */
int bitcode_fix_datalayout_site(const uint8_t *bc, size_t size, uint64_t base_offset,
                                const bc_datalayout_site *site, uint8_t **out,
                                size_t *out_size, char **original, dxil_diags *diags);

/* Same for textual IR: the `target datalayout = "..."` line. *out is
 * malloc'd and NUL-terminated (NULL when nothing changed). */
int text_fix_datalayout(const char *text, size_t len, char **out, size_t *out_len,
                             char **original, dxil_diags *diags);

#endif
