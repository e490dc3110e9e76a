/* dxil-roundtrip: raise a DXC shader, lower it again and compare with the
 * original module (dx.op calls, their dataflow, dx.* metadata); or, with
 * --modern, lower a modern .ll and raise it back; or, with --binary, write
 * the lowered module as a DXContainer and check it against the input.
 * Prints the first difference and exits 1 when the two disagree. */
#include "cli_common.h"
#include "dxil-upgrade/dxil_lower.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char roundtrip_tool[] = "dxil-roundtrip";

static const char roundtrip_usage[] =
    "usage: dxil-roundtrip [--modern] [-q] <file>...\n"
    "       dxil-roundtrip --binary [--exact-ir] [-q] <container>...\n"
    "\n"
    "Raises each DXC shader, lowers it again and compares it with the original\n"
    "(dx.op calls, their dataflow, dx.* metadata). Each file is read twice, so\n"
    "stdin is not an input here.\n"
    "\n"
    "  --modern     lower a modern .ll, raise it back, compare\n"
    "  --binary     DXIL in, DXIL out: raise a DXContainer, lower it, write it as\n"
    "               a container, read that back; its module must be the lowered\n"
    "               one, raised again the input's raised one, its parts the\n"
    "               input's (the bitcode and HASH may differ: reported), its\n"
    "               digest must verify\n"
    "  --exact-ir   with --binary: the two raised modules must also print the\n"
    "               same IR text (types, datalayout, side metadata, flags)\n"
    "  -q, --quiet  print only files that differ or fail\n"
    "  -h, --help   this text\n"
    "  --version    print the version\n"
    "\n"
    "Exit status: 0 all round-trip, 1 any differs or fails, 2 usage error.\n";

enum { RT_MODERN = 256, RT_BINARY, RT_EXACT_IR, RT_VERSION };

/* Which round trip (each a dxil_roundtrip_* of dxil_lower.h). */
typedef enum rt_mode { RT_MODE_DXIL, RT_MODE_MODERN, RT_MODE_BINARY } rt_mode;

typedef struct rt_cli {
    rt_mode mode;
    bool quiet, mode_set;
    unsigned binary_flags; /* DXIL_ROUNDTRIP_* */
} rt_cli;

static const struct option roundtrip_options[] = {
    {"modern", no_argument, NULL, RT_MODERN},
    {"binary", no_argument, NULL, RT_BINARY},
    {"exact-ir", no_argument, NULL, RT_EXACT_IR},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, RT_VERSION},
    {NULL, 0, NULL, 0}};

/* Checks one file; prints unless it round-trips quietly. Returns the
 * dxil_roundtrip_* result (0 same, > 0 differs, < 0 error). */
static int roundtrip_one(const char *path, const rt_cli *c)
{
    char msg[4096] = "";
    unsigned kind = 0;
    int rv;
    if (c->mode == RT_MODE_BINARY)
        rv = dxil_roundtrip_binary(path, c->binary_flags, msg, sizeof msg, &kind);
    else if (c->mode == RT_MODE_MODERN)
        rv = dxil_roundtrip_modern(path, msg, sizeof msg, &kind);
    else
        rv = dxil_roundtrip_dxil(path, msg, sizeof msg, &kind);
    if (rv > 0)
        printf("%s: differs (%s): %s\n", path, dxil_roundtrip_kind_name(kind), msg);
    else if (rv < 0)
        printf("%s: error: %s\n", path, msg);
    else if (!c->quiet) /* the binary round trip summarises the parts in msg */
        printf("%s: round-trips%s%s%s\n", path, msg[0] ? " (" : "", msg, msg[0] ? ")" : "");
    return rv;
}

/* --modern or --binary, once. */
static int roundtrip_mode(rt_cli *c, rt_mode mode, const char *word)
{
    if (c->mode_set && c->mode != mode)
        return cli_usage_error(roundtrip_tool, DXIL_E_USAGE, "--modern and --binary exclude each other",
                               word);
    c->mode = mode;
    c->mode_set = true;
    return -1;
}

/* One option; returns -1 to go on, else an exit status. */
static int roundtrip_apply(int opt, rt_cli *c)
{
    switch (opt) {
    case RT_MODERN: return roundtrip_mode(c, RT_MODE_MODERN, "--modern");
    case RT_BINARY: return roundtrip_mode(c, RT_MODE_BINARY, "--binary");
    case RT_EXACT_IR: c->binary_flags |= DXIL_ROUNDTRIP_EXACT_IR; return -1;
    case 'q': c->quiet = true; return -1;
    case 'h': fputs(roundtrip_usage, stdout); return CLI_EXIT_OK;
    case RT_VERSION: cli_print_version(roundtrip_tool); return CLI_EXIT_OK;
    default: return CLI_EXIT_USAGE; /* CLI_OPT_BAD: cli_getopt named it */
    }
}

/* Returns -1 to go on, else an exit status; optind is then the first file. */
static int roundtrip_parse(int argc, char **argv, rt_cli *c)
{
    int opt;
    while ((opt = cli_getopt(roundtrip_tool, argc, argv, "hq", roundtrip_options)) != -1) {
        int rc = roundtrip_apply(opt, c);
        if (rc >= 0)
            return rc;
    }
    if (c->binary_flags && c->mode != RT_MODE_BINARY)
        return cli_usage_error(roundtrip_tool, DXIL_E_USAGE, "--exact-ir needs --binary", NULL);
    if (optind >= argc)
        return cli_usage_error(roundtrip_tool, DXIL_E_USAGE, "no input file", NULL);
    return -1;
}

int main(int argc, char **argv)
{
    rt_cli c = {.mode = RT_MODE_DXIL};
    int rc = roundtrip_parse(argc, argv, &c);
    if (rc >= 0)
        return rc;
    int failed = 0, bad = 0;
    for (int i = optind; i < argc; i++) {
        int rv = roundtrip_one(argv[i], &c);
        failed += rv > 0;
        bad += rv < 0;
    }
    return failed || bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
