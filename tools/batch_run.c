/* batch_run.c - running the work over many shaders on threads (or, with
 * --isolate, in forked children: batch_isolate.c). */
#include "batch.h"
#include "clock.h"
#include "rss.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct batch_pool {
    const batch_options *o;
    batch_list *list;
    batch_work_fn fn;
    void *user;
    atomic_size_t next, done, failed;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    unsigned workers_left;
    batch_totals *t; /* t->ops: merged under lock as each worker ends */
} batch_pool;

/* A worker's own statistics object, merged into the total when it ends. */
static dxil_stats *batch_worker_stats_begin(const batch_pool *p)
{
    dxil_stats *s = p->t->ops ? dxil_stats_create() : NULL;
    batch_set_thread_stats(s);
    return s;
}

static void batch_worker_stats_end(batch_pool *p, dxil_stats *s, size_t converted)
{
    batch_set_thread_stats(NULL);
    if (p->t->ops && (!s || dxil_stats_merge(p->t->ops, s) != 0))
        p->t->ops_missing += converted;
    dxil_stats_destroy(s);
}

static void *batch_worker(void *arg)
{
    batch_pool *p = arg;
    dxil_stats *stats = batch_worker_stats_begin(p);
    size_t converted = 0;
    for (;;) {
        size_t i = atomic_fetch_add(&p->next, 1);
        if (i >= p->list->count)
            break;
        batch_item *it = &p->list->items[i];
        double t0 = clock_now();
        if (p->fn(p->o, it, p->user) != 0 || it->status != BATCH_OK)
            atomic_fetch_add(&p->failed, 1);
        else
            converted++;
        it->ms = (clock_now() - t0) * 1e3;
        atomic_fetch_add(&p->done, 1);
    }
    pthread_mutex_lock(&p->lock);
    batch_worker_stats_end(p, stats, converted);
    p->workers_left--;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* The main thread only draws progress while the workers run. */
static void batch_wait_workers(batch_pool *p, batch_progress *prog)
{
    pthread_mutex_lock(&p->lock);
    while (p->workers_left > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 100 * 1000 * 1000;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->cond, &p->lock, &ts);
        batch_progress_update(prog, atomic_load(&p->done), atomic_load(&p->failed));
    }
    pthread_mutex_unlock(&p->lock);
}

static void batch_run_threads(const batch_options *o, batch_list *list, batch_work_fn fn,
                              void *user, batch_progress *prog, batch_totals *t)
{
    batch_pool p = {.o = o, .list = list, .fn = fn, .user = user, .t = t};
    atomic_init(&p.next, 0);
    atomic_init(&p.done, 0);
    atomic_init(&p.failed, 0);
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.cond, NULL);
    unsigned n = o->jobs ? o->jobs : 1;
    if (n > list->count)
        n = list->count ? (unsigned)list->count : 1;
    pthread_t *tids = calloc(n, sizeof *tids);
    unsigned started = 0;
    p.workers_left = n;
    for (; tids && started < n; started++)
        if (pthread_create(&tids[started], NULL, batch_worker, &p) != 0)
            break;
    /* Threads that could not start still count as finished workers. */
    pthread_mutex_lock(&p.lock);
    p.workers_left -= n - started;
    pthread_mutex_unlock(&p.lock);
    if (started == 0) {
        p.workers_left = 1; /* no thread: work on this one */
        batch_worker(&p);
    }
    batch_wait_workers(&p, prog);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    free(tids);
    pthread_cond_destroy(&p.cond);
    pthread_mutex_destroy(&p.lock);
}

static void batch_count(const batch_list *list, batch_totals *t)
{
    for (size_t i = 0; i < list->count; i++) {
        batch_status s = list->items[i].status;
        if (s == BATCH_OK)
            t->ok++;
        else if (s == BATCH_CRASHED)
            t->crashed++;
        else
            t->failed++;
    }
}

void batch_run(const batch_options *o, batch_list *list, batch_work_fn fn, void *user,
               batch_totals *totals)
{
    memset(totals, 0, sizeof *totals);
    totals->ops = o->op_stats ? dxil_stats_create() : NULL;
    double t0 = clock_now();
    batch_progress *prog = batch_progress_start(o->progress, list->count);
    if (o->isolate)
        batch_run_isolated(o, list, fn, user, prog, totals);
    else
        batch_run_threads(o, list, fn, user, prog, totals);
    batch_progress_finish(prog);
    totals->seconds = clock_now() - t0;
    totals->peak_rss_mib = rss_peak_mib();
    batch_count(list, totals);
}

void batch_totals_free(batch_totals *t)
{
    dxil_stats_destroy(t->ops);
    t->ops = NULL;
}
