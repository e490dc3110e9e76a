/* test_malformed_loads.c - hostile inputs through the whole loader (text,
 * containers, wrappers) and over the corpus (truncations, bit flips): a
 * clear error, never a crash. */
#include "malformed_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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


int tu_register(void)
{
    malformed_init();
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
    tu_add_suite("malformed loads", loads);
    tu_add_suite("malformed corpus shaders", corpus);
    return 0;
}
