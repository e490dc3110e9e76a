/* chk_psv.h - PSV0 as DXC's validator reads it (check/chk_psv.c): the
 * part's layout walked as DXC's SimplePSV does (every table's offset,
 * the whole part accounted for), shared by the PSV0 rules
 * (chk_container_psv.c) for the container's part and for the part this
 * project's writer derives from the module. */
#ifndef DXIL_CHECK_CHK_PSV_H
#define DXIL_CHECK_CHK_PSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Record sizes (PSVRuntimeInfo0-4, PSVResourceBindInfo0/1,
 * PSVSignatureElement0). */
enum { CPSV_INFO0 = 24, CPSV_INFO1 = 36, CPSV_INFO2 = 48, CPSV_INFO3 = 52, CPSV_INFO4 = 56,
       CPSV_BIND0 = 16, CPSV_BIND1 = 24, CPSV_ELEMENT = 16 };
/* Offsets in the runtime info. */
enum { CPSV_STAGE = 24, CPSV_VIEWID = 25, CPSV_PCVECS = 26, CPSV_IN_ELEMS = 28,
       CPSV_OUT_ELEMS = 29, CPSV_PC_ELEMS = 30, CPSV_IN_VECS = 31, CPSV_OUT_VECS = 32,
       CPSV_ENTRY_NAME = 48, CPSV_GROUPSHARED = 52 };

typedef struct cpsv {
    const uint8_t *p;
    uint32_t size;
    bool valid;              /* SimplePSV: well formed, every byte accounted for */
    uint32_t info_size;
    const uint8_t *info;     /* runtime info (info_size bytes) */
    bool has_info1;          /* info_size >= 36 */
    uint32_t res_count, bind_size;
    const uint8_t *binds;
    uint32_t string_size;
    const char *strings;     /* NULL when the table is empty */
    uint32_t index_count;
    const uint8_t *indices;  /* NULL when empty */
    uint32_t elem_size;
    const uint8_t *elems;    /* inputs, outputs, patch constant / primitive */
    uint32_t n_in, n_out, n_pc;
    uint32_t tables_at;      /* offset of the ViewID / dependency tables */
} cpsv;

/* Walks a PSV0 part's data as DXC's SimplePSV (c->valid false when a
 * table runs past the end, the string table is not 4-byte aligned or
 * bytes are left over). */
void cpsv_walk(const uint8_t *p, uint32_t size, cpsv *c);

/* Little-endian field reads (0 past the end). */
uint32_t cpsv_u32(const uint8_t *p);
/* Runtime info byte / u32 at off, 0 when the info is shorter. */
uint32_t cpsv_info8(const cpsv *c, uint32_t off);
uint32_t cpsv_info32(const cpsv *c, uint32_t off);

/* The string at offset off of the string table ("" past its end). */
const char *cpsv_string(const cpsv *c, uint32_t off);
/* Element i of the inputs (0), outputs (1), patch constant / primitive (2). */
const uint8_t *cpsv_element(const cpsv *c, unsigned sig, uint32_t i);
uint32_t cpsv_count(const cpsv *c, unsigned sig);

/* DXC's PSV version for a validator version. */
unsigned cpsv_version(unsigned val_major, unsigned val_minor);
uint32_t cpsv_info_size_of(unsigned version);

#endif
