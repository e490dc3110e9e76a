/* test_malformed.c - hostile inputs: each must give a clear error with a
 * code and an offset, never a crash. Bitstreams are built here with the
 * library's own bit writer; container cases start from a crafted or a
 * corpus container and break one thing. */
/* This file: the bitstream's structure (blocks, abbreviations, BLOCKINFO). */
#include "malformed_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_valid_stream(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);               /* MODULE */
    tb_enter(&b, 0, 2);               /* BLOCKINFO: one abbrev for block 12 */
    tb_record(&b, BS_BLOCKINFO_SETBID, 1, (const uint64_t[]){12});
    tb_abbrev(&b, 3, abbrev_fixed_vbr);
    tb_end(&b);
    tb_abbrev(&b, 3, abbrev_char6_array);
    tb_use(&b, 4);                    /* local abbrev 4: "ab" */
    bs_write_vbr(&b.w, 2, 6);
    bs_write(&b.w, 0, 6);
    bs_write(&b.w, 1, 6);
    tb_enter(&b, 12, 4);              /* FUNCTION: BLOCKINFO abbrev is id 4 */
    tb_use(&b, 4);
    bs_write(&b.w, 3, 4);
    bs_write_vbr(&b.w, 123456, 6);
    tb_abbrev(&b, 2, abbrev_blob);    /* local: id 5 */
    tb_use(&b, 5);
    bs_write_vbr(&b.w, 5, 6);
    bs_writer_align32(&b.w);
    for (int i = 0; i < 5; i++)
        bs_write(&b.w, 'a' + i, 8);
    bs_writer_align32(&b.w);
    tb_end(&b);
    tb_record(&b, 2, 3, (const uint64_t[]){1, 2, 300});
    tb_end(&b);
    bs_write(&b.w, 0, 64);            /* zero padding after the last block */
    tb_check(&b, 0, NULL);
}

/* Abbreviations of the most operands (64 literals), first in the BLOCKINFO
 * and the local pools: each pool must grow by more than doubling (it grew
 * once to 16 slots and overflowed the heap). */
static void test_widest_abbrevs(void)
{
    unsigned wide[BS_MAX_ABBREV_OPS][2];
    for (unsigned i = 0; i < BS_MAX_ABBREV_OPS; i++)
        wide[i][0] = BS_ENC_LITERAL, wide[i][1] = i + 1;
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 0, 2);
    tb_record(&b, BS_BLOCKINFO_SETBID, 1, (const uint64_t[]){12});
    tb_abbrev(&b, BS_MAX_ABBREV_OPS, (const unsigned (*)[2])wide);
    tb_end(&b);
    tb_abbrev(&b, BS_MAX_ABBREV_OPS, (const unsigned (*)[2])wide);
    tb_abbrev(&b, BS_MAX_ABBREV_OPS, (const unsigned (*)[2])wide);
    tb_use(&b, 5);                     /* a record of the 64 literals */
    tb_enter(&b, 12, 4);
    tb_use(&b, 4);                     /* the BLOCKINFO one */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, 0, NULL);
}

/* Nesting right up to the limit is fine; one more level is not. */
static void nest(tb *b, unsigned levels)
{
    tb_begin(b);
    for (unsigned i = 0; i < levels; i++)
        tb_enter(b, 8 + i % 10, 3);
    for (unsigned i = 0; i < levels; i++)
        tb_end(b);
}

static void test_deep_nesting(void)
{
    tb b;
    nest(&b, BS_MAX_DEPTH);
    tb_check(&b, 0, NULL);
    nest(&b, BS_MAX_DEPTH + 1);
    tb_check(&b, DXIL_E_BITSTREAM_LIMIT, "nest deeper");
    nest(&b, 75);
    tb_check(&b, DXIL_E_BITSTREAM_LIMIT, "nest deeper");
}

/* ---- structure errors ------------------------------------------------------- */

static void test_bad_magic(void)
{
    tb b;
    tb_begin(&b);
    b.w.data[2] ^= 0x10;
    tb_enter(&b, 8, 3);
    tb_end(&b);
    const dxil_diag *d = tb_validate(&b, DXIL_E_BITSTREAM_MAGIC);
    CU_ASSERT_EQUAL(d->offset, 800); /* the stream starts at byte 100 */
    bs_writer_free(&b.w);
}

static void test_truncated_block_header(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_end(&b);
    b.w.pos = 80;                     /* cut inside the length word */
    tb_check(&b, DXIL_E_BITSTREAM_TRUNCATED, "top level");
}

static void test_block_length_past_end(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_end(&b);
    bs_patch32(&b.w, b.len_pos[1], 0xFFFFFFFFu);
    tb_check(&b, DXIL_E_BITSTREAM_BLOCK, "MODULE_BLOCK");
}

static void test_end_block_before_declared_end(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 11, 4);
    tb_end(&b);
    size_t inner = b.len_pos[2];
    tb_record(&b, 1, 1, (const uint64_t[]){5});
    tb_end(&b);
    bs_patch32(&b.w, inner, 2);       /* claims 2 words, holds 1 */
    tb_check(&b, DXIL_E_BITSTREAM_BLOCK, "CONSTANTS_BLOCK");
}

static void test_block_without_end(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);               /* length 0: not even room for END_BLOCK */
    tb_check(&b, DXIL_E_BITSTREAM_TRUNCATED, "without END_BLOCK");
}

static void test_block_width_out_of_range(void)
{
    static const unsigned widths[] = {0, 33};
    for (size_t i = 0; i < 2; i++) {
        tb b;
        tb_begin(&b);
        tb_enter(&b, 8, widths[i]);
        b.width[1] = 3;
        tb_end(&b);
        tb_check(&b, DXIL_E_BITSTREAM_BLOCK, "width");
    }
}

static void test_trailing_garbage(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_end(&b);
    bs_write(&b.w, 0, 32);
    bs_write(&b.w, 0x2A, 32);
    tb_check(&b, DXIL_E_BITSTREAM_BLOCK, "after the last block");
}

/* ---- abbreviations ---------------------------------------------------------- */

static void test_undefined_abbrev(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_record(&b, 1, 1, (const uint64_t[]){2});
    size_t at = tb_use(&b, 5);
    tb_end(&b);
    const dxil_diag *d = tb_validate(&b, DXIL_E_BITSTREAM_ABBREV);
    CU_ASSERT_EQUAL(d->offset, 800 + at);
    CU_ASSERT(strstr(d->message, "block 8 (MODULE_BLOCK)") != NULL);
    bs_writer_free(&b.w);
}

/* A BLOCKINFO abbreviation only applies to its block id. */
static void test_blockinfo_abbrev_wrong_block(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 0, 2);
    tb_record(&b, BS_BLOCKINFO_SETBID, 1, (const uint64_t[]){9});
    tb_abbrev(&b, 3, abbrev_fixed_vbr);
    tb_end(&b);
    tb_use(&b, 4);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_ABBREV, "MODULE_BLOCK");
}

/* A local abbreviation dies with its block. */
static void test_local_abbrev_out_of_scope(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 12, 4);
    tb_abbrev(&b, 3, abbrev_fixed_vbr);
    tb_end(&b);
    tb_use(&b, 4);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_ABBREV, "not defined");
}

/* Abbreviation bodies LLVM refuses or cannot read. */
static void test_bad_abbrev_defs(void)
{
    static const unsigned no_code[][2] = {{BS_ENC_ARRAY, 0}, {BS_ENC_FIXED, 8}};
    static const unsigned literal_elt[][2] = {{0, 1}, {BS_ENC_ARRAY, 0}, {0, 3}};
    static const unsigned zero_elt[][2] = {{0, 1}, {BS_ENC_ARRAY, 0}, {BS_ENC_FIXED, 0}};
    static const unsigned wide_fixed[][2] = {{0, 1}, {BS_ENC_FIXED, 65}};
    static const unsigned wide_vbr[][2] = {{0, 1}, {BS_ENC_VBR, 33}};
    static const unsigned bad_enc[][2] = {{0, 1}, {6, 0}};
    static const unsigned blob_mid[][2] = {{0, 1}, {BS_ENC_BLOB, 0}, {BS_ENC_FIXED, 3}};
    static const unsigned array_last[][2] = {{0, 1}, {BS_ENC_ARRAY, 0}};
    static const struct {
        size_t n;
        const unsigned (*ops)[2];
    } cases[] = {{0, no_code},     {2, no_code},  {3, literal_elt}, {3, zero_elt},
                 {2, wide_fixed},  {2, wide_vbr}, {2, bad_enc},     {3, blob_mid},
                 {2, array_last}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tb b;
        tb_begin(&b);
        tb_enter(&b, 8, 3);
        tb_abbrev(&b, cases[i].n, cases[i].ops);
        tb_end(&b);
        tb_check(&b, DXIL_E_BITSTREAM_ABBREV, "MODULE_BLOCK");
    }
}

/* ---- BLOCKINFO -------------------------------------------------------------- */

static void blockinfo_case(void (*body)(tb *), const char *needle)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 0, 3);
    body(&b);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_BLOCKINFO, needle);
}

static void bi_abbrev_before_setbid(tb *b)
{
    tb_abbrev(b, 3, abbrev_fixed_vbr);
}

static void bi_abbreviated_record(tb *b)
{
    tb_record(b, BS_BLOCKINFO_SETBID, 1, (const uint64_t[]){8});
    tb_abbrev(b, 3, abbrev_fixed_vbr);
    tb_use(b, 4);
}

static void bi_nested_block(tb *b)
{
    tb_enter(b, 12, 3);
    tb_end(b);
}

static void bi_setbid_empty(tb *b)
{
    tb_record(b, BS_BLOCKINFO_SETBID, 0, NULL);
}

static void bi_second_blockinfo(tb *b)
{
    tb_end(b);
    tb_enter(b, 0, 3);
}

static void test_blockinfo(void)
{
    blockinfo_case(bi_abbrev_before_setbid, "before SETBID");
    blockinfo_case(bi_abbreviated_record, "abbreviated record");
    blockinfo_case(bi_nested_block, "nested block");
    blockinfo_case(bi_setbid_empty, "SETBID");
    blockinfo_case(bi_second_blockinfo, "second BLOCKINFO");
}

/* ---- huge declared sizes ---------------------------------------------------- */

static void huge_case(unsigned abbrev_kind, const char *needle)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 15, 3);
    if (abbrev_kind == 0) {           /* unabbreviated, 2^40 operands */
        tb_use(&b, BS_UNABBREV_RECORD);
        bs_write_vbr(&b.w, 1, 6);
        bs_write_vbr(&b.w, 1ull << 40, 6);
    } else {
        tb_abbrev(&b, abbrev_kind == 1 ? 3 : 2,
                  abbrev_kind == 1 ? abbrev_char6_array : abbrev_blob);
        tb_use(&b, 4);
        bs_write_vbr(&b.w, 0xFFFFFFFFFull, 6);
    }
    bs_write(&b.w, 0, 64);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, needle);
}

static void test_huge_counts(void)
{
    huge_case(0, "METADATA_BLOCK");
    huge_case(1, "array of");
    huge_case(2, "blob of");
}

static void test_overlong_vbr(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_use(&b, BS_UNABBREV_RECORD);
    bs_write_vbr(&b.w, 1, 6);
    bs_write_vbr(&b.w, 1, 6);
    for (int i = 0; i < 20; i++)      /* 100 payload bits: more than 64 */
        bs_write(&b.w, 0x3F, 6);
    bs_write(&b.w, 0, 6);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, "over-long VBR");
}

/* ---- records that crashed LLVM 22 under fuzzing ------------------------------ */

/* Fuzzer find: an empty BLOCKINFO block made the validator qsort(NULL, 0). */
static void test_empty_blockinfo(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 0, 3);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, 0, NULL);
}

int tu_register(void)
{
    malformed_init();
    static const tu_case bitstream[] = {
        {"well-formed stream accepted", test_valid_stream},
        {"deep nesting", test_deep_nesting},
        {"bad magic", test_bad_magic},
        {"truncated block header", test_truncated_block_header},
        {"block length past end", test_block_length_past_end},
        {"END_BLOCK before declared end", test_end_block_before_declared_end},
        {"block without END_BLOCK", test_block_without_end},
        {"block abbrev width out of range", test_block_width_out_of_range},
        {"trailing garbage", test_trailing_garbage},
        {"widest abbreviations", test_widest_abbrevs},
        {"undefined abbreviation", test_undefined_abbrev},
        {"BLOCKINFO abbrev used in wrong block", test_blockinfo_abbrev_wrong_block},
        {"local abbrev out of scope", test_local_abbrev_out_of_scope},
        {"corrupt abbreviation definitions", test_bad_abbrev_defs},
        {"BLOCKINFO misuse", test_blockinfo},
        {"huge operand/array/blob counts", test_huge_counts},
        {"over-long VBR", test_overlong_vbr},
        {"empty BLOCKINFO", test_empty_blockinfo},
        {NULL, NULL}};
    tu_add_suite("malformed bitstreams", bitstream);
    return 0;
}
