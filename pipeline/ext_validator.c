/* ext_validator.c - DXC's validator library, when the user names one
 * (--validator=PATH), runs in dxil-extval, a small dynamically linked
 * process of ours (tools/dxil_extval_main.c): the tools are static
 * executables, which cannot dlopen a C++ library, DXC's LLVM 3.7 should
 * not share a process with our LLVM 22, and a crash in DXC's validator
 * must not take the host down. The container goes in on its stdin; the
 * signed container comes back on its stdout, DXC's messages on stderr. */
#include "ext_validator.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef DXIL_LIBEXEC_DIR
#define DXIL_LIBEXEC_DIR "/usr/local/libexec/dxil-upgrade"
#endif

extern char **environ;

typedef struct ev_buf {
    uint8_t *p;
    size_t len, cap;
} ev_buf;

static bool ev_exec_ok(const char *path)
{
    return access(path, X_OK) == 0;
}

/* $DXIL_EXTVAL, else beside the running executable (the build tree and
 * bin/), else the installed libexec directory. */
static bool ev_find_helper(char *out, size_t size)
{
    const char *env = getenv("DXIL_EXTVAL");
    if (env && *env) {
        snprintf(out, size, "%s", env);
        return ev_exec_ok(out);
    }
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash && (size_t)(slash - self) + sizeof "/dxil-extval" <= size) {
            memcpy(out, self, (size_t)(slash - self));
            strcpy(out + (slash - self), "/dxil-extval");
            if (ev_exec_ok(out))
                return true;
        }
    }
    snprintf(out, size, "%s/dxil-extval", DXIL_LIBEXEC_DIR);
    return ev_exec_ok(out);
}

static int ev_append(ev_buf *b, const uint8_t *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        uint8_t *q = realloc(b->p, cap);
        if (!q)
            return -1;
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->len, p, n);
    b->len += n;
    b->p[b->len] = 0;
    return 0;
}

/* Feeds data to fd_in while draining fd_out and fd_err (either side may
 * block the other otherwise). */
static int ev_pump(int fd_in, int fd_out, int fd_err, const uint8_t *data, size_t size,
                   ev_buf *out, ev_buf *err)
{
    size_t sent = 0;
    int open_out = 1, open_err = 1;
    if (size == 0) {
        close(fd_in);
        fd_in = -1;
    }
    while (fd_in >= 0 || open_out || open_err) {
        struct pollfd p[3] = {{fd_in, POLLOUT, 0}, {open_out ? fd_out : -1, POLLIN, 0},
                              {open_err ? fd_err : -1, POLLIN, 0}};
        if (poll(p, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fd_in >= 0 && (p[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t w = write(fd_in, data + sent, size - sent);
            if (w > 0)
                sent += (size_t)w;
            if (w < 0 || sent == size) {
                close(fd_in);
                fd_in = -1;
            }
        }
        uint8_t chunk[65536];
        for (int k = 1; k <= 2; k++) {
            if (!(p[k].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            ssize_t r = read(p[k].fd, chunk, sizeof chunk);
            if (r > 0 && ev_append(k == 1 ? out : err, chunk, (size_t)r) != 0)
                r = 0;
            if (r <= 0)
                *(k == 1 ? &open_out : &open_err) = 0;
        }
    }
    if (fd_in >= 0)
        close(fd_in);
    return 0;
}

static int ev_spawn(const char *helper, char *const argv[], int fds[3], pid_t *pid)
{
    int in[2], out[2], er[2];
    if (pipe(in) != 0)
        return -1;
    if (pipe(out) != 0) {
        close(in[0]), close(in[1]);
        return -1;
    }
    if (pipe(er) != 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, er[1], 2);
    int child[] = {in[0], in[1], out[0], out[1], er[0], er[1]};
    for (int i = 0; i < 6; i++)
        posix_spawn_file_actions_addclose(&fa, child[i]);
    int rc = posix_spawn(pid, helper, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]), close(out[1]), close(er[1]);
    if (rc != 0) {
        close(in[1]), close(out[0]), close(er[0]);
        errno = rc;
        return -1;
    }
    fds[0] = in[1], fds[1] = out[0], fds[2] = er[0];
    return 0;
}

int ext_validator_run(const char *lib, uint8_t *data, size_t size, bool sign, char **messages,
                      char *why, size_t why_size)
{
    *messages = NULL;
    char helper[PATH_MAX], arg[PATH_MAX + 16];
    if (!ev_find_helper(helper, sizeof helper)) {
        snprintf(why, why_size, "dxil-extval (which runs DXC's validator) is not installed beside "
                                "this program nor in " DXIL_LIBEXEC_DIR " (set DXIL_EXTVAL)");
        return -1;
    }
    snprintf(arg, sizeof arg, "--validator=%s", lib);
    char *argv[] = {helper, arg, sign ? "--sign" : NULL, NULL};
    int fds[3];
    pid_t pid;
    /* A helper that dies early must not kill us with SIGPIPE. */
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigaction(SIGPIPE, &ign, &old);
    if (ev_spawn(helper, argv, fds, &pid) != 0) {
        sigaction(SIGPIPE, &old, NULL);
        snprintf(why, why_size, "cannot start %s: %s", helper, strerror(errno));
        return -1;
    }
    ev_buf out = {0}, err = {0};
    ev_pump(fds[0], fds[1], fds[2], data, size, &out, &err);
    close(fds[1]);
    close(fds[2]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    sigaction(SIGPIPE, &old, NULL);
    *messages = (char *)err.p;
    int rc;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        rc = 0;
        if (sign && out.len == size)
            memcpy(data, out.p, size);
        else if (sign) {
            snprintf(why, why_size, "dxil-extval returned %zu bytes for %zu", out.len, size);
            rc = -1;
        }
    } else if (WIFEXITED(st) && WEXITSTATUS(st) == 1) {
        rc = 1;
    } else {
        if (WIFSIGNALED(st))
            snprintf(why, why_size, "DXC's validator crashed (signal %d)", WTERMSIG(st));
        else {
            size_t n = err.p ? strcspn((char *)err.p, "\n") : 0;
            snprintf(why, why_size, "%.*s", (int)n, err.p ? (char *)err.p : "");
        }
        rc = -1;
    }
    free(out.p);
    return rc;
}
