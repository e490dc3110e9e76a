/* part_reader.h - bounds-checked reads inside one container part, and the
 * arena that owns what the part decoders allocate.
 *
 * Every read names the field it reads: the first read past the part's end
 * records one DXIL_E_PART_MALFORMED diagnostic (part, file offset, field)
 * and sets failed; later reads return 0 without another diagnostic, so a
 * decoder can read a whole struct and test failed once. */
#ifndef DXIL_CONTAINER_PART_READER_H
#define DXIL_CONTAINER_PART_READER_H

#include "dxil-upgrade/dxil_parts.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct part_arena part_arena;

typedef struct part_reader {
    const uint8_t *file;   /* the whole input (program headers need it) */
    size_t file_size;
    const dxil_part *part;
    const uint8_t *p;      /* part data */
    uint32_t size;         /* part data size */
    dxil_diags *diags;
    part_arena **arena;
    bool failed;
} part_reader;

/* Allocation owned by *arena; zeroed; NULL (and a diagnostic) when out of
 * memory. */
void *part_arena_alloc(part_arena **arena, size_t bytes);
void part_arena_free(part_arena **arena);

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
/* Records a malformed-part diagnostic at part-relative offset off (once per
 * part) and sets failed. Returns false for convenience. */
bool pr_fail(part_reader *r, uint64_t off, const char *fmt, ...);

/* True when [off, off + len) lies inside the part; else pr_fail naming field. */
bool pr_need(part_reader *r, uint64_t off, uint64_t len, const char *field);
uint8_t pr_u8(part_reader *r, uint64_t off, const char *field);
uint16_t pr_u16(part_reader *r, uint64_t off, const char *field);
uint32_t pr_u32(part_reader *r, uint64_t off, const char *field);
float pr_f32(part_reader *r, uint64_t off, const char *field);

/* count zeroed elements of elem bytes, after checking that count records
 * of stride bytes at off fit in the part (so a huge count is caught as
 * malformed, never as a huge allocation). NULL on failure. */
void *pr_array(part_reader *r, uint64_t off, uint64_t count, uint64_t stride, size_t elem,
               const char *field);
/* Copy of the NUL-terminated string at off that must end before limit
 * (limit <= part size); "" on failure. */
const char *pr_str(part_reader *r, uint64_t off, uint64_t limit, const char *field);
/* Copy of len bytes at off (NUL-terminated for convenience). */
const char *pr_bytes(part_reader *r, uint64_t off, uint64_t len, const char *field);

#endif
