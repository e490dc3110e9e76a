#include <llvm-c/Core.h>
/* Round trips. Corpus: every DXC shader is loaded as is and raised +
 * lowered; the two modules must agree (dx.op calls, dataflow, dx.*
 * metadata) for at least RT_MIN_CORPUS files. Modern: every hand-written
 * test/roundtrip/modern .ll file lowered and raised must match its input. */
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_stats.h"
#include "module/ir_compare.h"
#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exact corpus round trips reached when this was written: all 909 (see
 * docs/lowering.md). */
#define RT_MIN_CORPUS 909
/* Modern files that must round-trip (see docs/lowering.md for the rest). */
static const char *const rt_modern_must[] = {"math.ll",    "wave.ll",    "cbuffer.ll", "library.ll",
                                             "buffers.ll", "longvec.ll", NULL};

typedef struct rt_totals {
    size_t files, same, differ, errors;
    size_t kinds[DXIL_CMP_KIND_COUNT];
    char first[DXIL_CMP_KIND_COUNT][512];
    char first_error[512];
} rt_totals;

static void rt_one(const char *path, void *user)
{
    rt_totals *t = user;
    char msg[400];
    unsigned kind = 0;
    int rv = dxil_roundtrip_dxil(path, msg, sizeof msg, &kind);
    t->files++;
    if (rv < 0) {
        if (t->errors++ == 0)
            snprintf(t->first_error, sizeof t->first_error, "%s: %s", strrchr(path, '/') + 1, msg);
        return;
    }
    if (rv == 0) {
        t->same++;
        return;
    }
    t->differ++;
    if (kind < DXIL_CMP_KIND_COUNT && t->kinds[kind]++ == 0)
        snprintf(t->first[kind], sizeof t->first[kind], "%s: %s", strrchr(path, '/') + 1, msg);
}

static void test_corpus_roundtrip(void)
{
    rt_totals *t = calloc(1, sizeof *t);
    CU_ASSERT_FATAL(t != NULL);
    tu_each_corpus_file(rt_one, t);
    if (t->files == 0) {
        printf("\n  corpus missing: round trip skipped\n");
        free(t);
        return;
    }
    printf("\n  corpus round trip: %zu of %zu exact, %zu differ, %zu errors\n", t->same, t->files,
           t->differ, t->errors);
    if (t->errors)
        printf("    errors     %4zu  first: %.300s\n", t->errors, t->first_error);
    for (unsigned k = 1; k < DXIL_CMP_KIND_COUNT; k++)
        if (t->kinds[k])
            printf("    %-10s %4zu  first: %.300s\n", cmp_kind_name(k), t->kinds[k],
                   t->first[k]);
    CU_ASSERT(t->same >= RT_MIN_CORPUS);
    free(t);
}

/* dxil-roundtrip uses default options; the same check with
 * layouts_from_reflection (lowering reads only a CBuffer layout's size). */
static void rt_one_reflection(const char *path, void *user)
{
    rt_totals *t = user;
    dxil_diags *d = dxil_diags_create();
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *orig = dxil_module_load_file(path, &o, d);
    o.raise = o.layouts_from_reflection = true;
    dxil_module *rt = orig ? dxil_module_load_file(path, &o, d) : NULL;
    char msg[400] = "";
    t->files++;
    if (!rt || dxil_module_lower(rt, NULL, d) != 0) {
        if (t->errors++ == 0)
            snprintf(t->first_error, sizeof t->first_error, "%s", strrchr(path, '/') + 1);
    } else if (ir_compare(dxil_module_llvm(orig), dxil_module_llvm(rt),
                               DXIL_CMP_CALLS | DXIL_CMP_DX_MD | DXIL_CMP_DECL_ATTRS |
                                   DXIL_CMP_TRIPLE,
                               msg, sizeof msg) == DXIL_CMP_SAME) {
        t->same++;
    } else if (t->differ++ == 0) {
        snprintf(t->first[0], sizeof t->first[0], "%s: %s", strrchr(path, '/') + 1, msg);
    }
    dxil_module_destroy(orig);
    dxil_module_destroy(rt);
    dxil_diags_destroy(d);
}

static void test_corpus_roundtrip_reflection(void)
{
    rt_totals *t = calloc(1, sizeof *t);
    CU_ASSERT_FATAL(t != NULL);
    tu_each_corpus_file(rt_one_reflection, t);
    if (t->files)
        printf("\n  with layouts from STAT: %zu of %zu exact, %zu differ (first: %.300s), %zu "
               "errors (first: %.300s)\n",
               t->same, t->files, t->differ, t->first[0], t->errors, t->first_error);
    CU_ASSERT(t->same == t->files);
    free(t);
}

/* Issue 18: the lowered module passes the versioned spec check wherever
 * DXC's own module does (a few corpus files use preview ops the spec check
 * refuses already in DXC's output). */
typedef struct rt_checks {
    size_t files, orig_fail, lowered_fail;
    char first[512];
} rt_checks;

static int rt_check_count(dxil_module *m)
{
    dxil_diags *d = dxil_diags_create();
    int n = m ? dxil_module_check(m, NULL, d) : -1;
    dxil_diags_destroy(d);
    return n;
}

static void rt_check_one(const char *path, void *user)
{
    rt_checks *t = user;
    dxil_diags *d = dxil_diags_create();
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *orig = dxil_module_load_file(path, &o, d);
    o.raise = true;
    dxil_module *low = orig ? dxil_module_load_file(path, &o, d) : NULL;
    bool lowered = low && dxil_module_lower(low, NULL, d) == 0;
    int before = rt_check_count(orig), after = lowered ? rt_check_count(low) : -1;
    t->files++;
    t->orig_fail += before != 0;
    if (before == 0 && after != 0 && t->lowered_fail++ == 0)
        snprintf(t->first, sizeof t->first, "%s: %d violations after lowering",
                 strrchr(path, '/') + 1, after);
    dxil_module_destroy(orig);
    dxil_module_destroy(low);
    dxil_diags_destroy(d);
}

static void test_corpus_lowered_checks(void)
{
    rt_checks t = {0};
    tu_each_corpus_file(rt_check_one, &t);
    if (t.files == 0) {
        printf("\n  corpus missing: spec check of lowered modules skipped\n");
        return;
    }
    printf("\n  spec check of lowered modules: %zu files, %zu fail only after lowering%s%s; "
           "%zu already fail as DXC wrote them\n",
           t.files, t.lowered_fail, t.lowered_fail ? ", first: " : "", t.first, t.orig_fail);
    CU_ASSERT_EQUAL(t.lowered_fail, 0);
}

static bool rt_must(const char *name)
{
    for (size_t i = 0; rt_modern_must[i]; i++)
        if (!strcmp(name, rt_modern_must[i]))
            return true;
    return false;
}

static void test_modern_roundtrip(void)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/test/roundtrip/modern", DXIL_TEST_SOURCE_DIR);
    DIR *d = opendir(dir);
    CU_ASSERT_FATAL(d != NULL);
    size_t seen = 0, must_seen = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".ll"))
            continue;
        char path[1400], msg[600];
        unsigned kind = 0;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        int rv = dxil_roundtrip_modern(path, msg, sizeof msg, &kind);
        printf("\n  %s: %s%s", e->d_name, rv == 0 ? "round-trips" : "differs: ",
               rv == 0 ? "" : msg);
        seen++;
        if (rt_must(e->d_name)) {
            must_seen++;
            CU_ASSERT_EQUAL(rv, 0);
        }
    }
    closedir(d);
    printf("\n");
    CU_ASSERT(seen >= 6);
    CU_ASSERT_EQUAL(must_seen, 6);
}

/* The comparer itself: a module equals itself, and a changed constant
 * operand is reported as an operand difference. */
static void test_compare_detects(void)
{
    char path[1024], msg[256];
    snprintf(path, sizeof path, "%s/test/roundtrip/modern/math.ll", DXIL_TEST_SOURCE_DIR);
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *a = dxil_module_load_file(path, &o, NULL);
    dxil_module *b = dxil_module_load_file(path, &o, NULL);
    CU_ASSERT_FATAL(a && b);
    LLVMModuleRef ma = dxil_module_llvm(a), mb = dxil_module_llvm(b);
    CU_ASSERT_EQUAL(ir_compare(ma, mb, DXIL_CMP_CALLS | DXIL_CMP_FN_ATTRS, msg, sizeof msg),
                    DXIL_CMP_SAME);
    /* thread.id(i32 0) -> thread.id(i32 1) */
    LLVMValueRef fn = LLVMGetNamedFunction(mb, "main");
    LLVMValueRef call = LLVMGetFirstInstruction(LLVMGetFirstBasicBlock(fn));
    LLVMSetOperand(call, 0, LLVMConstInt(LLVMInt32TypeInContext(dxil_module_context(b)), 1, 0));
    CU_ASSERT_EQUAL(ir_compare(ma, mb, DXIL_CMP_CALLS, msg, sizeof msg),
                    DXIL_CMP_DIFF_OPERAND);
    CU_ASSERT(strstr(msg, "i32 0 vs i32 1") != NULL);
    dxil_module_destroy(a);
    dxil_module_destroy(b);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"compare detects a changed operand", test_compare_detects},
        {"modern suite: lower then raise", test_modern_roundtrip},
        {"corpus: raise then lower", test_corpus_roundtrip},
        {"corpus: raise with layouts from STAT, then lower", test_corpus_roundtrip_reflection},
        {"corpus: lowered modules pass the spec check", test_corpus_lowered_checks},
        {NULL, NULL},
    };
    tu_add_suite("roundtrip", cases);
    return 0;
}
