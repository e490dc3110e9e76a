/* spirv_isolate.c - LLVM's SPIR-V backend in a forked child process.
 *
 * The backend ends its process (report_fatal_error, then exit) on input it
 * cannot legalize, and LLVMInstallFatalErrorHandler cannot stop that exit.
 * So the child compiles its copy-on-write copy of the module and sends the
 * SPIR-V back over a pipe; its stderr is a second pipe, which carries
 * LLVM's message when it gives up. The parent never runs the backend.
 *
 * Forking a process that has other threads: the child has only the
 * forking thread, and a lock another thread held at that moment stays
 * locked in the child. The SPIR-V target is registered before the fork
 * (spirv_target_init), glibc's malloc and stdio are fork-safe, the
 * child skips the library's own backend lock (spirv_emit.c), and the
 * library's threads take no other global lock the backend needs while
 * they load, raise and retarget. A child stuck anyway (say, on a lock of
 * a thread compiling in-thread at the fork, isolate = false) is killed
 * after timeout_s. The parent never runs the backend, so every child
 * starts with its static state clean (spirv.h). docs/spirv.md,
 * "Isolation".
 */
#define _GNU_SOURCE /* pipe2, close_range */
#include "spirv.h"
#include "common/file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/ErrorHandling.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What the child writes on its result pipe: this head, the SPIR-V, then
 * each diagnostic as an iso_diag and its text. */
typedef struct iso_head {
    uint32_t magic;
    int32_t rc;
    uint32_t ndiags;
    uint32_t reserved;
    uint64_t size;
} iso_head;
typedef struct iso_diag {
    int32_t severity, code;
    uint32_t len;
} iso_diag;

enum {
    ISO_MAGIC = 0x56505344,      /* "DSPV" */
    ISO_OUT_FD = 3,              /* the result pipe, in the child */
    ISO_EXIT_FATAL = 70,         /* LLVM's fatal error handler ran */
    ISO_EXIT_SETUP = 71,         /* the child could not set itself up */
    ISO_ERR_MAX = 16 << 10,      /* stderr kept for the message */
    ISO_CHUNK = 64 << 10
};
#define ISO_RESULT_MAX ((size_t)256 << 20)

/* ---- the child ---------------------------------------------------------- */

/* report_fatal_error's reason on stderr, then the exit LLVM would do, but
 * without running the parent's atexit handlers and static destructors in
 * the copy. Never returns. */
static void iso_fatal(const char *reason)
{
    if (write_all(STDERR_FILENO, reason, strlen(reason)) == 0)
        write_all(STDERR_FILENO, "\n", 1);
    _exit(ISO_EXIT_FATAL);
}

/* Test hook, for the paths a well-behaved backend never takes: when
 * DXIL_SPIRV_TEST_CHILD is "segv", "hang" or "exit", the child dies of
 * SIGSEGV, sleeps (30 s at most) or exits 3 before compiling. Read only
 * here, in the child. */
static void iso_test_hook(void)
{
    const char *what = getenv("DXIL_SPIRV_TEST_CHILD");
    if (!what)
        return;
    if (strcmp(what, "segv") == 0) {
        signal(SIGSEGV, SIG_DFL); /* a sanitizer's handler would exit instead */
        raise(SIGSEGV);
    } else if (strcmp(what, "hang") == 0) {
        nanosleep(&(struct timespec){.tv_sec = 30}, NULL);
    } else if (strcmp(what, "exit") == 0) {
        _exit(3);
    }
}

/* stderr and stdout to the stderr pipe, the result pipe as ISO_OUT_FD,
 * every other descriptor closed: a sibling child forked by another thread
 * must not hold our pipes open (the parent waits for end of file). */
static int iso_child_fds(int out_fd, int err_fd)
{
    int out = fcntl(out_fd, F_DUPFD, 10), err = fcntl(err_fd, F_DUPFD, 10);
    if (out < 0 || err < 0 || dup2(err, STDERR_FILENO) < 0 || dup2(err, STDOUT_FILENO) < 0 ||
        dup2(out, ISO_OUT_FD) < 0)
        return -1;
    if (close_range(ISO_OUT_FD + 1, ~0U, 0) != 0) {
        long max = sysconf(_SC_OPEN_MAX);
        for (long fd = ISO_OUT_FD + 1; fd < (max > 0 && max < 65536 ? max : 65536); fd++)
            close((int)fd);
    }
    return 0;
}

static int iso_send(int fd, int rc, const void *data, size_t size, const dxil_diags *diags)
{
    iso_head h = {ISO_MAGIC, rc, (uint32_t)dxil_diags_count(diags), 0, size};
    if (write_all(fd, &h, sizeof h) != 0 || write_all(fd, data, size) != 0)
        return -1;
    for (size_t i = 0; i < h.ndiags; i++) {
        const dxil_diag *d = dxil_diags_get(diags, i);
        iso_diag w = {(int32_t)d->severity, d->code, (uint32_t)strlen(d->message)};
        if (write_all(fd, &w, sizeof w) != 0 || write_all(fd, d->message, w.len) != 0)
            return -1;
    }
    return 0;
}

static _Noreturn void iso_child(LLVMModuleRef mod, const spirv_target *t, int out_fd,
                                int err_fd)
{
    if (iso_child_fds(out_fd, err_fd) != 0)
        _exit(ISO_EXIT_SETUP);
    signal(SIGPIPE, SIG_DFL); /* a parent that gave up: just die */
    LLVMInstallFatalErrorHandler(iso_fatal);
    iso_test_hook();
    dxil_diags *diags = dxil_diags_create();
    void *data = NULL;
    size_t size = 0;
    /* not spirv_codegen: its lock may have been held by another of the
     * parent's threads at the fork, and this copy of it stays held */
    int rc = diags ? spirv_codegen_unlocked(mod, t, &data, &size, diags) : -1;
    if (!diags || iso_send(ISO_OUT_FD, rc, data, size, diags) != 0)
        _exit(ISO_EXIT_SETUP);
    _exit(0);
}

/* ---- the parent --------------------------------------------------------- */

typedef struct iso_buf {
    char *p;
    size_t n, cap, max;
    bool over; /* more came than max: the rest was dropped */
} iso_buf;

/* One read from fd into b; false at end of file or on a read error. */
static bool iso_read(int fd, iso_buf *b)
{
    char chunk[ISO_CHUNK];
    ssize_t got = read(fd, chunk, sizeof chunk);
    if (got < 0)
        return errno == EINTR || errno == EAGAIN;
    if (got == 0)
        return false;
    size_t keep = (size_t)got;
    if (b->n + keep > b->max) {
        keep = b->max - b->n;
        b->over = true;
    }
    if (b->n + keep + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + keep + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->over = true;
            return true;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, chunk, keep);
    b->n += keep;
    b->p[b->n] = '\0';
    return true;
}

static double iso_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads both pipes until the child closes them; false when the deadline
 * passed first (the child is then killed). */
static bool iso_drain(pid_t pid, int fds[2], iso_buf bufs[2], unsigned timeout_s)
{
    double deadline = timeout_s ? iso_now() + timeout_s : 0;
    bool open[2] = {true, true};
    while (open[0] || open[1]) {
        struct pollfd p[2];
        nfds_t n = 0;
        int which[2];
        for (int i = 0; i < 2; i++)
            if (open[i]) {
                p[n] = (struct pollfd){.fd = fds[i], .events = POLLIN};
                which[n++] = i;
            }
        double left = deadline ? deadline - iso_now() : 1;
        if (left <= 0) {
            kill(pid, SIGKILL);
            return false;
        }
        int ready = poll(p, n, deadline ? (int)(left * 1000) + 1 : -1);
        if (ready < 0 && errno != EINTR) {
            kill(pid, SIGKILL); /* cannot wait for it: never leave it blocked on a pipe */
            return false;
        }
        for (nfds_t k = 0; ready > 0 && k < n; k++)
            if (p[k].revents && !iso_read(p[k].fd, &bufs[which[k]]))
                open[which[k]] = false;
    }
    return true;
}

/* The child's exit status; -1 when it was reaped by someone else (a host
 * that ignores SIGCHLD): then only what it sent tells. */
static int iso_reap(pid_t pid)
{
    int st = 0;
    pid_t r;
    do
        r = waitpid(pid, &st, 0);
    while (r < 0 && errno == EINTR);
    return r == pid ? st : -1;
}

/* Re-adds the child's diagnostics and takes its SPIR-V; -1 when the
 * result is not a whole, well-formed message. */
static int iso_decode(const iso_buf *b, int *rc, void **data, size_t *size, dxil_diags *diags)
{
    iso_head h;
    if (b->over || b->n < sizeof h)
        return -1;
    memcpy(&h, b->p, sizeof h);
    size_t pos = sizeof h;
    if (h.magic != ISO_MAGIC || h.size > b->n - pos)
        return -1;
    const char *spirv = b->p + pos;
    pos += h.size;
    for (uint32_t i = 0; i < h.ndiags; i++) {
        iso_diag d;
        if (b->n - pos < sizeof d)
            return -1;
        memcpy(&d, b->p + pos, sizeof d);
        pos += sizeof d;
        if (d.len > b->n - pos)
            return -1;
        dxil_diags_add(diags, (dxil_severity)d.severity, d.code, DXIL_LOC_NONE, 0, "%.*s",
                       (int)d.len, b->p + pos);
        pos += d.len;
    }
    *rc = h.rc;
    if (h.rc != 0 || h.size == 0)
        return pos == b->n ? 0 : -1;
    *data = malloc(h.size);
    if (!*data)
        return -1;
    memcpy(*data, spirv, h.size);
    *size = h.size;
    return pos == b->n ? 0 : -1;
}

/* What the child wrote on stderr, trimmed ("" when nothing). */
static const char *iso_stderr(iso_buf *err)
{
    while (err->n && strchr(" \t\r\n", err->p[err->n - 1]))
        err->p[--err->n] = '\0';
    return err->n ? err->p : "";
}

/* A child that did not send a result: how it ended, and what it said on
 * stderr (LLVM's reason for a fatal error). */
static int iso_failed(int st, bool timed_out, unsigned timeout_s, iso_buf *err,
                      dxil_diags *diags)
{
    const char *said = iso_stderr(err);
    char how[96];
    if (timed_out)
        snprintf(how, sizeof how, "did not finish within %u s (its process was killed)",
                 timeout_s);
    else if (st != -1 && WIFSIGNALED(st))
        snprintf(how, sizeof how, "crashed (%s)", strsignal(WTERMSIG(st)));
    else if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == ISO_EXIT_FATAL)
        snprintf(how, sizeof how, "gave up (fatal error)");
    else
        snprintf(how, sizeof how, "ended its process (status %d) without a result",
                 st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0,
                   "LLVM's SPIR-V backend %s%s%s", how, *said ? ": " : "", said);
    return -1;
}

/* Waits for the child and turns what it sent into the result. */
static int iso_collect(pid_t pid, int fds[2], unsigned timeout_s, void **data, size_t *size,
                       dxil_diags *diags)
{
    iso_buf bufs[2] = {{.max = ISO_RESULT_MAX}, {.max = ISO_ERR_MAX}};
    bool finished = iso_drain(pid, fds, bufs, timeout_s);
    int st = iso_reap(pid);
    int rc = -1;
    bool exited_ok = st == -1 || (WIFEXITED(st) && WEXITSTATUS(st) == 0);
    if (!finished || !exited_ok || iso_decode(&bufs[0], &rc, data, size, diags) != 0) {
        free(*data);
        *data = NULL;
        *size = 0;
        rc = iso_failed(st, !finished, timeout_s, &bufs[1], diags);
    }
    free(bufs[0].p);
    free(bufs[1].p);
    return rc;
}

/* Forks the child with its two pipes; the parent's read ends in fds.
 * Returns the child's pid, or -1 with errno set. */
static pid_t iso_start(LLVMModuleRef mod, const spirv_target *t, int fds[2])
{
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(err, O_CLOEXEC) != 0) {
        int saved = errno;
        close(out[0]), close(out[1]);
        errno = saved;
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0)
        iso_child(mod, t, out[1], err[1]);
    int saved = errno;
    close(out[1]);
    close(err[1]);
    if (pid < 0) {
        close(out[0]), close(err[0]);
        errno = saved;
        return -1;
    }
    fds[0] = out[0];
    fds[1] = err[0];
    return pid;
}

int spirv_codegen_isolated(LLVMModuleRef mod, const spirv_target *t, unsigned timeout_s,
                           void **data, size_t *size, dxil_diags *diags)
{
    *data = NULL;
    *size = 0;
    spirv_target_init(); /* before the fork: the child takes no registry lock */
    if (spirv_backend_check_clean(diags) != 0)
        return -1;
    int fds[2];
    pid_t pid = iso_start(mod, t, fds);
    if (pid < 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0,
                       "cannot start a process for LLVM's SPIR-V backend: %s", strerror(errno));
        return -1;
    }
    int rc = iso_collect(pid, fds, timeout_s, data, size, diags);
    close(fds[0]);
    close(fds[1]);
    return rc;
}
