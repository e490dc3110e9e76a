/* rss.c - this process's resident set from /proc/self/status.
 *
 * VmHWM, not getrusage: ru_maxrss counts the pages a process had before
 * exec, i.e. its parent's at fork, so a large parent (dxil-bench spawning
 * the batch) would hide the child's own figure.
 */
#include "rss.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The kB value of one "Key:  N kB" line, in MiB; 0 if absent. */
static double rss_status_mib(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    size_t n = strlen(key);
    double kib = 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0) {
            kib = strtod(line + n, NULL);
            break;
        }
    fclose(f);
    return kib / 1024.0;
}

double rss_peak_mib(void)
{
    return rss_status_mib("VmHWM:");
}

double rss_current_mib(void)
{
    return rss_status_mib("VmRSS:");
}
