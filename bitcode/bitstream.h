/* bitstream.h - a small reader and writer for LLVM's bitstream container
 * format, enough to walk blocks, abbreviations and records and to re-emit a
 * stream with some records replaced. Every read is bounds-checked: a read
 * past the end sets an error instead of touching memory. */
#ifndef DXIL_BITSTREAM_H
#define DXIL_BITSTREAM_H

#include "dxil-upgrade/dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum {
    BS_END_BLOCK = 0,
    BS_ENTER_SUBBLOCK = 1,
    BS_DEFINE_ABBREV = 2,
    BS_UNABBREV_RECORD = 3,
    BS_FIRST_APP_ABBREV = 4
};

enum { BS_BLOCKINFO_BLOCK_ID = 0, BS_BLOCKINFO_SETBID = 1 };

enum bs_encoding { BS_ENC_LITERAL = 0, BS_ENC_FIXED = 1, BS_ENC_VBR = 2, BS_ENC_ARRAY = 3,
                   BS_ENC_CHAR6 = 4, BS_ENC_BLOB = 5 };

#define BS_MAX_ABBREV_OPS 64u   /* LLVM never writes more than a handful */
#define BS_MAX_DEPTH 64u        /* nesting deeper than this is hostile */
#define BS_MAX_ABBREVS 4096u    /* abbreviations per block scope */

typedef struct bs_abbrev_op {
    uint8_t enc;     /* enum bs_encoding */
    uint64_t value;  /* literal value or field width */
} bs_abbrev_op;

typedef struct bs_abbrev {
    uint32_t count;
    bs_abbrev_op ops[BS_MAX_ABBREV_OPS];
} bs_abbrev;

typedef struct bs_reader {
    const uint8_t *data;
    size_t size_bits;
    size_t pos;          /* bit position */
    bool failed;         /* a read went past the end or a value was invalid */
} bs_reader;

void bs_reader_init(bs_reader *r, const uint8_t *data, size_t size_bytes);
/* The general (bounds-checked, byte-at-a-time) reads; bs_read and
 * bs_read_vbr below take a one-load fast path first. */
uint64_t bs_read_slow(bs_reader *r, unsigned width);
/* The character a char6 operand's index (0-63) stands for. */
char bs_char6(unsigned index);
uint64_t bs_read_vbr_slow(bs_reader *r, unsigned width, uint64_t first);

/* Eight bytes at p as a little-endian word. */
static inline uint64_t bs_load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* width 0..64; a read past the end sets r->failed and returns 0. */
static inline uint64_t bs_read(bs_reader *r, unsigned width)
{
    size_t byte = r->pos >> 3;
    unsigned shift = (unsigned)(r->pos & 7);
    if (width - 1u < 64u - shift && !r->failed && byte + 8 <= r->size_bits >> 3) {
        uint64_t v = bs_load_le64(r->data + byte) >> shift;
        r->pos += width;
        return width == 64 ? v : v & ((UINT64_C(1) << width) - 1);
    }
    return bs_read_slow(r, width);
}

/* width 2..32. Values of one or two chunks (nearly all) are taken from
 * one load; longer ones go through bs_read_vbr_slow. */
static inline uint64_t bs_read_vbr(bs_reader *r, unsigned width)
{
    if (width - 2u > 30u) {
        r->failed = true;
        return 0;
    }
    size_t byte = r->pos >> 3;
    uint64_t hi = UINT64_C(1) << (width - 1), chunk = (hi << 1) - 1;
    if (!r->failed && byte + 8 <= r->size_bits >> 3) {
        uint64_t word = bs_load_le64(r->data + byte) >> (r->pos & 7); /* 57+ bits */
        uint64_t first = word & chunk, second = (word >> width) & chunk;
        if (!(first & hi)) {
            r->pos += width;
            return first;
        }
        if (width <= 28 && !(second & hi)) {
            r->pos += 2 * width;
            return (first & (hi - 1)) | second << (width - 1);
        }
    }
    uint64_t piece = bs_read(r, width);
    if (!(piece & (UINT64_C(1) << (width - 1))))
        return r->failed ? 0 : piece;
    return bs_read_vbr_slow(r, width, piece);
}
void bs_align32(bs_reader *r);
bool bs_at_end(const bs_reader *r);

/* A record's operands (code first), as read from an abbreviation or an
 * unabbreviated record. Blob bytes are appended as operands too. */
typedef struct bs_record {
    uint64_t *ops;
    size_t count, cap;
} bs_record;

void bs_record_free(bs_record *rec);

/* Reads a DEFINE_ABBREV body (after the abbrev id). Returns 0 or -1 with an
 * explanation in *why. */
int bs_read_abbrev_def(bs_reader *r, bs_abbrev *out, const char **why);
/* The same into ops (room for BS_MAX_ABBREV_OPS) and *count. */
int bs_read_abbrev_ops(bs_reader *r, bs_abbrev_op *ops, uint32_t *count, const char **why);
/* Reads one record; abbrev NULL means unabbreviated. Returns 0 or -1. */
int bs_read_record(bs_reader *r, const bs_abbrev *abbrev, bs_record *rec, const char **why);

typedef struct bs_writer {
    uint8_t *data;
    size_t cap_bytes;
    size_t pos;          /* bit position */
    bool failed;         /* out of memory */
} bs_writer;

void bs_writer_init(bs_writer *w);
void bs_writer_free(bs_writer *w);
/* Room for `bits` more bits (plus spare); false (and failed) on no memory. */
bool bs_writer_reserve(bs_writer *w, size_t bits);
void bs_write(bs_writer *w, uint64_t value, unsigned width);
void bs_write_vbr(bs_writer *w, uint64_t value, unsigned width);
/* The same with `extra` more chunks than needed (readers accept them). */
void bs_write_vbr_padded(bs_writer *w, uint64_t value, unsigned width, unsigned extra);
void bs_writer_align32(bs_writer *w);
/* Copies bits [from, to) of a reader's buffer. */
void bs_copy_bits(bs_writer *w, const bs_reader *r, size_t from, size_t to);
/* Overwrites the 32-bit word at a 32-bit aligned bit position. */
void bs_patch32(bs_writer *w, size_t bit_pos, uint32_t value);

#endif
