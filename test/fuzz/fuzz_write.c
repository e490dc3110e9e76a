/* fuzz_write.c - libFuzzer target: the container writer (dxil_write.h) on
 * whatever module metadata a mutated container's DXIL part yields. The
 * module is loaded without raising, every regenerated part is written and
 * the whole container is written back around the file's own bitcode and
 * carried parts. A failure must come with an error and no output; a
 * success must be a container the reader parses. */
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_write.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_check(int rc, uint8_t *out, size_t out_size, dxil_diags *diags, bool container)
{
    if (rc != 0 && (out || dxil_diags_error_count(diags) == 0))
        __builtin_trap(); /* failures say why and leave nothing behind */
    if (rc == 0 && container) {
        dxil_container c;
        if (dxil_container_parse(out, out_size, &c, NULL) != 0)
            __builtin_trap(); /* what we write, we read */
        dxil_container_free(&c);
    }
    free(out);
    dxil_diags_clear(diags);
}

static void fuzz_write(const uint8_t *data, const dxil_parts *p, LLVMModuleRef m,
                       dxil_diags *diags)
{
    static const char *const regen[] = {"SFI0", "ISG1", "OSG1", "PSG1", "PSV0"};
    uint8_t *out = NULL;
    size_t size = 0;
    for (size_t i = 0; i < sizeof regen / sizeof *regen; i++) {
        int rc = dxil_write_part_data(m, regen[i], NULL, &out, &size, diags);
        fuzz_check(rc, out, size, diags, false);
    }
    dxil_write_part *carried = calloc(p->count + 1, sizeof *carried);
    size_t n = 0;
    for (uint32_t i = 0; carried && i < p->count; i++)
        if (!strstr("SFI0 ISG1 OSG1 PSG1 PSV0 HASH DXIL", p->parts[i].part.name)) {
            memcpy(carried[n].fourcc, p->parts[i].part.name, 5);
            carried[n].data = data + p->parts[i].part.data_offset;
            carried[n++].size = p->parts[i].part.size;
        }
    for (uint32_t i = 0; carried && i < p->count; i++)
        if (strcmp(p->parts[i].part.name, "DXIL") == 0) {
            const dxil_program_header *h = &p->parts[i].u.program;
            dxil_write_input in = {.module = m, .bitcode = data + h->bitcode_file_offset,
                                   .bitcode_size = h->bitcode_size, .carried = carried,
                                   .carried_count = n, .digest = DXIL_HASH_OK};
            int rc = dxil_container_write(&in, &out, &size, diags);
            fuzz_check(rc, out, size, diags, true);
            break;
        }
    free(carried);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dxil_diags *diags = dxil_diags_create();
    dxil_parts p;
    if (dxil_parts_decode(data, size, &p, NULL) == 0) {
        dxil_options opts;
        dxil_options_init(&opts);
        opts.raise = false;
        dxil_module *m = dxil_module_load_memory(data, size, "fuzz", &opts, NULL);
        if (m)
            fuzz_write(data, &p, dxil_module_llvm(m), diags);
        dxil_module_destroy(m);
    }
    dxil_parts_free(&p);
    dxil_diags_destroy(diags);
    return 0;
}
