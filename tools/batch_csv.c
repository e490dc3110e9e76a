/* batch_csv.c - the batch report as CSV: one row per shader, for a
 * spreadsheet or a data-frame. Lists inside a cell are space-separated
 * ("DXIL HASH", "Sin=3/3" as calls/raised, "texture-form=1"). */
#include "batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char csv_header[] =
    "path,status,ms,input,stage,shader_model,dxil_version,parts,calls,raised,kept,"
    "kept_by_reason,ops,output,code,signal,reason\n";

/* One field, quoted (RFC 4180) when it holds a comma, quote or newline. */
static void csv_field(FILE *f, const char *text, bool last)
{
    text = text ? text : "";
    if (strpbrk(text, ",\"\r\n")) {
        fputc('"', f);
        for (const char *p = text; *p; p++) {
            if (*p == '"')
                fputc('"', f); /* a quote is doubled */
            fputc(*p, f);
        }
        fputc('"', f);
    } else {
        fputs(text, f);
    }
    fputc(last ? '\n' : ',', f);
}

/* A string or number member of the shader's facts as text ("" if none). */
static const char *csv_member(json_object *info, const char *key)
{
    json_object *v;
    if (!info || !json_object_object_get_ex(info, key, &v) || !v)
        return "";
    return json_object_get_string(v);
}

/* "a b c" from an array, "k=v ..." from an object ("k=calls/raised" when
 * the values are op records); written into a memory stream. */
static char *csv_list(json_object *info, const char *key)
{
    json_object *v;
    if (!info || !json_object_object_get_ex(info, key, &v) || !v)
        return NULL;
    char *text = NULL;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    const char *sep = "";
    if (json_object_is_type(v, json_type_array)) {
        for (size_t i = 0; i < json_object_array_length(v); i++, sep = " ")
            fprintf(f, "%s%s", sep, json_object_get_string(json_object_array_get_idx(v, i)));
    } else {
        json_object_object_foreach(v, k, val) {
            fprintf(f, "%s%s=%s", sep, k, json_object_is_type(val, json_type_object)
                                              ? csv_member(val, "calls") : json_object_get_string(val));
            if (json_object_is_type(val, json_type_object))
                fprintf(f, "/%s", csv_member(val, "raised"));
            sep = " ";
        }
    }
    fclose(f);
    return text;
}

static void csv_info_fields(FILE *f, json_object *info)
{
    static const char *const plain[] = {"input", "stage", "shader_model", "dxil_version"};
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        csv_field(f, csv_member(info, plain[i]), false);
    char *parts = csv_list(info, "parts");
    csv_field(f, parts, false);
    free(parts);
    static const char *const counts[] = {"calls", "raised", "kept"};
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++)
        csv_field(f, csv_member(info, counts[i]), false);
    static const char *const lists[] = {"kept_by_reason", "ops"};
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
        char *text = csv_list(info, lists[i]);
        csv_field(f, text, false);
        free(text);
    }
}

static void csv_row(FILE *f, const batch_options *o, const batch_item *it)
{
    char num[32];
    csv_field(f, it->path, false);
    csv_field(f, batch_status_name(it->status), false);
    snprintf(num, sizeof num, "%.3f", it->ms);
    csv_field(f, num, false);
    json_object *info = it->info ? json_tokener_parse(it->info) : NULL;
    csv_info_fields(f, info);
    json_object_put(info);
    bool done = it->status == BATCH_OK || it->status == BATCH_SKIPPED;
    char *out = done && o->outdir ? batch_output_path(o->outdir, it->rel, o->emit) : NULL;
    csv_field(f, out, false);
    free(out);
    snprintf(num, sizeof num, "%d", it->code);
    csv_field(f, it->code ? num : "", false);
    csv_field(f, it->signal ? batch_signal_name(it->signal) : "", false);
    csv_field(f, it->reason, true);
}

char *batch_report_csv(const batch_options *o, const batch_list *list, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    fputs(csv_header, f);
    for (size_t i = 0; i < list->count; i++)
        csv_row(f, o, &list->items[i]);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
