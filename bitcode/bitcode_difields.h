/* bitcode_difields.h - the fields of debug-info metadata records as LLVM
 * 22's reader takes them, checked before it reads them.
 *
 * Strings: LLVM reads a debug-info record's name, file name, producer and
 * similar fields with an unchecked cast to MDString, so such a field must
 * name a string read before it. References: LLVM reads node fields as
 * metadata ids and makes a placeholder for one not read yet; a placeholder
 * still unresolved at the block's end makes it index past its tables (a
 * crash, found by fuzzing in modern streams, where the validator did not
 * know which fields are references). Value lists (DIArgList) must name
 * value metadata, which LLVM casts them to. Also refused: the records LLVM
 * reads without a size check when too short, and wide integers
 * (enumerators, fixed-point factors) whose widths or word counts the
 * record cannot back. */
#ifndef DXIL_BITCODE_DIFIELDS_H
#define DXIL_BITCODE_DIFIELDS_H

#include <stddef.h>
#include <stdint.h>

typedef struct bcs_strings bcs_strings;

enum { BCS_STRING, BCS_VALUE };

bcs_strings *bcs_create(void);
void bcs_destroy(bcs_strings *s);

/* A function block begins: its local metadata ids start again. */
void bcs_function_begin(bcs_strings *s);

/* Ids first .. first + count - 1 are strings or values (kind BCS_*;
 * in_fn: function-local). Returns -1 without memory. */
int bcs_note(bcs_strings *s, int kind, uint64_t first, uint64_t count, int in_fn);

/* Checks one METADATA record (ops[0] is its code, as the validator reads
 * it) whose metadata ids so far number next_id. Returns NULL when LLVM
 * can read it, else what is wrong; *field is then the offending operand
 * (index into ops). */
const char *bcs_check_record(const bcs_strings *s, const uint64_t *ops, size_t n_ops,
                             uint64_t next_id, size_t *field);

/* Calls note(user, id) for every metadata id the record's node fields
 * reference in LLVM 22's layouts (debug-info records, global attachments),
 * so that the caller can check them against the ids the block defines. */
void bcs_for_each_ref(const uint64_t *ops, size_t n_ops, void (*note)(void *, uint64_t),
                      void *user);

#endif
