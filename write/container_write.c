/* container_write.c - assembling a DXContainer: the 32-byte header
 * ("DXBC", digest, version 1.0, file size, part count), the part offset
 * table, then each part as FourCC, size and data, in DXC's part order.
 * The digest is DXC's (container/md5.c) over everything after it. */
#include "write_internal.h"
#include "common/byteio.h"
#include "container/md5.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The order DXC's SerializeDxilContainerForModule adds its parts in;
 * other parts follow DXIL, and the private data (PRIV) comes last. */
static const char *const cw_order[] = {"SFI0", "ISG1", "OSG1", "PSG1", "PSV0", "RTS0", "VERS",
                                       "RDAT", "ILDB", "STAT", "ILDN", "HASH", "DXIL"};
enum { CW_ORDER = sizeof cw_order / sizeof *cw_order, CW_RANKS = CW_ORDER + 2,
       CW_DIGEST_END = 20 };

static size_t cw_rank(const char *fourcc)
{
    for (size_t i = 0; i < CW_ORDER; i++)
        if (strncmp(cw_order[i], fourcc, 4) == 0)
            return i;
    return strncmp(fourcc, "PRIV", 4) == 0 ? CW_ORDER + 1 : CW_ORDER;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int cw_fail(dxil_diags *diags, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, DXIL_SEV_ERROR, DXIL_E_PART_WRITE, DXIL_LOC_NONE, 0, fmt, ap);
    va_end(ap);
    return -1;
}

static int cw_check(const dxil_write_part *parts, size_t count, dxil_diags *diags)
{
    uint64_t total = DXIL_CONTAINER_HEADER_SIZE;
    for (size_t i = 0; i < count; i++) {
        if (strlen(parts[i].fourcc) != 4)
            return cw_fail(diags, "part %zu: FourCC: \"%s\" is not 4 characters", i,
                           parts[i].fourcc);
        if (parts[i].size && !parts[i].data)
            return cw_fail(diags, "%s: data: NULL with size %zu", parts[i].fourcc,
                           parts[i].size);
        for (size_t j = 0; j < i; j++)
            if (memcmp(parts[i].fourcc, parts[j].fourcc, 4) == 0)
                return cw_fail(diags, "%s: FourCC: given twice", parts[i].fourcc);
        total += 4 + DXIL_PART_HEADER_SIZE + (uint64_t)parts[i].size;
        if (parts[i].size > UINT32_MAX || total > UINT32_MAX)
            return cw_fail(diags, "%s: size: the container would pass 4 GiB",
                           parts[i].fourcc);
    }
    return 0;
}

/* Part indices sorted by DXC's rank; equal ranks keep the given order. */
static void cw_sort(const dxil_write_part *parts, size_t count, size_t *order)
{
    size_t n = 0;
    for (size_t rank = 0; rank < CW_RANKS; rank++)
        for (size_t i = 0; i < count; i++)
            if (cw_rank(parts[i].fourcc) == rank)
                order[n++] = i;
}

/* The header's digest field (b->p + 4) for the requested status. */
static void cw_digest(wbuf *b, dxil_hash_status digest)
{
    if (digest == DXIL_HASH_OK)
        dxc_digest(b->p + CW_DIGEST_END, b->n - CW_DIGEST_END, b->p + 4);
    else if (digest == DXIL_HASH_BYPASS || digest == DXIL_HASH_PREVIEW_BYPASS)
        memset(b->p + 4, digest == DXIL_HASH_BYPASS ? 1 : 2, 16);
}

int dxil_container_assemble(const dxil_write_part *parts, size_t count,
                            dxil_hash_status digest, uint8_t **out, size_t *out_size,
                            dxil_diags *diags)
{
    *out = NULL;
    *out_size = 0;
    if (digest == DXIL_HASH_MISMATCH || digest > DXIL_HASH_PREVIEW_BYPASS)
        return cw_fail(diags, "container: digest: status %d cannot be written", (int)digest);
    if ((count && !parts) || cw_check(parts, count, diags))
        return count && !parts ? cw_fail(diags, "container: parts: NULL") : -1;
    size_t *order = calloc(count + 1, sizeof *order);
    wbuf b = {0};
    if (!order)
        return cw_fail(diags, "container: out of memory");
    cw_sort(parts, count, order);
    wb_bytes(&b, "DXBC", 4);
    wb_zero(&b, 16);
    wb_u16(&b, 1);
    wb_u16(&b, 0);
    wb_u32(&b, 0); /* file size, below */
    wb_u32(&b, (uint32_t)count);
    uint32_t at = DXIL_CONTAINER_HEADER_SIZE + 4 * (uint32_t)count;
    for (size_t i = 0; i < count; i++) {
        wb_u32(&b, at);
        at += DXIL_PART_HEADER_SIZE + (uint32_t)parts[order[i]].size;
    }
    for (size_t i = 0; i < count; i++) {
        const dxil_write_part *p = &parts[order[i]];
        wb_bytes(&b, p->fourcc, 4);
        wb_u32(&b, (uint32_t)p->size);
        wb_bytes(&b, p->data, p->size);
    }
    free(order);
    wb_put32(&b, 24, (uint32_t)b.n);
    if (b.oom) {
        wb_free(&b);
        return cw_fail(diags, "container: out of memory");
    }
    cw_digest(&b, digest);
    *out = b.p;
    *out_size = b.n;
    return 0;
}
