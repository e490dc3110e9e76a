/* dxil_write.h - writing a DXContainer back from a DXIL module.
 *
 * The parts DXC derives from the module's metadata (SFI0, ISG1, OSG1,
 * PSG1, PSV0, the DXIL program header and HASH) are regenerated from the
 * *unraised* DXIL module (dxil_options.raise = false) in the layout the
 * module's validator version (dx.valver) implies; the parts that cannot be
 * derived from it (RTS0, VERS, ILDN, STAT, RDAT, ILDB, ...) are carried as
 * blobs. The DXIL part's bitcode is an input: this header does not write
 * bitcode (dxil_lower_write_container in dxil_lower.h does it all: lower,
 * bitcode, container). Parts are laid out in DXC's order and the container
 * digest is DXC's (see docs/writing.md).
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

/* How a container written from a module earns its digest
 * (dxil_lower_write_container; docs/writing.md "Signing"). */
typedef enum dxil_sign_mode {
    /* Validate what was written (the in-project validator, or DXC's
     * library when validator_path names one), sign what passes, refuse
     * the rest with the validator's messages and no output. */
    DXIL_SIGN_VALIDATED = 0,
    /* Write it unsigned (an all-zero digest), not validated, with a
     * warning: as `dxc -Vd` and clang without dxv do. */
    DXIL_SIGN_UNVALIDATED = 1
} dxil_sign_mode;

/* Choices the module's metadata does not settle. Zero: DXC's defaults. */
typedef struct dxil_write_options {
    /* PSV0 runtime info size: 0 for the version the validator version
     * implies (24, 36, 48, 52 or 56 bytes for versions 0-4 at validator
     * 1.0, 1.1-1.5, 1.6-1.7, 1.8-1.9, 1.10+), or one of those sizes to
     * force a version (some DXC releases wrote version 1 at 1.6). */
    uint32_t psv_info_size;
    /* Used by dxil_lower_write_container only (dxil_container_write signs
     * as its input's digest says). */
    dxil_sign_mode sign;
    /* DXC's validator library (libdxil.so / dxil.dll's Linux build): when
     * set, it validates and signs in place instead of the in-project
     * validator, as DXC does. Loaded at run time; NULL: not used. */
    const char *validator_path;
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

/* ---- carried parts kept in a raised module ----------------------------
 *
 * Raising a DXContainer records the parts this header cannot regenerate
 * in the module as side metadata (!dxu.parts, !dxu.container; see
 * docs/side-metadata.md), so a raised .ll or .bc alone is enough to write
 * the container back: read them with dxil_write_carried_from_module
 * before lowering (lowering drops the nodes), lower, and hand them to
 * dxil_container_write with dxil_write_input_use_carried. */
typedef struct dxil_write_carried {
    dxil_write_part *parts; /* every part but SFI0 ISG1 OSG1 PSG1 PSV0 HASH DXIL, container order */
    size_t count;
    dxil_hash_status digest;   /* the container's digest kind (MISMATCH read as OK) */
    bool hash_includes_source; /* the HASH part's flag (DXC's "includes source") */
    uint32_t psv_info_size;    /* the PSV0 part's runtime info size; 0 without PSV0 */
    /* DXC's digest of the input container's bytes, whatever its header
     * held (set by the raise, not by dxil_write_carried_from_container): a
     * container written back with this digest is the input, unchanged, and
     * keeps the input's digest kind without being validated again
     * (dxil_lower_write_container, docs/writing.md "Signing"). */
    bool has_content_digest;
    uint8_t content_digest[16];
    void *storage;             /* owned bytes behind parts (NULL: parts point elsewhere) */
} dxil_write_carried;

/* The carried parts of a DXContainer in memory (data, size); the parts
 * point into data, which must outlive *out. 0, or -1 with diagnostics
 * (not a container, malformed part table). */
DXIL_API int dxil_write_carried_from_container(const void *data, size_t size,
                                               dxil_write_carried *out, dxil_diags *diags);
/* The carried parts recorded in a raised module's !dxu.parts and
 * !dxu.container, copied (out owns them). A module without the nodes
 * gives 0 parts and DXC's defaults. -1 with diagnostics naming the node
 * and operand when a node is malformed (wrong shape, bad FourCC, a part
 * twice, unknown digest kind). */
DXIL_API int dxil_write_carried_from_module(LLVMModuleRef module, dxil_write_carried *out,
                                            dxil_diags *diags);
DXIL_API void dxil_write_carried_free(dxil_write_carried *c);
/* Sets in's carried parts, digest, HASH flag and PSV0 size from c (c must
 * outlive the write). */
DXIL_API void dxil_write_input_use_carried(dxil_write_input *in, const dxil_write_carried *c);

#ifdef __cplusplus
}
#endif
#endif
