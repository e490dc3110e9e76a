/* check_report.c - --check=json: the validator's verdict on one input as
 * a JSON report on stdout, for CI and corpus scripts (docs/diagnostics.md
 * "The validator"). */
#include "check_report.h"
#include "dxil-upgrade/dxil_validate.h"

#include <json-c/json.h>

static json_object *report_diag(const dxil_diag *d)
{
    static const char *const sev[] = {"note", "warning", "error"};
    json_object *o = json_object_new_object();
    char family[32];
    const char *rule = dxil_rule_name(d->code);
    json_object_object_add(o, "code", json_object_new_int(d->code));
    json_object_object_add(o, "severity",
                           json_object_new_string(sev[d->severity <= 2 ? d->severity : 2]));
    json_object_object_add(o, "rule", rule ? json_object_new_string(rule) : NULL);
    json_object_object_add(o, "family",
                           rule ? json_object_new_string(dxil_rule_family(d->code, family,
                                                                          sizeof family))
                                : NULL);
    json_object_object_add(o, "message", json_object_new_string(d->message));
    return o;
}

void check_report_json(const char *file, int violations, const dxil_diags *found, FILE *out)
{
    json_object *root = json_object_new_object();
    json_object *list = json_object_new_array();
    for (size_t i = 0; i < dxil_diags_count(found); i++)
        json_object_array_add(list, report_diag(dxil_diags_get(found, i)));
    json_object_object_add(root, "file", json_object_new_string(file));
    json_object_object_add(root, "valid", json_object_new_boolean(violations == 0));
    json_object_object_add(root, "violations", json_object_new_int(violations));
    json_object_object_add(root, "diagnostics", list);
    fprintf(out, "%s\n", json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
                                                                   JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(root);
}
