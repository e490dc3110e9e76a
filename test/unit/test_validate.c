/* test_validate.c - the validator's frame (check/, dxil_validate.h): the
 * rule table's codes and names, the public lookups, dxil_validate over
 * memory (valid, unreadable, limits) and from many threads at once. The
 * rules themselves are tested one by one in test/lit/check/. */
#include "test_util.h"

#include "check/check.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_validate.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Codes are 5200 + the row, names unique and "Family.Name", messages set. */
static void test_rule_table(void)
{
    for (int r = 0; r < CHK_RULE_COUNT; r++) {
        const chk_rule_info *ri = chk_rule_get((chk_rule)r);
        CU_ASSERT_FATAL(ri != NULL);
        CU_ASSERT_EQUAL(ri->code, 5200 + r);
        CU_ASSERT(strchr(ri->name, '.') != NULL);
        CU_ASSERT(ri->message[0] != '\0');
        for (int k = 0; k < r; k++)
            CU_ASSERT(strcmp(chk_rule_get((chk_rule)k)->name, ri->name) != 0);
    }
    CU_ASSERT_PTR_NULL(chk_rule_get(CHK_RULE_COUNT));
}

static void test_lookups(void)
{
    char fam[32];
    int code = dxil_rule_code("Instr.Allowed");
    CU_ASSERT(code >= 5200);
    CU_ASSERT_STRING_EQUAL(dxil_rule_name(code), "Instr.Allowed");
    CU_ASSERT_STRING_EQUAL(dxil_rule_family(code, fam, sizeof fam), "Instr");
    CU_ASSERT_EQUAL(dxil_rule_code("Bitcode.Valid"), 5200);
    CU_ASSERT_EQUAL(dxil_rule_code("No.SuchRule"), 0);
    CU_ASSERT_EQUAL(dxil_rule_code(NULL), 0);
    CU_ASSERT_PTR_NULL(dxil_rule_name(5100)); /* not a rule: the old --check code */
    CU_ASSERT_PTR_NULL(dxil_rule_name(5200 + CHK_RULE_COUNT));
    CU_ASSERT_PTR_NULL(dxil_rule_family(4999, fam, sizeof fam));
}

/* The sample, lowered and written by us, is valid; so is what DXC wrote
 * into the corpus (when present). */
static uint8_t *sample_container(size_t *size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/samples/compute_sine.dxil", DXIL_TEST_SOURCE_DIR);
    return tu_read_file(path, size);
}

static void test_valid_sample(void)
{
    size_t size;
    uint8_t *c = sample_container(&size);
    CU_ASSERT_FATAL(c != NULL);
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(dxil_validate(c, size, "sample", NULL, d), 0);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 0);
    /* The bitcode alone: module-only, the same verdict. */
    const uint8_t *bc;
    size_t bc_size;
    CU_ASSERT_FATAL(dxil_locate_bitcode(c, size, NULL, &bc, &bc_size, NULL, NULL) == 0);
    CU_ASSERT_EQUAL(dxil_validate(bc, bc_size, "sample.bc", NULL, d), 0);
    dxil_diags_destroy(d);
    free(c);
}

static void test_unreadable(void)
{
    static const uint8_t junk[] = "DXBC0123456789abcdef";
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(dxil_validate(junk, sizeof junk - 1, "junk", NULL, d), -1);
    CU_ASSERT(dxil_diags_error_count(d) > 0);
    CU_ASSERT_EQUAL(dxil_validate(NULL, 0, NULL, NULL, d), -1);
    CU_ASSERT_EQUAL(dxil_validate_module(NULL, NULL, d), -1);
    dxil_diags_destroy(d);
}

/* chk_fail fills DXC's placeholders in order, adds where, rule and code,
 * and stops at max_errors. */
static void test_report(void)
{
    dxil_diags *d = dxil_diags_create();
    chk_ctx c = {.diags = d, .opts = {.max_errors = 2}};
    chk_fail(&c, CHK_META_KNOWN, NULL, "llvm.errno.tbaa", NULL);
    const dxil_diag *g = dxil_diags_get(d, 0);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->code, dxil_rule_code("Meta.Known"));
    CU_ASSERT_STRING_EQUAL(g->message,
                           "Named metadata 'llvm.errno.tbaa' is unknown. [Meta.Known]");
    chk_fail_note(&c, CHK_SM_OPCODE, NULL, "(a note)", "42", NULL);
    CU_ASSERT_STRING_EQUAL(dxil_diags_get(d, 1)->message,
                           "Opcode 42 not valid in shader model %1. (a note) [Sm.Opcode]");
    chk_fail(&c, CHK_META_KNOWN, NULL, "x", NULL); /* past max_errors: dropped */
    CU_ASSERT_EQUAL(dxil_diags_count(d), 2);
    CU_ASSERT_EQUAL(c.violations, 2);
    CU_ASSERT(c.stopped);
    dxil_diags_destroy(d);
}

/* No global state: threads validate at once and agree with one thread. */
typedef struct thr_arg {
    const uint8_t *data;
    size_t size;
    int result;
} thr_arg;

static void *thr_main(void *p)
{
    thr_arg *a = p;
    a->result = 0;
    for (int i = 0; i < 8; i++) {
        dxil_diags *d = dxil_diags_create();
        a->result |= dxil_validate(a->data, a->size, "t", NULL, d) != 0;
        dxil_diags_destroy(d);
    }
    return NULL;
}

static void test_threads(void)
{
    size_t size;
    uint8_t *c = sample_container(&size);
    CU_ASSERT_FATAL(c != NULL);
    pthread_t t[4];
    thr_arg a[4];
    for (int i = 0; i < 4; i++) {
        a[i] = (thr_arg){c, size, -1};
        CU_ASSERT_FATAL(pthread_create(&t[i], NULL, thr_main, &a[i]) == 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CU_ASSERT_EQUAL(a[i].result, 0);
    }
    free(c);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"every rule: code 5200 + row, unique name, message", test_rule_table},
        {"rule lookups by code, name and family", test_lookups},
        {"our sample container and its bitcode are valid", test_valid_sample},
        {"unreadable input: -1 with diagnostics", test_unreadable},
        {"a report: DXC's message filled, rule named, max_errors", test_report},
        {"four threads validate at once", test_threads},
        {NULL, NULL}};
    tu_add_suite("validate", cases);
    return 0;
}
