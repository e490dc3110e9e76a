/* cli_common.c - helpers shared by the command-line tools. */
#include "cli_common.h"
#include "common/file_io.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

int cli_usage_error(const char *tool, int code, const char *msg, const char *arg)
{
    fprintf(stderr, "%s: error: %s%s%s [DXIL%04d]\ntry '%s --help'\n", tool, msg,
            arg ? ": " : "", arg ? arg : "", code, tool);
    return CLI_EXIT_USAGE;
}

/* getopt's own messages are off (opterr = 0, ':' first in the option
 * string) so that the option is named once, in the tools' format, without
 * argv[0]'s path. optind has moved past the offending word. */
int cli_getopt(const char *tool, int argc, char **argv, const char *shortopts,
               const struct option *longopts)
{
    char spec[64];
    snprintf(spec, sizeof spec, ":%s", shortopts);
    opterr = 0;
    int c = getopt_long(argc, argv, spec, longopts, NULL);
    if (c != '?' && c != ':')
        return c;
    const char *word = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
    char shortopt[3] = {'-', (char)optopt, 0};
    /* an unknown letter inside a cluster ("-qx") is not the whole word */
    if (c == '?' && optopt && strncmp(word, "--", 2) != 0)
        word = shortopt;
    if (c == ':')
        cli_usage_error(tool, DXIL_E_USAGE_VALUE, "option needs a value", word);
    else if (optopt && strchr(word, '='))
        cli_usage_error(tool, DXIL_E_USAGE_VALUE, "option takes no value", word);
    else
        cli_usage_error(tool, DXIL_E_USAGE_OPTION, "unknown option", word);
    return CLI_OPT_BAD;
}

int cli_one_input(const char *tool, int argc, char **argv, const char **input)
{
    if (optind + 1 < argc)
        return cli_usage_error(tool, DXIL_E_USAGE, "more than one input file", argv[optind + 1]);
    *input = optind < argc ? argv[optind] : "-";
    return 0;
}

void cli_print_version(const char *tool)
{
    printf("%s %s\n", tool, dxil_upgrade_version_string());
}

const char *cli_display_name(const char *path, bool output)
{
    if (!path || strcmp(path, "-") == 0)
        return output ? "<stdout>" : "<stdin>";
    return path;
}

/* A module LLVM's verifier refuses at write time is the input's fault
 * (issue 23: nothing LLVM rejects is written), so DXIL3001 names the
 * input; the rest of what writing reports (the file system) the output. */
void cli_print_write_diags(const dxil_diags *diags, const char *in, const char *out)
{
    for (size_t i = 0; i < dxil_diags_count(diags); i++) {
        const dxil_diag *d = dxil_diags_get(diags, i);
        const char *name = cli_display_name(d->code == DXIL_E_LLVM_VERIFY ? in : out,
                                            d->code != DXIL_E_LLVM_VERIFY);
        int n = dxil_diag_format(d, name, NULL, 0);
        char *line = n < 0 ? NULL : malloc((size_t)n + 1);
        if (!line)
            continue;
        dxil_diag_format(d, name, line, (size_t)n + 1);
        fprintf(stderr, "%s\n", line);
        free(line);
    }
}

int cli_emit_option(const char *tool, int c, const char *arg, dxil_emit_format *fmt, bool *set)
{
    if (c == 'S')
        *fmt = DXIL_EMIT_LL;
    else if (c != CLI_OPT_EMIT)
        return 0;
    else if (cli_parse_format(arg, fmt) != 0)
        return cli_usage_error(tool, DXIL_E_USAGE_VALUE, "--emit takes ll or bc", arg);
    *set = true;
    return -1;
}

int cli_check_binary_output(const char *tool, const char *path, const char *what)
{
    if ((path && strcmp(path, "-") != 0) || !isatty(STDOUT_FILENO))
        return 0;
    char msg[120];
    snprintf(msg, sizeof msg, "not writing %s to a terminal (use -o FILE, -S, or a pipe)", what);
    return cli_usage_error(tool, DXIL_E_USAGE_TERMINAL, msg, NULL);
}

int cli_check_output(const char *tool, const char *path, dxil_emit_format fmt)
{
    return fmt == DXIL_EMIT_BC ? cli_check_binary_output(tool, path, "bitcode") : 0;
}

bool cli_path_has_extension(const char *path, const char *ext)
{
    size_t n = path ? strlen(path) : 0, e = strlen(ext);
    return n > e && strcmp(path + n - e, ext) == 0;
}

dxil_emit_format cli_format_from_path(const char *path)
{
    return cli_path_has_extension(path, ".bc") ? DXIL_EMIT_BC : DXIL_EMIT_LL;
}

int cli_parse_format(const char *text, dxil_emit_format *out)
{
    if (strcmp(text, "ll") == 0)
        *out = DXIL_EMIT_LL;
    else if (strcmp(text, "bc") == 0)
        *out = DXIL_EMIT_BC;
    else
        return -1;
    return 0;
}

static void cli_print_header(const char *part, const dxil_program_header *h, FILE *out)
{
    const char *kind = dxil_shader_kind_short_name(h->shader_kind);
    fprintf(out, "program header (%s): %s_%u_%u (kind %u), DXIL %u.%u, %u dwords, "
                 "bitcode at 0x%llx, %u bytes\n",
            part, kind ? kind : "?", h->sm_major, h->sm_minor, h->shader_kind, h->dxil_major,
            h->dxil_minor, h->size_in_dwords, (unsigned long long)h->bitcode_file_offset,
            h->bitcode_size);
}

static int cli_list_container(const uint8_t *data, size_t size, FILE *out, dxil_diags *diags)
{
    dxil_container c;
    if (dxil_container_parse(data, size, &c, diags) != 0)
        return -1;
    fprintf(out, "container: DXBC %u.%u, %u bytes, %u parts, hash ", c.version_major,
            c.version_minor, c.file_size, c.part_count);
    for (int i = 0; i < 16; i++)
        fprintf(out, "%02x", c.hash[i]);
    fprintf(out, "\n  #  part  offset      size\n");
    for (uint32_t i = 0; i < c.part_count; i++)
        fprintf(out, "%3u  %-4s  0x%08x  %u\n", i, c.parts[i].name, c.parts[i].offset,
                c.parts[i].size);
    static const char *const bitcode_parts[] = {"DXIL", "ILDB", "STAT"};
    int rc = 0;
    for (size_t i = 0; i < 3; i++) {
        const dxil_part *p = dxil_container_find(&c, bitcode_parts[i]);
        dxil_program_header h;
        if (!p)
            continue;
        if (dxil_program_header_parse(data, size, p, &h, diags) == 0)
            cli_print_header(bitcode_parts[i], &h, out);
        else
            rc = -1;
    }
    dxil_container_free(&c);
    return rc;
}

int cli_list_parts(const char *path, FILE *out, dxil_diags *diags)
{
    file_data in;
    if (file_map(path, 0, &in, diags) != 0)
        return -1;
    const uint8_t *data = in.data;
    size_t size = in.size;
    dxil_input_kind kind = dxil_detect_input(data, size);
    int rc = 0;
    if (kind == DXIL_INPUT_CONTAINER)
        rc = cli_list_container(data, size, out, diags);
    else
        fprintf(out, "input: %s, %zu bytes (no container parts)\n", dxil_input_kind_name(kind),
                size);
    file_release(&in);
    return rc;
}

/* Levenshtein distance, case-insensitive, one row at a time; names longer
 * than the row count as far apart. */
size_t cli_edit_distance(const char *a, const char *b)
{
    enum { MAX = 96 };
    size_t la = strlen(a), lb = strlen(b), row[MAX + 1];
    if (lb > MAX || la > MAX)
        return (size_t)-1;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            size_t best = diag + !same;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

void cli_suggest_init(cli_suggest *s, const char *query)
{
    s->query = query;
    s->best = NULL;
    /* a third of the query's letters may be wrong, at least one */
    s->dist = strlen(query) / 3 > 1 ? strlen(query) / 3 : 1;
}

void cli_suggest_offer(cli_suggest *s, const char *name)
{
    size_t d = cli_edit_distance(s->query, name);
    if (d < s->dist || (d == s->dist && !s->best)) {
        s->best = name;
        s->dist = d;
    }
}
