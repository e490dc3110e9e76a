/* test_optable_types.c - what the spec generates beside the op table: the
 * DXIL_OP_<Name> opcode constants, the <types> descriptors and the LLVM
 * types built from them, and the custom kinds the handlers are keyed by.
 * (That overlays cannot describe types is in test_optable.c.)
 */
#include "test_util.h"

#include "dxil-upgrade/dxil_optable.h"
#include "dxil_optable_gen.h"
#include "optable/optable_llvm.h"

#include <llvm-c/Core.h>
#include <stdio.h>
#include <string.h>

/* ---- opcode constants ------------------------------------------------------ */

static void test_opcode_constants(void)
{
    const dxil_optable *t = dxil_optable_builtin();
    static const struct {
        uint32_t opcode;
        const char *name;
    } cases[] = {
        {DXIL_OP_TempRegLoad, "TempRegLoad"},
        {DXIL_OP_CreateHandle, "CreateHandle"},
        {DXIL_OP_CBufferLoadLegacy, "CBufferLoadLegacy"},
        {DXIL_OP_RawBufferVectorStore, "RawBufferVectorStore"},
        {DXIL_OP_IsDebuggingEnabled, "IsDebuggingEnabled"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const dxil_op_info *op = dxil_op_by_name(t, cases[i].name);
        CU_ASSERT_PTR_NOT_NULL_FATAL(op);
        CU_ASSERT_EQUAL(cases[i].opcode, op->opcode);
    }
    CU_ASSERT_EQUAL(DXIL_OP_TempRegLoad, 0u);
    CU_ASSERT_EQUAL(DXIL_OPCODE_TABLE(DXIL_OP_IsDebuggingEnabled), DXIL_OPTABLE_EXPERIMENTAL);
    CU_ASSERT_EQUAL(DXIL_OPCODE_TABLE(DXIL_OP_RawBufferVectorStore), DXIL_OPTABLE_CORE);
}

/* ---- descriptors ----------------------------------------------------------- */

/* Every code is described; exactly the "$" codes depend on the overload. */
static void test_every_code_described(void)
{
    for (unsigned code = 0; code < DXIL_TY_COUNT; code++) {
        const type_desc *d = type_desc_of(code);
        CU_ASSERT_PTR_NOT_NULL_FATAL(d);
        CU_ASSERT(d->line > 0);
        CU_ASSERT(d->form < DXIL_FORM_COUNT);
        bool dollar = dxil_type_code_name(code)[0] == '$';
        CU_ASSERT_EQUAL(dollar, d->form == DXIL_FORM_OVERLOAD);
        if (d->form == DXIL_FORM_STRUCT)
            CU_ASSERT(d->count >= 1 && d->count <= DXIL_TYPE_MAX_FIELDS);
    }
    CU_ASSERT_PTR_NULL(type_desc_of(DXIL_TY_COUNT));
}

/* The IR text LLVM prints for a type (a named struct with its body). */
static void t_type_is(LLVMTypeRef t, const char *want)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    char *s = LLVMPrintTypeToString(t);
    CU_ASSERT_STRING_EQUAL(s, want);
    if (strcmp(s, want) != 0)
        fprintf(stderr, "got '%s', wanted '%s'\n", s, want);
    LLVMDisposeMessage(s);
}

static void test_llvm_types(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    t_type_is(type_code_llvm(ctx, DXIL_TY_VOID), "void");
    t_type_is(type_code_llvm(ctx, DXIL_TY_U8), "i8");
    t_type_is(type_code_llvm(ctx, DXIL_TY_U32), "i32");
    t_type_is(type_code_llvm(ctx, DXIL_TY_HALF), "half");
    t_type_is(type_code_llvm(ctx, DXIL_TY_PF32), "ptr");
    t_type_is(type_code_llvm(ctx, DXIL_TY_INT2), "<2 x i32>");
    t_type_is(type_code_llvm(ctx, DXIL_TY_SAMPLEPOS), "{ float, float }");
    t_type_is(type_code_llvm(ctx, DXIL_TY_DIMS), "%dx.types.Dimensions = type { i32, i32, i32, i32 }");
    t_type_is(type_code_llvm(ctx, DXIL_TY_RESBIND), "%dx.types.ResBind = type { i32, i32, i32, i8 }");
    t_type_is(type_code_llvm(ctx, DXIL_TY_I32C), "%dx.types.i32c = type { i32, i1 }");
    t_type_is(type_code_llvm(ctx, DXIL_TY_HIT_OBJECT), "%dx.types.HitObject = type { ptr }");
    /* A named struct is made once and found again, never renamed. */
    CU_ASSERT_PTR_EQUAL(type_code_llvm(ctx, DXIL_TY_RES), type_code_llvm(ctx, DXIL_TY_RES));
    CU_ASSERT_PTR_NULL(type_code_llvm(ctx, DXIL_TY_OVERLOAD));
    CU_ASSERT_PTR_NULL(type_code_llvm(ctx, DXIL_TY_RESRET));
    CU_ASSERT_PTR_NULL(type_code_llvm(ctx, DXIL_TY_COUNT));
    LLVMContextDispose(ctx);
}

static void test_type_fits(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
    LLVMTypeRef three[3] = {i32, i32, i32}, four[4] = {i32, i32, i32, i32};
    CU_ASSERT(type_code_fits(DXIL_TY_U32, i32));
    CU_ASSERT(!type_code_fits(DXIL_TY_I32, i64));
    CU_ASSERT(!type_code_fits(DXIL_TY_FLOAT, i32));
    CU_ASSERT(type_code_fits(DXIL_TY_DIMS, LLVMStructTypeInContext(ctx, four, 4, 0)));
    CU_ASSERT(!type_code_fits(DXIL_TY_DIMS, LLVMStructTypeInContext(ctx, three, 3, 0)));
    CU_ASSERT(!type_code_fits(DXIL_TY_RESBIND, LLVMStructTypeInContext(ctx, four, 4, 0)));
    CU_ASSERT(type_code_fits(DXIL_TY_RES, type_code_llvm(ctx, DXIL_TY_RES)));
    CU_ASSERT(!type_code_fits(DXIL_TY_RES, i32));
    CU_ASSERT(type_code_fits(DXIL_TY_INT2, LLVMVectorType(i32, 2)));
    CU_ASSERT(!type_code_fits(DXIL_TY_INT2, LLVMVectorType(i32, 3)));
    CU_ASSERT(type_code_fits(DXIL_TY_VOID, LLVMVoidTypeInContext(ctx)));
    /* overload-dependent codes are the caller's to check */
    CU_ASSERT(type_code_fits(DXIL_TY_OVERLOAD, i64));
    LLVMContextDispose(ctx);
}

/* ---- custom kinds ---------------------------------------------------------- */

/* The handlers find their ops by kind, so an op's custom maps share one. */
static void test_custom_kinds(void)
{
    const dxil_optable *t = dxil_optable_builtin();
    unsigned ops_of[DXIL_MAP_CUSTOM_COUNT] = {0};
    for (size_t i = 0; i < dxil_optable_op_count(t); i++) {
        const dxil_op_info *op = dxil_optable_op_at(t, i);
        dxil_map_custom kind = dxil_op_custom_kind(op);
        CU_ASSERT(kind < DXIL_MAP_CUSTOM_COUNT);
        for (unsigned k = 0; k < op->n_maps; k++)
            CU_ASSERT(op->maps[k].custom == DXIL_MAP_TABLE || op->maps[k].custom == kind);
        ops_of[kind]++;
    }
    for (unsigned k = 1; k < DXIL_MAP_CUSTOM_COUNT; k++) {
        CU_ASSERT_PTR_NOT_NULL(dxil_map_custom_name(k));
        CU_ASSERT(ops_of[k] >= 1); /* no kind without an op */
    }
    CU_ASSERT_EQUAL(dxil_op_custom_kind(dxil_op_by_opcode(t, DXIL_OP_CreateHandleForLib)),
                    DXIL_MAP_CUSTOM_HANDLE_LIB);
    CU_ASSERT_EQUAL(dxil_op_custom_kind(dxil_op_by_opcode(t, DXIL_OP_CBufferLoad)), DXIL_MAP_CUSTOM_CBUFFER_LOAD);
    CU_ASSERT_EQUAL(dxil_op_custom_kind(dxil_op_by_opcode(t, DXIL_OP_Sin)), DXIL_MAP_TABLE);
    CU_ASSERT_EQUAL(dxil_op_custom_kind(NULL), DXIL_MAP_TABLE);
}

int tu_register(void)
{
    static const tu_case gen[] = {
        {"DXIL_OP_<Name> constants match the table", test_opcode_constants},
        {"every type code has a descriptor", test_every_code_described},
        {"descriptors build DXC's LLVM types", test_llvm_types},
        {"types fit their descriptors", test_type_fits},
        {"one custom kind per op, one op per kind at least", test_custom_kinds},
        {NULL, NULL}};
    tu_add_suite("generated from the spec", gen);
    return 0;
}
