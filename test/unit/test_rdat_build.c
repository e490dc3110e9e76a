/* RDAT built from a library module (write/rdat_build.c). A small
 * library: the records hold its resources, functions, the resources each
 * uses, its unresolved callees and its entry's kind. Corpus: every
 * library is raised and lowered, its RDAT built from the lowered module
 * and compared byte for byte with DXC's; the identical count is printed
 * with, per differing file (DXIL_RDAT_VERBOSE), the tables that differ. */
#include "container/rdat.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"
#include "write/rdat_build.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char small_lib[] =
    "target datalayout = \"e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-"
    "f64:64-n8:16:32:64\"\n"
    "target triple = \"dxil-ms-dx\"\n"
    "%struct.ByteAddressBuffer = type { i32 }\n"
    "%struct.RWByteAddressBuffer = type { i32 }\n"
    "%dx.types.Handle = type { i8* }\n"
    "%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }\n"
    "@\"\\01?In@@3UByteAddressBuffer@@A\" = external constant %struct.ByteAddressBuffer\n"
    "@\"\\01?Out@@3URWByteAddressBuffer@@A\" = external global %struct.RWByteAddressBuffer\n"
    "define i32 @\"\\01?load@@YAII@Z\"(i32 %a) {\n"
    "  %1 = load %struct.ByteAddressBuffer, %struct.ByteAddressBuffer* "
    "@\"\\01?In@@3UByteAddressBuffer@@A\"\n"
    "  %2 = call %dx.types.Handle @dx.op.createHandleForLib.struct.ByteAddressBuffer(i32 160, "
    "%struct.ByteAddressBuffer %1)\n"
    "  %3 = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %2, "
    "i32 %a, i32 undef, i8 1, i32 4)\n"
    "  %4 = extractvalue %dx.types.ResRet.i32 %3, 0\n"
    "  %5 = call i32 @\"\\01?ext@@YAII@Z\"(i32 %4)\n"
    "  ret i32 %5\n"
    "}\n"
    "define void @main() {\n"
    "  %1 = call i32 @dx.op.threadId.i32(i32 93, i32 0)\n"
    "  %2 = call i32 @\"\\01?load@@YAII@Z\"(i32 %1)\n"
    "  %3 = load %struct.RWByteAddressBuffer, %struct.RWByteAddressBuffer* "
    "@\"\\01?Out@@3URWByteAddressBuffer@@A\"\n"
    "  %4 = call %dx.types.Handle @dx.op.createHandleForLib.struct.RWByteAddressBuffer(i32 160, "
    "%struct.RWByteAddressBuffer %3)\n"
    "  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %4, i32 %1, i32 undef, "
    "i32 %2, i32 undef, i32 undef, i32 undef, i8 1, i32 4)\n"
    "  ret void\n"
    "}\n"
    "declare i32 @\"\\01?ext@@YAII@Z\"(i32)\n"
    "declare i32 @dx.op.threadId.i32(i32, i32)\n"
    "declare %dx.types.Handle @dx.op.createHandleForLib.struct.ByteAddressBuffer(i32, "
    "%struct.ByteAddressBuffer)\n"
    "declare %dx.types.Handle @dx.op.createHandleForLib.struct.RWByteAddressBuffer(i32, "
    "%struct.RWByteAddressBuffer)\n"
    "declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, "
    "i8, i32)\n"
    "declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, "
    "i32, i8, i32)\n"
    "!dx.version = !{!0}\n"
    "!dx.valver = !{!1}\n"
    "!dx.shaderModel = !{!2}\n"
    "!dx.resources = !{!3}\n"
    "!dx.entryPoints = !{!9, !10}\n"
    "!0 = !{i32 1, i32 6}\n"
    "!1 = !{i32 1, i32 8}\n"
    "!2 = !{!\"lib\", i32 6, i32 6}\n"
    "!3 = !{!4, !6, null, null}\n"
    "!4 = !{!5}\n"
    "!5 = !{i32 0, %struct.ByteAddressBuffer* @\"\\01?In@@3UByteAddressBuffer@@A\", !\"In\", "
    "i32 0, i32 0, i32 1, i32 11, i32 0, null}\n"
    "!6 = !{!7}\n"
    "!7 = !{i32 0, %struct.RWByteAddressBuffer* @\"\\01?Out@@3URWByteAddressBuffer@@A\", "
    "!\"Out\", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}\n"
    "!9 = !{null, !\"\", null, !3, null}\n"
    "!10 = !{void ()* @main, !\"main\", null, null, !11}\n"
    "!11 = !{i32 8, i32 5, i32 4, !12, i32 5, !13}\n"
    "!12 = !{i32 8, i32 1, i32 1}\n"
    "!13 = !{i32 0}\n";

static LLVMModuleRef rb_parse(LLVMContextRef ctx, const char *text)
{
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "small.ll");
    LLVMModuleRef m = NULL;
    char *err = NULL;
    if (LLVMParseIRInContext(ctx, buf, &m, &err)) {
        fprintf(stderr, "parse: %s\n", err);
        LLVMDisposeMessage(err);
        return NULL;
    }
    return m;
}

/* RDAT built from m, decoded; 0 or -1. */
static int rb_build(LLVMModuleRef m, wbuf *out, dxil_rdat *d, void **arena, dxil_diags *diags)
{
    write_module wm;
    if (wm_read(&wm, m, diags))
        return -1;
    int rc = write_rdat_build(&wm, NULL, out);
    wm_free(&wm);
    if (rc)
        return -1;
    return rdat_decode(out->p, out->n, d, arena, diags);
}

static const dxil_rdat_function *rb_fn(const dxil_rdat *d, const char *name)
{
    for (uint32_t i = 0; i < d->function_count; i++)
        if (!strcmp(d->functions[i].name, name))
            return &d->functions[i];
    return NULL;
}

static void test_small_library(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = rb_parse(ctx, small_lib);
    CU_ASSERT_FATAL(m != NULL);
    dxil_diags *diags = dxil_diags_create();
    wbuf out = {0};
    dxil_rdat d;
    void *arena = NULL;
    int rc = rb_build(m, &out, &d, &arena, diags);
    if (rc)
        dxil_diags_print(diags, stderr, "small.ll");
    CU_ASSERT_FATAL(rc == 0);
    CU_ASSERT_EQUAL(d.resource_count, 2); /* SRVs before UAVs */
    CU_ASSERT_STRING_EQUAL(d.resources[0].name, "In");
    CU_ASSERT_EQUAL(d.resources[0].res_class, 0);
    CU_ASSERT_EQUAL(d.resources[1].res_class, 1);
    CU_ASSERT_EQUAL(d.resources[1].lower_bound, 1);
    CU_ASSERT_EQUAL(d.function_count, 2);
    const dxil_rdat_function *load = rb_fn(&d, "\001?load@@YAII@Z");
    const dxil_rdat_function *mainf = rb_fn(&d, "main");
    CU_ASSERT_FATAL(load && mainf);
    CU_ASSERT_STRING_EQUAL(load->unmangled_name, "load");
    CU_ASSERT_EQUAL(load->shader_kind, 6); /* library */
    CU_ASSERT(load->resource_count == 1 && load->resources[0] == 0);
    CU_ASSERT(load->dependency_count == 1 &&
              !strcmp(load->dependencies[0], "\001?ext@@YAII@Z"));
    CU_ASSERT_EQUAL(load->min_shader_target, 6u << 16 | 0x60);
    CU_ASSERT_EQUAL(mainf->shader_kind, 5); /* compute */
    CU_ASSERT(mainf->resource_count == 1 && mainf->resources[0] == 1);
    CU_ASSERT_EQUAL(mainf->dependency_count, 0);
    /* threadId limits main to compute-like stages; its entry to compute. */
    CU_ASSERT_EQUAL(mainf->stage_flags, 1u << 5);
    CU_ASSERT_EQUAL(mainf->min_shader_target, 5u << 16 | 0x60);
    /* The library function may run in every stage but those with no
     * raw buffers... all stages: raw buffer ops have no stage limit. */
    CU_ASSERT_EQUAL(load->stage_flags, 0xFFFFu);
    rdat_arena_free(&arena);
    wb_free(&out);
    dxil_diags_destroy(diags);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

/* The writer keeps a carried part that still matches, byte for byte,
 * and builds the part again when it does not (a resource renamed). */
static void test_carried_or_built(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = rb_parse(ctx, small_lib);
    CU_ASSERT_FATAL(m != NULL);
    write_module wm;
    CU_ASSERT_FATAL(wm_read(&wm, m, NULL) == 0);
    wbuf built = {0}, out = {0};
    CU_ASSERT_FATAL(write_rdat_build(&wm, NULL, &built) == 0);
    dxil_write_part carried = {.fourcc = "RDAT", .data = built.p, .size = built.n};
    CU_ASSERT(write_rdat_part(&wm, &carried, &out) == 0 && out.n == 0);
    uint8_t *stale = malloc(built.n);
    CU_ASSERT_FATAL(stale != NULL);
    memcpy(stale, built.p, built.n);
    uint8_t *name = NULL; /* the string "In" (a NUL before and after) */
    for (size_t i = 1; !name && i + 3 <= built.n; i++)
        if (!stale[i - 1] && !memcmp(stale + i, "In", 3))
            name = stale + i;
    CU_ASSERT_FATAL(name != NULL);
    name[1] = 'x';
    carried.data = stale;
    CU_ASSERT(write_rdat_part(&wm, &carried, &out) == 0);
    CU_ASSERT(out.n == built.n && !memcmp(out.p, built.p, built.n));
    CU_ASSERT_EQUAL(wm.errors, 0);
    free(stale);
    wb_free(&out);
    wb_free(&built);
    wm_free(&wm);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

/* A node shader: its records are not built, and the error names it. */
static void test_node_refused(void)
{
    static const char from[] = "!11 = !{i32 8, i32 5,";
    const char *kind = strstr(small_lib, from);
    CU_ASSERT_FATAL(kind != NULL);
    size_t head = (size_t)(kind - small_lib);
    char *text = malloc(sizeof small_lib + 1);
    CU_ASSERT_FATAL(text != NULL);
    /* Kind 15 (node) in place of 5 (compute). */
    snprintf(text, sizeof small_lib + 1, "%.*s!11 = !{i32 8, i32 15,%s", (int)head, small_lib,
             kind + sizeof from - 1);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = rb_parse(ctx, text);
    CU_ASSERT_FATAL(m != NULL);
    dxil_diags *diags = dxil_diags_create();
    write_module wm;
    wbuf out = {0};
    CU_ASSERT_FATAL(wm_read(&wm, m, diags) == 0);
    CU_ASSERT(write_rdat_build(&wm, NULL, &out) != 0);
    const dxil_diag *d = dxil_diags_count(diags) ? dxil_diags_get(diags, 0) : NULL;
    CU_ASSERT(d && strstr(d->message, "RDAT: main: node shader records"));
    wb_free(&out);
    wm_free(&wm);
    dxil_diags_destroy(diags);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    free(text);
}

/* ---- corpus ---------------------------------------------------------- */

typedef struct rb_totals {
    size_t libs, lowered, built, same;
    bool verbose;
} rb_totals;

/* The RDAT part of the file, or NULL. */
static const uint8_t *rb_file_rdat(const uint8_t *data, const dxil_container *c, uint32_t *size)
{
    const dxil_part *p = dxil_container_find(c, "RDAT");
    if (!p)
        return NULL;
    *size = p->size;
    return data + p->data_offset;
}

/* Which of the part's tables differ (type numbers), for the report. */
static void rb_report(const char *path, const uint8_t *want, uint32_t want_n, const wbuf *got)
{
    void *a1 = NULL, *a2 = NULL;
    dxil_rdat w, g;
    char line[512];
    int n = snprintf(line, sizeof line, "%s:", path);
    if (rdat_decode(want, want_n, &w, &a1, NULL) || rdat_decode(got->p, got->n, &g, &a2, NULL)) {
        fprintf(stderr, "%s undecodable\n", line);
    } else {
        for (uint32_t i = 0; i < w.table_count && n < 400; i++) {
            const dxil_rdat_table *tw = &w.tables[i], *tg = NULL;
            for (uint32_t j = 0; j < g.table_count; j++)
                if (g.tables[j].type == tw->type)
                    tg = &g.tables[j];
            if (!tg || tg->size != tw->size ||
                memcmp(want + tw->offset, got->p + tg->offset, tw->size + 8))
                n += snprintf(line + n, sizeof line - n, " table %u differs", tw->type);
        }
        for (uint32_t i = 0; i < w.function_count && i < g.function_count && n < 400; i++) {
            const dxil_rdat_function *a = &w.functions[i], *b = &g.functions[i];
            if (a->stage_flags != b->stage_flags || a->min_shader_target != b->min_shader_target ||
                a->feature_info1 != b->feature_info1 || a->feature_info2 != b->feature_info2)
                n += snprintf(line + n, sizeof line - n,
                              " [%s: stages %x/%x target %x/%x features %x.%x/%x.%x]", a->name,
                              a->stage_flags, b->stage_flags, a->min_shader_target,
                              b->min_shader_target, a->feature_info2, a->feature_info1,
                              b->feature_info2, b->feature_info1);
        }
        fprintf(stderr, "%s (want %u tables, got %u)\n", line, w.table_count, g.table_count);
    }
    rdat_arena_free(&a1);
    rdat_arena_free(&a2);
}

static void rb_file(const char *path, const uint8_t *data, size_t size, rb_totals *t)
{
    dxil_container c;
    if (dxil_container_parse(data, size, &c, NULL))
        return;
    uint32_t want_n = 0;
    const uint8_t *want = rb_file_rdat(data, &c, &want_n);
    dxil_options o;
    dxil_options_init(&o);
    dxil_module *m = want ? dxil_module_load_memory(data, size, path, &o, NULL) : NULL;
    if (want)
        t->libs++;
    dxil_diags *diags = dxil_diags_create();
    if (m && dxil_module_lower(m, NULL, NULL) == 0) {
        t->lowered++;
        write_module wm;
        wbuf got = {0};
        if (wm_read(&wm, dxil_module_llvm(m), diags) == 0) {
            /* The file's part stands for a stale carried one: the
             * source of the subobjects DXC moved out of the module. */
            dxil_write_part carried = {.fourcc = "RDAT", .data = want, .size = want_n};
            if (write_rdat_build(&wm, &carried, &got) == 0) {
                t->built++;
                bool same = got.n == want_n && !memcmp(got.p, want, want_n);
                t->same += same;
                if (!same && t->verbose)
                    rb_report(path, want, want_n, &got);
            } else if (t->verbose) {
                dxil_diags_print(diags, stderr, path);
            }
            wm_free(&wm);
        }
        wb_free(&got);
    }
    dxil_diags_destroy(diags);
    dxil_module_destroy(m);
    dxil_container_free(&c);
}

static void rb_row(const char *path, void *user)
{
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    if (data)
        rb_file(path, data, size, user);
    free(data);
}

#ifndef RB_CORPUS_MIN_SAME
#define RB_CORPUS_MIN_SAME 37
#endif

static void test_corpus_libraries(void)
{
    rb_totals t = {.verbose = getenv("DXIL_RDAT_VERBOSE") != NULL};
    tu_each_corpus_file(rb_row, &t);
    printf("\n  corpus libraries: %zu; lowered %zu, RDAT built %zu, identical to DXC's %zu\n",
           t.libs, t.lowered, t.built, t.same);
    CU_ASSERT(t.libs >= 60);
    CU_ASSERT_EQUAL(t.lowered, t.libs);
    CU_ASSERT(t.same >= RB_CORPUS_MIN_SAME);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"a small library's records", test_small_library},
        {"a matching carried part is kept, a stale one built again", test_carried_or_built},
        {"node shaders are refused by name", test_node_refused},
        {NULL, NULL}};
    tu_add_suite("RDAT built from a library", cases);
    if (!tu_shared_dir())
        return 0; /* the corpus suite is skipped, with the reason printed */
    static const tu_case corpus[] = {
        {"corpus libraries: built RDAT against DXC's", test_corpus_libraries},
        {NULL, NULL}};
    tu_add_suite("corpus RDAT", corpus);
    return 0;
}
