/* text_check.h - checks on textual IR before LLVM's parser sees it. */
#ifndef DXIL_TEXT_CHECK_H
#define DXIL_TEXT_CHECK_H

#include "dxil-upgrade/dxil_diag.h"

#include <stddef.h>

/* Fails (DXIL_E_TEXT_INTRINSIC_USE, naming the line) when an `@llvm.*`
 * name is used other than where a function is declared, defined or called
 * or a global of that name is defined: LLVM's intrinsic upgrade at the end
 * of parsing crashes on such uses. Comments and strings are skipped. */
int text_check_intrinsic_uses(const char *text, size_t len, dxil_diags *diags);

/* text_typedattrs.c: LLVM 3.7's bare `sret` / `byval` / `inalloca` on a
 * typed-pointer parameter become `sret(<pointee>)`, and its alias lines
 * `alias T* @x` become `alias T, T* @x`, which LLVM 22's parser needs. *out is the rewritten text (malloc'd), or NULL when nothing
 * changed. 0, or -1 when out of memory. */
int text_type_pointer_attrs(const char *text, size_t len, char **out, size_t *out_len);

#endif
