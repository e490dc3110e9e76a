/* parts.c - dxil_parts_decode: every part of a container through its
 * decoder, plus the container digest check. */
#include "parts_internal.h"
#include "md5.h"
#include "common/byteio.h"

#include <stdlib.h>
#include <string.h>

typedef struct part_decoder {
    const char *fourcc;
    dxil_part_kind kind;
    void (*decode)(part_reader *r, dxil_decoded_part *out);
} part_decoder;

static const part_decoder part_decoders[] = {
    {"SFI0", DXIL_PART_SFI0, part_decode_sfi0},       {"ISG1", DXIL_PART_SIGNATURE, part_decode_sig},
    {"OSG1", DXIL_PART_SIGNATURE, part_decode_sig},   {"PSG1", DXIL_PART_SIGNATURE, part_decode_sig},
    {"PSV0", DXIL_PART_PSV0, part_decode_psv0},       {"RTS0", DXIL_PART_RTS0, part_decode_rts0},
    {"HASH", DXIL_PART_HASH, part_decode_hash},       {"VERS", DXIL_PART_VERS, part_decode_vers},
    {"ILDN", DXIL_PART_ILDN, part_decode_ildn},       {"RDAT", DXIL_PART_RDAT, part_decode_rdat},
    {"DXIL", DXIL_PART_PROGRAM, part_decode_program}, {"STAT", DXIL_PART_PROGRAM, part_decode_program},
    {"ILDB", DXIL_PART_PROGRAM, part_decode_program}, {"SRCI", DXIL_PART_SRCI, part_decode_srci},
};

static const part_decoder *parts_find_decoder(uint32_t fourcc)
{
    for (size_t i = 0; i < sizeof part_decoders / sizeof *part_decoders; i++) {
        const char *f = part_decoders[i].fourcc;
        if (DXIL_FOURCC(f[0], f[1], f[2], f[3]) == fourcc)
            return &part_decoders[i];
    }
    return NULL;
}

static const char *const hash_status_names[] = {"ok", "mismatch", "unsigned", "bypass",
                                                "preview-bypass"};

const char *dxil_hash_status_name(dxil_hash_status status)
{
    return (unsigned)status < sizeof hash_status_names / sizeof *hash_status_names
               ? hash_status_names[status]
               : "?";
}

static bool parts_digest_is(const uint8_t d[16], uint8_t fill)
{
    for (int i = 0; i < 16; i++)
        if (d[i] != fill)
            return false;
    return true;
}

/* Needs only the header: a byte flipped anywhere after the digest, even in
 * the part table, must read as a mismatch rather than as an unreadable
 * container. A declared size past the input hashes what there is (and so
 * mismatches). */
int dxil_container_hash_check(const void *data, size_t size, dxil_hash_check *out,
                              dxil_diags *diags)
{
    enum { HASHED_FROM = 20 };
    const uint8_t *p = data;
    memset(out, 0, sizeof *out);
    if (size < DXIL_CONTAINER_HEADER_SIZE || memcmp(p, "DXBC", 4) != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_UNKNOWN_FORMAT, DXIL_LOC_BYTE, 0,
                       "no DXContainer header to check the digest of");
        return -1;
    }
    uint32_t declared = rd_le32(p + 24);
    size_t end = declared < HASHED_FROM ? HASHED_FROM : declared > size ? size : declared;
    memcpy(out->stored, p + 4, 16);
    dxc_digest(p + HASHED_FROM, end - HASHED_FROM, out->computed);
    if (parts_digest_is(out->stored, 0))
        out->status = DXIL_HASH_UNSIGNED;
    else if (parts_digest_is(out->stored, 1))
        out->status = DXIL_HASH_BYPASS;
    else if (parts_digest_is(out->stored, 2))
        out->status = DXIL_HASH_PREVIEW_BYPASS;
    else
        out->status = memcmp(out->stored, out->computed, 16) == 0 ? DXIL_HASH_OK
                                                                   : DXIL_HASH_MISMATCH;
    return 0;
}

static void parts_decode_one(const uint8_t *file, size_t size, dxil_parts *p, uint32_t i,
                             dxil_diags *diags)
{
    dxil_decoded_part *d = &p->parts[i];
    d->part = p->container.parts[i];
    part_reader r = {.file = file, .file_size = size, .part = &d->part,
                     .p = file + d->part.data_offset, .size = d->part.size, .diags = diags,
                     .arena = (part_arena **)&p->arena};
    d->bytes = (const uint8_t *)pr_bytes(&r, 0, d->part.size, "part data");
    const part_decoder *dec = parts_find_decoder(d->part.fourcc);
    d->kind = dec ? dec->kind : DXIL_PART_UNKNOWN;
    if (dec)
        dec->decode(&r, d);
    d->ok = !r.failed;
    p->malformed += !d->ok;
}

int dxil_parts_decode(const void *data, size_t size, dxil_parts *out, dxil_diags *diags)
{
    memset(out, 0, sizeof *out);
    if (dxil_container_parse(data, size, &out->container, diags) != 0)
        return -1;
    dxil_container_hash_check(data, size, &out->hash, diags);
    out->count = out->container.part_count;
    out->parts = calloc(out->count ? out->count : 1, sizeof *out->parts);
    if (!out->parts) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0, "out of memory");
        dxil_parts_free(out);
        return -1;
    }
    for (uint32_t i = 0; i < out->count; i++)
        parts_decode_one(data, size, out, i, diags);
    return out->malformed ? 1 : 0;
}

void dxil_parts_free(dxil_parts *p)
{
    if (!p)
        return;
    part_arena *a = p->arena;
    part_arena_free(&a);
    free(p->parts);
    dxil_container_free(&p->container);
    memset(p, 0, sizeof *p);
}
