/* cli_common.h - pieces every dxil-* command-line tool shares. */
#ifndef DXIL_CLI_COMMON_H
#define DXIL_CLI_COMMON_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <stdio.h>

enum { CLI_EXIT_OK = 0, CLI_EXIT_INPUT = 1, CLI_EXIT_USAGE = 2 };

/* Output format implied by a file name (".bc" -> bitcode, else text). */
dxil_emit_format cli_format_from_path(const char *path);
/* Parses "ll"/"bc"; returns -1 for anything else. */
int cli_parse_format(const char *text, dxil_emit_format *out);
/* Prints the container's part table and program header. */
int cli_list_parts(const char *path, FILE *out, dxil_diags *diags);

#endif
