/* bench_util.c - quantiles and CSV rows for every dxil-bench section. */
#include "bench.h"

#include <stdlib.h>

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_quantile(double *v, size_t n, double q)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, bench_cmp_double);
    size_t i = (size_t)(q * (double)(n - 1) + 0.5);
    return v[i < n ? i : n - 1];
}

void bench_csv_row(bench_csv *csv, const char *section, const char *item, const char *metric,
                   double value, const char *unit)
{
    if (csv->f)
        fprintf(csv->f, "%s,%s,%s,%.6g,%s\n", section, item, metric, value, unit);
}
