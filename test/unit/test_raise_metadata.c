/* The metadata raise passes and their helpers: the named-metadata erase
 * shim, the identity pass's context fields and triple, entry attributes,
 * malformed records, the tag/value lookup, and raise_fp_flags. */
#include "module/llvm_shim.h"
#include "raise/raise_internal.h"
#include "module/md_util.h"
#include "raise/raise_ops.h"
#include "common/side_metadata.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <string.h>

#define RM_DL "target datalayout = \"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64\"\n" \
              "target triple = \"dxil-ms-dx\"\n"

static const char rm_cs_text[] = RM_DL
    "define void @main() {\n  ret void\n}\n"
    "define float @helper(float %x) {\n  ret float %x\n}\n"
    "!dx.version = !{!1}\n!dx.valver = !{!1}\n!dx.shaderModel = !{!2}\n"
    "!dx.entryPoints = !{!3}\n!dx.foo = !{!1}\n"
    "!1 = !{i32 1, i32 2}\n!2 = !{!\"cs\", i32 6, i32 2}\n"
    "!3 = !{ptr @main, !\"main\", null, null, !4}\n!4 = !{i32 4, !5, i32 11, !6}\n"
    "!5 = !{i32 8, i32 8, i32 1}\n!6 = !{i32 32}\n";

/* Loads IR text without raising; the caller raises by hand. */
static dxil_module *rm_load(const char *text, dxil_diags *diags)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    return dxil_module_load_memory(text, strlen(text), "test.ll", &opts, diags);
}

static raise_ctx rm_ctx(dxil_module *m, dxil_diags *diags)
{
    raise_ctx rc = {.module = m, .ctx = dxil_module_context(m),
                         .mod = dxil_module_llvm(m), .diags = diags};
    return rc;
}

static bool rm_has_named(LLVMModuleRef mod, const char *name)
{
    return LLVMGetNamedMetadata(mod, name, strlen(name)) != NULL;
}

static const char *rm_fn_attr(LLVMModuleRef mod, const char *fn, const char *key)
{
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
        LLVMGetNamedFunction(mod, fn), LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
    unsigned len = 0;
    return a ? LLVMGetStringAttributeValue(a, &len) : NULL;
}

static void test_shim_erase(void)
{
    dxil_module *m = rm_load(rm_cs_text, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    CU_ASSERT_TRUE(rm_has_named(mod, "dx.foo"));
    CU_ASSERT_EQUAL(shim_erase_named_metadata(mod, "dx.foo"), 1);
    CU_ASSERT_FALSE(rm_has_named(mod, "dx.foo"));
    CU_ASSERT_EQUAL(shim_erase_named_metadata(mod, "dx.foo"), 0);
    CU_ASSERT_EQUAL(shim_erase_named_metadata(NULL, "dx.foo"), 0);
    CU_ASSERT_EQUAL(shim_erase_named_metadata(mod, NULL), 0);
    /* the nodes it listed stay usable through other references */
    CU_ASSERT_EQUAL(md_named_count(mod, "dx.version"), 1);
    dxil_module_destroy(m);
}

static void test_identity_fields(void)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = rm_load(rm_cs_text, diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    raise_ctx rc = rm_ctx(m, diags);
    CU_ASSERT_EQUAL(raise_identity(&rc), 0);
    CU_ASSERT_EQUAL(rc.dxil_major, 1);
    CU_ASSERT_EQUAL(rc.dxil_minor, 2);
    CU_ASSERT_EQUAL(rc.sm_major, 6);
    CU_ASSERT_EQUAL(rc.sm_minor, 2);
    CU_ASSERT_STRING_EQUAL(rc.sm_kind, "cs");
    CU_ASSERT_STRING_EQUAL(LLVMGetTarget(rc.mod), "dxilv1.2-pc-shadermodel6.2-compute");
    CU_ASSERT_FALSE(rm_has_named(rc.mod, DXIL_MD_VERSION));
    CU_ASSERT_FALSE(rm_has_named(rc.mod, DXIL_MD_SHADER_MODEL));
    CU_ASSERT_FALSE(rm_has_named(rc.mod, DXU_MD_SHADER_MODEL));
    CU_ASSERT_TRUE(rm_has_named(rc.mod, DXIL_MD_VALVER));
    CU_ASSERT_TRUE(rm_has_named(rc.mod, DXU_MD_ORDER));
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 0);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static void test_full_raise(void)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.verify = true;
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(rm_cs_text, strlen(rm_cs_text), "t", &opts, diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    CU_ASSERT_STRING_EQUAL(rm_fn_attr(mod, "main", "hlsl.shader"), "compute");
    CU_ASSERT_STRING_EQUAL(rm_fn_attr(mod, "main", "hlsl.numthreads"), "8,8,1");
    CU_ASSERT_STRING_EQUAL(rm_fn_attr(mod, "main", "hlsl.wavesize"), "32,0,0");
    CU_ASSERT_PTR_NULL(rm_fn_attr(mod, "helper", "hlsl.export")); /* not a library */
    CU_ASSERT_EQUAL(md_named_count(mod, DXU_MD_ENTRY_POINTS), 1);
    CU_ASSERT_FALSE(rm_has_named(mod, DXIL_MD_ENTRY_POINTS));
    CU_ASSERT_TRUE(rm_has_named(mod, "dxu.foo"));
    CU_ASSERT_FALSE(rm_has_named(mod, "dx.foo"));
    CU_ASSERT_EQUAL(dxil_diags_error_count(diags), 0);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static void test_identity_absent_and_malformed(void)
{
    static const char bare[] = RM_DL "define void @main() {\n  ret void\n}\n";
    static const char bad[] = RM_DL "define void @main() {\n  ret void\n}\n"
                                    "!dx.shaderModel = !{!0}\n!0 = !{i32 6}\n";
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = rm_load(bare, diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    raise_ctx rc = rm_ctx(m, diags);
    CU_ASSERT_EQUAL(raise_identity(&rc), 0);
    CU_ASSERT_PTR_NULL(rc.sm_kind);
    CU_ASSERT_EQUAL(rc.sm_major, 0);
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 0);
    dxil_module_destroy(m);

    m = rm_load(bad, diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rc = rm_ctx(m, diags);
    CU_ASSERT_EQUAL(raise_identity(&rc), 0);
    CU_ASSERT_STRING_EQUAL(LLVMGetTarget(rc.mod), "dxil-ms-dx");
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 1);
    const dxil_diag *d = dxil_diags_get(diags, 0);
    CU_ASSERT_TRUE(d && d->code == DXIL_W_METADATA && d->severity == DXIL_SEV_WARNING);
    CU_ASSERT_TRUE(rm_has_named(rc.mod, DXIL_MD_SHADER_MODEL)); /* left for inspection */
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static void test_entries_malformed(void)
{
    static const char text[] = RM_DL "define void @main() {\n  ret void\n}\n"
        "!dx.version = !{!1}\n!dx.shaderModel = !{!2}\n!dx.entryPoints = !{!3, !4, !5}\n"
        "!1 = !{i32 1, i32 0}\n!2 = !{!\"ps\", i32 6, i32 0}\n"
        "!3 = !{ptr @main, !\"main\", null}\n"           /* 3 fields */
        "!4 = !{i32 7, !\"x\", null, null, null}\n"      /* not a function */
        "!5 = !{ptr @main, !\"main\", null, null, !6}\n" /* bad numthreads */
        "!6 = !{i32 4, !{i32 1}}\n";
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = rm_load(text, diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    raise_ctx rc = rm_ctx(m, diags);
    CU_ASSERT_EQUAL(raise_identity(&rc), 0);
    CU_ASSERT_EQUAL(raise_entries(&rc), 0);
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 2);
    CU_ASSERT_EQUAL(dxil_diags_error_count(diags), 0);
    CU_ASSERT_STRING_EQUAL(rm_fn_attr(rc.mod, "main", "hlsl.shader"), "pixel");
    CU_ASSERT_PTR_NULL(rm_fn_attr(rc.mod, "main", "hlsl.numthreads"));
    CU_ASSERT_EQUAL(md_named_count(rc.mod, DXU_MD_ENTRY_POINTS), 3);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

static void test_tag_value(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    LLVMValueRef ops[6] = {LLVMConstInt(i32, 4, 0), LLVMConstInt(i32, 1, 0),
                           LLVMConstInt(i32, 8, 0), LLVMConstInt(i32, 5, 0),
                           LLVMConstInt(i32, 12, 0), NULL};
    LLVMValueRef list = md_make_node(ctx, ops, 6);
    bool found = true;
    uint64_t v = 0;
    CU_ASSERT_TRUE(const_u64(md_tag_value(list, 8, &found), &v));
    CU_ASSERT_TRUE(found);
    CU_ASSERT_EQUAL(v, 5);
    CU_ASSERT_PTR_NULL(md_tag_value(list, 11, &found));
    CU_ASSERT_FALSE(found);
    CU_ASSERT_PTR_NULL(md_tag_value(list, 12, &found)); /* present, null */
    CU_ASSERT_TRUE(found);
    CU_ASSERT_PTR_NULL(md_tag_value(NULL, 4, &found));
    CU_ASSERT_PTR_NULL(md_operand(list, 6));
    CU_ASSERT_EQUAL(md_num_operands(LLVMConstInt(i32, 0, 0)), 0);
    LLVMContextDispose(ctx);
}

/* Builds `%r = fmul float %a, %a` after `call`, as an op raiser would. */
static LLVMValueRef rm_fmul_after(LLVMBuilderRef b, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(call));
    return LLVMBuildFMul(b, call, call, "r");
}

static void test_fp_flags(void)
{
    static const char text[] = RM_DL
        "define float @f(i32 %i) {\n"
        "  %p = call float @dx.op.legacyF16ToF32(i32 131, i32 %i), !dx.precise !0\n"
        "  %q = call float @dx.op.legacyF16ToF32(i32 131, i32 %i)\n"
        "  %s = add i32 %i, 1\n"
        "  ret float %p\n}\n"
        "declare float @dx.op.legacyF16ToF32(i32, i32)\n!0 = !{i32 1}\n";
    dxil_module *m = rm_load(text, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMValueRef p = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(
        LLVMGetNamedFunction(dxil_module_llvm(m), "f")));
    LLVMValueRef q = LLVMGetNextInstruction(p);
    LLVMValueRef s = LLVMGetNextInstruction(q);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(dxil_module_context(m));
    LLVMValueRef rp = rm_fmul_after(b, p), rq = rm_fmul_after(b, q);
    raise_fp_flags(p, rp);
    raise_fp_flags(q, rq);
    CU_ASSERT_EQUAL(LLVMGetFastMathFlags(rp), LLVMFastMathNone);
    CU_ASSERT_EQUAL(LLVMGetFastMathFlags(rq), LLVMFastMathAll);
    raise_fp_flags(q, s); /* integer add: no flags, no crash */
    raise_fp_flags(NULL, rq);
    CU_ASSERT_EQUAL(LLVMGetFastMathFlags(rq), LLVMFastMathAll);
    LLVMDisposeBuilder(b);
    dxil_module_destroy(m);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"shim erases named metadata", test_shim_erase},
        {"identity fills the context and triple", test_identity_fields},
        {"full raise sets attributes and side metadata", test_full_raise},
        {"identity without or with bad metadata", test_identity_absent_and_malformed},
        {"malformed entry records warn", test_entries_malformed},
        {"tag/value lookup", test_tag_value},
        {"fp flags follow dx.precise", test_fp_flags},
        {NULL, NULL}};
    tu_add_suite("raise metadata", cases);
    return 0;
}
