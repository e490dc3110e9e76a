/* extval_com.h - DXC's validator library, loaded at run time by
 * dxil-extval (extval_com.c). Not linked: a user who has libdxil.so
 * (DXC's dxildll target) names it, nobody else needs it. */
#ifndef DXIL_TOOLS_EXTVAL_COM_H
#define DXIL_TOOLS_EXTVAL_COM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct extval_com extval_com;

/* Loads the library and creates its validator; NULL with a sentence in
 * err when the file cannot be loaded or is not DXC's validator. */
extval_com *extval_com_open(const char *path, char *err, size_t err_size);
/* The validator's version (IDxcVersionInfo), 0.0 when it has none. */
void extval_com_version(const extval_com *ev, uint32_t *major, uint32_t *minor);
/* Validates the container data[0..size). sign: on success the validator
 * writes DXC's digest into data, in place. Returns 0 valid, 1 invalid,
 * -1 when it could not validate (a failed HRESULT in *status, e.g. its own
 * crash caught as 0x80AA001D); *messages: the validator's text (malloc'd,
 * may be NULL). Not thread-safe for one extval_com. */
int extval_com_run(extval_com *ev, uint8_t *data, size_t size, bool sign,
                      char **messages, uint32_t *status);
void extval_com_close(extval_com *ev);

#endif
