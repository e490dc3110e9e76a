/* fuzz_container.c - libFuzzer target: the DXContainer reader. */
#include "dxil-upgrade/dxil_container.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_container c;
    if (dxil_container_parse(data, size, &c, diags) == 0) {
        for (uint32_t i = 0; i < c.part_count; i++) {
            dxil_program_header h;
            dxil_program_header_parse(data, size, &c.parts[i], &h, diags);
        }
        dxil_container_free(&c);
    }
    static const char *const parts[] = {"DXIL", "ILDB", "STAT"};
    for (size_t i = 0; i < 3; i++) {
        const uint8_t *bc = NULL;
        size_t bc_size = 0;
        if (dxil_locate_bitcode(data, size, parts[i], &bc, &bc_size, NULL, diags) == 0 &&
            (bc < data || bc + bc_size > data + size))
            __builtin_trap(); /* located bitcode must lie inside the input */
    }
    dxil_diags_destroy(diags);
    return 0;
}
