/* rdat_builder.h - the byte layout of a runtime data (RDAT) part, built
 * up record by record (rdat_builder.c): a string buffer, index arrays and
 * raw bytes, each inserted once and referenced by offset, and record
 * tables. rdat_build.c fills it from a library module. */
#ifndef DXIL_WRITE_RDAT_BUILDER_H
#define DXIL_WRITE_RDAT_BUILDER_H

#include "write_internal.h"

#define RDAT_NULL 0xFFFFFFFFu

/* RDAT part types (RuntimeDataPartType). */
enum {
    RDAT_PT_STRINGS = 1, RDAT_PT_INDICES = 2, RDAT_PT_RESOURCES = 3, RDAT_PT_FUNCTIONS = 4,
    RDAT_PT_RAW = 5, RDAT_PT_SUBOBJECTS = 6, RDAT_PT_NODE_ID = 7, RDAT_PT_NODE_IO_ATTRIB = 8,
    RDAT_PT_NODE_FUNC_ATTRIB = 9, RDAT_PT_IO_NODE = 10, RDAT_PT_NODE_INFO = 11
};

/* The tables, in the order DXC's writer adds them after the three
 * buffers (its RecordTableIndex order differs for the node tables). */
enum {
    RT_RESOURCES, RT_FUNCTIONS, RT_SUBOBJECTS, RT_NODE_ID, RT_NODE_FUNC_ATTRIB,
    RT_NODE_IO_ATTRIB, RT_IO_NODE, RT_NODE_INFO, RT_COUNT
};

typedef struct rdat_table {
    uint32_t type, stride;
    bool present; /* the validator version knows it */
    wbuf rows;
    uint32_t count;
} rdat_table;

typedef struct rdat_builder {
    wbuf strings, indices, raw;
    wbuf raw_spans;     /* (offset, size) word pairs of each raw insertion */
    rdat_table tables[RT_COUNT];
    bool dedup_records; /* validator 1.7+ aliases identical records */
    bool oom;
} rdat_builder;

/* Tables for validator major.minor (function records of `fn_stride`
 * bytes: 44 before 1.8, 52 from it). */
void rb_init(rdat_builder *b, uint32_t val_major, uint32_t val_minor);
void rb_free(rdat_builder *b);
/* Offset of the string s in the string buffer (inserted once). */
uint32_t rb_string(rdat_builder *b, const char *s);
/* Word offset of the index array {n, v[0..n)} (inserted once). */
uint32_t rb_array(rdat_builder *b, const uint32_t *v, uint32_t n);
/* Offset of the bytes in the raw bytes part (inserted once). */
uint32_t rb_raw(rdat_builder *b, const void *p, uint32_t n);
/* Index of the record (table's stride bytes) in table t. */
uint32_t rb_record(rdat_builder *b, unsigned t, const void *rec);
/* The part: header, offsets, then each non-empty part. 0 or -1 (memory). */
int rb_finish(rdat_builder *b, wbuf *out);

/* Subobjects (rdat_subobjects.c): DXC moves them from a library's
 * metadata into RDAT, so a carried part is their only source. */
bool rdat_subobjects_need_tier_1_1(const dxil_write_part *carried);
/* Each carried subobject record into b, its strings, export lists and
 * root signature bytes inserted again. 0, or -1 with an error. */
int rdat_copy_subobjects(write_module *wm, rdat_builder *b, const dxil_write_part *carried);

#endif
