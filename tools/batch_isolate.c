/* batch_isolate.c - --isolate: each shader in a forked child.
 *
 * The parent stays single-threaded and never runs LLVM, so forking is safe
 * (no lock can be held by another thread at fork time). A child sends its
 * result over a pipe and exits; a child killed by a signal costs only its
 * own shader.
 */
#include "batch.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* What a child writes: this header, then len bytes of reason. Kept below
 * PIPE_BUF so the write never blocks before the parent reaps the child. */
typedef struct isolate_msg {
    int32_t status, code;
    uint32_t len;
} isolate_msg;
enum { ISOLATE_REASON_MAX = 1024 };

typedef struct isolate_slot {
    pid_t pid;   /* 0 when free */
    int fd;      /* read end of the child's pipe */
    size_t item;
    double t0;
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

static void isolate_write_all(int fd, const void *data, size_t size)
{
    const char *p = data;
    while (size) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        p += n;
        size -= (size_t)n;
    }
}

static _Noreturn void isolate_child(const batch_options *o, batch_item *it, batch_work_fn fn,
                                    void *user, int fd)
{
    if (o->timeout_s)
        alarm(o->timeout_s); /* default action kills us: reported as SIGALRM */
    fn(o, it, user);
    char buf[sizeof(isolate_msg) + ISOLATE_REASON_MAX];
    size_t len = it->reason ? strlen(it->reason) : 0;
    if (len > ISOLATE_REASON_MAX)
        len = ISOLATE_REASON_MAX;
    isolate_msg msg = {(int32_t)it->status, it->code, (uint32_t)len};
    memcpy(buf, &msg, sizeof msg);
    if (len)
        memcpy(buf + sizeof msg, it->reason, len);
    isolate_write_all(fd, buf, sizeof msg + len);
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
    *slot = (isolate_slot){.pid = pid, .fd = fds[0], .item = i, .t0 = batch_now()};
    return 0;
}

static size_t isolate_read(int fd, char *buf, size_t cap)
{
    size_t got = 0;
    while (got < cap) {
        ssize_t n = read(fd, buf + got, cap - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    return got;
}

static void isolate_set_reason(batch_item *it, batch_status st, int code, const char *text)
{
    it->status = st;
    it->code = code;
    free(it->reason);
    it->reason = text ? strdup(text) : NULL;
}

/* Turns what the child sent (and how it ended) into the item's result. */
static void isolate_collect(const batch_options *o, isolate_slot *s, int wstatus,
                            batch_item *it)
{
    char buf[sizeof(isolate_msg) + ISOLATE_REASON_MAX + 1];
    size_t got = isolate_read(s->fd, buf, sizeof buf - 1);
    close(s->fd);
    isolate_msg msg;
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
    memcpy(&msg, buf, got >= sizeof msg ? sizeof msg : 0);
    if (got < sizeof msg || msg.len != got - sizeof msg) {
        snprintf(text, sizeof text, "child exited with status %d without a result",
                 WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
        isolate_set_reason(it, BATCH_CRASHED, 0, text);
        return;
    }
    buf[got] = '\0';
    bool ok = msg.status == BATCH_OK;
    isolate_set_reason(it, ok ? BATCH_OK : BATCH_FAILED, msg.code,
                       ok ? NULL : buf + sizeof msg);
}

static isolate_slot *isolate_find(isolate_slot *slots, unsigned n, pid_t pid)
{
    for (unsigned i = 0; i < n; i++)
        if (slots[i].pid == pid)
            return &slots[i];
    return NULL;
}

/* Starts children until the slots are full; a failed fork fails the item. */
static size_t isolate_fill(const batch_options *o, batch_list *list, size_t next,
                           batch_work_fn fn, void *user, isolate_slot *slots, unsigned n,
                           unsigned *running)
{
    for (unsigned k = 0; k < n && next < list->count; k++) {
        if (slots[k].pid)
            continue;
        if (isolate_spawn(o, list, next, fn, user, &slots[k]) == 0)
            (*running)++;
        else
            isolate_set_reason(&list->items[next], BATCH_CRASHED, 0, "could not fork a child");
        next++;
    }
    return next;
}

/* waitpid found no child although some are recorded: fail them. */
static void isolate_lost(batch_list *list, isolate_slot *slots, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        if (!slots[k].pid)
            continue;
        close(slots[k].fd);
        isolate_set_reason(&list->items[slots[k].item], BATCH_CRASHED, 0, "child process lost");
        slots[k].pid = 0;
    }
}

void batch_run_isolated(const batch_options *o, batch_list *list, batch_work_fn fn, void *user,
                        batch_progress *prog)
{
    isolate_slot one = {0};
    unsigned n = o->jobs ? o->jobs : 1;
    isolate_slot *slots = n > 1 ? calloc(n, sizeof *slots) : NULL;
    if (!slots)
        n = 1;
    isolate_slot *use = slots ? slots : &one;
    size_t next = 0, done = 0, failed = 0;
    unsigned running = 0;
    for (;;) {
        next = isolate_fill(o, list, next, fn, user, use, n, &running);
        if (running == 0)
            break;
        int wstatus;
        pid_t pid = waitpid(-1, &wstatus, 0);
        if (pid < 0 && errno == ECHILD) {
            isolate_lost(list, use, n);
            running = 0;
            continue;
        }
        isolate_slot *s = pid > 0 ? isolate_find(use, n, pid) : NULL;
        if (!s)
            continue; /* EINTR, or a child that is not ours */
        batch_item *it = &list->items[s->item];
        isolate_collect(o, s, wstatus, it);
        it->ms = (batch_now() - s->t0) * 1e3;
        s->pid = 0;
        running--;
        failed += it->status != BATCH_OK;
        batch_progress_update(prog, ++done, failed);
    }
    free(slots);
}
