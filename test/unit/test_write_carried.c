/* The carried parts in side metadata (!dxu.parts, !dxu.container; see
 * docs/side-metadata.md). Bytes: every byte value survives the text
 * printer and parser and the bitcode writer and reader. Malformed nodes:
 * a diagnostic naming the node, never a crash. Corpus: each container is
 * raised, printed as .ll, parsed again; the carried parts read back must
 * be the file's own byte for byte, and the container written from the
 * lowered module, the file's DXIL bitcode and those parts must be the
 * file. */
#include "common/side_metadata.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_write.h"
#include "test_util.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMModuleRef ct_parse(LLVMContextRef ctx, const char *text)
{
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "test.ll");
    LLVMModuleRef m = NULL;
    char *err = NULL;
    if (LLVMParseIRInContext(ctx, buf, &m, &err)) {
        fprintf(stderr, "parse: %s\n", err);
        LLVMDisposeMessage(err);
        return NULL;
    }
    return m;
}

/* A module whose !dxu.parts holds one part with every byte value. */
static LLVMModuleRef ct_all_bytes(LLVMContextRef ctx, uint8_t *bytes)
{
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("bytes", ctx);
    for (int i = 0; i < 256; i++)
        bytes[i] = (uint8_t)(255 - i);
    LLVMMetadataRef ops[2] = {LLVMMDStringInContext2(ctx, "RTS0", 4),
                              LLVMMDStringInContext2(ctx, (const char *)bytes, 256)};
    LLVMValueRef node = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, ops, 2));
    LLVMAddNamedMetadataOperand(m, DXU_MD_PARTS, node);
    return m;
}

static void ct_expect_bytes(LLVMModuleRef m, const uint8_t *bytes)
{
    dxil_write_carried c;
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_FATAL(dxil_write_carried_from_module(m, &c, NULL) == 0);
    CU_ASSERT_EQUAL_FATAL(c.count, 1);
    CU_ASSERT_STRING_EQUAL(c.parts[0].fourcc, "RTS0");
    CU_ASSERT_EQUAL(c.parts[0].size, 256);
    CU_ASSERT(c.parts[0].size == 256 && memcmp(c.parts[0].data, bytes, 256) == 0);
    CU_ASSERT_EQUAL(c.digest, DXIL_HASH_OK); /* no !dxu.container: DXC's defaults */
    dxil_write_carried_free(&c);
}

static void test_bytes_round_trip(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    uint8_t bytes[256];
    LLVMModuleRef m = ct_all_bytes(ctx, bytes);
    char *text = LLVMPrintModuleToString(m);
    LLVMModuleRef from_text = ct_parse(ctx, text);
    ct_expect_bytes(from_text, bytes);
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
    LLVMModuleRef from_bc = NULL;
    CU_ASSERT_FATAL(LLVMParseBitcodeInContext2(ctx, bc, &from_bc) == 0);
    ct_expect_bytes(from_bc, bytes);
    LLVMDisposeMessage(text);
    LLVMDisposeMemoryBuffer(bc);
    LLVMDisposeModule(from_text);
    LLVMDisposeModule(from_bc);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

/* Each malformed form fails with a diagnostic naming its node. */
static void test_malformed(void)
{
    static const struct {
        const char *text, *node;
    } bad[] = {
        {"!dxu.parts = !{!0}\n!0 = !{!\"RTS0\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{!\"RTS0\", i32 1}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{!\"RTS\", !\"x\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{!\"R\\00S0\", !\"x\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{!\"DXIL\", !\"x\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0, !0}\n!0 = !{!\"VERS\", !\"x\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{i32 1, !\"x\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{null, !\"x\"}\n", "dxu.parts"},
        {"!dxu.parts = !{!0}\n!0 = !{!\"VERS\", null}\n", "dxu.parts"},
        {"!dxu.container = !{!0}\n!0 = !{null, i32 1}\n", "dxu.container"},
        {"!dxu.container = !{!0}\n!0 = !{!\"digest\", null}\n", "dxu.container"},
        {"!dxu.container = !{!0}\n!0 = !{!\"digest\", !\"mismatch\"}\n", "dxu.container"},
        {"!dxu.container = !{!0}\n!0 = !{!\"digest\"}\n", "dxu.container"},
        {"!dxu.container = !{!0}\n!0 = !{!\"psvInfoSize\", !\"52\"}\n", "dxu.container"},
        {"!dxu.container = !{!0}\n!0 = !{!\"colour\", i32 1}\n", "dxu.container"},
    };
    LLVMContextRef ctx = LLVMContextCreate();
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        LLVMModuleRef m = ct_parse(ctx, bad[i].text);
        CU_ASSERT_FATAL(m != NULL);
        dxil_diags *d = dxil_diags_create();
        dxil_write_carried c;
        CU_ASSERT_EQUAL(dxil_write_carried_from_module(m, &c, d), -1);
        CU_ASSERT_PTR_NULL(c.parts);
        CU_ASSERT_EQUAL(dxil_diags_error_count(d), 1);
        const dxil_diag *g = dxil_diags_count(d) ? dxil_diags_get(d, 0) : NULL;
        CU_ASSERT(g && strstr(g->message, bad[i].node) != NULL);
        if (!g || !strstr(g->message, bad[i].node))
            fprintf(stderr, "case %zu: %s\n", i, g ? g->message : "(no diagnostic)");
        dxil_diags_destroy(d);
        LLVMDisposeModule(m);
    }
    LLVMContextDispose(ctx);
    CU_ASSERT(side_md_is(DXU_MD_PARTS, DXIL_SIDE_MD_BOOKKEEPING));
    CU_ASSERT(side_md_is(DXU_MD_CONTAINER, DXIL_SIDE_MD_BOOKKEEPING));
}

/* A well-formed !dxu.container is read field by field. */
static void test_container_facts(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = ct_parse(ctx, "!dxu.container = !{!0, !1, !2}\n"
                                    "!0 = !{!\"digest\", !\"bypass\"}\n"
                                    "!1 = !{!\"hashIncludesSource\", i32 1}\n"
                                    "!2 = !{!\"psvInfoSize\", i32 36}\n");
    dxil_write_carried c;
    CU_ASSERT_FATAL(m && dxil_write_carried_from_module(m, &c, NULL) == 0);
    CU_ASSERT_EQUAL(c.digest, DXIL_HASH_BYPASS);
    CU_ASSERT(c.hash_includes_source);
    CU_ASSERT_EQUAL(c.psv_info_size, 36);
    CU_ASSERT_EQUAL(c.count, 0);
    dxil_write_input in = {0};
    dxil_write_input_use_carried(&in, &c);
    CU_ASSERT_EQUAL(in.digest, DXIL_HASH_BYPASS);
    CU_ASSERT_EQUAL(in.options.psv_info_size, 36);
    dxil_write_carried_free(&c);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

typedef struct ct_totals {
    size_t files, raised, parts, parts_same, files_parts_same, written_same;
    size_t ll_bytes, ll_parts_bytes; /* printed .ll size, and what the parts add */
    bool verbose;
} ct_totals;

/* The file's own carried parts: every part the writer does not build. */
static bool ct_same_parts(const uint8_t *data, const dxil_container *c,
                          const dxil_write_carried *got, ct_totals *t)
{
    static const char *const regen = "SFI0 ISG1 OSG1 PSG1 PSV0 HASH DXIL";
    size_t k = 0;
    bool same = true;
    for (uint32_t i = 0; i < c->part_count; i++) {
        const dxil_part *p = &c->parts[i];
        if (strstr(regen, p->name))
            continue;
        t->parts++;
        const dxil_write_part *w = k < got->count ? &got->parts[k] : NULL;
        k++;
        bool ok = w && strcmp(w->fourcc, p->name) == 0 && w->size == p->size &&
                  memcmp(w->data, data + p->data_offset, p->size) == 0;
        t->parts_same += ok;
        same &= ok;
    }
    return same && k == got->count;
}

static dxil_module *ct_load(const void *data, size_t size, const char *name, bool raise)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    return dxil_module_load_memory(data, size, name, &o, NULL);
}

/* The container from the lowered module, the file's bitcode and got. */
static bool ct_write_same(const uint8_t *data, size_t size, const dxil_container *c,
                          dxil_module *lowered, const dxil_write_carried *got)
{
    dxil_program_header ph;
    const dxil_part *dxil = dxil_container_find(c, "DXIL");
    if (!dxil || dxil_program_header_parse(data, size, dxil, &ph, NULL) != 0)
        return false;
    dxil_write_input in = {.module = dxil_module_llvm(lowered),
                           .bitcode = data + ph.bitcode_file_offset,
                           .bitcode_size = ph.bitcode_size};
    dxil_write_input_use_carried(&in, got);
    uint8_t *out = NULL;
    size_t out_size = 0;
    bool same = dxil_container_write(&in, &out, &out_size, NULL) == 0 && out_size == size &&
                memcmp(out, data, size) == 0;
    free(out);
    return same;
}

/* Raise, print, parse the text again, read the parts back, lower, write. */
static void ct_file(const char *path, const uint8_t *data, size_t size, const dxil_container *c,
                    ct_totals *t)
{
    dxil_module *raised = ct_load(data, size, path, true);
    void *text = NULL;
    size_t text_size = 0;
    if (!raised || dxil_module_write_memory(raised, DXIL_EMIT_LL, &text, &text_size, NULL)) {
        dxil_module_destroy(raised);
        return;
    }
    dxil_module_destroy(raised);
    t->raised++;
    t->ll_bytes += text_size;
    dxil_module *m = ct_load(text, text_size, path, false);
    dxil_write_carried got;
    if (m && dxil_write_carried_from_module(dxil_module_llvm(m), &got, NULL) == 0) {
        for (size_t i = 0; i < got.count; i++)
            t->ll_parts_bytes += got.parts[i].size; /* at least; escapes add more */
        bool parts_same = ct_same_parts(data, c, &got, t);
        t->files_parts_same += parts_same;
        bool written = dxil_module_lower(m, NULL, NULL) == 0 &&
                       ct_write_same(data, size, c, m, &got);
        t->written_same += written;
        if (t->verbose && (!parts_same || !written))
            fprintf(stderr, "%s: parts %s, container %s\n", path, parts_same ? "same" : "DIFFER",
                    written ? "same" : "DIFFERS");
        dxil_write_carried_free(&got);
    }
    dxil_module_destroy(m);
    free(text);
}

static void ct_row(const char *path, void *user)
{
    ct_totals *t = user;
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    dxil_container c;
    t->files++;
    if (data && dxil_container_parse(data, size, &c, NULL) == 0) {
        ct_file(path, data, size, &c, t);
        dxil_container_free(&c);
    }
    free(data);
}

static void test_corpus_carried(void)
{
    ct_totals t = {.verbose = getenv("DXIL_WRITE_VERBOSE") != NULL};
    size_t n = tu_each_corpus_file(ct_row, &t);
    CU_ASSERT(n >= 900);
    printf("\n  corpus: %zu files, %zu raised; carried parts read back from the .ll: %zu of "
           "%zu identical (%zu files all identical)\n  written from the re-parsed .ll: %zu of "
           "%zu identical to the file\n  .ll size %zu bytes, of which carried part data %zu\n",
           n, t.raised, t.parts_same, t.parts, t.files_parts_same, t.written_same, n,
           t.ll_bytes, t.ll_parts_bytes);
    CU_ASSERT_EQUAL(t.raised, n);
    CU_ASSERT(t.parts >= 400); /* RTS0 89, STAT 232, RDAT 69, VERS 45, ILDN, ILDB */
    CU_ASSERT_EQUAL(t.parts_same, t.parts);
    CU_ASSERT_EQUAL(t.files_parts_same, n);
    CU_ASSERT_EQUAL(t.written_same, n);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"every byte value survives .ll and .bc", test_bytes_round_trip},
        {"malformed !dxu.parts / !dxu.container are diagnosed", test_malformed},
        {"!dxu.container fields", test_container_facts},
        {NULL, NULL}};
    tu_add_suite("carried parts metadata", cases);
    if (!tu_shared_dir())
        return 0; /* the corpus suite is skipped, with the reason printed */
    static const tu_case corpus[] = {
        {"carried parts survive raise + .ll, and the container is rewritten exactly",
         test_corpus_carried},
        {NULL, NULL}};
    tu_add_suite("corpus carried parts", corpus);
    return 0;
}
