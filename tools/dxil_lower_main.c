/* dxil-lower: modern LLVM IR (clang's HLSL output or a raised module) to
 * DXIL form.  Usage: dxil-lower in.ll [-o out.ll] [options] */
#include "cli_common.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_optable.h"

#include <stdio.h>
#include <string.h>

static void lower_usage(FILE *f)
{
    fprintf(f, "usage: dxil-lower <in.ll|in.bc|in.dxil> [-o out.ll|out.bc]\n"
               "  --dxil-version X.Y   target DXIL version (default: from the module)\n"
               "  --modern-triple      keep the modern triple instead of dxil-ms-dx\n"
               "  --keep-side-md       keep the dxu.* side metadata\n"
               "  --raise              raise a DXIL input first (round trip)\n"
               "  --allow-leftover     keep unlowered llvm.dx.* calls with a warning each\n"
               "                       (default: they are an error)\n");
}

typedef struct lower_cli {
    const char *in, *out;
    bool raise;
    dxil_lower_options lo;
} lower_cli;

static int lower_parse(int argc, char **argv, lower_cli *c)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") && i + 1 < argc) {
            c->out = argv[++i];
        } else if (!strcmp(a, "--dxil-version") && i + 1 < argc) {
            dxil_version v;
            if (!dxil_version_parse(argv[i + 1], strlen(argv[i + 1]), &v))
                return -1;
            c->lo.dxil_version = v;
            i++;
        } else if (!strcmp(a, "--modern-triple")) {
            c->lo.dxc_triple = false;
        } else if (!strcmp(a, "--keep-side-md")) {
            c->lo.keep_side_metadata = true;
        } else if (!strcmp(a, "--allow-leftover")) {
            c->lo.allow_leftover_intrinsics = true;
        } else if (!strcmp(a, "--raise")) {
            c->raise = true;
        } else if (a[0] == '-' && a[1]) {
            return -1;
        } else if (!c->in) {
            c->in = a;
        } else {
            return -1;
        }
    }
    return c->in ? 0 : -1;
}

int main(int argc, char **argv)
{
    lower_cli c = {.out = "-"};
    dxil_lower_options_init(&c.lo);
    if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        lower_usage(stdout);
        return CLI_EXIT_OK;
    }
    if (lower_parse(argc, argv, &c) != 0) {
        lower_usage(stderr);
        return CLI_EXIT_USAGE;
    }
    dxil_diags *diags = dxil_diags_create();
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = c.raise;
    dxil_module *m = dxil_module_load_file(c.in, &opts, diags);
    int rc = CLI_EXIT_INPUT;
    if (m && dxil_module_lower(m, &c.lo, diags) == 0 &&
        dxil_lower_write_file(m, c.out, cli_format_from_path(c.out), diags) == 0)
        rc = CLI_EXIT_OK;
    dxil_diags_print(diags, stderr, c.in);
    dxil_module_destroy(m);
    dxil_diags_destroy(diags);
    return rc;
}
