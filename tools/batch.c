/* batch.c - option parsing and the top level of `dxil-upgrade --batch`. */
#include "batch.h"
#include "cli_common.h"
#include "cli_loader.h"
#include "common/file_io.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char batch_usage_head[] =
    "usage: dxil-upgrade --batch <dir | @file-list> [-O <outdir>] [options]\n"
    "\n"
    "Converts every shader under <dir> (*.dxil, *.cso, *.dxo, *.bc, *.ll, recursively)\n"
    "or listed in <file-list> (one path per line, '#' comments; '@-' reads stdin).\n"
    "Outputs mirror the inputs' relative paths under <outdir>.\n"
    "\n"
    "  -O <outdir>        output directory (none: convert and discard)\n"
    "  -j <N>             worker threads or child processes (default: CPU count)\n"
    "  --emit=ll|bc|spirv output format (default ll); spirv writes .spv files,\n"
    "                     each checked by spirv-val (with the options below)\n"
    "  --shard=K/N        only the inputs whose sorted index is K modulo N\n"
    "  --report=<file>    write a report: totals and one record per shader (stage,\n"
    "                     shader model, DXIL version, parts, op counts, time);\n"
    "                     '-' writes it to stdout and the summary to stderr\n"
    "  --report-format=json|csv  the report's format (default: csv when <file>\n"
    "                     ends in .csv, else json); csv has one row per shader\n"
    "  --isolate          one child process per shader: a crash loses one shader\n"
    "                     (without it, --emit=spirv still runs LLVM's SPIR-V\n"
    "                     backend in a child process per shader)\n"
    "  --timeout=<sec>    per-shader time limit (default 300, 0: none); --isolate\n"
    "                     kills the child, threads abandon the shader\n"
    "  --resume           skip shaders whose output exists and is newer than the input\n"
    "  --durable          fsync each output and its directory (survives power loss)\n"
    "  --progress, --no-progress  force the progress bar on or off\n"
    "                     (default: on when stderr is a terminal)\n";
static const char batch_usage_tail[] =
    "                     as for a single shader; --stats adds the run's op\n"
    "                     table to the summary and each shader's op counts\n"
    "                     (\"ops\") to the report\n"
    "\n"
    "Only regular files are read. Temporary outputs left under <outdir> by a killed\n"
    "run are removed at the start. SIGINT/SIGTERM stop the batch: shaders in flight\n"
    "get 1 s to finish, then the summary and report (marked interrupted) are written.\n"
    "\n"
    "Exit status: 0 all converted, 1 any failed, 2 usage error, 130/143 stopped by\n"
    "SIGINT/SIGTERM.\n";

enum {
    BOPT_BATCH = 256, BOPT_EMIT, BOPT_SHARD, BOPT_REPORT, BOPT_ISOLATE, BOPT_TIMEOUT,
    BOPT_PROGRESS, BOPT_NO_PROGRESS, BOPT_RESUME, BOPT_DURABLE, BOPT_REPORT_FORMAT
};

/* The batch's own options; cli_loader adds the loader options. */
static const struct option batch_long_options[] = {
    {"batch", required_argument, NULL, BOPT_BATCH},
    {"emit", required_argument, NULL, BOPT_EMIT},
    {"shard", required_argument, NULL, BOPT_SHARD},
    {"report", required_argument, NULL, BOPT_REPORT},
    {"report-format", required_argument, NULL, BOPT_REPORT_FORMAT},
    {"isolate", no_argument, NULL, BOPT_ISOLATE},
    {"timeout", required_argument, NULL, BOPT_TIMEOUT},
    {"progress", no_argument, NULL, BOPT_PROGRESS},
    {"no-progress", no_argument, NULL, BOPT_NO_PROGRESS},
    {"resume", no_argument, NULL, BOPT_RESUME},
    {"durable", no_argument, NULL, BOPT_DURABLE},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

static int batch_usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "dxil-upgrade: error: %s%s%s [DXIL%04d]\ntry 'dxil-upgrade --batch x --help'\n",
            msg, arg ? ": " : "", arg ? arg : "", DXIL_E_USAGE);
    return BATCH_EXIT_USAGE;
}

bool batch_requested(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return false;
        if (strcmp(argv[i], "--batch") == 0 || strncmp(argv[i], "--batch=", 8) == 0)
            return true;
    }
    return false;
}

static unsigned batch_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < 1024 ? (unsigned)n : 1;
}

void batch_options_init(batch_options *o)
{
    memset(o, 0, sizeof *o);
    cli_loader_init(&o->load);
    cli_spirv_init(&o->spirv);
    o->progress = -1;
    o->jobs = batch_default_jobs();
    o->shard_count = 1;
    o->timeout_s = BATCH_DEFAULT_TIMEOUT;
}

/* Strict unsigned parse: digits only, no sign, no overflow past max. */
static int batch_parse_uint(const char *s, const char **end, unsigned max, unsigned *out)
{
    if (*s < '0' || *s > '9')
        return -1;
    char *e;
    errno = 0;
    unsigned long v = strtoul(s, &e, 10);
    if (errno || v > max)
        return -1;
    *out = (unsigned)v;
    *end = e;
    return 0;
}

int batch_parse_shard(const char *text, unsigned *k, unsigned *n)
{
    const char *p;
    if (batch_parse_uint(text, &p, 1u << 30, k) != 0 || *p != '/')
        return -1;
    if (batch_parse_uint(p + 1, &p, 1u << 30, n) != 0 || *p != '\0')
        return -1;
    return *n > 0 && *k < *n ? 0 : -1;
}

static int batch_parse_number(const char *text, unsigned max, unsigned *out)
{
    const char *end;
    return batch_parse_uint(text, &end, max, out) == 0 && *end == '\0' ? 0 : -1;
}

static int batch_parse_report_format(const char *text, batch_report_format *out)
{
    static const char *const names[] = {[BATCH_REPORT_JSON] = "json", [BATCH_REPORT_CSV] = "csv"};
    for (int f = BATCH_REPORT_JSON; f <= BATCH_REPORT_CSV; f++)
        if (strcmp(text, names[f]) == 0) {
            *out = (batch_report_format)f;
            return 0;
        }
    return -1;
}

static int batch_parse_emit(const char *arg, batch_options *o)
{
    dxil_emit_format ir;
    o->spirv.on = strcmp(arg, "spirv") == 0;
    if (o->spirv.on) {
        o->emit = BATCH_EMIT_SPIRV;
        return -1;
    }
    if (cli_parse_format(arg, &ir) != 0)
        return batch_usage_error("--emit takes ll, bc or spirv", arg);
    o->emit = (batch_emit)ir;
    return -1;
}

/* One option; returns -1 to go on, else an exit status. */
static int batch_apply_option(int c, const char *arg, batch_options *o)
{
    const char *msg, *shown;
    switch (c) {
    case BOPT_BATCH: o->input = arg; return -1;
    case 'O': o->outdir = arg; return -1;
    case 'j':
        if (batch_parse_number(arg, 4096, &o->jobs) != 0 || o->jobs == 0)
            return batch_usage_error("-j takes a number from 1 to 4096", arg);
        return -1;
    case BOPT_EMIT: return batch_parse_emit(arg, o);
    case BOPT_SHARD:
        return batch_parse_shard(arg, &o->shard_index, &o->shard_count) == 0
                   ? -1 : batch_usage_error("--shard takes K/N with 0 <= K < N", arg);
    case BOPT_REPORT: o->report = arg; return -1;
    case BOPT_REPORT_FORMAT:
        return batch_parse_report_format(arg, &o->report_format) == 0
                   ? -1 : batch_usage_error("--report-format takes json or csv", arg);
    case BOPT_ISOLATE: o->isolate = true; return -1;
    case BOPT_TIMEOUT:
        return batch_parse_number(arg, 86400, &o->timeout_s) == 0
                   ? -1 : batch_usage_error("--timeout takes seconds", arg);
    case BOPT_PROGRESS: o->progress = 1; return -1;
    case BOPT_NO_PROGRESS: o->progress = 0; return -1;
    case BOPT_RESUME: o->resume = true; return -1;
    case BOPT_DURABLE: o->durable = true; return -1;
    case 'h':
        fputs(batch_usage_head, stdout);
        cli_spirv_usage(CLI_LOADER_BATCH, stdout);
        cli_loader_usage("", CLI_LOADER_BATCH, batch_usage_tail);
        return BATCH_EXIT_OK;
    default: /* a SPIR-V option (cli_spirv.c), a loader option (cli_loader.c), or unknown */
        switch (cli_spirv_apply(c, arg, &o->spirv, &msg)) {
        case 1: return -1;
        case -1: return batch_usage_error(msg, arg);
        }
        msg = cli_loader_apply(c, arg, &o->load, &shown);
        return msg ? batch_usage_error(msg, shown) : -1;
    }
}

int batch_parse_args(int argc, char **argv, batch_options *o)
{
    enum { OWN = sizeof batch_long_options / sizeof *batch_long_options - 1 };
    struct option own[OWN + CLI_SPIRV_MAX + 1], longopts[OWN + CLI_SPIRV_MAX + CLI_LOADER_MAX + 1];
    memcpy(own, batch_long_options, OWN * sizeof *own);
    cli_spirv_longopts(CLI_LOADER_BATCH, own, OWN);
    cli_loader_longopts(CLI_LOADER_BATCH, own, longopts);
    batch_options_init(o);
    optind = 1;
    int c;
    while ((c = cli_getopt("dxil-upgrade", argc, argv, "hO:j:", longopts)) != -1) {
        if (c == CLI_OPT_BAD)
            return BATCH_EXIT_USAGE; /* cli_getopt named the option */
        int rc = batch_apply_option(c, optarg, o);
        if (rc >= 0)
            return rc;
    }
    if (optind < argc)
        return batch_usage_error("--batch takes no other input", argv[optind]);
    if (!o->input || !*o->input)
        return batch_usage_error("--batch needs a directory or @file-list", NULL);
    if (o->resume && !o->outdir)
        return batch_usage_error("--resume needs -O <outdir>", NULL);
    const char *bad = cli_spirv_check(&o->spirv);
    if (bad)
        return batch_usage_error(bad, o->spirv.used);
    o->load.opts.spirv_as_is = o->spirv.on;
    /* A child per shader already keeps LLVM's fatal errors from the run;
     * the SPIR-V emission's own child would be a second fork. */
    o->spirv.opts.isolate = !o->isolate;
    o->spirv.opts.timeout_s = o->timeout_s;
    return -1;
}

/* Stale temporary files, --resume, the run, the summary and report. */
static int batch_main_run(batch_options *o, batch_list *list, batch_totals *t)
{
    size_t stale = o->outdir ? remove_stale_temps(o->outdir) : 0;
    if (stale)
        fprintf(stderr, "dxil-upgrade: removed %zu stale temporary file%s under %s\n", stale,
                stale == 1 ? "" : "s", o->outdir);
    if (o->resume)
        batch_mark_done(o, list);
    io_set_durable(o->durable);
    batch_install_signals();
    batch_run(o, list, batch_convert_one, NULL, t);
    t->stale_removed = stale;
    /* The report may be on stdout: then it alone is, so it can be piped. */
    bool report_on_stdout = o->report && strcmp(o->report, "-") == 0;
    batch_summary_print(o, list, t, report_on_stdout ? stderr : stdout);
    int rc = t->failed + t->crashed ? BATCH_EXIT_FAILED : BATCH_EXIT_OK;
    if (o->report && batch_report_write(o, list, t, o->report) != 0)
        rc = BATCH_EXIT_FAILED;
    if (t->stop_signal)
        rc = 128 + t->stop_signal;
    batch_restore_signals();
    return rc;
}

int batch_main(int argc, char **argv)
{
    batch_options o;
    int rc = batch_parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    batch_list list = {0};
    char err[512];
    if (batch_collect(o.input, &list, err, sizeof err) != 0) {
        fprintf(stderr, "dxil-upgrade: %s\n", err);
        batch_list_free(&list);
        return BATCH_EXIT_USAGE;
    }
    batch_shard(&list, o.shard_index, o.shard_count);
    o.op_stats = true;
    batch_totals t;
    rc = batch_main_run(&o, &list, &t);
    bool abandoned = t.abandoned > 0;
    batch_totals_free(&t);
    batch_list_free(&list);
    if (abandoned) {
        /* A thread may still be inside LLVM: exit() would run LLVM's
         * static destructors under it. */
        fflush(NULL);
        _exit(rc);
    }
    return rc;
}
