/* Typed pointers the writer (bcwrite/) gives LLVM 22's `ptr` after LLVM
 * passes reinterpreted memory: every load, store and GEP gets a pointer
 * of the type it uses, through casts DXC's validator accepts, or the
 * module is refused naming the instruction (DXIL3004); groupshared
 * pointers stay traceable to one global. Checked on the records the
 * bitcode holds (a cast is an INST_GEP with zero indices or an INST_CAST)
 * and, for rewrites, on the module read back. */
#include "bc_vocab.h"
#include "bcwrite/bcwrite.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "module/module_internal.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TP_HEAD "target triple = \"dxil-ms-dx\"\n"
#define TP_MODEL(kind, minor)                                                                    \
    "!dx.shaderModel = !{!90}\n!90 = !{!\"" kind "\", i32 6, i32 " #minor "}\n"

enum { TP_FUNC_BLOCK = 12, TP_GEP = 43, TP_CAST = 3, TP_CAST_BITCAST = 11 };

typedef struct tp_out {
    uint8_t *bc;
    size_t size;
    int rc;
    char errors[2048];
    char *text; /* the module as written, read back and printed */
} tp_out;

static dxil_module *tp_load(const void *data, size_t size)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    return dxil_module_load_memory(data, size, "in.ll", &o, NULL);
}

/* text loaded, `prepare` run on it (may be NULL), written with the
 * raise's side metadata applied, the bitcode read back. */
static tp_out tp_write(const char *text, int (*prepare)(LLVMModuleRef))
{
    tp_out o = {.rc = -2};
    dxil_module *m = tp_load(text, strlen(text));
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    if (prepare)
        prepare(m->mod);
    bcw_hints h;
    bcw_options opts;
    bcw_options_init(&opts);
    bcw_hints_from_module(m->mod, &h);
    bcw_hints_apply(&h, &opts);
    dxil_diags *d = dxil_diags_create();
    o.rc = bcw_write_module(m->mod, &opts, &o.bc, &o.size, d);
    for (size_t i = 0, n = 0; i < dxil_diags_count(d) && n < sizeof o.errors; i++)
        n += (size_t)snprintf(o.errors + n, sizeof o.errors - n, "%s\n",
                              dxil_diags_get(d, i)->message);
    dxil_diags_destroy(d);
    bcw_hints_free(&h);
    dxil_module_destroy(m);
    dxil_module *back = o.rc == 0 ? tp_load(o.bc, o.size) : NULL;
    if (back) {
        char *t = LLVMPrintModuleToString(back->mod);
        o.text = strdup(t);
        LLVMDisposeMessage(t);
        dxil_module_destroy(back);
    }
    return o;
}

static void tp_free(tp_out *o)
{
    if (o->rc == 0)
        free(o->bc);
    free(o->text);
}

/* Casts in the function blocks: zero-index GEPs and bitcasts. */
typedef struct tp_casts {
    unsigned gep0, bitcasts;
} tp_casts;

static void tp_casts_cb(void *user, uint64_t block, uint64_t parent, const uint64_t *ops, size_t n)
{
    tp_casts *c = user;
    (void)parent;
    if (block != TP_FUNC_BLOCK)
        return;
    if (ops[0] == TP_CAST && n >= 4 && ops[n - 1] == TP_CAST_BITCAST)
        c->bitcasts++;
    if (ops[0] == TP_GEP)
        c->gep0++; /* the tests' own GEPs are counted by the caller */
}

static tp_casts tp_count(const tp_out *o)
{
    tp_casts c = {0, 0};
    CU_ASSERT_EQUAL(bc_records(o->bc, o->size, tp_casts_cb, &c), 0);
    return c;
}

static void tp_expect_refused(const char *name, const tp_out *o, const char *inst,
                              const char *why)
{
    bool ok = o->rc == -1 && strstr(o->errors, inst) && strstr(o->errors, why) &&
              strstr(o->errors, "function @f");
    CU_ASSERT(ok);
    if (!ok)
        fprintf(stderr, "%s: rc %d, expected a refusal naming `%s` (%s):\n%s", name, o->rc, inst,
                why, o->errors);
}

/* A struct's first field read as another type of its size: a zero GEP
 * to the field, then a bitcast between equal sizes (a bitcast from the
 * struct is refused outside libraries). */
static void test_same_size_field(void)
{
    static const char text[] =
        TP_HEAD "%struct.S = type { float, i32 }\n"
        "define i32 @f(float %x) {\n  %s = alloca %struct.S, align 4\n"
        "  store float %x, ptr %s, align 4\n  %v = load i32, ptr %s, align 4\n  ret i32 %v\n}\n"
        TP_MODEL("cs", 0);
    tp_out o = tp_write(text, NULL);
    CU_ASSERT_EQUAL(o.rc, 0);
    tp_casts c = tp_count(&o);
    /* the store: one zero GEP to the float; the load: that GEP (a cast
     * instruction each) and a bitcast float* -> i32* */
    CU_ASSERT(c.gep0 >= 2 && c.bitcasts == 1);
    CU_ASSERT(o.text && strstr(o.text, "%v = load i32"));
    if (o.rc || c.bitcasts != 1)
        fprintf(stderr, "same-size field: rc %d, %u zero GEPs, %u bitcasts\n%s", o.rc, c.gep0,
                c.bitcasts, o.errors);
    tp_free(&o);
}

/* Memory read as a type of another size: DXC refuses the bitcast. */
static void test_other_size_refused(void)
{
    static const char text[] =
        TP_HEAD "define i64 @f() {\n  %a = alloca [3 x i32], align 4\n"
        "  store i32 1, ptr %a, align 4\n  %v = load i64, ptr %a, align 4\n  ret i64 %v\n}\n"
        TP_MODEL("cs", 0);
    tp_out o = tp_write(text, NULL);
    tp_expect_refused("other size", &o, "%v = load i64, ptr %a", "another size");
    tp_free(&o);
}

/* A struct read as another struct of its size: a library may bitcast
 * it, a shader may not. */
static const char tp_struct_cast[] =
    TP_HEAD "%struct.A = type { float }\n%struct.B = type { i32 }\n"
    "declare void @use(ptr)\n"
    "define void @f() {\n  %a = alloca %struct.A, align 4\n  call void @use(ptr %a)\n"
    "  %v = load %struct.B, ptr %a, align 4\n  %e = extractvalue %struct.B %v, 0\n"
    "  ret void\n}\n";

static void test_struct_cast(void)
{
    char text[1024];
    snprintf(text, sizeof text, "%s%s", tp_struct_cast, TP_MODEL("lib", 3));
    tp_out lib = tp_write(text, NULL);
    CU_ASSERT_EQUAL(lib.rc, 0);
    CU_ASSERT_EQUAL(tp_count(&lib).bitcasts, 1);
    tp_free(&lib);
    snprintf(text, sizeof text, "%s%s", tp_struct_cast, TP_MODEL("cs", 0));
    tp_out cs = tp_write(text, NULL);
    tp_expect_refused("struct cast", &cs, "%v = load %struct.B, ptr %a", "struct");
    tp_free(&cs);
}

/* A phi of pointers to different types would need a cast at the end of a
 * predecessor: refused naming the phi, never a cast above it. */
static void test_phi_refused(void)
{
    static const char text[] =
        TP_HEAD "define float @f(i1 %c) {\nentry:\n  %a = alloca [2 x float], align 4\n"
        "  %b = alloca [2 x i32], align 4\n  br i1 %c, label %x, label %y\n"
        "x:\n  br label %j\ny:\n  br label %j\n"
        "j:\n  %p = phi ptr [ %a, %x ], [ %b, %y ]\n  %v = load float, ptr %p, align 4\n"
        "  ret float %v\n}\n" TP_MODEL("cs", 0);
    tp_out o = tp_write(text, NULL);
    tp_expect_refused("phi", &o, "%p = phi ptr", "phi joins pointers");
    tp_free(&o);
}

/* An argument is typed by its function's signature (the raise's record of
 * the input's struct), not by its first use: a store of the first field
 * goes through a zero GEP (DXC's reader checks the store's type against
 * the argument's). */
static void test_argument_signature(void)
{
    static const char text[] =
        TP_HEAD "%struct.P = type { i32, float }\n"
        "define void @f(ptr %p) {\n  store i32 5, ptr %p, align 4\n  ret void\n}\n"
        "!dxu.paramTypes = !{!0}\n!0 = !{!\"f\", i32 0, %struct.P undef}\n" TP_MODEL("lib", 3);
    tp_out o = tp_write(text, NULL);
    CU_ASSERT_EQUAL(o.rc, 0);
    tp_casts c = tp_count(&o);
    CU_ASSERT_EQUAL(c.gep0, 1);
    CU_ASSERT_EQUAL(c.bitcasts, 0);
    if (o.rc || c.gep0 != 1)
        fprintf(stderr, "argument: rc %d, %u GEPs\n%s", o.rc, c.gep0, o.errors);
    tp_free(&o);
}

/* ---- groupshared pointers ---- */

#define TP_TGSM                                                                                  \
    TP_HEAD "@ga = internal addrspace(3) global [4 x i32] undef, align 4\n"                      \
            "@gb = internal addrspace(3) global [4 x i32] undef, align 4\n"

static int tp_split(LLVMModuleRef m)
{
    return bcw_tgsm_split(m);
}

/* instcombine's load of a phi of two globals' elements: a load in each
 * predecessor and a phi of the values. */
static void test_tgsm_phi(void)
{
    static const char text[] =
        TP_TGSM "define i32 @f(i1 %c, i32 %i) {\nentry:\n  br i1 %c, label %x, label %y\n"
        "x:\n  %pa = getelementptr [4 x i32], ptr addrspace(3) @ga, i32 0, i32 %i\n"
        "  br label %j\ny:\n  %pb = getelementptr [4 x i32], ptr addrspace(3) @gb, i32 0, i32 %i\n"
        "  br label %j\nj:\n  %p = phi ptr addrspace(3) [ %pa, %x ], [ %pb, %y ]\n"
        "  %v = load i32, ptr addrspace(3) %p, align 4\n  ret i32 %v\n}\n" TP_MODEL("cs", 0);
    tp_out refused = tp_write(text, NULL);
    tp_expect_refused("tgsm phi unsplit", &refused, "%p = phi ptr addrspace(3)", "TGSM");
    tp_free(&refused);
    tp_out o = tp_write(text, tp_split);
    CU_ASSERT_EQUAL(o.rc, 0);
    CU_ASSERT(o.text && !strstr(o.text, "phi ptr addrspace(3)") && strstr(o.text, "phi i32"));
    if (o.rc || !o.text || strstr(o.text, "phi ptr"))
        fprintf(stderr, "tgsm phi: rc %d\n%s%s", o.rc, o.errors, o.text ? o.text : "");
    tp_free(&o);
}

/* A load of a select of two globals: both loaded, the values selected. */
static void test_tgsm_select(void)
{
    static const char text[] =
        TP_TGSM "define i32 @f(i1 %c, i32 %i) {\n"
        "  %s = select i1 %c, ptr addrspace(3) @ga, ptr addrspace(3) @gb\n"
        "  %p = getelementptr [4 x i32], ptr addrspace(3) %s, i32 0, i32 %i\n"
        "  %v = load i32, ptr addrspace(3) %p, align 4\n  ret i32 %v\n}\n" TP_MODEL("cs", 0);
    tp_out o = tp_write(text, tp_split);
    CU_ASSERT_EQUAL(o.rc, 0);
    CU_ASSERT(o.text && !strstr(o.text, "select i1 %c, ptr") && strstr(o.text, "select i1 %c, i32"));
    tp_free(&o);
}

/* A store through a select cannot be split (both stores would run):
 * refused naming the select. So is a load below a barrier, whose value
 * the predecessors' loads could not see. */
static void test_tgsm_refused(void)
{
    static const char store[] =
        TP_TGSM "define void @f(i1 %c, i32 %v) {\n"
        "  %s = select i1 %c, ptr addrspace(3) @ga, ptr addrspace(3) @gb\n"
        "  store i32 %v, ptr addrspace(3) %s, align 4\n  ret void\n}\n" TP_MODEL("cs", 0);
    tp_out o = tp_write(store, tp_split);
    tp_expect_refused("tgsm store", &o, "%s = select i1 %c, ptr addrspace(3) @ga", "TGSM");
    tp_free(&o);
    static const char below[] =
        TP_TGSM "declare void @dx.op.barrier(i32, i32)\n"
        "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %x, label %y\n"
        "x:\n  br label %j\ny:\n  br label %j\n"
        "j:\n  %p = phi ptr addrspace(3) [ @ga, %x ], [ @gb, %y ]\n"
        "  call void @dx.op.barrier(i32 80, i32 9)\n"
        "  %v = load i32, ptr addrspace(3) %p, align 4\n  ret i32 %v\n}\n" TP_MODEL("cs", 0);
    tp_out b = tp_write(below, tp_split);
    tp_expect_refused("tgsm below a barrier", &b, "%p = phi ptr addrspace(3)", "TGSM");
    tp_free(&b);
}

int tu_register(void)
{
    static const tu_case casts[] = {
        {"a field read as another type of its size", test_same_size_field},
        {"memory read as another size is refused", test_other_size_refused},
        {"struct casts: libraries only", test_struct_cast},
        {"a phi of differently typed pointers is refused", test_phi_refused},
        {"an argument typed by its signature", test_argument_signature},
        {NULL, NULL}};
    static const tu_case tgsm[] = {{"a load of a phi of groupshared globals", test_tgsm_phi},
                                   {"a load of a select of groupshared globals", test_tgsm_select},
                                   {"what cannot be split is refused", test_tgsm_refused},
                                   {NULL, NULL}};
    tu_add_suite("typed pointers", casts);
    tu_add_suite("groupshared provenance", tgsm);
    return 0;
}
