/* dxil-roundtrip: raise a DXC shader, lower it again and compare with the
 * original module (dx.op calls, their dataflow, dx.* metadata); or, with
 * --modern, lower a modern .ll and raise it back. Prints the first
 * difference and exits 1 when the two disagree. */
#include "cli_common.h"
#include "dxil-upgrade/dxil_lower.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char roundtrip_tool[] = "dxil-roundtrip";

static const char roundtrip_usage[] =
    "usage: dxil-roundtrip [--modern] [-q] <file>...\n"
    "\n"
    "Raises each DXC shader, lowers it again and compares it with the original\n"
    "(dx.op calls, their dataflow, dx.* metadata). Each file is read twice, so\n"
    "stdin is not an input here.\n"
    "\n"
    "  --modern     lower a modern .ll, raise it back, compare\n"
    "  -q, --quiet  print only files that differ or fail\n"
    "  -h, --help   this text\n"
    "  --version    print the version\n"
    "\n"
    "Exit status: 0 all round-trip, 1 any differs or fails, 2 usage error.\n";

enum { RT_MODERN = 256, RT_VERSION };

static const struct option roundtrip_options[] = {
    {"modern", no_argument, NULL, RT_MODERN},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, RT_VERSION},
    {NULL, 0, NULL, 0}};

/* Checks one file; prints unless it round-trips quietly. Returns the
 * dxil_roundtrip_* result (0 same, > 0 differs, < 0 error). */
static int roundtrip_one(const char *path, bool modern, bool quiet)
{
    char msg[4096];
    unsigned kind = 0;
    int rv = modern ? dxil_roundtrip_modern(path, msg, sizeof msg, &kind)
                    : dxil_roundtrip_dxil(path, msg, sizeof msg, &kind);
    if (rv > 0)
        printf("%s: differs (%s): %s\n", path, dxil_roundtrip_kind_name(kind), msg);
    else if (rv < 0)
        printf("%s: error: %s\n", path, msg);
    else if (!quiet)
        printf("%s: round-trips\n", path);
    return rv;
}

/* Returns -1 to go on, else an exit status; optind is then the first file. */
static int roundtrip_parse(int argc, char **argv, bool *modern, bool *quiet)
{
    int c;
    while ((c = cli_getopt(roundtrip_tool, argc, argv, "hq", roundtrip_options)) != -1) {
        switch (c) {
        case RT_MODERN: *modern = true; break;
        case 'q': *quiet = true; break;
        case 'h': fputs(roundtrip_usage, stdout); return CLI_EXIT_OK;
        case RT_VERSION: cli_print_version(roundtrip_tool); return CLI_EXIT_OK;
        default: return CLI_EXIT_USAGE; /* CLI_OPT_BAD: cli_getopt named it */
        }
    }
    if (optind >= argc)
        return cli_usage_error(roundtrip_tool, DXIL_E_USAGE, "no input file", NULL);
    return -1;
}

int main(int argc, char **argv)
{
    bool modern = false, quiet = false;
    int rc = roundtrip_parse(argc, argv, &modern, &quiet);
    if (rc >= 0)
        return rc;
    int failed = 0, bad = 0;
    for (int i = optind; i < argc; i++) {
        int rv = roundtrip_one(argv[i], modern, quiet);
        failed += rv > 0;
        bad += rv < 0;
    }
    return failed || bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
