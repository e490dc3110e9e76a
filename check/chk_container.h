/* chk_container.h - what the container families share: the PSV0 rules
 * (chk_container_psv.c), a signature element as DXC's PSV0 writer lays it
 * out from the entry's signature record, and the text of PSV0 records in
 * the mismatch messages (chk_psv_text.c). */
#ifndef DXIL_CHECK_CHK_CONTAINER_H
#define DXIL_CHECK_CHK_CONTAINER_H

#include "check.h"
#include "chk_psv.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

/* ISG1 (which 0), OSG1 (1) or PSG1 (2) against the part DXC's writer
 * would build from the entry's records (chk_sig_part.c); data NULL: the
 * part is absent. DXC's title of the part names it in the messages.
 * Returns -1 without a verdict (no entry, or records DXC cannot load). */
int chk_sig_part(chk_ctx *c, unsigned which, const char *title, const uint8_t *data,
                 uint32_t size);

/* PSV0's checks on its part data. */
void chk_container_psv(chk_ctx *c, const uint8_t *data, uint32_t size);

/* One signature element record of dx.entryPoints, as PSV0 holds it:
 * bytes 8-15 of PSVSignatureElement0 (rows, start row, columns and start
 * column, kind, component type, interpolation, dynamic mask and stream,
 * reserved), its name and semantic indices. */
typedef struct chk_psv_elem {
    char name[72];
    unsigned kind;
    uint32_t index_count;
    uint32_t *indices;
    uint8_t bytes[8];
} chk_psv_elem;

/* Record rec of a list at signature point `point` as DXC's loader reads
 * it (chk_sig_load.h); i1_unknown: validators before 1.5 wrote i1 as an
 * unknown type. False when DXC's loader would refuse the record. */
bool chk_psv_elem_from_record(LLVMValueRef rec, int point, bool i1_unknown, chk_psv_elem *out);
void chk_psv_elem_free(chk_psv_elem *e);

/* DXC's PSVSignatureElement text on one line: the module's element, and
 * the part's element pe (its name and indices from the part's tables). */
void chk_psv_elem_text(const chk_psv_elem *e, char *buf, size_t size);
void chk_psv_elem_text_part(const cpsv *p, const uint8_t *pe, char *buf, size_t size);
/* A PSVResourceBindInfo (n: 16 or 24 bytes). */
void chk_psv_bind_text(const uint8_t *b, uint32_t n, char *buf, size_t size);
/* The runtime info fields (first n bytes, and the group-shared size of
 * version 4) that differ between a and b, as "Field: value" lists. */
void chk_psv_info_diff(const cpsv *a, const cpsv *b, uint32_t stage, uint32_t n, char *x,
                       size_t xsize, char *y, size_t ysize);

#endif
