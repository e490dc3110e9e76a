/* cli_loader.h - the loader options (the dxil_options fields) that
 * dxil-upgrade takes for one shader and for --batch alike: one table, one
 * parser, one help text. A new loader flag is one row in cli_loader.c and
 * the field it sets; both command lines pick it up from there. */
#ifndef DXIL_CLI_LOADER_H
#define DXIL_CLI_LOADER_H

#include "dxil-upgrade/dxil_upgrade.h"

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The command lines an option belongs to. */
enum { CLI_LOADER_SINGLE = 1, CLI_LOADER_BATCH = 2 };

/* Room for the rows of the table (checked where it is defined); the
 * getopt_long values of the rows start at CLI_LOADER_VAL, above any value
 * a tool's own options use. */
enum { CLI_LOADER_MAX = 16, CLI_LOADER_VAL = 0x1000 };

/* What the loader options set. */
typedef struct cli_loader {
    dxil_options opts; /* part, raise, verify, check, layouts_from_reflection */
    int stats;         /* --stats: 0 none, 1 text, 2 json */
    int check;         /* --check: 0 none, 1 text (diagnostics), 2 json on stdout */
} cli_loader;

/* Defaults: dxil_options_init, no statistics. */
void cli_loader_init(cli_loader *l);

/* The getopt_long table: own's entries (up to its zero entry), then the
 * loader options mode takes, then a zero entry. out needs room for
 * own's entries + CLI_LOADER_MAX + 1. */
void cli_loader_longopts(unsigned mode, const struct option *own, struct option *out);

/* Applies getopt_long's result c, which none of the tool's own options
 * matched. Returns NULL when it was a loader option and applied, else the
 * usage message ("unknown option", or the option's bad-value message with
 * *shown = arg to print after it; else *shown = NULL). */
const char *cli_loader_apply(int c, const char *arg, cli_loader *l, const char **shown);

/* A tool's --help on stdout: head, the loader options mode takes, tail.
 * CLI_LOADER_SINGLE lists them one per line with their help;
 * CLI_LOADER_BATCH only spells them, comma-separated (tail says they
 * work as for a single shader). */
void cli_loader_usage(const char *head, unsigned mode, const char *tail);

#endif
