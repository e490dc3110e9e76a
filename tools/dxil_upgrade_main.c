/* dxil-upgrade - raise a DXIL shader to LLVM 22 IR. */
#include "cli_common.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char upgrade_usage[] =
    "usage: dxil-upgrade [options] <input>\n"
    "\n"
    "Reads a DXIL shader (DXContainer .dxil, raw or wrapped bitcode, or DXIL-form\n"
    "LLVM IR text; '-' reads stdin) and writes it as LLVM 22 IR.\n"
    "\n"
    "  -o <file>          output file ('-' or none: stdout); written atomically\n"
    "  --emit=ll|bc       output format (default: from -o's extension, else ll)\n"
    "  --verify           run LLVM's verifier on the result\n"
    "  --part=DXIL|ILDB|STAT  container part holding the module (default DXIL)\n"
    "  --list-parts       print the container's parts and program header, then exit\n"
    "  --no-raise         only parse (datalayout normalised), do not raise\n"
    "  -h, --help         this text\n"
    "  --version          print the version\n"
    "\n"
    "Exit status: 0 success, 1 bad input or failed check, 2 usage error.\n";

typedef struct upgrade_args {
    const char *input;
    const char *output;
    const char *part;
    bool emit_set;
    dxil_emit_format emit;
    bool verify, list_parts, no_raise;
} upgrade_args;

enum { OPT_EMIT = 256, OPT_VERIFY, OPT_PART, OPT_LIST_PARTS, OPT_NO_RAISE, OPT_VERSION };

static const struct option upgrade_options[] = {
    {"emit", required_argument, NULL, OPT_EMIT},
    {"verify", no_argument, NULL, OPT_VERIFY},
    {"part", required_argument, NULL, OPT_PART},
    {"list-parts", no_argument, NULL, OPT_LIST_PARTS},
    {"no-raise", no_argument, NULL, OPT_NO_RAISE},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0}};

static int upgrade_usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "dxil-upgrade: %s%s%s\n%s", msg, arg ? ": " : "", arg ? arg : "",
            "try 'dxil-upgrade --help'\n");
    return CLI_EXIT_USAGE;
}

static bool upgrade_valid_part(const char *p)
{
    return strcmp(p, "DXIL") == 0 || strcmp(p, "ILDB") == 0 || strcmp(p, "STAT") == 0;
}

/* Returns -1 to continue, or an exit status. */
static int upgrade_parse_args(int argc, char **argv, upgrade_args *a)
{
    int c;
    while ((c = getopt_long(argc, argv, "ho:", upgrade_options, NULL)) != -1) {
        switch (c) {
        case 'o': a->output = optarg; break;
        case OPT_EMIT:
            if (cli_parse_format(optarg, &a->emit) != 0)
                return upgrade_usage_error("--emit takes ll or bc", optarg);
            a->emit_set = true;
            break;
        case OPT_VERIFY: a->verify = true; break;
        case OPT_PART:
            if (!upgrade_valid_part(optarg))
                return upgrade_usage_error("--part takes DXIL, ILDB or STAT", optarg);
            a->part = optarg;
            break;
        case OPT_LIST_PARTS: a->list_parts = true; break;
        case OPT_NO_RAISE: a->no_raise = true; break;
        case 'h': fputs(upgrade_usage, stdout); return CLI_EXIT_OK;
        case OPT_VERSION: printf("dxil-upgrade %s\n", dxil_upgrade_version_string()); return CLI_EXIT_OK;
        default: return upgrade_usage_error("unknown option", NULL);
        }
    }
    if (optind + 1 != argc)
        return upgrade_usage_error(optind >= argc ? "no input file" : "more than one input file",
                                   NULL);
    a->input = argv[optind];
    if (!a->emit_set)
        a->emit = cli_format_from_path(a->output);
    return -1;
}

static int upgrade_run(const upgrade_args *a, dxil_diags *diags)
{
    if (a->list_parts)
        return cli_list_parts(a->input, stdout, diags) == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
    dxil_options opts;
    dxil_options_init(&opts);
    opts.part = a->part;
    opts.verify = a->verify;
    opts.raise = !a->no_raise;
    dxil_module *m = dxil_module_load_file(a->input, &opts, diags);
    if (!m)
        return CLI_EXIT_INPUT;
    int rc = dxil_module_write_file(m, a->output ? a->output : "-", a->emit, diags);
    dxil_module_destroy(m);
    return rc == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

int main(int argc, char **argv)
{
    upgrade_args a = {0};
    int rc = upgrade_parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    dxil_diags *diags = dxil_diags_create();
    rc = upgrade_run(&a, diags);
    dxil_diags_print(diags, stderr, a.input);
    dxil_diags_destroy(diags);
    return rc;
}
