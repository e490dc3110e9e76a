/* test_optable.c - the op table generated from spec/dxil-ops.xml, its
 * versioned queries, dx.op name parsing, intrinsic mappings, run-time
 * overlays, and the ABI name tables.
 */
#include "test_util.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_optable.h"
#include "dxil_optable_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define V(major, minor) DXIL_VERSION(major, minor)

static const dxil_optable *t_builtin(void)
{
    return dxil_optable_builtin();
}

static const dxil_op_info *t_op(const char *name)
{
    const dxil_op_info *op = dxil_op_by_name(t_builtin(), name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(op);
    return op;
}

/* Builds an overload from a suffix such as "f32" or "v4f32". */
static dxil_overload t_ov(const char *suffix)
{
    dxil_overload ov;
    CU_ASSERT_FATAL(dxil_overload_parse(suffix, strlen(suffix), &ov));
    return ov;
}

static bool t_valid(const char *op, const char *suffix, dxil_version v)
{
    dxil_overload ov = t_ov(suffix);
    return dxil_op_overload_valid(t_op(op), &ov, v);
}

/* ---- counts ----------------------------------------------------------- */

static void test_counts_per_table(void)
{
    const dxil_optable *t = t_builtin();
    CU_ASSERT_EQUAL(dxil_optable_op_count(t), 347);
    CU_ASSERT_EQUAL(dxil_optable_slot_count(t, DXIL_OPTABLE_CORE), 312);
    CU_ASSERT_EQUAL(dxil_optable_slot_count(t, DXIL_OPTABLE_EXPERIMENTAL), 35);
    CU_ASSERT_EQUAL(dxil_optable_slot_count(t, 0x4000), 0);
    CU_ASSERT_EQUAL(dxil_optable_class_count(t), 222);
    size_t core = 0, exp = 0, reserved = 0;
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        core += DXIL_OPCODE_TABLE(op->opcode) == DXIL_OPTABLE_CORE;
        exp += dxil_op_is_experimental(op->opcode);
        reserved += (op->flags & DXIL_OPF_RESERVED) != 0;
        if (i)
            CU_ASSERT(dxil_optable_op_at(t, i - 1)->opcode < op->opcode);
    }
    CU_ASSERT_EQUAL(core, 312);
    CU_ASSERT_EQUAL(exp, 35);
    CU_ASSERT_EQUAL(reserved, 33);
    CU_ASSERT_EQUAL(DXIL_OPTABLE_GEN_OPS, 347);
}

/* Core opcode counts at the end of each DXIL version (dxil-facts.md). */
static void test_counts_per_dxil_version(void)
{
    static const struct { unsigned minor, count; } want[] = {
        {0, 137}, {1, 139}, {2, 141}, {3, 162}, {4, 165}, {5, 216}, {6, 222}, {7, 226}, {8, 258}, {9, 312}};
    const dxil_optable *t = t_builtin();
    for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
        size_t n = 0;
        for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
            const dxil_op_info *op = dxil_optable_op_at(t, i);
            n += !dxil_op_is_experimental(op->opcode) && dxil_op_exists_at(op, V(1, want[w].minor));
        }
        CU_ASSERT_EQUAL(n, want[w].count);
    }
}

/* Splits one TSV line in place; returns the number of fields. */
static size_t t_split(char *line, char **fields, size_t max)
{
    size_t n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; n < max;) {
        fields[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static size_t t_count_sm(const dxil_optable *t, dxil_version sm)
{
    size_t n = 0;
    for (size_t i = 0; i < dxil_optable_op_count(t); i++)
        n += dxil_op_min_shader_model(dxil_optable_op_at(t, i)) == sm;
    return n;
}

/* Per shader model counts and names/opcodes agree with dxil-ops.tsv. */
static void test_counts_vs_reference(void)
{
    const char *shared = getenv("DXIL_SHARED_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/reference/dxil-ops.tsv", shared && *shared ? shared : DXIL_TEST_SHARED_DIR);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "SKIP part: %s not found\n", path);
        return;
    }
    const dxil_optable *t = t_builtin();
    char line[8192], *fld[32];
    size_t rows = 0, per_sm[16][16] = {{0}};
    fgets(line, sizeof line, f); /* header */
    while (fgets(line, sizeof line, f)) {
        if (t_split(line, fld, 32) < 11)
            continue;
        const dxil_op_info *op = dxil_op_by_opcode(t, (uint32_t)strtoul(fld[0], NULL, 10));
        CU_ASSERT_PTR_NOT_NULL_FATAL(op);
        CU_ASSERT_STRING_EQUAL(op->name, fld[4]);
        CU_ASSERT_STRING_EQUAL(op->cls->name, fld[5]);
        CU_ASSERT_STRING_EQUAL(op->cls->fn, fld[6]);
        dxil_version sm;
        CU_ASSERT_FATAL(dxil_version_parse(fld[10], strlen(fld[10]), &sm));
        CU_ASSERT_EQUAL(op->sm, sm);
        per_sm[DXIL_VERSION_MAJOR(sm) & 15][DXIL_VERSION_MINOR(sm) & 15]++;
        rows++;
    }
    fclose(f);
    CU_ASSERT_EQUAL(rows, 347);
    for (unsigned minor = 0; minor <= 10; minor++)
        CU_ASSERT_EQUAL(t_count_sm(t, V(6, minor)), per_sm[6][minor]);
}

/* ---- lookups ---------------------------------------------------------- */

static void test_lookup_every_op(void)
{
    const dxil_optable *t = t_builtin();
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        CU_ASSERT_PTR_EQUAL(dxil_op_by_opcode(t, op->opcode), op);
        CU_ASSERT_PTR_EQUAL(dxil_op_by_name(t, op->name), op);
        CU_ASSERT_PTR_EQUAL(dxil_op_class_by_name(t, op->cls->name), op->cls);
        CU_ASSERT_PTR_EQUAL(dxil_op_class_by_fn(t, op->cls->fn, strlen(op->cls->fn)), op->cls);
        CU_ASSERT_PTR_NOT_NULL(op->description);
        CU_ASSERT(op->description && op->description[0]);
        CU_ASSERT(op->n_overloads >= 1);
        CU_ASSERT_EQUAL(op->params[0].type, DXIL_TY_I32);
    }
}

static void test_lookup_opcode_split(void)
{
    const dxil_optable *t = t_builtin();
    CU_ASSERT_STRING_EQUAL(dxil_op_by_opcode(t, 13)->name, "Sin");
    CU_ASSERT_STRING_EQUAL(dxil_op_by_opcode(t, 0x80000001u)->name, "GetGroupWaveIndex");
    CU_ASSERT_STRING_EQUAL(dxil_op_by_opcode(t, 0x80000022u)->name, "IsDebuggingEnabled");
    CU_ASSERT_STRING_EQUAL(dxil_op_by_opcode(t, 0x8000000Cu)->name, "LinAlgFillMatrix");
    CU_ASSERT_STRING_EQUAL(dxil_op_by_opcode(t, 311)->name, "FDot");
    static const uint32_t unknown[] = {312, 0xFFFF, 0x80000023u, 0x8000FFFFu, 0x00010000u,
                                       0x00010006u, 0x40000000u, 0x7FFF0001u, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        CU_ASSERT_PTR_NULL(dxil_op_by_opcode(t, unknown[i]));
    CU_ASSERT(dxil_op_is_experimental(0x80000000u));
    CU_ASSERT(!dxil_op_is_experimental(6));
    CU_ASSERT_EQUAL(DXIL_OPCODE(DXIL_OPTABLE_EXPERIMENTAL, 12), 0x8000000Cu);
    CU_ASSERT_PTR_NULL(dxil_op_by_name(t, "NoSuchOp"));
    CU_ASSERT_PTR_NULL(dxil_op_by_name(t, "Si"));
    CU_ASSERT_PTR_NULL(dxil_op_by_name(t, "Sinx"));
}

/* ---- dx.op names --------------------------------------------------------- */

static void t_roundtrip(const char *name, unsigned ndims, const char *fn)
{
    dxil_fn_name p;
    CU_ASSERT_FATAL(dxil_fn_name_parse(name, &p));
    CU_ASSERT_EQUAL(p.overload.ndims, ndims);
    CU_ASSERT_EQUAL(p.fn_len, strlen(fn));
    CU_ASSERT_NSTRING_EQUAL(p.fn, fn, strlen(fn));
    char buf[256], fnbuf[64];
    snprintf(fnbuf, sizeof fnbuf, "%.*s", (int)p.fn_len, p.fn);
    CU_ASSERT(dxil_fn_name_build(fnbuf, &p.overload, buf, sizeof buf) == (int)strlen(name));
    CU_ASSERT_STRING_EQUAL(buf, name);
}

static void test_fn_name_examples(void)
{
    t_roundtrip("dx.op.unary.f32", 1, "unary");
    t_roundtrip("dx.op.unary.v8f32", 1, "unary");
    t_roundtrip("dx.op.rawBufferVectorLoad.v4f32", 1, "rawBufferVectorLoad");
    t_roundtrip("dx.op.barrier", 0, "barrier");
    t_roundtrip("dx.op.createHandleForLib.dx.types.Handle", 1, "createHandleForLib");
    t_roundtrip("dx.op.createHandleForLib.struct.RWByteAddressBuffer", 1, "createHandleForLib");
    t_roundtrip("dx.op.getNodeRecordPtr.struct.RECORD", 1, "getNodeRecordPtr");
    t_roundtrip("dx.op.linAlgFillMatrix.mC4M3N4U0S1.i32", 2, "linAlgFillMatrix");
    t_roundtrip("dx.op.linAlgMatrixMultiply.mC4M3N5U2S1.mC4M3N4U0S1.mC4M4N5U1S1", 3, "linAlgMatrixMultiply");
    t_roundtrip("dx.op.linAlgMatVecMul.v4f32.mC4M4N4U0S0.v4f32", 3, "linAlgMatVecMul");

    dxil_overload ov;
    const dxil_optable *t = t_builtin();
    const dxil_op_class *c = dxil_op_class_by_fn_name(t, "dx.op.unary.v4f32", &ov);
    CU_ASSERT_PTR_EQUAL(c, dxil_op_class_by_name(t, "Unary"));
    CU_ASSERT_EQUAL(ov.dims[0].kind, DXIL_SCALAR_FLOAT);
    CU_ASSERT_EQUAL(ov.dims[0].width, 4);
    c = dxil_op_class_by_fn_name(t, "dx.op.createHandleForLib.dx.types.Handle", &ov);
    CU_ASSERT_EQUAL(ov.dims[0].kind, DXIL_SCALAR_OBJECT);
    CU_ASSERT(dxil_op_overload_valid(t_op("CreateHandleForLib"), &ov, V(1, 3)));
    c = dxil_op_class_by_fn_name(t, "dx.op.linAlgFillMatrix.mC4M3N4U0S1.i32", &ov);
    CU_ASSERT(dxil_op_overload_valid(t_op("LinAlgFillMatrix"), &ov, V(1, 10)));
    CU_ASSERT(!dxil_op_overload_valid(t_op("LinAlgFillMatrix"), &ov, V(1, 9)));

    static const char *const bad[] = {"dx.op.", "dx.op.unary.", "llvm.sin", "dx.op..f32",
                                      "dx.op.unary.f32.", "dx.op.unary.f32..i32"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CU_ASSERT(!dxil_fn_name_parse(bad[i], &(dxil_fn_name){0}));
    CU_ASSERT_PTR_NULL(dxil_op_class_by_fn_name(t, "dx.op.noSuchClass.f32", &ov));
}

/* A sample overload type for kind k (vector when vec). */
static dxil_overload_type t_sample_dim(int k, bool vec, unsigned ndims)
{
    if (k == DXIL_SCALAR_UDT)
        return (dxil_overload_type){DXIL_SCALAR_UDT, 0, "struct.Payload", 14};
    if (k == DXIL_SCALAR_OBJECT && ndims > 1)
        return (dxil_overload_type){DXIL_SCALAR_OBJECT, 0, "mC4M3N4U0S1", 11};
    if (k == DXIL_SCALAR_OBJECT)
        return (dxil_overload_type){DXIL_SCALAR_OBJECT, 0, "dx.types.Handle", 15};
    return (dxil_overload_type){(dxil_scalar_kind)k, vec ? 4u : 0u, NULL, 0};
}

static int t_first_kind(uint16_t mask)
{
    for (int k = 1; k < DXIL_SCALAR_KIND_COUNT; k++) {
        if (mask & DXIL_SCALAR_BIT(k))
            return k;
    }
    return 0;
}

/* Builds dx.op.<fn>.<ov>, parses it back and checks class, overload,
 * rebuilt name and validity. */
static void t_check_name(const dxil_op_info *op, const dxil_overload_set *s, const dxil_overload *ov)
{
    char name[256], again[256];
    CU_ASSERT_FATAL(dxil_fn_name_build(op->cls->fn, ov, name, sizeof name) < (int)sizeof name);
    dxil_overload parsed;
    CU_ASSERT_PTR_EQUAL(dxil_op_class_by_fn_name(t_builtin(), name, &parsed), op->cls);
    CU_ASSERT(dxil_overload_equal(ov, &parsed));
    dxil_fn_name_build(op->cls->fn, &parsed, again, sizeof again);
    CU_ASSERT_STRING_EQUAL(again, name);
    CU_ASSERT(dxil_overload_set_allows(s, &parsed));
    if (!dxil_overload_set_allows(s, &parsed))
        fprintf(stderr, "%s: %s not allowed by %s\n", op->name, name, s->letters);
}

static void t_check_op_names(const dxil_op_info *op)
{
    const dxil_overload_set *s = dxil_op_overloads_latest(op);
    dxil_overload base = {s->ndims, {{0}}};
    for (unsigned d = 0; d < s->ndims; d++) {
        int k = t_first_kind(s->dims[d].scalars);
        base.dims[d] = k ? t_sample_dim(k, false, s->ndims) : t_sample_dim(t_first_kind(s->dims[d].vectors), true, s->ndims);
    }
    t_check_name(op, s, &base);
    for (unsigned d = 0; d < s->ndims; d++) {
        for (int k = 1; k < DXIL_SCALAR_KIND_COUNT; k++) {
            for (int vec = 0; vec < 2; vec++) {
                if (!((vec ? s->dims[d].vectors : s->dims[d].scalars) & DXIL_SCALAR_BIT(k)))
                    continue;
                dxil_overload ov = base;
                ov.dims[d] = t_sample_dim(k, vec, s->ndims);
                t_check_name(op, s, &ov);
            }
        }
    }
}

static void test_fn_name_every_op(void)
{
    const dxil_optable *t = t_builtin();
    for (size_t i = 0; i < dxil_optable_op_count(t); i++)
        t_check_op_names(dxil_optable_op_at(t, i));
}

/* ---- versioned queries -------------------------------------------------- */

static void test_version_overloads(void)
{
    CU_ASSERT(t_valid("FAbs", "f64", V(1, 0))); /* LLVM's DXIL.td: half, float, double from 1.0 */
    CU_ASSERT(t_valid("FAbs", "f16", V(1, 0)));
    CU_ASSERT(!t_valid("FAbs", "i32", V(1, 9)));
    CU_ASSERT(!t_valid("FAbs", "v4f32", V(1, 8))); /* vectors from 1.9 */
    CU_ASSERT(t_valid("FAbs", "v4f32", V(1, 9)));
    CU_ASSERT(t_valid("FAbs", "v4f32", V(1, 10)));
    CU_ASSERT(!t_valid("Sample", "i32", V(1, 6)));
    CU_ASSERT(t_valid("Sample", "i32", V(1, 7)));
    CU_ASSERT(t_valid("Sample", "f32", V(1, 0)));
    CU_ASSERT(!t_valid("AtomicBinOp", "i64", V(1, 5)));
    CU_ASSERT(t_valid("AtomicBinOp", "i64", V(1, 6)));
    CU_ASSERT(!t_valid("RawBufferLoad", "f32", V(1, 1))); /* op not there yet */
    CU_ASSERT(t_valid("RawBufferLoad", "f32", V(1, 2)));
    CU_ASSERT(!t_valid("RawBufferLoad", "f64", V(1, 2)));
    CU_ASSERT(t_valid("RawBufferLoad", "f64", V(1, 3)));
    CU_ASSERT(!t_valid("IsNaN", "f16", V(1, 8))); /* 16-bit IsSpecialFloat needs 6.9 */
    CU_ASSERT(t_valid("IsNaN", "f16", V(1, 9)));
    CU_ASSERT(t_valid("IsNaN", "f32", V(1, 0)));
    CU_ASSERT(t_valid("WaveActiveOp", "v4i32", V(1, 9)));
    CU_ASSERT(!t_valid("VectorReduceAnd", "i32", V(1, 9))); /* vectors only */
    CU_ASSERT(t_valid("VectorReduceAnd", "v4i32", V(1, 9)));
    CU_ASSERT(t_valid("FDot", "v3f16", V(1, 9)));
    CU_ASSERT(!t_valid("FDot", "f32", V(1, 9)));
    CU_ASSERT(t_valid("Barrier", "", V(1, 0)));
    CU_ASSERT(!t_valid("Barrier", "f32", V(1, 0)));
    const dxil_op_info *fabs = t_op("FAbs");
    CU_ASSERT_STRING_EQUAL(dxil_op_overloads_at(fabs, V(1, 5))->letters, "hfd");
    CU_ASSERT_STRING_EQUAL(dxil_op_overloads_latest(fabs)->letters, "hfd<");
    CU_ASSERT_PTR_NULL(dxil_op_overloads_at(t_op("RawBufferLoad"), V(1, 1)));
}

static void test_version_stages(void)
{
    const dxil_op_info *sample = t_op("Sample"), *ch = t_op("CreateHandle");
    CU_ASSERT(dxil_op_stage_allowed(sample, DXIL_SHADER_PIXEL, V(1, 0)));
    CU_ASSERT(!dxil_op_stage_allowed(sample, DXIL_SHADER_COMPUTE, V(1, 5)));
    CU_ASSERT(dxil_op_stage_allowed(sample, DXIL_SHADER_COMPUTE, V(1, 6)));
    CU_ASSERT(!dxil_op_stage_allowed(sample, DXIL_SHADER_VERTEX, V(1, 9)));
    CU_ASSERT(dxil_op_stage_allowed(t_op("DerivCoarseX"), DXIL_SHADER_MESH, V(1, 6)));
    CU_ASSERT(!dxil_op_stage_allowed(t_op("DerivCoarseX"), DXIL_SHADER_MESH, V(1, 5)));
    CU_ASSERT(dxil_op_stage_allowed(ch, DXIL_SHADER_PIXEL, V(1, 5)));
    CU_ASSERT(!dxil_op_stage_allowed(ch, DXIL_SHADER_PIXEL, V(1, 6))); /* removed */
    CU_ASSERT_EQUAL(dxil_op_stages_at(ch, V(1, 6))->kind, DXIL_STAGES_REMOVED);
    CU_ASSERT_EQUAL(dxil_op_stages_latest(ch, true)->kind, DXIL_STAGES_ALL);
    CU_ASSERT(dxil_op_stage_allowed(t_op("Discard"), DXIL_SHADER_PIXEL, V(1, 0)));
    CU_ASSERT(!dxil_op_stage_allowed(t_op("Discard"), DXIL_SHADER_VERTEX, V(1, 0)));
    CU_ASSERT(dxil_op_stage_allowed(t_op("ThreadId"), DXIL_SHADER_NODE, V(1, 8)));
    CU_ASSERT(!dxil_op_stage_allowed(t_op("ThreadId"), DXIL_SHADER_PIXEL, V(1, 8)));
    CU_ASSERT(dxil_op_stage_allowed(t_op("FAbs"), DXIL_SHADER_CALLABLE, V(1, 3)));
    CU_ASSERT(!dxil_op_stage_allowed(t_op("RawBufferLoad"), DXIL_SHADER_COMPUTE, V(1, 1)));
    CU_ASSERT(!dxil_op_stage_allowed(t_op("FAbs"), DXIL_SHADER_INVALID, V(1, 3)));
}

static void test_version_attrs_sm_flags(void)
{
    CU_ASSERT_EQUAL(dxil_op_attrs_at(t_op("FAbs"), V(1, 0)), DXIL_ATTR_READNONE);
    CU_ASSERT_EQUAL(dxil_op_attrs_at(t_op("RawBufferLoad"), V(1, 2)), DXIL_ATTR_READONLY);
    CU_ASSERT_EQUAL(dxil_op_attrs_at(t_op("RawBufferLoad"), V(1, 1)), 0);
    CU_ASSERT_EQUAL(dxil_op_attrs_latest(t_op("Barrier")), DXIL_ATTR_NODUPLICATE);
    CU_ASSERT_EQUAL(dxil_op_attrs_latest(t_op("IgnoreHit")), DXIL_ATTR_NORETURN);
    CU_ASSERT_EQUAL(dxil_op_attrs_latest(t_op("HitObject_Attributes")), DXIL_ATTR_ARGMEMONLY);
    CU_ASSERT_EQUAL(dxil_op_attrs_latest(t_op("StoreOutput")), 0);
    CU_ASSERT_EQUAL(dxil_op_min_shader_model(t_op("RawBufferLoad")), V(6, 2));
    CU_ASSERT_EQUAL(t_op("RawBufferLoad")->sm_translated, V(6, 0));
    CU_ASSERT_EQUAL(dxil_op_min_shader_model(t_op("GetGroupWaveIndex")), V(6, 10));
    CU_ASSERT_EQUAL(t_op("DerivCoarseX")->flags,
                    DXIL_OPF_DERIVATIVE | DXIL_OPF_GRADIENT | DXIL_OPF_CONVERGENT);
    CU_ASSERT(t_op("WaveActiveOp")->flags & DXIL_OPF_WAVE);
    CU_ASSERT(t_op("BarrierByMemoryType")->flags & DXIL_OPF_BARRIER);
    CU_ASSERT(t_op("WriteSamplerFeedbackGrad")->flags & DXIL_OPF_FEEDBACK);
    CU_ASSERT(t_op("Reserved0")->flags & DXIL_OPF_RESERVED);
    CU_ASSERT_EQUAL(t_op("FAbs")->flags, 0);
    /* LLVM's convergent: derived from the flags (wave, derivative,
     * gradient, barrier, convergent) */
    static const char *const conv[] = {"WaveActiveOp", "WaveReadLaneFirst", "QuadReadLaneAt",
                                       "QuadOp", "DerivFineY", "Sample", "SampleBias",
                                       "SampleCmp", "CalculateLOD", "Barrier",
                                       "BarrierByMemoryType", "WriteSamplerFeedback"};
    for (size_t i = 0; i < sizeof conv / sizeof conv[0]; i++)
        CU_ASSERT(dxil_op_convergent(t_op(conv[i])));
    static const char *const not_conv[] = {"FAbs", "SampleLevel", "SampleGrad",
                                           "SampleCmpLevelZero", "TextureLoad", "BufferLoad",
                                           "WriteSamplerFeedbackLevel", "AtomicBinOp"};
    for (size_t i = 0; i < sizeof not_conv / sizeof not_conv[0]; i++)
        CU_ASSERT(!dxil_op_convergent(t_op(not_conv[i])));
    CU_ASSERT(!dxil_op_convergent(NULL));
    CU_ASSERT_EQUAL(t_op("WavePrefixBitCount")->result.type, DXIL_TY_I32); /* own signature */
    CU_ASSERT_EQUAL(t_op("WavePrefixOp")->result.type, DXIL_TY_OVERLOAD);
}

/* ---- intrinsic mappings -------------------------------------------------- */

typedef struct t_consts {
    unsigned index[4];
    int64_t value[4];
    size_t n;
} t_consts;

static bool t_get_const(void *ctx, unsigned index, int64_t *value)
{
    const t_consts *c = ctx;
    for (size_t i = 0; i < c->n; i++) {
        if (c->index[i] == index) {
            *value = c->value[i];
            return true;
        }
    }
    return false;
}

static const dxil_intrinsic_map *t_raise(const char *op, dxil_version v, dxil_scalar_kind k, t_consts c)
{
    return dxil_op_select_raise(t_op(op), v, k, t_get_const, &c);
}

static const dxil_intrinsic_ref *t_lower(const char *name, t_consts c)
{
    return dxil_optable_select_lower(t_builtin(), name, V(1, 9), DXIL_SCALAR_VOID, t_get_const, &c);
}

static void test_map_raise(void)
{
    const dxil_intrinsic_map *m = t_raise("WaveActiveOp", V(1, 6), DXIL_SCALAR_I32, (t_consts){{2, 3}, {0, 1}, 2});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.wave.reduce.usum");
    CU_ASSERT(m->llvm22);
    CU_ASSERT_EQUAL(m->custom, DXIL_MAP_TABLE);
    CU_ASSERT_EQUAL(m->n_overloads, 1);
    CU_ASSERT_EQUAL(m->overloads[0].kind, DXIL_MAP_OV_RESULT);
    CU_ASSERT_EQUAL(m->n_args, 1);
    m = t_raise("WaveActiveOp", V(1, 6), DXIL_SCALAR_FLOAT, (t_consts){{2, 3}, {0, 0}, 2});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.wave.reduce.sum");
    m = t_raise("WaveActiveOp", V(1, 6), DXIL_SCALAR_I32, (t_consts){{2, 3}, {2, 1}, 2});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.wave.reduce.umin");
    m = t_raise("WaveActiveOp", V(1, 6), DXIL_SCALAR_I32, (t_consts){{2, 3}, {1, 0}, 2});
    CU_ASSERT(m && !m->llvm22); /* product: recorded, but not in LLVM 22 */
    CU_ASSERT_PTR_NULL(t_raise("WaveActiveOp", V(1, 6), DXIL_SCALAR_I32, (t_consts){{2}, {0}, 1}));
    m = t_raise("Barrier", V(1, 0), DXIL_SCALAR_VOID, (t_consts){{1}, {9}, 1});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.group.memory.barrier.with.group.sync");
    CU_ASSERT(m->llvm22);
    CU_ASSERT_EQUAL(m->n_args, 0);
    m = t_raise("Barrier", V(1, 0), DXIL_SCALAR_VOID, (t_consts){{1}, {3}, 1});
    CU_ASSERT(m && !m->llvm22);
    CU_ASSERT_STRING_EQUAL(t_raise("IsNaN", V(1, 0), DXIL_SCALAR_FLOAT, (t_consts){{0}, {0}, 0})->intrinsic,
                           "llvm.dx.isnan");
    m = t_raise("IsFinite", V(1, 0), DXIL_SCALAR_FLOAT, (t_consts){{0}, {0}, 0});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.is.fpclass");
    CU_ASSERT_EQUAL(m->n_const_args, 1);
    CU_ASSERT_EQUAL(m->const_args[0].value, 0x1F8);
    m = t_raise("Countbits", V(1, 0), DXIL_SCALAR_I64, (t_consts){{0}, {0}, 0});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.ctpop");
    CU_ASSERT_EQUAL(m->result, DXIL_MAP_RESULT_CAST_I32);
    CU_ASSERT_EQUAL(t_raise("UAddc", V(1, 0), DXIL_SCALAR_I32, (t_consts){{0}, {0}, 0})->result, DXIL_MAP_RESULT_STRUCT);
}

static void test_map_custom(void)
{
    const dxil_intrinsic_map *m = t_raise("CBufferLoadLegacy", V(1, 0), DXIL_SCALAR_FLOAT, (t_consts){{0}, {0}, 0});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.resource.load.cbufferrow.4");
    CU_ASSERT_EQUAL(m->custom, DXIL_MAP_CUSTOM_CBUFFER_ROW);
    m = t_raise("CBufferLoadLegacy", V(1, 0), DXIL_SCALAR_DOUBLE, (t_consts){{0}, {0}, 0});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.resource.load.cbufferrow.2");
    m = t_raise("CBufferLoadLegacy", V(1, 2), DXIL_SCALAR_I16, (t_consts){{0}, {0}, 0});
    CU_ASSERT_STRING_EQUAL(m->intrinsic, "llvm.dx.resource.load.cbufferrow.8");
    m = t_raise("CreateHandle", V(1, 5), DXIL_SCALAR_VOID, (t_consts){{0}, {0}, 0});
    CU_ASSERT_EQUAL(m->custom, DXIL_MAP_CUSTOM_HANDLE);
    CU_ASSERT_PTR_NULL(t_raise("CreateHandle", V(1, 6), DXIL_SCALAR_VOID, (t_consts){{0}, {0}, 0}));
    CU_ASSERT_STRING_EQUAL(t_raise("CreateHandleFromBinding", V(1, 6), DXIL_SCALAR_VOID,
                                   (t_consts){{0}, {0}, 0})->intrinsic,
                           "llvm.dx.resource.handlefrombinding");
    CU_ASSERT_STRING_EQUAL(t_raise("BufferLoad", V(1, 1), DXIL_SCALAR_FLOAT, (t_consts){{0}, {0}, 0})->intrinsic,
                           "llvm.dx.resource.load.typedbuffer");
}

static void test_map_lower(void)
{
    const dxil_intrinsic_ref *r = t_lower("llvm.dx.wave.reduce.usum", (t_consts){{0}, {0}, 0});
    CU_ASSERT_STRING_EQUAL(r->op->name, "WaveActiveOp");
    CU_ASSERT_EQUAL(r->map->n_operands, 3);
    static const struct { int64_t mask; const char *op; } fpc[] = {
        {0x3, "IsNaN"}, {0x204, "IsInf"}, {0x1F8, "IsFinite"}, {0x108, "IsNormal"}};
    for (size_t i = 0; i < 4; i++) {
        r = t_lower("llvm.is.fpclass", (t_consts){{1}, {fpc[i].mask}, 1});
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_STRING_EQUAL(r->op->name, fpc[i].op);
    }
    CU_ASSERT_PTR_NULL(t_lower("llvm.is.fpclass", (t_consts){{1}, {0x1}, 1}));
    CU_ASSERT_STRING_EQUAL(t_lower("llvm.sin", (t_consts){{0}, {0}, 0})->op->name, "Sin");
    CU_ASSERT_STRING_EQUAL(t_lower("llvm.dx.isnan", (t_consts){{0}, {0}, 0})->op->name, "IsNaN");
    const dxil_intrinsic_ref *first;
    CU_ASSERT_EQUAL(dxil_optable_find_intrinsic(t_builtin(), "llvm.dx.no.such", &first), 0);
    CU_ASSERT_EQUAL(dxil_optable_find_intrinsic(t_builtin(), "llvm.is.fpclass", &first), 4);
    CU_ASSERT_EQUAL(dxil_optable_find_intrinsic(t_builtin(), "llvm.dx.resource.handlefrombinding", &first), 2);
}

/* llvm22="yes" exactly when LLVM 22 declares the name; table maps are complete. */
static void t_check_map(const dxil_op_info *op, const dxil_intrinsic_map *m)
{
    if (m->intrinsic) {
        bool has = dxil_intrinsic_in_llvm(m->intrinsic);
        CU_ASSERT_EQUAL(has, m->llvm22 != 0);
        if (has != (m->llvm22 != 0))
            fprintf(stderr, "%s: %s llvm22=%u but LLVM 22 says %d\n", op->name, m->intrinsic, m->llvm22, has);
    }
    if (m->custom != DXIL_MAP_TABLE)
        return;
    CU_ASSERT_PTR_NOT_NULL(m->intrinsic);
    CU_ASSERT_EQUAL(m->n_operands, op->n_params - 1u);
    for (size_t i = 0; i < m->n_operands; i++) {
        CU_ASSERT(m->operands[i].operand >= 1 && m->operands[i].operand < op->n_params);
        if (m->operands[i].source == DXIL_MAP_FROM_ARG)
            CU_ASSERT(m->operands[i].arg < m->n_args);
    }
}

static void test_map_llvm22(void)
{
    const dxil_optable *t = t_builtin();
    size_t maps = 0;
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        for (size_t k = 0; k < op->n_maps; k++, maps++)
            t_check_map(op, &op->maps[k]);
    }
    CU_ASSERT(maps >= 100);
    CU_ASSERT(!dxil_intrinsic_in_llvm("llvm.dx.all.memory.barrier")); /* prefix of llvm.dx.all */
    CU_ASSERT(dxil_intrinsic_in_llvm("llvm.dx.all"));
    CU_ASSERT(!dxil_intrinsic_in_llvm(NULL));
}

/* ---- overlays -------------------------------------------------------- */

static const char t_overlay_ok[] =
    "<?xml version=\"1.0\"?>\n"
    "<dxil-ops format=\"1\" vendor=\"test\">\n"
    "  <classes>\n"
    "    <class name=\"VendorBar\" fn=\"vendorBar\">\n"
    "      <result type=\"i32\"/>\n"
    "      <param name=\"x\" type=\"$o\"/>\n"
    "    </class>\n"
    "  </classes>\n"
    "  <ops>\n"
    "    <op table=\"experimental\" index=\"35\" name=\"VendorFoo\" class=\"Unary\" sm=\"6.10\" dxil=\"1.10\">\n"
    "      <desc>A vendor unary op.</desc>\n"
    "      <overloads dxil=\"1.10\" types=\"hf&lt;\"/>\n"
    "      <map intrinsic=\"llvm.sin\" llvm22=\"yes\" overload=\"result\" direction=\"raise\"/>\n"
    "    </op>\n"
    "    <op table=\"core\" index=\"400\" name=\"VendorBar\" class=\"VendorBar\" sm=\"6.9\" dxil=\"1.9\">\n"
    "      <desc>A vendor op with its own class.</desc>\n"
    "      <overloads dxil=\"1.9\" types=\"i\"/>\n"
    "      <stages dxil=\"1.9\" list=\"compute\"/>\n"
    "    </op>\n"
    "  </ops>\n"
    "</dxil-ops>\n";

static dxil_optable *t_load(const dxil_optable *base, const char *xml, dxil_diags *d)
{
    return dxil_optable_load_overlay(base, NULL, xml, strlen(xml), d);
}

static void test_overlay_loads(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_optable *o = t_load(NULL, t_overlay_ok, d);
    dxil_diags_print(d, stderr, "overlay");
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 0);
    CU_ASSERT_EQUAL(dxil_optable_op_count(o), 349);
    CU_ASSERT_EQUAL(dxil_optable_slot_count(o, DXIL_OPTABLE_CORE), 401);
    CU_ASSERT_EQUAL(dxil_optable_slot_count(o, DXIL_OPTABLE_EXPERIMENTAL), 36);
    const dxil_op_info *foo = dxil_op_by_opcode(o, 0x80000023u);
    CU_ASSERT_PTR_NOT_NULL_FATAL(foo);
    CU_ASSERT_STRING_EQUAL(foo->name, "VendorFoo");
    CU_ASSERT_PTR_EQUAL(foo->cls, dxil_op_class_by_name(t_builtin(), "Unary"));
    CU_ASSERT_PTR_EQUAL(dxil_op_by_name(o, "VendorBar"), dxil_op_by_opcode(o, 400));
    CU_ASSERT_PTR_NULL(dxil_op_by_opcode(o, 350));
    CU_ASSERT_PTR_EQUAL(dxil_op_by_opcode(o, 6), dxil_op_by_opcode(t_builtin(), 6));
    CU_ASSERT_PTR_EQUAL(dxil_op_by_name(o, "Sin"), dxil_op_by_name(t_builtin(), "Sin"));
    CU_ASSERT_PTR_NULL(dxil_op_by_name(t_builtin(), "VendorFoo")); /* base untouched */
    dxil_overload ov;
    CU_ASSERT_PTR_NOT_NULL(dxil_op_class_by_fn_name(o, "dx.op.vendorBar.i32", &ov));
    CU_ASSERT(dxil_op_stage_allowed(dxil_op_by_name(o, "VendorBar"), DXIL_SHADER_COMPUTE, V(1, 9)));
    const dxil_intrinsic_ref *first;
    CU_ASSERT_EQUAL(dxil_optable_find_intrinsic(o, "llvm.sin", &first), 2);
    CU_ASSERT_STRING_EQUAL(dxil_optable_op_at(o, 348)->name, "VendorFoo");
    /* An overlay on the overlay sees both and may not reuse their names. */
    dxil_optable *o2 = t_load(o, "<dxil-ops format=\"1\"><ops>"
                                 "<op table=\"core\" index=\"401\" name=\"VendorBaz\" class=\"VendorBar\""
                                 " sm=\"6.9\" dxil=\"1.9\"><desc>x</desc><overloads dxil=\"1.9\" types=\"i\"/>"
                                 "</op></ops></dxil-ops>", d);
    CU_ASSERT_PTR_NOT_NULL(o2);
    CU_ASSERT_EQUAL(dxil_optable_op_count(o2), 350);
    dxil_optable_destroy(o2);
    dxil_optable_destroy(o);
    dxil_optable_destroy((dxil_optable *)t_builtin()); /* ignored */
    dxil_diags_destroy(d);
}

/* Loads xml, expects failure with an error of `code` on `line`. */
static void t_expect_error(const char *xml, int code, uint64_t line, const char *needle)
{
    dxil_diags *d = dxil_diags_create();
    dxil_optable *o = t_load(NULL, xml, d);
    CU_ASSERT_PTR_NULL(o);
    dxil_optable_destroy(o);
    bool found = false;
    for (size_t i = 0; i < dxil_diags_count(d); i++) {
        const dxil_diag *g = dxil_diags_get(d, i);
        found |= g->code == code && g->loc_kind == DXIL_LOC_LINE && g->offset == line &&
                 strstr(g->message, needle) != NULL;
    }
    CU_ASSERT(found);
    if (!found) {
        fprintf(stderr, "wanted DXIL%d at line %llu containing '%s'; got:\n", code, (unsigned long long)line, needle);
        dxil_diags_print(d, stderr, "overlay");
    }
    dxil_diags_destroy(d);
}

#define T_OP(table, index, name, cls, body)                                                      \
    "<op table=\"" table "\" index=\"" index "\" name=\"" name "\" class=\"" cls "\" sm=\"6.10\" " \
    "dxil=\"1.10\">\n<desc>d</desc>\n" body "</op>\n"
#define T_OV "<overloads dxil=\"1.10\" types=\"hf\"/>\n"

static void test_overlay_conflicts(void)
{
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n" T_OP("core", "13", "MySin", "Unary", T_OV) "</ops>\n</dxil-ops>\n",
                   DXIL_E_SPEC_CONFLICT, 3, "already taken by 'Sin'");
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n" T_OP("experimental", "99", "Sin", "Unary", T_OV)
                   "</ops>\n</dxil-ops>\n",
                   DXIL_E_SPEC_CONFLICT, 3, "'Sin' already exists");
    t_expect_error("<dxil-ops format=\"1\">\n<classes>\n<class name=\"Mine\" fn=\"unary\">\n<result type=\"v\"/>\n"
                   "</class>\n</classes>\n</dxil-ops>\n",
                   DXIL_E_SPEC_CONFLICT, 3, "clashes with class 'Unary'");
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n" T_OP("experimental", "40", "A", "Unary", T_OV)
                   T_OP("experimental", "40", "B", "Unary", T_OV) "</ops>\n</dxil-ops>\n",
                   DXIL_E_SPEC_CONFLICT, 7, "duplicate opcode 0x80000028");
}

static void test_overlay_malformed(void)
{
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n" T_OP("experimental", "40", "A", "Unary", T_OV "<frob/>\n")
                   "</ops>\n</dxil-ops>\n",
                   DXIL_E_SPEC_SCHEMA, 6, "frob");
    t_expect_error("<dxil-ops format=\"1\">\n<classes>\n<class name=\"Mine\" fn=\"mine\">\n<result type=\"v\"/>\n"
                   "<param name=\"p\" type=\"float4\"/>\n</class>\n</classes>\n</dxil-ops>\n",
                   DXIL_E_SPEC_TYPE, 5, "unknown type code 'float4'");
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n" T_OP("experimental", "40", "A", "Unary",
                                                          "<overloads dxil=\"1.10\" types=\"hq\"/>\n")
                   "</ops>\n</dxil-ops>\n",
                   DXIL_E_SPEC, 5, "bad overload letters 'hq'");
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n<op>\n</dxil-ops>\n", DXIL_E_SPEC, 4, "malformed XML");
    t_expect_error("<dxil-ops format=\"1\">\n<ops>\n" T_OP("experimental", "40", "A", "NoClass", T_OV)
                   "</ops>\n</dxil-ops>\n",
                   DXIL_E_SPEC, 3, "unknown class 'NoClass'");
}

/* What a type code means belongs to the built-in table. */
static void test_overlay_types(void)
{
    t_expect_error("<dxil-ops format=\"1\">\n<types>\n<type code=\"i32\" form=\"scalar\" scalar=\"i64\"/>\n"
                   "</types>\n</dxil-ops>\n",
                   DXIL_E_SPEC_CONFLICT, 3, "cannot redefine");
    t_expect_error("<dxil-ops format=\"1\">\n<types>\n<type code=\"v\" form=\"void\"/>\n"
                   "<type code=\"dims\" form=\"struct\" fields=\"i32 i33\"/>\n</types>\n</dxil-ops>\n",
                   DXIL_E_SPEC_SCHEMA, 4, "");
}

static void test_overlay_file(void)
{
    char path[] = "/tmp/test_optable_XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT_FATAL(write(fd, t_overlay_ok, strlen(t_overlay_ok)) == (ssize_t)strlen(t_overlay_ok));
    close(fd);
    dxil_diags *d = dxil_diags_create();
    dxil_optable *o = dxil_optable_load_overlay(NULL, path, NULL, 0, d);
    CU_ASSERT_PTR_NOT_NULL(o);
    dxil_optable_destroy(o);
    unlink(path);
    CU_ASSERT_PTR_NULL(dxil_optable_load_overlay(NULL, path, NULL, 0, d));
    CU_ASSERT(dxil_diags_count(d) >= 1 && dxil_diags_get(d, 0)->code == DXIL_E_IO);
    dxil_diags_destroy(d);
}

/* ---- ABI --------------------------------------------------------------- */

static void test_abi_names(void)
{
    CU_ASSERT_STRING_EQUAL(dxil_resource_kind_name(DXIL_RESOURCE_KIND_TEXTURE2D), "Texture2D");
    CU_ASSERT_STRING_EQUAL(dxil_resource_kind_name(18), "FeedbackTexture2DArray");
    CU_ASSERT_PTR_NULL(dxil_resource_kind_name(DXIL_RESOURCE_KIND_COUNT));
    CU_ASSERT_STRING_EQUAL(dxil_shader_kind_name(DXIL_SHADER_NODE), "Node");
    CU_ASSERT_STRING_EQUAL(dxil_shader_kind_name(DXIL_SHADER_INVALID), "Invalid");
    CU_ASSERT_PTR_NULL(dxil_shader_kind_name(17));
    CU_ASSERT_EQUAL(dxil_shader_stage_from_name("amplification", 13), DXIL_SHADER_AMPLIFICATION);
    CU_ASSERT_EQUAL(dxil_shader_stage_from_name("pixelx", 6), -1);
    CU_ASSERT_STRING_EQUAL(dxil_element_type_name(DXIL_ELEMENT_PACKED_U8X32), "PackedU8x32");
    CU_ASSERT_STRING_EQUAL(dxil_component_type_name(DXIL_COMPONENT_F32), "F32");
    CU_ASSERT_STRING_EQUAL(dxil_semantic_kind_name(DXIL_SEMANTIC_START_INSTANCE_LOCATION), "StartInstanceLocation");
    CU_ASSERT_STRING_EQUAL(dxil_entry_prop_tag_name(DXIL_ENTRY_GROUP_SHARED_LIMIT), "GroupSharedLimit");
    CU_ASSERT_PTR_NULL(dxil_entry_prop_tag_name(DXIL_ENTRY_PROP_TAG_COUNT));
    CU_ASSERT_STRING_EQUAL(dxil_shader_flag_name(38), "ExtendedCommandInfo");
    CU_ASSERT_PTR_NULL(dxil_shader_flag_name(DXIL_SHADER_FLAG_BIT_COUNT));
    CU_ASSERT_EQUAL(DXIL_SHADER_FLAG_EXTENDED_COMMAND_INFO, UINT64_C(1) << 38);
    CU_ASSERT_EQUAL(DXIL_BARRIER_MODE_SYNC_THREAD_GROUP | DXIL_BARRIER_MODE_TGSM_FENCE, 9u);
    CU_ASSERT_STRING_EQUAL(dxil_barrier_mode_bit_name(3), "TGSMFence");
    CU_ASSERT_STRING_EQUAL(dxil_wave_op_kind_name(DXIL_WAVE_OP_MAX), "Max");
    CU_ASSERT_STRING_EQUAL(dxil_quad_op_kind_name(DXIL_QUAD_READ_ACROSS_DIAGONAL), "ReadAcrossDiagonal");
    CU_ASSERT_STRING_EQUAL(dxil_signed_op_kind_name(DXIL_SIGNED_OP_UNSIGNED), "Unsigned");
    CU_ASSERT_STRING_EQUAL(dxil_optable_id_name(DXIL_OPTABLE_EXPERIMENTAL), "experimental");
    CU_ASSERT_PTR_NULL(dxil_optable_id_name(1));
    /* every value below each COUNT has a name */
    for (unsigned v = 0; v < DXIL_SEMANTIC_INVALID; v++)
        CU_ASSERT_PTR_NOT_NULL(dxil_semantic_kind_name(v));
    for (unsigned v = 0; v < DXIL_SHADER_FLAG_BIT_COUNT; v++)
        CU_ASSERT_PTR_NOT_NULL(dxil_shader_flag_name(v));
    for (unsigned v = 0; v < DXIL_TY_COUNT; v++)
        CU_ASSERT_EQUAL(dxil_type_code_from_name(dxil_type_code_name(v), strlen(dxil_type_code_name(v))), (int)v);
}

int tu_register(void)
{
    static const tu_case counts[] = {
        {"per table", test_counts_per_table},
        {"per DXIL version", test_counts_per_dxil_version},
        {"per shader model vs reference", test_counts_vs_reference},
        {NULL, NULL}};
    static const tu_case lookups[] = {
        {"every op by opcode and name", test_lookup_every_op},
        {"opcode split into table and index", test_lookup_opcode_split},
        {"dx.op name examples", test_fn_name_examples},
        {"every op's dx.op name parses and rebuilds", test_fn_name_every_op},
        {NULL, NULL}};
    static const tu_case versions[] = {
        {"overloads by DXIL version", test_version_overloads},
        {"stages by DXIL version", test_version_stages},
        {"attributes, shader model, flags", test_version_attrs_sm_flags},
        {NULL, NULL}};
    static const tu_case maps[] = {
        {"raise selection", test_map_raise},
        {"custom maps", test_map_custom},
        {"lower selection", test_map_lower},
        {"llvm22 flags match LLVM", test_map_llvm22},
        {NULL, NULL}};
    static const tu_case overlays[] = {
        {"overlay loads and stacks", test_overlay_loads},
        {"overlays cannot describe types", test_overlay_types},
        {"overlay conflicts", test_overlay_conflicts},
        {"malformed overlays", test_overlay_malformed},
        {"overlay from a file", test_overlay_file},
        {NULL, NULL}};
    static const tu_case abi[] = {{"ABI names", test_abi_names}, {NULL, NULL}};
    tu_add_suite("optable counts", counts);
    tu_add_suite("optable lookups", lookups);
    tu_add_suite("optable versions", versions);
    tu_add_suite("optable maps", maps);
    tu_add_suite("optable overlays", overlays);
    tu_add_suite("abi", abi);
    return 0;
}
