/* Shared CUnit driver: each test program supplies tu_register(). */
#include "test_util.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    int skip = tu_register();
    if (skip) {
        CU_cleanup_registry();
        return 77; /* ctest SKIP_RETURN_CODE */
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (ran == 0) {
        fprintf(stderr, "no test ran\n");
        return 1;
    }
    return failed ? 1 : 0;
}
