/* Diagnostics list: counting, lookup, and the printed format. */
#include "dxil-upgrade/dxil_diag.h"
#include "test_util.h"

#include <string.h>

static void test_add_and_count(void)
{
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(dxil_diags_count(d), 0);
    dxil_diags_add(d, DXIL_SEV_WARNING, DXIL_W_PART_EMPTY, DXIL_LOC_BYTE, 0x40, "part %d", 3);
    dxil_diags_add(d, DXIL_SEV_ERROR, DXIL_E_PART_OVERLAP, DXIL_LOC_NONE, 0, "overlap");
    CU_ASSERT_EQUAL(dxil_diags_count(d), 2);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 1);
    CU_ASSERT_STRING_EQUAL(dxil_diags_get(d, 0)->message, "part 3");
    CU_ASSERT_EQUAL(dxil_diags_get(d, 1)->code, DXIL_E_PART_OVERLAP);
    CU_ASSERT_PTR_NULL(dxil_diags_get(d, 2));
    dxil_diags_clear(d);
    CU_ASSERT_EQUAL(dxil_diags_count(d), 0);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), 0);
    dxil_diags_destroy(d);
    /* A NULL list is accepted everywhere. */
    dxil_diags_add(NULL, DXIL_SEV_ERROR, 1, DXIL_LOC_NONE, 0, "ignored");
    CU_ASSERT_EQUAL(dxil_diags_count(NULL), 0);
}

static void td_expect_format(dxil_loc_kind loc, uint64_t off, const char *want)
{
    dxil_diags *d = dxil_diags_create();
    dxil_diags_add(d, DXIL_SEV_ERROR, DXIL_E_BITSTREAM_RECORD, loc, off, "bad record");
    char buf[256];
    dxil_diag_format(dxil_diags_get(d, 0), "a.dxil", buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, want);
    dxil_diags_destroy(d);
}

static void test_format(void)
{
    td_expect_format(DXIL_LOC_BYTE, 0x1f, "a.dxil: error: bad record [DXIL2004 at byte 0x1f]");
    td_expect_format(DXIL_LOC_BIT, 100, "a.dxil: error: bad record [DXIL2004 at bit 100 (byte 0xc)]");
    td_expect_format(DXIL_LOC_LINE, 12, "a.dxil:12: error: bad record [DXIL2004]");
    td_expect_format(DXIL_LOC_NONE, 0, "a.dxil: error: bad record [DXIL2004]");
}

static void test_many_messages(void)
{
    dxil_diags *d = dxil_diags_create();
    for (int i = 0; i < 1000; i++)
        dxil_diags_add(d, DXIL_SEV_NOTE, 1, DXIL_LOC_NONE, 0, "note %d", i);
    CU_ASSERT_EQUAL(dxil_diags_count(d), 1000);
    CU_ASSERT_STRING_EQUAL(dxil_diags_get(d, 999)->message, "note 999");
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"add, count, clear", test_add_and_count},
        {"printed format", test_format},
        {"many messages", test_many_messages},
        {NULL, NULL}};
    tu_add_suite("diagnostics", cases);
    return 0;
}
