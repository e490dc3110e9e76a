/* batch_info.c - what the batch report says about one converted shader:
 * input kind, stage, shader model, DXIL version, container parts and its
 * dx.op counts. Built right after the conversion as compact JSON text, so
 * each item holds a few hundred bytes however large the run (a --isolate
 * child sends the same text to the parent). */
#include "batch.h"
#include "dxil-upgrade/dxil_container.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Status words shared by the JSON report, the CSV rows and the summary. */
static const char *const report_status_names[] = {
    [BATCH_PENDING] = "pending", [BATCH_OK] = "ok", [BATCH_FAILED] = "failed",
    [BATCH_CRASHED] = "crashed", [BATCH_SKIPPED] = "skipped",
    [BATCH_INTERRUPTED] = "interrupted"};

const char *batch_status_name(batch_status st)
{
    return report_status_names[st];
}

static json_object *info_version(uint32_t major, uint32_t minor)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%u.%u", major, minor);
    return json_object_new_string(buf);
}

/* The container's part FourCCs in file order; NULL for other inputs. */
static json_object *info_parts(const void *data, size_t size)
{
    dxil_container c;
    dxil_diags *d = dxil_diags_create();
    int rc = d ? dxil_container_parse(data, size, &c, d) : -1;
    dxil_diags_destroy(d);
    if (rc != 0)
        return NULL;
    json_object *arr = json_object_new_array();
    for (uint32_t i = 0; i < c.part_count; i++)
        json_object_array_add(arr, json_object_new_string(c.parts[i].name));
    dxil_container_free(&c);
    return arr;
}

/* {"reason": n, ...} for the non-zero kept counts of one op or the total. */
static json_object *info_kept(const dxil_op_stat *st)
{
    json_object *j = json_object_new_object();
    for (unsigned r = 0; r < DXIL_KEEP_REASON_COUNT; r++)
        if (st->kept[r])
            json_object_object_add(j, dxil_keep_reason_name(r),
                                   json_object_new_int64((int64_t)st->kept[r]));
    return j;
}

/* The counts; per op, the reasons only when something was kept. */
static void info_add_counts(json_object *j, const dxil_op_stat *st, bool reasons)
{
    json_object_object_add(j, "calls", json_object_new_int64((int64_t)st->calls));
    json_object_object_add(j, "raised", json_object_new_int64((int64_t)st->raised));
    json_object_object_add(j, "kept", json_object_new_int64((int64_t)(st->calls - st->raised)));
    if (reasons || st->calls != st->raised)
        json_object_object_add(j, "kept_by_reason", info_kept(st));
}

/* {"Sin": {"calls":..,"raised":..,"kept":..,"kept_by_reason":{..}}, ...};
 * an op the table does not know is named by its opcode. */
static json_object *info_ops(const dxil_stats *s)
{
    json_object *ops = json_object_new_object();
    for (size_t i = 0; i < dxil_stats_op_count(s); i++) {
        const dxil_op_stat *st = dxil_stats_op_at(s, i);
        char name[32];
        if (!st->name || !*st->name)
            snprintf(name, sizeof name, "op%u", (unsigned)st->opcode);
        json_object *one = json_object_new_object();
        info_add_counts(one, st, false);
        json_object_object_add(ops, st->name && *st->name ? st->name : name, one);
    }
    return ops;
}

static void info_add_header(json_object *j, const dxil_program_header *h)
{
    const char *stage = h ? dxil_shader_kind_short_name(h->shader_kind) : NULL;
    json_object_object_add(j, "stage", stage ? json_object_new_string(stage) : NULL);
    json_object_object_add(j, "shader_model", h ? info_version(h->sm_major, h->sm_minor) : NULL);
    json_object_object_add(j, "dxil_version",
                           h ? info_version(h->dxil_major, h->dxil_minor) : NULL);
}

char *batch_info_json(const dxil_module *m, const void *data, size_t size, const dxil_stats *s,
                      bool per_op)
{
    json_object *j = json_object_new_object();
    if (!j)
        return NULL;
    json_object_object_add(j, "input",
                           json_object_new_string(dxil_input_kind_name(dxil_module_input_kind(m))));
    info_add_header(j, dxil_module_program_header(m));
    json_object_object_add(j, "parts", info_parts(data, size));
    if (s) {
        dxil_op_stat tot;
        dxil_stats_totals(s, &tot);
        info_add_counts(j, &tot, true);
        if (per_op)
            json_object_object_add(j, "ops", info_ops(s));
    }
    const char *text = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN |
                                                             JSON_C_TO_STRING_NOSLASHESCAPE);
    char *out = text ? strdup(text) : NULL;
    json_object_put(j);
    return out;
}
