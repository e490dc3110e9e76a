/* dxil-run: run a compute shader on a Vulkan device (lavapipe by
 * default) and write what it computed (docs/run.md).
 * Usage: dxil-run <shader> --dispatch=X,Y,Z [options] -o OUTDIR
 * The input kinds are told apart here: SPIR-V is run as it is; a
 * DXContainer, bitcode or IR text is compiled to SPIR-V first
 * (dxil_spirv.h); the run library (dxil_run.h) takes SPIR-V only. */
#include "cli_common.h"
#include "dxil-upgrade/dxil_run.h"
#include "dxil-upgrade/dxil_spirv.h"
#include "common/file_io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char run_tool[] = "dxil-run";

static const char run_usage[] =
    "usage: dxil-run <shader> --dispatch=X[,Y[,Z]] [options] [-o <dir>]\n"
    "\n"
    "Runs a compute shader once on a Vulkan device, Mesa's lavapipe by\n"
    "default, and writes each UAV it was given, after the dispatch, to\n"
    "<dir>/<class><register>_space<space>.bin (u0_space0.bin), with <dir>/run.json\n"
    "describing the run. Every resource is bound: from --bind files, or filled\n"
    "from the seed. A resource is named by its HLSL register: DXC's -spirv\n"
    "mapping inverted (space = descriptor set, register = binding - shift).\n"
    "With no input (or '-') it reads stdin. The shader is SPIR-V (.spv), or\n"
    "anything dxil-upgrade reads (a DXContainer, bitcode, IR text), compiled to\n"
    "SPIR-V first as dxil-upgrade --emit=spirv does, with the --vk-*-shift given\n"
    "here (applied, then inverted).\n"
    "\n"
    "  --dispatch=X[,Y[,Z]]   thread groups to dispatch (Y and Z default to 1)\n"
    "  -o, --output=<dir>     where the outputs go (created; written only when the\n"
    "                         run succeeds, all or nothing); none: nothing written\n"
    "  --bind=<c><reg>[:space<N>]=<file>\n"
    "                         the bytes of t (SRV), u (UAV) or b (cbuffer) register\n"
    "                         <reg> in space N (default 0), laid out as HLSL lays\n"
    "                         them out; the element count follows from the size\n"
    "  --seed=<n>             seed of unbound resources' contents (default 0)\n"
    "  --default-size=<bytes> size of unbound buffers with a runtime array (65536)\n"
    "  --timeout=<s>          stop the run after this many seconds (default 10;\n"
    "                         0: none, and the run stays in this process)\n"
    "  --device=<name>        a device the Vulkan loader lists, by a piece of its\n"
    "                         name or its index (default: lavapipe)\n"
    "  --threads=<n>|env      lavapipe's threads: 0 (default) runs the groups one\n"
    "                         by one in a fixed order; env keeps LP_NUM_THREADS\n"
    "                         (the default when it is set)\n"
    "  --entry=<name>         the compute entry point (default: the only one)\n"
    "  --texel-format=<c><reg>[:space<N>]=<format>\n"
    "                         a typed buffer's element format (SPIR-V's names:\n"
    "                         rgba32f, r32ui, ...) when the module says Unknown\n"
    "  --vk-b-shift=<n>:<space>|all\n"
    "  --vk-t-shift=..., --vk-u-shift=..., --vk-s-shift=...\n"
    "                         the shifts the shader was compiled with (DXC's\n"
    "                         -fvk-*-shift): register = binding - shift\n"
    "  --list-devices         print the devices the Vulkan loader lists, and exit\n"
    "  -h, --help             this text\n"
    "  --version              print the version\n"
    "\n"
    "Exit status: 0 success, 1 bad input or a failed run (timeout, lost device),\n"
    "2 usage error.\n";

enum { RUN_DISPATCH = 256, RUN_BIND, RUN_SEED, RUN_DEFAULT_SIZE, RUN_TIMEOUT, RUN_DEVICE, RUN_THREADS,
       RUN_ENTRY, RUN_TEXEL_FORMAT, RUN_B_SHIFT, RUN_T_SHIFT, RUN_U_SHIFT, RUN_S_SHIFT, RUN_VERSION,
       RUN_LIST_DEVICES };

static const struct option run_options[] = {
    {"dispatch", required_argument, NULL, RUN_DISPATCH},
    {"output", required_argument, NULL, 'o'},
    {"bind", required_argument, NULL, RUN_BIND},
    {"seed", required_argument, NULL, RUN_SEED},
    {"default-size", required_argument, NULL, RUN_DEFAULT_SIZE},
    {"timeout", required_argument, NULL, RUN_TIMEOUT},
    {"device", required_argument, NULL, RUN_DEVICE},
    {"threads", required_argument, NULL, RUN_THREADS},
    {"entry", required_argument, NULL, RUN_ENTRY},
    {"texel-format", required_argument, NULL, RUN_TEXEL_FORMAT},
    {"vk-b-shift", required_argument, NULL, RUN_B_SHIFT},
    {"vk-t-shift", required_argument, NULL, RUN_T_SHIFT},
    {"vk-u-shift", required_argument, NULL, RUN_U_SHIFT},
    {"vk-s-shift", required_argument, NULL, RUN_S_SHIFT},
    {"list-devices", no_argument, NULL, RUN_LIST_DEVICES},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, RUN_VERSION},
    {NULL, 0, NULL, 0}};

typedef struct run_cli {
    dxil_run_options o;
    dxil_run_bind *binds;
    dxil_run_shift *shifts;
    dxil_run_format *formats;
    bool dispatch_set, threads_set;
    const char *in;
} run_cli;

/* An unsigned decimal no larger than max; false otherwise. */
static bool run_number(const char *s, uint64_t max, uint64_t *out)
{
    char *end = NULL;
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end || v > max)
        return false;
    *out = v;
    return true;
}

static int run_bad_value(const char *opt, const char *arg)
{
    char what[64];
    snprintf(what, sizeof what, "bad value for --%s", opt);
    return cli_usage_error(run_tool, DXIL_E_USAGE_VALUE, what, arg);
}

static int run_dispatch(run_cli *c, const char *arg)
{
    uint32_t d[3] = {1, 1, 1};
    const char *p = arg;
    for (int i = 0; i < 3; i++) {
        char *end = NULL;
        if (*p < '0' || *p > '9')
            return run_bad_value("dispatch", arg);
        unsigned long long v = strtoull(p, &end, 10);
        if (v == 0 || v > UINT32_MAX)
            return run_bad_value("dispatch", arg);
        d[i] = (uint32_t)v;
        p = end;
        if (*p == '\0')
            break;
        if (*p++ != ',' || i == 2)
            return run_bad_value("dispatch", arg);
    }
    memcpy(c->o.dispatch, d, sizeof d);
    c->dispatch_set = true;
    return -1;
}

/* A spec parsed by the library: its diagnostic becomes a usage error. */
static int run_spec_error(dxil_diags *d)
{
    const dxil_diag *g = dxil_diags_get(d, 0);
    cli_usage_error(run_tool, DXIL_E_USAGE_VALUE, g ? g->message : "bad value", NULL);
    dxil_diags_destroy(d);
    return CLI_EXIT_USAGE;
}

static int run_spec(run_cli *c, int opt, const char *arg)
{
    static const char shift_class[] = {[RUN_B_SHIFT - RUN_B_SHIFT] = 'b', [RUN_T_SHIFT - RUN_B_SHIFT] = 't',
                                       [RUN_U_SHIFT - RUN_B_SHIFT] = 'u', [RUN_S_SHIFT - RUN_B_SHIFT] = 's'};
    dxil_diags *d = dxil_diags_create();
    int rc;
    if (opt == RUN_BIND)
        rc = dxil_run_parse_bind(arg, &c->binds[c->o.n_binds], d);
    else if (opt == RUN_TEXEL_FORMAT)
        rc = dxil_run_parse_format(arg, &c->formats[c->o.n_formats], d);
    else
        rc = dxil_run_parse_shift(shift_class[opt - RUN_B_SHIFT], arg, &c->shifts[c->o.n_shifts], d);
    if (rc != 0)
        return run_spec_error(d);
    dxil_diags_destroy(d);
    c->o.n_binds += opt == RUN_BIND;
    c->o.n_formats += opt == RUN_TEXEL_FORMAT;
    c->o.n_shifts += opt >= RUN_B_SHIFT && opt <= RUN_S_SHIFT;
    return -1;
}

static int run_timeout(run_cli *c, const char *arg)
{
    char *end = NULL;
    double t = strtod(arg, &end);
    if (end == arg || *end || !(t >= 0) || !isfinite(t) || t > 1e7)
        return run_bad_value("timeout", arg);
    c->o.timeout = t;
    return -1;
}

static int run_threads(run_cli *c, const char *arg)
{
    uint64_t v = 0;
    if (strcmp(arg, "env") == 0)
        c->o.threads = DXIL_RUN_THREADS_ENV;
    else if (run_number(arg, 1024, &v))
        c->o.threads = (int)v;
    else
        return run_bad_value("threads", arg);
    c->threads_set = true;
    return -1;
}

/* --list-devices: exit 1 when there is none. */
static int run_list_devices(void)
{
    dxil_diags *d = dxil_diags_create();
    char *text = dxil_run_list_devices(d);
    dxil_diags_print(d, stderr, run_tool);
    dxil_diags_destroy(d);
    if (text && *text)
        fputs(text, stdout);
    else if (text)
        fprintf(stderr, "%s: no Vulkan device (Mesa's lavapipe is in mesa-vulkan-drivers)\n", run_tool);
    int rc = text && *text ? CLI_EXIT_OK : CLI_EXIT_INPUT;
    free(text);
    return rc;
}

/* One option; -1 to go on, else an exit status. */
static int run_apply(run_cli *c, int opt, const char *arg)
{
    uint64_t v = 0;
    switch (opt) {
    case RUN_DISPATCH: return run_dispatch(c, arg);
    case 'o': c->o.out_dir = arg; return -1;
    case RUN_SEED: return run_number(arg, UINT64_MAX, &c->o.seed) ? -1 : run_bad_value("seed", arg);
    case RUN_DEFAULT_SIZE:
        if (!run_number(arg, (uint64_t)1 << 30, &v) || v == 0)
            return run_bad_value("default-size", arg);
        c->o.default_size = v;
        return -1;
    case RUN_TIMEOUT: return run_timeout(c, arg);
    case RUN_DEVICE: c->o.device = arg; return -1;
    case RUN_THREADS: return run_threads(c, arg);
    case RUN_ENTRY: c->o.entry = arg; return -1;
    case RUN_BIND:
    case RUN_TEXEL_FORMAT:
    case RUN_B_SHIFT:
    case RUN_T_SHIFT:
    case RUN_U_SHIFT:
    case RUN_S_SHIFT: return run_spec(c, opt, arg);
    case 'h': fputs(run_usage, stdout); return CLI_EXIT_OK;
    case RUN_VERSION: cli_print_version(run_tool); return CLI_EXIT_OK;
    case RUN_LIST_DEVICES: return run_list_devices();
    default: return CLI_EXIT_USAGE; /* CLI_OPT_BAD: cli_getopt named it */
    }
}

static int run_parse(int argc, char **argv, run_cli *c)
{
    int opt;
    while ((opt = cli_getopt(run_tool, argc, argv, "ho:", run_options)) != -1) {
        int rc = run_apply(c, opt, optarg);
        if (rc >= 0)
            return rc;
    }
    if (cli_one_input(run_tool, argc, argv, &c->in) != 0)
        return CLI_EXIT_USAGE;
    if (!c->dispatch_set)
        return cli_usage_error(run_tool, DXIL_E_USAGE, "--dispatch is needed", NULL);
    if (!c->threads_set && getenv("LP_NUM_THREADS"))
        c->o.threads = DXIL_RUN_THREADS_ENV;
    return -1;
}

/* SPIR-V, in either byte order: run as it is. */
static bool run_is_spirv(const uint8_t *data, size_t size)
{
    static const uint8_t le[4] = {0x03, 0x02, 0x23, 0x07}, be[4] = {0x07, 0x23, 0x02, 0x03};
    return size >= 4 && (memcmp(data, le, 4) == 0 || memcmp(data, be, 4) == 0);
}

/* Anything else the loader reads (a DXContainer, bitcode, IR text) is
 * raised, retargeted and compiled to SPIR-V in this process
 * (dxil_spirv.h), with the --vk-*-shift the run then inverts. The
 * backend runs in a child (the default), so its fatal errors cannot end
 * this process. */
static uint8_t *run_compile(const run_cli *c, const char *name, const uint8_t *data,
                            size_t size, size_t *out_size, dxil_diags *d)
{
    dxil_options lo;
    dxil_options_init(&lo);
    lo.spirv_as_is = true;
    dxil_module *m = dxil_module_load_memory(data, size, name, &lo, d);
    dxil_spirv_shift *shifts = calloc(c->o.n_shifts + 1, sizeof *shifts);
    void *spv = NULL;
    if (m && shifts) {
        for (size_t i = 0; i < c->o.n_shifts; i++)
            shifts[i] = (dxil_spirv_shift){c->shifts[i].cls, c->shifts[i].all_spaces,
                                           c->shifts[i].space, c->shifts[i].shift};
        dxil_spirv_options so;
        dxil_spirv_options_init(&so);
        so.shifts = shifts;
        so.n_shifts = c->o.n_shifts;
        if (dxil_module_emit_spirv(m, &so, &spv, out_size, d) != 0)
            spv = NULL;
    }
    free(shifts);
    dxil_module_destroy(m);
    return spv;
}

static int run_main(run_cli *c)
{
    const char *name = cli_display_name(c->in, false);
    dxil_diags *d = dxil_diags_create();
    size_t size = 0;
    uint8_t *data = file_read_all(c->in, &size, d);
    if (data && !run_is_spirv(data, size)) {
        uint8_t *spv = run_compile(c, name, data, size, &size, d);
        free(data);
        data = spv;
    }
    int rc = data ? 0 : CLI_EXIT_INPUT;
    if (data) {
        c->o.shader_name = name;
        rc = dxil_run_spirv(data, size, &c->o, NULL, d) == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
    }
    dxil_diags_print(d, stderr, name);
    dxil_diags_destroy(d);
    free(data);
    return rc;
}

int main(int argc, char **argv)
{
    run_cli c = {0};
    dxil_run_options_init(&c.o);
    c.o.timeout = DXIL_RUN_DEFAULT_TIMEOUT;
    size_t n = (size_t)(argc > 0 ? argc : 1);
    c.binds = calloc(n, sizeof *c.binds);
    c.shifts = calloc(n, sizeof *c.shifts);
    c.formats = calloc(n, sizeof *c.formats);
    int rc = CLI_EXIT_INPUT;
    if (c.binds && c.shifts && c.formats) {
        c.o.binds = c.binds;
        c.o.shifts = c.shifts;
        c.o.formats = c.formats;
        rc = run_parse(argc, argv, &c);
        if (rc < 0)
            rc = run_main(&c);
    }
    free(c.binds);
    free(c.shifts);
    free(c.formats);
    return rc;
}
