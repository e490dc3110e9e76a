/* file_io.h - whole-file reads and atomic writes with diagnostics. */
#ifndef DXIL_FILE_IO_H
#define DXIL_FILE_IO_H

#include "dxil-upgrade/dxil_diag.h"

#include <stddef.h>
#include <stdint.h>

/* Inputs larger than this are refused rather than read (1 GiB). */
#define DXIL_MAX_INPUT_SIZE (1u << 30)

/* Reads a whole file ("-" = stdin) into a malloc'd buffer. */
uint8_t *dxil_read_file(const char *path, size_t *size, dxil_diags *diags);

/* Writes data to path through a temporary file in the same directory and a
 * rename, so readers never see a partial file. "-" writes stdout. */
int dxil_write_file_atomic(const char *path, const void *data, size_t size, dxil_diags *diags);

#endif
