/* run_child.c - the run in a child process, so that a timeout can stop
 * it: a CPU device (lavapipe) cannot abort a running dispatch, and a
 * process that waited on it forever would never give its host back.
 *
 * The parent has already planned the run: the slots' bytes live in a
 * shared anonymous mapping (run_plan.arena), so the child uploads from it
 * and reads the UAVs back into it in place, and writes its report (device,
 * timings, diagnostics) into the same mapping. The parent waits on a pipe
 * whose write end only the child holds: it closes when the child exits,
 * however it exits. At the timeout the child is killed (SIGKILL) and
 * reaped; nothing of it is left. The child never returns into the host
 * (it leaves by _exit), and skips the Vulkan teardown. */
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { CHILD_DIAGS = 8, CHILD_MSG = 1024 };

typedef struct child_report {
    int done; /* set last by the child */
    int rc;
    run_report rep;
    int n_diags;
    struct {
        int code;
        int severity;
        char message[CHILD_MSG];
    } diags[CHILD_DIAGS];
} child_report;

size_t run_child_report_size(void)
{
    return sizeof(child_report);
}

static void child_main(const uint32_t *words, size_t n_words, const run_plan *p,
                       const dxil_run_options *o, child_report *out)
{
    dxil_diags *d = dxil_diags_create();
    int rc = run_on_device(words, n_words, p, o, false, &out->rep, d);
    for (size_t i = 0; i < dxil_diags_count(d) && out->n_diags < CHILD_DIAGS; i++) {
        const dxil_diag *g = dxil_diags_get(d, i);
        out->diags[out->n_diags].code = g->code;
        out->diags[out->n_diags].severity = (int)g->severity;
        snprintf(out->diags[out->n_diags].message, CHILD_MSG, "%s", g->message);
        out->n_diags++;
    }
    if (rc != 0 && dxil_diags_error_count(d) == 0)
        rc = 0; /* cannot happen: a failure always says why */
    out->rc = rc;
    __atomic_store_n(&out->done, 1, __ATOMIC_RELEASE);
    _exit(rc == 0 ? 0 : 1);
}

/* Waits until the pipe closes (the child exited) or the deadline passes;
 * true when the child exited. */
static bool child_wait_pipe(int fd, double deadline_ms)
{
    for (;;) {
        double left = deadline_ms - run_now_ms();
        if (left <= 0)
            return false;
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int ms = left > INT_MAX ? INT_MAX : (int)left + 1;
        int n = poll(&pfd, 1, ms);
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return true; /* cannot wait on it: fall back to waitpid */
    }
}

static int child_reap(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return -1; /* ECHILD: the host reaps its children itself */
    }
    return status;
}

static int child_verdict(int status, const child_report *r, run_report *rep, dxil_diags *diags)
{
    if (__atomic_load_n(&r->done, __ATOMIC_ACQUIRE)) {
        for (int i = 0; i < r->n_diags; i++)
            dxil_diags_add(diags, (dxil_severity)r->diags[i].severity, r->diags[i].code, DXIL_LOC_NONE,
                           0, "%s", r->diags[i].message);
        *rep = r->rep;
        return r->rc;
    }
    if (status != -1 && WIFSIGNALED(status))
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE_LOST, DXIL_LOC_NONE, 0,
                       "the run's process died of signal %d (%s) in the driver or the shader",
                       WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE_LOST, DXIL_LOC_NONE, 0,
                       "the run's process ended without a report");
    return -1;
}

int run_in_child(const uint32_t *words, size_t n_words, const run_plan *p, const dxil_run_options *o,
                 run_report *rep, dxil_diags *diags)
{
    child_report *r = (child_report *)p->extra;
    memset(r, 0, sizeof *r);
    int fds[2];
    if (pipe(fds) != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0,
                       "cannot make a pipe for the run's process: %s", strerror(errno));
        return -1;
    }
    /* not inherited by what the host may exec meanwhile */
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    double deadline = run_now_ms() + o->timeout * 1e3;
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child_main(words, n_words, p, o, r);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_DEVICE, DXIL_LOC_NONE, 0,
                       "cannot start the run's process: %s", strerror(errno));
        return -1;
    }
    bool exited = child_wait_pipe(fds[0], deadline);
    close(fds[0]);
    if (!exited) {
        kill(pid, SIGKILL);
        child_reap(pid);
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RUN_TIMEOUT, DXIL_LOC_NONE, 0,
                       "the run did not finish within %g s (--timeout): its process was stopped",
                       o->timeout);
        return -1;
    }
    return child_verdict(child_reap(pid), r, rep, diags);
}
