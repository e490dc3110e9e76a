/* batch_run.c - converting one shader, and running many on threads. */
#include "batch.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

double batch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* VmHWM, not getrusage: ru_maxrss counts the pages a process had before
 * exec, i.e. its parent's at fork, so a large parent (dxil-bench) would
 * hide the batch's own figure. */
double batch_peak_rss_mib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    double kib = 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kib = strtod(line + 6, NULL);
            break;
        }
    fclose(f);
    return kib / 1024.0;
}

/* mkdir -p of path's parent; threads may race to create the same one. */
static int batch_make_parents(char *path)
{
    for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';
        int rc = mkdir(path, 0777);
        int saved = errno;
        *p = '/';
        if (rc != 0 && saved != EEXIST)
            return -1;
    }
    return 0;
}

static void batch_fail(batch_item *it, int code, const char *fmt, const char *arg)
{
    char buf[1024];
    snprintf(buf, sizeof buf, fmt, arg);
    it->status = BATCH_FAILED;
    it->code = code;
    free(it->reason);
    it->reason = strdup(buf);
}

/* Records the first error (or, lacking one, the first diagnostic). */
static void batch_fail_from_diags(batch_item *it, const dxil_diags *diags)
{
    const dxil_diag *first = NULL;
    for (size_t i = 0; i < dxil_diags_count(diags) && !first; i++)
        if (dxil_diags_get(diags, i)->severity == DXIL_SEV_ERROR)
            first = dxil_diags_get(diags, i);
    if (!first)
        first = dxil_diags_get(diags, 0);
    if (!first) {
        batch_fail(it, 0, "%s", "failed without a diagnostic");
        return;
    }
    char buf[1024];
    dxil_diag_format(first, it->path, buf, sizeof buf);
    batch_fail(it, first->code, "%s", buf);
}

/* Output written to a file under outdir, or serialised and dropped. */
static int batch_emit(const batch_options *o, const batch_item *it, dxil_module *m,
                      dxil_diags *diags)
{
    if (!o->outdir) {
        void *data;
        size_t size;
        int rc = dxil_module_write_memory(m, o->emit, &data, &size, diags);
        free(data);
        return rc;
    }
    char *out = batch_output_path(o->outdir, it->rel, o->emit);
    if (!out || batch_make_parents(out) != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0,
                       "cannot create the output directory for %s: %s", out ? out : it->rel,
                       strerror(errno));
        free(out);
        return -1;
    }
    int rc = dxil_module_write_file(m, out, o->emit, diags);
    free(out);
    return rc;
}

static _Thread_local dxil_stats *batch_tls_stats;

dxil_stats *batch_thread_stats(void)
{
    return batch_tls_stats;
}

void batch_set_thread_stats(dxil_stats *s)
{
    batch_tls_stats = s;
}

int batch_convert_one(const batch_options *o, batch_item *it, void *user)
{
    dxil_diags *diags = dxil_diags_create();
    if (!diags) {
        batch_fail(it, 0, "%s", "out of memory");
        return -1;
    }
    dxil_options opts;
    dxil_options_init(&opts);
    opts.part = o->part;
    opts.raise = o->raise;
    opts.verify = o->verify;
    opts.layouts_from_reflection = o->layouts_from_reflection;
    opts.stats = batch_tls_stats;
    dxil_module *m = dxil_module_load_file(it->path, &opts, diags);
    int rc = m ? batch_emit(o, it, m, diags) : -1;
    dxil_module_destroy(m);
    if (rc == 0)
        it->status = BATCH_OK;
    else
        batch_fail_from_diags(it, diags);
    dxil_diags_destroy(diags);
    return rc;
}

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
        double t0 = batch_now();
        if (p->fn(p->o, it, p->user) != 0 || it->status != BATCH_OK)
            atomic_fetch_add(&p->failed, 1);
        else
            converted++;
        it->ms = (batch_now() - t0) * 1e3;
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
    double t0 = batch_now();
    batch_progress *prog = batch_progress_start(o->progress, list->count);
    if (o->isolate)
        batch_run_isolated(o, list, fn, user, prog, totals);
    else
        batch_run_threads(o, list, fn, user, prog, totals);
    batch_progress_finish(prog);
    totals->seconds = batch_now() - t0;
    totals->peak_rss_mib = batch_peak_rss_mib();
    batch_count(list, totals);
}

void batch_totals_free(batch_totals *t)
{
    dxil_stats_destroy(t->ops);
    t->ops = NULL;
}
