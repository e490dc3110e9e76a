/* Batch runs that survive their operator: inputs that are not regular
 * files, the time limit on threads, stopping on a signal, temporary
 * files (their names, the sweep of stale ones, stopping writes), --resume. */
#include "common/file_io.h"
#include "tools/batch.h"
#include "tools/clock.h"
#include "test_util.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char tr_tmp[256];

static char *tr_path(const char *rel)
{
    static char path[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(path[k], sizeof path[k], "%s/%s", tr_tmp, rel);
    return path[k];
}

static void tr_write(const char *rel, const char *text)
{
    FILE *f = fopen(tr_path(rel), "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
}

static bool tr_exists(const char *rel)
{
    struct stat st;
    return lstat(tr_path(rel), &st) == 0;
}

static void tr_sleep_ms(long ms)
{
    nanosleep(&(struct timespec){.tv_sec = ms / 1000, .tv_nsec = ms % 1000 * 1000000L}, NULL);
}

/* A FIFO, a directory and a character device fail at once with a reason
 * (opening the FIFO would block until a writer came); a regular file is
 * mapped; the size limit is checked before anything is read. */
static void test_only_regular_files(void)
{
    CU_ASSERT_EQUAL_FATAL(mkfifo(tr_path("fifo"), 0600), 0);
    tr_write("small", "0123456789");
    static const struct { const char *path; const char *why; } bad[] = {
        {"fifo", "a FIFO, not a regular file"},
        {".", "a directory, not a regular file"},
        {"/dev/zero", "a character device, not a regular file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        dxil_diags *d = dxil_diags_create();
        file_data in;
        const char *p = bad[i].path[0] == '/' ? bad[i].path : tr_path(bad[i].path);
        CU_ASSERT_EQUAL(file_map(p, 0, &in, d), -1);
        CU_ASSERT_EQUAL_FATAL(dxil_diags_count(d), 1);
        CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_IO);
        CU_ASSERT_PTR_NOT_NULL(strstr(dxil_diags_get(d, 0)->message, bad[i].why));
        dxil_diags_destroy(d);
    }
    dxil_diags *d = dxil_diags_create();
    file_data in;
    CU_ASSERT_EQUAL_FATAL(file_map(tr_path("small"), 0, &in, d), 0);
    CU_ASSERT_EQUAL(in.size, 10);
    CU_ASSERT_PTR_NOT_NULL(in.map);
    CU_ASSERT_TRUE(memcmp(in.data, "0123456789", 10) == 0);
    file_release(&in);
    CU_ASSERT_EQUAL(file_map(tr_path("small"), 9, &in, d), -1);
    CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_TOO_LARGE);
    dxil_diags_destroy(d);
}

/* Injected work: the path says what happens. */
static int tr_work(const batch_options *o, batch_item *it, void *user)
{
    (void)o;
    (void)user;
    if (strstr(it->path, "stop"))
        batch_request_stop(SIGINT);
    if (strstr(it->path, "slow"))
        tr_sleep_ms(3000);
    it->status = BATCH_OK;
    return 0;
}

static void tr_list(batch_list *l, const char *const *names)
{
    for (; *names; names++)
        batch_list_add(l, *names, NULL);
}

static void tr_options(batch_options *o, unsigned jobs)
{
    batch_options_init(o);
    o->jobs = jobs;
    o->progress = 0;
}

/* Without --isolate a shader past the limit is abandoned (its thread
 * cannot be stopped safely) and reported as timed out; a new worker takes
 * its place, so the rest of the batch still runs, and the batch ends
 * without waiting for the stuck thread. */
static void test_thread_timeout(void)
{
    static const char *const names[] = {"a", "slow", "b", "c", NULL};
    batch_list l = {0};
    tr_list(&l, names);
    batch_options o;
    tr_options(&o, 1);
    o.timeout_s = 1;
    CU_ASSERT_EQUAL(BATCH_DEFAULT_TIMEOUT, 300);
    batch_totals t;
    double t0 = clock_now();
    batch_run(&o, &l, tr_work, NULL, &t);
    CU_ASSERT_TRUE(clock_now() - t0 < 2.5); /* "slow" sleeps 3 s */
    CU_ASSERT_EQUAL(t.ok, 3);
    CU_ASSERT_EQUAL(t.crashed, 1);
    CU_ASSERT_EQUAL(t.abandoned, 1);
    CU_ASSERT_EQUAL(l.items[1].status, BATCH_CRASHED);
    CU_ASSERT(l.items[1].reason && strstr(l.items[1].reason, "timed out after 1 s"));
    CU_ASSERT_EQUAL(l.items[3].status, BATCH_OK);
    batch_list_free(&l); /* the stuck thread holds copies, not the list */
}

/* A stop signal: nothing new starts, what finishes in the grace counts,
 * what does not is abandoned as interrupted, the rest is not run. */
static void test_stop_signal(void)
{
    static const char *const names[] = {"a", "b-stop", "c", "d", NULL};
    batch_list l = {0};
    tr_list(&l, names);
    batch_options o;
    tr_options(&o, 1);
    batch_totals t;
    batch_run(&o, &l, tr_work, NULL, &t);
    CU_ASSERT_EQUAL(t.stop_signal, SIGINT);
    CU_ASSERT_EQUAL(t.ok, 2);
    CU_ASSERT_EQUAL(t.not_run, 2);
    CU_ASSERT_EQUAL(l.items[2].status, BATCH_PENDING);
    json_object *root = batch_report_json(&o, &l, &t);
    json_object *v = NULL;
    CU_ASSERT_TRUE(json_object_object_get_ex(root, "interrupted", &v) && json_object_get_boolean(v));
    CU_ASSERT_TRUE(json_object_object_get_ex(root, "stop_signal", &v));
    CU_ASSERT_STRING_EQUAL(json_object_get_string(v), "SIGINT");
    json_object_put(root);
    batch_clear_stop();
    batch_list_free(&l);

    static const char *const hang[] = {"a", "slow-stop", "c", NULL};
    tr_list(&l, hang);
    double t0 = clock_now();
    batch_run(&o, &l, tr_work, NULL, &t);
    CU_ASSERT_TRUE(clock_now() - t0 < 2.5);
    CU_ASSERT_EQUAL(l.items[1].status, BATCH_INTERRUPTED);
    CU_ASSERT_EQUAL(t.interrupted, 1);
    CU_ASSERT_EQUAL(t.not_run, 1);
    CU_ASSERT_EQUAL(t.abandoned, 1);
    batch_clear_stop();
    io_resume_writes(); /* the abandon stopped other threads' writes */
    batch_list_free(&l);
}

/* Our temporary names, and only ours, are recognised. */
static void test_temp_names(void)
{
    long pid = 0;
    CU_ASSERT_TRUE(temp_name_pid(".a.ll.dxil-tmp.123.00beef", &pid));
    CU_ASSERT_EQUAL(pid, 123);
    CU_ASSERT_TRUE(temp_name_pid(".x.dxil-tmp.1.dxil-tmp.77.abcdef", &pid));
    CU_ASSERT_EQUAL(pid, 77);
    static const char *const not_ours[] = {
        "a.ll.dxil-tmp.123.00beef", ".a.ll.dxil-tmp.123.00bee", ".a.ll.dxil-tmp.123.00BEEF",
        ".a.ll.dxil-tmp.0.00beef", ".a.ll.dxil-tmp.x.00beef", ".dxil-tmp.12.abcdef",
        "a.ll.tmp123456", ".a.ll.dxil-tmp.123.00beef0", NULL};
    for (const char *const *n = not_ours; *n; n++)
        CU_ASSERT_FALSE(temp_name_pid(*n, &pid));
}

/* A pid that no longer runs: a child that has exited and been reaped. */
static long tr_dead_pid(void)
{
    pid_t pid = fork();
    if (pid == 0)
        _exit(0);
    waitpid(pid, NULL, 0);
    return pid;
}

/* The sweep removes temporary files of processes that are gone, keeps
 * those of live ones (another batch writing the same tree) and every
 * other file. */
static void test_stale_sweep(void)
{
    char name[128];
    mkdir(tr_path("out"), 0777);
    mkdir(tr_path("out/sub"), 0777);
    snprintf(name, sizeof name, "out/sub/.a.ll.dxil-tmp.%ld.abcdef", tr_dead_pid());
    tr_write(name, "");
    char live[128];
    snprintf(live, sizeof live, "out/.b.ll.dxil-tmp.%ld.abcdef", (long)getpid());
    tr_write(live, "");
    tr_write("out/c.ll.tmp123456", "");
    tr_write("out/.d.dxil-tmp.x", "");
    CU_ASSERT_EQUAL(remove_stale_temps(tr_path("out")), 1);
    CU_ASSERT_FALSE(tr_exists(name));
    CU_ASSERT_TRUE(tr_exists(live));
    CU_ASSERT_TRUE(tr_exists("out/c.ll.tmp123456"));
    CU_ASSERT_TRUE(tr_exists("out/.d.dxil-tmp.x"));
    /* One process's own, beside one output (--isolate after a crash). */
    CU_ASSERT_EQUAL(remove_temps_of(tr_path("out/a.ll"), getpid()), 0);
    CU_ASSERT_EQUAL(remove_temps_of(tr_path("out/b.ll"), getpid()), 1);
    CU_ASSERT_FALSE(tr_exists(live));
}

static void *tr_write_thread(void *arg)
{
    dxil_diags *d = dxil_diags_create();
    *(int *)arg = file_write_atomic(tr_path("out/other.ll"), "x", 1, d);
    dxil_diags_destroy(d);
    return NULL;
}

/* After io_stop_writes only the stopping thread may still write. */
static void test_stop_writes(void)
{
    dxil_diags *d = dxil_diags_create();
    io_stop_writes();
    int other = 0;
    pthread_t tid;
    CU_ASSERT_EQUAL_FATAL(pthread_create(&tid, NULL, tr_write_thread, &other), 0);
    pthread_join(tid, NULL);
    CU_ASSERT_EQUAL(other, -1);
    CU_ASSERT_FALSE(tr_exists("out/other.ll"));
    CU_ASSERT_EQUAL(file_write_atomic(tr_path("out/mine.ll"), "x", 1, d), 0);
    io_resume_writes();
    CU_ASSERT_EQUAL_FATAL(pthread_create(&tid, NULL, tr_write_thread, &other), 0);
    pthread_join(tid, NULL);
    CU_ASSERT_EQUAL(other, 0);
    /* Durable writes go through the same path, with fsyncs. */
    io_set_durable(true);
    CU_ASSERT_EQUAL(file_write_atomic(tr_path("out/durable.ll"), "x", 1, d), 0);
    io_set_durable(false);
    CU_ASSERT_TRUE(tr_exists("out/durable.ll"));
    dxil_diags_destroy(d);
}

/* --resume skips an output that exists and is not older than its input;
 * an empty output, or an input changed since, is converted again. */
static void test_resume_marks(void)
{
    mkdir(tr_path("in"), 0777);
    mkdir(tr_path("res"), 0777);
    static const char *const names[] = {"done", "empty", "stale", "new", NULL};
    for (const char *const *n = names; *n; n++) {
        char rel[64];
        snprintf(rel, sizeof rel, "in/%s.dxil", *n);
        tr_write(rel, "input");
    }
    tr_write("res/done.ll", "output");
    tr_write("res/empty.ll", "");
    tr_write("res/stale.ll", "output");
    struct timespec old[2] = {{.tv_sec = 1000000}, {.tv_sec = 1000000}};
    CU_ASSERT_EQUAL(utimensat(AT_FDCWD, tr_path("res/stale.ll"), old, 0), 0);
    batch_list l = {0};
    char err[256];
    CU_ASSERT_EQUAL_FATAL(batch_collect(tr_path("in"), &l, err, sizeof err), 0);
    batch_options o;
    tr_options(&o, 1);
    o.outdir = tr_path("res");
    CU_ASSERT_EQUAL(batch_mark_done(&o, &l), 1);
    CU_ASSERT_EQUAL(l.items[0].status, BATCH_SKIPPED); /* done.dxil, sorted first */
    batch_totals t;
    batch_run(&o, &l, tr_work, NULL, &t);
    CU_ASSERT_EQUAL(t.skipped, 1);
    CU_ASSERT_EQUAL(t.ok, 3);
    batch_list_free(&l);
}

int tu_register(void)
{
    snprintf(tr_tmp, sizeof tr_tmp, "%s/test_batch_robust.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(tr_tmp)) {
        fprintf(stderr, "cannot create a temporary directory\n");
        return 1;
    }
    static const tu_case cases[] = {
        {"only regular files", test_only_regular_files},
        {"thread timeout", test_thread_timeout},
        {"stop signal", test_stop_signal},
        {"temporary names", test_temp_names},
        {"stale sweep", test_stale_sweep},
        {"stop writes", test_stop_writes},
        {"resume", test_resume_marks},
        {NULL, NULL}};
    tu_add_suite("batch robustness", cases);
    return 0;
}
