/* file_write.c - atomic (temporary file + rename) writes, optionally
 * durable, and the temporary files they may leave behind.
 *
 * Writes in flight are kept in a list so that an interrupted batch can
 * remove their temporary files and make their renames fail
 * (io_stop_writes); a process killed outright leaves them, and they
 * carry its pid so that a later run can tell them from a live writer's. */
#include "file_io.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_TAG ".dxil-tmp."
enum { TEMP_HEX = 6, TEMP_MAX_DEPTH = 64 };

typedef struct temp_entry {
    struct temp_entry *next;
    char *path;
    bool cancelled; /* removed by io_stop_writes: do not rename */
} temp_entry;

static pthread_mutex_t temp_lock = PTHREAD_MUTEX_INITIALIZER;
static temp_entry *temp_list;
static bool temp_stopped, io_durable;
static pthread_t temp_stopper;

static int write_error(dxil_diags *diags, const char *what, const char *path)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0, "%s %s: %s", what, path,
                   strerror(errno));
    return -1;
}

void io_set_durable(bool on)
{
    pthread_mutex_lock(&temp_lock);
    io_durable = on;
    pthread_mutex_unlock(&temp_lock);
}

void io_stop_writes(void)
{
    pthread_mutex_lock(&temp_lock);
    temp_stopped = true;
    temp_stopper = pthread_self();
    for (temp_entry *e = temp_list; e; e = e->next)
        if (!e->cancelled) {
            unlink(e->path);
            e->cancelled = true;
        }
    pthread_mutex_unlock(&temp_lock);
}

void io_resume_writes(void)
{
    pthread_mutex_lock(&temp_lock);
    temp_stopped = false;
    pthread_mutex_unlock(&temp_lock);
}

static void temp_unlink_entry(temp_entry *gone)
{
    for (temp_entry **p = &temp_list; *p; p = &(*p)->next)
        if (*p == gone) {
            *p = gone->next;
            break;
        }
    free(gone->path);
    free(gone);
}

/* "<dir>/.<base>.dxil-tmp.<pid>.<hex>" for path "<dir>/<base>". */
static char *temp_name(const char *path, unsigned long seed)
{
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    size_t n = strlen(path) + sizeof TEMP_TAG + 32;
    char *tmp = malloc(n);
    if (tmp)
        snprintf(tmp, n, "%.*s.%s" TEMP_TAG "%ld.%06lx", (int)dir, path, path + dir,
                 (long)getpid(), seed & 0xFFFFFFul);
    return tmp;
}

/* Creates the temporary file (mode 0666 less the umask; not mkstemp plus
 * umask(), which would race with other threads) and lists it. */
static int temp_create(const char *path, temp_entry **entry)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    /* A stack address differs between threads; the clock between tries. */
    unsigned long seed = (unsigned long)ts.tv_nsec ^ (unsigned long)(uintptr_t)&ts;
    temp_entry *e = calloc(1, sizeof *e);
    int fd = -1;
    for (int attempt = 0; e && fd < 0 && attempt < 64; attempt++) {
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        free(e->path);
        e->path = temp_name(path, seed >> 33);
        if (!e->path)
            break;
        fd = open(e->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        int saved = errno;
        if (e)
            free(e->path);
        free(e);
        errno = e ? saved : ENOMEM;
        return -1;
    }
    e->next = temp_list;
    temp_list = e;
    *entry = e;
    return fd;
}

int write_all(int fd, const void *data, size_t size)
{
    const uint8_t *p = data;
    while (size) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        size -= (size_t)n;
    }
    return 0;
}

/* path's directory (malloc'd). */
static char *path_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
}

/* After the rename: the directory entry itself reaches the disk. */
static int sync_parent_dir(const char *path)
{
    char *dir = path_dir(path);
    int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    free(dir);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

static int write_stdout(const void *data, size_t size, dxil_diags *diags)
{
    if (fwrite(data, 1, size, stdout) != size || fflush(stdout) != 0)
        return write_error(diags, "cannot write", "<stdout>");
    return 0;
}

/* The rename, unless io_stop_writes removed the file meanwhile; the
 * entry is dropped either way. Returns 0 or -1 with errno set. */
static int temp_commit(temp_entry *e, const char *path, int rc)
{
    pthread_mutex_lock(&temp_lock);
    if (e->cancelled) {
        rc = -1;
        errno = ECANCELED;
    } else if (rc == 0 && rename(e->path, path) != 0) {
        rc = -1;
    }
    int saved = errno;
    if (rc != 0 && !e->cancelled)
        unlink(e->path);
    temp_unlink_entry(e);
    pthread_mutex_unlock(&temp_lock);
    errno = saved;
    return rc;
}

/* An existing target that is not a regular file (/dev/null, a FIFO, a
 * terminal) is written in place, as LLVM's tools do: renaming a temporary
 * file over it would replace the device itself (as root, /dev/null). */
static bool path_is_special(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

static int write_in_place(const char *path, const void *data, size_t size, dxil_diags *diags)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return write_error(diags, "cannot open", path);
    int rc = write_all(fd, data, size);
    int saved = errno;
    if (close(fd) != 0 && rc == 0)
        saved = errno, rc = -1;
    errno = saved;
    return rc == 0 ? 0 : write_error(diags, "cannot write", path);
}

int file_write_atomic(const char *path, const void *data, size_t size, dxil_diags *diags)
{
    if (strcmp(path, "-") == 0)
        return write_stdout(data, size, diags);
    if (path_is_special(path))
        return write_in_place(path, data, size, diags);
    temp_entry *e = NULL;
    pthread_mutex_lock(&temp_lock);
    bool stopped = temp_stopped && !pthread_equal(temp_stopper, pthread_self());
    bool durable = io_durable;
    int fd = stopped ? -1 : temp_create(path, &e);
    int saved = errno;
    pthread_mutex_unlock(&temp_lock);
    if (stopped) {
        errno = ECANCELED;
        return write_error(diags, "cannot write (writes were stopped)", path);
    }
    if (fd < 0) {
        errno = saved;
        return write_error(diags, "cannot create a temporary file for", path);
    }
    int rc = write_all(fd, data, size);
    if (rc == 0 && durable)
        rc = fsync(fd);
    saved = errno;
    if (close(fd) != 0 && rc == 0)
        saved = errno, rc = -1;
    errno = saved;
    rc = temp_commit(e, path, rc);
    if (rc == 0 && durable)
        rc = sync_parent_dir(path);
    return rc == 0 ? 0 : write_error(diags, "cannot write", path);
}

bool temp_name_pid(const char *name, long *pid)
{
    const char *tag = name[0] == '.' ? strstr(name + 1, TEMP_TAG) : NULL;
    for (const char *next = tag; next; next = strstr(next + 1, TEMP_TAG))
        tag = next; /* the last one: the base name may contain the tag */
    if (!tag || tag == name + 1)
        return false;
    const char *p = tag + sizeof TEMP_TAG - 1;
    char *end;
    if (*p < '1' || *p > '9')
        return false;
    long v = strtol(p, &end, 10);
    if (*end != '.' || strlen(end + 1) != TEMP_HEX)
        return false;
    for (const char *h = end + 1; *h; h++)
        if (!((*h >= '0' && *h <= '9') || (*h >= 'a' && *h <= 'f')))
            return false;
    *pid = v;
    return true;
}

/* A process that no longer runs here (kill with signal 0 only asks). */
static bool temp_owner_gone(long pid)
{
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

static size_t temp_sweep(const char *dir, const char *base, long only_pid, int depth);

static size_t temp_sweep_entry(const char *dir, const char *name, const char *base,
                               long only_pid, int depth)
{
    char *full = malloc(strlen(dir) + strlen(name) + 2);
    if (!full)
        return 0;
    sprintf(full, "%s/%s", dir, name);
    size_t n = 0;
    long pid;
    struct stat st;
    if (temp_name_pid(name, &pid)) {
        size_t bl = strlen(base);
        bool ours = only_pid ? pid == only_pid && strncmp(name + 1, base, bl) == 0 &&
                                   strncmp(name + 1 + bl, TEMP_TAG, sizeof TEMP_TAG - 1) == 0
                             : temp_owner_gone(pid);
        if (ours && lstat(full, &st) == 0 && S_ISREG(st.st_mode) && unlink(full) == 0)
            n = 1;
    } else if (!only_pid && depth < TEMP_MAX_DEPTH && lstat(full, &st) == 0 &&
               S_ISDIR(st.st_mode)) {
        n = temp_sweep(full, base, only_pid, depth + 1);
    }
    free(full);
    return n;
}

static size_t temp_sweep(const char *dir, const char *base, long only_pid, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n += temp_sweep_entry(dir, e->d_name, base, only_pid, depth);
    closedir(d);
    return n;
}

size_t remove_stale_temps(const char *dir)
{
    return temp_sweep(dir, "", 0, 0);
}

size_t remove_temps_of(const char *path, pid_t pid)
{
    const char *slash = strrchr(path, '/');
    char *dir = path_dir(path);
    size_t n = dir && pid > 0 ? temp_sweep(dir, slash ? slash + 1 : path, pid, 0) : 0;
    free(dir);
    return n;
}
