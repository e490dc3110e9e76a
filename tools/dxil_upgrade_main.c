/* dxil-upgrade - raise a DXIL shader to LLVM 22 IR. */
#include "batch.h"
#include "cli_common.h"
#include "dump.h"
#include "dxil-upgrade/dxil_stats.h"

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
    "  --dump[=text|json] print every container part decoded and the digest check\n"
    "  --batch <dir|@list>  convert many shaders in one process (--batch x --help)\n"
    "  --no-raise         only parse (datalayout normalised), do not raise\n"
    "  --layouts-from-reflection  give cbuffers DXC stripped a layout struct from\n"
    "                     the container's STAT part (costs a second parse)\n"
    "  --stats[=text|json]  per-op counts of dx.op calls raised and kept (and why);\n"
    "                     on stdout unless the IR goes there, then on stderr\n"
    "  --check            check the dx.op calls against the versioned spec, and the\n"
    "                     container's parts against the module's metadata; write\n"
    "                     no IR unless -o is given; exit 1 on a violation\n"
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
    bool check, layouts_from_reflection;
    int stats; /* 0 none, 1 text, 2 json */
    cli_dump_format dump;
} upgrade_args;

enum { OPT_EMIT = 256, OPT_VERIFY, OPT_PART, OPT_LIST_PARTS, OPT_NO_RAISE, OPT_VERSION, OPT_STATS, OPT_CHECK,
       OPT_LAYOUTS_FROM_REFLECTION, OPT_DUMP };

static const struct option upgrade_options[] = {
    {"emit", required_argument, NULL, OPT_EMIT},
    {"verify", no_argument, NULL, OPT_VERIFY},
    {"part", required_argument, NULL, OPT_PART},
    {"list-parts", no_argument, NULL, OPT_LIST_PARTS},
    {"dump", optional_argument, NULL, OPT_DUMP},
    {"no-raise", no_argument, NULL, OPT_NO_RAISE},
    {"stats", optional_argument, NULL, OPT_STATS},
    {"check", no_argument, NULL, OPT_CHECK},
    {"layouts-from-reflection", no_argument, NULL, OPT_LAYOUTS_FROM_REFLECTION},
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
        case OPT_DUMP:
            if (cli_dump_parse_format(optarg, &a->dump) != 0)
                return upgrade_usage_error("--dump takes text or json", optarg);
            break;
        case OPT_NO_RAISE: a->no_raise = true; break;
        case OPT_STATS:
            if (!optarg || strcmp(optarg, "text") == 0)
                a->stats = 1;
            else if (strcmp(optarg, "json") == 0)
                a->stats = 2;
            else
                return upgrade_usage_error("--stats takes text or json", optarg);
            break;
        case OPT_CHECK: a->check = true; break;
        case OPT_LAYOUTS_FROM_REFLECTION: a->layouts_from_reflection = true; break;
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

static void upgrade_print_stats(const dxil_stats *stats, int format, FILE *out)
{
    if (format == 1) {
        dxil_stats_print(stats, out);
        return;
    }
    char *json = dxil_stats_json_string(stats, true);
    if (json)
        fprintf(out, "%s\n", json);
    free(json);
}

/* --check / --stats: load unraised so the check sees DXC's own calls,
 * then raise with counting, and write unless only checking. */
static int upgrade_run_ops(const upgrade_args *a, dxil_diags *diags)
{
    dxil_options opts;
    dxil_options_init(&opts);
    opts.part = a->part;
    opts.raise = false;
    opts.layouts_from_reflection = a->layouts_from_reflection;
    dxil_module *m = dxil_module_load_file(a->input, &opts, diags);
    if (!m)
        return CLI_EXIT_INPUT;
    int violations = a->check ? dxil_module_check(m, NULL, diags) : 0;
    if (a->check)
        violations += cli_check_parts(a->input, a->part, dxil_module_llvm(m), diags);
    bool write = a->output || !a->check;
    bool ir_on_stdout = write && (!a->output || strcmp(a->output, "-") == 0);
    opts.stats = a->stats ? dxil_stats_create() : NULL;
    int rc = 0;
    if (!a->no_raise && (write || opts.stats))
        rc = dxil_module_raise_opts(m, &opts, diags);
    if (rc == 0 && a->verify)
        rc = dxil_module_verify(m, diags);
    if (rc == 0 && write)
        rc = dxil_module_write_file(m, a->output ? a->output : "-", a->emit, diags);
    if (rc == 0 && opts.stats)
        upgrade_print_stats(opts.stats, a->stats, ir_on_stdout ? stderr : stdout);
    dxil_stats_destroy(opts.stats);
    dxil_module_destroy(m);
    return rc == 0 && violations == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

static int upgrade_run(const upgrade_args *a, dxil_diags *diags)
{
    if (a->list_parts)
        return cli_list_parts(a->input, stdout, diags) == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
    if (a->dump)
        return cli_dump(a->input, a->dump, stdout, diags);
    if (a->check || a->stats)
        return upgrade_run_ops(a, diags);
    dxil_options opts;
    dxil_options_init(&opts);
    opts.part = a->part;
    opts.verify = a->verify;
    opts.raise = !a->no_raise;
    opts.layouts_from_reflection = a->layouts_from_reflection;
    dxil_module *m = dxil_module_load_file(a->input, &opts, diags);
    if (!m)
        return CLI_EXIT_INPUT;
    int rc = dxil_module_write_file(m, a->output ? a->output : "-", a->emit, diags);
    dxil_module_destroy(m);
    return rc == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
}

int main(int argc, char **argv)
{
    if (batch_requested(argc, argv))
        return batch_main(argc, argv);
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
