/* fuzz_container.c - libFuzzer target: the DXContainer reader and the
 * part decoders (dxil_parts.h) with their text and JSON dumps. */
#include "dxil-upgrade/dxil_container.h"
#include "dxil-upgrade/dxil_parts.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every part, decoded or not, is dumped: the dumps walk each array the
 * decoders filled, so a count that disagrees with its array shows up. */
static void fuzz_parts(const uint8_t *data, size_t size, dxil_diags *diags)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    dxil_parts p;
    int rc = dxil_parts_decode(data, size, &p, diags);
    if (rc >= 0) {
        if ((rc == 0) != (p.malformed == 0))
            __builtin_trap(); /* the return value must agree with the parts */
        if (sink)
            dxil_parts_print(&p, sink);
        free(dxil_parts_json_string(&p, false));
    }
    dxil_parts_free(&p);
    dxil_hash_check h;
    dxil_container_hash_check(data, size, &h, diags);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    fuzz_parts(data, size, diags);
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
