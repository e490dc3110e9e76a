/* batch_report.c - the text summary and the JSON report. */
#include "batch.h"
#include "common/file_io.h"
#include "common/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Items listed as failures (summary lines, the "failures" array): not
 * the skipped ones, nor the ones never started. */
static bool report_is_failure(const batch_item *it)
{
    return it->status == BATCH_FAILED || it->status == BATCH_CRASHED ||
           it->status == BATCH_INTERRUPTED;
}

/* One line of totals and one of kept calls by reason (the full per-op
 * table is in the JSON report). */
static void report_print_coverage(const batch_totals *t, FILE *out)
{
    if (!t->ops)
        return;
    dxil_op_stat tot;
    dxil_stats_totals(t->ops, &tot);
    unsigned long long kept = tot.calls - tot.raised;
    fprintf(out, "op coverage: %llu dx.op calls of %zu ops in %llu modules: %llu raised (%.1f%%), "
                 "%llu kept\n",
            (unsigned long long)tot.calls, dxil_stats_op_count(t->ops),
            (unsigned long long)dxil_stats_module_count(t->ops), (unsigned long long)tot.raised,
            tot.calls ? 100.0 * (double)tot.raised / (double)tot.calls : 100.0, kept);
    if (kept) {
        fputs("  kept:", out);
        for (unsigned r = 0; r < DXIL_KEEP_REASON_COUNT; r++)
            if (tot.kept[r])
                fprintf(out, " %s %llu", dxil_keep_reason_name(r), (unsigned long long)tot.kept[r]);
        fputc('\n', out);
    }
    if (t->ops_missing)
        fprintf(out, "  (counts missing for %zu converted shaders)\n", t->ops_missing);
}

/* --stats: the whole run's per-op table, as text or JSON. */
static void report_print_stats(const batch_options *o, const batch_totals *t, FILE *out)
{
    if (!t->ops || !o->load.stats)
        return;
    if (o->load.stats == 1) {
        dxil_stats_print(t->ops, out);
        return;
    }
    char *json = dxil_stats_json_string(t->ops, true);
    if (json)
        fprintf(out, "%s\n", json);
    free(json);
}

void batch_summary_print(const batch_options *o, const batch_list *list, const batch_totals *t,
                         FILE *out)
{
    double rate = t->seconds > 0 ? (double)list->count / t->seconds : 0;
    fprintf(out, "batch: %zu shaders: %zu ok, %zu failed, %zu crashed", list->count, t->ok,
            t->failed, t->crashed);
    if (t->skipped)
        fprintf(out, ", %zu skipped", t->skipped);
    fprintf(out, " in %.2f s (%.1f/s, %u %s", t->seconds, rate, o->jobs,
            o->isolate ? (o->jobs == 1 ? "process" : "processes")
                       : (o->jobs == 1 ? "thread" : "threads"));
    if (o->shard_count > 1)
        fprintf(out, ", shard %u/%u", o->shard_index, o->shard_count);
    fputs(")\n", out);
    if (t->stop_signal)
        fprintf(out, "interrupted by %s: %zu in flight stopped, %zu not started\n",
                batch_signal_name(t->stop_signal), t->interrupted, t->not_run);
    for (size_t i = 0; i < list->count; i++) {
        const batch_item *it = &list->items[i];
        /* A library failure's reason is its first diagnostic, which
         * already names the file; a crash's reason does not. */
        if (it->status == BATCH_FAILED)
            fprintf(out, "  failed: %s\n", it->reason ? it->reason : it->path);
        else if (report_is_failure(it))
            fprintf(out, "  %s: %s: %s\n", batch_status_name(it->status), it->path,
                    it->reason ? it->reason : "(no reason)");
    }
    report_print_coverage(t, out);
    report_print_stats(o, t, out);
}

/* The shader's facts (batch_info_json), key by key, after "ms". */
static void report_add_info(json_object *j, const batch_item *it)
{
    json_object *info = it->info ? json_tokener_parse(it->info) : NULL;
    if (!info)
        return;
    json_object_object_foreach(info, key, val)
        json_object_object_add(j, key, json_object_get(val));
    json_object_put(info);
}

/* The members before the facts: "path", "status", "ms". */
static json_object *report_item_head(const batch_item *it)
{
    json_object *j = json_object_new_object();
    json_object_object_add(j, "path", json_object_new_string(it->path));
    json_object_object_add(j, "status", json_object_new_string(batch_status_name(it->status)));
    json_object_object_add(j, "ms", json_object_new_double(it->ms));
    return j;
}

/* The members after them: "output", and for a failure "reason", "code"
 * and "signal". */
static json_object *report_item_tail(const batch_options *o, const batch_item *it)
{
    json_object *j = json_object_new_object();
    bool done = it->status == BATCH_OK || it->status == BATCH_SKIPPED;
    if (done && o->outdir) {
        char *out = batch_output_path(o->outdir, it->rel, o->emit);
        json_object_object_add(j, "output", out ? json_object_new_string(out) : NULL);
        free(out);
    }
    if (!report_is_failure(it))
        return j;
    json_object_object_add(j, "reason", json_object_new_string(it->reason ? it->reason : ""));
    json_object_object_add(j, "code", it->code ? json_object_new_int(it->code) : NULL);
    json_object_object_add(j, "signal",
                           it->signal ? json_object_new_string(batch_signal_name(it->signal))
                                      : NULL);
    return j;
}

static json_object *report_item(const batch_options *o, const batch_item *it)
{
    json_object *j = report_item_head(it);
    report_add_info(j, it);
    json_object *tail = report_item_tail(o, it);
    json_object_object_foreach(tail, key, val)
        json_object_object_add(j, key, json_object_get(val));
    json_object_put(tail);
    return j;
}

/* --emit=spirv: the Vulkan version asked for, the register shifts, and
 * whether LLVM's SPIR-V backend ran in a child of its own. */
static json_object *report_spirv_options(const cli_spirv *s)
{
    static const char *const envs[] = {[DXIL_SPIRV_ENV_DEFAULT] = "default",
                                       [DXIL_SPIRV_ENV_VULKAN_1_2] = "vulkan1.2",
                                       [DXIL_SPIRV_ENV_VULKAN_1_3] = "vulkan1.3"};
    json_object *j = json_object_new_object();
    json_object_object_add(j, "target_env", json_object_new_string(envs[s->opts.target_env]));
    json_object *shifts = json_object_new_array();
    for (size_t i = 0; i < s->opts.n_shifts; i++) {
        const dxil_spirv_shift *sh = &s->shifts[i];
        char text[48];
        if (sh->all_spaces)
            snprintf(text, sizeof text, "%c:%u:all", sh->cls, sh->shift);
        else
            snprintf(text, sizeof text, "%c:%u:%u", sh->cls, sh->shift, sh->space);
        json_object_array_add(shifts, json_object_new_string(text));
    }
    json_object_object_add(j, "shifts", shifts);
    json_object_object_add(j, "backend_isolated", json_object_new_boolean(s->opts.isolate));
    return j;
}

static json_object *report_options(const batch_options *o)
{
    json_object *j = json_object_new_object();
    json_object_object_add(j, "input", json_object_new_string(o->input ? o->input : ""));
    json_object_object_add(j, "output_dir", o->outdir ? json_object_new_string(o->outdir) : NULL);
    json_object_object_add(j, "emit", json_object_new_string(batch_emit_name(o->emit)));
    json_object_object_add(j, "jobs", json_object_new_int((int)o->jobs));
    json_object_object_add(j, "isolate", json_object_new_boolean(o->isolate));
    json_object_object_add(j, "timeout_s", json_object_new_int((int)o->timeout_s));
    json_object_object_add(j, "resume", json_object_new_boolean(o->resume));
    json_object_object_add(j, "durable", json_object_new_boolean(o->durable));
    json_object *shard = json_object_new_object();
    json_object_object_add(shard, "index", json_object_new_int((int)o->shard_index));
    json_object_object_add(shard, "count", json_object_new_int((int)o->shard_count));
    json_object_object_add(j, "shard", shard);
    if (o->emit == BATCH_EMIT_SPIRV)
        json_object_object_add(j, "spirv", report_spirv_options(&o->spirv));
    return j;
}

/* Everything but the per-shader arrays, in the report's key order; the
 * arrays go where the NULL placeholders are. */
static json_object *report_head(const batch_options *o, const batch_list *list,
                                const batch_totals *t)
{
    json_object *root = json_object_new_object();
    json_object_object_add(root, "tool", json_object_new_string("dxil-upgrade"));
    json_object_object_add(root, "version", json_object_new_string(dxil_upgrade_version_string()));
    json_object_object_add(root, "options", report_options(o));
    json_object_object_add(root, "total", json_object_new_int64((int64_t)list->count));
    json_object_object_add(root, "ok", json_object_new_int64((int64_t)t->ok));
    json_object_object_add(root, "failed", json_object_new_int64((int64_t)t->failed));
    json_object_object_add(root, "crashed", json_object_new_int64((int64_t)t->crashed));
    json_object_object_add(root, "skipped", json_object_new_int64((int64_t)t->skipped));
    /* A stopped batch: what was in flight, what never started. */
    json_object_object_add(root, "interrupted", json_object_new_boolean(t->stop_signal != 0));
    json_object_object_add(root, "stop_signal", t->stop_signal
                               ? json_object_new_string(batch_signal_name(t->stop_signal)) : NULL);
    json_object_object_add(root, "interrupted_shaders",
                           json_object_new_int64((int64_t)t->interrupted));
    json_object_object_add(root, "not_run", json_object_new_int64((int64_t)t->not_run));
    json_object_object_add(root, "stale_temps_removed",
                           json_object_new_int64((int64_t)t->stale_removed));
    json_object_object_add(root, "seconds", json_object_new_double(t->seconds));
    json_object_object_add(root, "peak_rss_mib", json_object_new_double(t->peak_rss_mib));
    json_object_object_add(root, "failures", NULL);
    json_object_object_add(root, "shaders", NULL);
    json_object *cov = t->ops ? dxil_stats_to_json(t->ops) : NULL;
    if (cov)
        json_object_object_add(cov, "missing_shaders", json_object_new_int64((int64_t)t->ops_missing));
    json_object_object_add(root, "op_coverage", cov);
    return root;
}

static bool report_in_array(const char *key, const batch_item *it)
{
    return strcmp(key, "shaders") == 0 || report_is_failure(it);
}

json_object *batch_report_json(const batch_options *o, const batch_list *list,
                               const batch_totals *t)
{
    json_object *root = report_head(o, list, t);
    static const char *const arrays[] = {"failures", "shaders"};
    for (int a = 0; a < 2; a++) {
        json_object *arr = json_object_new_array();
        for (size_t i = 0; i < list->count; i++)
            if (report_in_array(arrays[a], &list->items[i]))
                json_object_array_add(arr, report_item(o, &list->items[i]));
        json_object_object_add(root, arrays[a], arr);
    }
    return root;
}

#define REPORT_FLAGS (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE)

/* v pretty-printed with every line after the first moved right by
 * indent spaces (at most 8): json-c indents a value as if it began in
 * column 0. Lines are written as they are (a formatted print per line was
 * ~40% of the report's cost). */
static void report_put_json(FILE *f, json_object *v, int indent)
{
    static const char spaces[] = "        ";
    size_t pad = (size_t)indent < sizeof spaces - 1 ? (size_t)indent : sizeof spaces - 1;
    const char *text = v ? json_object_to_json_string_ext(v, REPORT_FLAGS) : "null";
    for (const char *nl; (nl = strchr(text, '\n')) != NULL; text = nl + 1) {
        fwrite(text, 1, (size_t)(nl - text) + 1, f);
        fwrite(spaces, 1, pad, f);
    }
    fputs(text, f);
}

/* A growing text buffer; failed once memory ran out. */
typedef struct report_buf {
    char *s;
    size_t n, cap;
    bool failed;
} report_buf;

static void rbuf_put(report_buf *b, const char *s, size_t n)
{
    while (!b->failed && b->n + n > b->cap) {
        char *g = grow_array(b->s, &b->cap, b->cap, 1, 256); /* doubles */
        if (!g)
            b->failed = true;
        else
            b->s = g;
    }
    if (!b->failed) {
        memcpy(b->s + b->n, s, n);
        b->n += n;
    }
}

static void rbuf_line(report_buf *b, int spaces)
{
    static const char pad[] = "\n                ";
    rbuf_put(b, pad, 1 + (size_t)(spaces < (int)sizeof pad - 2 ? spaces : (int)sizeof pad - 2));
}

/* Compact JSON text (json-c's plain form) laid out as json-c's pretty
 * form: a new line after each opening bracket and comma, two spaces a
 * level, an empty object or array as its brackets on two lines; every
 * line after the first moved right by base spaces. */
static void report_reindent(report_buf *b, const char *s, int base)
{
    int depth = 0;
    bool in_str = false;
    const char *run = s;
    for (const char *p = s; *p; p++) {
        char c = *p;
        if (in_str || c == '"') {
            in_str = c == '"' ? !in_str : in_str;
            p += in_str && c == '\\' && p[1];
            continue;
        }
        bool open = c == '{' || c == '[', close = c == '}' || c == ']';
        if (!open && !close && c != ',')
            continue;
        /* Up to the bracket or comma; a closing bracket goes after the
         * line break, so it starts the next run. */
        rbuf_put(b, run, (size_t)(p - run) + !close);
        run = close ? p : p + 1;
        if (open && (p[1] == '}' || p[1] == ']')) {
            rbuf_line(b, base + 2 * depth);
            run = ++p; /* the empty one's closing bracket, as it is */
            continue;
        }
        depth += open ? 1 : close ? -1 : 0;
        rbuf_line(b, base + 2 * depth);
    }
    rbuf_put(b, run, strlen(run));
}

/* json-c's plain text of o's members, without the braces ("" if none). */
static const char *report_members(json_object *o, size_t *len)
{
    const char *t = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
                                                          JSON_C_TO_STRING_NOSLASHESCAPE);
    size_t n = t ? strlen(t) : 0;
    *len = n >= 2 ? n - 2 : 0;
    return n >= 2 ? t + 1 : "";
}

/* One item as report_item would print: head, facts and tail members
 * joined as compact text, then laid out (a json-c tree of the item, parsed
 * facts and pretty printing were ~90k instructions a shader). */
static void report_item_text(report_buf *b, const batch_options *o, const batch_item *it,
                             int base)
{
    json_object *head = report_item_head(it), *tail = report_item_tail(o, it);
    report_buf c = {0};
    size_t n;
    const char *m = report_members(head, &n);
    rbuf_put(&c, "{", 1);
    rbuf_put(&c, m, n);
    size_t info = it->info ? strlen(it->info) : 0;
    if (info > 2 && it->info[0] == '{' && it->info[info - 1] == '}') {
        rbuf_put(&c, ",", 1);
        rbuf_put(&c, it->info + 1, info - 2);
    }
    m = report_members(tail, &n);
    if (n) {
        rbuf_put(&c, ",", 1);
        rbuf_put(&c, m, n);
    }
    rbuf_put(&c, "}", 2); /* with the terminating NUL */
    if (c.failed)
        b->failed = true;
    else
        report_reindent(b, c.s, base);
    free(c.s);
    json_object_put(head);
    json_object_put(tail);
}

/* One array, written an item at a time: a report over 100k shaders as a
 * json-c tree took ~1.4 KB per shader, as text it takes ~200 bytes. */
static void report_stream_array(FILE *f, const batch_options *o, const batch_list *list,
                                const char *key)
{
    fputc('[', f);
    const char *sep = "\n    ";
    report_buf b = {0};
    for (size_t i = 0; i < list->count; i++) {
        if (!report_in_array(key, &list->items[i]))
            continue;
        fputs(sep, f);
        b.n = 0;
        report_item_text(&b, o, &list->items[i], 4);
        if (b.failed) { /* out of memory: the slower way */
            json_object *item = report_item(o, &list->items[i]);
            report_put_json(f, item, 4);
            json_object_put(item);
            b.failed = false;
        } else {
            fwrite(b.s, 1, b.n, f);
        }
        sep = ",\n    ";
    }
    free(b.s);
    fputs(strcmp(sep, ",\n    ") == 0 ? "\n  ]" : "]", f);
}

/* The report as text: the head's keys in order, the arrays streamed. */
static char *report_text(const batch_options *o, const batch_list *list, const batch_totals *t,
                         size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    json_object *head = report_head(o, list, t);
    const char *sep = "{\n";
    json_object_object_foreach(head, key, val) {
        fprintf(f, "%s  \"%s\":", sep, key);
        if (strcmp(key, "failures") == 0 || strcmp(key, "shaders") == 0)
            report_stream_array(f, o, list, key);
        else
            report_put_json(f, val, 2);
        sep = ",\n";
    }
    fputs("\n}\n", f);
    json_object_put(head);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

bool batch_report_is_csv(const batch_options *o)
{
    if (o->report_format != BATCH_REPORT_AUTO)
        return o->report_format == BATCH_REPORT_CSV;
    size_t n = o->report ? strlen(o->report) : 0;
    return n >= 4 && strcasecmp(o->report + n - 4, ".csv") == 0;
}

int batch_report_write(const batch_options *o, const batch_list *list, const batch_totals *t,
                       const char *path)
{
    size_t len = 0;
    char *text = batch_report_is_csv(o) ? batch_report_csv(o, list, &len)
                                        : report_text(o, list, t, &len);
    dxil_diags *diags = dxil_diags_create();
    int rc = text ? file_write_atomic(path, text, len, diags) : -1;
    if (rc != 0)
        dxil_diags_print(diags, stderr, path);
    dxil_diags_destroy(diags);
    free(text);
    return rc;
}
