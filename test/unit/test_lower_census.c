/* The legalization's census (legalize/legal_census.c): one walk that
 * tells the passes after it which constructs they would act on. Each
 * construct is found where the pass's own test finds it, a module of
 * DXC's forms finds none, and a stale or missing census makes every pass
 * run. */
#include "dxil-upgrade/dxil_upgrade.h"
#include "legalize/legal_census.h"
#include "test_util.h"

#include <string.h>

#define HEAD "target triple = \"dxilv1.6-pc-shadermodel6.6-compute\"\n"

/* The census of text's module. */
static unsigned ce_census(const char *text)
{
    dxil_diags *d = dxil_diags_create();
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *m = dxil_module_load_memory(text, strlen(text), "t.ll", &o, d);
    CU_ASSERT_FATAL(m != NULL);
    lower_ctx lc = {.module = m, .ctx = m->ctx, .mod = m->mod, .diags = d};
    lc.input_td = LLVMCreateTargetData(LLVMGetDataLayoutStr(lc.mod));
    CU_ASSERT_EQUAL(lower_legal_census(&lc), 0);
    CU_ASSERT(lc.census_taken && !lc.census_stale);
    LLVMDisposeTargetData(lc.input_td);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
    return lc.census;
}

static void test_dxc_forms(void)
{
    /* scalars, a typed path into an alloca, a narrow store (memory is
     * left alone): nothing for the legalization */
    CU_ASSERT_EQUAL(ce_census(HEAD "define float @f(float %a, i32 %i, ptr %q) {\n"
                                   "  %m = alloca [4 x float]\n"
                                   "  %p = getelementptr [4 x float], ptr %m, i32 0, i32 1\n"
                                   "  store float %a, ptr %p\n"
                                   "  store i8 3, ptr %q\n"
                                   "  %c = icmp eq i32 %i, 0\n"
                                   "  br i1 %c, label %t, label %e\n"
                                   "t:\n  %x = load float, ptr %p\n  ret float %x\n"
                                   "e:\n  ret float %a\n}\n"),
                    0u);
}

static void test_each_construct(void)
{
    CU_ASSERT_EQUAL(ce_census(HEAD "define i32 @f(i32 %a) {\n  %x = freeze i32 %a\n"
                                   "  ret i32 %x\n}\n"),
                    LEGAL_CENSUS_FREEZE);
    CU_ASSERT_EQUAL(ce_census(HEAD "define void @f() {\n  unreachable\n}\n"),
                    LEGAL_CENSUS_UNREACHABLE);
    /* an odd width seen only as an operand (an argument) */
    CU_ASSERT_EQUAL(ce_census(HEAD "define i32 @f(i8 %a) {\n  %z = zext i8 %a to i32\n"
                                   "  ret i32 %z\n}\n"),
                    LEGAL_CENSUS_NARROW);
    CU_ASSERT_EQUAL(ce_census(HEAD "define float @f(i1 %c, ptr %a, ptr %b) {\n"
                                   "  %p = select i1 %c, ptr %a, ptr %b\n"
                                   "  ret float 0.0\n}\n"),
                    LEGAL_CENSUS_PTR_CHOICE);
    CU_ASSERT_EQUAL(ce_census(HEAD "define {i32, i32} @f({i32, i32} %a, i32 %b) {\n"
                                   "  %s = insertvalue {i32, i32} %a, i32 %b, 0\n"
                                   "  ret {i32, i32} %s\n}\n"),
                    LEGAL_CENSUS_AGGREGATE);
    /* a byte offset into an alloca: legal-geps makes it a typed path */
    CU_ASSERT_EQUAL(ce_census(HEAD "define i32 @f() {\n  %m = alloca [4 x i32]\n"
                                   "  %p = getelementptr i8, ptr %m, i64 4\n"
                                   "  %v = load i32, ptr %p\n  ret i32 %v\n}\n"),
                    LEGAL_CENSUS_UNTYPED);
}

static void test_vectors(void)
{
    /* a constant vector stored: no instruction has a vector type, the
     * operand does, and legal-scalarize consumes the store */
    unsigned c = ce_census(HEAD "define void @f(ptr %p) {\n"
                                "  store <2 x float> <float 1.0, float 2.0>, ptr %p\n"
                                "  ret void\n}\n");
    CU_ASSERT_EQUAL(c & (LEGAL_CENSUS_VECTOR | LEGAL_CENSUS_LANES),
                    LEGAL_CENSUS_VECTOR | LEGAL_CENSUS_LANES);
    /* a vector argument of a call (a constant one): the callee's type says */
    c = ce_census(HEAD "declare float @g(<2 x float>)\n"
                       "define float @f() {\n"
                       "  %r = call float @g(<2 x float> <float 1.0, float 2.0>)\n"
                       "  ret float %r\n}\n");
    CU_ASSERT(c & LEGAL_CENSUS_VECTOR);
    /* a vector add: split */
    c = ce_census(HEAD "define <2 x float> @f(<2 x float> %a) {\n"
                       "  %r = fadd <2 x float> %a, %a\n  ret <2 x float> %r\n}\n");
    CU_ASSERT_EQUAL(c, LEGAL_CENSUS_VECTOR | LEGAL_CENSUS_LANES);
}

static void test_may(void)
{
    lower_ctx lc = {0};
    CU_ASSERT(legal_census_may(&lc, LEGAL_CENSUS_FREEZE)); /* no census: run */
    lc.census_taken = true;
    CU_ASSERT(!legal_census_may(&lc, LEGAL_CENSUS_FREEZE));
    lc.census = LEGAL_CENSUS_FREEZE;
    CU_ASSERT(legal_census_may(&lc, LEGAL_CENSUS_FREEZE));
    CU_ASSERT(!legal_census_may(&lc, LEGAL_CENSUS_NARROW));
    lc.census_stale = true; /* a pass changed the module since */
    CU_ASSERT(legal_census_may(&lc, LEGAL_CENSUS_NARROW));
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"DXC's forms: nothing found", test_dxc_forms},
        {"each construct, alone", test_each_construct},
        {"vectors: operands, callee types, work", test_vectors},
        {"no census or a stale one: every pass runs", test_may},
        {NULL, NULL}};
    tu_add_suite("lower census", cases);
    return 0;
}
