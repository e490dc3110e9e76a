/* test_validate_facts.c - the validator over DXIL-form text, every rule
 * code against its row, and the typed-pointer facts the loader keeps for
 * it (bitcode/bitcode_ptrfacts.h) of a written container. */
#include "bcwrite/bcwrite.h"
#include "bitcode/bitcode_ptrfacts.h"
#include "bitcode/bitcode_types.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_validate.h"
#include "module/module_internal.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- every rule code maps to its row -------------------------------------------- */

static const struct {
    int code;
    const char *name, *message;
} tv_rows[] = {
#define DXIL_RULE(code, id, name, msg, doc) {code, name, msg},
#include "check/rules.def"
#undef DXIL_RULE
};
#define TV_NROWS (sizeof tv_rows / sizeof *tv_rows)

static void test_rule_rows(void)
{
    CU_ASSERT_EQUAL(TV_NROWS, 304);
    for (size_t i = 0; i < TV_NROWS; i++) {
        char fam[32];
        /* Codes are DXIL5200 + the row's place, each row's name its own. */
        CU_ASSERT_EQUAL(tv_rows[i].code, 5200 + (int)i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(dxil_rule_name(tv_rows[i].code));
        CU_ASSERT_STRING_EQUAL(dxil_rule_name(tv_rows[i].code), tv_rows[i].name);
        CU_ASSERT_EQUAL(dxil_rule_code(tv_rows[i].name), tv_rows[i].code);
        CU_ASSERT_PTR_NOT_NULL_FATAL(dxil_rule_family(tv_rows[i].code, fam, sizeof fam));
        CU_ASSERT_EQUAL(strncmp(tv_rows[i].name, fam, strlen(fam)), 0);
        CU_ASSERT_EQUAL(tv_rows[i].name[strlen(fam)], '.');
        CU_ASSERT(tv_rows[i].message[0] != '\0');
    }
    CU_ASSERT_PTR_NULL(dxil_rule_name(5199));
    CU_ASSERT_PTR_NULL(dxil_rule_name(5200 + (int)TV_NROWS));
    CU_ASSERT_EQUAL(dxil_rule_code("Instr.NoSuchRule"), 0);
    CU_ASSERT_EQUAL(dxil_rule_code(NULL), 0);
    CU_ASSERT_STRING_EQUAL(dxil_rule_name(dxil_rule_code("Instr.Allowed")), "Instr.Allowed");
}

/* ---- dxil_validate --------------------------------------------------------------- */

static const char tv_header[] =
    "target datalayout = \"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-"
    "n8:16:32:64\"\n"
    "target triple = \"dxil-ms-dx\"\n";

static const char tv_tail[] =
    "!dx.version = !{!0}\n!dx.valver = !{!0}\n!dx.shaderModel = !{!1}\n"
    "!dx.entryPoints = !{!2}\n"
    "!0 = !{i32 1, i32 0}\n!1 = !{!\"cs\", i32 6, i32 0}\n"
    "!2 = !{ptr @main, !\"main\", null, null, !{i32 4, !{i32 1, i32 1, i32 1}}}\n";

static char *tv_module(const char *body)
{
    size_t n = strlen(tv_header) + strlen(body) + strlen(tv_tail) + 1;
    char *text = malloc(n);
    if (text)
        snprintf(text, n, "%s%s%s", tv_header, body, tv_tail);
    return text;
}

static int tv_validate(const char *body, dxil_diags *d)
{
    char *text = tv_module(body);
    int n = text ? dxil_validate(text, strlen(text), "t.ll", NULL, d) : -2;
    free(text);
    return n;
}

static bool tv_has(const dxil_diags *d, const char *rule)
{
    for (size_t i = 0; i < dxil_diags_count(d); i++)
        if (dxil_diags_get(d, i)->code == dxil_rule_code(rule))
            return true;
    return false;
}

static void test_validate_text(void)
{
    dxil_diags *d = dxil_diags_create();
    /* A vector instruction before shader model 6.9, an i8 value. */
    CU_ASSERT_EQUAL(tv_validate("define void @main() {\n"
                                "  %v = insertelement <2 x float> zeroinitializer, float 1.0, i32 0\n"
                                "  %t = trunc i32 7 to i8\n"
                                "  ret void\n}\n", d), 2);
    CU_ASSERT(tv_has(d, "Instr.Allowed"));
    CU_ASSERT(tv_has(d, "Types.I8"));
    dxil_diags_clear(d);
    CU_ASSERT_EQUAL(tv_validate("define void @main() {\n  ret void\n}\n", d), 0);
    CU_ASSERT_EQUAL(dxil_diags_count(d), 0);
    /* max_errors stops early. */
    dxil_validate_options o;
    dxil_validate_options_init(&o);
    o.max_errors = 1;
    char *text = tv_module("define void @main() {\n  %a = udiv i32 1, 0\n  %b = sdiv i32 1, 0\n"
                           "  ret void\n}\n");
    CU_ASSERT_EQUAL(dxil_validate(text, strlen(text), "t.ll", &o, d), 1);
    free(text);
    /* Not DXIL at all. */
    CU_ASSERT_EQUAL(dxil_validate("garbage", 7, "g", NULL, d), -1);
    dxil_diags_destroy(d);
}

/* ---- typed-pointer facts ------------------------------------------------------------ */

/* A float read of element 0 of an [4 x i32] alloca: the writer casts the
 * array pointer to float*, so the bitcode has a pointer bitcast whose two
 * pointees the facts give. */
static const char tv_cast_body[] =
    "define void @main() {\n"
    "  %a = alloca [4 x i32], align 4\n"
    "  store i32 1, ptr %a, align 4\n"
    "  %f = load float, ptr %a, align 4\n"
    "  %u = fptoui float %f to i32\n"
    "  ret void\n}\n";

static const bc_pfinst *tv_find_cast(const bc_ptrfacts *f, const bc_pffunc *body)
{
    for (uint32_t i = 0; i < body->ninsts; i++)
        if (body->insts[i].code == 3 && bc_pf_code(f, body->insts[i].src) == BC_TY_POINTER)
            return &body->insts[i];
    return NULL;
}

/* body as DXIL-form text, loaded unraised and written by the bitcode
 * writer alone (lowering would legalize what the tests break), with the
 * casts DXC refuses kept; *bin is malloc'd. ptrfacts_of_text: whether the
 * text module had typed-pointer facts (it has none: LLVM 22 text). */
static int tv_write_unlowered(const char *body, dxil_diags *d, uint8_t **bin, size_t *size,
                              bool *ptrfacts_of_text)
{
    char *text = tv_module(body);
    dxil_options lo;
    dxil_options_init(&lo);
    lo.raise = false;
    dxil_module *m = text ? dxil_module_load_memory(text, strlen(text), "t.ll", &lo, d) : NULL;
    free(text);
    if (!m)
        return -1;
    if (ptrfacts_of_text)
        *ptrfacts_of_text = m->ptrfacts != NULL;
    bcw_options bo;
    bcw_options_init(&bo);
    bo.write_refused_casts = true;
    int rc = bcw_write_module(dxil_module_llvm(m), &bo, bin, size, d);
    dxil_module_destroy(m);
    return rc;
}

static void test_ptrfacts(void)
{
    dxil_diags *d = dxil_diags_create();
    uint8_t *bin = NULL;
    size_t size = 0;
    bool text_facts = true;
    CU_ASSERT_FATAL(tv_write_unlowered(tv_cast_body, d, &bin, &size, &text_facts) == 0);
    CU_ASSERT_FALSE(text_facts); /* text input has no typed pointers */
    dxil_options lo;
    dxil_options_init(&lo);
    lo.raise = false;
    dxil_module *m = dxil_module_load_memory(bin, size, "t.bc", &lo, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const bc_ptrfacts *f = m->ptrfacts;
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    const bc_pffunc *body = bc_pf_body(f, "main", 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(body);
    CU_ASSERT(body->known);
    const bc_pfinst *cast = tv_find_cast(f, body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cast);
    uint32_t from = bc_pf_pointee(f, cast->src), to = bc_pf_pointee(f, cast->ty);
    CU_ASSERT_EQUAL(bc_pf_code(f, from), BC_TY_ARRAY);
    CU_ASSERT_EQUAL(bc_pf_op(f, from, 0), 4u);
    CU_ASSERT_EQUAL(bc_pf_code(f, to), BC_TY_FLOAT);
    CU_ASSERT_PTR_NULL(bc_pf_body(f, "mai", 3));
    const bc_pfvalue *v = bc_pf_value(f, "main", 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT(v->function);
    CU_ASSERT_EQUAL(bc_pf_code(f, bc_pf_pointee(f, v->type)), BC_TY_FUNCTION);
    dxil_module_destroy(m);

    /* The validator reads the same facts: [4 x i32]* to float* changes the
     * pointee's size (Instr.PtrBitCast). */
    dxil_diags_clear(d);
    CU_ASSERT(dxil_validate(bin, size, "t.bc", NULL, d) > 0);
    CU_ASSERT(tv_has(d, "Instr.PtrBitCast"));
    free(bin);
    dxil_diags_destroy(d);
}

/* The pointer rules on bitcode the writer alone makes from punned memory
 * (the lowering would legalize each of these, so no tool writes them):
 * a bitcast changing the pointee's size, one from a struct, one to a
 * min-precision type, an i8 GEP and a constant GEP past its object. */
static const char tv_casts_body[] =
    "%struct.S = type { float }\n"
    "define void @main() {\n"
    "  %a = alloca [4 x i32], align 4\n"
    "  store i32 1, ptr %a, align 4\n"
    "  %f = load float, ptr %a, align 4\n"
    "  %s = alloca %struct.S, align 4\n"
    "  store float 1.0, ptr %s, align 4\n"
    "  %i = load i32, ptr %s, align 4\n"
    "  %b = alloca i32, align 4\n"
    "  store i32 2, ptr %b, align 4\n"
    "  %h = load i16, ptr %b, align 4\n"
    "  %q = getelementptr i8, ptr %a, i32 4\n"
    "  %g = load i32, ptr %q, align 4\n"
    "  %r = getelementptr [4 x i32], ptr %a, i32 0, i32 5\n"
    "  %k = load i32, ptr %r, align 4\n"
    "  ret void\n}\n";

static void test_pointer_rules(void)
{
    dxil_diags *d = dxil_diags_create();
    uint8_t *bin = NULL;
    size_t size = 0;
    CU_ASSERT_FATAL(tv_write_unlowered(tv_casts_body, d, &bin, &size, NULL) == 0);
    dxil_diags_clear(d);
    CU_ASSERT(dxil_validate(bin, size, "t.bc", NULL, d) > 0);
    static const char *const rules[] = {"Instr.PtrBitCast", "Instr.StructBitCast",
                                        "Instr.MinPrecisonBitCast", "Types.I8",
                                        "Instr.InBoundsAccess"};
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        if (!tv_has(d, rules[i]))
            fprintf(stderr, "missing %s\n", rules[i]);
        CU_ASSERT(tv_has(d, rules[i]));
    }
    free(bin);
    dxil_diags_destroy(d);
}

/* A constant buffer whose symbol points to a float, not a struct
 * (Sm.CBufferTemplateTypeMustBeStruct), and one pointing to a struct. */
static const char tv_cb_float[] =
    "@CB = external constant float\n"
    "define void @main() {\n  ret void\n}\n"
    "!dx.resources = !{!10}\n!10 = !{null, null, !11, null}\n!11 = !{!12}\n"
    "!12 = !{i32 0, ptr @CB, !\"CB\", i32 0, i32 0, i32 1, i32 4, null}\n";
static const char tv_cb_struct[] =
    "%struct.CB = type { float }\n"
    "@CB = external constant %struct.CB\n"
    "define void @main() {\n  ret void\n}\n"
    "!dx.resources = !{!10}\n!10 = !{null, null, !11, null}\n!11 = !{!12}\n"
    "!12 = !{i32 0, ptr @CB, !\"CB\", i32 0, i32 0, i32 1, i32 4, null}\n";

/* The written bitcode's record symbol: its type id as the loader kept it,
 * and the rule's verdict read from it. */
static void tv_cb_written(const char *body, uint8_t pointee, bool refused)
{
    dxil_diags *d = dxil_diags_create();
    uint8_t *bin = NULL;
    size_t size = 0;
    CU_ASSERT_FATAL(tv_write_unlowered(body, d, &bin, &size, NULL) == 0);
    dxil_options lo;
    dxil_options_init(&lo);
    lo.raise = false;
    dxil_module *m = dxil_module_load_memory(bin, size, "t.bc", &lo, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const bc_restype *r = bc_restypes_find(m->restypes, 2, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(bc_pf_code(m->ptrfacts, bc_pf_pointee(m->ptrfacts, r->type)), pointee);
    dxil_module_destroy(m);
    dxil_diags_clear(d);
    dxil_validate(bin, size, "t.bc", NULL, d);
    CU_ASSERT_EQUAL(tv_has(d, "Sm.CBufferTemplateTypeMustBeStruct"), refused);
    free(bin);
    dxil_diags_destroy(d);
}

static void test_cbuffer_struct(void)
{
    tv_cb_written(tv_cb_float, BC_TY_FLOAT, true);
    tv_cb_written(tv_cb_struct, BC_TY_STRUCT_NAMED, false);
    /* Text has no 3.7 types: the global's value type decides. */
    dxil_diags *d = dxil_diags_create();
    tv_validate(tv_cb_float, d);
    CU_ASSERT(tv_has(d, "Sm.CBufferTemplateTypeMustBeStruct"));
    dxil_diags_clear(d);
    tv_validate(tv_cb_struct, d);
    CU_ASSERT_FALSE(tv_has(d, "Sm.CBufferTemplateTypeMustBeStruct"));
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"every rule code maps to its row", test_rule_rows},
        {"dxil_validate over text", test_validate_text},
        {"typed-pointer facts of a written container", test_ptrfacts},
        {"pointer rules on casts only the writer makes", test_pointer_rules},
        {"a constant buffer's type is a struct", test_cbuffer_struct},
        {NULL, NULL}};
    tu_add_suite("validate", cases);
    return 0;
}
