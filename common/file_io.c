/* file_io.c - whole-file reads and atomic (temp + rename) writes. */
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int io_error(dxil_diags *diags, const char *what, const char *path)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0, "%s %s: %s", what, path,
                   strerror(errno));
    return -1;
}

static uint8_t *io_read_stream(FILE *f, const char *path, size_t *size, dxil_diags *diags)
{
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
        if (len == cap) {
            if (cap >= DXIL_MAX_INPUT_SIZE) {
                dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_TOO_LARGE, DXIL_LOC_NONE, 0,
                               "%s is larger than %u bytes", path, DXIL_MAX_INPUT_SIZE);
                free(buf);
                return NULL;
            }
            uint8_t *grown = realloc(buf, cap * 2);
            if (!grown)
                free(buf);
            buf = grown;
            cap *= 2;
        }
    }
    if (!buf || ferror(f)) {
        free(buf);
        io_error(diags, "cannot read", path);
        return NULL;
    }
    *size = len;
    return buf;
}

uint8_t *dxil_read_file(const char *path, size_t *size, dxil_diags *diags)
{
    if (strcmp(path, "-") == 0)
        return io_read_stream(stdin, "<stdin>", size, diags);
    FILE *f = fopen(path, "rb");
    if (!f) {
        io_error(diags, "cannot open", path);
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        io_error(diags, "cannot read", path);
        fclose(f);
        return NULL;
    }
    uint8_t *data = io_read_stream(f, path, size, diags);
    fclose(f);
    return data;
}

static int io_write_all(int fd, const void *data, size_t size)
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

/* Creates "<path>.tmpXXXXXX" with mode 0666 less the umask. Not mkstemp
 * plus umask(): reading the umask means setting it, which races with
 * other threads writing files (batch mode). */
static int io_create_temp(const char *path, char *tmp, size_t n)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    /* A stack address differs between threads; the clock between tries. */
    unsigned long seed = (unsigned long)ts.tv_nsec ^ (unsigned long)(uintptr_t)&ts ^
                         ((unsigned long)getpid() << 16);
    for (int attempt = 0; attempt < 64; attempt++) {
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        snprintf(tmp, n, "%s.tmp%06lx", path, (seed >> 33) & 0xFFFFFFul);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

int dxil_write_file_atomic(const char *path, const void *data, size_t size, dxil_diags *diags)
{
    if (strcmp(path, "-") == 0) {
        if (fwrite(data, 1, size, stdout) != size || fflush(stdout) != 0)
            return io_error(diags, "cannot write", "<stdout>");
        return 0;
    }
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        return io_error(diags, "cannot write", path);
    int fd = io_create_temp(path, tmp, n);
    if (fd < 0) {
        io_error(diags, "cannot create a temporary file for", path);
        free(tmp);
        return -1;
    }
    int rc = io_write_all(fd, data, size);
    if (close(fd) != 0)
        rc = -1;
    if (rc == 0 && rename(tmp, path) != 0)
        rc = -1;
    if (rc != 0) {
        io_error(diags, "cannot write", path);
        unlink(tmp);
    }
    free(tmp);
    return rc;
}
