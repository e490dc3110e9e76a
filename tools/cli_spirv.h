/* cli_spirv.h - `--emit=spirv` and its options (DXC's register shifts as
 * --vk-{b,t,u,s}-shift=N:SPACE|all, --target-env, --no-isolate), shared
 * by dxil-upgrade's single-shader path and --batch: one table, one parser,
 * one help text (docs/spirv.md). */
#ifndef DXIL_CLI_SPIRV_H
#define DXIL_CLI_SPIRV_H

#include "cli_loader.h"
#include "dxil-upgrade/dxil_spirv.h"

#include <getopt.h>
#include <stdbool.h>

/* getopt_long values of the rows (between CLI_OPT_EMIT and the loader's),
 * and room for them in a tool's table. */
enum { CLI_SPIRV_VAL = 0x900, CLI_SPIRV_MAX = 8, CLI_SPIRV_MAX_SHIFTS = 64 };

typedef struct cli_spirv {
    bool on;               /* --emit=spirv (or -o x.spv) */
    dxil_spirv_options opts;
    dxil_spirv_shift shifts[CLI_SPIRV_MAX_SHIFTS];
    const char *used;      /* the first SPIR-V option given, for a usage error */
} cli_spirv;

void cli_spirv_init(cli_spirv *s);

/* Appends the rows mode (CLI_LOADER_SINGLE/BATCH) takes to a getopt_long
 * table: out holds n entries, and room for CLI_SPIRV_MAX more and the zero
 * entry, which is written. Returns the new count. */
size_t cli_spirv_longopts(unsigned mode, struct option *out, size_t n);

/* Applies getopt_long's result c: 0 when it is no SPIR-V option, 1 when
 * applied, -1 for a bad value (*msg is the usage message, arg to show). */
int cli_spirv_apply(int c, const char *arg, cli_spirv *s, const char **msg);

/* After the options: a SPIR-V option without --emit=spirv is a usage
 * error (the message, or NULL when all is well). */
const char *cli_spirv_check(const cli_spirv *s);

/* The options as the library takes them (pointing into s). */
dxil_spirv_options cli_spirv_options(const cli_spirv *s);

/* The help lines of the rows mode takes. */
void cli_spirv_usage(unsigned mode, FILE *out);

/* The process is the tool's own: LLVM's fatal error (which ends it) is
 * printed as a diagnostic naming input, with DXIL8002, and the exit status
 * is 1 (no output has been written: SPIR-V is written after the backend).
 * For --no-isolate, and for a --batch --isolate child (batch_isolate.c
 * sends its own result instead). */
void cli_spirv_fatal_to_diag(const char *input);

#endif
