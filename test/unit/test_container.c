/* Container reader: well-formed containers and each way one can be broken. */
#include "common/byteio.h"
#include "dxil-upgrade/dxil_container.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

/* Builds a container with the given parts in memory; returns its size. */
typedef struct tc_part {
    const char *fourcc;
    const uint8_t *data;
    uint32_t size;
} tc_part;

static size_t tc_build(uint8_t *buf, const tc_part *parts, uint32_t n)
{
    size_t pos = DXIL_CONTAINER_HEADER_SIZE + 4 * n;
    memset(buf, 0, pos);
    memcpy(buf, "DXBC", 4);
    buf[20] = 1;
    for (uint32_t i = 0; i < n; i++) {
        wr_le32(buf + DXIL_CONTAINER_HEADER_SIZE + 4 * i, (uint32_t)pos);
        memcpy(buf + pos, parts[i].fourcc, 4);
        wr_le32(buf + pos + 4, parts[i].size);
        if (parts[i].size)
            memcpy(buf + pos + 8, parts[i].data, parts[i].size);
        pos += 8 + parts[i].size;
    }
    wr_le32(buf + 24, (uint32_t)pos);
    wr_le32(buf + 28, n);
    return pos;
}

/* A DXIL program part: 24-byte header followed by 8 bytes of fake bitcode. */
static uint32_t tc_program(uint8_t *p, uint32_t kind, uint32_t bc_offset, uint32_t bc_size)
{
    wr_le32(p, kind << 16 | 6 << 4 | 5);
    wr_le32(p + 4, 8);
    memcpy(p + 8, "DXIL", 4);
    wr_le32(p + 12, 0x105);
    wr_le32(p + 16, bc_offset);
    wr_le32(p + 20, bc_size);
    static const uint8_t bc[8] = {'B', 'C', 0xC0, 0xDE, 0x35, 0x14, 0, 0};
    memcpy(p + 24, bc, 8);
    return 32;
}

static uint8_t tc_buf[4096];

static size_t tc_good(void)
{
    uint8_t prog[32], sfi0[8] = {1, 0, 0, 0, 0, 0, 0, 0};
    tc_program(prog, 5, 16, 8);
    tc_part parts[] = {{"SFI0", sfi0, 8}, {"DXIL", prog, 32}};
    return tc_build(tc_buf, parts, 2);
}

static dxil_diags *tc_diags;

static int tc_first_code(void)
{
    const dxil_diag *d = dxil_diags_get(tc_diags, 0);
    return d ? d->code : 0;
}

static void test_good_container(void)
{
    size_t n = tc_good();
    dxil_container c;
    dxil_diags_clear(tc_diags);
    CU_ASSERT_EQUAL_FATAL(dxil_container_parse(tc_buf, n, &c, tc_diags), 0);
    CU_ASSERT_EQUAL(c.part_count, 2);
    CU_ASSERT_STRING_EQUAL(c.parts[0].name, "SFI0");
    CU_ASSERT_EQUAL(c.parts[1].size, 32);
    const dxil_part *dxil = dxil_container_find(&c, "DXIL");
    CU_ASSERT_PTR_NOT_NULL_FATAL(dxil);
    CU_ASSERT_PTR_NULL(dxil_container_find(&c, "ILDB"));
    dxil_program_header h;
    CU_ASSERT_EQUAL_FATAL(dxil_program_header_parse(tc_buf, n, dxil, &h, tc_diags), 0);
    CU_ASSERT_EQUAL(h.shader_kind, 5);
    CU_ASSERT_EQUAL(h.sm_major, 6);
    CU_ASSERT_EQUAL(h.sm_minor, 5);
    CU_ASSERT_EQUAL(h.dxil_major, 1);
    CU_ASSERT_EQUAL(h.dxil_minor, 5);
    CU_ASSERT_EQUAL(h.bitcode_size, 8);
    CU_ASSERT_EQUAL(h.bitcode_file_offset, dxil->data_offset + 24);
    CU_ASSERT_EQUAL(dxil_diags_count(tc_diags), 0);
    dxil_container_free(&c);
}

static void test_detect_input(void)
{
    static const uint8_t bc[] = {'B', 'C', 0xC0, 0xDE};
    static const uint8_t wrapper[] = {0xDE, 0xC0, 0x17, 0x0B};
    static const uint8_t junk[] = {0, 1, 2, 3};
    CU_ASSERT_EQUAL(dxil_detect_input(tc_buf, tc_good()), DXIL_INPUT_CONTAINER);
    CU_ASSERT_EQUAL(dxil_detect_input(bc, 4), DXIL_INPUT_BITCODE);
    CU_ASSERT_EQUAL(dxil_detect_input(wrapper, 4), DXIL_INPUT_WRAPPER);
    CU_ASSERT_EQUAL(dxil_detect_input("define void @f() {\n", 19), DXIL_INPUT_TEXT);
    CU_ASSERT_EQUAL(dxil_detect_input(junk, 4), DXIL_INPUT_UNKNOWN);
    CU_ASSERT_EQUAL(dxil_detect_input(junk, 0), DXIL_INPUT_UNKNOWN);
}

/* Expects parse (and, if it passes, bitcode location) to fail with code. */
static void tc_expect_error(const uint8_t *data, size_t size, int code)
{
    const uint8_t *bc;
    size_t bc_size;
    dxil_diags_clear(tc_diags);
    CU_ASSERT_NOT_EQUAL(dxil_locate_bitcode(data, size, NULL, &bc, &bc_size, NULL, tc_diags), 0);
    CU_ASSERT_EQUAL(tc_first_code(), code);
    const dxil_diag *d = dxil_diags_get(tc_diags, 0);
    CU_ASSERT(d && d->message && d->message[0]);
}

static void test_truncated_header(void)
{
    size_t n = tc_good();
    for (size_t cut = 4; cut < DXIL_CONTAINER_HEADER_SIZE; cut += 4)
        tc_expect_error(tc_buf, cut, DXIL_E_CONTAINER_TRUNCATED);
    /* Cut anywhere in the part data: the declared size no longer fits. */
    tc_expect_error(tc_buf, n - 1, DXIL_E_CONTAINER_TRUNCATED);
}

static void test_part_offset_past_end(void)
{
    size_t n = tc_good();
    wr_le32(tc_buf + DXIL_CONTAINER_HEADER_SIZE + 4, (uint32_t)n + 100);
    tc_expect_error(tc_buf, n, DXIL_E_PART_OUT_OF_RANGE);
    tc_good();
    wr_le32(tc_buf + DXIL_CONTAINER_HEADER_SIZE, 2); /* inside the header */
    tc_expect_error(tc_buf, n, DXIL_E_PART_OUT_OF_RANGE);
}

static void test_part_size_past_end(void)
{
    size_t n = tc_good();
    uint32_t off = rd_le32(tc_buf + DXIL_CONTAINER_HEADER_SIZE + 4);
    wr_le32(tc_buf + off + 4, 0xFFFFFFF0u);
    tc_expect_error(tc_buf, n, DXIL_E_PART_OUT_OF_RANGE);
}

static void test_overlapping_parts(void)
{
    size_t n = tc_good();
    /* Point the second part at the first one's data. */
    uint32_t first = rd_le32(tc_buf + DXIL_CONTAINER_HEADER_SIZE);
    wr_le32(tc_buf + DXIL_CONTAINER_HEADER_SIZE + 4, first + 4);
    tc_expect_error(tc_buf, n, DXIL_E_PART_OVERLAP);
}

static void test_zero_size_part(void)
{
    uint8_t prog[32];
    tc_program(prog, 0, 16, 8);
    tc_part parts[] = {{"RDAT", NULL, 0}, {"DXIL", prog, 32}};
    size_t n = tc_build(tc_buf, parts, 2);
    dxil_container c;
    dxil_diags_clear(tc_diags);
    CU_ASSERT_EQUAL_FATAL(dxil_container_parse(tc_buf, n, &c, tc_diags), 0);
    CU_ASSERT_EQUAL(tc_first_code(), DXIL_W_PART_EMPTY);
    CU_ASSERT_EQUAL(dxil_diags_error_count(tc_diags), 0);
    dxil_container_free(&c);
    /* An empty DXIL part is an error: it cannot hold a program. */
    tc_part empty[] = {{"DXIL", NULL, 0}};
    n = tc_build(tc_buf, empty, 1);
    const uint8_t *bc;
    size_t bc_size;
    dxil_diags_clear(tc_diags);
    CU_ASSERT_NOT_EQUAL(dxil_locate_bitcode(tc_buf, n, NULL, &bc, &bc_size, NULL, tc_diags), 0);
    CU_ASSERT(dxil_diags_error_count(tc_diags) > 0);
}

static void test_bitcode_out_of_range(void)
{
    uint8_t prog[32];
    tc_program(prog, 5, 16, 64); /* 64 bytes claimed, 8 present */
    tc_part parts[] = {{"DXIL", prog, 32}};
    size_t n = tc_build(tc_buf, parts, 1);
    tc_expect_error(tc_buf, n, DXIL_E_BITCODE_OUT_OF_RANGE);
    tc_program(prog, 5, 4, 8); /* offset inside the bitcode header */
    n = tc_build(tc_buf, parts, 1);
    tc_expect_error(tc_buf, n, DXIL_E_BITCODE_OUT_OF_RANGE);
    tc_program(prog, 5, 0xFFFFFFF0u, 0x20); /* 32-bit wrap-around */
    n = tc_build(tc_buf, parts, 1);
    tc_expect_error(tc_buf, n, DXIL_E_BITCODE_OUT_OF_RANGE);
}

static void test_missing_dxil_part(void)
{
    uint8_t sfi0[8] = {0};
    tc_part parts[] = {{"SFI0", sfi0, 8}};
    size_t n = tc_build(tc_buf, parts, 1);
    tc_expect_error(tc_buf, n, DXIL_E_PART_MISSING);
}

static void test_bad_program_magic(void)
{
    uint8_t prog[32];
    tc_program(prog, 5, 16, 8);
    memcpy(prog + 8, "DXBC", 4);
    tc_part parts[] = {{"DXIL", prog, 32}};
    size_t n = tc_build(tc_buf, parts, 1);
    tc_expect_error(tc_buf, n, DXIL_E_PROGRAM_HEADER);
}

static void test_huge_part_count(void)
{
    size_t n = tc_good();
    wr_le32(tc_buf + 28, 0x40000000u);
    tc_expect_error(tc_buf, n, DXIL_E_CONTAINER_BAD_SIZE);
}

static void test_select_other_part(void)
{
    uint8_t prog[32], dbg[32];
    tc_program(prog, 5, 16, 8);
    tc_program(dbg, 1, 16, 8);
    tc_part parts[] = {{"DXIL", prog, 32}, {"ILDB", dbg, 32}};
    size_t n = tc_build(tc_buf, parts, 2);
    const uint8_t *bc;
    size_t bc_size;
    dxil_program_header h;
    dxil_diags_clear(tc_diags);
    CU_ASSERT_EQUAL_FATAL(dxil_locate_bitcode(tc_buf, n, "ILDB", &bc, &bc_size, &h, tc_diags), 0);
    CU_ASSERT_EQUAL(h.shader_kind, 1);
    CU_ASSERT_EQUAL(bc_size, 8);
    CU_ASSERT_EQUAL(bc[0], 'B');
}

static void test_wrapper(void)
{
    uint8_t w[28] = {0};
    wr_le32(w, 0x0B17C0DEu);
    wr_le32(w + 8, 20);
    wr_le32(w + 12, 8);
    memcpy(w + 20, "BC\xC0\xDE\x35\x14\0\0", 8);
    const uint8_t *bc;
    size_t bc_size;
    dxil_diags_clear(tc_diags);
    CU_ASSERT_EQUAL_FATAL(dxil_locate_bitcode(w, 28, NULL, &bc, &bc_size, NULL, tc_diags), 0);
    CU_ASSERT_PTR_EQUAL(bc, w + 20);
    CU_ASSERT_EQUAL(bc_size, 8);
    wr_le32(w + 12, 9); /* one byte past the end */
    tc_expect_error(w, 28, DXIL_E_WRAPPER);
}

/* Every corpus container parses, and its header agrees with the manifest. */
static void tc_check_corpus_file(const char *path, void *user)
{
    size_t *failures = user, size;
    uint8_t *data = tu_read_file(path, &size);
    const uint8_t *bc;
    size_t bc_size;
    dxil_program_header h;
    dxil_diags_clear(tc_diags);
    if (!data || dxil_locate_bitcode(data, size, NULL, &bc, &bc_size, &h, tc_diags) != 0 ||
        bc[0] != 'B' || bc[1] != 'C') {
        fprintf(stderr, "corpus file failed: %s\n", path);
        dxil_diags_print(tc_diags, stderr, path);
        ++*failures;
    }
    free(data);
}

static void test_corpus_containers(void)
{
    size_t failures = 0;
    size_t n = tu_each_corpus_file(tc_check_corpus_file, &failures);
    if (n == 0)
        return; /* shared/ missing: message already printed */
    CU_ASSERT_EQUAL(failures, 0);
    CU_ASSERT(n >= 900);
}

int tu_register(void)
{
    tc_diags = dxil_diags_create();
    static const tu_case cases[] = {
        {"good container", test_good_container},
        {"detect input kind", test_detect_input},
        {"truncated header", test_truncated_header},
        {"part offset past end", test_part_offset_past_end},
        {"part size past end", test_part_size_past_end},
        {"overlapping parts", test_overlapping_parts},
        {"zero-size parts", test_zero_size_part},
        {"bitcode out of range", test_bitcode_out_of_range},
        {"missing DXIL part", test_missing_dxil_part},
        {"bad program magic", test_bad_program_magic},
        {"huge part count", test_huge_part_count},
        {"select ILDB part", test_select_other_part},
        {"bitcode wrapper", test_wrapper},
        {"corpus containers", test_corpus_containers},
        {NULL, NULL}};
    tu_add_suite("container", cases);
    return 0;
}
