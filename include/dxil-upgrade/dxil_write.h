/* dxil_write.h - writing a DXContainer back from a DXIL module.
 *
 * The parts DXC derives from the module's metadata (SFI0, ISG1, OSG1,
 * PSG1, PSV0, the DXIL program header and HASH) are regenerated from the
 * *unraised* DXIL module (dxil_options.raise = false) in the layout the
 * module's validator version (dx.valver) implies; the parts that cannot be
 * derived from it (RTS0, VERS, ILDN, STAT, RDAT, ILDB, ...) are carried as
 * blobs. The DXIL part's bitcode is an input: this header does not write
 * bitcode. Parts are laid out in DXC's order and the container digest is
 * DXC's (see docs/writing.md).
 *
 * Every function reports bad metadata as DXIL_E_PART_WRITE diagnostics
 * naming the part and field, and then returns -1 without output.
 */
#ifndef DXIL_UPGRADE_WRITE_H
#define DXIL_UPGRADE_WRITE_H

#include "dxil_export.h"

#include "dxil_diag.h"
#include "dxil_parts.h"

#include <llvm-c/Types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One part's data (without its 8-byte part header). */
typedef struct dxil_write_part {
    char fourcc[5]; /* "RTS0", ... NUL-terminated */
    const void *data;
    size_t size;
} dxil_write_part;

/* Choices the module's metadata does not settle. Zero: DXC's defaults. */
typedef struct dxil_write_options {
    /* PSV0 runtime info size: 0 for the version the validator version
     * implies (24, 36, 48, 52 or 56 bytes for versions 0-4 at validator
     * 1.0, 1.1-1.5, 1.6-1.7, 1.8-1.9, 1.10+), or one of those sizes to
     * force a version (some DXC releases wrote version 1 at 1.6). */
    uint32_t psv_info_size;
} dxil_write_options;

/* Builds the data of one regenerated part ("SFI0", "ISG1", "OSG1",
 * "PSG1", "PSV0") from the module's metadata into a malloc'd buffer
 * (*data, *size; the caller frees it). opts may be NULL. 0 on success;
 * -1 with diagnostics (unknown part name, malformed metadata, a library's
 * signature or PSV0 part, out of memory). */
DXIL_API int dxil_write_part_data(LLVMModuleRef module, const char *fourcc,
                                  const dxil_write_options *opts, uint8_t **data, size_t *size,
                                  dxil_diags *diags);

/* Assembles a container from finished parts: header, part table and the
 * parts in DXC's order (SFI0 ISG1 OSG1 PSG1 PSV0 RTS0 VERS RDAT ILDB STAT
 * ILDN HASH DXIL, then any other part in the given order, PRIV last). digest: what
 * the header's digest holds: DXIL_HASH_OK DXC's container digest (a
 * signed container), DXIL_HASH_UNSIGNED zeros, DXIL_HASH_BYPASS and
 * DXIL_HASH_PREVIEW_BYPASS DXC's sentinels (DXIL_HASH_MISMATCH is an
 * error). Duplicate FourCCs and containers over 4 GiB are errors. */
DXIL_API int dxil_container_assemble(const dxil_write_part *parts, size_t count,
                                     dxil_hash_status digest, uint8_t **out, size_t *out_size,
                                     dxil_diags *diags);

typedef struct dxil_write_input {
    LLVMModuleRef module;       /* the unraised DXIL module */
    const void *bitcode;        /* the DXIL part's LLVM 3.7 bitcode */
    size_t bitcode_size;
    const dxil_write_part *carried; /* RTS0, VERS, ILDN, STAT, RDAT, ILDB, ... */
    size_t carried_count;
    /* HASH over the ILDB part's bitcode (DXC's "includes source" flag)
     * instead of the DXIL bitcode; needs a carried ILDB part. */
    bool hash_includes_source;
    dxil_hash_status digest;    /* as for dxil_container_assemble; 0 (DXIL_HASH_OK) signs */
    dxil_write_options options;
} dxil_write_input;

/* The whole container: regenerated parts, the program part around the
 * bitcode, HASH (validator 1.5+) and the carried parts. A carried part
 * with the FourCC of a regenerated one replaces it. */
DXIL_API int dxil_container_write(const dxil_write_input *in, uint8_t **out, size_t *out_size,
                                  dxil_diags *diags);

#ifdef __cplusplus
}
#endif
#endif
