/* dxil-roundtrip: raise a DXC shader, lower it again and compare with the
 * original module (dx.op calls, their dataflow, dx.* metadata); or, with
 * --modern, lower a modern .ll and raise it back. Prints the first
 * difference and exits 1 when the two disagree. */
#include "cli_common.h"
#include "dxil-upgrade/dxil_lower.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    bool modern = false, quiet = false;
    int first = 0, failed = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--modern"))
            modern = true;
        else if (!strcmp(argv[i], "-q"))
            quiet = true;
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help") || argv[i][0] == '-') {
            fprintf(argv[i][1] == 'h' || argv[i][2] == 'h' ? stdout : stderr,
                    "usage: dxil-roundtrip [--modern] [-q] <file>...\n");
            return argv[i][1] == 'h' || argv[i][2] == 'h' ? CLI_EXIT_OK : CLI_EXIT_USAGE;
        } else if (!first) {
            first = i;
        }
    }
    if (!first) {
        fprintf(stderr, "usage: dxil-roundtrip [--modern] [-q] <file>...\n");
        return CLI_EXIT_USAGE;
    }
    for (int i = first; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        char msg[1024];
        unsigned kind = 0;
        int rv = modern ? dxil_roundtrip_modern(argv[i], msg, sizeof msg, &kind)
                        : dxil_roundtrip_dxil(argv[i], msg, sizeof msg, &kind);
        if (rv == 0 && !quiet)
            printf("%s: round-trips\n", argv[i]);
        else if (rv > 0)
            printf("%s: differs (%s): %s\n", argv[i], dxil_roundtrip_kind_name(kind), msg);
        else
            printf("%s: error: %s\n", argv[i], msg);
        failed += rv > 0;
        bad += rv < 0;
    }
    return failed || bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
