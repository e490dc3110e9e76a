/* What the writer recomputes before a container is written
 * (write/recompute.c) and the analyses it uses (module/sig_usage.c, ...):
 * over the corpus every value computed from an unchanged module is DXC's;
 * on modules changed so that the recorded value is stale, the written
 * part follows the instructions. */
#include "module/md_util.h"
#include "module/module_facts.h"
#include "module/module_internal.h"
#include "module/resource_use.h"
#include "module/sig_usage.h"
#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_write.h"
#include "write/recompute.h"
#include "test_util.h"

#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rc_totals {
    size_t files, entries, elems, usage_same, dyn_same, usage_files_same;
    size_t records, unused, files_unused;
    size_t recomputed, untouched;
    bool verbose;
} rc_totals;

static void rc_usage_row(const corpus_row *row, void *user)
{
    rc_totals *t = user;
    t->files++;
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *dm = dxil_module_load_file(row->path, &o, NULL);
    mf_module mf;
    sig_usage su;
    if (!dm || mf_read(dxil_module_llvm(dm), dm->restypes, &mf)) {
        dxil_module_destroy(dm);
        return;
    }
    bool all = true;
    /* before validator 1.5 DXC recorded no usage masks */
    if (mf_val_at_least(&mf, 1, 5) && sig_usage_compute(&mf, &su) == 0) {
        t->entries += su.count[0] + su.count[1] + su.count[2] > 0;
        for (int s = 0; s < 3; s++)
            for (unsigned i = 0; i < su.count[s]; i++) {
                const su_elem *e = &su.elems[s][i];
                t->elems++;
                bool same = e->usage == e->declared_usage;
                t->usage_same += same;
                t->dyn_same += e->dyn == e->declared_dyn;
                all &= same;
                if (t->verbose && (!same || e->dyn != e->declared_dyn))
                    fprintf(stderr, "%s: sig %d elem %u usage %#x (declared %#x) dyn %#x "
                            "(declared %#x)\n", row->path, s, i, e->usage, e->declared_usage,
                            e->dyn, e->declared_dyn);
            }
        sig_usage_free(&su);
    }
    t->usage_files_same += all;
    resource_use ru;
    if (resource_use_compute(&mf, &ru) == 0) {
        size_t unused = 0;
        for (size_t i = 0; i < mf.nres; i++)
            unused += !resource_use_is_used(&mf, &ru, i);
        t->records += mf.nres;
        t->unused += unused;
        t->files_unused += unused > 0;
        if (t->verbose && unused)
            fprintf(stderr, "%s: %zu of %zu records unused\n", row->path, unused, mf.nres);
        resource_use_free(&ru);
    }
    mf_free(&mf);
    /* an unchanged module keeps its metadata: nothing is rewritten */
    write_recompute_report rep;
    if (write_recompute(dxil_module_llvm(dm), dm->restypes, &rep, NULL) == 0) {
        t->recomputed++;
        bool none = !rep.flags_changed && !rep.usage_masks_changed && !rep.resources_removed;
        t->untouched += none;
        if (t->verbose && !none)
            fprintf(stderr, "%s: recompute changed flags %u, masks %u, resources %u\n",
                    row->path, rep.flags_changed, rep.usage_masks_changed, rep.resources_removed);
    }
    dxil_module_destroy(dm);
}

static void test_usage_corpus(void)
{
    rc_totals t = {.verbose = getenv("DXIL_RECOMPUTE_VERBOSE") != NULL};
    size_t n = tu_each_corpus_row(rc_usage_row, &t);
    if (n == 0) {
        printf("\n  corpus missing: usage mask comparison skipped\n");
        return;
    }
    printf("\n  corpus: %zu files, %zu entries with signatures, %zu elements: usage mask as DXC "
           "declared %zu, dynamic index mask %zu; files with every mask DXC's: %zu\n",
           n, t.entries, t.elems, t.usage_same, t.dyn_same, t.usage_files_same);
    printf("  resources: %zu records, %zu unused (in %zu files)\n", t.records, t.unused,
           t.files_unused);
    printf("  recomputed %zu modules, %zu without a change\n", t.recomputed, t.untouched);
    CU_ASSERT(t.elems >= 1600);
    CU_ASSERT_EQUAL(t.usage_files_same, n);
    CU_ASSERT_EQUAL(t.files_unused, 0);
    CU_ASSERT_EQUAL(t.recomputed, n);
    CU_ASSERT_EQUAL(t.untouched, n);
}

/* ---- a module changed so that its recorded values are stale ---- */

#define RC_META(model, minor, valminor)                                                         \
    "!dx.version = !{!90}\n!dx.valver = !{!91}\n!dx.shaderModel = !{!92}\n"                     \
    "!90 = !{i32 1, i32 " #minor "}\n!91 = !{i32 1, i32 " #valminor "}\n"                       \
    "!92 = !{!\"" model "\", i32 6, i32 " #minor "}\n"

static dxil_module *rc_load(const char *text)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(text, strlen(text), "stale.ll", &o, d);
    if (!m)
        dxil_diags_print(d, stderr, "stale.ll");
    dxil_diags_destroy(d);
    return m;
}

static size_t rc_part(dxil_module *m, const char *fourcc, uint8_t *out, size_t cap)
{
    uint8_t *data = NULL;
    size_t size = 0;
    dxil_diags *d = dxil_diags_create();
    int rc = dxil_write_part_data(dxil_module_llvm(m), fourcc, NULL, &data, &size, d);
    if (rc)
        dxil_diags_print(d, stderr, fourcc);
    dxil_diags_destroy(d);
    if (rc)
        return 0;
    memcpy(out, data, size < cap ? size : cap);
    free(data);
    return size;
}

static uint64_t rc_sfi0(dxil_module *m)
{
    uint8_t b[8] = {0};
    CU_ASSERT_EQUAL(rc_part(m, "SFI0", b, sizeof b), 8);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

/* Flags declared for what the module no longer does (view ID), and not
 * for what it now does (a wave op): SFI0 follows the instructions. */
static void test_stale_flags(void)
{
    static const char text[] =
        "target triple = \"dxil-ms-dx\"\n"
        "define void @main() {\n  %1 = call i32 @dx.op.waveGetLaneIndex(i32 111)\n  ret void\n}\n"
        "declare i32 @dx.op.waveGetLaneIndex(i32)\n"
        "!dx.entryPoints = !{!3}\n!3 = !{ptr @main, !\"main\", null, null, !4}\n"
        "!4 = !{i32 0, i64 2097152, i32 4, !5, i32 11, !6}\n!5 = !{i32 1, i32 1, i32 1}\n"
        "!6 = !{i32 32}\n" RC_META("cs", 0, 6);
    dxil_module *m = rc_load(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(rc_sfi0(m), UINT64_C(1) << 16); /* ViewID, as declared */
    write_recompute_report rep;
    CU_ASSERT_EQUAL(write_recompute(dxil_module_llvm(m), NULL, &rep, NULL), 0);
    CU_ASSERT_EQUAL(rep.flags_changed, 1);
    CU_ASSERT_EQUAL(rc_sfi0(m), UINT64_C(1) << 14); /* WaveOps */
    /* the other properties as they were: the wave size stays !{i32 32}
     * (LLVM-C's values would fold that tuple into its constant) */
    mf_module mf;
    CU_ASSERT_EQUAL_FATAL(mf_read(dxil_module_llvm(m), NULL, &mf), 0);
    LLVMValueRef ws = md_tag_value(mf.entries[0].props, DXIL_ENTRY_WAVE_SIZE, NULL);
    uint64_t lanes = 0;
    CU_ASSERT(ws && LLVMIsAMDNode(ws) && md_num_operands(ws) == 1 &&
              md_operand_uint(ws, 0, &lanes) == 0 && lanes == 32);
    CU_ASSERT_PTR_NOT_NULL(md_tag_value(mf.entries[0].props, DXIL_ENTRY_NUM_THREADS, NULL));
    mf_free(&mf);
    CU_ASSERT_EQUAL(write_recompute(dxil_module_llvm(m), NULL, &rep, NULL), 0);
    CU_ASSERT_EQUAL(rep.flags_changed, 0); /* now in line */
    dxil_module_destroy(m);
}

/* An input declared as read in all four components, read in one: ISG1's
 * always-read mask and the record follow. */
static void test_stale_usage(void)
{
    static const char text[] =
        "target triple = \"dxil-ms-dx\"\n"
        "define void @main() {\n"
        "  %1 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)\n"
        "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %1)\n"
        "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %1)\n"
        "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %1)\n"
        "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %1)\n"
        "  ret void\n}\n"
        "declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)\n"
        "declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)\n"
        "!dx.entryPoints = !{!3}\n!3 = !{ptr @main, !\"main\", !10, null, null}\n"
        "!10 = !{!11, !13, null}\n!11 = !{!12}\n!13 = !{!14}\n"
        "!12 = !{i32 0, !\"A\", i8 9, i8 0, !20, i8 0, i32 1, i8 4, i32 0, i8 0, !21}\n"
        "!14 = !{i32 0, !\"SV_Position\", i8 9, i8 3, !20, i8 4, i32 1, i8 4, i32 0, i8 0, !21}\n"
        "!20 = !{i32 0}\n!21 = !{i32 3, i32 15}\n" RC_META("vs", 0, 6);
    dxil_module *m = rc_load(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    uint8_t isg1[64] = {0};
    size_t isg1_size = rc_part(m, "ISG1", isg1, sizeof isg1);
    CU_ASSERT(isg1_size >= 40);
    if (isg1_size < 40)
        fprintf(stderr, "ISG1: %zu bytes\n", isg1_size);
    CU_ASSERT_EQUAL(isg1[33], 0xF); /* always read, as recorded */
    write_recompute_report rep;
    CU_ASSERT_EQUAL(write_recompute(dxil_module_llvm(m), NULL, &rep, NULL), 0);
    CU_ASSERT_EQUAL(rep.usage_masks_changed, 1); /* the input; the output is right */
    CU_ASSERT_EQUAL(rc_part(m, "ISG1", isg1, sizeof isg1), isg1_size);
    CU_ASSERT_EQUAL(isg1[32], 0xF); /* the element's own mask stays */
    CU_ASSERT_EQUAL(isg1[33], 0x1);
    dxil_module_destroy(m);
}

static LLVMValueRef rc_first_call(LLVMModuleRef m, const char *callee)
{
    LLVMValueRef fn = LLVMGetNamedFunction(m, callee);
    LLVMUseRef u = fn ? LLVMGetFirstUse(fn) : NULL;
    return u ? LLVMGetUser(u) : NULL;
}

/* Two UAVs declared, one still used: the other record goes, the used one
 * becomes ID 0, and createHandle names it so. */
static void test_unused_resource(void)
{
    static const char text[] =
        "target triple = \"dxil-ms-dx\"\n%dx.types.Handle = type { ptr }\n"
        "define void @main() {\n"
        "  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 3, i1 false)\n"
        "  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %h, i32 0, i32 undef, "
        "float 1.0, float 1.0, float 1.0, float 1.0, i8 15)\n  ret void\n}\n"
        "declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)\n"
        "declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, "
        "float, i8)\n"
        "!dx.resources = !{!6}\n!6 = !{null, !7, null, null}\n!7 = !{!8, !9}\n"
        "!8 = !{i32 0, ptr undef, !\"A\", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, "
        "i1 false, !10}\n"
        "!9 = !{i32 1, ptr undef, !\"B\", i32 0, i32 3, i32 1, i32 10, i1 false, i1 false, "
        "i1 false, !10}\n!10 = !{i32 0, i32 9}\n"
        "!dx.entryPoints = !{!3}\n!3 = !{ptr @main, !\"main\", null, !6, !4}\n"
        "!4 = !{i32 4, !5}\n!5 = !{i32 1, i32 1, i32 1}\n" RC_META("cs", 0, 6);
    dxil_module *m = rc_load(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    write_recompute_report rep;
    CU_ASSERT_EQUAL(write_recompute(mod, NULL, &rep, NULL), 0);
    CU_ASSERT_EQUAL(rep.resources_removed, 1);
    mf_module mf;
    CU_ASSERT_EQUAL_FATAL(mf_read(mod, NULL, &mf), 0);
    CU_ASSERT_EQUAL(mf.nres, 1);
    char name[8] = "";
    if (mf.nres == 1) {
        CU_ASSERT_EQUAL(mf.res[0].id, 0);
        CU_ASSERT_EQUAL(mf.res[0].lb, 3);
        md_string(md_operand(mf.res[0].record, 2), name, sizeof name);
        CU_ASSERT_STRING_EQUAL(name, "B");
    }
    mf_free(&mf);
    LLVMValueRef ch = rc_first_call(mod, "dx.op.createHandle");
    uint64_t id = 99;
    CU_ASSERT(ch && const_u64(LLVMGetOperand(ch, 2), &id) && id == 0);
    /* PSV0: the runtime info's size, the info, then the binding count */
    uint8_t psv[256] = {0};
    CU_ASSERT(rc_part(m, "PSV0", psv, sizeof psv) > 8);
    uint32_t info = psv[0] | psv[1] << 8, at = 4 + info;
    CU_ASSERT_EQUAL(psv[at], 1);
    dxil_module_destroy(m);
}

/* ---- a library's carried RDAT ---- */

typedef struct rc_lib {
    uint8_t *data;
    size_t size;
    dxil_parts parts;
    dxil_write_carried carried;
    dxil_module *m;
} rc_lib;

static bool rc_lib_load(rc_lib *l, const char *rel)
{
    char path[2048];
    const char *shared = tu_shared_dir();
    memset(l, 0, sizeof *l);
    if (!shared)
        return false;
    snprintf(path, sizeof path, "%s/corpus/%s", shared, rel);
    l->data = tu_read_file(path, &l->size);
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    return l->data && dxil_parts_decode(l->data, l->size, &l->parts, NULL) == 0 &&
           dxil_write_carried_from_container(l->data, l->size, &l->carried, NULL) == 0 &&
           (l->m = dxil_module_load_memory(l->data, l->size, rel, &o, NULL)) != NULL;
}

static void rc_lib_free(rc_lib *l)
{
    dxil_module_destroy(l->m);
    dxil_write_carried_free(&l->carried);
    dxil_parts_free(&l->parts);
    free(l->data);
}

static const dxil_decoded_part *rc_find(const dxil_parts *p, const char *fourcc)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (!strcmp(p->parts[i].part.name, fourcc))
            return &p->parts[i];
    return NULL;
}

/* The container written from the module and the file's own bitcode and
 * carried parts: 0 with its parts decoded, or -1 with the errors. */
static int rc_lib_write(rc_lib *l, dxil_parts *out, char *errors, size_t cap)
{
    const dxil_decoded_part *dxil = rc_find(&l->parts, "DXIL");
    dxil_write_input in = {.module = dxil_module_llvm(l->m)};
    dxil_write_input_use_carried(&in, &l->carried);
    in.bitcode = l->data + dxil->u.program.bitcode_file_offset;
    in.bitcode_size = dxil->u.program.bitcode_size;
    uint8_t *bytes = NULL;
    size_t size = 0;
    dxil_diags *d = dxil_diags_create();
    int rc = dxil_container_write(&in, &bytes, &size, d);
    errors[0] = 0;
    for (size_t i = 0, n = 0; i < dxil_diags_count(d) && n < cap; i++)
        n += (size_t)snprintf(errors + n, cap - n, "%s\n", dxil_diags_get(d, i)->message);
    dxil_diags_destroy(d);
    /* the decoded parts own copies of their bytes (the decoder's arena) */
    if (rc == 0)
        rc = dxil_parts_decode(bytes, size, out, NULL) == 0 ? 0 : -1;
    free(bytes);
    return rc;
}

static bool rc_same_rdat(const rc_lib *l, const dxil_parts *out)
{
    const dxil_decoded_part *a = rc_find(&l->parts, "RDAT"), *b = rc_find(out, "RDAT");
    return a && b && a->part.size == b->part.size &&
           !memcmp(l->data + a->part.data_offset, b->bytes, a->part.size);
}

static const char rc_lib_path[] = "vkd3d-proton/shaders__rt__headers__default_assignment_bindings_"
                                  "rt__default_assignment_bindings_rt_code_dxil.dxil";

/* Unchanged: the carried RDAT as it is. A wave op added to one function:
 * its feature words follow. A function renamed: the carried part is
 * stale, and the part built from the module lists the new name. */
static void test_rdat(void)
{
    rc_lib l;
    if (!rc_lib_load(&l, rc_lib_path)) {
        printf("\n  %s missing: RDAT check skipped\n", rc_lib_path);
        rc_lib_free(&l);
        return;
    }
    char errors[2048];
    dxil_parts out;
    CU_ASSERT_EQUAL_FATAL(rc_lib_write(&l, &out, errors, sizeof errors), 0);
    CU_ASSERT(rc_same_rdat(&l, &out));
    dxil_parts_free(&out);

    LLVMModuleRef mod = dxil_module_llvm(l.m);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "\01?Entry1@@YAXXZ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn);
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    LLVMTypeRef ft = LLVMFunctionType(i32, &i32, 1, 0);
    LLVMValueRef wave = LLVMAddFunction(mod, "dx.op.waveGetLaneIndex", ft);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(LLVMGetEntryBasicBlock(fn)));
    LLVMValueRef op = LLVMConstInt(i32, 111, 0);
    LLVMBuildCall2(b, ft, wave, &op, 1, "");
    LLVMDisposeBuilder(b);
    CU_ASSERT_EQUAL_FATAL(rc_lib_write(&l, &out, errors, sizeof errors), 0);
    CU_ASSERT_FALSE(rc_same_rdat(&l, &out));
    const dxil_decoded_part *r = rc_find(&out, "RDAT");
    bool waves = false, others_same = true;
    const dxil_rdat *before = &rc_find(&l.parts, "RDAT")->u.rdat;
    for (uint32_t i = 0; r && i < r->u.rdat.function_count; i++) {
        const dxil_rdat_function *f = &r->u.rdat.functions[i];
        if (!strcmp(f->name, "\01?Entry1@@YAXXZ"))
            waves = (f->feature_info1 >> 14) & 1;
        else
            others_same &= f->feature_info1 == before->functions[i].feature_info1;
    }
    CU_ASSERT(waves && others_same);
    dxil_parts_free(&out);

    LLVMSetValueName2(LLVMGetNamedFunction(mod, "\01?Entry2@@YAXXZ"), "renamed", 7);
    int rc = rc_lib_write(&l, &out, errors, sizeof errors);
    CU_ASSERT_EQUAL(rc, 0);
    if (rc)
        fprintf(stderr, "RDAT refusal: %s\n", errors);
    r = rc ? NULL : rc_find(&out, "RDAT");
    bool listed = false;
    for (uint32_t i = 0; r && i < r->u.rdat.function_count; i++)
        listed |= !strcmp(r->u.rdat.functions[i].name, "renamed") &&
                  !strcmp(r->u.rdat.functions[i].unmangled_name, "renamed");
    CU_ASSERT(listed);
    if (!rc)
        dxil_parts_free(&out);
    rc_lib_free(&l);
}

int tu_register(void)
{
    static const tu_case corpus[] = {{"usage masks over the corpus", test_usage_corpus},
                                     {NULL, NULL}};
    tu_add_suite("recompute corpus", corpus);
    static const tu_case stale[] = {{"flags follow the instructions", test_stale_flags},
                                    {"usage masks follow the signature I/O", test_stale_usage},
                                    {"an unused resource is removed", test_unused_resource},
                                    {"a library's RDAT checked, its flags brought in line",
                                     test_rdat},
                                    {NULL, NULL}};
    tu_add_suite("recompute stale values", stale);
    return 0;
}
