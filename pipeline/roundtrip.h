/* roundtrip.h - what the round-trip checks (roundtrip.c,
 * roundtrip_binary.c) share. */
#ifndef DXIL_PIPELINE_ROUNDTRIP_H
#define DXIL_PIPELINE_ROUNDTRIP_H

#include "dxil-upgrade/dxil_upgrade.h"
#include "module/ir_compare.h"

#include <stdbool.h>
#include <stddef.h>

/* Difference kinds of the binary round trip, after ir_compare's. */
enum { RT_KIND_PART = DXIL_CMP_KIND_COUNT, RT_KIND_DIGEST, RT_KIND_TEXT };

/* What the dxil direction must preserve (dx.op calls and dataflow, dx.*
 * metadata, dx.op declarations' attributes, triple). */
#define RT_DXIL_FLAGS (DXIL_CMP_CALLS | DXIL_CMP_DX_MD | DXIL_CMP_DECL_ATTRS | DXIL_CMP_TRIPLE)

/* ir_compare(a, b, flags), and with layout the datalayouts as the inputs
 * spelled them. 0 same, 1 differs (msg, *kind). */
int rt_compare(dxil_module *a, dxil_module *b, unsigned flags, bool layout, char *msg,
               size_t size, unsigned *kind);
/* "what: <first error in d>" into msg; returns -1. */
int rt_error(dxil_diags *d, const char *what, char *msg, size_t size);

#endif
