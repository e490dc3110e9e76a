/* batch_run.c - running the work over many shaders on threads (or, with
 * --isolate, in forked children: batch_isolate.c).
 *
 * The time limit on threads: a thread inside LLVM cannot be stopped
 * safely (cancelling it would leak or corrupt its context and could hold
 * an allocator lock forever). So a watchdog on the main thread abandons a
 * shader that runs past the limit: it is reported as timed out, a new
 * worker takes over its place, and the stuck thread, detached, may finish
 * or not; nothing it does afterwards reaches the results. A process that
 * abandoned a thread ends with _exit (batch_main). --isolate kills the
 * child instead, which also frees its memory.
 */
#include "batch.h"
#include "clock.h"
#include "common/file_io.h"
#include "rss.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BATCH_IDLE SIZE_MAX

typedef struct batch_pool batch_pool;

/* One worker thread. Fields other than tid are under the pool's lock. */
typedef struct batch_slot {
    batch_pool *p;
    pthread_t tid;
    size_t item;      /* the item in hand, or BATCH_IDLE */
    double t0;
    size_t converted; /* shaders counted into this worker's statistics */
    bool abandoned;
} batch_slot;

/* Heap-allocated and reference-counted: an abandoned worker may outlive
 * batch_run, so it holds its own reference and never touches the list or
 * the caller's options after it was abandoned. */
struct batch_pool {
    batch_options o; /* a copy, for the same reason */
    batch_list *list;
    batch_work_fn fn;
    void *user;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    size_t next, done, failed;
    unsigned live;   /* workers neither exited nor abandoned */
    unsigned refs;   /* the caller, plus every thread not yet exited */
    bool stopping;
    batch_slot **slots;
    size_t nslots;
    batch_totals *t;
};

static void batch_pool_unref(batch_pool *p)
{
    pthread_mutex_lock(&p->lock);
    bool last = --p->refs == 0;
    pthread_mutex_unlock(&p->lock);
    if (!last)
        return;
    for (size_t i = 0; i < p->nslots; i++)
        free(p->slots[i]);
    free(p->slots);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

/* The worker's private copy of an item: the list may be gone by the time
 * an abandoned worker returns. */
static int batch_item_copy(batch_item *dst, const batch_item *src)
{
    memset(dst, 0, sizeof *dst);
    dst->path = strdup(src->path);
    if (!dst->path)
        return -1;
    if (src->rel_shared) {
        dst->rel = dst->path + (src->rel - src->path);
        dst->rel_shared = true;
    } else if ((dst->rel = strdup(src->rel)) == NULL) {
        free(dst->path);
        return -1;
    }
    return 0;
}

static void batch_item_drop(batch_item *it)
{
    if (!it->rel_shared)
        free(it->rel);
    free(it->path);
    free(it->reason);
    free(it->info);
}

/* The next item still pending, or BATCH_IDLE; under the lock. */
static size_t batch_take(batch_pool *p)
{
    while (!p->stopping && !batch_stop_signal() && p->next < p->list->count) {
        size_t i = p->next++;
        if (p->list->items[i].status != BATCH_SKIPPED)
            return i;
    }
    return BATCH_IDLE;
}

/* A finished shader's result into the list; under the lock. */
static void batch_commit(batch_pool *p, batch_slot *s, batch_item *work, int rc)
{
    batch_item *it = &p->list->items[s->item];
    it->status = rc == 0 && work->status == BATCH_OK ? BATCH_OK
                 : work->status == BATCH_OK ? BATCH_FAILED : work->status;
    it->code = work->code;
    it->signal = work->signal;
    it->reason = work->reason;
    work->reason = NULL;
    it->info = work->info;
    work->info = NULL;
    it->ms = (clock_now() - s->t0) * 1e3;
    if (it->status == BATCH_OK)
        s->converted++;
    else
        p->failed++;
    p->done++;
    s->item = BATCH_IDLE;
}

/* Runs one taken item with the lock released; false if the worker was
 * abandoned meanwhile (it must then leave without touching the list). */
static bool batch_work_one(batch_pool *p, batch_slot *s, size_t i)
{
    batch_item work;
    s->item = i;
    s->t0 = clock_now();
    int copied = batch_item_copy(&work, &p->list->items[i]);
    pthread_mutex_unlock(&p->lock);
    int rc = -1;
    if (copied == 0)
        rc = p->fn(&p->o, &work, p->user);
    else
        work = (batch_item){.status = BATCH_FAILED, .reason = strdup("out of memory")};
    pthread_mutex_lock(&p->lock);
    bool keep = !s->abandoned;
    if (keep)
        batch_commit(p, s, &work, rc);
    batch_item_drop(&work);
    return keep;
}

static void *batch_worker(void *arg)
{
    batch_slot *s = arg;
    batch_pool *p = s->p;
    pthread_mutex_lock(&p->lock);
    dxil_stats *stats = p->t->ops ? dxil_stats_create() : NULL;
    batch_set_thread_stats(stats);
    for (size_t i; (i = batch_take(p)) != BATCH_IDLE;)
        if (!batch_work_one(p, s, i))
            break;
    batch_set_thread_stats(NULL);
    /* An abandoned worker's counts are dropped (the watchdog counted its
     * shaders as missing); p->t may be gone. */
    if (!s->abandoned) {
        if (p->t->ops && (!stats || dxil_stats_merge(p->t->ops, stats) != 0))
            p->t->ops_missing += s->converted;
        p->live--;
    }
    dxil_stats_destroy(stats);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
    batch_pool_unref(p);
    return NULL;
}

/* Starts one worker with SIGINT/SIGTERM blocked, so that they reach the
 * main thread; under the lock. Returns 0 or -1. */
static int batch_spawn(batch_pool *p)
{
    batch_slot **grown = realloc(p->slots, (p->nslots + 1) * sizeof *grown);
    batch_slot *s = calloc(1, sizeof *s);
    if (grown)
        p->slots = grown;
    if (!grown || !s) {
        free(s);
        return -1;
    }
    *s = (batch_slot){.p = p, .item = BATCH_IDLE};
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int rc = pthread_create(&s->tid, NULL, batch_worker, s);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        free(s);
        return -1;
    }
    p->slots[p->nslots++] = s;
    p->live++;
    p->refs++;
    return 0;
}

/* Gives up on a worker's shader; under the lock. The thread is detached
 * and left to finish on its own. */
static void batch_abandon(batch_pool *p, batch_slot *s, batch_status st, const char *why)
{
    batch_item *it = &p->list->items[s->item];
    it->status = st;
    free(it->reason);
    it->reason = strdup(why);
    it->ms = (clock_now() - s->t0) * 1e3;
    s->abandoned = true;
    s->item = BATCH_IDLE;
    pthread_detach(s->tid);
    p->live--;
    p->done++;
    p->failed++;
    p->t->abandoned++;
    if (p->t->ops)
        p->t->ops_missing += s->converted;
}

/* The watchdog: shaders past the time limit are abandoned and a new
 * worker takes each one's place. */
static void batch_watchdog(batch_pool *p, double now)
{
    if (!p->o.timeout_s)
        return;
    char why[128];
    snprintf(why, sizeof why,
             "timed out after %u s (in-process: the shader's thread was abandoned, not stopped)",
             p->o.timeout_s);
    for (size_t k = 0, n = p->nslots; k < n; k++) {
        batch_slot *s = p->slots[k];
        if (s->abandoned || s->item == BATCH_IDLE || now - s->t0 < p->o.timeout_s)
            continue;
        batch_abandon(p, s, BATCH_CRASHED, why);
        batch_spawn(p); /* if none starts, the others carry on */
    }
}

/* After a stop signal's grace: abandon what is still in flight and stop
 * its writes (their temporary files are removed). */
static void batch_abandon_all(batch_pool *p)
{
    bool any = false;
    for (size_t k = 0; k < p->nslots; k++) {
        batch_slot *s = p->slots[k];
        if (s->abandoned || s->item == BATCH_IDLE)
            continue;
        batch_abandon(p, s, BATCH_INTERRUPTED, "abandoned in flight after the stop signal");
        any = true;
    }
    if (any)
        io_stop_writes();
}

/* The main thread draws progress, runs the watchdog, and handles a stop
 * signal while the workers run. */
static void batch_wait_workers(batch_pool *p, batch_progress *prog)
{
    double stop_at = 0;
    pthread_mutex_lock(&p->lock);
    while (p->live > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 100 * 1000 * 1000;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->cond, &p->lock, &ts);
        double now = clock_now();
        if (batch_stop_signal() && stop_at == 0) {
            p->stopping = true;
            stop_at = now + BATCH_STOP_GRACE_MS / 1e3;
        }
        if (stop_at != 0 && now >= stop_at)
            batch_abandon_all(p);
        else
            batch_watchdog(p, now);
        batch_progress_update(prog, p->done, p->failed);
    }
    pthread_mutex_unlock(&p->lock);
}

static batch_pool *batch_pool_new(const batch_options *o, batch_list *list, batch_work_fn fn,
                                  void *user, batch_totals *t)
{
    batch_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    *p = (batch_pool){.o = *o, .list = list, .fn = fn, .user = user, .t = t, .refs = 1};
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cond, NULL);
    return p;
}

static void batch_run_threads(const batch_options *o, batch_list *list, batch_work_fn fn,
                              void *user, batch_progress *prog, batch_totals *t)
{
    batch_pool *p = batch_pool_new(o, list, fn, user, t);
    if (!p)
        return; /* the items stay pending: reported as not run */
    unsigned n = o->jobs ? o->jobs : 1;
    if (n > list->count)
        n = list->count ? (unsigned)list->count : 1;
    pthread_mutex_lock(&p->lock);
    for (unsigned k = 0; k < n; k++)
        if (batch_spawn(p) != 0)
            break;
    bool none = p->nslots == 0;
    pthread_mutex_unlock(&p->lock);
    if (none) {
        /* No thread: work on this one (no watchdog then). */
        batch_slot self = {.p = p, .item = BATCH_IDLE};
        p->live = 1;
        p->refs++;
        batch_worker(&self);
    }
    batch_wait_workers(p, prog);
    for (size_t k = 0; k < p->nslots; k++)
        if (!p->slots[k]->abandoned)
            pthread_join(p->slots[k]->tid, NULL);
    batch_pool_unref(p);
}

static void batch_count(const batch_list *list, batch_totals *t)
{
    size_t *by_status[] = {[BATCH_PENDING] = &t->not_run, [BATCH_OK] = &t->ok,
                           [BATCH_FAILED] = &t->failed, [BATCH_CRASHED] = &t->crashed,
                           [BATCH_SKIPPED] = &t->skipped, [BATCH_INTERRUPTED] = &t->interrupted};
    for (size_t i = 0; i < list->count; i++)
        (*by_status[list->items[i].status])++;
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
    totals->stop_signal = batch_stop_signal();
    batch_count(list, totals);
}

void batch_totals_free(batch_totals *t)
{
    dxil_stats_destroy(t->ops);
    t->ops = NULL;
}
