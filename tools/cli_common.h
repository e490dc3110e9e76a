/* cli_common.h - pieces every dxil-* command-line tool shares: the option
 * style (getopt_long, usage errors with a DXIL7xxx code), output format and
 * file conventions of LLVM's tools, the part listing. */
#ifndef DXIL_CLI_COMMON_H
#define DXIL_CLI_COMMON_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

enum { CLI_EXIT_OK = 0, CLI_EXIT_INPUT = 1, CLI_EXIT_USAGE = 2 };

/* cli_getopt's result for a bad option (already reported). */
enum { CLI_OPT_BAD = -2 };

/* getopt_long (GNU argument permutation, --opt=value and --opt value)
 * that reports a bad option itself, once, as a usage error naming it:
 * returns the option, -1 after the last one, or CLI_OPT_BAD. shortopts as
 * for getopt, without a leading ':'. */
int cli_getopt(const char *tool, int argc, char **argv, const char *shortopts,
               const struct option *longopts);

/* After the options: the one input file, "-" (stdin, as LLVM's tools read)
 * when none is named. Returns 0, or a usage error for a second one. */
int cli_one_input(const char *tool, int argc, char **argv, const char **input);

/* Prints "tool: error: msg[: arg] [DXIL<code>]" and "try 'tool --help'" on
 * stderr; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *tool, int code, const char *msg, const char *arg);

/* "tool VERSION (LLVM X.Y.Z)" on stdout, as --version prints it. */
void cli_print_version(const char *tool);

/* The name diagnostics give a path: "<stdin>"/"<stdout>" for "-". */
const char *cli_display_name(const char *path, bool output);
/* Prints the diagnostics of writing an output: LLVM verifier errors name
 * the input, the others the output. */
void cli_print_write_diags(const dxil_diags *diags, const char *in, const char *out);

/* getopt_long value of --emit in the tools that write IR (below a
 * cli_loader value, above a tool's own). */
enum { CLI_OPT_EMIT = 0x800 };
/* Applies -S or --emit=ll|bc (CLI_OPT_EMIT) to *fmt and sets *set.
 * Returns -1 when applied, CLI_EXIT_USAGE for a bad value (reported), or
 * 0 when c is neither. */
int cli_emit_option(const char *tool, int c, const char *arg, dxil_emit_format *fmt, bool *set);

/* Output format implied by a file name (".bc" -> bitcode, else text). */
dxil_emit_format cli_format_from_path(const char *path);
/* True when path ends with ext (".dxil") after at least one character. */
bool cli_path_has_extension(const char *path, const char *ext);
/* Parses "ll"/"bc"; returns -1 for anything else. */
int cli_parse_format(const char *text, dxil_emit_format *out);
/* Like llvm-as: bitcode is not written to a terminal. Returns 0, or a
 * usage error (CLI_EXIT_USAGE) when path is stdout on a terminal. */
int cli_check_output(const char *tool, const char *path, dxil_emit_format fmt);
/* The same for any binary output, named in the message ("a DXContainer"). */
int cli_check_binary_output(const char *tool, const char *path, const char *what);
/* Prints the container's part table and program header. */
int cli_list_parts(const char *path, FILE *out, dxil_diags *diags);

/* Case-insensitive edit distance between two names. */
size_t cli_edit_distance(const char *a, const char *b);

/* "did you mean": the closest name offered, if close enough. */
typedef struct cli_suggest {
    const char *query, *best;
    size_t dist; /* best's distance, or the largest one accepted */
} cli_suggest;
void cli_suggest_init(cli_suggest *s, const char *query);
void cli_suggest_offer(cli_suggest *s, const char *name);

#endif
