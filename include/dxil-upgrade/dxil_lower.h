/* dxil_lower.h - lowering modern LLVM 22 IR (clang's HLSL form, or the
 * output of dxil_module_raise) back to DXIL form, the inverse of raising.
 *
 * What lowers to what is documented in docs/lowering.md. Lowering is
 * driven by the same op table (dxil_optable.h) and the same side metadata
 * (docs/side-metadata.md) as raising, so a raised DXC module lowers back to
 * its original dx.op calls and dx.* metadata.
 *
 * Same error and threading rules as dxil_upgrade.h: diagnostics go to the
 * caller's list, bad input never aborts, one module per thread.
 */
#ifndef DXIL_UPGRADE_LOWER_H
#define DXIL_UPGRADE_LOWER_H

#include "dxil_export.h"

#include "dxil_upgrade.h"
#include "dxil_write.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dxil_lower_options {
    /* Target DXIL version as (major << 8) | minor; 0 = take it from the
     * side metadata or the triple (dxilv1.X), or derive it from the shader
     * model. Decides createHandle vs createHandleFromBinding, rawBufferLoad
     * vs bufferLoad and the attributes of each dx.op declaration. */
    unsigned dxil_version;
    /* Set DXC's triple "dxil-ms-dx" (default true). When false the modern
     * triple is left in place. */
    bool dxc_triple;
    /* Keep the dxu.* side metadata after restoring it (default false). */
    bool keep_side_metadata;
    /* An llvm.dx.* call no pass could lower is an error (default false);
     * when true it is kept with one warning per call. */
    bool allow_leftover_intrinsics;
    /* Run the passes that legalize what clang and LLVM's optimizers make
     * (default true): promoted allocas, handle globals, typed GEP paths,
     * freeze, unreachable, odd int widths, vector values, clang's linkage,
     * attributes and metadata (docs/lowering.md). DXC's own DXIL, raised,
     * never needs them, so false gives the same output on it, faster: for
     * measuring their cost (dxil-bench --sections=lower) and for input
     * known to be DXIL-shaped. A module that did need them comes out
     * invalid, and the signing gate (dxil_lower_write_container, dxil-lower
     * -o) refuses it as it refuses any invalid output. */
    bool legalize;
} dxil_lower_options;

/* Fills opts with the defaults: dxil_version 0 (derived), dxc_triple
 * true, keep_side_metadata false, allow_leftover_intrinsics false,
 * legalize true. */
DXIL_API void dxil_lower_options_init(dxil_lower_options *opts);

/* Lowers m in place. opts may be NULL (defaults). Returns 0 on success,
 * -1 with errors in diags when the module cannot become valid DXIL at the
 * target version: a call whose types the op does not allow there, an op
 * not allowed in the module's stage, or an llvm.dx.* call left unlowered
 * (unless allow_leftover_intrinsics). Vector calls of ops without that
 * vector overload are split into scalar calls first. */
DXIL_API int dxil_module_lower(dxil_module *m, const dxil_lower_options *opts, dxil_diags *diags);

/* Writes a lowered module as text with the datalayout line as DXC spells
 * it ("i8:32"; LLVM 22 keeps the normalised "i8:8:32" in memory, because it
 * rejects DXC's), for DXC's tools: LLVM 22 cannot read that text back.
 * dxil_module_write_file writes the LLVM 22 form, as dxil-lower does unless
 * --dxc-datalayout. Bitcode keeps the normalised layout either way. */
DXIL_API int dxil_lower_write_file(dxil_module *m, const char *path, dxil_emit_format fmt,
                                   dxil_diags *diags);

/* DXIL in, DXIL out (docs/writing.md): lowers m in place (as
 * dxil_module_lower with lower_opts, NULL for the defaults; a module
 * already in DXIL form comes out as it went in) and writes it as a
 * DXContainer into a malloc'd buffer (*out, *out_size; free() it):
 *  - the parts a raised container kept in !dxu.parts / !dxu.container
 *    (RTS0, VERS, STAT, RDAT, ILDN, ILDB, ...), read before lowering
 *    drops them, with the digest kind and PSV0 version they record (a
 *    module without them, e.g. one loaded with raise = false, gets DXC's
 *    defaults: signed, no carried parts);
 *  - the module's bitcode in the LLVM 3.7 form DXC reads;
 *  - SFI0, ISG1/OSG1/PSG1, PSV0, HASH and the program header (shader
 *    model, DXIL version) regenerated from its metadata (dxil_write.h).
 * lower_opts' dxc_triple and keep_side_metadata are ignored: DXC reads
 * only its own triple, and its validator rejects unknown named metadata.
 * write_opts may be NULL; a non-zero psv_info_size overrides the PSV0
 * version the module records. m must be valid for LLVM's verifier after
 * lowering. 0 on success; -1 with diagnostics and no output when the
 * module cannot be lowered, verified, written as 3.7 bitcode or as a
 * container (m may then be partly lowered). */
DXIL_API int dxil_lower_write_container(dxil_module *m, const dxil_lower_options *lower_opts,
                                        const dxil_write_options *write_opts, uint8_t **out,
                                        size_t *out_size, dxil_diags *diags);

/* Round-trip checks (docs/lowering.md). Each loads `path` twice and
 * compares in memory (no re-parsing of text):
 *  - dxil: the input as parsed (no raise) against raise + lower;
 *  - modern: the input as parsed against lower + raise.
 * Returns 0 when the two agree, 1 with the first difference in msg and its
 * kind (dxil_cmp_kind, see module/ir_compare.h) in *kind, -1 when the file
 * could not be loaded or processed (reason in msg). */
DXIL_API int dxil_roundtrip_dxil(const char *path, char *msg, size_t msg_size, unsigned *kind);
DXIL_API int dxil_roundtrip_modern(const char *path, char *msg, size_t msg_size, unsigned *kind);
/* Binary (docs/writing.md): path must be a DXContainer. It is raised,
 * lowered and written (dxil_lower_write_container); the written container
 * is read back and must give the lowered module again (as parsed) and,
 * raised, the module raising the input gave (both compared as the checks
 * above compare); it must list the input's parts in the same order, each
 * byte-identical but the bitcode (DXIL's bitcode and HASH, its digest: a
 * difference there is reported in msg, not a failure; the program
 * header's versions must agree), and its digest must verify (or keep the
 * input's unsigned / bypass kind). On 0 msg summarises the parts ("all 5
 * parts identical", or which differ). flags: DXIL_ROUNDTRIP_* below. */
DXIL_API int dxil_roundtrip_binary(const char *path, unsigned flags, char *msg, size_t msg_size,
                                   unsigned *kind);
/* Also require the two raised modules' printed IR to be identical (type
 * names, datalayout spelling, side metadata, instruction flags: what the
 * structural comparison looks through); a difference is kind "text". */
#define DXIL_ROUNDTRIP_EXACT_IR 1u
/* Name of a difference kind ("operand", "md", ..., and for the binary
 * round trip "part", "digest" and "text"), or NULL. */
DXIL_API const char *dxil_roundtrip_kind_name(unsigned kind);

#ifdef __cplusplus
}
#endif
#endif
