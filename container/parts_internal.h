/* parts_internal.h - the per-part decoders behind dxil_parts_decode. Each
 * fills out->u from r and leaves r->failed set when the part is malformed. */
#ifndef DXIL_CONTAINER_PARTS_INTERNAL_H
#define DXIL_CONTAINER_PARTS_INTERNAL_H

#include "part_reader.h"

void part_decode_sfi0(part_reader *r, dxil_decoded_part *out);
void part_decode_sig(part_reader *r, dxil_decoded_part *out);
void part_decode_psv0(part_reader *r, dxil_decoded_part *out);
void part_decode_rts0(part_reader *r, dxil_decoded_part *out);
void part_decode_hash(part_reader *r, dxil_decoded_part *out);
void part_decode_vers(part_reader *r, dxil_decoded_part *out);
void part_decode_ildn(part_reader *r, dxil_decoded_part *out);
void part_decode_rdat(part_reader *r, dxil_decoded_part *out);
void part_decode_program(part_reader *r, dxil_decoded_part *out);
void part_decode_srci(part_reader *r, dxil_decoded_part *out);

/* Text dumps of the larger parts (parts_text_tables.c). */
void parts_text_psv0(const dxil_decoded_part *d, FILE *out);
void parts_text_rts0(const dxil_decoded_part *d, FILE *out);
void parts_text_rdat(const dxil_decoded_part *d, FILE *out);

/* Enum value names shared by the text and JSON dumps; "?" when unknown. */
const char *parts_name(const char *const *names, size_t count, uint32_t value);
#define PARTS_NAME(table, v) parts_name(table, sizeof table / sizeof *table, v)
extern const char *const parts_sysvalue_names[71];
extern const char *const parts_comptype_names[10];
extern const char *const parts_psv_restype_names[10];
extern const char *const parts_reskind_names[19];
extern const char *const parts_rts_param_names[5];
extern const char *const parts_rts_vis_names[8];
extern const char *const parts_rts_range_names[4];
extern const char *const parts_rdat_table_names[12];
extern const char *const parts_rdat_class_names[4];
extern const char *const parts_semantic_kind_names[31];

#endif
