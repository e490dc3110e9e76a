/* cli_spirv.c - the SPIR-V options of dxil-upgrade (cli_spirv.h). */
#include "cli_spirv.h"
#include "common/file_io.h"

#include <errno.h>
#include <llvm-c/ErrorHandling.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { ROW_SHIFT, ROW_ENV, ROW_NO_ISOLATE };

typedef struct spirv_row {
    const char *name;
    int kind;     /* ROW_* */
    char cls;     /* ROW_SHIFT: the register class */
    unsigned modes;
    const char *synopsis, *help;
} spirv_row;

enum { BOTH = CLI_LOADER_SINGLE | CLI_LOADER_BATCH, HELP_COL = 21 };

static const spirv_row spirv_rows[] = {
    {"vk-b-shift", ROW_SHIFT, 'b', BOTH, "--vk-b-shift=N:SPACE|all",
     "--emit=spirv: cbuffers (b registers) in SPACE (or in\n"
     "every space) get Vulkan binding register + N (DXC's\n"
     "-fvk-b-shift N SPACE); may be given again"},
    {"vk-t-shift", ROW_SHIFT, 't', BOTH, "--vk-t-shift=N:SPACE|all",
     "the same for SRVs (t registers)"},
    {"vk-u-shift", ROW_SHIFT, 'u', BOTH, "--vk-u-shift=N:SPACE|all",
     "the same for UAVs (u registers)"},
    {"vk-s-shift", ROW_SHIFT, 's', BOTH, "--vk-s-shift=N:SPACE|all",
     "the same for samplers (s registers)"},
    {"target-env", ROW_ENV, 0, BOTH, "--target-env=vulkan1.2|vulkan1.3",
     "--emit=spirv: the Vulkan version to compile and\n"
     "validate for (default: the module's, else vulkan1.3)"},
    {"no-isolate", ROW_NO_ISOLATE, 0, CLI_LOADER_SINGLE, "--no-isolate",
     "--emit=spirv: run LLVM's SPIR-V backend in this process,\n"
     "not a child (faster; its fatal errors still exit 1)"},
};
enum { SPIRV_ROWS = sizeof spirv_rows / sizeof *spirv_rows };
_Static_assert((int)SPIRV_ROWS <= (int)CLI_SPIRV_MAX, "raise CLI_SPIRV_MAX");

void cli_spirv_init(cli_spirv *s)
{
    memset(s, 0, sizeof *s);
    dxil_spirv_options_init(&s->opts);
}

size_t cli_spirv_longopts(unsigned mode, struct option *out, size_t n)
{
    for (size_t i = 0; i < SPIRV_ROWS; i++)
        if (spirv_rows[i].modes & mode)
            out[n++] = (struct option){spirv_rows[i].name,
                                       spirv_rows[i].kind == ROW_NO_ISOLATE ? no_argument
                                                                            : required_argument,
                                       NULL, CLI_SPIRV_VAL + (int)i};
    out[n] = (struct option){0};
    return n;
}

/* Strict unsigned: digits only, below 2^31. */
static int spirv_parse_uint(const char *s, char **end, unsigned *out)
{
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    unsigned long v = strtoul(s, end, 10);
    if (errno || v > 0x7fffffffUL)
        return -1;
    *out = (unsigned)v;
    return 0;
}

/* "N:SPACE" or "N:all". */
static int spirv_parse_shift(const char *arg, char cls, dxil_spirv_shift *out)
{
    char *end;
    *out = (dxil_spirv_shift){.cls = cls};
    if (spirv_parse_uint(arg, &end, &out->shift) != 0 || *end != ':')
        return -1;
    if (strcmp(end + 1, "all") == 0) {
        out->all_spaces = true;
        return 0;
    }
    return spirv_parse_uint(end + 1, &end, &out->space) == 0 && *end == '\0' ? 0 : -1;
}

static int spirv_parse_env(const char *arg, dxil_spirv_env *env)
{
    if (strcmp(arg, "vulkan1.2") == 0)
        *env = DXIL_SPIRV_ENV_VULKAN_1_2;
    else if (strcmp(arg, "vulkan1.3") == 0)
        *env = DXIL_SPIRV_ENV_VULKAN_1_3;
    else
        return -1;
    return 0;
}

int cli_spirv_apply(int c, const char *arg, cli_spirv *s, const char **msg)
{
    if (c < CLI_SPIRV_VAL || c >= CLI_SPIRV_VAL + SPIRV_ROWS)
        return 0;
    const spirv_row *r = &spirv_rows[c - CLI_SPIRV_VAL];
    if (!s->used)
        s->used = r->synopsis;
    switch (r->kind) {
    case ROW_SHIFT:
        if (s->opts.n_shifts == CLI_SPIRV_MAX_SHIFTS) {
            *msg = "too many register shifts (at most 64)";
            return -1;
        }
        if (spirv_parse_shift(arg, r->cls, &s->shifts[s->opts.n_shifts]) != 0) {
            *msg = "a register shift takes N:SPACE or N:all (numbers)";
            return -1;
        }
        s->opts.n_shifts++;
        return 1;
    case ROW_ENV:
        if (spirv_parse_env(arg, &s->opts.target_env) != 0) {
            *msg = "--target-env takes vulkan1.2 or vulkan1.3";
            return -1;
        }
        return 1;
    default:
        s->opts.isolate = false;
        return 1;
    }
}

const char *cli_spirv_check(const cli_spirv *s)
{
    return s->used && !s->on ? "this option needs --emit=spirv" : NULL;
}

dxil_spirv_options cli_spirv_options(const cli_spirv *s)
{
    dxil_spirv_options o = s->opts;
    o.shifts = s->opts.n_shifts ? s->shifts : NULL;
    return o;
}

void cli_spirv_usage(unsigned mode, FILE *out)
{
    for (size_t i = 0; i < SPIRV_ROWS; i++) {
        const spirv_row *r = &spirv_rows[i];
        if (!(r->modes & mode))
            continue;
        if (strlen(r->synopsis) < HELP_COL - 2)
            fprintf(out, "  %-*s", HELP_COL - 2, r->synopsis);
        else
            fprintf(out, "  %s\n%*s", r->synopsis, HELP_COL, "");
        for (const char *p = r->help; *p; p++) {
            fputc(*p, out);
            if (*p == '\n')
                fprintf(out, "%*s", HELP_COL, "");
        }
        fputc('\n', out);
    }
}

static const char *spirv_fatal_input = "<stdin>";

/* LLVM calls it, then would exit(1) itself: the message in the tools'
 * shape instead of "LLVM ERROR: ...", and the same status. */
static void spirv_fatal(const char *reason)
{
    char line[2048];
    int n = snprintf(line, sizeof line,
                     "%s: error: LLVM's SPIR-V backend gave up (fatal error): %s [DXIL%04d]\n",
                     spirv_fatal_input, reason, DXIL_E_SPIRV_BACKEND);
    if (n > 0)
        write_all(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    _exit(1);
}

void cli_spirv_fatal_to_diag(const char *input)
{
    spirv_fatal_input = input;
    LLVMInstallFatalErrorHandler(spirv_fatal);
}
