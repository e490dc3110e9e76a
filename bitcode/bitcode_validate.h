/* bitcode_validate.h - structural check of a whole bitcode stream before
 * LLVM's reader sees it. LLVM's reader is not hardened against every
 * malformed stream, so anything it could trip on is rejected here first. */
#ifndef DXIL_BITCODE_VALIDATE_H
#define DXIL_BITCODE_VALIDATE_H

#include "bitcode_ptrfacts.h"
#include "bitcode_types.h"
#include "datalayout.h"
#include "dxil-upgrade/dxil_diag.h"

#include <stddef.h>
#include <stdint.h>

/* Walks every block, abbreviation and record of bc. Returns 0 when the
 * stream is well formed, else -1 after adding one error (2xxx code) whose
 * bit offset counts from the start of the input file (base_offset is where
 * the bitcode starts in it, in bytes) and whose message names the block. */
int bitcode_validate(const uint8_t *bc, size_t size, uint64_t base_offset,
                          dxil_diags *diags);

/* The same, and on success *types (NULL when none) gets the class type
 * each dx.resources record's operand 1 pointed to (bitcode_types.h); the
 * caller frees it with bc_restypes_free. */
int bitcode_validate_types(const uint8_t *bc, size_t size, uint64_t base_offset,
                                dxil_diags *diags, bc_restypes **types);

/* The same, and on success *dl (when not NULL) says where the first
 * datalayout record is, for bitcode_fix_datalayout_site: one walk of
 * the stream instead of two; *facts (when not NULL) gets the typed-pointer
 * facts (bitcode_ptrfacts.h; NULL when the model could not follow the
 * stream), freed with bc_ptrfacts_free. */
int bitcode_validate_load(const uint8_t *bc, size_t size, uint64_t base_offset,
                          dxil_diags *diags, bc_restypes **types, bc_datalayout_site *dl,
                          bc_ptrfacts **facts);

#endif
