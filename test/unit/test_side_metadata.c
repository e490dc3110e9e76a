/* The vocabulary raise and lower share: the side-metadata registry and its
 * roles (common/side_metadata.h), the shader-kind table (common/abi_names.h)
 * and the metadata helpers (module/md_util.h) behind raise's park-md and
 * lowering's restore-md, which have no limit on the number of named nodes
 * or the length of their names. */
#include "common/abi_names.h"
#include "common/side_metadata.h"
#include "dxil-upgrade/dxil_container.h"
#include "lower/lower_internal.h"
#include "module/md_util.h"
#include "raise/raise_internal.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SM_DL "target datalayout = \"e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64\"\n" \
              "target triple = \"dxil-ms-dx\"\n"

/* More dx.* nodes than park-md once held (64), one name longer than its
 * 128-byte buffers, and dx.valver (which stays) among them. */
enum { SM_NODES = 70, SM_LONG = 150, SM_VALVER_AT = 35 };

static void test_registry(void)
{
    size_t n = 0;
    const side_md *all = side_md_all(&n);
    CU_ASSERT_FATAL(n > 0);
    for (size_t i = 0; i < n; i++) {
        bool dxu = strncmp(all[i].name, DXU_MD_PREFIX, strlen(DXU_MD_PREFIX)) == 0;
        /* STAYS is about a dx.* node, the other roles about dxu.* ones */
        CU_ASSERT_EQUAL(dxu, all[i].role != DXIL_SIDE_MD_STAYS);
        CU_ASSERT_PTR_EQUAL(side_md_lookup(all[i].name), &all[i]);
        for (size_t j = i + 1; j < n; j++)
            CU_ASSERT_NOT_EQUAL(strcmp(all[i].name, all[j].name), 0);
    }
    static const struct {
        const char *name;
        side_md_role role;
    } want[] = {
        {DXU_MD_DATALAYOUT, DXIL_SIDE_MD_BOOKKEEPING}, {DXU_MD_ORDER, DXIL_SIDE_MD_BOOKKEEPING},
        {DXU_MD_ABSENT, DXIL_SIDE_MD_BOOKKEEPING},
        {DXU_MD_OP_ATTRS, DXIL_SIDE_MD_BOOKKEEPING},
        {DXU_MD_RESOURCE_PROPS, DXIL_SIDE_MD_BOOKKEEPING},
        {DXU_MD_RESOURCES_KEPT, DXIL_SIDE_MD_BOOKKEEPING}, {DXU_MD_VERSION, DXIL_SIDE_MD_PARKED},
        {DXU_MD_SHADER_MODEL, DXIL_SIDE_MD_PARKED}, {DXU_MD_ENTRY_POINTS, DXIL_SIDE_MD_PARKED},
        {DXU_MD_RESOURCES, DXIL_SIDE_MD_PARKED}, {DXU_MD_VIEW_ID_STATE, DXIL_SIDE_MD_PARKED},
        {DXIL_MD_VALVER, DXIL_SIDE_MD_STAYS}, {DXIL_MD_RESOURCES, DXIL_SIDE_MD_STAYS},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CU_ASSERT_TRUE(side_md_is(want[i].name, want[i].role));
    CU_ASSERT_PTR_NULL(side_md_lookup("dxu.viewIdStat"));
    CU_ASSERT_PTR_NULL(side_md_lookup(NULL));
    CU_ASSERT_FALSE(side_md_is("dx.foo", DXIL_SIDE_MD_STAYS));
    CU_ASSERT_FALSE(side_md_is(DXU_MD_ORDER, DXIL_SIDE_MD_PARKED));
}

static void test_shader_kinds(void)
{
    static const char *const sm[] = {"ps", "vs", "gs", "hs", "ds", "cs", "lib", "ms", "as"};
    static const int kinds[] = {DXIL_SHADER_PIXEL,  DXIL_SHADER_VERTEX,  DXIL_SHADER_GEOMETRY,
                                DXIL_SHADER_HULL,   DXIL_SHADER_DOMAIN,  DXIL_SHADER_COMPUTE,
                                DXIL_SHADER_LIBRARY, DXIL_SHADER_MESH,   DXIL_SHADER_AMPLIFICATION};
    for (size_t i = 0; i < sizeof sm / sizeof sm[0]; i++) {
        CU_ASSERT_EQUAL(sm_kind_from_name(sm[i]), kinds[i]);
        CU_ASSERT_STRING_EQUAL(sm_kind_name(kinds[i]), sm[i]);
        CU_ASSERT_STRING_EQUAL(dxil_shader_kind_short_name((uint32_t)kinds[i]), sm[i]);
    }
    /* Ray-tracing and node kinds have a short name but are never a module. */
    CU_ASSERT_STRING_EQUAL(dxil_shader_kind_short_name(DXIL_SHADER_RAYGENERATION),
                           "raygeneration");
    CU_ASSERT_STRING_EQUAL(dxil_shader_kind_short_name(DXIL_SHADER_NODE), "node");
    CU_ASSERT_PTR_NULL(dxil_shader_kind_short_name(DXIL_SHADER_INVALID));
    CU_ASSERT_EQUAL(sm_kind_from_name("raygeneration"), -1);
    CU_ASSERT_EQUAL(sm_kind_from_name("c"), -1);
    CU_ASSERT_EQUAL(sm_kind_from_name(NULL), -1);
    CU_ASSERT_PTR_NULL(sm_kind_name(DXIL_SHADER_NODE));
    CU_ASSERT_PTR_NULL(sm_kind_name(-1));
    /* LLVM 22's environments are Pixel..Amplification, spelled as the stages. */
    for (int k = 0; k <= DXIL_SHADER_AMPLIFICATION; k++) {
        const char *env = shader_kind_env(k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(env);
        CU_ASSERT_STRING_EQUAL(env, dxil_shader_stage_name((unsigned)k));
        CU_ASSERT_EQUAL(shader_kind_from_env(env, strlen(env)), k);
    }
    CU_ASSERT_PTR_NULL(shader_kind_env(DXIL_SHADER_NODE));
    CU_ASSERT_PTR_NULL(shader_kind_env(DXIL_SHADER_INVALID));
    CU_ASSERT_PTR_NULL(shader_kind_env(-1));
    CU_ASSERT_EQUAL(shader_kind_from_env("node", 4), -1);
    CU_ASSERT_EQUAL(dxil_shader_stage_from_name("node", 4), DXIL_SHADER_NODE);
    CU_ASSERT_EQUAL(shader_kind_from_env("compute-x", 7), DXIL_SHADER_COMPUTE);
}

/* Name of test node i: "dx.nNN", the long one last, dx.valver at
 * SM_VALVER_AT. */
static void sm_node_name(unsigned i, char *buf, size_t size)
{
    if (i == SM_VALVER_AT)
        snprintf(buf, size, "%s", DXIL_MD_VALVER);
    else if (i == SM_NODES)
        snprintf(buf, size, "dx.%0*d", SM_LONG, 7);
    else
        snprintf(buf, size, "dx.n%02u", i);
}

static char *sm_many_text(void)
{
    size_t size = 64 * 1024, n = 0;
    char *t = malloc(size);
    if (!t)
        return NULL;
    n += (size_t)snprintf(t + n, size - n, "%sdefine void @main() {\n  ret void\n}\n", SM_DL);
    for (unsigned i = 0; i <= SM_NODES; i++) {
        char name[SM_LONG + 8];
        sm_node_name(i, name, sizeof name);
        n += (size_t)snprintf(t + n, size - n, "!%s = !{!0}\n", name);
    }
    snprintf(t + n, size - n, "!0 = !{i32 1, i32 %u}\n", 7u);
    return t;
}

static dxil_module *sm_load(const char *text, dxil_diags *diags)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    return dxil_module_load_memory(text, strlen(text), "test.ll", &opts, diags);
}

static bool sm_has(LLVMModuleRef mod, const char *name)
{
    return LLVMGetNamedMetadata(mod, name, strlen(name)) != NULL;
}

/* True when the dx.* named nodes stand in the order sm_node_name gives. */
static bool sm_in_input_order(LLVMModuleRef mod)
{
    md_names names = {0};
    bool same = md_named_list(mod, DXIL_MD_PREFIX, &names) == 0 && names.n == SM_NODES + 1;
    for (unsigned i = 0; same && i <= SM_NODES; i++) {
        char want[SM_LONG + 8];
        sm_node_name(i, want, sizeof want);
        same = strcmp(names.v[i], want) == 0;
    }
    md_names_free(&names);
    return same;
}

static void test_park_and_restore_many(void)
{
    char *text = sm_many_text();
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = text ? sm_load(text, diags) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    CU_ASSERT_TRUE(sm_in_input_order(mod));
    raise_ctx rc = {.module = m, .ctx = dxil_module_context(m), .mod = mod, .diags = diags};
    CU_ASSERT_EQUAL(raise_identity(&rc), 0); /* records !dxu.order */
    CU_ASSERT_EQUAL(md_num_operands(md_named_single(mod, DXU_MD_ORDER)), SM_NODES + 1);
    CU_ASSERT_EQUAL(raise_park_md(&rc), 0);
    char name[SM_LONG + 8];
    sm_node_name(SM_NODES, name, sizeof name);
    CU_ASSERT_FALSE(sm_has(mod, name));
    snprintf(name, sizeof name, "dxu.%0*d", SM_LONG, 7);
    CU_ASSERT_TRUE(sm_has(mod, name));
    CU_ASSERT_TRUE(sm_has(mod, "dxu.n69"));
    CU_ASSERT_FALSE(sm_has(mod, "dx.n69"));
    CU_ASSERT_TRUE(sm_has(mod, DXIL_MD_VALVER)); /* STAYS */
    CU_ASSERT_FALSE(sm_in_input_order(mod));

    lower_ctx lc = {.module = m, .ctx = rc.ctx, .mod = mod, .diags = diags};
    CU_ASSERT_EQUAL(lower_restore_md(&lc), 0);
    CU_ASSERT_TRUE(sm_in_input_order(mod));
    md_names left = {0};
    CU_ASSERT_EQUAL(md_named_list(mod, DXU_MD_PREFIX, &left), 0);
    CU_ASSERT_EQUAL(left.n, 0); /* bookkeeping !dxu.order dropped too */
    md_names_free(&left);
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 0);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    free(text);
}

/* A node whose other name exists already is left, with a warning. */
static void test_park_and_restore_clash(void)
{
    static const char text[] = SM_DL "!dx.a = !{!0}\n!dxu.a = !{!0, !0}\n!dx.resources = !{!0}\n"
                                     "!dxu.b = !{!0}\n!dx.b = !{!0, !0}\n!0 = !{i32 1}\n";
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = sm_load(text, diags);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    raise_ctx rc = {.module = m, .ctx = dxil_module_context(m), .mod = mod, .diags = diags};
    CU_ASSERT_EQUAL(raise_park_md(&rc), 0);
    /* dx.a clashes; dx.resources stays; dx.b clashes with the dxu.b above */
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 2);
    CU_ASSERT_EQUAL(dxil_diags_get(diags, 0)->code, DXIL_W_METADATA);
    CU_ASSERT_EQUAL(md_named_count(mod, "dx.a"), 1);
    CU_ASSERT_EQUAL(md_named_count(mod, "dxu.a"), 2);
    CU_ASSERT_TRUE(sm_has(mod, DXIL_MD_RESOURCES));
    CU_ASSERT_FALSE(sm_has(mod, DXU_MD_RESOURCES));
    dxil_diags_clear(diags);

    lower_ctx lc = {.module = m, .ctx = rc.ctx, .mod = mod, .diags = diags};
    CU_ASSERT_EQUAL(lower_restore_md(&lc), 0);
    CU_ASSERT_EQUAL(dxil_diags_count(diags), 2); /* dxu.a and dxu.b */
    CU_ASSERT_EQUAL(md_named_count(mod, "dx.a"), 1); /* the dx.* one is kept */
    CU_ASSERT_EQUAL(md_named_count(mod, "dx.b"), 2);
    CU_ASSERT_FALSE(sm_has(mod, "dxu.a"));
    CU_ASSERT_FALSE(sm_has(mod, "dxu.b"));
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
}

/* A node moved onto its own name goes to the end of the module's list. */
static void test_named_move_to_end(void)
{
    static const char text[] = SM_DL "!dx.a = !{!0}\n!dx.b = !{!0, !0}\n!0 = !{i32 1}\n";
    dxil_module *m = sm_load(text, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    LLVMModuleRef mod = dxil_module_llvm(m);
    CU_ASSERT_EQUAL(md_named_move(mod, "dx.a", "dx.a"), 1);
    CU_ASSERT_EQUAL(md_named_move(mod, "dx.c", "dx.a"), -1);
    md_names names = {0};
    CU_ASSERT_EQUAL(md_named_list(mod, "dx.", &names), 0);
    CU_ASSERT_EQUAL_FATAL(names.n, 2);
    CU_ASSERT_STRING_EQUAL(names.v[0], "dx.b");
    CU_ASSERT_STRING_EQUAL(names.v[1], "dx.a");
    CU_ASSERT_EQUAL(md_named_count(mod, "dx.a"), 1);
    md_names_free(&names);
    dxil_module_destroy(m);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"registry: one entry per name, roles", test_registry},
        {"one shader-kind table, every spelling", test_shader_kinds},
        {"park-md and restore-md: many and long names", test_park_and_restore_many},
        {"park-md and restore-md: clashes", test_park_and_restore_clash},
        {"named move onto itself", test_named_move_to_end},
        {NULL, NULL}};
    tu_add_suite("side metadata", cases);
    return 0;
}
