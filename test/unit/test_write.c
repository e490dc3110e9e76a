/* The container writer on hand-built modules: exact bytes of the
 * signature and feature parts, a whole container that decodes, checks
 * against its module and carries DXC's digest, the assembler's order and
 * digest modes, and a DXIL_E_PART_WRITE diagnostic naming part and field
 * (never a crash, never output) for each kind of bad input. */
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_write.h"
#include "container/md5.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A vertex shader: POSITION (float3, used xyz) in, SV_Position out;
 * ShaderFlags 4 (doubles). %s: the input element's column count, then
 * extra metadata lines. */
static const char *const tw_vs =
    "define void @main() {\n  ret void\n}\n"
    "!dx.version = !{!0}\n!dx.valver = !{!1}\n!dx.shaderModel = !{!2}\n"
    "!dx.entryPoints = !{!3}\n%s"
    "!0 = !{i32 1, i32 0}\n!1 = !{i32 1, i32 7}\n!2 = !{!\"vs\", i32 6, i32 0}\n"
    "!3 = !{ptr @main, !\"main\", !4, %s, !10}\n!4 = !{!5, !7, null}\n!5 = !{!6}\n"
    "!6 = !{i32 0, !\"POSITION\", i8 9, i8 0, !8, i8 0, i32 1, i8 %s, i32 0, i8 0, !9}\n"
    "!7 = !{!11}\n"
    "!11 = !{i32 0, !\"SV_Position\", i8 9, i8 3, !8, i8 4, i32 1, i8 4, i32 0, i8 0, null}\n"
    "!8 = !{i32 0}\n!9 = !{i32 3, i32 7}\n!10 = !{i32 0, i64 4}\n%s";

typedef struct tw_module {
    LLVMContextRef ctx;
    LLVMModuleRef m;
} tw_module;

/* Parses the vertex shader with the given pieces; NULL module on error. */
static tw_module tw_parse(const char *named, const char *resources, const char *cols,
                          const char *extra)
{
    tw_module t = {LLVMContextCreate(), NULL};
    char text[4096];
    snprintf(text, sizeof text, tw_vs, named, resources, cols, extra);
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "test.ll");
    char *err = NULL;
    if (LLVMParseIRInContext(t.ctx, buf, &t.m, &err)) {
        fprintf(stderr, "test module: %s\n", err);
        t.m = NULL;
    }
    LLVMDisposeMessage(err);
    return t;
}

static tw_module tw_good(void)
{
    return tw_parse("", "null", "3", "");
}

static void tw_free(tw_module *t)
{
    if (t->m)
        LLVMDisposeModule(t->m);
    LLVMContextDispose(t->ctx);
}

static const uint8_t tw_isg1[52] = {
    1, 0, 0, 0, 8, 0, 0, 0,                                  /* 1 element at 8 */
    0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,         /* stream, name 40, index, sv */
    3, 0, 0, 0, 0, 0, 0, 0, 0x7, 0x7, 0, 0, 0, 0, 0, 0,      /* float, reg 0, xyz, reads xyz */
    'P', 'O', 'S', 'I', 'T', 'I', 'O', 'N', 0, 0, 0, 0};     /* name, padded (1.7) */

static const uint8_t tw_osg1[52] = {
    1, 0, 0, 0, 8, 0, 0, 0,
    0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,         /* SysValue 1: position */
    3, 0, 0, 0, 0, 0, 0, 0, 0xF, 0xF, 0, 0, 0, 0, 0, 0,      /* never writes: no usage */
    'S', 'V', '_', 'P', 'o', 's', 'i', 't', 'i', 'o', 'n', 0};

static void tw_expect(LLVMModuleRef m, const char *fourcc, const uint8_t *want, size_t n)
{
    uint8_t *data = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL_FATAL(dxil_write_part_data(m, fourcc, NULL, &data, &size, NULL), 0);
    CU_ASSERT_EQUAL(size, n);
    CU_ASSERT(size == n && memcmp(data, want, n) == 0);
    free(data);
}

static void test_part_bytes(void)
{
    tw_module t = tw_good();
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.m);
    tw_expect(t.m, "ISG1", tw_isg1, sizeof tw_isg1);
    tw_expect(t.m, "OSG1", tw_osg1, sizeof tw_osg1);
    static const uint8_t sfi0[8] = {1, 0, 0, 0, 0, 0, 0, 0}; /* flag 2 -> Doubles */
    tw_expect(t.m, "SFI0", sfi0, sizeof sfi0);
    tw_free(&t);
}

static const uint8_t tw_bitcode[8] = {'B', 'C', 0xC0, 0xDE, 0x35, 0x14, 0, 0};

/* The whole container decodes, agrees with the module, is signed and
 * hashes the bitcode it carries. */
static void test_container(void)
{
    tw_module t = tw_good();
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.m);
    static const uint8_t rts0[24] = {2, 0, 0, 0}; /* carried as is: RTS0 1.1, empty */
    dxil_write_part carried[] = {{"RTS0", rts0, sizeof rts0}};
    dxil_write_input in = {.module = t.m, .bitcode = tw_bitcode,
                           .bitcode_size = sizeof tw_bitcode, .carried = carried,
                           .carried_count = 1, .digest = DXIL_HASH_OK};
    uint8_t *out = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL_FATAL(dxil_container_write(&in, &out, &size, NULL), 0);
    dxil_parts p;
    CU_ASSERT_EQUAL_FATAL(dxil_parts_decode(out, size, &p, NULL), 0);
    const char *order[] = {"SFI0", "ISG1", "OSG1", "PSV0", "RTS0", "HASH", "DXIL"};
    CU_ASSERT_EQUAL(p.count, 7);
    for (uint32_t i = 0; i < p.count && i < 7; i++)
        CU_ASSERT_STRING_EQUAL(p.parts[i].part.name, order[i]);
    CU_ASSERT_EQUAL(p.hash.status, DXIL_HASH_OK);
    CU_ASSERT_EQUAL(dxil_parts_check_module(&p, t.m, NULL), 0);
    const dxil_psv0 *v = &p.parts[3].u.psv0;
    CU_ASSERT_EQUAL(v->info_size, 48); /* validator 1.7: version 2 */
    CU_ASSERT_EQUAL(v->shader_stage, 1);
    CU_ASSERT_EQUAL(v->sig_input_vectors, 1);
    CU_ASSERT(v->input_count == 1 && strcmp(v->inputs[0].name, "POSITION") == 0);
    CU_ASSERT(v->output_count == 1 && strcmp(v->outputs[0].name, "") == 0);
    uint8_t md5[16];
    md5_digest(tw_bitcode, sizeof tw_bitcode, md5);
    CU_ASSERT(memcmp(p.parts[5].u.hash.digest, md5, 16) == 0);
    CU_ASSERT_EQUAL(p.parts[6].u.program.bitcode_size, sizeof tw_bitcode);
    CU_ASSERT_EQUAL(p.parts[6].u.program.shader_kind, 1);
    dxil_parts_free(&p);
    free(out);
    tw_free(&t);
}

/* With hash_includes_source the HASH part is the MD5 of the bitcode the
 * carried ILDB part holds, flagged 1. */
static void test_hash_source(void)
{
    static const uint8_t debug_bc[8] = {'B', 'C', 0xC0, 0xDE, 1, 2, 3, 4};
    uint8_t ildb[32] = {0x00, 0x00, 0x01, 0x00, 8, 0, 0, 0, 'D', 'X', 'I', 'L', 0, 1, 0, 0,
                        16, 0, 0, 0, 8, 0, 0, 0};
    memcpy(ildb + 24, debug_bc, 8);
    tw_module t = tw_good();
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.m);
    dxil_write_part carried[] = {{"ILDB", ildb, sizeof ildb}};
    dxil_write_input in = {.module = t.m, .bitcode = tw_bitcode,
                           .bitcode_size = sizeof tw_bitcode, .carried = carried,
                           .carried_count = 1, .hash_includes_source = true};
    uint8_t *out = NULL, md5[16];
    size_t size = 0;
    CU_ASSERT_EQUAL_FATAL(dxil_container_write(&in, &out, &size, NULL), 0);
    dxil_parts p;
    CU_ASSERT_EQUAL_FATAL(dxil_parts_decode(out, size, &p, NULL), 0);
    const dxil_decoded_part *h = NULL;
    for (uint32_t i = 0; i < p.count; i++)
        if (strcmp(p.parts[i].part.name, "HASH") == 0)
            h = &p.parts[i];
    md5_digest(debug_bc, sizeof debug_bc, md5);
    CU_ASSERT(h && h->u.hash.flags == 1 && memcmp(h->u.hash.digest, md5, 16) == 0);
    CU_ASSERT_EQUAL(p.hash.status, DXIL_HASH_OK); /* the zero default signs */
    dxil_parts_free(&p);
    free(out);
    tw_free(&t);
}

/* Parts come out in DXC's order whatever order they are given in; the
 * digest is DXC's, zero or a sentinel as asked. */
static void test_assemble(void)
{
    static const uint8_t a[4] = {1, 2, 3, 4}, b[8] = {0};
    dxil_write_part parts[] = {{"PRIV", a, 1}, {"DXIL", a, 4}, {"ZZZZ", a, 3}, {"SFI0", b, 8}};
    uint8_t *out = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL_FATAL(
        dxil_container_assemble(parts, 4, DXIL_HASH_UNSIGNED, &out, &size, NULL), 0);
    CU_ASSERT_EQUAL(size, 32 + 16 + 8 + 8 + 8 + 4 + 8 + 3 + 8 + 1);
    CU_ASSERT(memcmp(out, "DXBC", 4) == 0);
    static const uint8_t zero[16] = {0};
    CU_ASSERT(memcmp(out + 4, zero, 16) == 0);
    CU_ASSERT(out[20] == 1 && out[22] == 0 && out[24] == size && out[28] == 4);
    CU_ASSERT(out[32] == 48 && out[36] == 64 && out[40] == 76 && out[44] == 87);
    CU_ASSERT(memcmp(out + 48, "SFI0", 4) == 0); /* first part after the table */
    CU_ASSERT(memcmp(out + 64, "DXIL", 4) == 0);
    CU_ASSERT(memcmp(out + 76, "ZZZZ", 4) == 0); /* other parts after DXIL */
    CU_ASSERT(memcmp(out + 87, "PRIV", 4) == 0); /* private data last */
    free(out);
    dxil_hash_status modes[] = {DXIL_HASH_OK, DXIL_HASH_BYPASS, DXIL_HASH_PREVIEW_BYPASS};
    for (int i = 0; i < 3; i++) {
        dxil_hash_check h;
        CU_ASSERT_EQUAL_FATAL(dxil_container_assemble(parts, 4, modes[i], &out, &size, NULL), 0);
        CU_ASSERT(dxil_container_hash_check(out, size, &h, NULL) == 0 && h.status == modes[i]);
        free(out);
    }
}

/* One DXIL_E_PART_WRITE error naming part and field; no output. */
static void tw_expect_error(int rc, uint8_t *out, dxil_diags *d, const char *part,
                            const char *field)
{
    CU_ASSERT_EQUAL(rc, -1);
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 1);
    const dxil_diag *g = dxil_diags_count(d) ? dxil_diags_get(d, 0) : NULL;
    CU_ASSERT(g && g->code == DXIL_E_PART_WRITE);
    CU_ASSERT(g && strstr(g->message, part) && strstr(g->message, field));
    if (g && !(strstr(g->message, part) && strstr(g->message, field)))
        fprintf(stderr, "unexpected diagnostic: %s\n", g->message);
    free(out);
    dxil_diags_clear(d);
}

static void tw_bad_part(const char *named, const char *res, const char *cols,
                        const char *extra, const char *fourcc, const char *part,
                        const char *field)
{
    tw_module t = tw_parse(named, res, cols, extra);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.m);
    dxil_diags *d = dxil_diags_create();
    uint8_t *out = NULL;
    size_t size = 0;
    int rc = dxil_write_part_data(t.m, fourcc, NULL, &out, &size, d);
    tw_expect_error(rc, out, d, part, field);
    dxil_diags_destroy(d);
    tw_free(&t);
}

static void test_bad_metadata(void)
{
    tw_bad_part("", "null", "5", "", "ISG1", "ISG1", "POSITION");
    tw_bad_part("", "null", "3", "", "ABCD", "ABCD", "FourCC");
    tw_bad_part("!dx.resources = !{!20}\n", "null", "3",
                "!20 = !{null, null, !21, null}\n!21 = !{!22}\n!22 = !{i32 0, !\"cb\"}\n",
                "PSV0", "PSV0", "dx.resources");
    tw_bad_part("!dx.viewIdState = !{!20}\n", "null", "3", "!20 = !{[2 x i32] [i32 4, i32 4]}\n",
                "PSV0", "PSV0", "dx.viewIdState");
    tw_module t = tw_parse("", "null", "3", "");
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.m);
    dxil_diags *d = dxil_diags_create();
    uint8_t *out = NULL;
    size_t size = 0;
    dxil_write_options opts = {.psv_info_size = 40};
    tw_expect_error(dxil_write_part_data(t.m, "PSV0", &opts, &out, &size, d), out, d, "PSV0",
                    "runtime info size");
    tw_expect_error(dxil_write_part_data(NULL, "SFI0", NULL, &out, &size, d), out, d,
                    "container", "module");
    dxil_write_part dup[] = {{"SFI0", "x", 1}, {"SFI0", "y", 1}};
    tw_expect_error(dxil_container_assemble(dup, 2, DXIL_HASH_OK, &out, &size, d), out, d,
                    "SFI0", "FourCC");
    tw_expect_error(dxil_container_assemble(dup, 1, DXIL_HASH_MISMATCH, &out, &size, d), out, d,
                    "container", "digest");
    dxil_write_input in = {.module = t.m};
    tw_expect_error(dxil_container_write(&in, &out, &size, d), out, d, "DXIL", "bitcode");
    in = (dxil_write_input){.module = t.m, .bitcode = tw_bitcode,
                            .bitcode_size = sizeof tw_bitcode, .hash_includes_source = true};
    tw_expect_error(dxil_container_write(&in, &out, &size, d), out, d, "HASH", "ILDB");
    dxil_write_part ildb[] = {{"ILDB", tw_bitcode, sizeof tw_bitcode}}; /* no room for a header */
    in.carried = ildb;
    in.carried_count = 1;
    tw_expect_error(dxil_container_write(&in, &out, &size, d), out, d, "HASH", "ILDB");
    dxil_diags_destroy(d);
    tw_free(&t);
}

/* The good module printed, with `from` replaced by `to`, parsed again. */
static tw_module tw_edited(const char *from, const char *to)
{
    tw_module good = tw_good(), t = {LLVMContextCreate(), NULL};
    char *text = good.m ? LLVMPrintModuleToString(good.m) : NULL;
    char *at = text ? strstr(text, from) : NULL;
    tw_free(&good);
    size_t n = text ? strlen(text) + strlen(to) + 1 : 0;
    char *edited = at ? malloc(n) : NULL;
    if (edited) {
        snprintf(edited, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
        LLVMMemoryBufferRef buf =
            LLVMCreateMemoryBufferWithMemoryRangeCopy(edited, strlen(edited), "edited.ll");
        free(edited);
        char *err = NULL;
        if (LLVMParseIRInContext(t.ctx, buf, &t.m, &err))
            t.m = NULL;
        LLVMDisposeMessage(err);
    }
    LLVMDisposeMessage(text);
    return t;
}

/* A module without dx.shaderModel names that node; a library has no
 * signature parts. */
static void test_shader_model(void)
{
    static const char *const edits[][5] = {
        {"!dx.shaderModel = ", "!dx.shaderMode_ = ", "SFI0", "DXIL", "dx.shaderModel"},
        {"!\"vs\"", "!\"ab\"", "SFI0", "DXIL", "unknown shader kind"},
        {"!\"vs\", i32 6, i32 0", "!\"lib\", i32 6, i32 3", "ISG1", "ISG1", "library"}};
    dxil_diags *d = dxil_diags_create();
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
        tw_module t = tw_edited(edits[i][0], edits[i][1]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t.m);
        uint8_t *out = NULL;
        size_t size = 0;
        tw_expect_error(dxil_write_part_data(t.m, edits[i][2], NULL, &out, &size, d), out, d,
                        edits[i][3], edits[i][4]);
        tw_free(&t);
    }
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"signature and feature parts byte for byte", test_part_bytes},
        {"a whole container decodes, checks and is signed", test_container},
        {"a source-dependent HASH hashes the ILDB bitcode", test_hash_source},
        {"the assembler orders parts and writes the digest asked for", test_assemble},
        {"bad metadata and input get a diagnostic naming part and field", test_bad_metadata},
        {"a missing or odd shader model is refused", test_shader_model},
        {NULL, NULL}};
    tu_add_suite("write", cases);
    return 0;
}
