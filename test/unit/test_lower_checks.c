/* Lowering through the library API refuses what has no valid DXIL form
 * at the target version (docs/lowering.md, "Scalarization" and "Errors"):
 * vector calls are split where the spec has no vector overload, bad types
 * and unlowered llvm.dx.* calls fail with diagnostics naming the call. */
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_optable.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <string.h>

static const char lc_sqrt[] =
    "target triple = \"dxilv1.3-pc-shadermodel6.3-library\"\n"
    "define <4 x float> @f(<4 x float> %a) {\n"
    "  %r = call <4 x float> @llvm.sqrt.v4f32(<4 x float> %a)\n"
    "  ret <4 x float> %r\n}\n";

static const char lc_double[] =
    "target triple = \"dxilv1.3-pc-shadermodel6.3-library\"\n"
    "define double @g(double %a) {\n"
    "  %r = call double @llvm.sqrt.f64(double %a)\n"
    "  ret double %r\n}\n";

static const char lc_leftover[] =
    "target triple = \"dxilv1.6-pc-shadermodel6.6-library\"\n"
    "declare i1 @llvm.dx.unknown.form(i32)\n"
    "define i1 @h(i32 %a) {\n"
    "  %x = call i1 @llvm.dx.unknown.form(i32 %a)\n"
    "  ret i1 %x\n}\n";

static const char lc_freeze[] =
    "target triple = \"dxilv1.3-pc-shadermodel6.3-library\"\n"
    "define i32 @k(i32 %a) {\n"
    "  %x = freeze i32 %a\n"
    "  ret i32 %x\n}\n";

/* Lowers text with the given target version (0 = the triple's) and
 * leftover policy; returns dxil_module_lower's result, module in *out. */
static int lc_lower(const char *text, unsigned version, bool allow, dxil_diags *d,
                    dxil_module **out)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    *out = dxil_module_load_memory(text, strlen(text), "t.ll", &o, d);
    CU_ASSERT_FATAL(*out != NULL);
    dxil_lower_options lo;
    dxil_lower_options_init(&lo);
    lo.dxil_version = version;
    lo.allow_leftover_intrinsics = allow;
    return dxil_module_lower(*out, &lo, d);
}

/* Calls in the first block of fn to functions named `callee`. */
static unsigned lc_count_calls(dxil_module *m, const char *fn, const char *callee)
{
    LLVMValueRef f = LLVMGetNamedFunction(dxil_module_llvm(m), fn);
    unsigned n = 0;
    CU_ASSERT_FATAL(f != NULL);
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(f)); i;
         i = LLVMGetNextInstruction(i)) {
        size_t len;
        if (LLVMIsACallInst(i) &&
            !strcmp(LLVMGetValueName2(LLVMGetCalledValue(i), &len), callee))
            n++;
    }
    return n;
}

static bool lc_has_message(dxil_diags *d, const char *a, const char *b)
{
    for (size_t i = 0; i < dxil_diags_count(d); i++) {
        const char *msg = dxil_diags_get(d, i)->message;
        if (strstr(msg, a) && strstr(msg, b))
            return true;
    }
    return false;
}

static void test_scalarize_by_version(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m;
    CU_ASSERT_EQUAL(lc_lower(lc_sqrt, 0, false, d, &m), 0);
    CU_ASSERT_EQUAL(lc_count_calls(m, "f", "dx.op.unary.f32"), 4);
    CU_ASSERT_EQUAL(lc_count_calls(m, "f", "dx.op.unary.v4f32"), 0);
    dxil_module_destroy(m);
    CU_ASSERT_EQUAL(lc_lower(lc_sqrt, DXIL_VERSION(1, 9), false, d, &m), 0);
    CU_ASSERT_EQUAL(lc_count_calls(m, "f", "dx.op.unary.v4f32"), 1);
    CU_ASSERT_EQUAL(lc_count_calls(m, "f", "dx.op.unary.f32"), 0);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 0);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

static void test_type_mismatch(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m;
    CU_ASSERT_EQUAL(lc_lower(lc_double, 0, false, d, &m), -1);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 1);
    CU_ASSERT(lc_has_message(d, "@g: `%r = call double @llvm.sqrt.f64", "DXIL op Sqrt"));
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

static void test_leftovers(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m;
    CU_ASSERT_EQUAL(lc_lower(lc_leftover, 0, false, d, &m), -1);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 1);
    CU_ASSERT(lc_has_message(d, "@h:", "llvm.dx.unknown.form was not lowered"));
    dxil_module_destroy(m);
    dxil_diags_clear(d);
    CU_ASSERT_EQUAL(lc_lower(lc_leftover, 0, true, d, &m), 0);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 0);
    CU_ASSERT(lc_has_message(d, "@h:", "llvm.dx.unknown.form was not lowered"));
    CU_ASSERT_EQUAL(lc_count_calls(m, "h", "llvm.dx.unknown.form"), 1);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

/* Freezes in @k's first block. */
static unsigned lc_count_freezes(dxil_module *m)
{
    LLVMValueRef f = LLVMGetNamedFunction(dxil_module_llvm(m), "k");
    unsigned n = 0;
    CU_ASSERT_FATAL(f != NULL);
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(f)); i;
         i = LLVMGetNextInstruction(i))
        n += LLVMGetInstructionOpcode(i) == LLVMFreeze;
    return n;
}

/* legalize = false skips the legalization passes (legal-freeze here):
 * the freeze stays, and the container writer refuses it; the default
 * removes it. */
static void test_legalize_off(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_lower_options lo;
    dxil_lower_options_init(&lo);
    CU_ASSERT(lo.legalize);
    for (int legalize = 1; legalize >= 0; legalize--) {
        dxil_module *m = dxil_module_load_memory(lc_freeze, strlen(lc_freeze), "t.ll", &o, d);
        CU_ASSERT_FATAL(m != NULL);
        lo.legalize = legalize;
        CU_ASSERT_EQUAL(dxil_module_lower(m, &lo, d), 0);
        CU_ASSERT_EQUAL(lc_count_freezes(m), legalize ? 0 : 1);
        dxil_module_destroy(m);
    }
    dxil_module *m = dxil_module_load_memory(lc_freeze, strlen(lc_freeze), "t.ll", &o, d);
    CU_ASSERT_FATAL(m != NULL);
    uint8_t *out = NULL;
    size_t size = 0;
    dxil_diags_clear(d);
    CU_ASSERT_EQUAL(dxil_lower_write_container(m, &lo, NULL, &out, &size, d), -1);
    CU_ASSERT(out == NULL);
    CU_ASSERT(lc_has_message(d, "freeze", ""));
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"vector calls split below DXIL 1.9, kept at 1.9", test_scalarize_by_version},
        {"a type the op does not allow is an error", test_type_mismatch},
        {"unlowered llvm.dx.* calls: error, or warning when allowed", test_leftovers},
        {"legalize = false keeps a freeze, which is then refused", test_legalize_off},
        {NULL, NULL},
    };
    tu_add_suite("lower-checks", cases);
    return 0;
}
