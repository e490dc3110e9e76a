/* rdat_builder.c - RDAT's layout: each non-empty part (strings, index
 * arrays, raw bytes, tables) as a type, a 4-aligned size and its bytes,
 * behind a header (version 0x10, part count) and the parts' offsets.
 * Strings, index arrays and raw bytes are stored once and shared; records
 * are shared too from validator 1.7 on, as DXC's validator builds them. */
#include "rdat_builder.h"

#include <string.h>

static const struct {
    uint32_t type, stride;
    uint32_t major, minor; /* first validator version with the table */
} rb_tables[RT_COUNT] = {
    [RT_RESOURCES] = {RDAT_PT_RESOURCES, 32, 1, 3},
    [RT_FUNCTIONS] = {RDAT_PT_FUNCTIONS, 44, 1, 3},
    [RT_SUBOBJECTS] = {RDAT_PT_SUBOBJECTS, 24, 1, 4},
    [RT_NODE_ID] = {RDAT_PT_NODE_ID, 8, 1, 8},
    [RT_NODE_FUNC_ATTRIB] = {RDAT_PT_NODE_FUNC_ATTRIB, 8, 1, 8},
    [RT_NODE_IO_ATTRIB] = {RDAT_PT_NODE_IO_ATTRIB, 8, 1, 8},
    [RT_IO_NODE] = {RDAT_PT_IO_NODE, 8, 1, 8},
    [RT_NODE_INFO] = {RDAT_PT_NODE_INFO, 20, 1, 8},
};

static bool rb_at_least(uint32_t ma, uint32_t mi, uint32_t wa, uint32_t wi)
{
    return ma > wa || (ma == wa && mi >= wi);
}

void rb_init(rdat_builder *b, uint32_t val_major, uint32_t val_minor)
{
    memset(b, 0, sizeof *b);
    b->dedup_records = rb_at_least(val_major, val_minor, 1, 7);
    for (unsigned t = 0; t < RT_COUNT; t++) {
        b->tables[t].type = rb_tables[t].type;
        b->tables[t].stride = rb_tables[t].stride;
        b->tables[t].present = rb_at_least(val_major, val_minor, rb_tables[t].major,
                                           rb_tables[t].minor);
    }
    /* RuntimeDataFunctionInfo2 (wave sizes, shader flags, shader ref). */
    if (rb_at_least(val_major, val_minor, 1, 8))
        b->tables[RT_FUNCTIONS].stride = 52;
    wb_u8(&b->strings, 0); /* "" at offset 0 */
}

void rb_free(rdat_builder *b)
{
    wb_free(&b->strings);
    wb_free(&b->indices);
    wb_free(&b->raw);
    wb_free(&b->raw_spans);
    for (unsigned t = 0; t < RT_COUNT; t++)
        wb_free(&b->tables[t].rows);
}

uint32_t rb_string(rdat_builder *b, const char *s)
{
    size_t n = strlen(s);
    /* Every string starts after a NUL; the buffer starts with "". */
    for (size_t at = 0; at + n < b->strings.n && !b->strings.oom;) {
        if (!memcmp(b->strings.p + at, s, n + 1))
            return (uint32_t)at;
        at += strlen((const char *)b->strings.p + at) + 1;
    }
    uint32_t off = (uint32_t)b->strings.n;
    wb_bytes(&b->strings, s, n + 1);
    return off;
}

static uint32_t rb_word(const wbuf *w, size_t i)
{
    uint32_t v;
    memcpy(&v, w->p + 4 * i, 4);
    return v;
}

uint32_t rb_array(rdat_builder *b, const uint32_t *v, uint32_t n)
{
    size_t words = b->indices.n / 4;
    for (size_t at = 0; at < words && !b->indices.oom; at += 1 + rb_word(&b->indices, at)) {
        if (rb_word(&b->indices, at) != n)
            continue;
        size_t i = 0;
        while (i < n && rb_word(&b->indices, at + 1 + i) == v[i])
            i++;
        if (i == n)
            return (uint32_t)at;
    }
    wb_u32(&b->indices, n);
    for (uint32_t i = 0; i < n; i++)
        wb_u32(&b->indices, v[i]);
    return (uint32_t)words;
}

uint32_t rb_raw(rdat_builder *b, const void *p, uint32_t n)
{
    /* Whole insertions are shared, as DXC's raw bytes part does. */
    for (size_t i = 0; i + 1 < b->raw_spans.n / 4; i += 2) {
        uint32_t off = rb_word(&b->raw_spans, i), size = rb_word(&b->raw_spans, i + 1);
        if (size == n && !memcmp(b->raw.p + off, p, n))
            return off;
    }
    uint32_t off = (uint32_t)b->raw.n;
    wb_bytes(&b->raw, p, n);
    wb_u32(&b->raw_spans, off);
    wb_u32(&b->raw_spans, n);
    return off;
}

uint32_t rb_record(rdat_builder *b, unsigned t, const void *rec)
{
    rdat_table *tb = &b->tables[t];
    if (b->dedup_records)
        for (uint32_t i = 0; i < tb->count && !tb->rows.oom; i++)
            if (!memcmp(tb->rows.p + (size_t)i * tb->stride, rec, tb->stride))
                return i;
    wb_bytes(&tb->rows, rec, tb->stride);
    return tb->count++;
}

/* One part's type, its unpadded bytes and their size. */
typedef struct rb_part {
    uint32_t type;
    const uint8_t *p;
    size_t n;
    const rdat_table *table; /* header of record count and stride */
} rb_part;

static size_t rb_parts(const rdat_builder *b, rb_part *parts)
{
    size_t n = 0;
    parts[n++] = (rb_part){RDAT_PT_STRINGS, b->strings.p, b->strings.n, NULL};
    for (unsigned t = RT_RESOURCES; t <= RT_FUNCTIONS; t++)
        parts[n++] = (rb_part){b->tables[t].type, b->tables[t].rows.p, b->tables[t].rows.n,
                               &b->tables[t]};
    parts[n++] = (rb_part){RDAT_PT_INDICES, b->indices.p, b->indices.n, NULL};
    parts[n++] = (rb_part){RDAT_PT_RAW, b->raw.p, b->raw.n, NULL};
    for (unsigned t = RT_SUBOBJECTS; t < RT_COUNT; t++)
        parts[n++] = (rb_part){b->tables[t].type, b->tables[t].rows.p, b->tables[t].rows.n,
                               &b->tables[t]};
    return n;
}

int rb_finish(rdat_builder *b, wbuf *out)
{
    rb_part parts[RT_COUNT + 3];
    size_t n = rb_parts(b, parts), used = 0;
    for (size_t i = 0; i < n; i++)
        if (parts[i].n)
            parts[used++] = parts[i];
    wb_u32(out, 0x10);
    wb_u32(out, (uint32_t)used);
    size_t offsets = out->n;
    wb_zero(out, 4 * used);
    for (size_t i = 0; i < used && !out->oom; i++) {
        wb_put32(out, offsets + 4 * i, (uint32_t)out->n);
        size_t body = parts[i].n + (parts[i].table ? 8 : 0);
        wb_u32(out, parts[i].type);
        wb_u32(out, (uint32_t)((body + 3) & ~(size_t)3));
        if (parts[i].table) {
            wb_u32(out, parts[i].table->count);
            wb_u32(out, parts[i].table->stride);
        }
        wb_bytes(out, parts[i].p, parts[i].n);
        wb_align4(out);
    }
    bool oom = out->oom || b->strings.oom || b->indices.oom || b->raw.oom;
    for (unsigned t = 0; t < RT_COUNT; t++)
        oom |= b->tables[t].rows.oom;
    return oom ? -1 : 0;
}
