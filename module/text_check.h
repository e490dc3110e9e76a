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

#endif
