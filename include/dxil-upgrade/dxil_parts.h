/* dxil_parts.h - decoding every part of a DXContainer, and its digest.
 *
 * dxil_parts_decode reads each part of a parsed container into a typed
 * struct: feature flags (SFI0), signatures (ISG1/OSG1/PSG1), pipeline state
 * validation (PSV0, runtime info versions 0-4 told apart by size), root
 * signature (RTS0 1.0/1.1/1.2), shader hash (HASH), compiler version
 * (VERS), debug name (ILDN), runtime data (RDAT: strings, index arrays,
 * resources, functions), program headers (DXIL/STAT/ILDB), source info
 * (SRCI); any other part is kept as size + bytes. Every field is
 * bounds-checked: a malformed part gets one DXIL_E_PART_MALFORMED
 * diagnostic naming the part, the file offset and the field, is marked
 * !ok, and the other parts still decode.
 *
 * It also checks the container digest: DXC's modified MD5 over the bytes
 * from the header's version field to the declared end of the container.
 *
 * All strings and arrays of the result live until dxil_parts_free; none of
 * them point into the input buffer.
 */
#ifndef DXIL_UPGRADE_PARTS_H
#define DXIL_UPGRADE_PARTS_H

#include "dxil_export.h"

#include "dxil_container.h"
#include "dxil_diag.h"

#include <llvm-c/Types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- container digest ---------------------------------------------- */

typedef enum dxil_hash_status {
    DXIL_HASH_OK = 0,        /* "ok": stored digest is DXC's digest of the container */
    DXIL_HASH_MISMATCH,      /* "mismatch": stored digest differs from the computed one */
    DXIL_HASH_UNSIGNED,      /* "unsigned": all-zero digest (validation off) */
    DXIL_HASH_BYPASS,        /* "bypass": DXC's bypass sentinel, sixteen 0x01 bytes */
    DXIL_HASH_PREVIEW_BYPASS /* "preview-bypass": sixteen 0x02 bytes (preview shader model) */
} dxil_hash_status;

typedef struct dxil_hash_check {
    dxil_hash_status status;
    uint8_t stored[16];
    uint8_t computed[16];
} dxil_hash_check;

/* Computes DXC's digest of a container (size: the input; the header's
 * declared size bounds the hashed bytes) and compares it with the stored
 * one. Returns -1 with a diagnostic when the header is unreadable. */
DXIL_API int dxil_container_hash_check(const void *data, size_t size, dxil_hash_check *out,
                                       dxil_diags *diags);
/* "ok", "mismatch", "unsigned", "bypass", "preview-bypass"; "?" otherwise. */
DXIL_API const char *dxil_hash_status_name(dxil_hash_status status);

/* ---- per-part results ---------------------------------------------- */

typedef enum dxil_part_kind {
    DXIL_PART_UNKNOWN = 0, /* raw bytes only */
    DXIL_PART_SFI0,
    DXIL_PART_SIGNATURE, /* ISG1, OSG1, PSG1 */
    DXIL_PART_PSV0,
    DXIL_PART_RTS0,
    DXIL_PART_HASH,
    DXIL_PART_VERS,
    DXIL_PART_ILDN,
    DXIL_PART_RDAT,
    DXIL_PART_PROGRAM, /* DXIL, STAT, ILDB */
    DXIL_PART_SRCI
} dxil_part_kind;

typedef struct dxil_sfi0 {
    uint64_t flags; /* ShaderFeatureInfo bits; dxil_sfi0_flag_name names them */
} dxil_sfi0;

typedef struct dxil_sig_element {
    uint32_t stream;
    const char *semantic;   /* "" when the name offset is 0 */
    uint32_t semantic_index;
    uint32_t system_value;  /* D3D_NAME numbering */
    uint32_t component_type;/* 0 unknown, 1 uint32, 2 sint32, 3 float32, 4-9 16/64-bit */
    uint32_t reg;
    uint8_t mask;
    uint8_t rw_mask;        /* never-writes mask (outputs) / always-reads mask (inputs) */
    uint32_t min_precision; /* 0 default, 1 float16, 2 float2_8, 4 sint16, 5 uint16, 0xf0 any16, 0xf1 any10 */
} dxil_sig_element;

typedef struct dxil_signature {
    uint32_t count;
    dxil_sig_element *elements;
} dxil_signature;

typedef struct dxil_psv_resource {
    uint32_t type, space, lower_bound, upper_bound; /* type: PSVResourceType */
    uint32_t kind, flags;                           /* bind info version 1 (0 otherwise) */
} dxil_psv_resource;

typedef struct dxil_psv_sig_element {
    const char *name;
    uint32_t rows, start_row, cols, start_col;
    bool allocated;
    uint32_t semantic_kind, component_type, interpolation;
    uint32_t dynamic_mask, stream;
    uint32_t index_count;
    uint32_t *indices; /* semantic index per row */
} dxil_psv_sig_element;

/* One dependency table: rows of bit masks, as stored. */
typedef struct dxil_psv_table {
    const char *name; /* "viewid-output-mask[0]", "input-to-output[0]", ... */
    uint32_t dwords;
    uint32_t *bits;
} dxil_psv_table;

typedef struct dxil_psv0 {
    uint32_t info_size;      /* 24, 36, 48, 52 or 56 (larger: newer, read as 4) */
    uint32_t info_version;   /* 0-4 */
    uint8_t stage_info[16];  /* raw stage union; interpreted in the dump */
    uint32_t min_wave_lanes, max_wave_lanes;
    /* version 1+ */
    uint32_t shader_stage;   /* DXC shader kind numbering (dxil_shader_kind_short_name) */
    uint32_t uses_view_id;
    uint32_t max_vertex_count_or_prim; /* GS max vertex count; low byte HS/DS/MS vectors */
    uint32_t mesh_topology;
    uint32_t sig_input_elements, sig_output_elements, sig_pc_prim_elements;
    uint32_t sig_input_vectors, sig_output_vectors[4], sig_pc_prim_vectors;
    /* version 2+ */
    uint32_t num_threads[3];
    /* version 3+ */
    const char *entry_name;
    /* version 4+ */
    uint32_t groupshared_bytes;
    uint32_t resource_stride; /* 16 (v0) or 24 (v1+) */
    uint32_t resource_count;
    dxil_psv_resource *resources;
    uint32_t string_table_size, index_table_count;
    uint32_t sig_element_stride;
    uint32_t input_count, output_count, pc_prim_count;
    dxil_psv_sig_element *inputs, *outputs, *pc_prims;
    uint32_t table_count;
    dxil_psv_table *tables;
} dxil_psv0;

typedef struct dxil_rts_range {
    uint32_t type; /* 0 SRV, 1 UAV, 2 CBV, 3 sampler */
    uint32_t count, base_register, space, flags, offset;
} dxil_rts_range;

typedef struct dxil_rts_param {
    uint32_t type;       /* 0 table, 1 constants, 2 CBV, 3 SRV, 4 UAV */
    uint32_t visibility; /* 0 all, 1 vertex, ... 7 mesh */
    uint32_t reg, space, num_values, flags; /* constants / descriptors */
    uint32_t range_count;
    dxil_rts_range *ranges; /* tables */
} dxil_rts_param;

typedef struct dxil_rts_sampler {
    uint32_t filter, address_u, address_v, address_w;
    float mip_lod_bias;
    uint32_t max_anisotropy, comparison, border_color;
    float min_lod, max_lod;
    uint32_t reg, space, visibility, flags;
} dxil_rts_sampler;

typedef struct dxil_rts0 {
    uint32_t version; /* 1 = 1.0, 2 = 1.1, 3 = 1.2 */
    uint32_t flags;
    uint32_t param_count;
    dxil_rts_param *params;
    uint32_t sampler_count;
    dxil_rts_sampler *samplers;
} dxil_rts0;

typedef struct dxil_hash_part {
    uint32_t flags; /* 1: digest includes source */
    uint8_t digest[16];
} dxil_hash_part;

typedef struct dxil_vers {
    uint16_t major, minor;
    uint32_t flags, commit_count;
    const char *commit; /* "" when absent */
    const char *version_string;
} dxil_vers;

typedef struct dxil_ildn {
    uint16_t flags;
    const char *name;
} dxil_ildn;

typedef struct dxil_rdat_resource {
    uint32_t res_class, kind, id, space, lower_bound, upper_bound, flags;
    const char *name;
} dxil_rdat_resource;

typedef struct dxil_rdat_function {
    const char *name, *unmangled_name;
    uint32_t resource_count;
    uint32_t *resources;    /* indices into the resource table */
    uint32_t dependency_count;
    const char **dependencies;
    uint32_t shader_kind, payload_size, attribute_size;
    uint32_t feature_info1, feature_info2, stage_flags, min_shader_target;
} dxil_rdat_function;

typedef struct dxil_rdat_table {
    uint32_t type; /* RuntimeDataPartType */
    uint32_t offset, size; /* relative to the RDAT data */
    uint32_t record_count, record_stride; /* tables only */
} dxil_rdat_table;

typedef struct dxil_rdat {
    uint32_t version;
    uint32_t table_count;
    dxil_rdat_table *tables;
    uint32_t string_count; /* strings in the string buffer */
    uint32_t string_bytes;
    uint32_t index_count;  /* uint32 words in the index arrays */
    uint32_t resource_count;
    dxil_rdat_resource *resources;
    uint32_t function_count;
    dxil_rdat_function *functions;
} dxil_rdat;

typedef struct dxil_srci_section {
    uint32_t size;
    uint16_t flags, type; /* type: 0 contents, 1 names, 2 args */
} dxil_srci_section;

typedef struct dxil_srci {
    uint32_t size;
    uint16_t flags;
    uint16_t section_count;
    dxil_srci_section *sections;
} dxil_srci;

typedef struct dxil_decoded_part {
    dxil_part part;      /* fourcc, offsets, size */
    dxil_part_kind kind;
    bool ok;             /* false: malformed (see diags); contents partial */
    const uint8_t *bytes;/* copy of the part data (every kind) */
    union {
        dxil_sfi0 sfi0;
        dxil_signature sig;
        dxil_psv0 psv0;
        dxil_rts0 rts0;
        dxil_hash_part hash;
        dxil_vers vers;
        dxil_ildn ildn;
        dxil_rdat rdat;
        dxil_program_header program;
        dxil_srci srci;
    } u;
} dxil_decoded_part;

typedef struct dxil_parts {
    dxil_container container;
    dxil_hash_check hash;
    uint32_t count;
    dxil_decoded_part *parts; /* container order */
    uint32_t malformed;       /* parts with ok == false */
    void *arena;              /* owns every string and array above */
} dxil_parts;

/* Parses the container and decodes every part. Returns 0 when the
 * container and every part are well formed, 1 when only some parts are
 * malformed (those carry ok == false; *out is usable), -1 when the
 * container itself is unreadable (*out is empty). */
DXIL_API int dxil_parts_decode(const void *data, size_t size, dxil_parts *out, dxil_diags *diags);
/* Frees everything dxil_parts_decode allocated and zeroes *p. */
DXIL_API void dxil_parts_free(dxil_parts *p);

/* Name of SFI0 feature bit (0-63), or NULL for an unnamed bit. */
DXIL_API const char *dxil_sfi0_flag_name(unsigned bit);

/* Text close to what `dxc -dumpbin` users read. */
DXIL_API void dxil_parts_print(const dxil_parts *p, FILE *out);
/* JSON: {"hash": {...}, "parts": [{fourcc, offset, size, decoded}, ...]};
 * caller frees with free(). NULL when out of memory. */
DXIL_API char *dxil_parts_json_string(const dxil_parts *p, bool pretty);

/* Checks the parts against the metadata of the container's DXIL module as
 * loaded without raising (dxil_options.raise = false): program header vs
 * dx.shaderModel, ISG1/OSG1/PSG1 vs the entry's signature records, PSV0
 * resource bindings vs dx.resources, SFI0 vs the entry's shader flags
 * (the bits DXC derives one to one). Signatures and flags are skipped for
 * libraries. Each disagreement is one DXIL_E_PART_MISMATCH error at the
 * part's offset; returns their number. */
DXIL_API int dxil_parts_check_module(const dxil_parts *p, LLVMModuleRef module,
                                     dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
