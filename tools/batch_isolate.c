/* batch_isolate.c - --isolate: each shader in a forked child.
 *
 * The parent stays single-threaded and never runs LLVM, so forking is safe
 * (no lock can be held by another thread at fork time). A child sends its
 * result over a pipe and exits; a child killed by a signal costs only its
 * own shader.
 */
#include "batch.h"
#include "clock.h"
#include "common/file_io.h"

#include <errno.h>
#include <llvm-c/ErrorHandling.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* What a child writes: this header, then len bytes of reason, then
 * stats_len bytes of op statistics JSON (dxil_stats_json_string), then
 * info_len bytes of the shader's facts (batch_info_json). The
 * parent drains every pipe while children run, so a message may exceed the
 * pipe's capacity; past ISOLATE_MSG_MAX it is dropped (the shader then
 * counts as a crash without a result). */
typedef struct isolate_msg {
    int32_t status, code;
    uint32_t len, stats_len, info_len;
} isolate_msg;
enum { ISOLATE_REASON_MAX = 1024, ISOLATE_MSG_MAX = 1 << 20, ISOLATE_READ = 16384 };

typedef struct isolate_slot {
    pid_t pid;   /* 0 when free */
    int fd;      /* read end of the child's pipe */
    size_t item;
    double t0;
    char *buf;   /* what the child sent so far */
    size_t got, cap;
    bool overflow;
    bool killed; /* by the parent, after a stop signal's grace */
} isolate_slot;

static const struct { int sig; const char *name; } isolate_signals[] = {
    {SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"}, {SIGFPE, "SIGFPE"},
    {SIGILL, "SIGILL"},   {SIGKILL, "SIGKILL"}, {SIGTERM, "SIGTERM"}, {SIGALRM, "SIGALRM"},
    {SIGINT, "SIGINT"},   {SIGPIPE, "SIGPIPE"}, {SIGTRAP, "SIGTRAP"}, {SIGSYS, "SIGSYS"},
    {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}, {SIGHUP, "SIGHUP"},   {SIGQUIT, "SIGQUIT"},
};

const char *batch_signal_name(int sig)
{
    static _Thread_local char buf[32];
    for (size_t i = 0; i < sizeof isolate_signals / sizeof *isolate_signals; i++)
        if (isolate_signals[i].sig == sig)
            return isolate_signals[i].name;
    snprintf(buf, sizeof buf, "signal %d", sig);
    return buf;
}

/* The child's op counts as JSON, or NULL (none asked for, or no memory). */
static char *isolate_child_stats(dxil_stats *stats)
{
    char *js = stats ? dxil_stats_json_string(stats, false) : NULL;
    dxil_stats_destroy(stats);
    return js;
}

/* Test hook, to prove that a crash costs one shader and not the run: when
 * DXIL_BATCH_TEST_CRASH is set, a child whose input path contains its
 * value raises SIGSEGV before loading. Read only here, in the child. */
static void isolate_test_crash_hook(const batch_item *it)
{
    const char *needle = getenv("DXIL_BATCH_TEST_CRASH");
    if (needle && *needle && strstr(it->path, needle)) {
        signal(SIGSEGV, SIG_DFL); /* a sanitizer's handler would exit instead */
        raise(SIGSEGV);
    }
}

/* --emit=spirv: the child runs LLVM's SPIR-V backend itself (no second
 * fork), and the backend ends its process on input it cannot legalize
 * (report_fatal_error, then exit). LLVM calls this first: the shader
 * fails with LLVM's reason, as a child of the emission would report it,
 * instead of counting as a child that exited without a result. */
static int isolate_fatal_fd = -1;
static const char *isolate_fatal_path;

static void isolate_fatal(const char *reason)
{
    char text[ISOLATE_REASON_MAX];
    int n = snprintf(text, sizeof text,
                     "%s: error: LLVM's SPIR-V backend gave up (fatal error): %s [DXIL%04d]",
                     isolate_fatal_path, reason, DXIL_E_SPIRV_BACKEND);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof text ? (size_t)n : sizeof text - 1;
    isolate_msg msg = {BATCH_FAILED, DXIL_E_SPIRV_BACKEND, (uint32_t)len, 0, 0};
    write_all(isolate_fatal_fd, &msg, sizeof msg);
    write_all(isolate_fatal_fd, text, len);
    _exit(0);
}

static _Noreturn void isolate_child(const batch_options *o, batch_item *it, batch_work_fn fn,
                                    void *user, int fd)
{
    if (o->emit == BATCH_EMIT_SPIRV) {
        isolate_fatal_fd = fd;
        isolate_fatal_path = it->path;
        LLVMInstallFatalErrorHandler(isolate_fatal);
    }
    /* The parent handles a stop signal; a child just dies of it (a
     * terminal's Ctrl-C reaches the whole process group). */
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (o->timeout_s)
        alarm(o->timeout_s); /* default action kills us: reported as SIGALRM */
    isolate_test_crash_hook(it);
    batch_set_thread_stats(o->op_stats ? dxil_stats_create() : NULL);
    fn(o, it, user);
    char *js = isolate_child_stats(batch_thread_stats());
    size_t len = it->reason ? strlen(it->reason) : 0;
    if (len > ISOLATE_REASON_MAX)
        len = ISOLATE_REASON_MAX;
    size_t slen = js ? strlen(js) : 0;
    size_t ilen = it->info ? strlen(it->info) : 0;
    if (sizeof(isolate_msg) + len + slen + ilen > ISOLATE_MSG_MAX)
        slen = ilen = 0;
    isolate_msg msg = {(int32_t)it->status, it->code, (uint32_t)len, (uint32_t)slen,
                       (uint32_t)ilen};
    write_all(fd, &msg, sizeof msg);
    write_all(fd, it->reason, len);
    write_all(fd, js, slen);
    write_all(fd, it->info, ilen);
    _exit(0);
}

static int isolate_spawn(const batch_options *o, batch_list *list, size_t i, batch_work_fn fn,
                         void *user, isolate_slot *slot)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        isolate_child(o, &list->items[i], fn, user, fds[1]);
    }
    close(fds[1]);
    *slot = (isolate_slot){.pid = pid, .fd = fds[0], .item = i, .t0 = clock_now()};
    return 0;
}

/* One read from a child's pipe into its slot; false at end of file. */
static bool isolate_drain(isolate_slot *s)
{
    char chunk[ISOLATE_READ];
    ssize_t n = read(s->fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
        return true;
    if (n <= 0)
        return false;
    size_t need = s->got + (size_t)n;
    if (need > ISOLATE_MSG_MAX) {
        s->overflow = true;
        return true;
    }
    if (need + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < need + 1) /* room for a terminator after the message */
            cap *= 2;
        char *p = realloc(s->buf, cap);
        if (!p) {
            s->overflow = true;
            return true;
        }
        s->buf = p;
        s->cap = cap;
    }
    memcpy(s->buf + s->got, chunk, (size_t)n);
    s->got = need;
    return true;
}

static void isolate_set_reason(batch_item *it, batch_status st, int code, const char *text)
{
    it->status = st;
    it->code = code;
    free(it->reason);
    it->reason = text ? strdup(text) : NULL;
}

static void isolate_crashed(const batch_options *o, int wstatus, batch_item *it)
{
    char text[160];
    if (WIFSIGNALED(wstatus)) {
        int sig = WTERMSIG(wstatus);
        if (sig == SIGALRM && o->timeout_s)
            snprintf(text, sizeof text, "timed out after %u s (SIGALRM)", o->timeout_s);
        else
            snprintf(text, sizeof text, "child killed by %s", batch_signal_name(sig));
        isolate_set_reason(it, BATCH_CRASHED, 0, text);
        it->signal = sig;
        return;
    }
    snprintf(text, sizeof text, "child exited with status %d without a result",
             WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
    isolate_set_reason(it, BATCH_CRASHED, 0, text);
}

/* Adds the child's op counts (NUL-terminated in place) to the totals. */
static void isolate_merge_stats(char *json, size_t len, bool ok, batch_totals *t)
{
    if (!t->ops || !ok)
        return;
    json[len] = '\0';
    if (len == 0 || dxil_stats_merge_json(t->ops, json) != 0)
        t->ops_missing++;
}

/* Turns what the child sent (and how it ended) into the item's result. */
static void isolate_collect(const batch_options *o, isolate_slot *s, int wstatus,
                            batch_item *it, batch_totals *t)
{
    isolate_msg msg;
    size_t got = s->got;
    if (got >= sizeof msg)
        memcpy(&msg, s->buf, sizeof msg);
    if (WIFSIGNALED(wstatus) || s->overflow || got < sizeof msg || msg.len > ISOLATE_REASON_MAX ||
        (size_t)msg.len + msg.stats_len + msg.info_len != got - sizeof msg) {
        isolate_crashed(o, wstatus, it);
        return;
    }
    /* isolate_drain leaves room for a terminator after the message. */
    char *reason = s->buf + sizeof msg;
    char saved = reason[msg.len];
    bool ok = msg.status == BATCH_OK;
    reason[msg.len] = '\0';
    isolate_set_reason(it, ok ? BATCH_OK : BATCH_FAILED, msg.code, ok ? NULL : reason);
    reason[msg.len] = saved;
    char *info = reason + msg.len + msg.stats_len;
    free(it->info);
    it->info = msg.info_len ? strndup(info, msg.info_len) : NULL;
    isolate_merge_stats(reason + msg.len, msg.stats_len, ok, t);
}

/* Starts children until the slots are full; a failed fork fails the item. */
static size_t isolate_fill(const batch_options *o, batch_list *list, size_t next,
                           batch_work_fn fn, void *user, isolate_slot *slots, unsigned n,
                           unsigned *running)
{
    for (unsigned k = 0; k < n && next < list->count && !batch_stop_signal(); k++) {
        while (next < list->count && list->items[next].status == BATCH_SKIPPED)
            next++; /* --resume skipped it */
        if (slots[k].pid || next == list->count)
            continue;
        if (isolate_spawn(o, list, next, fn, user, &slots[k]) == 0)
            (*running)++;
        else
            isolate_set_reason(&list->items[next], BATCH_CRASHED, 0, "could not fork a child");
        next++;
    }
    return next;
}

/* The state of one --isolate run. */
typedef struct isolate_run {
    const batch_options *o;
    batch_list *list;
    isolate_slot *slots;
    struct pollfd *pfd;
    unsigned *pfd_slot;
    unsigned n, running;
    size_t done, failed;
    batch_progress *prog;
    batch_totals *t;
    double stop_at; /* when children still running are killed, or 0 */
} isolate_run;

/* A child that did not end by itself may have left a temporary output
 * file (named with its pid): remove it. */
static void isolate_remove_temps(const isolate_run *r, const isolate_slot *s, int wstatus)
{
    if (!r->o->outdir || (WIFEXITED(wstatus) && !s->killed))
        return;
    batch_item *it = &r->list->items[s->item];
    char *out = batch_output_path(r->o->outdir, it->rel, r->o->emit);
    if (out)
        remove_temps_of(out, s->pid);
    free(out);
}

/* A child stopped by us, or by the signal that stopped the batch. */
static bool isolate_interrupted(const isolate_slot *s, int wstatus)
{
    if (s->killed)
        return true;
    int sig = WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;
    return batch_stop_signal() && (sig == SIGINT || sig == SIGTERM);
}

/* The child closed its pipe (it exited or died): reap it, record it. */
static void isolate_finish(isolate_run *r, isolate_slot *s)
{
    close(s->fd);
    int wstatus = 0;
    pid_t pid;
    do
        pid = waitpid(s->pid, &wstatus, 0);
    while (pid < 0 && errno == EINTR);
    batch_item *it = &r->list->items[s->item];
    if (pid < 0)
        isolate_set_reason(it, BATCH_CRASHED, 0, "child process lost");
    else if (isolate_interrupted(s, wstatus))
        isolate_set_reason(it, BATCH_INTERRUPTED, 0, "child stopped in flight by the stop signal");
    else
        isolate_collect(r->o, s, wstatus, it, r->t);
    if (pid >= 0)
        isolate_remove_temps(r, s, wstatus);
    it->ms = (clock_now() - s->t0) * 1e3;
    free(s->buf);
    *s = (isolate_slot){.pid = 0};
    r->running--;
    r->failed += it->status != BATCH_OK;
    batch_progress_update(r->prog, ++r->done, r->failed);
}

/* Waits for output from any child and drains it, so no child ever blocks
 * on a full pipe; reaps the children whose pipe reached end of file. */
static void isolate_poll(isolate_run *r)
{
    nfds_t k = 0;
    for (unsigned i = 0; i < r->n; i++) {
        if (!r->slots[i].pid)
            continue;
        r->pfd[k] = (struct pollfd){.fd = r->slots[i].fd, .events = POLLIN};
        r->pfd_slot[k++] = i;
    }
    /* A tenth of a second at most, to notice a stop signal. */
    if (poll(r->pfd, k, 100) <= 0)
        return; /* EINTR or nothing yet: try again */
    for (nfds_t j = 0; j < k; j++) {
        isolate_slot *s = &r->slots[r->pfd_slot[j]];
        if (r->pfd[j].revents && !isolate_drain(s))
            isolate_finish(r, s);
    }
}

/* After a stop signal: no new children (isolate_fill), and after the
 * grace the running ones are killed. */
static void isolate_check_stop(isolate_run *r)
{
    if (!batch_stop_signal())
        return;
    double now = clock_now();
    if (r->stop_at == 0)
        r->stop_at = now + BATCH_STOP_GRACE_MS / 1e3;
    if (now < r->stop_at)
        return;
    for (unsigned i = 0; i < r->n; i++)
        if (r->slots[i].pid && !r->slots[i].killed) {
            kill(r->slots[i].pid, SIGKILL);
            r->slots[i].killed = true;
        }
}

void batch_run_isolated(const batch_options *o, batch_list *list, batch_work_fn fn, void *user,
                        batch_progress *prog, batch_totals *t)
{
    isolate_slot one = {0};
    struct pollfd one_pfd;
    unsigned one_idx;
    isolate_run r = {.o = o, .list = list, .prog = prog, .t = t, .n = o->jobs ? o->jobs : 1};
    r.slots = r.n > 1 ? calloc(r.n, sizeof *r.slots) : NULL;
    r.pfd = r.n > 1 ? calloc(r.n, sizeof *r.pfd) : NULL;
    r.pfd_slot = r.n > 1 ? calloc(r.n, sizeof *r.pfd_slot) : NULL;
    if (!r.slots || !r.pfd || !r.pfd_slot) {
        free(r.slots), free(r.pfd), free(r.pfd_slot);
        r = (isolate_run){.o = o, .list = list, .prog = prog, .t = t, .n = 1,
                          .slots = &one, .pfd = &one_pfd, .pfd_slot = &one_idx};
    }
    size_t next = 0;
    for (;;) {
        next = isolate_fill(o, list, next, fn, user, r.slots, r.n, &r.running);
        if (r.running == 0)
            break;
        isolate_poll(&r);
        isolate_check_stop(&r);
    }
    if (r.slots != &one)
        free(r.slots), free(r.pfd), free(r.pfd_slot);
}
