/* The table-driven op raise, its coverage statistics and the spec check,
 * through the public API: over the whole corpus (check clean, output
 * verifies, no call left whose table map names an intrinsic the linked
 * LLVM declares) and on small hand-written modules. */
#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_stats.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_validate.h"
#include "test_util.h"

#include <json-c/json.h>
#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the corpus ------------------------------------------------------------ */

typedef struct ro_totals {
    size_t files, load_failed, check_failed, raise_failed, verify_failed;
    size_t left_raisable, left_custom, left_on_buffer_form;
    dxil_stats *stats;
} ro_totals;

typedef struct ro_const_ctx {
    LLVMValueRef call;
} ro_const_ctx;

static bool ro_get_const(void *ctx, unsigned index, int64_t *value)
{
    LLVMValueRef call = ((ro_const_ctx *)ctx)->call;
    if (index >= (unsigned)LLVMGetNumArgOperands(call))
        return false;
    LLVMValueRef v = LLVMGetOperand(call, index);
    if (!LLVMIsAConstantInt(v))
        return false;
    *value = (int64_t)LLVMConstIntGetZExtValue(v);
    return true;
}

/* The DXIL version of a raised module, from its triple. */
static dxil_version ro_module_version(LLVMModuleRef mod)
{
    unsigned major, minor;
    const char *triple = LLVMGetTarget(mod);
    if (triple && sscanf(triple, "dxilv%u.%u", &major, &minor) == 2)
        return DXIL_VERSION(major, minor);
    return DXIL_VERSION(1, 0);
}

/* ---- custom maps: which reasons and which handles ------------------------ */

#define RO_BIT(r) (1u << (r))
#define RO_HANDLE_WHY                                                                        \
    (RO_BIT(DXIL_KEEP_HEAP_HANDLE) | RO_BIT(DXIL_KEEP_HANDLE_UNTYPED) |                       \
     RO_BIT(DXIL_KEEP_HANDLE_UNRESOLVED))
#define RO_BUFFER_WHY (RO_HANDLE_WHY | RO_BIT(DXIL_KEEP_ACCESS_SHAPE))

/* The reasons a call of each custom kind may be kept for, when the map's
 * intrinsic exists (no-intrinsic is allowed when it does not). Sample,
 * texture and atomic have no handler: only a missing intrinsic. */
static const unsigned ro_custom_why[DXIL_MAP_CUSTOM_COUNT] = {
    [DXIL_MAP_CUSTOM_HANDLE] = RO_HANDLE_WHY,
    [DXIL_MAP_CUSTOM_CBUFFER_ROW] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_BUFFER_LOAD] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_BUFFER_STORE] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_RAW_BUFFER_LOAD] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_RAW_BUFFER_STORE] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_COUNTER] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_DIMENSIONS] = RO_BUFFER_WHY | RO_BIT(DXIL_KEEP_TEXTURE_FORM),
    [DXIL_MAP_CUSTOM_CHECK_ACCESS] = RO_BIT(DXIL_KEEP_STATUS_OF_KEPT),
    [DXIL_MAP_CUSTOM_SIG_IO] = RO_BIT(DXIL_KEEP_SIGNATURE_GAP),
    [DXIL_MAP_CUSTOM_CBUFFER_LOAD] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_RAW_BUFFER_VECTOR_LOAD] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_RAW_BUFFER_VECTOR_STORE] = RO_BUFFER_WHY,
    [DXIL_MAP_CUSTOM_HANDLE_BINDING] = RO_HANDLE_WHY,
    [DXIL_MAP_CUSTOM_HANDLE_LIB] = RO_HANDLE_WHY,
    [DXIL_MAP_CUSTOM_HANDLE_ANNOTATE] = RO_HANDLE_WHY,
};

/* The handle types (target("dx.*") names) each LLVM 22 buffer intrinsic
 * takes; a prefix ending in '.' matches every overload name. */
static const struct ro_buffer_form {
    const char *intrinsic, *handle;
} ro_buffer_forms[] = {
    {"llvm.dx.resource.load.typedbuffer", "dx.TypedBuffer"},
    {"llvm.dx.resource.store.typedbuffer", "dx.TypedBuffer"},
    {"llvm.dx.resource.load.rawbuffer", "dx.RawBuffer"},
    {"llvm.dx.resource.store.rawbuffer", "dx.RawBuffer"},
    {"llvm.dx.resource.load.cbufferrow.", "dx.CBuffer"},
    {"llvm.dx.resource.updatecounter", "dx.TypedBuffer"},
    {"llvm.dx.resource.updatecounter", "dx.RawBuffer"},
    {"llvm.dx.resource.getdimensions.x", "dx.TypedBuffer"},
    {"llvm.dx.resource.getdimensions.x", "dx.RawBuffer"},
};

static bool ro_form_takes(const char *intrinsic, const char *handle)
{
    for (size_t i = 0; i < sizeof ro_buffer_forms / sizeof ro_buffer_forms[0]; i++) {
        const struct ro_buffer_form *f = &ro_buffer_forms[i];
        size_t n = strlen(f->intrinsic);
        bool prefix = f->intrinsic[n - 1] == '.';
        if ((prefix ? strncmp(intrinsic, f->intrinsic, n) : strcmp(intrinsic, f->intrinsic)) == 0 &&
            strcmp(handle, f->handle) == 0)
            return true;
    }
    return false;
}

/* The target type name of the raised handle a dx.op call's operand 1 is
 * cast from (llvm.dx.resource.casthandle), or NULL. */
static const char *ro_raised_handle_type(LLVMValueRef call)
{
    if (LLVMGetNumArgOperands(call) < 2)
        return NULL;
    LLVMValueRef cast = LLVMGetOperand(call, 1);
    LLVMValueRef callee = LLVMIsACallInst(cast) ? LLVMGetCalledValue(cast) : NULL;
    size_t len;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    if (strncmp(name, "llvm.dx.resource.casthandle", 27) != 0)
        return NULL;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(cast, 0));
    return LLVMGetTypeKind(t) == LLVMTargetExtTypeKind ? LLVMGetTargetExtTypeName(t) : NULL;
}

/* True when a map of op that LLVM 22 declares takes this kept call's
 * raised handle: the buffer pass should have raised it. */
static bool ro_on_buffer_form(LLVMValueRef call, const dxil_op_info *op)
{
    const char *ht = ro_raised_handle_type(call);
    for (unsigned i = 0; ht && i < op->n_maps; i++) {
        const dxil_intrinsic_map *m = &op->maps[i];
        if (m->custom != DXIL_MAP_TABLE && m->intrinsic && dxil_intrinsic_in_llvm(m->intrinsic) &&
            ro_form_takes(m->intrinsic, ht))
            return true;
    }
    return false;
}

/* Every reason a kept call of op may have, from its custom maps; 0 when
 * the op has none. A map limited to some DXIL versions leaves the others
 * with no map at all. */
static unsigned ro_allowed_why(const dxil_op_info *op)
{
    unsigned allowed = 0, custom = 0;
    for (unsigned i = 0; op && i < op->n_maps; i++) {
        const dxil_intrinsic_map *m = &op->maps[i];
        if (m->custom == DXIL_MAP_TABLE || m->custom >= DXIL_MAP_CUSTOM_COUNT)
            continue;
        custom++;
        if (m->intrinsic && !dxil_intrinsic_in_llvm(m->intrinsic))
            allowed |= RO_BIT(DXIL_KEEP_NO_INTRINSIC);
        else
            allowed |= ro_custom_why[m->custom];
        if (m->dxil_from || m->dxil_before)
            allowed |= RO_BIT(DXIL_KEEP_NO_MODERN_FORM);
    }
    return custom ? allowed : 0;
}

/* Each op with a custom map was kept only for its kinds' reasons. */
static size_t ro_check_custom_reasons(const dxil_stats *s)
{
    size_t bad = 0;
    for (size_t i = 0; i < dxil_stats_op_count(s); i++) {
        const dxil_op_stat *e = dxil_stats_op_at(s, i);
        unsigned allowed = ro_allowed_why(dxil_op_by_opcode(dxil_optable_builtin(), e->opcode));
        for (unsigned r = 0; allowed && r < DXIL_KEEP_REASON_COUNT; r++)
            if (e->kept[r] && !(allowed & RO_BIT(r))) {
                fprintf(stderr, "%s: %llu call(s) kept as %s\n", e->name,
                        (unsigned long long)e->kept[r], dxil_keep_reason_name(r));
                bad++;
            }
    }
    return bad;
}

/* ---- calls left after the raise ------------------------------------------ */

/* The map the raise should have used for a call still there, or NULL. */
static const dxil_intrinsic_map *ro_expected_map(LLVMValueRef call, const dxil_fn_name *fnn,
                                                 dxil_version v)
{
    LLVMValueRef opv = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(opv))
        return NULL;
    uint32_t opcode = (uint32_t)LLVMConstIntGetZExtValue(opv);
    const dxil_op_info *op = dxil_op_by_opcode(dxil_optable_builtin(), opcode);
    if (!op || dxil_op_is_experimental(opcode))
        return NULL;
    ro_const_ctx cc = {call};
    dxil_scalar_kind k = fnn->overload.ndims ? fnn->overload.dims[0].kind : DXIL_SCALAR_VOID;
    const dxil_intrinsic_map *m = dxil_op_select_raise(op, v, k, ro_get_const, &cc);
    return m && m->intrinsic && dxil_intrinsic_in_llvm(m->intrinsic) ? m : NULL;
}

static void ro_scan_left(const char *path, LLVMModuleRef mod, ro_totals *t)
{
    dxil_version v = ro_module_version(mod);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        dxil_fn_name fnn;
        if (strncmp(name, "dx.op.", 6) != 0 || !dxil_fn_name_parse(name, &fnn))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            const dxil_intrinsic_map *m = LLVMIsACallInst(call) ? ro_expected_map(call, &fnn, v) : NULL;
            if (!m)
                continue;
            if (m->custom != DXIL_MAP_TABLE) {
                t->left_custom++;
                const dxil_op_info *op = dxil_op_by_opcode(
                    dxil_optable_builtin(), (uint32_t)LLVMConstIntGetZExtValue(LLVMGetOperand(call, 0)));
                if (ro_on_buffer_form(call, op) && t->left_on_buffer_form++ < 20)
                    fprintf(stderr, "%s: @%s kept on a %s handle %s takes\n", path, name,
                            ro_raised_handle_type(call), m->intrinsic);
                continue;
            }
            if (t->left_raisable++ < 20)
                fprintf(stderr, "%s: @%s left although %s exists\n", path, name, m->intrinsic);
        }
    }
}

static void ro_corpus_row(const corpus_row *row, void *user)
{
    ro_totals *t = user;
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_file(row->path, &opts, diags);
    t->files++;
    if (!m) {
        t->load_failed++;
    } else {
        opts.stats = t->stats;
        t->check_failed += dxil_module_check(m, NULL, diags) != 0;
        if (dxil_module_raise_opts(m, &opts, diags) != 0)
            t->raise_failed++;
        else if (dxil_module_verify(m, diags) != 0)
            t->verify_failed++;
        else
            ro_scan_left(row->path, dxil_module_llvm(m), t);
    }
    if (dxil_diags_error_count(diags))
        dxil_diags_print(diags, stderr, row->path);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

/* Calls of an op the raise kept, for any reason; 0 when none. */
static uint64_t ro_kept_calls(const dxil_stats *s, uint32_t opcode)
{
    const dxil_op_stat *e = dxil_stats_find(s, opcode);
    uint64_t n = 0;
    for (unsigned r = 0; e && r < DXIL_KEEP_REASON_COUNT; r++)
        n += e->kept[r];
    return n;
}

static void test_corpus_raise(void)
{
    ro_totals t = {.stats = dxil_stats_create()};
    CU_ASSERT_PTR_NOT_NULL_FATAL(t.stats);
    if (tu_each_corpus_row(ro_corpus_row, &t) == 0) {
        fprintf(stderr, "corpus not found: skipping the corpus raise test\n");
        dxil_stats_destroy(t.stats);
        return;
    }
    dxil_op_stat total;
    dxil_stats_totals(t.stats, &total);
    fprintf(stderr, "\n%zu files: %llu dx.op calls, %llu raised, %zu left to custom handlers\n",
            t.files, (unsigned long long)total.calls, (unsigned long long)total.raised,
            t.left_custom);
    CU_ASSERT_EQUAL(t.load_failed, 0);
    CU_ASSERT_EQUAL(t.check_failed, 0);
    CU_ASSERT_EQUAL(t.raise_failed, 0);
    CU_ASSERT_EQUAL(t.verify_failed, 0);
    CU_ASSERT_EQUAL(t.left_raisable, 0);
    CU_ASSERT_EQUAL(dxil_stats_module_count(t.stats), t.files);
    CU_ASSERT(total.raised > 0);
    CU_ASSERT_EQUAL(total.kept[DXIL_KEEP_MISMATCH], 0);
    CU_ASSERT_EQUAL(total.kept[DXIL_KEEP_UNKNOWN_OPCODE], 0);
    /* Custom maps: a named reason for every kept call, never "custom",
     * and nothing left on a raised handle that LLVM 22's form takes. */
    CU_ASSERT_EQUAL(total.kept[DXIL_KEEP_CUSTOM], 0);
    CU_ASSERT_EQUAL(ro_check_custom_reasons(t.stats), 0);
    CU_ASSERT_EQUAL(t.left_on_buffer_form, 0);
    CU_ASSERT(t.left_custom > 0);
    /* Signature I/O: every loadInput (4) and storeOutput (5) of the
     * corpus is in a function whose stage, so whose SigPoint, is known. */
    const dxil_op_stat *load = dxil_stats_find(t.stats, 4), *store = dxil_stats_find(t.stats, 5);
    CU_ASSERT(load && load->calls > 0 && store && store->calls > 0);
    CU_ASSERT_EQUAL(ro_kept_calls(t.stats, 4), 0);
    CU_ASSERT_EQUAL(ro_kept_calls(t.stats, 5), 0);
    dxil_stats_destroy(t.stats);
}

/* ---- small modules --------------------------------------------------------------- */

static const char ro_header[] =
    "target datalayout = \"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64\"\n"
    "target triple = \"dxil-ms-dx\"\n";

/* Loads header + body, raising with stats when raise is set. */
static dxil_module *ro_load(const char *body, bool raise, dxil_stats *stats, dxil_diags *diags)
{
    size_t n = strlen(ro_header) + strlen(body) + 1;
    char *text = malloc(n);
    snprintf(text, n, "%s%s", ro_header, body);
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = raise;
    opts.stats = stats;
    dxil_module *m = dxil_module_load_memory(text, n - 1, "test.ll", &opts, diags);
    free(text);
    return m;
}

static bool ro_has_code(const dxil_diags *d, int code, const char *needle)
{
    for (size_t i = 0; i < dxil_diags_count(d); i++) {
        const dxil_diag *g = dxil_diags_get(d, i);
        if (g->code == code && (!needle || strstr(g->message, needle)))
            return true;
    }
    return false;
}

static const char ro_mixed[] =
    "define float @main(float %x, i32 %k) {\n"
    "  %a = call float @dx.op.unary.f32(i32 13, float %x)\n"
    "  %b = call float @dx.op.unary.f32(i32 13, float %a)\n"
    "  %c = call float @dx.op.unary.f32(i32 9999, float %b)\n"
    "  %d = call float @dx.op.unary.f32(i32 %k, float %c)\n"
    "  %e = call i32 @dx.op.tertiary.i32(i32 50, i32 %k, i32 %k, i32 %k)\n"
    "  ret float %d\n"
    "}\n"
    "declare float @dx.op.unary.f32(i32, float) #0\n"
    "declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #0\n"
    "attributes #0 = { nounwind memory(none) }\n";

static void test_stats_and_warnings(void)
{
    dxil_stats *s = dxil_stats_create();
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ro_load(ro_mixed, true, s, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT(ro_has_code(d, DXIL_W_UNKNOWN_OPCODE, "9999"));
    CU_ASSERT(ro_has_code(d, DXIL_W_UNKNOWN_OPCODE, "@main"));
    CU_ASSERT(ro_has_code(d, DXIL_W_RAISE_KEPT, "non-constant opcode"));
    const dxil_op_stat *sin = dxil_stats_find(s, 13);
    CU_ASSERT_PTR_NOT_NULL_FATAL(sin);
    CU_ASSERT_STRING_EQUAL(sin->name, "Sin");
    CU_ASSERT_EQUAL(sin->calls, 2);
    CU_ASSERT_EQUAL(sin->raised, 2);
    const dxil_op_stat *unk = dxil_stats_find(s, 9999);
    CU_ASSERT_PTR_NOT_NULL_FATAL(unk);
    CU_ASSERT_EQUAL(unk->kept[DXIL_KEEP_UNKNOWN_OPCODE], 1);
    CU_ASSERT_FALSE(unk->known);
    const dxil_op_stat *msad = dxil_stats_find(s, 50);
    CU_ASSERT_PTR_NOT_NULL_FATAL(msad);
    CU_ASSERT_EQUAL(msad->kept[DXIL_KEEP_NO_MODERN_FORM], 1);
    dxil_op_stat t;
    dxil_stats_totals(s, &t);
    CU_ASSERT_EQUAL(t.calls, 5);
    CU_ASSERT_EQUAL(t.raised, 2);
    CU_ASSERT_EQUAL(t.kept[DXIL_KEEP_NON_CONSTANT], 1);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
    dxil_stats_destroy(s);
}

/* Merging, the JSON export and re-import agree. */
static void test_stats_merge_json(void)
{
    dxil_stats *a = dxil_stats_create(), *b = dxil_stats_create(), *c = dxil_stats_create();
    dxil_diags *d = dxil_diags_create();
    dxil_module *m1 = ro_load(ro_mixed, true, a, d);
    dxil_module *m2 = ro_load(ro_mixed, true, a, d);
    CU_ASSERT_EQUAL(dxil_stats_module_count(a), 2);
    CU_ASSERT_EQUAL(dxil_stats_merge(b, a), 0);
    CU_ASSERT_EQUAL(dxil_stats_merge(b, a), 0);
    CU_ASSERT_EQUAL(dxil_stats_module_count(b), 4);
    CU_ASSERT_EQUAL(dxil_stats_find(b, 13)->raised, 8);
    char *json = dxil_stats_json_string(b, false);
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    json_object *root = json_tokener_parse(json);
    json_object *v;
    CU_ASSERT(json_object_object_get_ex(root, "raised", &v) && json_object_get_int64(v) == 8);
    CU_ASSERT(json_object_object_get_ex(root, "kept_by_reason", &v));
    CU_ASSERT_EQUAL(dxil_stats_merge_json(c, json), 0);
    CU_ASSERT_EQUAL(dxil_stats_op_count(c), dxil_stats_op_count(b));
    for (size_t i = 0; i < dxil_stats_op_count(b); i++) {
        const dxil_op_stat *x = dxil_stats_op_at(b, i), *y = dxil_stats_op_at(c, i);
        CU_ASSERT_EQUAL(x->opcode, y->opcode);
        CU_ASSERT_EQUAL(x->calls, y->calls);
        CU_ASSERT_EQUAL(memcmp(x->kept, y->kept, sizeof x->kept), 0);
    }
    CU_ASSERT_EQUAL(dxil_stats_merge_json(c, "{not json"), -1);
    CU_ASSERT_STRING_EQUAL(dxil_keep_reason_name(DXIL_KEEP_CUSTOM), "custom");
    CU_ASSERT_PTR_NULL(dxil_keep_reason_name(DXIL_KEEP_REASON_COUNT));
    json_object_put(root);
    free(json);
    dxil_module_destroy(m1);
    dxil_module_destroy(m2);
    dxil_diags_destroy(d);
    dxil_stats_destroy(a);
    dxil_stats_destroy(b);
    dxil_stats_destroy(c);
}

/* Custom maps left by their handlers say why: signature I/O, a heap
 * handle and the ops on it, the status of a kept load. */
static const char ro_custom[] =
    "%dx.types.Handle = type { ptr }\n"
    "%dx.types.ResourceProperties = type { i32, i32 }\n"
    "%dx.types.ResRet.f32 = type { float, float, float, float, i32 }\n"
    "define void @main() {\n"
    "  %in = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)\n"
    "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %in)\n"
    "  %h = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)\n"
    "  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h,"
    " %dx.types.ResourceProperties { i32 10, i32 265 })\n"
    "  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %a, i32 0,"
    " i32 undef)\n"
    "  %s = extractvalue %dx.types.ResRet.f32 %r, 4\n"
    "  %ok = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %s)\n"
    "  ret void\n"
    "}\n"
    "declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0\n"
    "declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)\n"
    "declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1) #0\n"
    "declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle,"
    " %dx.types.ResourceProperties) #0\n"
    "declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32) #1\n"
    "declare i1 @dx.op.checkAccessFullyMapped.i32(i32, i32) #1\n"
    "attributes #0 = { nounwind memory(none) }\n"
    "attributes #1 = { nounwind memory(read) }\n"
    "!dx.version = !{!0}\n"
    "!0 = !{i32 1, i32 6}\n";

static void ro_expect_kept(const dxil_stats *s, uint32_t opcode, unsigned why)
{
    const dxil_op_stat *e = dxil_stats_find(s, opcode);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(e->kept[why], e->calls);
    if (e->kept[why] != e->calls)
        fprintf(stderr, "%s: expected every call kept as %s\n", e->name, dxil_keep_reason_name(why));
}

static void test_custom_reasons(void)
{
    dxil_stats *s = dxil_stats_create();
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ro_load(ro_custom, true, s, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    ro_expect_kept(s, 4, DXIL_KEEP_SIGNATURE_GAP);
    ro_expect_kept(s, 5, DXIL_KEEP_SIGNATURE_GAP);
    ro_expect_kept(s, 216, DXIL_KEEP_HEAP_HANDLE);
    ro_expect_kept(s, 68, DXIL_KEEP_HEAP_HANDLE);
    ro_expect_kept(s, 71, DXIL_KEEP_STATUS_OF_KEPT);
    ro_expect_kept(s, 218, DXIL_KEEP_NO_MODERN_FORM);
    CU_ASSERT_STRING_EQUAL(dxil_keep_reason_name(DXIL_KEEP_SIGNATURE_GAP), "signature-gap");
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
    dxil_stats_destroy(s);
}

/* A pixel shader's signature I/O: raised (PSIn, PSOut) by default, kept
 * "by-option" with keep_sig_io. */
static const char ro_sig_io[] =
    "define void @main() {\n"
    "  %in = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)\n"
    "  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %in)\n"
    "  ret void\n"
    "}\n"
    "declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0\n"
    "declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)\n"
    "attributes #0 = { nounwind memory(none) }\n"
    "!dx.version = !{!0}\n"
    "!dx.shaderModel = !{!1}\n"
    "!dx.entryPoints = !{!2}\n"
    "!0 = !{i32 1, i32 0}\n"
    "!1 = !{!\"ps\", i32 6, i32 0}\n"
    "!2 = !{ptr @main, !\"main\", null, null, null}\n";

static void ro_sig_io_once(bool keep)
{
    size_t n = strlen(ro_header) + strlen(ro_sig_io) + 1;
    char *text = malloc(n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    snprintf(text, n, "%s%s", ro_header, ro_sig_io);
    dxil_stats *s = dxil_stats_create();
    dxil_options opts;
    dxil_options_init(&opts);
    CU_ASSERT_FALSE(opts.keep_sig_io);
    opts.stats = s;
    opts.keep_sig_io = keep;
    dxil_module *m = dxil_module_load_memory(text, n - 1, "sig.ll", &opts, NULL);
    free(text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMValueRef main = LLVMGetNamedFunction(dxil_module_llvm(m), "main");
    LLVMValueRef load = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(main));
    /* LLVM 22 declares llvm.dx.load.input and store.output convergent, so
     * the raised entry opens with its convergence token (docs/ops.md
     * "Convergence"); the kept dx.op calls are not convergent */
    if (!keep) {
        CU_ASSERT_STRING_EQUAL(LLVMGetValueName(LLVMGetCalledValue(load)),
                               "llvm.experimental.convergence.entry");
        load = LLVMGetNextInstruction(load);
    }
    const char *callee = LLVMGetValueName(LLVMGetCalledValue(load));
    CU_ASSERT_STRING_EQUAL(callee, keep ? "dx.op.loadInput.f32" : "llvm.dx.load.input.f32");
    /* PSIn is 13 in DXC's SigPointKind; kept calls keep opcode 4 there. */
    CU_ASSERT_EQUAL(LLVMConstIntGetZExtValue(LLVMGetOperand(load, 0)), keep ? 4 : 13);
    for (uint32_t op = 4; op <= 5; op++) {
        const dxil_op_stat *e = dxil_stats_find(s, op);
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        CU_ASSERT_EQUAL(e->raised, keep ? 0 : 1);
        CU_ASSERT_EQUAL(e->kept[DXIL_KEEP_BY_OPTION], keep ? 1 : 0);
    }
    CU_ASSERT_STRING_EQUAL(dxil_keep_reason_name(DXIL_KEEP_BY_OPTION), "by-option");
    dxil_module_destroy(m);
    dxil_stats_destroy(s);
}

static void test_sig_io_option(void)
{
    ro_sig_io_once(false);
    ro_sig_io_once(true);
}

/* LoadInput and StoreOutput need a custom handler: the intrinsic has a
 * parameter (argument 0) that no dx.op operand feeds, so the raise writes
 * the call's SigPoint there (raise/raise_sig_io.c). When an LLVM drops it
 * (llvm/llvm-project#204876), this fails and the maps can become table
 * maps. */
static void test_signature_gap_is_real(void)
{
    static const char *const names[] = {"LoadInput", "StoreOutput"};
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMTypeRef f32 = LLVMFloatTypeInContext(ctx);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const dxil_op_info *op = dxil_op_by_name(dxil_optable_builtin(), names[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(op);
        CU_ASSERT_EQUAL_FATAL(op->n_maps, 1);
        const dxil_intrinsic_map *m = &op->maps[0];
        CU_ASSERT_EQUAL(m->custom, DXIL_MAP_CUSTOM_SIG_IO);
        unsigned id = LLVMLookupIntrinsicID(m->intrinsic, strlen(m->intrinsic));
        CU_ASSERT_FATAL(id != 0);
        LLVMTypeRef fnty = LLVMIntrinsicGetType(ctx, id, &f32, 1);
        bool fed[16] = {false};
        unsigned nfed = 0;
        for (unsigned j = 0; j < m->n_operands; j++)
            if (m->operands[j].source == DXIL_MAP_FROM_ARG && m->operands[j].arg < 16 &&
                !fed[m->operands[j].arg]) {
                fed[m->operands[j].arg] = true;
                nfed++;
            }
        CU_ASSERT(LLVMCountParamTypes(fnty) > nfed);
        CU_ASSERT_FALSE(fed[0]);
    }
    LLVMContextDispose(ctx);
}

/* A compute shader at SM 6.0 / DXIL 1.0 that breaks the spec: an f64
 * overload Sin never had, a pixel-only op, and an op from SM 6.6. */
static const char ro_bad[] =
    "define void @main() {\n"
    "  %a = call double @dx.op.unary.f64(i32 13, double 1.0)\n"
    "  call void @dx.op.discard(i32 82, i1 true)\n"
    "  %h = call i1 @dx.op.isHelperLane.i1(i32 221)\n"
    "  ret void\n"
    "}\n"
    "declare double @dx.op.unary.f64(i32, double) #0\n"
    "declare void @dx.op.discard(i32, i1)\n"
    "declare i1 @dx.op.isHelperLane.i1(i32) #0\n"
    "attributes #0 = { nounwind memory(none) }\n"
    "!dx.version = !{!0}\n"
    "!dx.shaderModel = !{!1}\n"
    "!dx.entryPoints = !{!2}\n"
    "!0 = !{i32 1, i32 0}\n"
    "!1 = !{!\"cs\", i32 6, i32 0}\n"
    "!2 = !{ptr @main, !\"main\", null, null, null}\n";

static void test_check_violations(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ro_load(ro_bad, false, NULL, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    /* Each violation carries the code of the DXC rule it breaks. */
    int oload = dxil_rule_code("Instr.Oload"), opcode = dxil_rule_code("Sm.Opcode");
    CU_ASSERT_EQUAL(dxil_module_check(m, NULL, d), 4);
    CU_ASSERT(ro_has_code(d, oload, "(overload 'f64' not valid at DXIL 1.0"));
    CU_ASSERT(ro_has_code(d, opcode, "Opcode Discard not valid in shader model cs_6_0. (not allowed "
                                     "in stage compute)"));
    CU_ASSERT(ro_has_code(d, opcode, "IsHelperLane not valid in shader model cs_6_0. (needs "
                                     "shader model 6.6, module is 6.0)"));
    CU_ASSERT(ro_has_code(d, opcode, "IsHelperLane not valid in shader model cs_6_0. (needs DXIL "
                                     "1.6, module is DXIL 1.0)"));
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case small[] = {
        {"stats and warnings", test_stats_and_warnings},
        {"stats merge and json", test_stats_merge_json},
        {"check violations", test_check_violations},
        {"custom reasons", test_custom_reasons},
        {"signature gap is real", test_signature_gap_is_real},
        {"signature I/O and keep_sig_io", test_sig_io_option},
        {NULL, NULL},
    };
    static const tu_case corpus[] = {
        {"corpus raise", test_corpus_raise},
        {NULL, NULL},
    };
    tu_add_suite("raise_ops", small);
    tu_add_suite("raise_ops_corpus", corpus);
    return 0;
}
