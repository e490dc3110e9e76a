/* malformed_util.h - shared by the malformed-input tests
 * (test_malformed*.c): a tiny bitstream builder and error assertions. */
#ifndef MALFORMED_UTIL_H
#define MALFORMED_UTIL_H

#include "bitcode/bitcode_validate.h"
#include "bitcode/bitstream.h"
#include "common/byteio.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

typedef struct tb {
    bs_writer w;
    unsigned depth;
    unsigned width[80];
    size_t len_pos[80];
} tb;

void tb_begin(tb *b);
void tb_enter(tb *b, unsigned bid, unsigned width);
void tb_end(tb *b);
size_t tb_record(tb *b, unsigned code, size_t n, const uint64_t *ops);
void tb_abbrev(tb *b, size_t n, const unsigned (*ops)[2]);
size_t tb_use(tb *b, unsigned id);
size_t tb_bytes(const tb *b);
const dxil_diag *expect_error(const dxil_diags *diags, int code);
const dxil_diag *tb_validate(tb *b, int code);
void tb_check(tb *b, int code, const char *needle);

/* The diagnostics list tb_validate fills (made by malformed_init). */
extern dxil_diags *tb_diags;
/* Abbreviation operand lists the tests define streams with. */
extern const unsigned abbrev_char6_array[3][2];
extern const unsigned abbrev_fixed_vbr[3][2];
extern const unsigned abbrev_blob[2][2];

/* Creates tb_diags (freed at exit); call from tu_register. */
void malformed_init(void);

#endif
