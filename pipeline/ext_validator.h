/* ext_validator.h - DXC's validator library, run in a process of its own
 * (dxil-extval; ext_validator.c) when the user names one
 * (--validator=PATH). */
#ifndef DXIL_PIPELINE_EXT_VALIDATOR_H
#define DXIL_PIPELINE_EXT_VALIDATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Validates the container data[0..size) with the library at lib. sign:
 * on success DXC's validator signs it and data gets the signed bytes.
 * Returns 0 valid, 1 invalid, -1 when it could not validate (why says
 * why: no helper, a library that is not DXC's validator, a crash). In
 * every case *messages may hold DXC's text (malloc'd, or NULL). */
int ext_validator_run(const char *lib, uint8_t *data, size_t size, bool sign, char **messages,
                      char *why, size_t why_size);

#endif
