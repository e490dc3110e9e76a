/* dxil-diffrun: differential execution of compute shaders
 * (docs/differential.md). Each shader runs as DXC wrote it (raised
 * unchanged, retargeted to Vulkan, SPIR-V, lavapipe) and after raise ->
 * an LLVM 22 pipeline -> dxil-lower (validated, signed) -> raise again,
 * with the same seeded inputs; their UAVs must agree. */
#include "cli_common.h"
#include "diffrun.h"
#include "common/file_io.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char dr_tool[] = "dxil-diffrun";

static const char dr_usage[] =
    "usage: dxil-diffrun [options] <shader.dxil>...\n"
    "\n"
    "Runs each compute shader (a DXContainer) on lavapipe as it was written\n"
    "(raised unchanged, retargeted to Vulkan, compiled to SPIR-V) and again\n"
    "after raise -> an LLVM 22 pipeline -> dxil-lower (validated and signed)\n"
    "-> raise, with the same seeded inputs, and compares every UAV bit for bit.\n"
    "The original runs twice (one thread, then two): when the runs differ the\n"
    "shader is nondeterministic (races, atomics) and not compared. A pipeline\n"
    "whose output differs runs again on two threads: if that run differs\n"
    "from its first, it is nondeterministic too, else a mismatch. Where the\n"
    "shader lets LLVM reassociate floats (fast-math 'reassoc', in DXC's\n"
    "default 'fast'), 32-bit words that are floats within --max-ulps of each\n"
    "other are drift, not a mismatch. Exit status 1 when any mismatch.\n"
    "\n"
    "  --pipelines=LIST       comma-separated, of none, instcombine, O1, O2, O3,\n"
    "                         Os, Oz (default: all; none runs no pass)\n"
    "  --against=FILE         compare with this DXContainer instead of pipelines\n"
    "                         (one input)\n"
    "  --dispatch=X[,Y[,Z]]   thread groups (default 1,1,1)\n"
    "  --seed=N               seed of the inputs, as dxil-run's (default 0)\n"
    "  --timeout=S            seconds per run (default 10)\n"
    "  --max-ulps=N           drift bound in units in the last place (default 4096)\n"
    "  --vk-b-shift=N:SPACE|all\n"
    "  --vk-t-shift=..., --vk-u-shift=..., --vk-s-shift=...\n"
    "                         DXC's -fvk-*-shift for the retarget and the run\n"
    "                         (default: t 100, u 200, s 300 in every space, so\n"
    "                         that t0, u0 and b0 get bindings of their own)\n"
    "  --csv=FILE             one row per shader and pipeline\n"
    "  --json=FILE            the summary and the rows\n"
    "  -q, --quiet            no line per shader on stderr\n"
    "  -h, --help             this text\n"
    "  --version              print the version\n"
    "\n"
    "Exit status: 0 no mismatch, 1 a mismatch or an unreadable input, 2 usage error.\n";

enum { O_PIPES = 256, O_AGAINST, O_DISPATCH, O_SEED, O_TIMEOUT, O_ULPS, O_B, O_T, O_U, O_S, O_CSV,
       O_JSON, O_VERSION };

static const struct option dr_options[] = {
    {"pipelines", required_argument, NULL, O_PIPES}, {"against", required_argument, NULL, O_AGAINST},
    {"dispatch", required_argument, NULL, O_DISPATCH}, {"seed", required_argument, NULL, O_SEED},
    {"timeout", required_argument, NULL, O_TIMEOUT}, {"max-ulps", required_argument, NULL, O_ULPS},
    {"vk-b-shift", required_argument, NULL, O_B}, {"vk-t-shift", required_argument, NULL, O_T},
    {"vk-u-shift", required_argument, NULL, O_U}, {"vk-s-shift", required_argument, NULL, O_S},
    {"csv", required_argument, NULL, O_CSV}, {"json", required_argument, NULL, O_JSON},
    {"quiet", no_argument, NULL, 'q'}, {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, O_VERSION}, {NULL, 0, NULL, 0}};

static int dr_bad(const char *opt, const char *arg)
{
    char what[64];
    snprintf(what, sizeof what, "bad value for --%s", opt);
    return cli_usage_error(dr_tool, DXIL_E_USAGE_VALUE, what, arg);
}

/* An unsigned decimal no larger than max. */
static bool dr_number(const char *s, uint64_t max, uint64_t *out)
{
    char *end = NULL;
    if (!s || *s < '0' || *s > '9')
        return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v > max)
        return false;
    *out = v;
    return true;
}

static int dr_parse_pipes(dr_cli *c, const char *arg)
{
    c->n_pipes = 0;
    for (const char *p = arg; *p;) {
        size_t len = strcspn(p, ","), i = 0;
        while (i < dr_n_pipes && (strlen(dr_pipes[i].name) != len || strncmp(dr_pipes[i].name, p, len)))
            i++;
        if (i == dr_n_pipes || c->n_pipes == DR_MAX_PIPES)
            return dr_bad("pipelines", arg);
        c->pipes[c->n_pipes++] = &dr_pipes[i];
        p += len + (p[len] == ',');
    }
    return c->n_pipes ? -1 : dr_bad("pipelines", arg);
}

static int dr_parse_dispatch(dr_cli *c, const char *arg)
{
    uint32_t d[3] = {1, 1, 1};
    const char *p = arg;
    for (int i = 0; i < 3; i++) {
        char *end = NULL;
        if (*p < '0' || *p > '9')
            return dr_bad("dispatch", arg);
        unsigned long long v = strtoull(p, &end, 10);
        if (v == 0 || v > UINT32_MAX)
            return dr_bad("dispatch", arg);
        d[i] = (uint32_t)v;
        p = end;
        if (!*p)
            break;
        if (*p++ != ',' || i == 2)
            return dr_bad("dispatch", arg);
    }
    memcpy(c->cfg.dispatch, d, sizeof d);
    return -1;
}

/* --vk-X-shift: the same shift for the retarget and for the run. */
static int dr_parse_shift(dr_cli *c, char cls, const char *arg)
{
    dxil_diags *d = dxil_diags_create();
    dr_config *g = &c->cfg;
    dxil_run_shift *s = &g->run_shifts[g->n_shifts];
    int rc = g->n_shifts < DR_MAX_SHIFTS ? dxil_run_parse_shift(cls, arg, s, d) : -1;
    dxil_diags_destroy(d);
    if (rc != 0)
        return dr_bad("vk-*-shift", arg);
    g->spirv_shifts[g->n_shifts++] = (dxil_spirv_shift){cls, s->all_spaces, s->space, s->shift};
    return -1;
}

static int dr_parse_timeout(dr_cli *c, const char *arg)
{
    char *end = NULL;
    double t = strtod(arg, &end);
    if (end == arg || *end || !(t > 0) || !isfinite(t) || t > 1e6)
        return dr_bad("timeout", arg);
    c->cfg.timeout = t;
    return -1;
}

static int dr_apply(dr_cli *c, int opt, const char *arg)
{
    uint64_t v = 0;
    switch (opt) {
    case O_PIPES: return dr_parse_pipes(c, arg);
    case O_AGAINST: c->against = arg; return -1;
    case O_DISPATCH: return dr_parse_dispatch(c, arg);
    case O_SEED: return dr_number(arg, UINT64_MAX, &c->cfg.seed) ? -1 : dr_bad("seed", arg);
    case O_TIMEOUT: return dr_parse_timeout(c, arg);
    case O_ULPS:
        if (!dr_number(arg, UINT32_MAX - 1, &v))
            return dr_bad("max-ulps", arg);
        c->cfg.max_ulps = (uint32_t)v;
        return -1;
    case O_B: return dr_parse_shift(c, 'b', arg);
    case O_T: return dr_parse_shift(c, 't', arg);
    case O_U: return dr_parse_shift(c, 'u', arg);
    case O_S: return dr_parse_shift(c, 's', arg);
    case O_CSV: c->csv = arg; return -1;
    case O_JSON: c->json = arg; return -1;
    case 'q': c->quiet = true; return -1;
    case 'h': fputs(dr_usage, stdout); return CLI_EXIT_OK;
    case O_VERSION: cli_print_version(dr_tool); return CLI_EXIT_OK;
    default: return CLI_EXIT_USAGE; /* CLI_OPT_BAD: cli_getopt named it */
    }
}

/* DXC's registers t0, u0 and b0 all map to binding 0 without shifts. */
static void dr_default_shifts(dr_config *g)
{
    static const struct { char cls; unsigned shift; } defaults[] = {{'t', 100}, {'u', 200}, {'s', 300}};
    for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++) {
        g->run_shifts[i] = (dxil_run_shift){defaults[i].cls, true, 0, defaults[i].shift};
        g->spirv_shifts[i] = (dxil_spirv_shift){defaults[i].cls, true, 0, defaults[i].shift};
    }
    g->n_shifts = sizeof defaults / sizeof *defaults;
}

static int dr_parse(int argc, char **argv, dr_cli *c)
{
    int opt;
    while ((opt = cli_getopt(dr_tool, argc, argv, "hq", dr_options)) != -1) {
        int rc = dr_apply(c, opt, optarg);
        if (rc >= 0)
            return rc;
    }
    if (optind >= argc)
        return cli_usage_error(dr_tool, DXIL_E_USAGE, "no input shader", NULL);
    if (c->against && argc - optind != 1)
        return cli_usage_error(dr_tool, DXIL_E_USAGE, "--against takes one input", NULL);
    if (!c->cfg.n_shifts)
        dr_default_shifts(&c->cfg);
    if (c->against) {
        c->n_pipes = 0;
        c->pipe_names[c->n_pipes++] = "against";
    } else
        for (size_t i = 0; i < c->n_pipes; i++)
            c->pipe_names[i] = c->pipes[i]->name;
    return -1;
}

static int dr_finish(const dr_cli *c, const dr_report *r)
{
    const char *names[DR_MAX_PIPES + 2] = {"original"};
    memcpy(names + 1, c->pipe_names, c->n_pipes * sizeof *names);
    dr_report_table(r, names, c->n_pipes + 1, stdout);
    if (c->csv && dr_report_csv(r, c->csv) != 0)
        fprintf(stderr, "%s: error: cannot write %s\n", dr_tool, c->csv);
    if (c->json && dr_report_json(r, names, c->n_pipes + 1, &c->cfg, c->json) != 0)
        fprintf(stderr, "%s: error: cannot write %s\n", dr_tool, c->json);
    for (size_t i = 0; i < r->n; i++)
        if (r->rows[i].verdict == DR_MISMATCH)
            return CLI_EXIT_INPUT;
    return CLI_EXIT_OK;
}

int main(int argc, char **argv)
{
    dr_cli c = {.cfg = {.dispatch = {1, 1, 1}, .timeout = DXIL_RUN_DEFAULT_TIMEOUT, .max_ulps = 4096}};
    for (size_t i = 0; i < dr_n_pipes; i++)
        c.pipes[c.n_pipes++] = &dr_pipes[i];
    int rc = dr_parse(argc, argv, &c);
    if (rc >= 0)
        return rc;
    dr_report r = {0};
    int bad = 0;
    for (int i = optind; i < argc; i++)
        bad |= dr_shader(&c, argv[i], &r) != 0;
    rc = dr_finish(&c, &r);
    dr_report_free(&r);
    return bad ? CLI_EXIT_INPUT : rc;
}
