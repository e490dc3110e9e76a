/* batch_progress.c - the progress bar of `dxil-upgrade --batch`. */
#include "batch.h"
#include "clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PROGRESS_WIDTH = 30 };

struct batch_progress {
    size_t total;
    double t0, last;
};

batch_progress *batch_progress_start(int mode, size_t total)
{
    bool on = mode > 0 || (mode < 0 && isatty(STDERR_FILENO));
    batch_progress *p = on ? calloc(1, sizeof *p) : NULL;
    if (p) {
        p->total = total;
        p->t0 = clock_now();
    }
    return p;
}

static void progress_draw(const batch_progress *p, size_t done, size_t failed, double now)
{
    char bar[PROGRESS_WIDTH + 1];
    size_t fill = p->total ? done * PROGRESS_WIDTH / p->total : PROGRESS_WIDTH;
    memset(bar, '#', fill);
    memset(bar + fill, '.', PROGRESS_WIDTH - fill);
    bar[PROGRESS_WIDTH] = '\0';
    double el = now - p->t0;
    double rate = el > 0 ? (double)done / el : 0;
    fprintf(stderr, "\r[%s] %zu/%zu  failed %zu  %.0f/s  ", bar, done, p->total, failed, rate);
    fflush(stderr);
}

void batch_progress_update(batch_progress *p, size_t done, size_t failed)
{
    if (!p)
        return;
    double now = clock_now();
    if (done < p->total && now - p->last < 0.1)
        return; /* at most ten redraws a second */
    p->last = now;
    progress_draw(p, done, failed, now);
}

void batch_progress_finish(batch_progress *p)
{
    if (!p)
        return;
    fputc('\n', stderr);
    free(p);
}
