/* lower_internal.h - what the lowering passes share. Each pass is one file
 * with one job; pipeline/lower_passes.c runs them in order. */
#ifndef DXIL_LOWER_INTERNAL_H
#define DXIL_LOWER_INTERNAL_H

#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_optable.h"
#include "module/md_util.h"
#include "module/module_internal.h"

#include "dxil_optable_gen.h" /* DXIL_OP_<Name> opcodes, generated from the spec */

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Function attributes of dx.op declarations, made once per lowering. */
typedef struct lower_attrs {
    LLVMAttributeRef nounwind, mem_none, mem_read, mem_argmem, noduplicate, noreturn;
} lower_attrs;

typedef struct lower_ctx {
    dxil_module *module;
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_diags *diags;
    dxil_lower_options opts;
    const dxil_optable *table;
    LLVMBuilderRef b;
    /* Filled by the identity pass. */
    dxil_version dxil, sm;
    char sm_kind[16];       /* "cs", "lib", ... ("" when unknown) */
    lower_attrs attrs;
    unsigned md_precise;
    /* The raise's attachment kinds (docs/side-metadata.md) the context
     * has, 0 for one it never had (0 is !dbg, never one of these): looked
     * up once, never registered, so LLVM's writer does not list them in a
     * module that had none. */
    struct {
        unsigned align, cbuffer_load, raw_scalar, annotates, lib_load, fmf, no_align;
    } side;
    /* Instructions replaced by a pass; erased together by lower_erase_dead. */
    LLVMValueRef *dead;
    size_t n_dead, cap_dead;
    unsigned n_lowered, n_kept;
    bool dxop_input; /* dx.op calls before lowering: DXIL input, DXC's form */
    bool keep_fmf;   /* the DXIL writer follows: !dxu.fmf, !dxu.noAlign stay for it */
    bool built_entries; /* modern input: dx.entryPoints built by lower_entries */
    /* Those calls, sorted: kept as the input had them, so check-ops leaves
     * them to --check (a DXC module may use ops newer than its version). */
    LLVMValueRef *input_calls;
    size_t n_input_calls;
    /* Fields of the cbuffer row being lowered: 4 for a min-precision row
     * of 16-bit values (one per 32-bit slot), else 0 (by width). */
    unsigned cbuf_lanes;
    /* The signatures node built for each modern entry (lower_signature.c),
     * for the entries pass to put in the entry's record. */
#define LOWER_MAX_SIGS 16
    struct {
        LLVMValueRef fn, node;
    } sigs[LOWER_MAX_SIGS];
    unsigned n_sigs;
    /* The input's datalayout, before identity replaces it: the byte
     * offsets of its GEPs were computed in it (the legalization reads
     * them back into typed paths, legalize/legal_gep.c). */
    LLVMTargetDataRef input_td;
    /* What the legalization's census found (LEGAL_CENSUS_* bits,
     * legalize/legal_census.c); stale once a pass after it changed the
     * module, and then every pass runs. */
    unsigned census;
    bool census_taken, census_stale;
} lower_ctx;

/* Fills lc->side (lower_util.c). */
void lower_side_kinds_init(lower_ctx *lc);

/* A pass that only legalizes what optimizers and clang make (DXC's own
 * DXIL never needs it): skipped when dxil_lower_options.legalize is false. */
#define LOWER_LEGALIZE 1u

typedef struct lower_pass {
    const char *name;
    int (*run)(lower_ctx *lc);
    unsigned flags; /* LOWER_LEGALIZE, or 0 */
} lower_pass;

/* ---- lower_util.c ---- */
void lower_warn(lower_ctx *lc, const char *fmt, ...);
/* "@fn: `instruction`: what" as an error (DXIL6000) or warning (DXIL6001). */
void lower_report(lower_ctx *lc, dxil_severity sev, LLVMValueRef inst, const char *what);
/* Queues an instruction for erasure (after its uses are replaced). */
void lower_kill(lower_ctx *lc, LLVMValueRef inst);
/* Erases the queued instructions (users first) that have no uses left. */
void lower_erase_dead(lower_ctx *lc);
/* Calls of the declared function fn, collected before any is replaced.
 * Caller frees *out. */
size_t lower_collect_calls(LLVMValueRef fn, LLVMValueRef **out);
/* The users of v (one entry per use), collected before any is replaced.
 * Caller frees *out. */
size_t lower_collect_users(LLVMValueRef v, LLVMValueRef **out);
/* Base name of an intrinsic declaration ("llvm.dx.resource.load.typedbuffer")
 * into buf; false when fn is not an intrinsic. */
bool lower_intrinsic_base(LLVMValueRef fn, char *buf, size_t size);
/* Whether v calls the intrinsic of base name `base` (or, with prefix, one
 * whose base name starts with it). */
bool lower_is_intrinsic_call(LLVMValueRef v, const char *base, bool prefix);
/* A call of intrinsic `name` (its overloaded types in over[]) at the
 * builder; NULL when LLVM has no such intrinsic. */
LLVMValueRef lower_intrinsic_call(lower_ctx *lc, const char *name, LLVMTypeRef *over,
                                  unsigned n_over, LLVMValueRef *args, unsigned n_args);
LLVMValueRef lower_i32(lower_ctx *lc, uint64_t v);
LLVMValueRef lower_i8(lower_ctx *lc, uint64_t v);
LLVMValueRef lower_i1(lower_ctx *lc, bool v);
/* !dx.precise !{i32 1} on `dxop` unless `orig` carried the six fast-math
 * flags LLVM's lowering checks (reassoc nnan ninf nsz arcp afn). */
void lower_precise(lower_ctx *lc, LLVMValueRef orig, LLVMValueRef dxop);
/* Replaces every use of `old` by `with` and queues `old`. */
void lower_replace(lower_ctx *lc, LLVMValueRef old, LLVMValueRef with);
/* What lower_replace_keep_name does with the old value. */
typedef enum {
    LOWER_OLD_QUEUE, /* queued (lower_kill) for lower_erase_dead; `with` may be any
                        value, and only an instruction takes the name */
    LOWER_OLD_ERASE, /* erased now (a global deleted); `with` is the new
                        instruction or global made for it */
} lower_old_fate;
/* old replaced by with, keeping old's name: every use of old becomes with
 * (when their types agree), old goes as `fate` says, and with takes old's
 * name when it has none. Value names reach the written module, so a
 * replacement keeps the input's. */
void lower_replace_keep_name(lower_ctx *lc, LLVMValueRef old, LLVMValueRef with,
                             lower_old_fate fate);
/* lower_replace_keep_name with LOWER_OLD_QUEUE. */
void lower_replace_named(lower_ctx *lc, LLVMValueRef old, LLVMValueRef with);
/* Whether the target DXIL keeps vector values: SM 6.9 and later (native
 * vectors), and libraries, whose validator allows vector types and
 * insert/extractelement (DXC's validator, IsLLVMInstructionAllowedForLib). */
bool lower_vectors_allowed(const lower_ctx *lc);

/* ---- lower_types.c: %dx.types.* and dx.op declarations ---- */
LLVMTypeRef lower_type_handle(lower_ctx *lc);
/* LLVM type of a spec type code for overload type `ov` (NULL = void). */
LLVMTypeRef lower_type_for_code(lower_ctx *lc, unsigned code, LLVMTypeRef ov);
/* Scalar kind of a type (its element type for vectors). */
dxil_scalar_kind lower_scalar_kind(LLVMTypeRef t);
/* Builds a call to opcode's dx.op function with overload `ov` (NULL for
 * non-overloaded ops) at the builder. args exclude the opcode; their
 * count must match the op's parameters. NULL when the op is unknown. */
LLVMValueRef lower_dxop_call(lower_ctx *lc, uint32_t opcode, LLVMTypeRef ov,
                             LLVMValueRef *args, unsigned n_args, const char *name);
/* Same, with the op already looked up. */
LLVMValueRef lower_dxop_call_op(lower_ctx *lc, const dxil_op_info *op, LLVMTypeRef ov,
                                LLVMValueRef *args, unsigned n_args, const char *name);
int lower_attrs_init(lower_ctx *lc);
/* lower_version.c: error when an intrinsic's ops are all newer than the
 * target DXIL version (the module would be half-lowered). */
int lower_check_versions(lower_ctx *lc);
/* Puts back the dx.op declaration attributes !dxu.opAttrs recorded. */
int lower_restore_op_attrs(lower_ctx *lc);
/* The overload an LLVM type stands for ("v4f32"); NULL t is the void
 * overload. False when t has no overload form. */
bool lower_overload_of(LLVMTypeRef t, dxil_overload *ov);

/* ---- lower_ops.c ---- */
/* The map lowering picks for this call of intrinsic `base` at the target
 * version (NULL when none applies). */
const dxil_intrinsic_ref *lower_ops_select(lower_ctx *lc, LLVMValueRef call,
                                           const char *base);
/* The dx.op overload type a table map gives this call: the type of
 * whatever carries $o (NULL when the op is not overloaded). */
LLVMTypeRef lower_ops_overload(const dxil_op_info *op, const dxil_intrinsic_map *m,
                               LLVMValueRef call);

/* ---- lower_resources.c ---- */
/* The %dx.types.Handle behind a target("dx.*") handle value (the
 * casthandle bridge left by the resource pass or by the raiser), or NULL. */
LLVMValueRef lower_dxil_handle(LLVMValueRef target_handle);

/* ---- lower_access.c: shared by resource-access and cbuffer-access ---- */
/* A getelementptr instruction or constant expression. */
bool lower_is_gep(LLVMValueRef v);
/* The pointer a chain of GEPs from v starts at (v itself when it is none). */
LLVMValueRef lower_gep_base(LLVMValueRef v);
/* Called with each dynamic GEP index: `index` steps of `stride` bytes. */
typedef void (*lower_gep_term_fn)(void *arg, LLVMValueRef index, uint64_t stride);
/* Adds to *bytes the constant part of ptr's byte offset from base over
 * the GEPs between them (datalayout td) and passes each dynamic index to
 * term. False when a step is not a GEP, or one that cannot be followed
 * (vector indices, a struct field past the struct's end). */
bool lower_gep_offset(LLVMTargetDataRef td, LLVMValueRef base, LLVMValueRef ptr,
                      int64_t *bytes, lower_gep_term_fn term, void *arg);

/* ---- lower_cbl_form.c: the raise's form of DXC's byte-offset cbufferLoad ---- */
/* The last insertelement of the raise's exact gather that v is a link of
 * (every field of one row marked md_kind at its own lane, read only by
 * extractelement), and its row call in *call; NULL when v is none. */
LLVMValueRef lower_cbl_gather_top(LLVMValueRef v, unsigned md_kind, LLVMValueRef *call);
/* The low 4 bits of an i32 value when its computation fixes them, else -1. */
int lower_cbl_low4(LLVMValueRef v);
/* The byte offset of the element `at` bytes into the 16-byte row holding
 * byte `off`, built at the builder (off itself when its low bits are at). */
LLVMValueRef lower_cbl_element_offset(lower_ctx *lc, LLVMValueRef off, unsigned at);

/* ---- the passes ---- */
int lower_identity(lower_ctx *lc);
int lower_resources(lower_ctx *lc);
int lower_resource_access(lower_ctx *lc); /* lower_resource_access.c */
int lower_resource_phi(lower_ctx *lc);    /* lower_resource_phi.c */
int lower_cbuffer_access(lower_ctx *lc);  /* lower_cbuffer_access.c */
int lower_expand(lower_ctx *lc);          /* lower_expand.c */
int lower_buffers(lower_ctx *lc);
int lower_sig_io(lower_ctx *lc);
int lower_ops(lower_ctx *lc);
int lower_entries(lower_ctx *lc);
int lower_instr_md(lower_ctx *lc);
int lower_cleanup(lower_ctx *lc);
int lower_place_annotates(lower_ctx *lc); /* lower_annotates.c */
int lower_place_lib_loads(lower_ctx *lc);  /* lower_annotates.c */
int lower_restore_md(lower_ctx *lc);
int lower_scalarize(lower_ctx *lc);   /* lower_scalarize.c */
/* The scalar declaration of vector intrinsic fn of n lanes
 * ("llvm.sqrt.v4f32" -> "llvm.sqrt.f32"); NULL when its name or type has
 * no such form (lower_scalarize.c; the data scalarization uses it too). */
LLVMValueRef lower_scalar_intrinsic_decl(lower_ctx *lc, LLVMValueRef fn, unsigned n);
int lower_check_types(lower_ctx *lc); /* lower_check.c */
int lower_check_ops(lower_ctx *lc);
int lower_leftovers(lower_ctx *lc);
int lower_note_input(lower_ctx *lc);  /* lower_call_attrs.c */
int lower_conv_restore(lower_ctx *lc); /* lower_conv_restore.c */
int lower_conv_strip(lower_ctx *lc);   /* lower_conv_strip.c */
/* Whether a dx.op call was in the input (note-input); such calls are kept
 * as they were, so check-ops leaves them to --check. */
bool lower_is_input_call(const lower_ctx *lc, LLVMValueRef call);
int lower_call_attrs(lower_ctx *lc);
int lower_linkage(lower_ctx *lc);   /* lower_linkage.c */
int lower_promote(lower_ctx *lc);   /* lower_promote.c */
/* Phis of handles SROA made in fn merged into one handlefrombinding on a
 * phi of indices, or refused (-1); lower_handle_flow.c. */
int lower_handle_phis(lower_ctx *lc, LLVMValueRef fn);
/* Handles loaded from locals refused (-1); lower_handle_flow.c. */
int lower_handle_locals(lower_ctx *lc);
int lower_flatten_arrays(lower_ctx *lc); /* lower_flatten_arrays.c */
int lower_flatten_vector_arrays(lower_ctx *lc); /* lower_flatten_arrays.c */
int lower_resource_copy(lower_ctx *lc); /* lower_resource_copy.c */
int lower_wide_int(lower_ctx *lc);      /* lower_wide_int.c */
int lower_unused_resources(lower_ctx *lc); /* lower_unused_resources.c */
int lower_forward_handles(lower_ctx *lc); /* lower_forward_handles.c */
int lower_implicit_binding(lower_ctx *lc); /* lower_implicit_binding.c */
int lower_nonuniform(lower_ctx *lc); /* lower_nonuniform.c */
int lower_fn_attrs(lower_ctx *lc);  /* lower_fn_attrs.c */
int lower_module_md(lower_ctx *lc); /* lower_module_md.c */
int lower_signatures(lower_ctx *lc); /* lower_signature.c */
/* The signatures node lower_signatures built for entry fn, or NULL. */
LLVMValueRef lower_signature_of(const lower_ctx *lc, LLVMValueRef fn);
/* Modern input (clang's, LLVM's): neither raised from DXIL (!dxu.order)
 * nor holding dx.op calls already (note-input). */
bool lower_is_modern(const lower_ctx *lc);

#endif
