/* dxil-lower: modern LLVM IR (clang's HLSL output or a raised module) to
 * DXIL form, written as IR or as a DXContainer.
 * Usage: dxil-lower [options] [in.ll] [-o out.ll|out.bc|out.dxil] */
#include "cli_common.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_write.h"
#include "common/file_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char lower_tool[] = "dxil-lower";

static const char lower_usage[] =
    "usage: dxil-lower [options] [<in.ll|in.bc|in.dxil>]\n"
    "\n"
    "Lowers modern LLVM IR (clang's HLSL output or a raised module) to DXIL form.\n"
    "With no input (or '-') it reads stdin.\n"
    "\n"
    "  -o <file>             output file ('-' or none: stdout); written atomically\n"
    "  --emit=ll|bc|dxil     output format (default: from -o's extension: .bc\n"
    "                        bitcode, .dxil a DXContainer, else ll); dxil writes a\n"
    "                        signed DXContainer with LLVM 3.7 bitcode and the\n"
    "                        parts a raised container kept; bitcode and\n"
    "                        containers are not written to a terminal\n"
    "  -S                    text IR, whatever -o's extension (--emit=ll)\n"
    "  --dxil-version=X.Y    target DXIL version (default: from the module)\n"
    "  --modern-triple       keep the modern triple instead of dxil-ms-dx (IR only)\n"
    "  --keep-side-md        keep the dxu.* side metadata (IR only)\n"
    "  --raise               raise a DXIL input first (round trip)\n"
    "  --allow-leftover      keep unlowered llvm.dx.* calls with a warning each\n"
    "                        (default: they are an error)\n"
    "  --no-validate         write the container unsigned, not validated, with a\n"
    "                        warning (default: validated, signed only when valid,\n"
    "                        refused with the validator's messages otherwise)\n"
    "  --validator=PATH      DXC's validator library (libdxil.so) validates and\n"
    "                        signs the container instead of the in-project one\n"
    "  --dxc-datalayout      text output keeps DXC's datalayout spelling (i8:32),\n"
    "                        which DXC's tools read and LLVM 22 rejects (default:\n"
    "                        LLVM 22's equivalent i8:8:32, as in bitcode output)\n"
    "  -h, --help            this text\n"
    "  --version             print the version\n"
    "\n"
    "Exit status: 0 success, 1 bad input, 2 usage error.\n";

typedef struct lower_cli {
    const char *in, *out;
    bool raise, emit_set, dxc_layout;
    bool container; /* --emit=dxil or -o *.dxil: a DXContainer, not IR */
    dxil_emit_format emit;
    dxil_lower_options lo;
    dxil_write_options wo;
} lower_cli;

enum { LO_DXIL_VERSION = 256, LO_MODERN_TRIPLE, LO_KEEP_SIDE_MD, LO_ALLOW_LEFTOVER, LO_RAISE, LO_DXC_LAYOUT,
       LO_VERSION, LO_NO_VALIDATE, LO_VALIDATOR };

static const struct option lower_options[] = {
    {"dxil-version", required_argument, NULL, LO_DXIL_VERSION},
    {"modern-triple", no_argument, NULL, LO_MODERN_TRIPLE},
    {"keep-side-md", no_argument, NULL, LO_KEEP_SIDE_MD},
    {"allow-leftover", no_argument, NULL, LO_ALLOW_LEFTOVER},
    {"raise", no_argument, NULL, LO_RAISE},
    {"dxc-datalayout", no_argument, NULL, LO_DXC_LAYOUT},
    {"no-validate", no_argument, NULL, LO_NO_VALIDATE},
    {"validator", required_argument, NULL, LO_VALIDATOR},
    {"emit", required_argument, NULL, CLI_OPT_EMIT},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, LO_VERSION},
    {NULL, 0, NULL, 0}};

/* -S or --emit: the IR formats every tool has, or dxil (the last wins). */
static int lower_emit(int opt, const char *arg, lower_cli *c)
{
    c->container = opt == CLI_OPT_EMIT && strcmp(arg, "dxil") == 0;
    if (c->container) {
        c->emit_set = true;
        return -1;
    }
    dxil_emit_format f;
    if (opt == CLI_OPT_EMIT && cli_parse_format(arg, &f) != 0)
        return cli_usage_error(lower_tool, DXIL_E_USAGE_VALUE, "--emit takes ll, bc or dxil", arg);
    return cli_emit_option(lower_tool, opt, arg, &c->emit, &c->emit_set);
}

/* One option; returns -1 to go on, else an exit status. */
static int lower_apply(int opt, const char *arg, lower_cli *c)
{
    dxil_version v;
    switch (opt) {
    case 'o': c->out = arg; return -1;
    case 'S':
    case CLI_OPT_EMIT: return lower_emit(opt, arg, c);
    case LO_DXIL_VERSION:
        if (!dxil_version_parse(arg, strlen(arg), &v))
            return cli_usage_error(lower_tool, DXIL_E_USAGE_VALUE,
                                   "--dxil-version takes X.Y (e.g. 1.6)", arg);
        c->lo.dxil_version = v;
        return -1;
    case LO_MODERN_TRIPLE: c->lo.dxc_triple = false; return -1;
    case LO_KEEP_SIDE_MD: c->lo.keep_side_metadata = true; return -1;
    case LO_ALLOW_LEFTOVER: c->lo.allow_leftover_intrinsics = true; return -1;
    case LO_RAISE: c->raise = true; return -1;
    case LO_DXC_LAYOUT: c->dxc_layout = true; return -1;
    case LO_NO_VALIDATE: c->wo.sign = DXIL_SIGN_UNVALIDATED; return -1;
    case LO_VALIDATOR: c->wo.validator_path = arg; return -1;
    case 'h': fputs(lower_usage, stdout); return CLI_EXIT_OK;
    case LO_VERSION: cli_print_version(lower_tool); return CLI_EXIT_OK;
    default: return CLI_EXIT_USAGE; /* CLI_OPT_BAD: cli_getopt named it */
    }
}

/* Returns -1 to go on, else an exit status. */
static int lower_parse(int argc, char **argv, lower_cli *c)
{
    int opt;
    while ((opt = cli_getopt(lower_tool, argc, argv, "ho:S", lower_options)) != -1) {
        int rc = lower_apply(opt, optarg, c);
        if (rc >= 0)
            return rc;
    }
    if (cli_one_input(lower_tool, argc, argv, &c->in) != 0)
        return CLI_EXIT_USAGE;
    if (!c->emit_set) {
        c->emit = cli_format_from_path(c->out);
        c->container = cli_path_has_extension(c->out, ".dxil");
    }
    if (c->container && (!c->lo.dxc_triple || c->lo.keep_side_metadata))
        return cli_usage_error(lower_tool, DXIL_E_USAGE,
                               "a DXContainer holds DXC's triple and no side metadata",
                               c->lo.dxc_triple ? "--keep-side-md" : "--modern-triple");
    if (!c->container && (c->wo.sign == DXIL_SIGN_UNVALIDATED || c->wo.validator_path))
        return cli_usage_error(lower_tool, DXIL_E_USAGE, "validation and signing are for a DXContainer "
                               "(-o x.dxil or --emit=dxil)",
                               c->wo.validator_path ? "--validator" : "--no-validate");
    if (c->wo.sign == DXIL_SIGN_UNVALIDATED && c->wo.validator_path)
        return cli_usage_error(lower_tool, DXIL_E_USAGE, "nothing is validated with --no-validate",
                               "--validator");
    if (c->container)
        return cli_check_binary_output(lower_tool, c->out, "a DXContainer") ? CLI_EXIT_USAGE : -1;
    return cli_check_output(lower_tool, c->out, c->emit) ? CLI_EXIT_USAGE : -1;
}

/* The container is built in memory (lowering, bitcode and parts: the
 * input's faults) and then written atomically (the output's), so an error
 * at any step leaves no file behind. */
static int lower_container(dxil_module *m, const lower_cli *c, dxil_diags *diags)
{
    uint8_t *data = NULL;
    size_t size = 0;
    int ok = dxil_lower_write_container(m, &c->lo, &c->wo, &data, &size, diags) == 0;
    dxil_diags_print(diags, stderr, cli_display_name(c->in, false));
    dxil_diags_clear(diags);
    if (ok) {
        ok = file_write_atomic(c->out, data, size, diags) == 0;
        dxil_diags_print(diags, stderr, cli_display_name(c->out, true));
    }
    free(data);
    return ok;
}

/* Write errors name the output (a verifier refusal the input), everything
 * before it the input. */
static int lower_ir(dxil_module *m, const lower_cli *c, dxil_diags *diags)
{
    int ok = dxil_module_lower(m, &c->lo, diags) == 0;
    dxil_diags_print(diags, stderr, cli_display_name(c->in, false));
    dxil_diags_clear(diags);
    if (ok) {
        /* By default every output is one LLVM 22 reads (issue 23). */
        ok = (c->dxc_layout ? dxil_lower_write_file(m, c->out, c->emit, diags)
                            : dxil_module_write_file(m, c->out, c->emit, diags)) == 0;
        cli_print_write_diags(diags, c->in, c->out);
    }
    return ok;
}

static int lower_run(const lower_cli *c, dxil_diags *diags)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = c->raise;
    dxil_module *m = dxil_module_load_file(c->in, &opts, diags);
    int ok = 0;
    if (!m)
        dxil_diags_print(diags, stderr, cli_display_name(c->in, false));
    else
        ok = c->container ? lower_container(m, c, diags) : lower_ir(m, c, diags);
    dxil_module_destroy(m);
    return ok ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

int main(int argc, char **argv)
{
    lower_cli c = {.out = "-"};
    dxil_lower_options_init(&c.lo);
    int rc = lower_parse(argc, argv, &c);
    if (rc >= 0)
        return rc;
    dxil_diags *diags = dxil_diags_create();
    rc = lower_run(&c, diags);
    dxil_diags_destroy(diags);
    return rc;
}
