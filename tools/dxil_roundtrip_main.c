/* dxil-roundtrip: raise a DXC shader, lower it again and compare with the
 * original module (dx.op calls, their dataflow, dx.* metadata); or, with
 * --modern, lower a modern .ll and raise it back. Prints the first
 * difference and exits 1 when the two disagree. */
#include "cli_common.h"
#include "dxil-upgrade/dxil_lower.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char roundtrip_usage[] = "usage: dxil-roundtrip [--modern] [-q] <file>...\n"
                                      "  --modern  lower a modern .ll, raise it back, compare\n"
                                      "  -q        print only files that differ or fail\n";

static bool roundtrip_is_help(const char *arg)
{
    return !strcmp(arg, "-h") || !strcmp(arg, "--help");
}

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

int main(int argc, char **argv)
{
    bool modern = false, quiet = false;
    int files = 0, failed = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        if (roundtrip_is_help(argv[i])) {
            fputs(roundtrip_usage, stdout);
            return CLI_EXIT_OK;
        }
        if (!strcmp(argv[i], "--modern"))
            modern = true;
        else if (!strcmp(argv[i], "-q"))
            quiet = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "dxil-roundtrip: unknown option %s\n%s", argv[i], roundtrip_usage);
            return CLI_EXIT_USAGE;
        } else
            files++;
    }
    if (!files) {
        fputs(roundtrip_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        int rv = roundtrip_one(argv[i], modern, quiet);
        failed += rv > 0;
        bad += rv < 0;
    }
    return failed || bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
