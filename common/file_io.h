/* file_io.h - input files (checked, mapped) and atomic writes with
 * diagnostics. */
#ifndef DXIL_FILE_IO_H
#define DXIL_FILE_IO_H

#include "dxil-upgrade/dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Inputs larger than this are refused rather than read (1 GiB), unless
 * the caller gives its own limit (dxil_options.max_input_size). */
#define DXIL_MAX_INPUT_SIZE ((size_t)1 << 30)

/* An input's bytes: a read-only mapping of the file, or (stdin, an empty
 * file) a heap copy. Release with file_release. */
typedef struct file_data {
    const uint8_t *data;
    size_t size;
    void *map;     /* mapping to unmap, or NULL */
    size_t map_len;
    uint8_t *heap; /* buffer to free, or NULL */
} file_data;

/* Opens an input: only a regular file is opened (checked before opening,
 * then opened non-blocking, so a FIFO or device swapped in cannot block),
 * and one larger than limit (0: DXIL_MAX_INPUT_SIZE) is refused before a
 * byte is read. The file is mapped, not copied. "-" reads stdin into
 * memory (up to the same limit). Returns 0, or -1 with a diagnostic. */
int file_map(const char *path, size_t limit, file_data *out, dxil_diags *diags);
void file_release(file_data *d);

/* The same checks, the whole file in a malloc'd buffer (small inputs:
 * tools that keep the bytes). */
uint8_t *file_read_all(const char *path, size_t *size, dxil_diags *diags);

/* Writes data to path through a temporary file in the same directory and a
 * rename, so readers never see a partial file. "-" writes stdout. The
 * temporary file is named ".<name>.dxil-tmp.<pid>.<6 hex digits>" beside
 * path (temp_name_pid recognises it). */
int file_write_atomic(const char *path, const void *data, size_t size, dxil_diags *diags);

/* write() until done (retrying EINTR); 0, or -1 with errno set. */
int write_all(int fd, const void *data, size_t size);

/* Durable writes (process-wide, default off): fsync each file before its
 * rename and its directory after it, so a completed write survives power
 * loss, not only a crash. */
void io_set_durable(bool on);

/* Stops atomic writes from every thread but the caller's: temporary files
 * of writes in flight are removed and their renames fail, and new writes
 * fail. An interrupted batch calls it before abandoning work in flight.
 * io_resume_writes undoes it. */
void io_stop_writes(void);
void io_resume_writes(void);

/* True when name (a file name, no directory) is one of our temporary
 * files; *pid gets the process that created it. */
bool temp_name_pid(const char *name, long *pid);

/* Removes our temporary files under dir (recursively) whose creating
 * process no longer runs on this machine, or (pid > 0) only those pid
 * created in the directory of the file path names. Other files are never
 * touched. Returns how many were removed. */
size_t remove_stale_temps(const char *dir);
size_t remove_temps_of(const char *path, pid_t pid);

#endif
