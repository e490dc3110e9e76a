/* cli_common.c - helpers shared by the command-line tools. */
#include "cli_common.h"
#include "common/file_io.h"

#include <stdlib.h>
#include <string.h>

dxil_emit_format cli_format_from_path(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return n > 3 && strcmp(path + n - 3, ".bc") == 0 ? DXIL_EMIT_BC : DXIL_EMIT_LL;
}

int cli_parse_format(const char *text, dxil_emit_format *out)
{
    if (strcmp(text, "ll") == 0)
        *out = DXIL_EMIT_LL;
    else if (strcmp(text, "bc") == 0)
        *out = DXIL_EMIT_BC;
    else
        return -1;
    return 0;
}

static void cli_print_header(const char *part, const dxil_program_header *h, FILE *out)
{
    const char *kind = dxil_shader_kind_short_name(h->shader_kind);
    fprintf(out, "program header (%s): %s_%u_%u (kind %u), DXIL %u.%u, %u dwords, "
                 "bitcode at 0x%llx, %u bytes\n",
            part, kind ? kind : "?", h->sm_major, h->sm_minor, h->shader_kind, h->dxil_major,
            h->dxil_minor, h->size_in_dwords, (unsigned long long)h->bitcode_file_offset,
            h->bitcode_size);
}

static int cli_list_container(const uint8_t *data, size_t size, FILE *out, dxil_diags *diags)
{
    dxil_container c;
    if (dxil_container_parse(data, size, &c, diags) != 0)
        return -1;
    fprintf(out, "container: DXBC %u.%u, %u bytes, %u parts, hash ", c.version_major,
            c.version_minor, c.file_size, c.part_count);
    for (int i = 0; i < 16; i++)
        fprintf(out, "%02x", c.hash[i]);
    fprintf(out, "\n  #  part  offset      size\n");
    for (uint32_t i = 0; i < c.part_count; i++)
        fprintf(out, "%3u  %-4s  0x%08x  %u\n", i, c.parts[i].name, c.parts[i].offset,
                c.parts[i].size);
    static const char *const bitcode_parts[] = {"DXIL", "ILDB", "STAT"};
    int rc = 0;
    for (size_t i = 0; i < 3; i++) {
        const dxil_part *p = dxil_container_find(&c, bitcode_parts[i]);
        dxil_program_header h;
        if (!p)
            continue;
        if (dxil_program_header_parse(data, size, p, &h, diags) == 0)
            cli_print_header(bitcode_parts[i], &h, out);
        else
            rc = -1;
    }
    dxil_container_free(&c);
    return rc;
}

int cli_list_parts(const char *path, FILE *out, dxil_diags *diags)
{
    dxil_file_data in;
    if (dxil_file_map(path, 0, &in, diags) != 0)
        return -1;
    const uint8_t *data = in.data;
    size_t size = in.size;
    dxil_input_kind kind = dxil_detect_input(data, size);
    int rc = 0;
    if (kind == DXIL_INPUT_CONTAINER)
        rc = cli_list_container(data, size, out, diags);
    else
        fprintf(out, "input: %s, %zu bytes (no container parts)\n", dxil_input_kind_name(kind),
                size);
    dxil_file_release(&in);
    return rc;
}
