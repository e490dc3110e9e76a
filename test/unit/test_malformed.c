/* test_malformed.c - hostile inputs: each must give a clear error with a
 * code and an offset, never a crash. Bitstreams are built here with the
 * library's own bit writer; container cases start from a crafted or a
 * corpus container and break one thing. */
#include "bitcode/bitcode_validate.h"
#include "bitcode/bitstream.h"
#include "common/byteio.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

/* ---- a tiny bitstream builder ------------------------------------------ */

typedef struct tb {
    bs_writer w;
    unsigned depth;
    unsigned width[80];
    size_t len_pos[80];
} tb;

static void tb_begin(tb *b)
{
    memset(b, 0, sizeof *b);
    bs_writer_init(&b->w);
    bs_write(&b->w, 0xDEC04342u, 32);
    b->width[0] = 2;
}

static void tb_enter(tb *b, unsigned bid, unsigned width)
{
    bs_write(&b->w, BS_ENTER_SUBBLOCK, b->width[b->depth]);
    bs_write_vbr(&b->w, bid, 8);
    bs_write_vbr(&b->w, width, 4);
    bs_writer_align32(&b->w);
    b->len_pos[++b->depth] = b->w.pos;
    b->width[b->depth] = width;
    bs_write(&b->w, 0, 32);
}

static void tb_end(tb *b)
{
    bs_write(&b->w, BS_END_BLOCK, b->width[b->depth]);
    bs_writer_align32(&b->w);
    size_t at = b->len_pos[b->depth--];
    bs_patch32(&b->w, at, (uint32_t)((b->w.pos - at) / 32 - 1));
}

/* An unabbreviated record; returns the bit where it starts. */
static size_t tb_record(tb *b, unsigned code, size_t n, const uint64_t *ops)
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
static void tb_abbrev(tb *b, size_t n, const unsigned (*ops)[2])
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
static size_t tb_use(tb *b, unsigned id)
{
    size_t at = b->w.pos;
    bs_write(&b->w, id, b->width[b->depth]);
    return at;
}

static size_t tb_bytes(const tb *b)
{
    return (b->w.pos + 7) / 8;
}

/* ---- assertions ----------------------------------------------------------- */

/* The first error has the code, a bit or byte location, and a formatted
 * line that names it ("at bit N" / "at byte 0x..."). */
static const dxil_diag *expect_error(const dxil_diags *diags, int code)
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
static dxil_diags *tb_diags;

static const dxil_diag *tb_validate(tb *b, int code)
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

static void tb_check(tb *b, int code, const char *needle)
{
    const dxil_diag *d = tb_validate(b, code);
    if (d && needle && !strstr(d->message, needle)) {
        fprintf(stderr, "\n  message lacks '%s': %s\n", needle, d->message);
        CU_FAIL("message does not name the block or problem");
    }
    bs_writer_free(&b->w);
}

/* ---- well-formed streams are accepted --------------------------------- */

static const unsigned abbrev_char6_array[][2] = {{0, 7}, {BS_ENC_ARRAY, 0}, {BS_ENC_CHAR6, 0}};
static const unsigned abbrev_fixed_vbr[][2] = {{BS_ENC_FIXED, 4}, {BS_ENC_VBR, 6}, {BS_ENC_FIXED, 0}};
static const unsigned abbrev_blob[][2] = {{0, 9}, {BS_ENC_BLOB, 0}};

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

/* One record in block bid (inside a module block, and inside a function
 * block when in_fn), which the validator must refuse. */
static void sem_case(unsigned bid, bool in_fn, unsigned code, size_t n, const uint64_t *ops,
                     const char *needle)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    if (in_fn)
        tb_enter(&b, 12, 4);
    tb_enter(&b, bid, 4);
    tb_record(&b, code, n, ops);
    tb_end(&b);
    if (in_fn)
        tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, needle);
}

static void test_llvm_crashers(void)
{
    /* METADATA NODE pointing past every defined id (LLVM: null deref). */
    sem_case(15, false, 3, 2, (const uint64_t[]){1, 290}, "metadata id 289");
    /* NAMED_NODE likewise (no +1 bias). */
    sem_case(15, false, 10, 1, (const uint64_t[]){7}, "metadata id 7");
    /* A debug-info record with a newer layout flag. */
    sem_case(15, false, 14, 3, (const uint64_t[]){6, 1, 0}, "LLVM 3.7 form");
    /* Metadata record code 0 is not LLVM 3.7 metadata. */
    sem_case(15, false, 0, 2, (const uint64_t[]){2, 0}, "not LLVM 3.7");
    /* sret (29) as an enum attribute on the function: null type, verifier
     * crash; elementtype (77) without a type anywhere. On a parameter, after
     * a string attribute, sret is fine (LLVM upgrades it). */
    sem_case(10, false, 3, 6, (const uint64_t[]){1, 0xFFFFFFFFu, 0, 18, 0, 29}, "code 29");
    sem_case(10, false, 3, 4, (const uint64_t[]){1, 1, 5, 77}, "code 77");
    /* Kind 6 names a type, but none is defined yet: LLVM gives it a null
     * type too. After a TYPE block's NUMENTRY, an id below it is fine. */
    sem_case(10, false, 3, 5, (const uint64_t[]){1, 1, 6, 77, 0}, "code 77");
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 17, 4);
    tb_record(&b, 1, 1, (const uint64_t[]){1});  /* NUMENTRY 1 */
    tb_record(&b, 7, 1, (const uint64_t[]){32}); /* i32 */
    tb_end(&b);
    tb_enter(&b, 10, 4);
    tb_record(&b, 3, 5, (const uint64_t[]){1, 1, 6, 77, 0});
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, 0, NULL);
    sem_case(10, false, 3, 9, (const uint64_t[]){1, 0, 4, 'a', 0, 'b', 0, 0, 3}, "code 3");
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_enter(&b, 10, 4);
    tb_record(&b, 3, 7, (const uint64_t[]){1, 1, 3, 'a', 0, 0, 29});
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, 0, NULL);
    /* Attribute group for parameter 0xFFFFFFFD: LLVM allocates 32 GiB. */
    sem_case(10, false, 3, 3, (const uint64_t[]){1, 0xFFFFFFFDu, 0}, "attribute group");
    /* TYPE NUMENTRY and DECLAREBLOCKS sized far beyond the block. */
    sem_case(17, false, 1, 1, (const uint64_t[]){1u << 30}, "entries");
    sem_case(12, false, 1, 1, (const uint64_t[]){1u << 30}, "entries");
    /* Pre-3.7 GEP (LLVM: null type dereference). */
    sem_case(12, false, 30, 3, (const uint64_t[]){1, 2, 3}, "GEP");
    /* Instruction attachment naming an undefined node. */
    sem_case(16, true, 11, 2, (const uint64_t[]){5, 9}, "metadata id 9");
}

/* ---- GEP struct indices and constant types (the value model) ---------- */

#define OPS(...) (sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)), \
                 (const uint64_t[]){__VA_ARGS__}

/* Types 0 i32, 1 {i32}, 2 ptr to 1, 3 void, 4 void(ptr); value 0 is a
 * function with a body, values 1 and 2 the i32 constants 0 and 5. With
 * modern, an IDENTIFICATION_BLOCK comes first, as LLVM 3.8+ writes. */
static void gep_head(tb *b, bool modern)
{
    tb_begin(b);
    if (modern) {
        tb_enter(b, 13, 5);
        tb_record(b, 1, OPS('L', 'L', 'V', 'M')); /* STRING */
        tb_record(b, 2, OPS(0));                  /* EPOCH */
        tb_end(b);
    }
    tb_enter(b, 8, 3);
    tb_record(b, 1, OPS(1)); /* VERSION 1: relative operand ids */
    tb_enter(b, 17, 4);
    tb_record(b, 1, OPS(5));
    tb_record(b, 7, OPS(32));
    tb_record(b, 18, OPS(0, 0));
    tb_record(b, 8, OPS(1, 0));
    tb_record(b, 2, 0, NULL);
    tb_record(b, 21, OPS(0, 3, 2));
    tb_end(b);
    tb_record(b, 8, OPS(4, 0, 0)); /* FUNCTION, not a prototype */
    tb_enter(b, 11, 4);
    tb_record(b, 4, OPS(0));  /* i32 0 */
    tb_record(b, 4, OPS(10)); /* i32 5 (sign-rotated) */
}

/* A constant GEP of value 0 with indices (i32 0, value idx). */
static void gep_ce_case(uint64_t idx, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(2)); /* SETTYPE ptr */
    tb_record(&b, 20, OPS(1, 2, 0, 0, 1, 0, idx)); /* CE_INBOUNDS_GEP [ty, (ty, v)...] */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* A function whose argument is value 3; a void call (which must not get a
 * value number), then GEP {i32}, %arg, i32 0, <value idx>[, <value idx2>]. */
static void gep_inst_case(bool modern, size_t n_idx, uint64_t idx, int code,
                          const char *needle)
{
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 12, 4);
    tb_record(&b, 1, OPS(1));                   /* DECLAREBLOCKS */
    tb_record(&b, 34, OPS(0, 1u << 15, 4, 4, 1)); /* CALL void @f(%arg) */
    if (n_idx == 1)
        tb_record(&b, 43, OPS(1, 1, 1, 3, 4 - idx));
    else
        tb_record(&b, 43, OPS(1, 1, 1, 3, 4 - idx, 4 - idx));
    tb_record(&b, 10, 0, NULL);                 /* RET */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

static void test_gep_struct_indices(void)
{
    gep_ce_case(1, 0, NULL);
    gep_ce_case(2, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    gep_ce_case(0, DXIL_E_BITSTREAM_RECORD, "is not an i32 constant");
    gep_inst_case(false, 1, 1, 0, NULL);
    gep_inst_case(true, 1, 1, 0, NULL);
    gep_inst_case(false, 1, 2, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    gep_inst_case(true, 1, 2, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    gep_inst_case(false, 1, 3, DXIL_E_BITSTREAM_RECORD, "is not an i32 constant");
    gep_inst_case(false, 2, 1, DXIL_E_BITSTREAM_RECORD, "not an aggregate");
    /* Fuzzer find: a GEP whose source type is past the type table. */
    tb b;
    gep_head(&b, false);
    tb_end(&b);
    tb_enter(&b, 12, 4);
    tb_record(&b, 1, OPS(1));
    tb_record(&b, 43, OPS(1, 9, 1, 3, 2)); /* GEP type 9, %arg, 0, 5 */
    tb_record(&b, 10, 0, NULL);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, "GEP source element type 9 is not defined");
}

/* Closes gep_head's constants block, then one function body: DECLAREBLOCKS,
 * the CALL record, optionally one more record, RET; then the check. */
static void call_body_check(tb *b, size_t n_call, const uint64_t *call, size_t n_after,
                            const uint64_t *after, int code, const char *needle)
{
    tb_end(b);
    tb_enter(b, 12, 4);
    tb_record(b, 1, OPS(1)); /* DECLAREBLOCKS */
    tb_record(b, 34, n_call, call);
    if (after)
        tb_record(b, (unsigned)after[0], n_after - 1, after + 1);
    tb_record(b, 10, 0, NULL); /* RET */
    tb_end(b);
    tb_end(b);
    tb_check(b, code, needle);
}

/* Fuzzer find (load target): one INST_STORE of a DXC shader mutated into
 * DEBUG_RECORD_ASSIGN (code 63, LLVM 19), whose fields LLVM 22 reads as
 * metadata ids without a bound: a crash in the reader. Refused in LLVM 3.7
 * streams; in modern ones the ids are bounded (here none is defined). */
static void debug_record_case(bool modern, int code, const char *needle)
{
    tb b;
    gep_head(&b, modern);
    call_body_check(&b, OPS(0, 0, 4, 1), OPS(63, 1, 9, 4, 0), code, needle);
}

static void test_debug_records(void)
{
    debug_record_case(false, DXIL_E_BITSTREAM_RECORD,
                      "function record code 63 (LLVM 3.8 or later) is not LLVM 3.7");
    debug_record_case(true, DXIL_E_BITSTREAM_RECORD, "refers to metadata id 1, but only 0");
}

/* Fuzzer find (load target): a call to llvm.lifetime.end whose explicit
 * function type was not the declaration's crashed LLVM 22's intrinsic
 * upgrade; LLVM 3.7 required the two to agree. Here value 0 is void(ptr)
 * and the call claims type fnty. With explicit off, the callee's type
 * gives the call's result, so the GEP after it (index 5 into {i32}) is
 * still checked. */
static void call_case(bool explicit, uint64_t fnty, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    if (explicit) /* CALL fnty @f(%arg), then GEP {i32}, %arg, 0, 5 */
        call_body_check(&b, OPS(0, 1u << 15, fnty, 4, 1), OPS(43, 1, 1, 1, 3, 2), code, needle);
    else /* CALL @f(%arg), the same GEP */
        call_body_check(&b, OPS(0, 0, 4, 1), OPS(43, 1, 1, 1, 3, 2), code, needle);
}

/* Fuzzer find (load target): module metadata VALUE [ty, value] naming a
 * value past the module's (3 here): LLVM 22 keeps a placeholder that a
 * function-local value of another type replaces, and crashes. */
static void md_value_case(uint64_t ty, uint64_t value, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    tb_record(&b, 2, OPS(ty, value)); /* VALUE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* The same through a bitcast constant of the function (value 3), which
 * LLVM 22 folds away: explicit type fnty. */
static void cast_call_case(uint64_t fnty, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(2));         /* SETTYPE ptr */
    tb_record(&b, 11, OPS(11, 4, 0)); /* CE_CAST bitcast @f */
    call_body_check(&b, OPS(0, 1u << 15, fnty, 2, 1), 0, NULL, code, needle); /* fnty %cast(%arg) */
}

/* Fuzzer find (load target): a shufflevector whose mask is not a constant
 * <n x i32> crashed LLVM 22 in getShuffleMask. Types 0 i32, 1 <2 x i32>,
 * 2 void, 3 void(<2 x i32>); values 0 @f, 1 i32 0, 2 i32 1, 3 <i32 0, i32 1>,
 * 4 undef <2 x i32>, 5 the argument; a first shuffle (mask 3) is value 6.
 * mask is the second shuffle's mask, absolute. */
static void shuffle_case(uint64_t mask, int code, const char *needle)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_record(&b, 1, OPS(1));
    tb_enter(&b, 17, 4);
    tb_record(&b, 1, OPS(4));
    tb_record(&b, 7, OPS(32));
    tb_record(&b, 12, OPS(2, 0));
    tb_record(&b, 2, 0, NULL);
    tb_record(&b, 21, OPS(0, 2, 1));
    tb_end(&b);
    tb_record(&b, 8, OPS(3, 0, 0));
    tb_enter(&b, 11, 4);
    tb_record(&b, 1, OPS(0));
    tb_record(&b, 4, OPS(0));
    tb_record(&b, 4, OPS(2));
    tb_record(&b, 1, OPS(1));
    tb_record(&b, 7, OPS(1, 2)); /* AGGREGATE */
    tb_record(&b, 3, 0, NULL);   /* UNDEF */
    tb_end(&b);
    tb_enter(&b, 12, 4);
    tb_record(&b, 1, OPS(1));
    tb_record(&b, 8, OPS(1, 1, 3));        /* SHUFFLEVEC: value 6 */
    if (mask < 7)
        tb_record(&b, 8, OPS(2, 2, 7 - mask)); /* value 7 */
    else /* a forward reference: the id wraps, its type follows */
        tb_record(&b, 8, OPS(2, 2, (uint32_t)(7 - mask), 1));
    tb_record(&b, 10, 0, NULL);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* Fuzzing gap closed: a call passing an (old) intrinsic as an argument is
 * among the intrinsic's users, and LLVM 22's upgrade then rewrites it as
 * if it were the callee (llvm_unreachable). DXIL has no function pointers:
 * a module function, or a bitcast of one (value 3), as an argument is
 * refused; the argument itself (%arg) is fine. */
static void fn_arg_case(bool via_cast, bool pass_function, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    if (via_cast) {
        tb_record(&b, 1, OPS(2));         /* SETTYPE ptr */
        tb_record(&b, 11, OPS(11, 4, 0)); /* CE_CAST bitcast @f */
    }
    uint64_t next = via_cast ? 5 : 4; /* the argument's value id, and the first instruction's */
    uint64_t passed = !pass_function ? next - 1 : via_cast ? 3 : 0;
    call_body_check(&b, OPS(0, 1u << 15, 4, next, next - passed), 0, NULL, code, needle);
}

static void test_call_types(void)
{
    fn_arg_case(false, false, 0, NULL);
    fn_arg_case(true, false, 0, NULL);
    fn_arg_case(false, true, DXIL_E_BITSTREAM_RECORD, "passes function value 0 as an argument");
    fn_arg_case(true, true, DXIL_E_BITSTREAM_RECORD, "passes function value 3 as an argument");
    shuffle_case(3, 0, NULL);
    shuffle_case(4, 0, NULL);
    shuffle_case(1, DXIL_E_BITSTREAM_RECORD, "shufflevector mask is not a constant");
    shuffle_case(6, DXIL_E_BITSTREAM_RECORD, "shufflevector mask is not a constant");
    shuffle_case(8, DXIL_E_BITSTREAM_RECORD, "shufflevector mask is not a constant");
    cast_call_case(4, 0, NULL);
    cast_call_case(0, DXIL_E_BITSTREAM_RECORD, "is not the type 4 of the function it calls");
    md_value_case(0, 2, 0, NULL);
    md_value_case(0, 3, DXIL_E_BITSTREAM_RECORD, "refers to value 3, but only 3 module values");
    md_value_case(1, 2, DXIL_E_BITSTREAM_RECORD, "names value 2 as type 1, which it is not");
    md_value_case(4, 0, 0, NULL); /* a function: its type is not followed */
    call_case(true, 0, DXIL_E_BITSTREAM_RECORD, "is not the type 4 of the function it calls");
    call_case(true, 4, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
    call_case(false, 0, DXIL_E_BITSTREAM_RECORD, "is 5, but it has 1 fields");
}

/* Seed 4 mutants 6070 and 33767: an AGGREGATE whose element is itself
 * (20 s hangs in LLVM 22). Values 0 @f, 1 and 2 the i32s; the aggregate is 3. */
static void aggregate_case(uint64_t elt, int code, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(1));         /* SETTYPE {i32} */
    tb_record(&b, 7, OPS(elt));       /* AGGREGATE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

/* One constant-expression record after the i32s of gep_head (it is
 * value 3); needle NULL: accepted. */
static void ce_case(size_t n, const uint64_t *ops, const char *needle)
{
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(0)); /* SETTYPE i32 */
    tb_record(&b, (unsigned)ops[0], n - 1, ops + 1);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, needle ? DXIL_E_BITSTREAM_RECORD : 0, needle);
}

static void test_constant_types(void)
{
    aggregate_case(1, 0, NULL);
    aggregate_case(4, 0, NULL); /* a forward reference is fine */
    aggregate_case(3, DXIL_E_BITSTREAM_RECORD, "constant 3 (record code 7) has itself");
    /* Fuzz find (load): a CE_CAST of itself made LLVM 22 grow its value
     * list to 2^32 entries and report_fatal_error (abort). The same for
     * the other expression shapes; a type id equal to the own id is fine. */
    ce_case(OPS(11, 0, 0, 3), "constant 3 (record code 11) has itself");  /* CE_CAST trunc */
    ce_case(OPS(11, 0, 3, 1), NULL);                                       /* type 3, value 1 */
    ce_case(OPS(10, 0, 1, 3), "constant 3 (record code 10) has itself");  /* CE_BINOP add */
    ce_case(OPS(17, 0, 1, 3, 32), "constant 3 (record code 17) has itself"); /* CE_CMP */
    ce_case(OPS(20, 0, 2, 0, 3, 0, 1), "constant 3 (record code 20) has itself"); /* CE GEP */
    ce_case(OPS(20, 0, 2, 0, 0, 0, 1), NULL);
    /* SETTYPE past the type table and DATA of a non-array type: LLVM 22
     * reads a garbage element type (crash or hang). */
    sem_case(11, false, 1, OPS(5), "SETTYPE names type 5");
    sem_case(11, false, 22, OPS(1, 2), "DATA constant before any SETTYPE");
    /* Seed 7 mutant 68734: SETTYPE flipped to the metadata type, then NULL
     * (LLVM 22 traps in Constant::getNullValue). Type 3 is void here. */
    tb b;
    gep_head(&b, false);
    tb_record(&b, 1, OPS(3)); /* SETTYPE void */
    tb_record(&b, 2, 0, NULL); /* NULL */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, DXIL_E_BITSTREAM_RECORD, "which no constant has");
}

/* Modern streams may use metadata LLVM 3.7 never wrote (STRINGS 35);
 * version-independent reference checks still apply to them. */
static void md_case(bool modern, size_t n, const uint64_t *ops, int code, const char *needle)
{
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    tb_record(&b, 35, OPS(2, 0));  /* STRINGS: two ids (offsets and blob elided) */
    tb_record(&b, 3, n, ops);      /* NODE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, code, needle);
}

static void test_modern_metadata(void)
{
    md_case(true, OPS(1, 2), 0, NULL);
    md_case(true, OPS(4), DXIL_E_BITSTREAM_RECORD, "metadata id 3");
    md_case(false, OPS(1, 2), DXIL_E_BITSTREAM_RECORD, "code 35 is not LLVM 3.7");
}

/* Debug-info fields as LLVM reads them: ids 0 and 1 are strings, 2 a
 * node, 3 a value (i32 0), then the record under test. LLVM 3.7 streams
 * write one STRING_OLD per string, modern ones a STRINGS record. */
static void di_case(bool modern, unsigned code, size_t n, const uint64_t *ops, const char *needle)
{
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    if (modern) {
        tb_record(&b, 35, OPS(2, 0)); /* STRINGS: two ids (offsets and blob elided) */
    } else {
        tb_record(&b, 1, OPS('a'));   /* STRING_OLD */
        tb_record(&b, 1, OPS('b'));
    }
    tb_record(&b, 3, 0, NULL);    /* NODE !{} */
    tb_record(&b, 2, OPS(0, 1)); /* VALUE i32 0 */
    tb_record(&b, code, n, ops);
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, needle ? DXIL_E_BITSTREAM_RECORD : 0, needle);
}

static void test_debug_info_strings(void)
{
    const char *not_string = "metadata that is not a string read before it";
    /* FILE [distinct, filename, directory, ...]: fuzz find, a filename
     * naming an id not read yet crashed the reader. */
    for (int modern = 0; modern < 2; modern++) {
        di_case(modern, 16, OPS(0, 1, 2), NULL);
        di_case(modern, 16, OPS(0, 0, 0), NULL); /* null names */
        di_case(modern, 16, OPS(0, 3, 2), not_string);  /* the node */
        di_case(modern, 16, OPS(0, 1, 5), not_string);  /* id 4: not read yet */
    }
    /* The checksum is read only with a kind; the source always. */
    di_case(true, 16, OPS(0, 1, 2, 0, 3), NULL);
    di_case(true, 16, OPS(0, 1, 2, 1, 3), not_string);
    di_case(true, 16, OPS(0, 1, 2, 0, 0, 3), not_string);
    /* LOCAL_VAR: the name follows the old tag field when there are more
     * than eight fields and no alignment flag. */
    di_case(false, 28, OPS(0, 0x100, 0, 1, 0, 0, 0, 0, 0), NULL);
    di_case(false, 28, OPS(0, 0x100, 0, 3, 0, 0, 0, 0, 0), not_string);
    di_case(true, 28, OPS(2, 0, 3, 0, 0, 0, 0, 0, 0), not_string);
    /* NAMESPACE: the name moved when file and line were dropped. */
    di_case(true, 24, OPS(0, 0, 3), not_string);
    di_case(true, 24, OPS(0, 0, 0, 3, 0), not_string);
    di_case(true, 24, OPS(0, 0, 0, 1, 0), NULL);
    /* COMMON_BLOCK is read without a size check. */
    di_case(true, 44, OPS(0, 0, 0, 1), "fewer fields");
    di_case(true, 44, OPS(0, 0, 0, 1, 0, 0), NULL);
    /* Wide enumerator values: a width the record cannot back would only
     * make LLVM allocate for it. */
    di_case(true, 14, OPS(4, 128, 1, 7), NULL);
    di_case(true, 14, OPS(4, (uint64_t)1 << 40, 1, 7), "wider than any LLVM integer");
    /* FIXED_POINT_TYPE factors: [bits | words << 32, words...]. */
    di_case(true, 49, OPS(0, 0, 1, 32, 0, 0, 0, 0, 0, 64 | (1ull << 32), 3, 64 | (1ull << 32), 1),
            NULL);
    di_case(true, 49, OPS(0, 0, 1, 32, 0, 0, 0, 0, 0, 64 | (5ull << 32), 3, 64, 1),
            "more words than the record");
    /* Node fields in modern layouts: a placeholder never resolved made
     * LLVM index past its tables (fuzz find: a compile unit's file). */
    di_case(true, 20, OPS(1, 12, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), NULL);
    di_case(true, 20, OPS(1, 12, 27, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), "metadata id 26");
    di_case(true, 20, OPS(1, 12, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9), "metadata id 8");
    /* SUBPROGRAM: the packed-flags layout moves the unit to field 12. */
    di_case(true, 21, OPS(6, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0), NULL);
    di_case(true, 21, OPS(6, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 0, 0, 0, 0, 0),
            "metadata id 39");
    /* Numbers are not references: a line far past every id is fine. */
    di_case(true, 22, OPS(0, 3, 0, 5000, 7), NULL);
    di_case(true, 22, OPS(0, 300, 0, 5000, 7), "metadata id 299");
    /* DIArgList [value ids...]: LLVM casts each to value metadata. */
    di_case(true, 46, OPS(3), NULL);
    di_case(true, 46, OPS(3, 2), "not a value read before it");
    /* Global attachments [value, (kind, node)*] name nodes by raw id. */
    di_case(true, 36, OPS(0, 0, 2), NULL);
    di_case(true, 36, OPS(0, 0, 77), "metadata id 77");
}

/* Module-level lists LLVM 22 reads unchecked (bitcode_modflags.c). Ids:
 * 0 "Linker Options", 1 "k", 2 VALUE i32 0, 3 !{}, 4 !{!3}, 5 the node
 * under test, named by `list`. */
static void named_case(bool modern, const char *list, size_t n, const uint64_t *node,
                       const char *needle)
{
    static const char linker[] = "Linker Options";
    uint64_t chars[32];
    tb b;
    gep_head(&b, modern);
    tb_end(&b);
    tb_enter(&b, 15, 3);
    for (size_t i = 0; linker[i]; i++)
        chars[i] = (unsigned char)linker[i];
    tb_record(&b, 1, sizeof linker - 1, chars); /* STRING_OLD */
    tb_record(&b, 1, OPS('k'));
    tb_record(&b, 2, OPS(0, 1));
    tb_record(&b, 3, 0, NULL);
    tb_record(&b, 3, OPS(4));
    tb_record(&b, 3, n, node);
    size_t len = strlen(list);
    for (size_t i = 0; i < len; i++)
        chars[i] = (unsigned char)list[i];
    tb_record(&b, 4, len, chars);  /* NAME */
    tb_record(&b, 10, OPS(5));     /* NAMED_NODE */
    tb_end(&b);
    tb_end(&b);
    tb_check(&b, needle ? DXIL_E_MODULE_METADATA : 0, needle);
}

/* Issue 23: !{null, null, null} as a module flag crashed LLVM's reader
 * (Module::getModuleFlag casts the key unchecked). */
static void test_module_lists(void)
{
    for (int modern = 0; modern < 2; modern++) {
        named_case(modern, "llvm.module.flags", OPS(3, 2, 4), NULL);
        named_case(modern, "llvm.module.flags", OPS(0, 0, 0), "behaviour that is not a constant");
        named_case(modern, "llvm.module.flags", OPS(3, 2), "does not have 3 operands");
        named_case(modern, "llvm.module.flags", OPS(3, 2, 4, 4), "does not have 3 operands");
        named_case(modern, "llvm.module.flags", OPS(3, 4, 4), "key that is not a string");
        named_case(modern, "llvm.module.flags", OPS(3, 2, 0), "has a null value");
        /* "Linker Options": LLVM casts the value and its operands to nodes. */
        named_case(modern, "llvm.module.flags", OPS(3, 1, 5), NULL);
        named_case(modern, "llvm.module.flags", OPS(3, 1, 4), NULL);
        named_case(modern, "llvm.module.flags", OPS(3, 1, 3), "\"Linker Options\"");
        named_case(modern, "llvm.dbg.cu", OPS(3, 2, 4), "!llvm.dbg.cu operand 0 (metadata 5)");
        named_case(modern, "llvm.ident", OPS(3, 2, 4), NULL);
    }
}

/* ---- whole loads of crafted inputs -------------------------------------------- */

static dxil_module *load(const void *data, size_t size, dxil_diags *diags)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    return dxil_module_load_memory(data, size, "crafted", &opts, diags);
}

/* A stream the validator accepts but LLVM rejects comes back as a
 * diagnostic, not an abort. */
static void test_llvm_error_is_diagnostic(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_record(&b, 1, 1, (const uint64_t[]){99}); /* MODULE_CODE_VERSION 99 */
    tb_end(&b);
    dxil_diags *diags = dxil_diags_create();
    CU_ASSERT_PTR_NULL(load(b.w.data, tb_bytes(&b), diags));
    CU_ASSERT(dxil_diags_error_count(diags) >= 1);
    CU_ASSERT_EQUAL(dxil_diags_get(diags, 0)->code, DXIL_E_LLVM_PARSE);
    dxil_diags_destroy(diags);
    bs_writer_free(&b.w);
}

/* Textual IR: LLVM's parser upgrades old intrinsics at the end of the
 * module and crashes when one is used other than as a callee, or called
 * with another argument count (seen with llvm.lifetime.start.p0, which
 * LLVM 22 upgrades). want_line 0: the text must load. */
/* Loads IR text: want_line 0, it must load without errors; else the
 * first diagnostic is the error `code` at that line, naming needle. */
static void text_load_case(const char *text, int code, size_t want_line, const char *needle)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = load(text, strlen(text), diags);
    if (!want_line) {
        CU_ASSERT_PTR_NOT_NULL(m);
        CU_ASSERT_EQUAL(dxil_diags_error_count(diags), 0);
    } else {
        CU_ASSERT_PTR_NULL(m);
        const dxil_diag *d = dxil_diags_get(diags, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(d);
        CU_ASSERT_EQUAL(d->code, code);
        CU_ASSERT_EQUAL(d->loc_kind, DXIL_LOC_LINE);
        CU_ASSERT_EQUAL(d->offset, want_line);
        CU_ASSERT_PTR_NOT_NULL(strstr(d->message, needle));
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static void text_case(const char *body, size_t want_line, const char *needle)
{
    char text[1024];
    snprintf(text, sizeof text, "declare void @llvm.lifetime.start.p0(i64, ptr)\n"
                                "declare void @g(ptr)\n%s", body);
    text_load_case(text, DXIL_E_TEXT_INTRINSIC_USE, want_line, needle);
}

static void test_text_intrinsic_uses(void)
{
    /* Calls with the declared arity, nested types and strings in the
     * arguments, names in comments and strings, @llvm.used: all fine. */
    text_case("declare void @llvm.donothing()\n"
              "@s = constant [11 x i8] c\"@llvm.x(a)\\00\"\n"
              "@llvm.used = appending global [1 x ptr] [ptr @g], section \"llvm.metadata\"\n"
              "define void @main(ptr %p) { ; @llvm.lifetime.start.p0 in a comment\n"
              "  call void @llvm.lifetime.start.p0(i64 4, ptr %p)\n"
              "  call void @\"llvm.donothing\"()\n"
              "  call void @g(ptr @s)\n"
              "  ret void\n}\n",
              0, NULL);
    text_case("define void @main() {\n  call void @g(ptr @llvm.lifetime.start.p0)\n"
              "  ret void\n}\n",
              4, "@llvm.lifetime.start.p0 is used other than as a called function");
    text_case("@x = global ptr @llvm.lifetime.start.p0\n", 3, "used other than as a called");
    text_case("define void @main(ptr %p) {\n"
              "  call void @llvm.lifetime.start.p0(i64 1, ptr %p, { i32, <2 x i8> } zeroinitializer)\n"
              "  ret void\n}\n",
              4, "passes 3 argument(s) to a declaration of 2");
}

/* Issue 23: module flags in text (module/text_modflags.c). The flags list
 * is on line 4, the entry under test on line 5; want_line 0: loads. */
static void flag_case(const char *entry, size_t want_line, const char *needle)
{
    char text[512];
    snprintf(text, sizeof text, "define void @main() {\n  ret void\n}\n"
                                "!llvm.module.flags = !{!0}\n!0 = %s\n!1 = !{!2}\n!2 = !{}\n",
             entry);
    text_load_case(text, DXIL_E_MODULE_METADATA, want_line, needle);
}

/* LLVM 3.7 debug info in text (module/text_debuginfo.c): the subprogram
 * reaches the function through `function:`, with no diagnostic at all. */
static void test_text_module_metadata(void)
{
    flag_case("!{i32 2, !\"Debug Info Version\", i32 3}", 0, NULL);
    flag_case("!{i32 6, !\"Linker Options\", !1}", 0, NULL); /* shape fine; LLVM verifies */
    flag_case("!{i32 1,\n  !\"k\", i32 1}", 0, NULL);      /* over two lines */
    flag_case("!{null, null, null}", 5, "no integer behaviour in 1..8");
    flag_case("!{i32 0, !\"k\", i32 1}", 5, "no integer behaviour");
    flag_case("!{i32 2, !\"k\"}", 5, "does not have 3 operands");
    flag_case("!{i32 2,\n !\"k\"}", 5, "does not have 3 operands");
    flag_case("!{i32 2, !\"k\", null}", 5, "has a null value");
    flag_case("!{i32 2, !2, i32 1}", 5, "key that is not a string");
    flag_case("!DIExpression()", 5, "is not a tuple");
    flag_case("!{i32 6, !\"Linker Options\", !2}", 0, NULL);
    flag_case("!{i32 6, !\"Linker Options\", i32 1}", 5, "\"Linker Options\" without a tuple");
    static const char di[] =
        "define void @main() {\n  ret void, !dbg !5\n}\n"
        "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!6}\n"
        "!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: \"d\", "
        "isOptimized: false, runtimeVersion: 0, emissionKind: 1, enums: !2, subprograms: !3)\n"
        "!1 = !DIFile(filename: \"s.hlsl\", directory: \"\")\n!2 = !{}\n!3 = !{!4}\n"
        "!4 = !DISubprogram(name: \"main\", scope: !1, file: !1, line: 1, type: !7, "
        "isLocal: false, isDefinition: true, isOptimized: false, function: void ()* @main)\n"
        "!5 = !DILocation(line: 2, column: 1, scope: !4)\n"
        "!6 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
        "!7 = !DISubroutineType(types: !8)\n!8 = !{null}\n";
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = load(di, strlen(di), diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 0);
    LLVMValueRef fn = LLVMGetNamedFunction(dxil_module_llvm(m), "main");
    CU_ASSERT_PTR_NOT_NULL(fn && LLVMGetSubprogram(fn) ? fn : NULL);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

/* The loader runs the validator: its error comes back from a load too. */
static void test_load_runs_validator(void)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_use(&b, 7);
    tb_end(&b);
    dxil_diags *diags = dxil_diags_create();
    CU_ASSERT_PTR_NULL(load(b.w.data, tb_bytes(&b), diags));
    expect_error(diags, DXIL_E_BITSTREAM_ABBREV);
    dxil_diags_destroy(diags);
    bs_writer_free(&b.w);
}

/* A crafted container: header, one DXIL part holding a program header and
 * the bitcode of a minimal module block. */
enum { CC_PART = 36, CC_PROG = CC_PART + 8, CC_BC = CC_PROG + 24 };

static uint8_t *crafted_container(size_t *size)
{
    tb b;
    tb_begin(&b);
    tb_enter(&b, 8, 3);
    tb_end(&b);
    size_t bc = tb_bytes(&b);
    *size = CC_BC + bc;
    uint8_t *p = calloc(1, *size);
    memcpy(p, "DXBC", 4);
    wr_le32(p + 20, 1);
    wr_le32(p + 24, (uint32_t)*size);
    wr_le32(p + 28, 1);
    wr_le32(p + 32, CC_PART);
    wr_le32(p + CC_PART, DXIL_FOURCC('D', 'X', 'I', 'L'));
    wr_le32(p + CC_PART + 4, (uint32_t)(24 + bc));
    wr_le32(p + CC_PROG, 0x60);
    wr_le32(p + CC_PROG + 4, (uint32_t)(24 + bc) / 4);
    wr_le32(p + CC_PROG + 8, DXIL_FOURCC('D', 'X', 'I', 'L'));
    wr_le32(p + CC_PROG + 12, 0x100);
    wr_le32(p + CC_PROG + 16, 16);
    wr_le32(p + CC_PROG + 20, (uint32_t)bc);
    memcpy(p + CC_BC, b.w.data, bc);
    bs_writer_free(&b.w);
    return p;
}

static void container_case(size_t field, uint32_t value, int code)
{
    size_t size;
    uint8_t *p = crafted_container(&size);
    wr_le32(p + field, value);
    dxil_diags *diags = dxil_diags_create();
    CU_ASSERT_PTR_NULL(load(p, size, diags));
    expect_error(diags, code);
    dxil_diags_destroy(diags);
    free(p);
}

static void test_container_bogus_fields(void)
{
    container_case(0, 0x43425844u ^ 1, DXIL_E_UNKNOWN_FORMAT);     /* magic */
    container_case(24, 0xFFFFFFFFu, DXIL_E_CONTAINER_TRUNCATED);   /* file size */
    container_case(24, 8, DXIL_E_CONTAINER_BAD_SIZE);
    container_case(28, 0xFFFFFFFFu, DXIL_E_CONTAINER_BAD_SIZE);    /* part count */
    container_case(32, 0x7FFFFFF0u, DXIL_E_PART_OUT_OF_RANGE);     /* part offset */
    container_case(32, 4, DXIL_E_PART_OUT_OF_RANGE);
    container_case(CC_PART + 4, 0xFFFFFFF0u, DXIL_E_PART_OUT_OF_RANGE); /* part size */
    container_case(CC_PART, DXIL_FOURCC('D', 'X', 'I', 'X'), DXIL_E_PART_MISSING);
    container_case(CC_PROG + 8, 0, DXIL_E_PROGRAM_HEADER);
    container_case(CC_PROG + 16, 0xFFFFFFF0u, DXIL_E_BITCODE_OUT_OF_RANGE);
    container_case(CC_PROG + 16, 0, DXIL_E_BITCODE_OUT_OF_RANGE);
    container_case(CC_PROG + 20, 0xFFFFFFFFu, DXIL_E_BITCODE_OUT_OF_RANGE);
    container_case(CC_BC + 8, 0xFFFFFFFFu, DXIL_E_BITSTREAM_BLOCK); /* block length */
}

static void test_container_valid_and_overlap(void)
{
    size_t size;
    uint8_t *p = crafted_container(&size);
    dxil_diags *diags = dxil_diags_create();
    dxil_container c;
    CU_ASSERT_EQUAL(dxil_container_parse(p, size, &c, diags), 0);
    dxil_container_free(&c);
    /* Two parts sharing bytes. */
    uint8_t *q = calloc(1, size + 4);
    memcpy(q, p, 32);
    wr_le32(q + 24, (uint32_t)size + 4);
    wr_le32(q + 28, 2);
    wr_le32(q + 32, CC_PART + 4);
    wr_le32(q + 36, CC_PART + 8);
    memcpy(q + CC_PART + 4, p + CC_PART, size - CC_PART);
    wr_le32(q + CC_PART + 12, 0); /* the second part: empty, inside the first */
    CU_ASSERT_NOT_EQUAL(dxil_container_parse(q, size + 4, &c, diags), 0);
    expect_error(diags, DXIL_E_PART_OVERLAP);
    dxil_diags_destroy(diags);
    free(q);
    free(p);
}

static void test_wrapper_bogus(void)
{
    uint8_t w[40] = {0};
    wr_le32(w, 0x0B17C0DEu);
    wr_le32(w + 8, 20);
    wr_le32(w + 12, 0xFFFFFFF0u);
    dxil_diags *diags = dxil_diags_create();
    CU_ASSERT_PTR_NULL(load(w, sizeof w, diags));
    expect_error(diags, DXIL_E_WRAPPER);
    dxil_diags_destroy(diags);
}

/* ---- corpus shaders, broken at their seams ------------------------------------ */

typedef struct corpus_file {
    uint8_t *data;
    size_t size;
} corpus_file;

static corpus_file first_corpus;

static void first_file(const char *path, void *user)
{
    corpus_file *f = user;
    if (!f->data)
        f->data = tu_read_file(path, &f->size);
}

static void free_first_corpus(void)
{
    free(first_corpus.data);
}

static bool have_corpus(void)
{
    if (!first_corpus.data) {
        tu_each_corpus_file(first_file, &first_corpus);
        atexit(free_first_corpus);
    }
    if (!first_corpus.data)
        fprintf(stderr, "SKIP: corpus missing\n");
    return first_corpus.data != NULL;
}

/* Loads a mutant; a failure must be explained by an error that has a
 * location (container or bitstream) or comes from LLVM. */
static void load_mutant(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = load(data, size, diags);
    if (!m) {
        CU_ASSERT(dxil_diags_error_count(diags) >= 1);
        const dxil_diag *d = dxil_diags_get(diags, 0);
        CU_ASSERT(d->loc_kind != DXIL_LOC_NONE || d->code == DXIL_E_PART_MISSING || d->code >= 3000);
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

/* Cut before, inside and after each part's header, and in its data; once
 * as is and once with the header's size field made to agree. */
static void test_truncate_at_part_boundaries(void)
{
    if (!have_corpus())
        return;
    dxil_container c;
    CU_ASSERT_EQUAL_FATAL(dxil_container_parse(first_corpus.data, first_corpus.size, &c, NULL), 0);
    uint8_t *copy = malloc(first_corpus.size);
    for (uint32_t i = 0; i < c.part_count; i++) {
        const dxil_part *part = &c.parts[i];
        size_t cuts[] = {part->offset, part->offset + 4, part->data_offset,
                         part->data_offset + part->size / 2, part->data_offset + part->size - 1};
        for (size_t k = 0; k < sizeof cuts / sizeof *cuts; k++) {
            memcpy(copy, first_corpus.data, cuts[k]);
            dxil_diags *diags = dxil_diags_create();
            CU_ASSERT_PTR_NULL(load(copy, cuts[k], diags));
            expect_error(diags, DXIL_E_CONTAINER_TRUNCATED); /* header size > input */
            dxil_diags_destroy(diags);
            if (cuts[k] >= 32) {
                wr_le32(copy + 24, (uint32_t)cuts[k]);
                load_mutant(copy, cuts[k]);
            }
        }
    }
    free(copy);
    dxil_container_free(&c);
}

/* Every single-bit flip in the container header, the part table, each
 * part header and the DXIL program header. */
static void test_header_bit_flips(void)
{
    if (!have_corpus())
        return;
    dxil_container c;
    CU_ASSERT_EQUAL_FATAL(dxil_container_parse(first_corpus.data, first_corpus.size, &c, NULL), 0);
    const dxil_part *dxil = dxil_container_find(&c, "DXIL");
    CU_ASSERT_PTR_NOT_NULL_FATAL(dxil);
    uint8_t *copy = malloc(first_corpus.size);
    size_t ranges[2][2] = {{0, 32 + 4 * c.part_count}, {dxil->offset, dxil->data_offset + 24}};
    size_t flips = 0;
    for (size_t r = 0; r < 2; r++)
        for (size_t bit = ranges[r][0] * 8; bit < ranges[r][1] * 8; bit++, flips++) {
            memcpy(copy, first_corpus.data, first_corpus.size);
            copy[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            load_mutant(copy, first_corpus.size);
        }
    CU_ASSERT(flips >= 8 * (32 + 32));
    free(copy);
    dxil_container_free(&c);
}

/* No false alarms: every corpus shader's bitcode passes the validator. */
static void validate_one(const char *path, void *user)
{
    size_t *bad = user, size = 0;
    uint8_t *data = tu_read_file(path, &size);
    const uint8_t *bc;
    size_t bc_size;
    dxil_diags *diags = dxil_diags_create();
    if (!data || dxil_locate_bitcode(data, size, NULL, &bc, &bc_size, NULL, diags) != 0 ||
        bitcode_validate(bc, bc_size, (uint64_t)(bc - data), diags) != 0) {
        dxil_diags_print(diags, stderr, path);
        ++*bad;
    }
    dxil_diags_destroy(diags);
    free(data);
}

static void test_corpus_validates(void)
{
    size_t bad = 0;
    size_t n = tu_each_corpus_file(validate_one, &bad);
    if (n == 0)
        return;
    CU_ASSERT(n > 100);
    CU_ASSERT_EQUAL(bad, 0);
}

/* Our own output is LLVM 22 bitcode (IDENTIFICATION_BLOCK first, modern
 * metadata, opaque pointers): it must pass the validator and load again.
 * Every corpus shader that loads, raised and verified, then written. */
typedef struct own_counts {
    size_t visited, written, bad;
} own_counts;

static bool own_roundtrip(dxil_module *m, const char *path, dxil_diags *diags)
{
    void *bc = NULL;
    size_t size = 0;
    bool ok = dxil_module_write_memory(m, DXIL_EMIT_BC, &bc, &size, diags) == 0 &&
              bitcode_validate(bc, size, 0, diags) == 0;
    dxil_options opts; /* re-raising raised IR is the raise passes' business */
    dxil_options_init(&opts);
    opts.raise = false;
    opts.verify = true;
    dxil_module *again = ok ? dxil_module_load_memory(bc, size, path, &opts, diags) : NULL;
    dxil_module_destroy(again);
    free(bc);
    return again != NULL;
}

static void own_output_one(const char *path, void *user)
{
    own_counts *c = user;
    c->visited++;
    dxil_diags *diags = dxil_diags_create();
    dxil_options opts;
    dxil_options_init(&opts);
    opts.verify = true;
    dxil_module *m = dxil_module_load_file(path, &opts, diags);
    if (m) {
        c->written++;
        if (!own_roundtrip(m, path, diags)) {
            dxil_diags_print(diags, stderr, path);
            c->bad++;
        }
    }
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static void test_own_output_validates(void)
{
    own_counts c = {0, 0, 0};
    if (tu_each_corpus_file(own_output_one, &c) == 0)
        return;
    CU_ASSERT(c.written > 100);
    CU_ASSERT_EQUAL(c.bad, 0);
}

static void free_tb_diags(void)
{
    dxil_diags_destroy(tb_diags);
}

int tu_register(void)
{
    tb_diags = dxil_diags_create();
    atexit(free_tb_diags);
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
        {"records that crash LLVM 22", test_llvm_crashers},
        {"GEP struct indices", test_gep_struct_indices},
        {"debug records in function bodies", test_debug_records},
        {"constant types", test_constant_types},
        {"call types, metadata values, shuffle masks", test_call_types},
        {"modern-stream metadata", test_modern_metadata},
        {"debug-info string fields", test_debug_info_strings},
        {"module flags and compile-unit lists", test_module_lists},
        {NULL, NULL}};
    static const tu_case loads[] = {
        {"LLVM error is a diagnostic", test_llvm_error_is_diagnostic},
        {"load runs the validator", test_load_runs_validator},
        {"IR text: intrinsic uses LLVM's upgrade crashes on", test_text_intrinsic_uses},
        {"IR text: module flags, LLVM 3.7 debug info", test_text_module_metadata},
        {"bogus container fields", test_container_bogus_fields},
        {"valid and overlapping parts", test_container_valid_and_overlap},
        {"bogus wrapper", test_wrapper_bogus},
        {NULL, NULL}};
    static const tu_case corpus[] = {
        {"truncated at every part boundary", test_truncate_at_part_boundaries},
        {"bit flips in headers", test_header_bit_flips},
        {"every corpus shader validates", test_corpus_validates},
        {"our own bitcode output validates and reloads", test_own_output_validates},
        {NULL, NULL}};
    tu_add_suite("malformed bitstreams", bitstream);
    tu_add_suite("malformed loads", loads);
    tu_add_suite("malformed corpus shaders", corpus);
    return 0;
}
