/* malformed_util.c - what the malformed-input tests share: a tiny
 * bitstream builder over the library's bit writer, and the assertion that
 * an error has a code and an offset. */
#include "malformed_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a tiny bitstream builder ------------------------------------------ */


void tb_begin(tb *b)
{
    memset(b, 0, sizeof *b);
    bs_writer_init(&b->w);
    bs_write(&b->w, 0xDEC04342u, 32);
    b->width[0] = 2;
}

void tb_enter(tb *b, unsigned bid, unsigned width)
{
    bs_write(&b->w, BS_ENTER_SUBBLOCK, b->width[b->depth]);
    bs_write_vbr(&b->w, bid, 8);
    bs_write_vbr(&b->w, width, 4);
    bs_writer_align32(&b->w);
    b->len_pos[++b->depth] = b->w.pos;
    b->width[b->depth] = width;
    bs_write(&b->w, 0, 32);
}

void tb_end(tb *b)
{
    bs_write(&b->w, BS_END_BLOCK, b->width[b->depth]);
    bs_writer_align32(&b->w);
    size_t at = b->len_pos[b->depth--];
    bs_patch32(&b->w, at, (uint32_t)((b->w.pos - at) / 32 - 1));
}

/* An unabbreviated record; returns the bit where it starts. */
size_t tb_record(tb *b, unsigned code, size_t n, const uint64_t *ops)
{
    size_t at = b->w.pos;
    bs_write(&b->w, BS_UNABBREV_RECORD, b->width[b->depth]);
    bs_write_vbr(&b->w, code, 6);
    bs_write_vbr(&b->w, n, 6);
    for (size_t i = 0; i < n; i++)
        bs_write_vbr(&b->w, ops[i], 6);
    return at;
}

/* DEFINE_ABBREV from {encoding, value} pairs; encoding 0 means literal. */
void tb_abbrev(tb *b, size_t n, const unsigned (*ops)[2])
{
    bs_write(&b->w, BS_DEFINE_ABBREV, b->width[b->depth]);
    bs_write_vbr(&b->w, n, 5);
    for (size_t i = 0; i < n; i++) {
        bs_write(&b->w, ops[i][0] == BS_ENC_LITERAL, 1);
        if (ops[i][0] == BS_ENC_LITERAL) {
            bs_write_vbr(&b->w, ops[i][1], 8);
            continue;
        }
        bs_write(&b->w, ops[i][0], 3);
        if (ops[i][0] == BS_ENC_FIXED || ops[i][0] == BS_ENC_VBR)
            bs_write_vbr(&b->w, ops[i][1], 5);
    }
}

/* Writes an abbreviated record's abbreviation id; returns its bit. */
size_t tb_use(tb *b, unsigned id)
{
    size_t at = b->w.pos;
    bs_write(&b->w, id, b->width[b->depth]);
    return at;
}

size_t tb_bytes(const tb *b)
{
    return (b->w.pos + 7) / 8;
}

/* ---- assertions ----------------------------------------------------------- */

/* The first error has the code, a bit or byte location, and a formatted
 * line that names it ("at bit N" / "at byte 0x..."). */
const dxil_diag *expect_error(const dxil_diags *diags, int code)
{
    CU_ASSERT_EQUAL_FATAL(dxil_diags_error_count(diags) >= 1, 1);
    const dxil_diag *d = NULL;
    for (size_t i = 0; i < dxil_diags_count(diags) && !d; i++)
        if (dxil_diags_get(diags, i)->severity == DXIL_SEV_ERROR)
            d = dxil_diags_get(diags, i);
    char line[512];
    dxil_diag_format(d, "x", line, sizeof line);
    if (d->code != code)
        fprintf(stderr, "\n  expected DXIL%04d, got: %s\n", code, line);
    CU_ASSERT_EQUAL(d->code, code);
    if (code == DXIL_E_PART_MISSING) /* about the whole file: no offset */
        return d;
    CU_ASSERT(d->loc_kind == DXIL_LOC_BIT || d->loc_kind == DXIL_LOC_BYTE);
    CU_ASSERT(strstr(line, d->loc_kind == DXIL_LOC_BIT ? " at bit " : " at byte 0x") != NULL);
    return d;
}

/* Validates b's stream (placed at byte 100 of an imaginary file) and checks
 * the error; returns it (NULL when valid) for further checks. */
dxil_diags *tb_diags;

const dxil_diag *tb_validate(tb *b, int code)
{
    dxil_diags_clear(tb_diags);
    CU_ASSERT_FALSE_FATAL(b->w.failed);
    int rc = bitcode_validate(b->w.data, tb_bytes(b), 100, tb_diags);
    if (code == 0) {
        if (rc != 0)
            dxil_diags_print(tb_diags, stderr, "unexpected");
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT_EQUAL(dxil_diags_count(tb_diags), 0);
        return NULL;
    }
    CU_ASSERT_EQUAL(rc, -1);
    CU_ASSERT_EQUAL(dxil_diags_error_count(tb_diags), 1);
    return expect_error(tb_diags, code);
}

void tb_check(tb *b, int code, const char *needle)
{
    const dxil_diag *d = tb_validate(b, code);
    if (d && needle && !strstr(d->message, needle)) {
        fprintf(stderr, "\n  message lacks '%s': %s\n", needle, d->message);
        CU_FAIL("message does not name the block or problem");
    }
    bs_writer_free(&b->w);
}

/* ---- abbreviation operand lists the tests define streams with ---------- */

const unsigned abbrev_char6_array[][2] = {{0, 7}, {BS_ENC_ARRAY, 0}, {BS_ENC_CHAR6, 0}};
const unsigned abbrev_fixed_vbr[][2] = {{BS_ENC_FIXED, 4}, {BS_ENC_VBR, 6}, {BS_ENC_FIXED, 0}};
const unsigned abbrev_blob[][2] = {{0, 9}, {BS_ENC_BLOB, 0}};

static void free_tb_diags(void)
{
    dxil_diags_destroy(tb_diags);
}

void malformed_init(void)
{
    tb_diags = dxil_diags_create();
    atexit(free_tb_diags);
}
