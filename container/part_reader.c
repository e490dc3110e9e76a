/* part_reader.c - bounds-checked field reads and the decode arena. */
#include "part_reader.h"
#include "common/byteio.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One malloc per allocation, chained: decodes are small and freed at once. */
struct part_arena {
    part_arena *next;
    _Alignas(16) unsigned char data[];
};

void *part_arena_alloc(part_arena **arena, size_t bytes)
{
    if (bytes > SIZE_MAX - sizeof(part_arena) - 1)
        return NULL;
    part_arena *a = calloc(1, sizeof *a + bytes + 1);
    if (!a)
        return NULL;
    a->next = *arena;
    *arena = a;
    return a->data;
}

void part_arena_free(part_arena **arena)
{
    part_arena *a = *arena;
    while (a) {
        part_arena *next = a->next;
        free(a);
        a = next;
    }
    *arena = NULL;
}

bool pr_fail(part_reader *r, uint64_t off, const char *fmt, ...)
{
    if (r->failed)
        return false;
    r->failed = true;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dxil_diags_add(r->diags, DXIL_SEV_ERROR, DXIL_E_PART_MALFORMED, DXIL_LOC_BYTE,
                   (uint64_t)r->part->data_offset + off, "%s part at 0x%x: %s", r->part->name,
                   r->part->offset, msg);
    return false;
}

bool pr_need(part_reader *r, uint64_t off, uint64_t len, const char *field)
{
    if (r->failed)
        return false;
    if (off > r->size || len > r->size - off)
        return pr_fail(r, off,
                       "%s (%llu bytes at part offset 0x%llx) runs past the part end (%u bytes)",
                       field, (unsigned long long)len, (unsigned long long)off, r->size);
    return true;
}

uint8_t pr_u8(part_reader *r, uint64_t off, const char *field)
{
    return pr_need(r, off, 1, field) ? r->p[off] : 0;
}

uint16_t pr_u16(part_reader *r, uint64_t off, const char *field)
{
    return pr_need(r, off, 2, field) ? rd_le16(r->p + off) : 0;
}

uint32_t pr_u32(part_reader *r, uint64_t off, const char *field)
{
    return pr_need(r, off, 4, field) ? rd_le32(r->p + off) : 0;
}

float pr_f32(part_reader *r, uint64_t off, const char *field)
{
    uint32_t bits = pr_u32(r, off, field);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

void *pr_array(part_reader *r, uint64_t off, uint64_t count, uint64_t stride, size_t elem,
               const char *field)
{
    if (count > UINT32_MAX || stride > UINT32_MAX)
        return pr_fail(r, off, "%s: count %llu is out of range", field,
                       (unsigned long long)count), NULL;
    /* Zero-sized records cannot bound the count: allow at most one per byte. */
    if (stride == 0 && count > r->size)
        return pr_fail(r, off, "%s: count %llu exceeds the part size", field,
                       (unsigned long long)count), NULL;
    if (!pr_need(r, off, count * stride, field))
        return NULL;
    void *a = part_arena_alloc(r->arena, (size_t)(count ? count : 1) * elem);
    if (!a)
        pr_fail(r, off, "%s: out of memory", field);
    return a;
}

const char *pr_str(part_reader *r, uint64_t off, uint64_t limit, const char *field)
{
    if (limit > r->size)
        limit = r->size;
    if (r->failed || off >= limit) {
        pr_fail(r, off, "%s (string at part offset 0x%llx) lies outside its table", field,
                (unsigned long long)off);
        return "";
    }
    const uint8_t *nul = memchr(r->p + off, 0, (size_t)(limit - off));
    if (!nul) {
        pr_fail(r, off, "%s (string at part offset 0x%llx) has no terminating NUL", field,
                (unsigned long long)off);
        return "";
    }
    return pr_bytes(r, off, (uint64_t)(nul - (r->p + off)), field);
}

const char *pr_bytes(part_reader *r, uint64_t off, uint64_t len, const char *field)
{
    if (!pr_need(r, off, len, field))
        return "";
    char *s = part_arena_alloc(r->arena, (size_t)len + 1);
    if (!s) {
        pr_fail(r, off, "%s: out of memory", field);
        return "";
    }
    memcpy(s, r->p + off, (size_t)len);
    return s;
}
