/* file_io.c - reading inputs: only regular files, checked before they are
 * opened, mapped rather than copied (atomic writes: file_write.c). */
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int io_error(dxil_diags *diags, const char *what, const char *path)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0, "%s %s: %s", what, path,
                   strerror(errno));
    return -1;
}

static int io_too_large(dxil_diags *diags, const char *path, size_t limit)
{
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_TOO_LARGE, DXIL_LOC_NONE, 0,
                   "%s is larger than %zu bytes (the input size limit)", path, limit);
    return -1;
}

static const struct {
    mode_t type;
    const char *name;
} io_file_types[] = {
    {S_IFDIR, "a directory"},         {S_IFIFO, "a FIFO"},
    {S_IFCHR, "a character device"},  {S_IFBLK, "a block device"},
    {S_IFSOCK, "a socket"},
};

static int io_not_regular(dxil_diags *diags, const char *path, mode_t mode)
{
    const char *kind = "not a regular file";
    for (size_t i = 0; i < sizeof io_file_types / sizeof *io_file_types; i++)
        if ((mode & S_IFMT) == io_file_types[i].type)
            kind = io_file_types[i].name;
    bool fifo = S_ISFIFO(mode);
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_IO, DXIL_LOC_NONE, 0,
                   "cannot read %s: %s, not a regular file%s", path, kind,
                   fifo ? " (a pipe can be read as '-')" : "");
    return -1;
}

/* Reads stdin (a pipe is fine there) up to limit bytes. */
static int io_read_stream(FILE *f, const char *path, size_t limit, file_data *out,
                          dxil_diags *diags)
{
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
        if (len > limit) {
            free(buf);
            return io_too_large(diags, path, limit);
        }
        if (len == cap) {
            uint8_t *grown = realloc(buf, cap * 2);
            if (!grown)
                free(buf);
            buf = grown;
            cap *= 2;
        }
    }
    if (!buf || ferror(f)) {
        free(buf);
        return io_error(diags, "cannot read", path);
    }
    *out = (file_data){.data = buf, .size = len, .heap = buf};
    return 0;
}

/* stat first, so a FIFO or device is never opened (opening a FIFO blocks
 * until a writer comes); then open non-blocking and check the descriptor
 * again, in case the name changed in between. */
static int io_open_regular(const char *path, size_t limit, struct stat *st, dxil_diags *diags)
{
    if (stat(path, st) != 0)
        return io_error(diags, "cannot open", path);
    if (!S_ISREG(st->st_mode))
        return io_not_regular(diags, path, st->st_mode);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return io_error(diags, "cannot open", path);
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        int rc = S_ISREG(st->st_mode) ? io_error(diags, "cannot read", path)
                                      : io_not_regular(diags, path, st->st_mode);
        close(fd);
        return rc;
    }
    if ((uint64_t)st->st_size > limit) {
        close(fd);
        return io_too_large(diags, path, limit);
    }
    return fd;
}

int file_map(const char *path, size_t limit, file_data *out, dxil_diags *diags)
{
    memset(out, 0, sizeof *out);
    if (!limit)
        limit = DXIL_MAX_INPUT_SIZE;
    if (strcmp(path, "-") == 0)
        return io_read_stream(stdin, "<stdin>", limit, out, diags);
    struct stat st;
    int fd = io_open_regular(path, limit, &st, diags);
    if (fd < 0)
        return -1;
    size_t size = (size_t)st.st_size;
    if (size == 0) { /* mmap refuses a length of 0 */
        close(fd);
        out->heap = malloc(1);
        out->data = out->heap;
        return out->heap ? 0 : io_error(diags, "cannot read", path);
    }
    /* Private and read-only: pages come from the page cache as they are
     * touched, so a container's parts that are never parsed cost nothing. */
    void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int saved = errno;
    close(fd);
    errno = saved;
    if (map == MAP_FAILED)
        return io_error(diags, "cannot map", path);
    *out = (file_data){.data = map, .size = size, .map = map, .map_len = size};
    return 0;
}

void file_release(file_data *d)
{
    if (d->map)
        munmap(d->map, d->map_len);
    free(d->heap);
    memset(d, 0, sizeof *d);
}

uint8_t *file_read_all(const char *path, size_t *size, dxil_diags *diags)
{
    file_data d;
    if (file_map(path, 0, &d, diags) != 0)
        return NULL;
    uint8_t *copy = d.heap;
    if (!copy) {
        copy = malloc(d.size ? d.size : 1);
        if (copy)
            memcpy(copy, d.data, d.size);
        else
            io_error(diags, "cannot read", path);
    }
    *size = d.size;
    d.heap = NULL; /* now the caller's */
    file_release(&d);
    return copy;
}
