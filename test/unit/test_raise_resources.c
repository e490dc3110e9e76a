/* The resource raiser through the public API: each handle form becomes
 * llvm.dx.resource.handlefrombinding with the expected target("dx.*")
 * type and operands, CBuffer layouts come from dx.typeAnnotations (opaque
 * bytes without them), and across the corpus no handle creation or buffer
 * access op is left except on handles LLVM 22 cannot express. */
#include "test_util.h"

#include "bitcode/bitcode_validate.h"
#include "dxil-upgrade/dxil_container.h"
#include "dxil-upgrade/dxil_upgrade.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RR_HEAD "target datalayout = \"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64\"\n" \
                "target triple = \"dxil-ms-dx\"\n%dx.types.Handle = type { ptr }\n"
#define RR_VER(kind, minor) \
    "!dx.version = !{!90}\n!dx.shaderModel = !{!91}\n!90 = !{i32 1, i32 " #minor "}\n" \
    "!91 = !{!\"" kind "\", i32 6, i32 " #minor "}\n"

static dxil_module *rr_load_bytes(const void *data, size_t size, const char *name, bool verify)
{
    dxil_options o;
    dxil_options_init(&o);
    o.verify = verify;
    return dxil_module_load_memory(data, size, name, &o, NULL);
}

/* Loads and raises inline IR text; the result must verify. */
static dxil_module *rr_load(const char *text)
{
    return rr_load_bytes(text, strlen(text), "test.ll", true);
}

/* ---- walking the raised module ---- */

typedef struct rr_call {
    LLVMValueRef call;
    LLVMTypeRef type; /* the handle's target("dx.*") type */
} rr_call;

static bool rr_callee_is(LLVMValueRef inst, const char *prefix)
{
    if (!LLVMIsACallInst(inst))
        return false;
    LLVMValueRef f = LLVMGetCalledValue(inst);
    size_t len = 0;
    const char *n = f ? LLVMGetValueName2(f, &len) : "";
    return strncmp(n, prefix, strlen(prefix)) == 0;
}

/* The handlefrombinding calls of the module in order (at most max). */
static size_t rr_bindings(LLVMModuleRef mod, rr_call *out, size_t max)
{
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
                if (rr_callee_is(i, "llvm.dx.resource.handlefrombinding") && n < max)
                    out[n++] = (rr_call){i, LLVMTypeOf(i)};
    return n;
}

static bool rr_type_is(LLVMTypeRef t, const char *name, const unsigned *ints, unsigned nints)
{
    if (LLVMGetTypeKind(t) != LLVMTargetExtTypeKind || strcmp(LLVMGetTargetExtTypeName(t), name))
        return false;
    if (LLVMGetTargetExtTypeNumIntParams(t) != nints)
        return false;
    for (unsigned i = 0; i < nints; i++)
        if (LLVMGetTargetExtTypeIntParam(t, i) != ints[i])
            return false;
    return true;
}

static char *rr_type_str(LLVMTypeRef t)
{
    return t ? LLVMPrintTypeToString(t) : NULL;
}

static bool rr_param_is(LLVMTypeRef t, const char *text)
{
    if (LLVMGetTargetExtTypeNumTypeParams(t) < 1)
        return false;
    char *s = rr_type_str(LLVMGetTargetExtTypeTypeParam(t, 0));
    bool ok = s && !strcmp(s, text);
    if (!ok)
        printf("\n  type parameter: %s, expected %s\n", s ? s : "(none)", text);
    LLVMDisposeMessage(s);
    return ok;
}

static uint64_t rr_arg_u64(LLVMValueRef call, unsigned i)
{
    LLVMValueRef v = LLVMGetOperand(call, i);
    return LLVMIsAConstantInt(v) ? LLVMConstIntGetZExtValue(v) : UINT64_MAX;
}

/* The name string handlefrombinding passes, "" for a null pointer. */
static const char *rr_name(LLVMValueRef call, size_t *len)
{
    LLVMValueRef p = LLVMGetOperand(call, 4);
    *len = 0;
    if (LLVMIsAConstantPointerNull(p))
        return "";
    LLVMValueRef init = LLVMIsAGlobalVariable(p) ? LLVMGetInitializer(p) : NULL;
    if (!init || !LLVMIsAConstantDataSequential(init))
        return NULL;
    const char *s = LLVMGetAsString(init, len);
    if (*len && s[*len - 1] == '\0')
        (*len)--;
    return s;
}

static bool rr_name_is(LLVMValueRef call, const char *want)
{
    size_t len = 0;
    const char *s = rr_name(call, &len);
    return s && len == strlen(want) && !memcmp(s, want, len);
}

/* ---- handle forms ---- */

/* createHandle (SM 6.0): typed buffer, texture, structured UAV, sampler,
 * an unnamed raw buffer and an index DXC biased by the lower bound. */
static const char rr_create_text[] = RR_HEAD
    "%dx.types.ResRet.f32 = type { float, float, float, float, i32 }\n"
    "define void @main(i32 %i) {\n"
    "  %buf = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)\n"
    "  %tex = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)\n"
    "  %j = add i32 %i, 3\n"
    "  %sb = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 %j, i1 false)\n"
    "  %smp = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)\n"
    "  %raw = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 2, i32 5, i1 false)\n"
    "  %r = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %buf, i32 0, i32 undef)\n"
    "  %x = extractvalue %dx.types.ResRet.f32 %r, 3\n"
    "  call void @use(float %x, %dx.types.Handle %tex, %dx.types.Handle %sb, %dx.types.Handle %smp, %dx.types.Handle %raw)\n"
    "  ret void\n}\n"
    "declare void @use(float, %dx.types.Handle, %dx.types.Handle, %dx.types.Handle, %dx.types.Handle)\n"
    "declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)\n"
    "declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)\n"
    RR_VER("cs", 0)
    "!dx.resources = !{!1}\n"
    "!1 = !{!2, !6, null, !9}\n!2 = !{!3, !4, !5}\n"
    "!3 = !{i32 0, ptr undef, !\"Buf\", i32 0, i32 0, i32 1, i32 10, i32 0, !20}\n"
    "!4 = !{i32 1, ptr undef, !\"Tex\", i32 2, i32 1, i32 1, i32 2, i32 0, !20}\n"
    "!5 = !{i32 2, ptr undef, !\"\", i32 0, i32 5, i32 1, i32 11, i32 0, null}\n"
    "!6 = !{!7}\n!7 = !{i32 0, ptr undef, !\"Out\", i32 1, i32 3, i32 4, i32 12, i1 false, i1 false, i1 false, !21}\n"
    "!9 = !{!10}\n!10 = !{i32 0, ptr undef, !\"Smp\", i32 0, i32 0, i32 1, i32 0, null}\n"
    "!20 = !{i32 0, i32 9}\n!21 = !{i32 1, i32 24}\n";

static void rr_expect_binding(const rr_call *c, uint64_t space, uint64_t lb, uint64_t range,
                              const char *name)
{
    CU_ASSERT_EQUAL(rr_arg_u64(c->call, 0), space);
    CU_ASSERT_EQUAL(rr_arg_u64(c->call, 1), lb);
    CU_ASSERT_EQUAL(rr_arg_u64(c->call, 2), range);
    CU_ASSERT_TRUE(rr_name_is(c->call, name));
}

static void test_create_handle_forms(void)
{
    dxil_module *m = rr_load(rr_create_text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rr_call c[8];
    size_t n = rr_bindings(dxil_module_llvm(m), c, 8);
    CU_ASSERT_EQUAL_FATAL(n, 5);
    /* Buffer<float4> read through all four fields: <4 x float>, SRV. */
    static const unsigned tb[] = {0, 0, 0}, tex[] = {0, 0, 0, 2}, sb[] = {1, 0}, smp[] = {0},
                          raw[] = {0, 0};
    CU_ASSERT_TRUE(rr_type_is(c[0].type, "dx.TypedBuffer", tb, 3));
    CU_ASSERT_TRUE(rr_param_is(c[0].type, "<4 x float>"));
    rr_expect_binding(&c[0], 0, 0, 1, "Buf");
    CU_ASSERT_EQUAL(rr_arg_u64(c[0].call, 3), 0);
    CU_ASSERT_TRUE(rr_type_is(c[1].type, "dx.Texture", tex, 4));
    rr_expect_binding(&c[1], 2, 1, 1, "Tex");
    /* RWStructuredBuffer, stride 24, no alignment known: [6 x i32]. */
    CU_ASSERT_TRUE(rr_type_is(c[2].type, "dx.RawBuffer", sb, 2));
    CU_ASSERT_TRUE(rr_param_is(c[2].type, "[6 x i32]"));
    rr_expect_binding(&c[2], 1, 3, 4, "Out");
    /* DXC's "add %i, 3" is looked through: the index operand is %i. */
    CU_ASSERT_PTR_EQUAL(LLVMGetOperand(c[2].call, 3), LLVMGetParam(LLVMGetNamedFunction(
                                                          dxil_module_llvm(m), "main"), 0));
    CU_ASSERT_TRUE(rr_type_is(c[3].type, "dx.Sampler", smp, 1));
    rr_expect_binding(&c[3], 0, 0, 1, "Smp");
    /* ByteAddressBuffer without a name: i8 elements, name operand null. */
    CU_ASSERT_TRUE(rr_type_is(c[4].type, "dx.RawBuffer", raw, 2));
    CU_ASSERT_TRUE(rr_param_is(c[4].type, "i8"));
    CU_ASSERT_TRUE(LLVMIsAConstantPointerNull(LLVMGetOperand(c[4].call, 4)) != NULL);
    dxil_module_destroy(m);
}

/* SM 6.6: createHandleFromBinding + annotateHandle; the property words
 * decide the type (structured UAV, 4-byte aligned, stride 16; a typed
 * UAV of 2 x i32, signed) and an unbounded range is -1. */
static const char rr_binding_text[] = RR_HEAD
    "%dx.types.ResBind = type { i32, i32, i32, i8 }\n"
    "%dx.types.ResourceProperties = type { i32, i32 }\n"
    "define void @main(i32 %i) {\n"
    "  %b0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)\n"
    "  %a0 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b0, %dx.types.ResourceProperties { i32 4620, i32 16 })\n"
    "  %b1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 -1, i32 1, i8 1 }, i32 %i, i1 true)\n"
    "  %a1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b1, %dx.types.ResourceProperties { i32 4106, i32 516 })\n"
    "  call void @use(%dx.types.Handle %a0, %dx.types.Handle %a1)\n"
    "  ret void\n}\n"
    "declare void @use(%dx.types.Handle, %dx.types.Handle)\n"
    "declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)\n"
    "declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)\n"
    RR_VER("cs", 6);

static void test_from_binding_forms(void)
{
    dxil_module *m = rr_load(rr_binding_text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rr_call c[4];
    CU_ASSERT_EQUAL_FATAL(rr_bindings(dxil_module_llvm(m), c, 4), 2);
    static const unsigned sb[] = {1, 0}, tb[] = {1, 0, 1};
    CU_ASSERT_TRUE(rr_type_is(c[0].type, "dx.RawBuffer", sb, 2));
    CU_ASSERT_TRUE(rr_param_is(c[0].type, "{ [4 x i32] }"));
    rr_expect_binding(&c[0], 0, 0, 1, "");
    CU_ASSERT_TRUE(rr_type_is(c[1].type, "dx.TypedBuffer", tb, 3));
    CU_ASSERT_TRUE(rr_param_is(c[1].type, "<2 x i32>"));
    CU_ASSERT_EQUAL(rr_arg_u64(c[1].call, 2), 0xFFFFFFFFu);
    /* index - lb, wrapped in nonuniformindex. */
    LLVMValueRef idx = LLVMGetOperand(c[1].call, 3);
    CU_ASSERT_TRUE(rr_callee_is(idx, "llvm.dx.resource.nonuniformindex"));
    dxil_module_destroy(m);
}

/* A library resource reached through a getelementptr of its global. */
static const char rr_lib_text[] = RR_HEAD
    "%\"class.RWBuffer<float>\" = type { float }\n"
    "@G = external constant [4 x %\"class.RWBuffer<float>\"]\n"
    "define void @f(i32 %i) {\n"
    "  %p = getelementptr [4 x %\"class.RWBuffer<float>\"], ptr @G, i32 0, i32 %i\n"
    "  %l = load %\"class.RWBuffer<float>\", ptr %p\n"
    "  %h = call %dx.types.Handle @dx.op.createHandleForLib.class.RWBuffer(i32 160, %\"class.RWBuffer<float>\" %l)\n"
    "  call void @use(%dx.types.Handle %h)\n"
    "  ret void\n}\n"
    "declare void @use(%dx.types.Handle)\n"
    "declare %dx.types.Handle @dx.op.createHandleForLib.class.RWBuffer(i32, %\"class.RWBuffer<float>\")\n"
    RR_VER("lib", 3)
    "!dx.resources = !{!1}\n!1 = !{null, !2, null, null}\n!2 = !{!3}\n"
    "!3 = !{i32 0, ptr @G, !\"G\", i32 0, i32 4, i32 4, i32 10, i1 false, i1 false, i1 false, !4}\n"
    "!4 = !{i32 0, i32 9}\n";

static void test_for_lib_form(void)
{
    dxil_module *m = rr_load(rr_lib_text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rr_call c[2];
    CU_ASSERT_EQUAL_FATAL(rr_bindings(dxil_module_llvm(m), c, 2), 1);
    static const unsigned tb[] = {1, 0, 0};
    CU_ASSERT_TRUE(rr_type_is(c[0].type, "dx.TypedBuffer", tb, 3));
    CU_ASSERT_TRUE(rr_param_is(c[0].type, "float"));
    rr_expect_binding(&c[0], 0, 4, 4, "G");
    dxil_module_destroy(m);
}

/* ---- CBuffer layouts ---- */

/* CB: float, float3 (DXC's datalayout gives <3 x float> 16 bytes, so it
 * is [3 x float]), float[2] with row padding, a nested struct and a 4x4
 * 4x4 matrix (whole rows: clang's [16 x float]). Bare: no annotation,
 * opaque. */
static const char rr_cb_text[] = RR_HEAD
    "%dx.types.CBufRet.f32 = type { float, float, float, float }\n"
    "%struct.P = type { <2 x float>, i32 }\n"
    "%class.matrix.float.4.4 = type { [4 x <4 x float>] }\n"
    "%CB = type { float, <3 x float>, [2 x float], %struct.P, %class.matrix.float.4.4 }\n"
    "define void @main() {\n"
    "  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)\n"
    "  %g = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 1, i1 false)\n"
    "  %r = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %h, i32 1)\n"
    "  %s = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %g, i32 0)\n"
    "  %x = extractvalue %dx.types.CBufRet.f32 %r, 0\n"
    "  %y = extractvalue %dx.types.CBufRet.f32 %s, 0\n"
    "  call void @use(float %x, float %y)\n"
    "  ret void\n}\n"
    "declare void @use(float, float)\n"
    "declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)\n"
    "declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32)\n"
    RR_VER("cs", 0)
    "!dx.resources = !{!1}\n!1 = !{null, null, !2, null}\n!2 = !{!3, !4}\n"
    "!3 = !{i32 0, ptr undef, !\"CB\", i32 0, i32 0, i32 1, i32 128, null}\n"
    "!4 = !{i32 1, ptr undef, !\"Bare\", i32 0, i32 1, i32 1, i32 48, null}\n"
    "!dx.typeAnnotations = !{!10}\n"
    "!10 = !{i32 0, %CB undef, !11, %struct.P undef, !20}\n"
    "!11 = !{i32 128, !12, !13, !14, !15, !16}\n"
    "!12 = !{i32 6, !\"a\", i32 3, i32 0}\n!13 = !{i32 6, !\"b\", i32 3, i32 4}\n"
    "!14 = !{i32 6, !\"c\", i32 3, i32 16}\n!15 = !{i32 6, !\"p\", i32 3, i32 48}\n"
    "!16 = !{i32 6, !\"m\", i32 2, !17, i32 3, i32 64}\n!17 = !{i32 4, i32 4, i32 2}\n"
    "!20 = !{i32 12, !21, !22}\n"
    "!21 = !{i32 6, !\"xy\", i32 3, i32 0}\n!22 = !{i32 6, !\"n\", i32 3, i32 8}\n";

static void test_cbuffer_layouts(void)
{
    dxil_module *m = rr_load(rr_cb_text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    rr_call c[2];
    CU_ASSERT_EQUAL_FATAL(rr_bindings(mod, c, 2), 2);
    CU_ASSERT_TRUE(rr_type_is(c[0].type, "dx.CBuffer", NULL, 0));
    LLVMTypeRef l = LLVMGetTargetExtTypeTypeParam(c[0].type, 0);
    CU_ASSERT_STRING_EQUAL(LLVMGetStructName(l), "__cblayout_CB");
    CU_ASSERT_TRUE(LLVMIsPackedStruct(l));
    CU_ASSERT_TRUE(rr_param_is(c[0].type,
                               "%__cblayout_CB = type <{ float, [3 x float], <{ [1 x <{ float, "
                               "target(\"dx.Padding\", 12) }>], float }>, target(\"dx.Padding\", "
                               "12), %P, target(\"dx.Padding\", 4), [16 x float] }>"));
    LLVMTypeRef p = LLVMStructGetTypeAtIndex(l, 4);
    CU_ASSERT_STRING_EQUAL(LLVMGetStructName(p), "P");
    CU_ASSERT_EQUAL(LLVMABISizeOfType(LLVMGetModuleDataLayout(mod), l), 128);
    /* No annotation: the record's size as opaque bytes. */
    CU_ASSERT_TRUE(rr_param_is(c[1].type, "<{ [48 x i8] }>"));
    dxil_module_destroy(m);
}

/* Without annotations: DXC's legacy packing of the record's struct type.
 * P (its global's %hostlayout type): a float; a float3 that fits the rest
 * of row 0 (4 + 12); float[2] on row 1 (20 bytes); struct Q on row 3; a
 * double 8-aligned at 64; a double2 that would straddle (72 + 16) on row
 * 5: 96 bytes. H (by name, `ptr undef`): half, half2, int16 take 2 bytes
 * each with native 16-bit types, 4 as min precision. Formatted with the
 * datalayout, then H's record size. */
static const char rr_pack_fmt[] =
    "target datalayout = \"%s\"\ntarget triple = \"dxil-ms-dx\"\n"
    "%%dx.types.Handle = type { ptr }\n"
    "%%dx.types.CBufRet.f32 = type { float, float, float, float }\n"
    "%%hostlayout.struct.Q = type { <2 x float>, float }\n"
    "%%hostlayout.P = type { float, <3 x float>, [2 x float], %%hostlayout.struct.Q, double, <2 x double> }\n"
    "%%H = type { half, <2 x half>, i16 }\n"
    "@P = external constant %%hostlayout.P\n"
    "define void @main() {\n"
    "  %%h = call %%dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)\n"
    "  %%g = call %%dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 1, i1 false)\n"
    "  %%r = call %%dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %%dx.types.Handle %%h, i32 1)\n"
    "  %%s = call %%dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %%dx.types.Handle %%g, i32 0)\n"
    "  %%x = extractvalue %%dx.types.CBufRet.f32 %%r, 0\n"
    "  %%y = extractvalue %%dx.types.CBufRet.f32 %%s, 0\n"
    "  call void @use(float %%x, float %%y)\n"
    "  ret void\n}\n"
    "declare void @use(float, float)\n"
    "declare %%dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)\n"
    "declare %%dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %%dx.types.Handle, i32)\n"
    "!dx.version = !{!90}\n!dx.shaderModel = !{!91}\n!90 = !{i32 1, i32 2}\n"
    "!91 = !{!\"cs\", i32 6, i32 2}\n"
    "!dx.resources = !{!1}\n!1 = !{null, null, !2, null}\n!2 = !{!3, !4}\n"
    "!3 = !{i32 0, ptr @P, !\"P\", i32 0, i32 0, i32 1, i32 96, null}\n"
    "!4 = !{i32 1, ptr undef, !\"H\", i32 0, i32 1, i32 1, i32 %u, null}\n";

static const char rr_dl_min_precision[] =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64";
static const char rr_dl_native16[] =
    "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64";

/* Raises the packing module; checks P's layout and returns H's binding
 * type in *h (the module stays alive in *m). */
static void rr_pack_load(const char *dl, unsigned h_size, dxil_module **m, LLVMTypeRef *h)
{
    char text[4096];
    snprintf(text, sizeof text, rr_pack_fmt, dl, h_size);
    *m = rr_load(text);
    *h = NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(*m);
    rr_call c[2];
    CU_ASSERT_EQUAL_FATAL(rr_bindings(dxil_module_llvm(*m), c, 2), 2);
    CU_ASSERT_TRUE(rr_param_is(
        c[0].type, "%__cblayout_P = type <{ float, [3 x float], <{ [1 x <{ float, "
                   "target(\"dx.Padding\", 12) }>], float }>, target(\"dx.Padding\", 12), %Q, "
                   "target(\"dx.Padding\", 4), double, target(\"dx.Padding\", 8), <2 x double> }>"));
    LLVMTypeRef l = LLVMGetTargetExtTypeTypeParam(c[0].type, 0);
    CU_ASSERT_EQUAL(LLVMABISizeOfType(LLVMGetModuleDataLayout(dxil_module_llvm(*m)), l), 96);
    char *q = rr_type_str(LLVMStructGetTypeAtIndex(l, 4));
    CU_ASSERT_STRING_EQUAL(q, "%Q = type <{ <2 x float>, float }>");
    LLVMDisposeMessage(q);
    *h = c[1].type;
}

static void test_cbuffer_packing(void)
{
    dxil_module *m = NULL;
    LLVMTypeRef h = NULL;
    /* min precision: 4 bytes each, <2 x half> (8 bytes) spelled [2 x half] */
    rr_pack_load(rr_dl_min_precision, 16, &m, &h);
    CU_ASSERT_TRUE(h && rr_param_is(h, "%__cblayout_H = type <{ half, [2 x half], i16 }>"));
    dxil_module_destroy(m);
    /* native 16-bit: 2 bytes each, 2-aligned */
    rr_pack_load(rr_dl_native16, 8, &m, &h);
    CU_ASSERT_TRUE(h && rr_param_is(h, "%__cblayout_H = type <{ half, <2 x half>, i16 }>"));
    dxil_module_destroy(m);
    /* a record size the packing does not give: opaque bytes */
    rr_pack_load(rr_dl_native16, 12, &m, &h);
    CU_ASSERT_TRUE(h && rr_param_is(h, "<{ [12 x i8] }>"));
    dxil_module_destroy(m);
}

/* ---- the corpus invariant ---- */

/* Ops that must not survive on a handle LLVM 22 can express. */
static const char *const rr_access_ops[] = {
    "dx.op.createHandle.", "dx.op.createHandle(", "dx.op.createHandleFromBinding",
    "dx.op.createHandleForLib", "dx.op.annotateHandle", "dx.op.bufferLoad", "dx.op.rawBufferLoad",
    "dx.op.bufferStore", "dx.op.rawBufferStore", "dx.op.cbufferLoadLegacy", "dx.op.cbufferLoad.",
    "dx.op.bufferUpdateCounter"};

enum { RR_KIND_CBUFFER = 13, RR_KIND_SAMPLER = 14, RR_KIND_TBUFFER = 15, RR_KIND_RTAS = 16 };
enum { RR_NO_FORM = -2, RR_UNKNOWN = -1 };

static bool rr_is_access(const char *name, size_t len)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s(", (int)len, name); /* lets "createHandle(" match exactly */
    for (size_t i = 0; i < sizeof rr_access_ops / sizeof rr_access_ops[0]; i++)
        if (!strncmp(buf, rr_access_ops[i], strlen(rr_access_ops[i])))
            return true;
    return false;
}

static LLVMValueRef *rr_md_ops(LLVMValueRef node, unsigned *n)
{
    *n = node && LLVMIsAMDNode(node) ? LLVMGetMDNodeNumOperands(node) : 0;
    LLVMValueRef *ops = calloc(*n ? *n : 1, sizeof *ops);
    if (ops && *n)
        LLVMGetMDNodeOperands(node, ops);
    return ops;
}

static uint64_t rr_md_u64(LLVMValueRef v)
{
    return v && LLVMIsAConstantInt(v) ? LLVMConstIntGetZExtValue(v) : UINT64_MAX;
}

/* A record's resource kind: field 6 for SRV/UAV, fixed for CBV/sampler. */
static int rr_record_kind(unsigned cls, LLVMValueRef *f, unsigned n)
{
    if (cls == 2)
        return RR_KIND_CBUFFER;
    if (cls == 3)
        return RR_KIND_SAMPLER;
    return n > 6 ? (int)rr_md_u64(f[6]) : RR_UNKNOWN;
}

typedef struct rr_key {
    unsigned cls;
    uint64_t id, space, lb;
    LLVMValueRef sym;
} rr_key;

static bool rr_record_matches(const rr_key *k, unsigned cls, LLVMValueRef *f, unsigned n)
{
    if (n < 6)
        return false;
    if (k->sym)
        return f[1] == k->sym;
    if (cls != k->cls)
        return false;
    return k->id != UINT64_MAX ? rr_md_u64(f[0]) == k->id
                               : rr_md_u64(f[3]) == k->space && rr_md_u64(f[4]) == k->lb;
}

/* The kind of the record matching k in the (moved) dx.resources tuple. */
static int rr_lookup_kind(LLVMModuleRef mod, const rr_key *k)
{
    LLVMValueRef root = NULL;
    if (LLVMGetNamedMetadataNumOperands(mod, "dxu.resources") == 1)
        LLVMGetNamedMetadataOperands(mod, "dxu.resources", &root);
    unsigned nc = 0;
    LLVMValueRef *lists = rr_md_ops(root, &nc);
    int kind = RR_UNKNOWN;
    for (unsigned c = 0; lists && c < nc && c < 4 && kind == RR_UNKNOWN; c++) {
        unsigned nr = 0;
        LLVMValueRef *recs = rr_md_ops(lists[c], &nr);
        for (unsigned r = 0; recs && r < nr && kind == RR_UNKNOWN; r++) {
            unsigned nf = 0;
            LLVMValueRef *f = rr_md_ops(recs[r], &nf);
            if (f && rr_record_matches(k, c, f, nf))
                kind = rr_record_kind(c, f, nf);
            free(f);
        }
        free(recs);
    }
    free(lists);
    return kind;
}

static const char *rr_callee_name(LLVMValueRef call, size_t *len)
{
    LLVMValueRef f = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
    *len = 0;
    return f ? LLVMGetValueName2(f, len) : "";
}

static bool rr_named(LLVMValueRef call, const char *prefix)
{
    size_t len = 0;
    const char *n = rr_callee_name(call, &len);
    return !strncmp(n, prefix, strlen(prefix));
}

/* The global a createHandleForLib operand was loaded from. */
static LLVMValueRef rr_lib_global(LLVMValueRef loaded)
{
    if (!loaded || !LLVMIsALoadInst(loaded))
        return NULL;
    LLVMValueRef p = LLVMGetOperand(loaded, 0);
    if (!LLVMIsAGlobalVariable(p) && (LLVMIsAGetElementPtrInst(p) || LLVMIsAConstantExpr(p)))
        p = LLVMGetOperand(p, 0);
    return LLVMIsAGlobalVariable(p) ? p : NULL;
}

/* Resource kind of a DXIL handle value (RR_NO_FORM for heap handles). */
static int rr_handle_kind(LLVMModuleRef mod, LLVMValueRef h, unsigned depth)
{
    rr_key k = {.id = UINT64_MAX};
    if (depth > 8 || !LLVMIsACallInst(h))
        return RR_UNKNOWN;
    if (rr_named(h, "dx.op.annotateHandle")) {
        if (rr_named(LLVMGetOperand(h, 1), "dx.op.createHandleFromHeap"))
            return RR_NO_FORM;
        LLVMValueRef props = LLVMGetOperand(h, 2);
        uint64_t w0 = rr_md_u64(LLVMGetAggregateElement(props, 0));
        return w0 == UINT64_MAX ? RR_UNKNOWN : (int)(w0 & 0xFF);
    }
    if (rr_named(h, "dx.op.createHandleFromHeap"))
        return RR_NO_FORM;
    if (rr_named(h, "dx.op.createHandleForLib")) {
        k.sym = rr_lib_global(LLVMGetOperand(h, 1));
    } else if (rr_named(h, "dx.op.createHandleFromBinding")) {
        LLVMValueRef rb = LLVMGetOperand(h, 1);
        k.cls = (unsigned)rr_md_u64(LLVMGetAggregateElement(rb, 3));
        k.space = rr_md_u64(LLVMGetAggregateElement(rb, 2));
        k.lb = rr_md_u64(LLVMGetAggregateElement(rb, 0));
    } else if (rr_named(h, "dx.op.createHandle")) {
        k.cls = (unsigned)rr_md_u64(LLVMGetOperand(h, 1));
        k.id = rr_md_u64(LLVMGetOperand(h, 2));
    } else {
        return RR_UNKNOWN;
    }
    return rr_lookup_kind(mod, &k);
}

static bool rr_kind_has_no_form(int kind)
{
    return kind == RR_NO_FORM || kind == RR_KIND_TBUFFER || kind == RR_KIND_RTAS;
}

/* The handle an op works on: the value itself for a creation, else its
 * first handle operand. An annotateHandle's own kind decides for it. */
static LLVMValueRef rr_op_handle(LLVMValueRef call)
{
    if (rr_named(call, "dx.op.createHandle") || rr_named(call, "dx.op.annotateHandle"))
        return call;
    unsigned n = LLVMGetNumArgOperands(call);
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef a = LLVMGetOperand(call, i);
        LLVMTypeRef t = LLVMTypeOf(a);
        const char *sn = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
        if (sn && !strcmp(sn, "dx.types.Handle"))
            return a;
    }
    return NULL;
}

typedef struct rr_corpus {
    size_t files, loaded, kept_ok, bad;
    char first_bad[512];
} rr_corpus;

/* A creation whose annotateHandle says "no form" is kept with it. */
static int rr_creation_kind(LLVMModuleRef mod, LLVMValueRef h)
{
    int kind = rr_handle_kind(mod, h, 0);
    for (LLVMUseRef u = LLVMGetFirstUse(h); u && !rr_kind_has_no_form(kind); u = LLVMGetNextUse(u))
        if (rr_named(LLVMGetUser(u), "dx.op.annotateHandle"))
            kind = rr_handle_kind(mod, LLVMGetUser(u), 0);
    return kind;
}

static void rr_check_call(rr_corpus *t, LLVMModuleRef mod, LLVMValueRef call, const char *path)
{
    size_t len = 0;
    const char *name = rr_callee_name(call, &len);
    if (!rr_is_access(name, len))
        return;
    LLVMValueRef h = rr_op_handle(call);
    bool creation = h == call && !rr_named(call, "dx.op.annotateHandle");
    int kind = !h ? RR_UNKNOWN : creation ? rr_creation_kind(mod, h) : rr_handle_kind(mod, h, 0);
    if (rr_kind_has_no_form(kind)) {
        t->kept_ok++;
        return;
    }
    if (t->bad++ == 0)
        snprintf(t->first_bad, sizeof t->first_bad, "%s: %.*s left (kind %d)", path, (int)len,
                 name, kind);
}

static void rr_corpus_file(const char *path, void *user)
{
    rr_corpus *t = user;
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    t->files++;
    dxil_module *m = data ? rr_load_bytes(data, size, path, false) : NULL;
    free(data);
    if (!m)
        return;
    t->loaded++;
    LLVMModuleRef mod = dxil_module_llvm(m);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
                if (LLVMIsACallInst(i))
                    rr_check_call(t, mod, i, path);
    dxil_module_destroy(m);
}

static void test_corpus_invariant(void)
{
    rr_corpus t = {0};
    tu_each_corpus_file(rr_corpus_file, &t);
    if (t.files == 0) {
        printf("\n  corpus not found: skipped\n");
        return;
    }
    printf("\n  corpus: %zu files, %zu raised; %zu creations/accesses kept on handles without an "
           "LLVM 22 form, %zu kept otherwise\n",
           t.files, t.loaded, t.kept_ok, t.bad);
    if (t.bad)
        printf("  first: %s\n", t.first_bad);
    CU_ASSERT_EQUAL(t.loaded, t.files);
    CU_ASSERT_EQUAL(t.bad, 0);
    CU_ASSERT_TRUE(t.kept_ok > 0); /* the corpus has heap handles and RTAS */
}

/* ---- structured buffer element types from the bitstream ---- */

/* Whether raised element r is DXC's element e, or e with DXC's buffer
 * layout (vectors as arrays, structs of such members as literal structs). */
static bool rr_same_layout(LLVMTypeRef r, LLVMTypeRef e, unsigned depth)
{
    LLVMTypeKind rk = LLVMGetTypeKind(r), ek = LLVMGetTypeKind(e);
    if (r == e)
        return true;
    if (depth > 16)
        return false;
    if (ek == LLVMVectorTypeKind && rk == LLVMArrayTypeKind)
        return LLVMGetElementType(r) == LLVMGetElementType(e) &&
               LLVMGetArrayLength2(r) == LLVMGetVectorSize(e);
    if (ek == LLVMArrayTypeKind && rk == LLVMArrayTypeKind)
        return LLVMGetArrayLength2(r) == LLVMGetArrayLength2(e) &&
               rr_same_layout(LLVMGetElementType(r), LLVMGetElementType(e), depth + 1);
    if (ek != LLVMStructTypeKind || rk != LLVMStructTypeKind ||
        LLVMCountStructElementTypes(r) != LLVMCountStructElementTypes(e))
        return false;
    for (unsigned i = 0; i < LLVMCountStructElementTypes(r); i++)
        if (!rr_same_layout(LLVMStructGetTypeAtIndex(r, i), LLVMStructGetTypeAtIndex(e, i),
                            depth + 1))
            return false;
    return true;
}

typedef struct rr_sb {
    size_t named, typed, stand_in, other;
    char first[512];
} rr_sb;

/* The structured-buffer handle of (uav, space, lb) in mod, or NULL. */
static LLVMTypeRef rr_sb_handle(LLVMModuleRef mod, bool uav, uint64_t space, uint64_t lb)
{
    rr_call calls[256];
    size_t n = rr_bindings(mod, calls, 256);
    for (size_t i = 0; i < n; i++) {
        LLVMTypeRef t = calls[i].type;
        if (LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
            !strcmp(LLVMGetTargetExtTypeName(t), "dx.RawBuffer") &&
            LLVMGetTargetExtTypeIntParam(t, 0) == uav &&
            rr_arg_u64(calls[i].call, 0) == space && rr_arg_u64(calls[i].call, 1) == lb)
            return t;
    }
    return NULL;
}

/* dxu.resources = !{<DXC's dx.resources tuple>}: (space, lb) of record
 * `pos` of list `list`. */
static bool rr_record_binding(LLVMModuleRef mod, unsigned list, unsigned pos, uint64_t *space,
                              uint64_t *lb)
{
    LLVMValueRef root[1];
    if (LLVMGetNamedMetadataNumOperands(mod, "dxu.resources") != 1)
        return false;
    LLVMGetNamedMetadataOperands(mod, "dxu.resources", root);
    unsigned n = 0;
    LLVMValueRef *lists = rr_md_ops(root[0], &n), *recs = NULL, *f = NULL;
    bool ok = false;
    if (list < n && (recs = rr_md_ops(lists[list], &n)) && pos < n &&
        (f = rr_md_ops(recs[pos], &n)) && n > 4) {
        *space = rr_md_u64(f[3]);
        *lb = rr_md_u64(f[4]);
        ok = true;
    }
    free(lists);
    free(recs);
    free(f);
    return ok;
}

static void rr_sb_record(rr_sb *t, dxil_module *m, const bc_restype *bt, const char *path)
{
    LLVMModuleRef mod = dxil_module_llvm(m);
    LLVMTypeRef cls = LLVMGetTypeByName2(dxil_module_context(m), bt->name);
    uint64_t space = 0, lb = 0;
    LLVMTypeRef h = cls && rr_record_binding(mod, bt->list, bt->pos, &space, &lb)
                        ? rr_sb_handle(mod, bt->list == 1, space, lb) : NULL;
    if (!h) {
        t->other++; /* no raised handle (unused, heap, library) */
        return;
    }
    t->named++;
    LLVMTypeRef e = LLVMGetTargetExtTypeTypeParam(h, 0);
    if (rr_same_layout(e, LLVMStructGetTypeAtIndex(cls, 0), 0)) {
        t->typed++;
    } else if (t->stand_in++ == 0) {
        char *es = rr_type_str(e);
        snprintf(t->first, sizeof t->first, "%s: %s gives %s", path, bt->name, es);
        LLVMDisposeMessage(es);
    }
}

static void rr_sb_file(const char *path, void *user)
{
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    const uint8_t *bc = NULL;
    size_t bc_size = 0;
    dxil_program_header hdr;
    bc_restypes *types = NULL;
    if (data && dxil_locate_bitcode(data, size, NULL, &bc, &bc_size, &hdr, NULL) == 0)
        bitcode_validate_types(bc, bc_size, 0, NULL, &types);
    dxil_module *m = types ? rr_load_bytes(data, size, path, false) : NULL;
    for (size_t i = 0; m && i < types->n; i++)
        if (types->v[i].name && strstr(types->v[i].name, "StructuredBuffer<"))
            rr_sb_record(user, m, &types->v[i], path);
    dxil_module_destroy(m);
    bc_restypes_free(types);
    free(data);
}

/* Every structured buffer whose class the bitcode names gets that class's
 * element (or its buffer layout) as its element type, never the stand-in. */
static void test_corpus_sb_elements(void)
{
    rr_sb t = {0};
    if (tu_each_corpus_file(rr_sb_file, &t) == 0) {
        printf("\n  corpus not found: skipped\n");
        return;
    }
    printf("\n  corpus: %zu structured-buffer handles whose class the bitcode names: %zu with its "
           "element type, %zu with the stride stand-in (%zu records without a raised handle)\n",
           t.named, t.typed, t.stand_in, t.other);
    if (t.stand_in)
        printf("  first: %s\n", t.first);
    CU_ASSERT_EQUAL(t.stand_in, 0);
    CU_ASSERT_TRUE(t.typed > 300);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"createHandle forms and types", test_create_handle_forms},
        {"createHandleFromBinding + annotateHandle", test_from_binding_forms},
        {"createHandleForLib through a gep", test_for_lib_form},
        {"cbuffer layouts from type annotations", test_cbuffer_layouts},
        {"cbuffer layouts packed without annotations", test_cbuffer_packing},
        {"corpus: nothing kept on expressible handles", test_corpus_invariant},
        {"corpus: structured buffer element types from the bitcode", test_corpus_sb_elements},
        {NULL, NULL}};
    tu_add_suite("raise resources", cases);
    return 0;
}
