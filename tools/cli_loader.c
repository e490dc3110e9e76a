/* cli_loader.c - the table of loader options shared by dxil-upgrade's
 * single-file path and --batch (see cli_loader.h). */
#include "cli_loader.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One loader option. set returns 0, or -1 for an argument it does not
 * take (then bad_arg is the usage message). */
typedef struct loader_row {
    const char *name;
    int has_arg;
    unsigned modes;
    int (*set)(cli_loader *l, const char *arg);
    const char *bad_arg;
    const char *synopsis, *help; /* help: '\n' starts an indented line */
} loader_row;

static int set_verify(cli_loader *l, const char *arg)
{
    (void)arg;
    l->opts.verify = true;
    return 0;
}

static int set_part(cli_loader *l, const char *arg)
{
    static const char *const parts[] = {"DXIL", "ILDB", "STAT"};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        if (strcmp(arg, parts[i]) == 0) {
            l->opts.part = arg;
            return 0;
        }
    return -1;
}

static int set_no_raise(cli_loader *l, const char *arg)
{
    (void)arg;
    l->opts.raise = false;
    return 0;
}

static int set_layouts(cli_loader *l, const char *arg)
{
    (void)arg;
    l->opts.layouts_from_reflection = true;
    return 0;
}

static int set_keep_sig_io(cli_loader *l, const char *arg)
{
    (void)arg;
    l->opts.keep_sig_io = true;
    return 0;
}

static int set_drop_parts(cli_loader *l, const char *arg)
{
    (void)arg;
    l->opts.drop_container_parts = true;
    return 0;
}

static int set_stats(cli_loader *l, const char *arg)
{
    if (!arg || strcmp(arg, "text") == 0)
        l->stats = 1;
    else if (strcmp(arg, "json") == 0)
        l->stats = 2;
    else
        return -1;
    return 0;
}

static int set_check(cli_loader *l, const char *arg)
{
    if (!arg || strcmp(arg, "text") == 0)
        l->check = 1;
    else if (strcmp(arg, "json") == 0)
        l->check = 2;
    else
        return -1;
    l->opts.check = true;
    return 0;
}

/* A byte count with an optional K, M or G (binary) suffix, above 0. */
static int set_max_input(cli_loader *l, const char *arg)
{
    static const char suffixes[] = "KMG";
    if (*arg < '0' || *arg > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    const char *suf = *end ? strchr(suffixes, *end) : NULL;
    if (errno || v == 0 || (*end && (!suf || end[1] != '\0')))
        return -1;
    unsigned shift = suf ? 10u * (unsigned)(suf - suffixes + 1) : 0;
    if (v > (SIZE_MAX >> shift))
        return -1;
    l->opts.max_input_size = (size_t)v << shift;
    return 0;
}

enum { BOTH = CLI_LOADER_SINGLE | CLI_LOADER_BATCH, HELP_COL = 21, SYNOPSIS_WIDTH = 78 };

/* --check prints per-shader results: single file only. --stats in a
 * batch adds the corpus's op table to the summary and each shader's op
 * counts to the report (the batch always counts the totals). */
static const loader_row loader_rows[] = {
    {"verify", no_argument, BOTH, set_verify, NULL, "--verify",
     "run LLVM's verifier on the result"},
    {"part", required_argument, BOTH, set_part, "--part takes DXIL, ILDB or STAT",
     "--part=DXIL|ILDB|STAT", "container part holding the module (default DXIL)"},
    {"no-raise", no_argument, BOTH, set_no_raise, NULL, "--no-raise",
     "only parse (datalayout normalised), do not raise"},
    {"layouts-from-reflection", no_argument, BOTH, set_layouts, NULL,
     "--layouts-from-reflection",
     "give cbuffers DXC stripped a layout struct, and\n"
     "stripped resources their names, from the\n"
     "container's STAT part (costs a second parse)"},
    {"keep-sig-io", no_argument, BOTH, set_keep_sig_io, NULL, "--keep-sig-io",
     "keep loadInput/storeOutput as dx.op calls (not\n"
     "llvm.dx.load.input / llvm.dx.store.output)"},
    {"no-container-parts", no_argument, BOTH, set_drop_parts, NULL, "--no-container-parts",
     "leave the container's carried parts (RTS0, STAT,\n"
     "ILDB, ...) out of the raised module (!dxu.parts)"},
    {"max-input-size", required_argument, BOTH, set_max_input,
     "--max-input-size takes a byte count, optionally with K, M or G", "--max-input-size=N[K|M|G]",
     "refuse inputs larger than this before reading them\n(default 1G)"},
    {"stats", optional_argument, BOTH, set_stats, "--stats takes text or json",
     "--stats[=text|json]",
     "per-op counts of dx.op calls raised and kept (and why);\n"
     "on stdout unless the IR goes there, then on stderr;\n"
     "--batch: the whole run's table after the summary, and\n"
     "each shader's counts (\"ops\") in the report"},
    {"check", optional_argument, CLI_LOADER_SINGLE, set_check, "--check takes text or json",
     "--check[=text|json]",
     "validate the input with DXC's validator rules (the\n"
     "in-project validator, docs/diagnostics.md): each violation\n"
     "with its rule; json: a report on stdout; write no IR\n"
     "unless -o is given; exit 1 on a violation"},
};
enum { LOADER_ROWS = sizeof loader_rows / sizeof *loader_rows };
_Static_assert((int)LOADER_ROWS <= (int)CLI_LOADER_MAX, "raise CLI_LOADER_MAX");

void cli_loader_init(cli_loader *l)
{
    memset(l, 0, sizeof *l);
    dxil_options_init(&l->opts);
}

void cli_loader_longopts(unsigned mode, const struct option *own, struct option *out)
{
    size_t n = 0;
    for (; own[n].name; n++)
        out[n] = own[n];
    for (size_t i = 0; i < LOADER_ROWS; i++)
        if (loader_rows[i].modes & mode)
            out[n++] = (struct option){loader_rows[i].name, loader_rows[i].has_arg, NULL,
                                       CLI_LOADER_VAL + (int)i};
    out[n] = (struct option){0};
}

const char *cli_loader_apply(int c, const char *arg, cli_loader *l, const char **shown)
{
    *shown = NULL;
    if (c < CLI_LOADER_VAL || c >= CLI_LOADER_VAL + LOADER_ROWS)
        return "unknown option"; /* getopt_long has named it on stderr */
    const loader_row *r = &loader_rows[c - CLI_LOADER_VAL];
    if (r->set(l, arg) == 0)
        return NULL;
    *shown = arg;
    return r->bad_arg;
}

/* "  --name    help", the help's further lines under its first. */
static void loader_print_row(const loader_row *r, FILE *out)
{
    if (strlen(r->synopsis) < HELP_COL - 2)
        fprintf(out, "  %-*s", HELP_COL - 2, r->synopsis);
    else
        fprintf(out, "  %s  ", r->synopsis);
    for (const char *p = r->help; *p; p++) {
        fputc(*p, out);
        if (*p == '\n')
            fprintf(out, "%*s", HELP_COL, "");
    }
    fputc('\n', out);
}

static void loader_help(unsigned mode, FILE *out)
{
    for (size_t i = 0; i < LOADER_ROWS; i++)
        if (loader_rows[i].modes & mode)
            loader_print_row(&loader_rows[i], out);
}

static void loader_synopsis(unsigned mode, FILE *out)
{
    int col = fprintf(out, "  ");
    const char *sep = "";
    for (size_t i = 0; i < LOADER_ROWS; i++) {
        const char *syn = loader_rows[i].synopsis;
        if (!(loader_rows[i].modes & mode))
            continue;
        if (*sep && col + (int)(strlen(sep) + strlen(syn)) > SYNOPSIS_WIDTH) {
            col = fprintf(out, ",\n  ") - 2;
            sep = "";
        }
        col += fprintf(out, "%s%s", sep, syn);
        sep = ", ";
    }
    fputc('\n', out);
}

void cli_loader_usage(const char *head, unsigned mode, const char *tail)
{
    fputs(head, stdout);
    if (mode == CLI_LOADER_BATCH)
        loader_synopsis(mode, stdout);
    else
        loader_help(mode, stdout);
    fputs(tail, stdout);
}
