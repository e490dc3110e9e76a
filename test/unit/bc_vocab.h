/* bc_vocab.h - which (block id, record code) pairs a bitstream uses, read
 * with the project's bitstream reader (bitcode/bitstream.h), so that the
 * tests can hold the DXIL writer's output to the vocabulary of DXC's own
 * bitcode (docs/writing.md, "The DXIL bitcode"). */
#ifndef DXIL_TEST_BC_VOCAB_H
#define DXIL_TEST_BC_VOCAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Block ids 0..31 and record codes 0..127: everything LLVM has defined.
 * A block or code past them is kept as `beyond` (never DXC's). */
enum { BCV_BLOCKS = 32, BCV_CODES = 128, BCV_ENTERED = BCV_CODES };

typedef struct bc_vocab {
    /* [block][code]; [block][BCV_ENTERED]: the block itself occurs */
    bool used[BCV_BLOCKS][BCV_CODES + 1];
    bool beyond;
} bc_vocab;

/* Adds what the raw bitcode (starting "BC" 0xC0DE) uses; 0, or -1 when
 * the stream is malformed (then v may hold part of it). */
int bc_vocab_add(bc_vocab *v, const uint8_t *bc, size_t size);

void bc_vocab_merge(bc_vocab *into, const bc_vocab *from);

/* Calls each for every record (ops[0] its code, n operands with it) with
 * its block's id and the enclosing block's (UINT64_MAX at the top); 0, or
 * -1 when the stream is malformed. */
typedef void (*bc_record_fn)(void *user, uint64_t block, uint64_t parent, const uint64_t *ops,
                             size_t n);
int bc_records(const uint8_t *bc, size_t size, bc_record_fn each, void *user);

/* The first pair of a that b lacks: true with *block and *code (code
 * BCV_ENTERED for a block b never has); false when a is within b. */
bool bc_vocab_extra(const bc_vocab *a, const bc_vocab *b, unsigned *block, unsigned *code);

/* The first of LLVM 22's own blocks and records (which DXC's 3.7 reader
 * does not know) that v uses: true with *block and *code. */
bool bc_vocab_modern(const bc_vocab *v, unsigned *block, unsigned *code);

/* Whether v uses the record (code < BCV_CODES) or block (BCV_ENTERED). */
static inline bool bc_vocab_has(const bc_vocab *v, unsigned block, unsigned code)
{
    return block < BCV_BLOCKS && code <= BCV_ENTERED && v->used[block][code];
}

/* "METADATA_BLOCK (15) record 35" / "IDENTIFICATION_BLOCK (13)" into buf. */
const char *bc_vocab_pair_name(unsigned block, unsigned code, char *buf, size_t size);

#endif
