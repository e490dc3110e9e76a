/* ext_validator.h - DXC's validator library, loaded at run time
 * (--validator=PATH; ext_validator.c). Not linked: a user who has
 * libdxil.so (DXC's dxildll target) names it, nobody else needs it. */
#ifndef DXIL_PIPELINE_EXT_VALIDATOR_H
#define DXIL_PIPELINE_EXT_VALIDATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ext_validator ext_validator;

/* Loads the library and creates its validator; NULL with a sentence in
 * err when the file cannot be loaded or is not DXC's validator. */
ext_validator *ext_validator_open(const char *path, char *err, size_t err_size);
/* The validator's version (IDxcVersionInfo), 0.0 when it has none. */
void ext_validator_version(const ext_validator *ev, uint32_t *major, uint32_t *minor);
/* Validates the container data[0..size). sign: on success the validator
 * writes DXC's digest into data, in place. Returns 0 valid, 1 invalid,
 * -1 when it could not validate (a failed HRESULT in *status, e.g. its own
 * crash caught as 0x80AA001D); *messages: the validator's text (malloc'd,
 * may be NULL). Not thread-safe for one ext_validator. */
int ext_validator_run(ext_validator *ev, uint8_t *data, size_t size, bool sign,
                      char **messages, uint32_t *status);
void ext_validator_close(ext_validator *ev);

#endif
