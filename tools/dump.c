/* dump.c - `dxil-upgrade --dump[=text|json]`: decode every part of a
 * DXContainer through dxil_parts.h and print it. */
#include "dump.h"
#include "cli_common.h"
#include "common/file_io.h"
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_validate.h"

#include <stdlib.h>
#include <string.h>

int cli_dump_parse_format(const char *arg, cli_dump_format *out)
{
    if (!arg || strcmp(arg, "text") == 0)
        *out = CLI_DUMP_TEXT;
    else if (strcmp(arg, "json") == 0)
        *out = CLI_DUMP_JSON;
    else
        return -1;
    return 0;
}

static int cli_dump_print(const dxil_parts *p, cli_dump_format format, FILE *out)
{
    if (format == CLI_DUMP_TEXT) {
        dxil_parts_print(p, out);
        return CLI_EXIT_OK;
    }
    char *json = dxil_parts_json_string(p, true);
    if (!json)
        return CLI_EXIT_INPUT;
    fprintf(out, "%s\n", json);
    free(json);
    return CLI_EXIT_OK;
}

int cli_dump(const char *path, cli_dump_format format, FILE *out, dxil_diags *diags)
{
    file_data in;
    if (file_map(path, 0, &in, diags) != 0)
        return CLI_EXIT_INPUT;
    const uint8_t *data = in.data;
    size_t size = in.size;
    int rc = CLI_EXIT_INPUT;
    if (dxil_detect_input(data, size) != DXIL_INPUT_CONTAINER) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_UNKNOWN_FORMAT, DXIL_LOC_NONE, 0,
                       "--dump needs a DXContainer, the input is %s",
                       dxil_input_kind_name(dxil_detect_input(data, size)));
    } else {
        dxil_parts parts;
        if (dxil_parts_decode(data, size, &parts, diags) == 0)
            rc = cli_dump_print(&parts, format, out);
        dxil_parts_free(&parts);
    }
    file_release(&in);
    return rc;
}

int cli_validate(const char *path, const char *part, dxil_module *m, dxil_diags *diags)
{
    /* The validator reads the container itself; stdin was read by the
     * loader already, and another part than DXIL is checked alone. */
    if (strcmp(path, "-") == 0 || (part && strcmp(part, "DXIL") != 0)) {
        int n = dxil_validate_module(m, NULL, diags);
        return n < 0 ? 1 : n;
    }
    file_data in;
    if (file_map(path, 0, &in, diags) != 0)
        return 1;
    int n = dxil_validate(in.data, in.size, path, NULL, diags);
    file_release(&in);
    return n < 0 ? 1 : n;
}
