/* bitcode_distrings.h - the debug-info metadata fields LLVM 22's reader
 * takes as strings, checked before it reads them.
 *
 * LLVM reads a debug-info record's name, file name, producer and similar
 * fields with a cast to MDString and no check: a field naming a node, a
 * value, or an id not read yet (a placeholder node) is then used as a
 * string and crashes the reader (DIFile's filename naming a forward
 * reference, found by fuzzing). The validator records which metadata ids
 * are strings (METADATA_STRING_OLD, METADATA_STRINGS) and refuses a record
 * whose string fields name anything else. Also refused: the few
 * debug-info records whose fields LLVM reads without a size check, and
 * wide integers (enumerators, fixed-point factors) whose widths or word
 * counts the record cannot back. */
#ifndef DXIL_BITCODE_DISTRINGS_H
#define DXIL_BITCODE_DISTRINGS_H

#include <stddef.h>
#include <stdint.h>

typedef struct bcs_strings bcs_strings;

bcs_strings *bcs_create(void);
void bcs_destroy(bcs_strings *s);

/* A function block begins: its local metadata ids start again. */
void bcs_function_begin(bcs_strings *s);

/* Ids first .. first + count - 1 are strings (in_fn: function-local).
 * Returns -1 without memory. */
int bcs_note_strings(bcs_strings *s, uint64_t first, uint64_t count, int in_fn);

/* Checks one METADATA record (ops[0] is its code, as the validator reads
 * it) whose metadata ids so far number next_id. Returns NULL when LLVM
 * can read it, else what is wrong; *field is then the offending operand
 * (index into ops). */
const char *bcs_check_record(const bcs_strings *s, const uint64_t *ops, size_t n_ops,
                             uint64_t next_id, size_t *field);

#endif
