/* dump.h - `dxil-upgrade --dump`: every container part decoded. */
#ifndef DXIL_TOOLS_DUMP_H
#define DXIL_TOOLS_DUMP_H

#include "dxil-upgrade/dxil_diag.h"
#include "dxil-upgrade/dxil_upgrade.h"

#include <llvm-c/Types.h>

#include <stdio.h>

typedef enum cli_dump_format { CLI_DUMP_NONE = 0, CLI_DUMP_TEXT, CLI_DUMP_JSON } cli_dump_format;

/* Parses the --dump argument (NULL or "text", "json"); -1 if unknown. */
int cli_dump_parse_format(const char *arg, cli_dump_format *out);
/* Decodes every part of the container at path and prints it; returns an
 * exit status (CLI_EXIT_*). Nothing is printed when the container or any
 * part is malformed: the diagnostics say where. */
int cli_dump(const char *path, cli_dump_format format, FILE *out, dxil_diags *diags);

/* --check: the validator (dxil_validate.h) over the input file, or over
 * the loaded module m when the input was stdin (already consumed) or
 * another part than DXIL. Returns the number of violations (1 when the
 * input could not be read again). */
int cli_validate(const char *path, const char *part, dxil_module *m, dxil_diags *diags);

#endif
