/* wbuf.c - the growing little-endian byte buffer the part writers fill. */
#include "write_internal.h"
#include "common/byteio.h"

#include <stdlib.h>
#include <string.h>

static bool wb_room(wbuf *b, size_t n)
{
    if (b->oom)
        return false;
    if (b->n + n <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + n && cap < SIZE_MAX / 2)
        cap *= 2;
    uint8_t *p = cap >= b->n + n ? realloc(b->p, cap) : NULL;
    if (!p) {
        b->oom = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

void wb_bytes(wbuf *b, const void *data, size_t n)
{
    if (n && wb_room(b, n)) {
        memcpy(b->p + b->n, data, n);
        b->n += n;
    }
}

void wb_zero(wbuf *b, size_t n)
{
    if (n && wb_room(b, n)) {
        memset(b->p + b->n, 0, n);
        b->n += n;
    }
}

void wb_u8(wbuf *b, uint8_t v)
{
    wb_bytes(b, &v, 1);
}

void wb_u16(wbuf *b, uint16_t v)
{
    uint8_t x[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    wb_bytes(b, x, 2);
}

void wb_u32(wbuf *b, uint32_t v)
{
    uint8_t x[4];
    wr_le32(x, v);
    wb_bytes(b, x, 4);
}

void wb_align4(wbuf *b)
{
    wb_zero(b, (4 - b->n % 4) % 4);
}

void wb_put32(wbuf *b, size_t off, uint32_t v)
{
    if (!b->oom && off + 4 <= b->n)
        wr_le32(b->p + off, v);
}

void wb_free(wbuf *b)
{
    free(b->p);
    *b = (wbuf){0};
}
