/* chk_llvm37.h - what DXC's LLVM 3.7 reader and verifier refuse in the
 * bitcode itself that LLVM 22's reader lets through or upgrades away
 * (check/chk_llvm37.c: attributes; chk_llvm37_intrinsics.c: intrinsic
 * signatures and names). Read from the written bitcode's facts
 * (bitcode/bitcode_ptrfacts.h), not from the module LLVM 22 made of it:
 * its reader rewrites old intrinsic calls and drops what does not fit. */
#ifndef DXIL_CHECK_CHK_LLVM37_H
#define DXIL_CHECK_CHK_LLVM37_H

#include "check.h"

#include "bitcode/bitcode_ptrfacts.h"

#include <stddef.h>
#include <stdint.h>

/* The mangled name LLVM 3.7 gives type ty (getMangledTypeStr), appended
 * to buf; false for a type 3.7 cannot mangle (a literal struct). */
bool chk37_mangle(const bc_ptrfacts *f, uint32_t ty, char *buf, size_t size);

/* The verifier's verdict on intrinsic declaration `fn` (value id) that
 * is called: NULL when 3.7 accepts it (or does not take it for an
 * intrinsic), else its message, in msg. */
const char *chk37_intrinsic(const bc_ptrfacts *f, const bc_pfvalue *fn, bool defined, char *msg,
                            size_t size);

#endif
