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
uint64_t bs_read(bs_reader *r, unsigned width);          /* width 0..64 */
uint64_t bs_read_vbr(bs_reader *r, unsigned width);      /* width 2..32 */
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
void bs_write(bs_writer *w, uint64_t value, unsigned width);
void bs_write_vbr(bs_writer *w, uint64_t value, unsigned width);
void bs_writer_align32(bs_writer *w);
/* Copies bits [from, to) of a reader's buffer. */
void bs_copy_bits(bs_writer *w, const bs_reader *r, size_t from, size_t to);
/* Overwrites the 32-bit word at a 32-bit aligned bit position. */
void bs_patch32(bs_writer *w, size_t bit_pos, uint32_t value);

#endif
