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

#include <stdbool.h>

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
} dxil_lower_options;

/* Fills opts with the defaults: dxil_version 0 (derived), dxc_triple
 * true, keep_side_metadata false, allow_leftover_intrinsics false. */
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

/* Round-trip checks (docs/lowering.md). Each loads `path` twice and
 * compares in memory (no re-parsing of text):
 *  - dxil: the input as parsed (no raise) against raise + lower;
 *  - modern: the input as parsed against lower + raise.
 * Returns 0 when the two agree, 1 with the first difference in msg and its
 * kind (dxil_cmp_kind, see module/ir_compare.h) in *kind, -1 when the file
 * could not be loaded or processed (reason in msg). */
DXIL_API int dxil_roundtrip_dxil(const char *path, char *msg, size_t msg_size, unsigned *kind);
DXIL_API int dxil_roundtrip_modern(const char *path, char *msg, size_t msg_size, unsigned *kind);
/* Name of a difference kind ("operand", "md", ...), or NULL. */
DXIL_API const char *dxil_roundtrip_kind_name(unsigned kind);

#ifdef __cplusplus
}
#endif
#endif
