/* bitstream.c - bounds-checked bit reader/writer and abbreviation decoding
 * for LLVM's bitstream format. */
#include "bitstream.h"
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

void bs_reader_init(bs_reader *r, const uint8_t *data, size_t size_bytes)
{
    r->data = data;
    r->size_bits = size_bytes * 8;
    r->pos = 0;
    r->failed = false;
}

bool bs_at_end(const bs_reader *r)
{
    return r->pos >= r->size_bits;
}

uint64_t bs_read_slow(bs_reader *r, unsigned width)
{
    if (width == 0)
        return 0;
    if (r->failed || width > 64 || r->size_bits - r->pos < width || r->pos > r->size_bits) {
        r->failed = true;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned got = 0; got < width;) {
        size_t byte = r->pos >> 3;
        unsigned shift = r->pos & 7;
        unsigned take = 8 - shift;
        if (take > width - got)
            take = width - got;
        uint64_t bits = (r->data[byte] >> shift) & ((1u << take) - 1);
        v |= bits << got;
        got += take;
        r->pos += take;
    }
    return v;
}

/* The chunks after `first` (already read, continuation bit set). While
 * eight bytes remain, chunks are taken from one 64-bit load. */
uint64_t bs_read_vbr_slow(bs_reader *r, unsigned width, uint64_t first)
{
    uint64_t hi = 1ull << (width - 1), v = first & (hi - 1), chunk = (hi << 1) - 1;
    unsigned shift = width - 1;
    while (!r->failed && (r->pos >> 3) + 8 <= r->size_bits >> 3) {
        unsigned bit = (unsigned)(r->pos & 7), avail = 64 - bit;
        uint64_t word = bs_load_le64(r->data + (r->pos >> 3)) >> bit;
        for (; avail >= width; avail -= width, word >>= width, shift += width - 1) {
            uint64_t piece = word & chunk;
            r->pos += width;
            if (shift >= 64) { /* more continuation chunks than a 64-bit value holds */
                r->failed = true;
                return 0;
            }
            v |= (piece & (hi - 1)) << shift;
            if (!(piece & hi))
                return v;
        }
    }
    for (;; shift += width - 1) {
        uint64_t piece = bs_read(r, width);
        if (r->failed)
            return 0;
        if (shift >= 64) {
            r->failed = true;
            return 0;
        }
        v |= (piece & (hi - 1)) << shift;
        if (!(piece & hi))
            return v;
    }
}

void bs_align32(bs_reader *r)
{
    size_t aligned = (r->pos + 31) & ~(size_t)31;
    if (aligned > r->size_bits)
        r->failed = true;
    else
        r->pos = aligned;
}

void bs_record_free(bs_record *rec)
{
    free(rec->ops);
    memset(rec, 0, sizeof *rec);
}

static int bs_record_push(bs_record *rec, uint64_t v)
{
    uint64_t *ops = grow_array(rec->ops, &rec->cap, rec->count, sizeof *ops, 16);
    if (!ops)
        return -1;
    rec->ops = ops;
    rec->ops[rec->count++] = v;
    return 0;
}

static bool bs_encoding_has_value(unsigned enc)
{
    return enc == BS_ENC_FIXED || enc == BS_ENC_VBR;
}

int bs_read_abbrev_def(bs_reader *r, bs_abbrev *out, const char **why)
{
    return bs_read_abbrev_ops(r, out->ops, &out->count, why);
}

int bs_read_abbrev_ops(bs_reader *r, bs_abbrev_op *ops, uint32_t *count, const char **why)
{
    uint64_t n = bs_read_vbr(r, 5);
    if (r->failed || n == 0 || n > BS_MAX_ABBREV_OPS) {
        *why = r->failed ? "abbreviation definition is truncated"
                         : "abbreviation has no operands or too many";
        return -1;
    }
    *count = 0;
    for (uint64_t i = 0; i < n; i++) {
        bs_abbrev_op op = {0, 0};
        if (bs_read(r, 1)) {
            op.enc = BS_ENC_LITERAL;
            op.value = bs_read_vbr(r, 8);
        } else {
            op.enc = (uint8_t)bs_read(r, 3);
            if (op.enc < BS_ENC_FIXED || op.enc > BS_ENC_BLOB) {
                *why = "abbreviation uses an unknown encoding";
                return -1;
            }
            if (bs_encoding_has_value(op.enc))
                op.value = bs_read_vbr(r, 5);
            if ((op.enc == BS_ENC_FIXED && op.value > 64) ||
                (op.enc == BS_ENC_VBR && (op.value < 2 || op.value > 32))) {
                *why = "abbreviation field width is out of range";
                return -1;
            }
        }
        if (r->failed) {
            *why = "abbreviation definition is truncated";
            return -1;
        }
        ops[(*count)++] = op;
    }
    /* An array must be followed by exactly its element; a blob must be last. */
    for (uint32_t i = 0; i < *count; i++) {
        unsigned enc = ops[i].enc;
        if (enc == BS_ENC_ARRAY &&
            (i + 2 != *count || ops[i + 1].enc == BS_ENC_ARRAY ||
             ops[i + 1].enc == BS_ENC_BLOB)) {
            *why = "array in abbreviation is not followed by a single scalar element";
            return -1;
        }
        if (enc == BS_ENC_BLOB && i + 1 != *count) {
            *why = "blob in abbreviation is not the last operand";
            return -1;
        }
        if (enc == BS_ENC_ARRAY)
            break;
    }
    return 0;
}

char bs_char6(unsigned index)
{
    static const char char6[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
    return char6[index & 63];
}

static uint64_t bs_read_scalar(bs_reader *r, const bs_abbrev_op *op)
{
    switch (op->enc) {
    case BS_ENC_LITERAL:
        return op->value;
    case BS_ENC_FIXED:
        return bs_read(r, (unsigned)op->value);
    case BS_ENC_VBR:
        return bs_read_vbr(r, (unsigned)op->value);
    case BS_ENC_CHAR6:
        return (uint64_t)(unsigned char)bs_char6((unsigned)bs_read(r, 6));
    default:
        r->failed = true;
        return 0;
    }
}

/* Arrays and blobs declare their length; a length that cannot fit in the
 * bits left is rejected before we loop over it. */
static bool bs_length_fits(const bs_reader *r, uint64_t len, unsigned min_bits)
{
    size_t left = r->size_bits - r->pos;
    return min_bits == 0 ? len <= left : len <= left / min_bits;
}

static int bs_read_array(bs_reader *r, const bs_abbrev_op *elt, bs_record *rec, const char **why)
{
    uint64_t len = bs_read_vbr(r, 6);
    unsigned min_bits = elt->enc == BS_ENC_LITERAL ? 0
                        : elt->enc == BS_ENC_CHAR6 ? 6 : (unsigned)(elt->value ? elt->value : 1);
    if (r->failed || !bs_length_fits(r, len, min_bits ? min_bits : 1)) {
        *why = "array length runs past the end of the stream";
        return -1;
    }
    for (uint64_t i = 0; i < len && !r->failed; i++)
        if (bs_record_push(rec, bs_read_scalar(r, elt)) != 0) {
            *why = "out of memory";
            return -1;
        }
    return 0;
}

static int bs_read_blob(bs_reader *r, bs_record *rec, const char **why)
{
    uint64_t len = bs_read_vbr(r, 6);
    bs_align32(r);
    if (r->failed || !bs_length_fits(r, len, 8)) {
        *why = "blob length runs past the end of the stream";
        return -1;
    }
    for (uint64_t i = 0; i < len; i++)
        if (bs_record_push(rec, bs_read(r, 8)) != 0) {
            *why = "out of memory";
            return -1;
        }
    bs_align32(r);
    return 0;
}

static int bs_read_unabbrev(bs_reader *r, bs_record *rec, const char **why)
{
    uint64_t code = bs_read_vbr(r, 6);
    uint64_t n = bs_read_vbr(r, 6);
    if (r->failed || !bs_length_fits(r, n, 6)) {
        *why = "record operand count runs past the end of the stream";
        return -1;
    }
    if (bs_record_push(rec, code) != 0)
        return -1;
    for (uint64_t i = 0; i < n && !r->failed; i++)
        if (bs_record_push(rec, bs_read_vbr(r, 6)) != 0) {
            *why = "out of memory";
            return -1;
        }
    return 0;
}

int bs_read_record(bs_reader *r, const bs_abbrev *abbrev, bs_record *rec, const char **why)
{
    rec->count = 0;
    int rc = 0;
    if (!abbrev)
        rc = bs_read_unabbrev(r, rec, why);
    for (uint32_t i = 0; abbrev && i < abbrev->count && rc == 0; i++) {
        const bs_abbrev_op *op = &abbrev->ops[i];
        if (op->enc == BS_ENC_ARRAY) {
            rc = bs_read_array(r, &abbrev->ops[i + 1], rec, why);
            break;
        }
        if (op->enc == BS_ENC_BLOB)
            rc = bs_read_blob(r, rec, why);
        else if (bs_record_push(rec, bs_read_scalar(r, op)) != 0)
            rc = -1;
    }
    if (rc == 0 && r->failed) {
        *why = "record is truncated";
        rc = -1;
    }
    if (rc == 0 && rec->count == 0) {
        *why = "abbreviated record has no code";
        rc = -1;
    }
    return rc;
}

void bs_writer_init(bs_writer *w)
{
    memset(w, 0, sizeof *w);
}

void bs_writer_free(bs_writer *w)
{
    free(w->data);
    memset(w, 0, sizeof *w);
}

bool bs_writer_reserve(bs_writer *w, size_t bits)
{
    size_t need = (w->pos + bits + 7) / 8 + 8;
    if (need <= w->cap_bytes)
        return true;
    size_t cap = w->cap_bytes ? w->cap_bytes : 4096;
    while (cap < need)
        cap *= 2;
    uint8_t *data = realloc(w->data, cap);
    if (!data) {
        w->failed = true;
        return false;
    }
    memset(data + w->cap_bytes, 0, cap - w->cap_bytes);
    w->data = data;
    w->cap_bytes = cap;
    return true;
}

static inline void bs_store_le64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, sizeof v);
}

void bs_write(bs_writer *w, uint64_t value, unsigned width)
{
    /* reserve only when the room (plus its 8 spare bytes) runs out: the
     * DXIL bitcode writer calls this once per field */
    if (width == 0 || w->failed ||
        ((w->pos + width + 7) / 8 + 8 > w->cap_bytes && !bs_writer_reserve(w, width)))
        return;
    if (width < 64)
        value &= (UINT64_C(1) << width) - 1;
    /* Bits past pos are still zero (the buffer is zero-filled and written
     * in order), and reserve leaves 8 spare bytes: OR the value into one
     * 64-bit little-endian word when it fits. */
    unsigned shift = w->pos & 7;
    uint8_t *p = w->data + (w->pos >> 3);
    if (width + shift <= 64) {
        bs_store_le64(p, bs_load_le64(p) | value << shift);
        w->pos += width;
        return;
    }
    for (unsigned done = 0; done < width;) {
        size_t byte = w->pos >> 3;
        shift = w->pos & 7;
        unsigned take = 8 - shift;
        if (take > width - done)
            take = width - done;
        uint8_t bits = (uint8_t)((value >> done) & ((1u << take) - 1));
        w->data[byte] = (uint8_t)((w->data[byte] & ~(((1u << take) - 1) << shift)) | (bits << shift));
        done += take;
        w->pos += take;
    }
}

void bs_write_vbr_padded(bs_writer *w, uint64_t value, unsigned width, unsigned extra)
{
    uint64_t hi = 1ull << (width - 1), acc = 0;
    unsigned bits = 0;
    while (value >= hi || extra > 0) {
        if (value < hi)
            extra--; /* a zero chunk after a set continuation bit */
        acc |= ((value & (hi - 1)) | hi) << bits;
        bits += width;
        value >>= width - 1;
        if (bits + width > 64) { /* flush before the next chunk overflows */
            bs_write(w, acc, bits);
            acc = 0, bits = 0;
        }
    }
    bs_write(w, acc | value << bits, bits + width);
}

void bs_write_vbr(bs_writer *w, uint64_t value, unsigned width)
{
    if (value < UINT64_C(1) << (width - 1)) { /* one chunk: most fields */
        bs_write(w, value, width);
        return;
    }
    bs_write_vbr_padded(w, value, width, 0);
}

void bs_writer_align32(bs_writer *w)
{
    unsigned rem = w->pos & 31;
    if (rem)
        bs_write(w, 0, 32 - rem);
}

void bs_copy_bits(bs_writer *w, const bs_reader *r, size_t from, size_t to)
{
    if (from >= to || w->failed)
        return;
    bs_reader tmp = *r;
    tmp.pos = from;
    tmp.failed = false;
    /* Same position within a byte on both sides (whole nested blocks, and
     * everything after a size-preserving rewrite): copy the bulk as bytes. */
    if ((from & 7) == (w->pos & 7) && to - from >= 64) {
        unsigned head = (unsigned)((8 - (from & 7)) & 7);
        bs_write(w, bs_read(&tmp, head), head);
        size_t n = (to - tmp.pos) / 8;
        if (!bs_writer_reserve(w, n * 8))
            return;
        memcpy(w->data + w->pos / 8, r->data + tmp.pos / 8, n);
        w->pos += n * 8;
        tmp.pos += n * 8;
    }
    while (tmp.pos < to) {
        unsigned n = to - tmp.pos > 32 ? 32 : (unsigned)(to - tmp.pos);
        bs_write(w, bs_read(&tmp, n), n);
    }
}

void bs_patch32(bs_writer *w, size_t bit_pos, uint32_t value)
{
    if (w->failed || bit_pos + 32 > w->cap_bytes * 8)
        return;
    uint8_t *p = w->data + bit_pos / 8;
    p[0] = (uint8_t)value;
    p[1] = (uint8_t)(value >> 8);
    p[2] = (uint8_t)(value >> 16);
    p[3] = (uint8_t)(value >> 24);
}
