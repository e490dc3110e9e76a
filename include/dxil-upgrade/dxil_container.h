/* dxil_container.h - reading DXContainer files and locating bitcode.
 *
 * A DXContainer is a "DXBC" header followed by a table of parts, each a
 * FourCC, a size and data. The DXIL, ILDB and STAT parts hold a program
 * header followed by LLVM bitcode. Every offset and size is checked against
 * the input before it is used; parts this reader does not interpret (PSV0,
 * RDAT, signatures, ...) are listed but not parsed here, so an unfamiliar or
 * older part layout cannot stop a load. dxil_parts.h decodes them.
 */
#ifndef DXIL_UPGRADE_CONTAINER_H
#define DXIL_UPGRADE_CONTAINER_H

#include "dxil_export.h"

#include "dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DXIL_CONTAINER_HEADER_SIZE 32u
#define DXIL_PART_HEADER_SIZE 8u
#define DXIL_PROGRAM_HEADER_SIZE 24u
#define DXIL_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

typedef enum dxil_input_kind {
    DXIL_INPUT_UNKNOWN = 0,
    DXIL_INPUT_CONTAINER, /* "DXBC" */
    DXIL_INPUT_BITCODE,   /* "BC" 0xC0DE */
    DXIL_INPUT_WRAPPER,   /* 0x0B17C0DE bitcode wrapper header */
    DXIL_INPUT_TEXT       /* textual LLVM IR */
} dxil_input_kind;

/* Classifies a blob by its first bytes (text: no NUL in the first 4 KiB). */
DXIL_API dxil_input_kind dxil_detect_input(const void *data, size_t size);
/* "DXContainer", "bitcode", "bitcode wrapper", "LLVM IR text"; a static
 * string, "unknown" for DXIL_INPUT_UNKNOWN or an out-of-range kind (never
 * NULL). */
DXIL_API const char *dxil_input_kind_name(dxil_input_kind kind);

typedef struct dxil_part {
    uint32_t fourcc;      /* little-endian FourCC code */
    char name[5];         /* printable FourCC, NUL-terminated ('?' for odd bytes) */
    uint32_t offset;      /* byte offset of the part header in the file */
    uint32_t data_offset; /* offset + 8 */
    uint32_t size;        /* size of the part data */
} dxil_part;

typedef struct dxil_container {
    uint8_t hash[16];
    uint16_t version_major;
    uint16_t version_minor;
    uint32_t file_size;   /* as declared by the header */
    uint32_t part_count;
    dxil_part *parts;     /* part_count entries, file order */
} dxil_container;

/* Parses the header and part table. Returns 0 on success; on failure
 * appends errors to diags and returns -1 (out is then empty). */
DXIL_API int dxil_container_parse(const void *data, size_t size, dxil_container *out, dxil_diags *diags);
/* Frees the part table of a parsed container and zeroes *c (the struct
 * itself is the caller's). NULL and an empty container are ignored. */
DXIL_API void dxil_container_free(dxil_container *c);

/* The first part with this FourCC ("DXIL", "ILDB", ...), or NULL. */
DXIL_API const dxil_part *dxil_container_find(const dxil_container *c, const char *fourcc);

typedef struct dxil_program_header {
    uint32_t program_version;  /* raw: kind << 16 | major << 4 | minor */
    uint32_t shader_kind;      /* DXC numbering (dxil_abi.h) */
    uint32_t sm_major, sm_minor;
    uint32_t size_in_dwords;
    uint32_t dxil_version;     /* raw: major << 8 | minor */
    uint32_t dxil_major, dxil_minor;
    uint32_t bitcode_offset;   /* relative to the DXIL bitcode header (part data + 8) */
    uint32_t bitcode_size;
    uint64_t bitcode_file_offset; /* absolute offset of the bitcode in the file */
} dxil_program_header;

/* Parses the program header of a bitcode-carrying part (DXIL, ILDB or STAT)
 * and bounds-checks the bitcode it points at. */
DXIL_API int dxil_program_header_parse(const void *file, size_t file_size, const dxil_part *part,
                                       dxil_program_header *out, dxil_diags *diags);

/* Short stage name for a shader kind ("ps", "cs", "lib", ...; DXC's
 * ShaderModel kind names, the long name for ray-tracing kinds), or NULL.
 * Defined with the other shader-kind names of dxil_abi.h. */
DXIL_API const char *dxil_shader_kind_short_name(uint32_t kind);

/* Locates the bitcode inside any supported binary input: container (the
 * named part, default "DXIL"), wrapper, or raw bitcode. On success sets
 * bitcode and bitcode_size (pointing into data) and, for containers, *header
 * (may be NULL). */
DXIL_API int dxil_locate_bitcode(const void *data, size_t size, const char *part_name,
                                 const uint8_t **bitcode, size_t *bitcode_size,
                                 dxil_program_header *header, dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
