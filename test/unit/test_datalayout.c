/* Datalayout normalisation: strings, textual IR, and LLVM 22 acceptance. */
#include "bitcode/datalayout.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdlib.h>
#include <string.h>

static const char legacy[] =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64";

static void td_expect(const char *in, const char *want, bool want_changed)
{
    bool changed = !want_changed;
    char *out = datalayout_normalise(in, strlen(in), &changed);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_STRING_EQUAL(out, want);
    CU_ASSERT_EQUAL(changed, want_changed);
    free(out);
}

static void test_legacy_i8(void)
{
    td_expect(legacy,
              "e-m:e-p:32:32-i1:32-i8:8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64",
              true);
    td_expect("i8:16:64", "i8:8:64", true);
    td_expect("i8:32:16", "i8:8:32", true); /* preferred never below ABI */
}

static void test_malformed_float(void)
{
    td_expect("e-f:64:64-n32", "e-f64:64-n32", true); /* shrinks by one */
}

static void test_unchanged(void)
{
    static const char modern[] = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64";
    td_expect(modern, modern, false);
    td_expect("", "", false);
    td_expect("i8:8:32", "i8:8:32", false);
    td_expect("i16:32-i80:128", "i16:32-i80:128", false);
}

/* DXC's spelling comes back from the normalised layout, and a layout
 * DXC writes as it is stays as it is. */
static void test_dxc_spelling(void)
{
    bool changed;
    char *norm = datalayout_normalise(legacy, strlen(legacy), &changed);
    CU_ASSERT_PTR_NOT_NULL_FATAL(norm);
    char *back = datalayout_dxc_spelling(norm);
    CU_ASSERT_STRING_EQUAL(back, legacy);
    free(back);
    back = datalayout_dxc_spelling(legacy);
    CU_ASSERT_STRING_EQUAL(back, legacy);
    free(back);
    free(norm);
    static const char modern[] = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64";
    back = datalayout_dxc_spelling(modern);
    CU_ASSERT_STRING_EQUAL(back, modern);
    free(back);
    back = datalayout_dxc_spelling("i8:8:8-i16:8:32-i8:16:32");
    CU_ASSERT_STRING_EQUAL(back, "i8:8:8-i16:8:32-i8:16:32"); /* only i8 with ABI 8 */
    free(back);
    back = datalayout_dxc_spelling("");
    CU_ASSERT_STRING_EQUAL(back, "");
    free(back);
}

/* LLVM 22 must accept what we produce (and reject the legacy form). */
static bool td_llvm_accepts(const char *layout)
{
    char ir[512];
    snprintf(ir, sizeof ir, "target datalayout = \"%s\"\n", layout);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), "t");
    LLVMModuleRef mod = NULL;
    char *err = NULL;
    bool ok = !LLVMParseIRInContext(ctx, buf, &mod, &err);
    LLVMDisposeMessage(err);
    if (mod)
        LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    return ok;
}

static void test_llvm_accepts(void)
{
    bool changed;
    char *fixed = datalayout_normalise(legacy, strlen(legacy), &changed);
    CU_ASSERT_FALSE(td_llvm_accepts(legacy));
    CU_ASSERT_TRUE(td_llvm_accepts(fixed));
    free(fixed);
    fixed = datalayout_normalise("e-f:64:64-i8:32", 15, &changed);
    CU_ASSERT_TRUE(td_llvm_accepts(fixed));
    free(fixed);
}

static void test_text_fix(void)
{
    static const char text[] = "; comment\ntarget datalayout = \"e-i8:32-f:64:64\"\n"
                               "define void @f() {\n  ret void\n}\n";
    char *out = NULL, *orig = NULL;
    size_t len = 0;
    CU_ASSERT_EQUAL_FATAL(text_fix_datalayout(text, strlen(text), &out, &len, &orig, NULL), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_STRING_EQUAL(orig, "e-i8:32-f:64:64");
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "target datalayout = \"e-i8:8:32-f64:64\"\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "define void @f()"));
    CU_ASSERT_EQUAL(len, strlen(out));
    free(out);
    free(orig);
}

static void test_text_without_layout(void)
{
    static const char text[] = "define void @f() {\n  ret void\n}\n";
    char *out = (char *)1, *orig = (char *)1;
    size_t len = 0;
    CU_ASSERT_EQUAL(text_fix_datalayout(text, strlen(text), &out, &len, &orig, NULL), 0);
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_PTR_NULL(orig);
}

static void test_text_unterminated(void)
{
    static const char text[] = "target datalayout = \"e-i8:32\n";
    char *out = NULL, *orig = NULL;
    size_t len = 0;
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_NOT_EQUAL(text_fix_datalayout(text, strlen(text), &out, &len, &orig, d), 0);
    CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_DATALAYOUT);
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"legacy i8 alignment", test_legacy_i8},
        {"malformed f:64:64", test_malformed_float},
        {"already valid layouts unchanged", test_unchanged},
        {"DXC's spelling back from the normalised layout", test_dxc_spelling},
        {"LLVM 22 accepts the result", test_llvm_accepts},
        {"textual IR rewrite", test_text_fix},
        {"textual IR without layout", test_text_without_layout},
        {"unterminated layout string", test_text_unterminated},
        {NULL, NULL}};
    tu_add_suite("datalayout", cases);
    return 0;
}
