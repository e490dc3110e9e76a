/* dxil-upgrade - raise a DXIL shader to LLVM 22 IR. */
#include "batch.h"
#include "cli_common.h"
#include "check_report.h"
#include "cli_loader.h"
#include "cli_spirv.h"
#include "dump.h"
#include "upgrade_retarget.h"
#include "dxil-upgrade/dxil_stats.h"
#include "common/file_io.h"
#include "module/module_triple.h"

#include <llvm-c/Core.h>

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char upgrade_usage_head[] =
    "usage: dxil-upgrade [options] [<input>]\n"
    "\n"
    "Reads a DXIL shader (DXContainer .dxil, raw or wrapped bitcode, or DXIL-form\n"
    "LLVM IR text; '-' or no input reads stdin) and writes it as LLVM 22 IR, or\n"
    "(--emit=spirv) as SPIR-V for Vulkan, checked by spirv-val before it is written.\n"
    "\n"
    "  -o <file>          output file ('-' or none: stdout); written atomically\n"
    "  --emit=ll|bc|spirv output format (default: from -o's extension, .bc or .spv,\n"
    "                     else ll); bitcode and SPIR-V are not written to a terminal;\n"
    "                     spirv also takes clang's IR for Vulkan (spirv-*-vulkan*)\n"
    "  -S                 text IR, whatever -o's extension (--emit=ll)\n"
    "  --list-parts       print the container's parts and program header, then exit\n"
    "  --dump[=text|json] print every container part decoded and the digest check\n"
    "  --batch <dir|@list>  convert many shaders in one process (--batch x --help)\n";
static const char upgrade_usage_loader[] = "";
static const char upgrade_usage_tail[] =
    "  -h, --help         this text\n"
    "  --version          print the version\n"
    "\n"
    "Diagnostics read 'file: error: message [DXIL1002 at byte 0x18]'.\n"
    "\n"
    "Exit status: 0 success, 1 bad input or failed check, 2 usage error.\n";

typedef struct upgrade_args {
    const char *input;
    const char *output;
    bool emit_set;
    dxil_emit_format emit;
    bool list_parts;
    cli_dump_format dump;
    cli_loader load; /* --verify, --part, --no-raise, --stats, --check, ... */
    cli_spirv spirv; /* --emit=spirv and its options */
    upgrade_retarget retarget; /* hidden --x-retarget (upgrade_retarget.h) */
} upgrade_args;

enum { OPT_LIST_PARTS = 256, OPT_DUMP, OPT_VERSION };

/* This tool's own options; cli_loader adds the loader options. */
static const struct option upgrade_options[] = {
    {"emit", required_argument, NULL, CLI_OPT_EMIT},
    {"list-parts", no_argument, NULL, OPT_LIST_PARTS},
    {"dump", optional_argument, NULL, OPT_DUMP},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    UPGRADE_RETARGET_OPTIONS,
    {NULL, 0, NULL, 0}};

static const char upgrade_tool[] = "dxil-upgrade";

/* --emit: ll and bc as every tool takes them, or spirv. */
static int upgrade_emit_option(int c, const char *arg, upgrade_args *a)
{
    a->spirv.on = c == CLI_OPT_EMIT && strcmp(arg, "spirv") == 0;
    if (a->spirv.on) {
        a->emit_set = true;
        return -1;
    }
    if (c == CLI_OPT_EMIT && cli_parse_format(arg, &a->emit) != 0)
        return cli_usage_error(upgrade_tool, DXIL_E_USAGE_VALUE, "--emit takes ll, bc or spirv",
                               arg);
    return cli_emit_option(upgrade_tool, c, arg, &a->emit, &a->emit_set);
}

static void upgrade_usage(void)
{
    fputs(upgrade_usage_head, stdout);
    cli_spirv_usage(CLI_LOADER_SINGLE, stdout);
    cli_loader_usage(upgrade_usage_loader, CLI_LOADER_SINGLE, upgrade_usage_tail);
}

/* One option; returns -1 to go on, else an exit status. */
static int upgrade_apply_option(int c, const char *arg, upgrade_args *a)
{
    const char *msg, *shown;
    switch (c) {
    case 'o': a->output = arg; return -1;
    case 'S':
    case CLI_OPT_EMIT: return upgrade_emit_option(c, arg, a);
    case OPT_LIST_PARTS: a->list_parts = true; return -1;
    case OPT_DUMP:
        if (cli_dump_parse_format(arg, &a->dump) != 0)
            return cli_usage_error(upgrade_tool, DXIL_E_USAGE_VALUE, "--dump takes text or json", arg);
        return -1;
    case 'h': upgrade_usage(); return CLI_EXIT_OK;
    case OPT_VERSION: cli_print_version(upgrade_tool); return CLI_EXIT_OK;
    case CLI_OPT_BAD: return CLI_EXIT_USAGE; /* cli_getopt named it */
    case OPT_X_RETARGET:
    case OPT_X_VK_SHIFT:
        msg = upgrade_retarget_option(&a->retarget, c, arg);
        return msg ? cli_usage_error(upgrade_tool, DXIL_E_USAGE_VALUE, msg, arg) : -1;
    default: /* a SPIR-V option (cli_spirv.c) or a loader option (cli_loader.c) */
        switch (cli_spirv_apply(c, arg, &a->spirv, &msg)) {
        case 1: return -1;
        case -1: return cli_usage_error(upgrade_tool, DXIL_E_USAGE_VALUE, msg, arg);
        }
        msg = cli_loader_apply(c, arg, &a->load, &shown);
        return msg ? cli_usage_error(upgrade_tool, DXIL_E_USAGE_VALUE, msg, shown) : -1;
    }
}

/* Returns -1 to continue, or an exit status. */
static int upgrade_parse_args(int argc, char **argv, upgrade_args *a)
{
    enum { OWN = sizeof upgrade_options / sizeof *upgrade_options - 1 };
    struct option own[OWN + CLI_SPIRV_MAX + 1], longopts[OWN + CLI_SPIRV_MAX + CLI_LOADER_MAX + 1];
    memcpy(own, upgrade_options, OWN * sizeof *own);
    cli_spirv_longopts(CLI_LOADER_SINGLE, own, OWN);
    cli_loader_longopts(CLI_LOADER_SINGLE, own, longopts);
    cli_loader_init(&a->load);
    cli_spirv_init(&a->spirv);
    int c;
    while ((c = cli_getopt(upgrade_tool, argc, argv, "ho:S", longopts)) != -1) {
        int rc = upgrade_apply_option(c, optarg, a);
        if (rc >= 0)
            return rc;
    }
    if (cli_one_input(upgrade_tool, argc, argv, &a->input) != 0)
        return CLI_EXIT_USAGE;
    if (!a->emit_set) {
        a->emit = cli_format_from_path(a->output);
        a->spirv.on = cli_path_has_extension(a->output, ".spv");
    }
    const char *bad = cli_spirv_check(&a->spirv);
    if (bad)
        return cli_usage_error(upgrade_tool, DXIL_E_USAGE, bad, a->spirv.used);
    a->load.opts.spirv_as_is = a->spirv.on;
    bool writes = !a->list_parts && (a->output || !a->load.opts.check);
    if (writes && a->spirv.on)
        return cli_check_binary_output(upgrade_tool, a->output, "SPIR-V") ? CLI_EXIT_USAGE : -1;
    return writes ? (cli_check_output(upgrade_tool, a->output, a->emit) ? CLI_EXIT_USAGE : -1)
                  : -1;
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

/* Writes the IR. What went wrong writing is the output's fault and names
 * the output, except a module LLVM's verifier refuses (the input's); the
 * input's diagnostics (printed first) name the input. */
static int upgrade_write(dxil_module *m, const upgrade_args *a, dxil_diags *diags)
{
    if (upgrade_retarget_apply(&a->retarget, m, diags) != 0)
        return -1;
    dxil_diags_print(diags, stderr, cli_display_name(a->input, false));
    dxil_diags_clear(diags);
    dxil_diags *out = dxil_diags_create();
    const char *path = a->output ? a->output : "-";
    int rc;
    if (a->spirv.on) {
        /* What the backend and spirv-val say is about the input. */
        dxil_spirv_options so = cli_spirv_options(&a->spirv);
        if (!so.isolate)
            cli_spirv_fatal_to_diag(cli_display_name(a->input, false));
        void *data;
        size_t size;
        rc = dxil_module_emit_spirv(m, &so, &data, &size, diags);
        dxil_diags_print(diags, stderr, cli_display_name(a->input, false));
        dxil_diags_clear(diags);
        if (rc == 0)
            rc = file_write_atomic(path, data, size, out);
        free(data);
    } else {
        rc = dxil_module_write_file(m, path, a->emit, out);
    }
    cli_print_write_diags(out, a->input, a->output);
    dxil_diags_destroy(out);
    return rc;
}

/* --check / --stats: load unraised so the check sees DXC's own calls,
 * then raise with counting, and write unless only checking. */
static int upgrade_run_ops(const upgrade_args *a, dxil_diags *diags)
{
    const dxil_options *want = &a->load.opts;
    dxil_options opts = *want;
    opts.raise = false;
    opts.verify = false;
    opts.check = false; /* checked here: a violation does not stop the write */
    dxil_module *m = dxil_module_load_file(a->input, &opts, diags);
    if (!m)
        return CLI_EXIT_INPUT;
    int violations = 0;
    if (a->load.check == 2) {
        /* The report holds the check's findings; the rest stays text. */
        dxil_diags *found = dxil_diags_create();
        violations = cli_validate(a->input, want->part, m, found);
        check_report_json(cli_display_name(a->input, false), violations, found, stdout);
        dxil_diags_destroy(found);
    } else if (want->check) {
        violations = cli_validate(a->input, want->part, m, diags);
    }
    bool write = a->output || !want->check;
    bool ir_on_stdout = write && (!a->output || strcmp(a->output, "-") == 0);
    opts.stats = a->load.stats ? dxil_stats_create() : NULL;
    int rc = 0;
    bool as_is = a->spirv.on && triple_is_vulkan_spirv(LLVMGetTarget(dxil_module_llvm(m)));
    if (want->raise && !as_is && (write || opts.stats))
        rc = dxil_module_raise_opts(m, &opts, diags);
    if (rc == 0 && want->verify)
        rc = dxil_module_verify(m, diags);
    if (rc == 0 && write)
        rc = upgrade_write(m, a, diags);
    if (rc == 0 && opts.stats)
        upgrade_print_stats(opts.stats, a->load.stats, ir_on_stdout ? stderr : stdout);
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
    if (a->load.opts.check || a->load.stats)
        return upgrade_run_ops(a, diags);
    dxil_module *m = dxil_module_load_file(a->input, &a->load.opts, diags);
    if (!m)
        return CLI_EXIT_INPUT;
    int rc = upgrade_write(m, a, diags);
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
    dxil_diags_print(diags, stderr, cli_display_name(a.input, false));
    dxil_diags_destroy(diags);
    return rc;
}
