/* DXIL in, DXIL out over memory (dxil_lower_write_container) and the
 * binary round trip (dxil_roundtrip_binary). Nothing here depends on how
 * the bitcode is encoded (LLVM 3.7 or the interim LLVM 22 writer): each
 * written container is judged by reading it back. Sample: the shipped
 * compute shader, unraised and raised. Carried parts and the digest kind
 * survive a raise and a write; a PSV0 version can be forced. Bad input:
 * a diagnostic and no output. Threads: one module each, equal bytes.
 * Corpus: every file round-trips as a binary. */
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_write.h"
#include "module/ir_compare.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LW_SAMPLE DXIL_TEST_SOURCE_DIR "/samples/compute_sine.ll"

/* What raising the written container must give again. */
#define LW_RAISED_FLAGS                                                                      \
    (DXIL_CMP_CALLS | DXIL_CMP_DX_MD | DXIL_CMP_FN_ATTRS | DXIL_CMP_DECL_ATTRS |              \
     DXIL_CMP_TRIPLE)

/* Whole corpus files that must round-trip as binaries (all, when this was
 * written with the interim LLVM 22 bitcode body). */
#define LW_MIN_CORPUS 909

typedef struct lw_bytes {
    uint8_t *data;
    size_t size;
} lw_bytes;

static dxil_module *lw_load(const void *data, size_t size, const char *name, bool raise)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    return dxil_module_load_memory(data, size, name, &o, NULL);
}

static dxil_module *lw_load_sample(bool raise)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    return dxil_module_load_file(LW_SAMPLE, &o, NULL);
}

/* The sample (raised or not) written as a container; data NULL on error. */
static lw_bytes lw_write_sample(bool raise, const dxil_write_options *wo)
{
    lw_bytes b = {NULL, 0};
    dxil_module *m = lw_load_sample(raise);
    CU_ASSERT_PTR_NOT_NULL(m);
    if (m && dxil_lower_write_container(m, NULL, wo, &b.data, &b.size, NULL) != 0)
        b.data = NULL;
    dxil_module_destroy(m);
    return b;
}

/* The part table's FourCCs, space-separated. */
static void lw_part_list(const lw_bytes *b, char *buf, size_t size)
{
    dxil_container c;
    buf[0] = '\0';
    if (dxil_container_parse(b->data, b->size, &c, NULL) != 0)
        return;
    size_t n = 0;
    for (uint32_t i = 0; i < c.part_count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", c.parts[i].name);
    dxil_container_free(&c);
}

static dxil_hash_status lw_digest(const lw_bytes *b)
{
    dxil_hash_check h;
    CU_ASSERT_FATAL(dxil_container_hash_check(b->data, b->size, &h, NULL) == 0);
    return h.status;
}

/* Raising the written container gives what raising the sample gives. */
static void lw_expect_raises_like_sample(const lw_bytes *b)
{
    dxil_module *want = lw_load_sample(true);
    dxil_module *got = lw_load(b->data, b->size, "written.dxil", true);
    CU_ASSERT_FATAL(want != NULL && got != NULL);
    char msg[1024];
    dxil_cmp_kind k =
        ir_compare(dxil_module_llvm(want), dxil_module_llvm(got), LW_RAISED_FLAGS, msg, sizeof msg);
    CU_ASSERT_EQUAL(k, DXIL_CMP_SAME);
    if (k != DXIL_CMP_SAME)
        fprintf(stderr, "raised again: %s\n", msg);
    dxil_module_destroy(want);
    dxil_module_destroy(got);
}

/* The unraised sample: a signed compute shader container, DXC's parts,
 * the program header from its metadata, and it raises like the sample. */
static void test_sample(void)
{
    lw_bytes b = lw_write_sample(false, NULL);
    CU_ASSERT_FATAL(b.data != NULL);
    CU_ASSERT(b.size > 32 && memcmp(b.data, "DXBC", 4) == 0);
    CU_ASSERT_EQUAL(lw_digest(&b), DXIL_HASH_OK);
    char list[128];
    lw_part_list(&b, list, sizeof list);
    CU_ASSERT_STRING_EQUAL(list, "SFI0 ISG1 OSG1 PSV0 HASH DXIL");
    dxil_container c;
    dxil_program_header h;
    CU_ASSERT_FATAL(dxil_container_parse(b.data, b.size, &c, NULL) == 0);
    CU_ASSERT_FATAL(dxil_program_header_parse(b.data, b.size, dxil_container_find(&c, "DXIL"),
                                              &h, NULL) == 0);
    CU_ASSERT_STRING_EQUAL(dxil_shader_kind_short_name(h.shader_kind), "cs");
    CU_ASSERT(h.sm_major == 6 && h.sm_minor == 0 && h.dxil_major == 1 && h.dxil_minor == 0);
    CU_ASSERT(h.bitcode_size > 0 && memcmp(b.data + h.bitcode_file_offset, "BC\xc0\xde", 4) == 0);
    dxil_container_free(&c);
    lw_expect_raises_like_sample(&b);
    free(b.data);
}

/* Raised first (modern IR in memory): the same container parts and the
 * same raise; writing twice gives the same bytes. */
static void test_raised_sample(void)
{
    lw_bytes a = lw_write_sample(true, NULL), b = lw_write_sample(true, NULL);
    CU_ASSERT_FATAL(a.data != NULL && b.data != NULL);
    char list[128];
    lw_part_list(&a, list, sizeof list);
    CU_ASSERT_STRING_EQUAL(list, "SFI0 ISG1 OSG1 PSV0 HASH DXIL");
    CU_ASSERT(a.size == b.size && memcmp(a.data, b.data, a.size) == 0);
    lw_expect_raises_like_sample(&a);
    free(a.data);
    free(b.data);
}

/* A container always holds DXC's triple and no dxu.* nodes, whatever the
 * lowering options asked for. */
static void test_forced_options(void)
{
    dxil_module *m = lw_load_sample(true);
    CU_ASSERT_FATAL(m != NULL);
    dxil_lower_options lo;
    dxil_lower_options_init(&lo);
    lo.dxc_triple = false;
    lo.keep_side_metadata = true;
    lw_bytes b = {NULL, 0};
    CU_ASSERT_FATAL(dxil_lower_write_container(m, &lo, NULL, &b.data, &b.size, NULL) == 0);
    dxil_module_destroy(m);
    m = lw_load(b.data, b.size, "forced.dxil", false);
    CU_ASSERT_FATAL(m != NULL);
    LLVMModuleRef mod = dxil_module_llvm(m);
    CU_ASSERT_STRING_EQUAL(LLVMGetTarget(mod), "dxil-ms-dx");
    for (LLVMNamedMDNodeRef n = LLVMGetFirstNamedMetadata(mod); n; n = LLVMGetNextNamedMetadata(n)) {
        size_t len = 0;
        const char *name = LLVMGetNamedMetadataName(n, &len);
        /* the loader itself records the datalayout it read */
        bool side = len > 4 && strncmp(name, "dxu.", 4) == 0 && strcmp(name, "dxu.datalayout");
        CU_ASSERT(!side);
        if (side)
            fprintf(stderr, "written: !%.*s\n", (int)len, name);
    }
    dxil_module_destroy(m);
    free(b.data);
}

/* The sample's container with an extra part "XTRA" and no digest. */
static lw_bytes lw_with_extra_part(const lw_bytes *b, const uint8_t *extra, size_t extra_size)
{
    lw_bytes out = {NULL, 0};
    dxil_container c;
    CU_ASSERT_FATAL(dxil_container_parse(b->data, b->size, &c, NULL) == 0);
    dxil_write_part parts[16];
    size_t n = 0;
    for (uint32_t i = 0; i < c.part_count && n < 15; i++, n++) {
        memcpy(parts[n].fourcc, c.parts[i].name, 5);
        parts[n].data = b->data + c.parts[i].data_offset;
        parts[n].size = c.parts[i].size;
    }
    memcpy(parts[n].fourcc, "XTRA", 5);
    parts[n].data = extra;
    parts[n++].size = extra_size;
    CU_ASSERT(dxil_container_assemble(parts, n, DXIL_HASH_UNSIGNED, &out.data, &out.size,
                                      NULL) == 0);
    dxil_container_free(&c);
    return out;
}

/* A part the writer cannot build rides through raise and write byte for
 * byte. A part DXC does not know makes the container invalid
 * (Container.PartInvalid): validated, it is refused; written with
 * DXIL_SIGN_UNVALIDATED it is written, unsigned, the part kept. */
static void test_carried(void)
{
    static const uint8_t extra[] = {0x00, 0xff, 0x22, '\\', 0x7f, 0x0a, 0x80, 0x01};
    lw_bytes w = lw_write_sample(false, NULL);
    CU_ASSERT_FATAL(w.data != NULL);
    lw_bytes in = lw_with_extra_part(&w, extra, sizeof extra);
    CU_ASSERT_FATAL(in.data != NULL);
    dxil_module *m = lw_load(in.data, in.size, "extra.dxil", true);
    CU_ASSERT_FATAL(m != NULL);
    lw_bytes out = {NULL, 0};
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT(dxil_lower_write_container(m, NULL, NULL, &out.data, &out.size, d) != 0);
    CU_ASSERT_PTR_NULL(out.data);
    bool named = false;
    for (size_t i = 0; i < dxil_diags_count(d); i++)
        named |= strstr(dxil_diags_get(d, i)->message, "XTRA") != NULL;
    CU_ASSERT(named);
    dxil_diags_destroy(d);
    dxil_module_destroy(m);
    m = lw_load(in.data, in.size, "extra.dxil", true);
    CU_ASSERT_FATAL(m != NULL);
    dxil_write_options wo = {.sign = DXIL_SIGN_UNVALIDATED};
    CU_ASSERT_FATAL(dxil_lower_write_container(m, NULL, &wo, &out.data, &out.size, NULL) == 0);
    char list[128];
    lw_part_list(&out, list, sizeof list);
    CU_ASSERT_STRING_EQUAL(list, "SFI0 ISG1 OSG1 PSV0 HASH DXIL XTRA");
    CU_ASSERT_EQUAL(lw_digest(&out), DXIL_HASH_UNSIGNED);
    dxil_container c;
    CU_ASSERT_FATAL(dxil_container_parse(out.data, out.size, &c, NULL) == 0);
    const dxil_part *x = dxil_container_find(&c, "XTRA");
    CU_ASSERT(x && x->size == sizeof extra &&
              memcmp(out.data + x->data_offset, extra, sizeof extra) == 0);
    dxil_container_free(&c);
    dxil_module_destroy(m);
    free(w.data);
    free(in.data);
    free(out.data);
}

/* The PSV0 runtime info size (the part's first word) follows the module's
 * validator version (1.8 in the sample: 52 bytes) unless forced; a forced
 * older size is not what DXC's validator rebuilds (PSVRuntimeInfoSize),
 * so such a container is written unvalidated, and refused otherwise. */
static void test_psv_version(void)
{
    static const uint32_t sizes[] = {0, 24, 36};
    static const uint32_t want[] = {52, 24, 36};
    dxil_write_options forced = {.psv_info_size = 24};
    CU_ASSERT_PTR_NULL(lw_write_sample(false, &forced).data);
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        dxil_write_options wo = {.psv_info_size = sizes[i],
                                 .sign = sizes[i] ? DXIL_SIGN_UNVALIDATED : DXIL_SIGN_VALIDATED};
        lw_bytes b = lw_write_sample(false, &wo);
        CU_ASSERT_FATAL(b.data != NULL);
        dxil_container c;
        CU_ASSERT_FATAL(dxil_container_parse(b.data, b.size, &c, NULL) == 0);
        const dxil_part *p = dxil_container_find(&c, "PSV0");
        CU_ASSERT_FATAL(p != NULL && p->size >= 4);
        uint32_t got;
        memcpy(&got, b.data + p->data_offset, 4);
        CU_ASSERT_EQUAL(got, want[i]);
        dxil_container_free(&c);
        free(b.data);
    }
}

/* A vertex shader whose POSITION input claims 5 columns: it lowers and
 * verifies, but no signature part can hold it. */
static const char lw_bad_signature[] =
    "target triple = \"dxil-ms-dx\"\n"
    "define void @main() {\n  ret void\n}\n"
    "!dx.version = !{!0}\n!dx.valver = !{!1}\n!dx.shaderModel = !{!2}\n"
    "!dx.entryPoints = !{!3}\n"
    "!0 = !{i32 1, i32 0}\n!1 = !{i32 1, i32 7}\n!2 = !{!\"vs\", i32 6, i32 0}\n"
    "!3 = !{ptr @main, !\"main\", !4, null, null}\n!4 = !{!5, !7, null}\n!5 = !{!6}\n"
    "!6 = !{i32 0, !\"POSITION\", i8 9, i8 0, !8, i8 0, i32 1, i8 5, i32 0, i8 0, null}\n"
    "!7 = !{!9}\n!8 = !{i32 0}\n"
    "!9 = !{i32 0, !\"SV_Position\", i8 9, i8 3, !8, i8 4, i32 1, i8 4, i32 0, i8 0, null}\n";

/* Modern IR for DXIL 1.0 calling an intrinsic whose op needs DXIL 1.4. */
static const char lw_newer_op[] =
    "target triple = \"dxilv1.0-pc-shadermodel6.0-compute\"\n"
    "define void @main() #0 {\n"
    "  %1 = call i32 @llvm.dx.flattened.thread.id.in.group()\n"
    "  %2 = call i32 @llvm.dx.dot4add.i8packed(i32 %1, i32 %1, i32 %1)\n  ret void\n}\n"
    "declare i32 @llvm.dx.flattened.thread.id.in.group()\n"
    "declare i32 @llvm.dx.dot4add.i8packed(i32, i32, i32)\n"
    "attributes #0 = { \"hlsl.numthreads\"=\"4,1,1\" \"hlsl.shader\"=\"compute\" }\n";

/* A raised module whose carried parts are malformed (a 3-letter FourCC). */
static const char lw_bad_parts[] =
    "target triple = \"dxilv1.0-pc-shadermodel6.0-compute\"\n"
    "define void @main() #0 {\n  ret void\n}\n"
    "attributes #0 = { \"hlsl.numthreads\"=\"1,1,1\" \"hlsl.shader\"=\"compute\" }\n"
    "!dxu.parts = !{!0}\n!0 = !{!\"RTS\", !\"x\"}\n";

/* Each: -1, no output, and an error with the code and words expected. */
static void test_errors(void)
{
    static const struct {
        const char *text;
        int code;
        const char *words;
    } bad[] = {
        {lw_bad_signature, DXIL_E_PART_WRITE, "ISG1: POSITION"},
        {lw_newer_op, DXIL_E_LOWER, "dot4add"},
        {lw_bad_parts, DXIL_E_PART_WRITE, "dxu.parts"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        dxil_diags *d = dxil_diags_create();
        dxil_module *m = lw_load(bad[i].text, strlen(bad[i].text), "bad.ll", false);
        CU_ASSERT_FATAL(m != NULL);
        uint8_t *out = (uint8_t *)1;
        size_t size = 1;
        CU_ASSERT_EQUAL(dxil_lower_write_container(m, NULL, NULL, &out, &size, d), -1);
        CU_ASSERT(out == NULL && size == 0);
        const dxil_diag *g = NULL;
        for (size_t k = 0; k < dxil_diags_count(d) && !g; k++)
            if (dxil_diags_get(d, k)->severity == DXIL_SEV_ERROR)
                g = dxil_diags_get(d, k);
        CU_ASSERT(g && g->code == bad[i].code && strstr(g->message, bad[i].words));
        if (!g || g->code != bad[i].code || !strstr(g->message, bad[i].words))
            fprintf(stderr, "case %zu: %s\n", i, g ? g->message : "(no error)");
        dxil_module_destroy(m);
        dxil_diags_destroy(d);
    }
    dxil_diags *d = dxil_diags_create();
    uint8_t *out = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL(dxil_lower_write_container(NULL, NULL, NULL, &out, &size, d), -1);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 1);
    dxil_diags_destroy(d);
}

/* One module per thread, at once: the same bytes as alone (no shared
 * state between modules). */
enum { LW_THREADS = 4 };

static void *lw_thread(void *arg)
{
    lw_bytes *b = arg;
    dxil_module *m = lw_load_sample(true);
    if (!m || dxil_lower_write_container(m, NULL, NULL, &b->data, &b->size, NULL) != 0)
        b->data = NULL;
    dxil_module_destroy(m);
    return NULL;
}

static void test_threads(void)
{
    lw_bytes alone = lw_write_sample(true, NULL), got[LW_THREADS] = {{0}};
    pthread_t t[LW_THREADS];
    CU_ASSERT_FATAL(alone.data != NULL);
    for (int i = 0; i < LW_THREADS; i++)
        CU_ASSERT_FATAL(pthread_create(&t[i], NULL, lw_thread, &got[i]) == 0);
    for (int i = 0; i < LW_THREADS; i++) {
        pthread_join(t[i], NULL);
        CU_ASSERT(got[i].data && got[i].size == alone.size &&
                  memcmp(got[i].data, alone.data, alone.size) == 0);
        free(got[i].data);
    }
    free(alone.data);
}

/* The binary round trip on the sample's container: 0 with a part
 * summary; IR text is not a container. */
static void test_roundtrip_binary(void)
{
    lw_bytes b = lw_write_sample(false, NULL);
    CU_ASSERT_FATAL(b.data != NULL);
    char path[] = "/tmp/test_lower_write.XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    CU_ASSERT_FATAL(f && fwrite(b.data, 1, b.size, f) == b.size);
    fclose(f);
    char msg[512];
    unsigned kind = 99;
    CU_ASSERT_EQUAL(dxil_roundtrip_binary(path, 0, msg, sizeof msg, &kind), 0);
    CU_ASSERT(strstr(msg, "parts identical") != NULL);
    remove(path);
    free(b.data);
    CU_ASSERT_EQUAL(dxil_roundtrip_binary(LW_SAMPLE, 0, msg, sizeof msg, &kind), -1);
    CU_ASSERT(strstr(msg, "not a DXContainer") != NULL);
    CU_ASSERT_STRING_EQUAL(dxil_roundtrip_kind_name(DXIL_CMP_KIND_COUNT), "part");
}

typedef struct lw_totals {
    size_t files, same, all_parts, errors, differ;
    char first[1024];
} lw_totals;

static void lw_corpus_one(const char *path, void *user)
{
    lw_totals *t = user;
    char msg[512];
    unsigned kind = 0;
    int rv = dxil_roundtrip_binary(path, 0, msg, sizeof msg, &kind);
    t->files++;
    t->same += rv == 0;
    t->all_parts += rv == 0 && strncmp(msg, "all ", 4) == 0;
    t->errors += rv < 0;
    t->differ += rv > 0;
    if (rv != 0 && !t->first[0])
        snprintf(t->first, sizeof t->first, "%s: %s: %.300s", strrchr(path, '/') + 1,
                 rv < 0 ? "error" : dxil_roundtrip_kind_name(kind), msg);
}

/* Every corpus file: raise, lower, write, read back, compare. How many
 * came out with every part (the bitcode too) byte-identical is printed:
 * the real LLVM 3.7 writer's measure. */
static void test_corpus(void)
{
    lw_totals t = {0};
    tu_each_corpus_file(lw_corpus_one, &t);
    if (t.files == 0) {
        printf("\n  corpus missing: binary round trip skipped\n");
        return;
    }
    printf("\n  binary round trip: %zu of %zu (%zu with every part identical, the bitcode "
           "too), %zu differ, %zu errors\n",
           t.same, t.files, t.all_parts, t.differ, t.errors);
    if (t.first[0])
        printf("    first: %.400s\n", t.first);
    CU_ASSERT(t.same >= LW_MIN_CORPUS);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"the sample as a signed container that raises like the sample", test_sample},
        {"a raised module writes the same parts, deterministically", test_raised_sample},
        {"DXC's triple and no side metadata, whatever the options", test_forced_options},
        {"a carried part and an unsigned digest ride through", test_carried},
        {"PSV0's version follows the validator, or is forced", test_psv_version},
        {"bad input: a diagnostic and no output", test_errors},
        {"one module per thread", test_threads},
        {"the binary round trip of the sample's container", test_roundtrip_binary},
        {"every corpus file round-trips as a binary", test_corpus},
        {NULL, NULL}};
    tu_add_suite("lower_write", cases);
    return 0;
}
