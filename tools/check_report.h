/* check_report.h - --check=json's report (check_report.c). */
#ifndef DXIL_TOOLS_CHECK_REPORT_H
#define DXIL_TOOLS_CHECK_REPORT_H

#include "dxil-upgrade/dxil_diag.h"

#include <stdio.h>

/* {"file", "valid", "violations", "diagnostics": [{code, severity, rule,
 * family, message}]} for the diagnostics the check found. */
void check_report_json(const char *file, int violations, const dxil_diags *found, FILE *out);

#endif
