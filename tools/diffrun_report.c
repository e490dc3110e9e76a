/* diffrun_report.c - dxil-diffrun's results: the summary table, CSV and
 * JSON (docs/differential.md). */
#include "diffrun.h"

#include <stdlib.h>
#include <string.h>

int dr_report_add(dr_report *r, const char *shader, const char *pipe, dr_verdict v,
                  uint32_t max_ulps, const char *detail)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        dr_row *rows = realloc(r->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        r->rows = rows;
        r->cap = cap;
    }
    dr_row *row = &r->rows[r->n];
    *row = (dr_row){strdup(shader), pipe, v, max_ulps, strdup(detail ? detail : "")};
    if (!row->shader || !row->detail)
        return -1;
    r->n++;
    return 0;
}

void dr_report_free(dr_report *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->rows[i].shader);
        free(r->rows[i].detail);
    }
    free(r->rows);
    memset(r, 0, sizeof *r);
}

/* Counts of one pipeline's rows by verdict, and its largest drift. */
static void dr_count(const dr_report *r, const char *pipe, size_t counts[DR_VERDICTS],
                     uint32_t *max_ulps)
{
    memset(counts, 0, DR_VERDICTS * sizeof *counts);
    *max_ulps = 0;
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->rows[i].pipe, pipe) == 0) {
            counts[r->rows[i].verdict]++;
            if (r->rows[i].max_ulps > *max_ulps)
                *max_ulps = r->rows[i].max_ulps;
        }
}

void dr_report_table(const dr_report *r, const char *const *pipes, size_t n_pipes, FILE *out)
{
    fprintf(out, "%zu shaders, %zu run as written (the others: see 'original' below)\n\n",
            r->shaders, r->runnable);
    fprintf(out, "%-12s %6s %6s %6s %9s %7s %8s %10s\n", "pipeline", "runs", "same", "drift",
            "mismatch", "nondet", "refused", "max-ulps");
    for (size_t p = 0; p < n_pipes; p++) {
        size_t c[DR_VERDICTS], runs = 0;
        uint32_t mu;
        dr_count(r, pipes[p], c, &mu);
        for (int v = 0; v < DR_VERDICTS; v++)
            runs += c[v];
        fprintf(out, "%-12s %6zu %6zu %6zu %9zu %7zu %8zu %10u\n", pipes[p], runs, c[DR_SAME],
                c[DR_DRIFT], c[DR_MISMATCH], c[DR_NONDET], c[DR_REFUSED], mu);
    }
    for (size_t i = 0; i < r->n; i++) {
        const dr_row *row = &r->rows[i];
        if (row->verdict == DR_MISMATCH)
            fprintf(out, "mismatch: %s after %s: %s\n", row->shader, row->pipe, row->detail);
    }
}

/* A CSV field: quoted, quotes doubled. */
static void dr_csv_field(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

int dr_report_csv(const dr_report *r, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("shader,pipeline,verdict,max_ulps,detail\n", f);
    for (size_t i = 0; i < r->n; i++) {
        const dr_row *row = &r->rows[i];
        dr_csv_field(f, row->shader);
        fprintf(f, ",%s,%s,%u,", row->pipe, dr_verdict_names[row->verdict], row->max_ulps);
        dr_csv_field(f, row->detail);
        fputc('\n', f);
    }
    return fclose(f) == 0 ? 0 : -1;
}

static void dr_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

int dr_report_json(const dr_report *r, const char *const *pipes, size_t n_pipes,
                   const dr_config *cfg, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "{\n  \"shaders\": %zu,\n  \"runnable\": %zu,\n  \"seed\": %llu,\n", r->shaders,
            r->runnable, (unsigned long long)cfg->seed);
    fprintf(f, "  \"dispatch\": [%u, %u, %u],\n  \"max_ulps\": %u,\n  \"pipelines\": {",
            cfg->dispatch[0], cfg->dispatch[1], cfg->dispatch[2], cfg->max_ulps);
    for (size_t p = 0; p < n_pipes; p++) {
        size_t c[DR_VERDICTS];
        uint32_t mu;
        dr_count(r, pipes[p], c, &mu);
        fprintf(f, "%s\n    \"%s\": {", p ? "," : "", pipes[p]);
        for (int v = 0; v < DR_VERDICTS; v++)
            fprintf(f, "\"%s\": %zu, ", dr_verdict_names[v], c[v]);
        fprintf(f, "\"max_ulps_seen\": %u}", mu);
    }
    fputs("\n  },\n  \"rows\": [", f);
    for (size_t i = 0; i < r->n; i++) {
        const dr_row *row = &r->rows[i];
        fprintf(f, "%s\n    {\"shader\": ", i ? "," : "");
        dr_json_string(f, row->shader);
        fprintf(f, ", \"pipeline\": \"%s\", \"verdict\": \"%s\", \"max_ulps\": %u, \"detail\": ",
                row->pipe, dr_verdict_names[row->verdict], row->max_ulps);
        dr_json_string(f, row->detail);
        fputc('}', f);
    }
    fputs("\n  ]\n}\n", f);
    return fclose(f) == 0 ? 0 : -1;
}
