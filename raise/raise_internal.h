/* raise_internal.h - what the raise passes share. Each pass is one file
 * with one job; raise_pipeline.c runs them in order. */
#ifndef DXIL_RAISE_INTERNAL_H
#define DXIL_RAISE_INTERNAL_H

#include "module/module_internal.h"

#include <llvm-c/Core.h>

typedef struct raise_ctx {
    dxil_module *module;
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_diags *diags;
    /* The container's STAT module (module/reflection.h), parsed at load
     * with dxil_options.layouts_from_reflection; NULL without. */
    const struct stat_reflection *reflection;
    /* The container's carried parts (dxil_write.h), handed in by the
     * pipeline for raise_parts.c; NULL when the input was no container. */
    const struct dxil_write_carried *carried;
    /* The dx.resources class types the loader recovered from the bitcode
     * (bitcode/bitcode_types.h); NULL without. */
    const struct bc_restypes *restypes;
    bool bcfacts_written; /* raise_bcfacts kept them (raise_bcfacts_vst follows) */
    /* Filled by the identity pass from dx.version / dx.shaderModel (0 and
     * NULL until then) so later passes can branch on version and stage.
     * dxil_known: the module is DXIL form and says its version, which may
     * be a pre-release 0.x (DXC's oldest test files). */
    unsigned dxil_major, dxil_minor;
    bool dxil_known;
    unsigned sm_major, sm_minor;
    const char *sm_kind; /* "cs", "ps", "lib", ...; static storage */
    /* Op raise (raise_ops.c): the op table (NULL: built-in) and, when
     * coverage statistics were asked for, this module's counts. */
    const struct dxil_optable *optable;
    struct dxil_stats *stats;
    /* Intrinsic declarations made so far (raise_ops_util.c). */
    struct raise_intrinsics *intrinsics;
    /* The op table indexed by custom kind (raise_res_calls.c); NULL
     * without memory. */
    struct raise_op_kinds *op_kinds;
    bool op_kinds_owned; /* an overlay's, freed with the raise */
    /* Why custom handlers left calls (raise_kept.c); only with stats. */
    struct raise_kept *kept;
    /* dxil_options.keep_sig_io: loadInput/storeOutput stay DXIL. */
    bool keep_sig_io;
} raise_ctx;

/* raise_kept.c: a custom handler that leaves a dx.op call records why
 * (a dxil_keep_reason); the op pass, which counts every kept call, reads
 * it back. Both do nothing unless rc->stats is set. */
void raise_note_kept(raise_ctx *rc, LLVMValueRef call, unsigned reason);
/* The reason recorded for call, or -1. */
int raise_kept_reason(const raise_ctx *rc, LLVMValueRef call);
void raise_kept_free(raise_ctx *rc);

/* The declaration of intrinsic `id` with these overload types in rc's
 * module. Cached per module: LLVMGetIntrinsicDeclaration mangles the name
 * and looks it up on every call (~7k instructions). Its type is
 * LLVMGlobalGetValueType(fn). NULL only without memory. */
LLVMValueRef raise_intrinsic_decl(raise_ctx *rc, unsigned id, LLVMTypeRef *tys,
                                       size_t n);
void raise_intrinsics_free(raise_ctx *rc);
/* rc->op_kinds for rc->optable, and its release (raise_res_calls.c). */
void raise_op_kinds_build(raise_ctx *rc);
void raise_op_kinds_free(raise_ctx *rc);

typedef struct raise_pass {
    const char *name;
    int (*run)(raise_ctx *rc);
} raise_pass;

/* Metadata passes (raise_identity.c, raise_entry.c, raise_instr_md.c,
 * raise_park_md.c). */
int raise_identity(raise_ctx *rc);
int raise_entries(raise_ctx *rc);
int raise_instr_md(raise_ctx *rc);
int raise_park_md(raise_ctx *rc);
/* !dxu.parts / !dxu.container from rc->carried (raise_parts.c). */
int raise_parts(raise_ctx *rc);
/* !dxu.mdKinds / !dxu.functions / !dxu.resourceTypes (raise_bcfacts.c). */
int raise_bcfacts(raise_ctx *rc);
/* The functions' unsorted symbol tables into !dxu.vstOrder, after every IR
 * pass: only the names the raised functions still have. */
int raise_bcfacts_vst(raise_ctx *rc);

/* Resource passes (raise_res_pass.c, raise_buffers.c, raise_cleanup.c). */
int raise_resources(raise_ctx *rc);
int raise_buffers(raise_ctx *rc);
int raise_cleanup(raise_ctx *rc);
/* Convergence (raise_conv_mark.c, raise_conv_tokens.c, raise_conv_break.c). */
int raise_conv_mark(raise_ctx *rc);
int raise_conv_tokens(raise_ctx *rc);
int raise_conv_break(raise_ctx *rc);
/* Signature I/O (raise_sig_io.c). */
int raise_sig_io(raise_ctx *rc);

#endif
