/* Bitstream reader/writer and the in-stream datalayout rewrite, on streams
 * assembled here so that every shape (abbreviated or not, growing or
 * shrinking, nested blocks after the record, no datalayout) is covered. */
#include "bitcode/bitstream.h"
#include "bitcode/bitcode_types.h"
#include "bitcode/bitcode_validate.h"
#include "bitcode/datalayout.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

enum { TB_MODULE = 8, TB_WIDTH = 3, TB_DL = 3, TB_TRIPLE = 2 };

static void test_fixed_and_vbr_roundtrip(void)
{
    static const uint64_t values[] = {0, 1, 31, 32, 1000, 0xFFFFFFFFull, 0x123456789ABCDEFull};
    bs_writer w;
    bs_writer_init(&w);
    for (size_t i = 0; i < 7; i++) {
        bs_write_vbr(&w, values[i], 6);
        bs_write(&w, values[i] & 0x1F, 5);
    }
    bs_writer_align32(&w);
    CU_ASSERT_EQUAL(w.pos % 32, 0);
    bs_reader r;
    bs_reader_init(&r, w.data, w.pos / 8);
    for (size_t i = 0; i < 7; i++) {
        CU_ASSERT_EQUAL(bs_read_vbr(&r, 6), values[i]);
        CU_ASSERT_EQUAL(bs_read(&r, 5), values[i] & 0x1F);
    }
    CU_ASSERT_FALSE(r.failed);
    bs_read(&r, 64); /* past the end: flagged, not read */
    CU_ASSERT_TRUE(r.failed);
    bs_writer_free(&w);
}

/* char_bits 0: unabbreviated; otherwise the abbreviation tb_build defines,
 * an array of fixed(char_bits). */
static void tb_string_record(bs_writer *w, unsigned code, const char *s, unsigned char_bits)
{
    size_t n = strlen(s);
    if (char_bits) {
        bs_write(w, BS_FIRST_APP_ABBREV, TB_WIDTH);
        bs_write_vbr(w, n, 6);
        for (size_t i = 0; i < n; i++)
            bs_write(w, (unsigned char)s[i], char_bits);
        return;
    }
    bs_write(w, BS_UNABBREV_RECORD, TB_WIDTH);
    bs_write_vbr(w, code, 6);
    bs_write_vbr(w, n, 6);
    for (size_t i = 0; i < n; i++)
        bs_write_vbr(w, (unsigned char)s[i], 6);
}

static size_t tb_enter(bs_writer *w, unsigned outer, unsigned id, unsigned width)
{
    bs_write(w, BS_ENTER_SUBBLOCK, outer);
    bs_write_vbr(w, id, 8);
    bs_write_vbr(w, width, 4);
    bs_writer_align32(w);
    size_t len_pos = w->pos;
    bs_write(w, 0, 32);
    return len_pos;
}

static void tb_end(bs_writer *w, unsigned width, size_t len_pos)
{
    bs_write(w, BS_END_BLOCK, width);
    bs_writer_align32(w);
    bs_patch32(w, len_pos, (uint32_t)((w->pos - len_pos) / 32 - 1));
}

/* A module block: [abbrev def], triple, [datalayout], a nested block holding
 * a record {5: 1 2 3}, then a trailing record {7: 42}. */
static void tb_build(bs_writer *w, const char *layout, unsigned char_bits)
{
    bs_writer_init(w);
    bs_write(w, 0xDEC04342u, 32);
    size_t mod = tb_enter(w, 2, TB_MODULE, TB_WIDTH);
    if (char_bits) { /* [literal 3, array of fixed(char_bits)] */
        bs_write(w, BS_DEFINE_ABBREV, TB_WIDTH);
        bs_write_vbr(w, 3, 5);
        bs_write(w, 1, 1), bs_write_vbr(w, TB_DL, 8);
        bs_write(w, 0, 1), bs_write(w, BS_ENC_ARRAY, 3);
        bs_write(w, 0, 1), bs_write(w, BS_ENC_FIXED, 3), bs_write_vbr(w, char_bits, 5);
    }
    tb_string_record(w, TB_TRIPLE, "dxil-ms-dx", 0);
    if (layout)
        tb_string_record(w, TB_DL, layout, char_bits);
    size_t nested = tb_enter(w, TB_WIDTH, 17, 4);
    bs_write(w, BS_UNABBREV_RECORD, 4);
    bs_write_vbr(w, 5, 6), bs_write_vbr(w, 3, 6);
    bs_write_vbr(w, 1, 6), bs_write_vbr(w, 2, 6), bs_write_vbr(w, 3, 6);
    tb_end(w, 4, nested);
    bs_write(w, BS_UNABBREV_RECORD, TB_WIDTH);
    bs_write_vbr(w, 7, 6), bs_write_vbr(w, 1, 6), bs_write_vbr(w, 42, 6);
    tb_end(w, TB_WIDTH, mod);
}

/* What a walk of the rewritten module block found. */
typedef struct tb_seen {
    char layout[256];
    char triple[64];
    bool nested_ok, trailing_ok, length_ok;
} tb_seen;

static void tb_copy_string(const bs_record *rec, char *out, size_t cap)
{
    size_t n = rec->count - 1 < cap - 1 ? rec->count - 1 : cap - 1;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)rec->ops[i + 1];
    out[n] = '\0';
}

static void tb_walk_nested(bs_reader *r, tb_seen *seen)
{
    bs_read_vbr(r, 8);
    unsigned width = (unsigned)bs_read_vbr(r, 4);
    bs_align32(r);
    size_t words = (size_t)bs_read(r, 32), start = r->pos;
    bs_record rec = {0};
    const char *why;
    CU_ASSERT_EQUAL(bs_read(r, width), BS_UNABBREV_RECORD);
    CU_ASSERT_EQUAL_FATAL(bs_read_record(r, NULL, &rec, &why), 0);
    seen->nested_ok = rec.count == 4 && rec.ops[0] == 5 && rec.ops[3] == 3;
    CU_ASSERT_EQUAL(bs_read(r, width), BS_END_BLOCK);
    bs_align32(r);
    CU_ASSERT_EQUAL(r->pos, start + words * 32);
    bs_record_free(&rec);
}

static void tb_walk(const uint8_t *data, size_t size, tb_seen *seen)
{
    memset(seen, 0, sizeof *seen);
    bs_reader r;
    bs_reader_init(&r, data, size);
    CU_ASSERT_EQUAL(bs_read(&r, 32), 0xDEC04342u);
    CU_ASSERT_EQUAL(bs_read(&r, 2), BS_ENTER_SUBBLOCK);
    CU_ASSERT_EQUAL(bs_read_vbr(&r, 8), TB_MODULE);
    unsigned width = (unsigned)bs_read_vbr(&r, 4);
    bs_align32(&r);
    size_t words = (size_t)bs_read(&r, 32), start = r.pos;
    bs_abbrev abbrev;
    bool have_abbrev = false;
    bs_record rec = {0};
    const char *why;
    for (uint64_t id; !r.failed && (id = bs_read(&r, width)) != BS_END_BLOCK;) {
        if (id == BS_ENTER_SUBBLOCK) {
            tb_walk_nested(&r, seen);
            continue;
        }
        if (id == BS_DEFINE_ABBREV) {
            CU_ASSERT_EQUAL_FATAL(bs_read_abbrev_def(&r, &abbrev, &why), 0);
            have_abbrev = true;
            continue;
        }
        CU_ASSERT_FATAL(id == BS_UNABBREV_RECORD || (have_abbrev && id == BS_FIRST_APP_ABBREV));
        CU_ASSERT_EQUAL_FATAL(
            bs_read_record(&r, id == BS_UNABBREV_RECORD ? NULL : &abbrev, &rec, &why), 0);
        if (rec.ops[0] == TB_DL)
            tb_copy_string(&rec, seen->layout, sizeof seen->layout);
        else if (rec.ops[0] == TB_TRIPLE)
            tb_copy_string(&rec, seen->triple, sizeof seen->triple);
        else if (rec.ops[0] == 7)
            seen->trailing_ok = rec.count == 2 && rec.ops[1] == 42;
    }
    bs_align32(&r);
    seen->length_ok = !r.failed && r.pos == start + words * 32 && r.pos == size * 8;
    bs_record_free(&rec);
}

/* The fix from the site the validator noted gives the walk's bytes
 * (data, size): 0 when it does, 1 when it differs, -1 when the validator
 * refused the stream or found no record. */
static int tb_site_differs(const uint8_t *bc, size_t size, const uint8_t *want, size_t want_size,
                           const char *want_orig)
{
    bc_datalayout_site site;
    if (bitcode_validate_load(bc, size, 0, NULL, NULL, &site, NULL) != 0 || site.state != BC_DL_FOUND)
        return -1;
    uint8_t *out = NULL;
    size_t out_size = 0;
    char *orig = NULL;
    int rc = bitcode_fix_datalayout_site(bc, size, 0, &site, &out, &out_size, &orig, NULL);
    bool same = rc == 0 && out_size == want_size && (!out) == (!want) &&
                (!out || memcmp(out, want, out_size) == 0) && orig && want_orig &&
                strcmp(orig, want_orig) == 0;
    free(out);
    free(orig);
    return same ? 0 : 1;
}

static void tb_check_rewrite(const char *layout, unsigned char_bits, const char *want)
{
    bs_writer w;
    tb_build(&w, layout, char_bits);
    size_t size = w.pos / 8;
    uint8_t *out = NULL;
    size_t out_size = 0;
    char *orig = NULL;
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL_FATAL(bitcode_fix_datalayout(w.data, size, 0, &out, &out_size, &orig, d), 0);
    CU_ASSERT_EQUAL(dxil_diags_count(d), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_STRING_EQUAL(orig, layout);
    CU_ASSERT_EQUAL(out_size % 4, 0);
    tb_seen seen;
    tb_walk(out, out_size, &seen);
    CU_ASSERT_STRING_EQUAL(seen.layout, want);
    CU_ASSERT_STRING_EQUAL(seen.triple, "dxil-ms-dx");
    CU_ASSERT_TRUE(seen.nested_ok);
    CU_ASSERT_TRUE(seen.trailing_ok);
    CU_ASSERT_TRUE(seen.length_ok);
    /* The validator's walk finds the record and the fix from there agrees. */
    CU_ASSERT_EQUAL(tb_site_differs(w.data, size, out, out_size, orig), 0);
    free(out);
    free(orig);
    dxil_diags_destroy(d);
    bs_writer_free(&w);
}

static void test_rewrite_unabbreviated_grows(void)
{
    tb_check_rewrite("e-m:e-p:32:32-i1:32-i8:32-i16:32", 0, "e-m:e-p:32:32-i1:32-i8:8:32-i16:32");
}

static void test_rewrite_abbreviated_grows(void)
{
    tb_check_rewrite("e-i8:32-i16:32", 8, "e-i8:8:32-i16:32");
}

static void test_rewrite_shrinks(void)
{
    tb_check_rewrite("e-f:64:64-n32", 0, "e-f64:64-n32");
    tb_check_rewrite("e-f:64:64-n8:16", 8, "e-f64:64-n8:16");
    tb_check_rewrite("f:64:64", 0, "f64:64"); /* too short to pad much: either path */
    tb_check_rewrite("f:64:64", 8, "f64:64");
}

/* fixed(7) characters, an odd count: the size change is odd, no padding
 * with 6-bit chunks can align it, and every later element is re-emitted. */
static void test_rewrite_unalignable(void)
{
    tb_check_rewrite("e-i8:32-i16:32-n8", 7, "e-i8:8:32-i16:32-n8");
}

/* Returns what the rewrite says of a module whose datalayout record is
 * followed by a record using an undefined abbreviation. */
static int tb_rewrite_with_junk_after(unsigned char_bits)
{
    bs_writer w;
    bs_writer_init(&w);
    bs_write(&w, 0xDEC04342u, 32);
    size_t mod = tb_enter(&w, 2, TB_MODULE, TB_WIDTH);
    if (char_bits) {
        bs_write(&w, BS_DEFINE_ABBREV, TB_WIDTH);
        bs_write_vbr(&w, 3, 5);
        bs_write(&w, 1, 1), bs_write_vbr(&w, TB_DL, 8);
        bs_write(&w, 0, 1), bs_write(&w, BS_ENC_ARRAY, 3);
        bs_write(&w, 0, 1), bs_write(&w, BS_ENC_FIXED, 3), bs_write_vbr(&w, char_bits, 5);
    }
    tb_string_record(&w, TB_DL, "e-i8:32-i16:32-n8", char_bits);
    bs_write(&w, BS_FIRST_APP_ABBREV + 1, TB_WIDTH);
    tb_end(&w, TB_WIDTH, mod);
    uint8_t *out = NULL;
    size_t out_size;
    char *orig = NULL;
    int rc = bitcode_fix_datalayout(w.data, w.pos / 8, 0, &out, &out_size, &orig, NULL);
    free(out);
    free(orig);
    bs_writer_free(&w);
    return rc;
}

/* When padding can keep the rest aligned, the rest is copied without being
 * decoded (structure is the validator's job, run before); when it cannot,
 * every later element is decoded and re-emitted. */
static void test_rewrite_copies_rest_undecoded(void)
{
    CU_ASSERT_EQUAL(tb_rewrite_with_junk_after(0), 0);
    CU_ASSERT_EQUAL(tb_rewrite_with_junk_after(8), 0);
    CU_ASSERT_NOT_EQUAL(tb_rewrite_with_junk_after(7), 0);
}

/* Redundant VBR chunks read back as the same values. */
static void test_padded_vbr(void)
{
    bs_writer w;
    bs_writer_init(&w);
    bs_write_vbr_padded(&w, 'i', 6, 1);
    bs_write_vbr_padded(&w, 3, 6, 4);
    bs_write_vbr_padded(&w, 0, 6, 0);
    CU_ASSERT_EQUAL(w.pos, 18 + 30 + 6);
    bs_reader r;
    bs_reader_init(&r, w.data, (w.pos + 7) / 8);
    CU_ASSERT_EQUAL(bs_read_vbr(&r, 6), 'i');
    CU_ASSERT_EQUAL(bs_read_vbr(&r, 6), 3);
    CU_ASSERT_EQUAL(bs_read_vbr(&r, 6), 0);
    CU_ASSERT_FALSE(r.failed);
    bs_writer_free(&w);
}

static void test_rewrite_unchanged_and_missing(void)
{
    bs_writer w;
    uint8_t *out = (uint8_t *)1;
    size_t out_size;
    char *orig = NULL;
    tb_build(&w, "e-i8:8-i16:16", 0);
    CU_ASSERT_EQUAL(bitcode_fix_datalayout(w.data, w.pos / 8, 0, &out, &out_size, &orig, NULL), 0);
    CU_ASSERT_PTR_NULL(out); /* nothing to change: the input is used as is */
    CU_ASSERT_STRING_EQUAL(orig, "e-i8:8-i16:16");
    free(orig);
    bs_writer_free(&w);
    tb_build(&w, NULL, 0);
    CU_ASSERT_EQUAL(bitcode_fix_datalayout(w.data, w.pos / 8, 0, &out, &out_size, &orig, NULL), 0);
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_PTR_NULL(orig);
    bs_writer_free(&w);
}

static void tb_expect_failure(const uint8_t *data, size_t size, int code)
{
    uint8_t *out = NULL;
    size_t out_size;
    char *orig = NULL;
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_NOT_EQUAL(bitcode_fix_datalayout(data, size, 0x100, &out, &out_size, &orig, d), 0);
    const dxil_diag *first = dxil_diags_get(d, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_EQUAL(first->code, code);
    CU_ASSERT_EQUAL(first->loc_kind, DXIL_LOC_BIT);
    CU_ASSERT(first->offset >= 0x100 * 8); /* offsets are file-relative */
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_PTR_NULL(orig);
    dxil_diags_destroy(d);
}

static void test_rewrite_rejects_bad_streams(void)
{
    bs_writer w;
    tb_build(&w, "e-i8:32", 0);
    size_t size = w.pos / 8;
    /* Truncated: the module block's declared length runs past the end. */
    tb_expect_failure(w.data, size - 8, DXIL_E_BITSTREAM_BLOCK);
    /* Bad magic. */
    w.data[0] ^= 0xFF;
    tb_expect_failure(w.data, size, DXIL_E_BITSTREAM_MAGIC);
    bs_writer_free(&w);
    /* A record using an abbreviation that was never defined. */
    tb_build(&w, "e-i8:32", 8);
    size = w.pos / 8;
    bs_writer_free(&w);
    bs_writer_init(&w);
    bs_write(&w, 0xDEC04342u, 32);
    size_t mod = tb_enter(&w, 2, TB_MODULE, TB_WIDTH);
    tb_string_record(&w, TB_DL, "e-i8:32", 8);
    tb_end(&w, TB_WIDTH, mod);
    tb_expect_failure(w.data, w.pos / 8, DXIL_E_BITSTREAM_ABBREV);
    bs_writer_free(&w);
}

/* ---- dx.resources class types (bitcode_types.h) ---- */

static void bt_chars(uint64_t *ops, uint64_t code, const char *s, size_t *n)
{
    ops[0] = code;
    for (*n = 1; *s; s++)
        ops[(*n)++] = (unsigned char)*s;
}

/* A TYPE block and module METADATA fed record by record, as the
 * validator's walk does: three SRV records whose operand 1 is undef of
 * %S* (a named struct), of i32 (no pointer) and of i32* (no struct). */
static void test_resource_class_types(void)
{
    static const uint64_t types[][4] = {
        {7, 32}, {19, 'S'}, {20, 0, 0}, {8, 1, 0}, {8, 0, 0}, /* i32 S{i32} S* i32* */
    };
    static const size_t type_n[] = {2, 2, 3, 3, 3};
    static const uint64_t md[][6] = {
        {2, 2, 0}, {2, 0, 0}, {2, 3, 0},   /* VALUE [ty, v]: ids 0-2 */
        {3, 0, 1}, {3, 0, 2}, {3, 0, 3},   /* records 3-5, operand 1 = ids 0-2 */
        {3, 4, 5, 6}, {3, 7, 0, 0, 0},     /* SRV list 6; root 7 */
    };
    static const size_t md_n[] = {3, 3, 3, 3, 3, 3, 4, 5};
    bcv_model *v = bcv_create();
    bcm_state *m = bcm_create();
    bcr_names *names = bcr_create();
    CU_ASSERT_FATAL(v && m && names);
    bcv_enter(v, 8);
    bcv_enter(v, 17);
    for (size_t i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(bcv_record(v, 17, types[i], type_n[i]), 0);
        CU_ASSERT_EQUAL(bcr_type_record(names, types[i], type_n[i]), 0);
    }
    char why[64];
    for (size_t i = 0; i < 8; i++)
        CU_ASSERT_EQUAL(bcm_record(m, md[i], md_n[i], NULL, 0, i, why, sizeof why), 0);
    uint64_t ops[32];
    size_t n = 0;
    bt_chars(ops, 4, "dx.resources", &n);
    CU_ASSERT_EQUAL(bcm_record(m, ops, n, NULL, 0, 8, why, sizeof why), 0);
    const uint64_t named[] = {10, 7};
    CU_ASSERT_EQUAL(bcm_record(m, named, 2, NULL, 0, 8, why, sizeof why), 0);
    bc_restypes *t = bcr_finish(names, v, m);
    CU_ASSERT_FATAL(t != NULL);
    CU_ASSERT_EQUAL(t->n, 3);
    const bc_restype *s = bc_restypes_find(t, 0, 0);
    CU_ASSERT_TRUE(s && s->name && !strcmp(s->name, "S") && !s->problem);
    s = bc_restypes_find(t, 0, 1);
    CU_ASSERT_TRUE(s && !s->name && s->problem && strstr(s->problem, "not a pointer"));
    s = bc_restypes_find(t, 0, 2);
    CU_ASSERT_TRUE(s && !s->name && s->problem && strstr(s->problem, "not a named struct"));
    CU_ASSERT_PTR_NULL(bc_restypes_find(t, 1, 0));
    bc_restypes_free(t);
    bcr_destroy(names);
    bcm_destroy(m);
    bcv_destroy(v);
}

typedef struct tb_corpus {
    size_t files, found, differ;
} tb_corpus;

static void tb_site_corpus_file(const char *path, void *user)
{
    tb_corpus *t = user;
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    const uint8_t *bc;
    size_t bc_size;
    if (!data || dxil_locate_bitcode(data, size, NULL, &bc, &bc_size, NULL, NULL) != 0) {
        free(data);
        return;
    }
    t->files++;
    uint8_t *out = NULL;
    size_t out_size = 0;
    char *orig = NULL;
    if (bitcode_fix_datalayout(bc, bc_size, 0, &out, &out_size, &orig, NULL) == 0) {
        int rc = tb_site_differs(bc, bc_size, out, out_size, orig);
        t->found += rc >= 0;
        t->differ += rc != 0;
        if (rc != 0)
            fprintf(stderr, "%s: the datalayout fix from the validator's site %s\n", path,
                    rc < 0 ? "found no record" : "differs from the walk's");
    }
    free(out);
    free(orig);
    free(data);
}

/* Every corpus shader: the validator notes its datalayout record, and the
 * fix from there gives the same bytes and original as the walk. */
static void test_rewrite_site_corpus(void)
{
    tb_corpus t = {0};
    if (tu_each_corpus_file(tb_site_corpus_file, &t) == 0)
        return;
    CU_ASSERT(t.files > 900);
    CU_ASSERT_EQUAL(t.found, t.files);
    CU_ASSERT_EQUAL(t.differ, 0);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"fixed and VBR round trip", test_fixed_and_vbr_roundtrip},
        {"dx.resources class types from TYPE and METADATA records", test_resource_class_types},
        {"unabbreviated record grows", test_rewrite_unabbreviated_grows},
        {"abbreviated record grows", test_rewrite_abbreviated_grows},
        {"record shrinks", test_rewrite_shrinks},
        {"odd size change re-emits the rest", test_rewrite_unalignable},
        {"padded VBR reads back", test_padded_vbr},
        {"aligned rewrite copies the rest", test_rewrite_copies_rest_undecoded},
        {"unchanged or missing layout", test_rewrite_unchanged_and_missing},
        {"malformed streams rejected", test_rewrite_rejects_bad_streams},
        {"fix from the validator's site matches the walk (corpus)", test_rewrite_site_corpus},
        {NULL, NULL}};
    tu_add_suite("bitstream", cases);
    return 0;
}
