/* families.h - one function per rule family (families.def). */
#ifndef DXIL_CHECK_FAMILIES_H
#define DXIL_CHECK_FAMILIES_H

#include "check.h"

#define CHK_FAMILY(name, fn) int fn(chk_ctx *c);
#include "families.def"
#undef CHK_FAMILY

#endif
