/* raise_resources.h - shared by the resource passes (raise_res_pass.c
 * with raise_res_forms.c and raise_res_handle.c, raise_res_calls.c,
 * raise_resmd.c, raise_restype.c, raise_buffers.c, raise_cleanup.c). */
#ifndef DXIL_RAISE_RESOURCES_H
#define DXIL_RAISE_RESOURCES_H

#include "raise_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "dxil_optable_gen.h" /* DXIL_OP_<Name> opcodes, generated from the spec */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RES_UNBOUNDED UINT32_MAX

/* Everything known about one resource binding, from a dx.resources record
 * and/or annotateHandle's property words. */
typedef struct res_desc {
    unsigned cls, kind;
    int record_id;           /* -1 when no dx.resources record matched */
    uint32_t space, lb, range; /* range RES_UNBOUNDED = unbounded */
    unsigned elem_type;      /* ElementType; 0 unknown */
    unsigned elem_count;     /* typed/texture components; 0 unknown */
    uint32_t stride;         /* structured buffers */
    unsigned align_log2;     /* structured buffers (props byte 1, low nibble) */
    unsigned sample_count;
    uint32_t cb_size;
    unsigned sampler_type;   /* SamplerType */
    unsigned feedback_type;
    bool rov, globally_coherent, has_counter;
    bool has_props;          /* w0/w1 below came from annotateHandle */
    uint32_t w0, w1;
    const char *name;        /* record name (not NUL-terminated), may be "" */
    size_t name_len;
    LLVMValueRef symbol;     /* record's global symbol, or NULL */
    LLVMTypeRef cb_layout;   /* CBuffer: clang-style layout struct, or NULL */
    unsigned list_pos;       /* position in its dx.resources class list */
    /* From the bitstream (raise_classtype.c): the struct the record's
     * operand 1 pointed to (CBuffer: its type; structured buffers: the
     * class, whose field 0 gives sb_elem), or NULL. */
    LLVMTypeRef class_type;
    LLVMTypeRef sb_elem;     /* structured buffers: element type of `stride` bytes */
} res_desc;

/* --- raise_resmd.c: the dx.resources table --- */
typedef struct res_table {
    res_desc *recs;
    size_t count;
    LLVMValueRef root;       /* the dx.resources operand, or NULL */
} res_table;

int res_table_read(raise_ctx *rc, res_table *t);
void res_table_free(res_table *t);
res_desc *res_table_find_id(res_table *t, unsigned cls, unsigned id);
res_desc *res_table_find_binding(res_table *t, unsigned cls, uint32_t space,
                                           uint32_t lb);
res_desc *res_table_find_symbol(res_table *t, LLVMValueRef sym);
/* Fills kind, element type, stride, flags, ... from annotateHandle words. */
void res_decode_props(res_desc *d, uint32_t w0, uint32_t w1);

/* --- raise_classtype.c: class types from the bitstream --- */
/* Sets class_type and sb_elem of the records from the class types the
 * loader recovered (rc->restypes). A type table that contradicts the
 * record is one warning naming the record; it then keeps the stand-in. */
void res_class_types(raise_ctx *rc, res_table *t);

/* --- raise_cblayout.c: CBuffer layouts from dx.typeAnnotations --- */
/* Sets cb_layout on every CBV record whose struct annotations give one of
 * exactly cb_size bytes under the module's datalayout. */
void res_cb_layouts(raise_ctx *rc, res_table *t);
/* --- raise_cbreflect.c: the same from the container's STAT part --- */
/* With dxil_options.layouts_from_reflection: sets cb_layout on the CBV
 * records still without one from the STAT module's types and annotations.
 * Problems are warnings; the records then stay opaque. */
void res_cb_layouts_reflection(raise_ctx *rc, res_table *t);

/* --- raise_resnames.c: names from the same STAT part --- */
/* With dxil_options.layouts_from_reflection: stripped records (empty
 * name) take the name of their STAT record, for handlefrombinding. */
void res_names_reflection(raise_ctx *rc, res_table *t);

/* --- raise_restype.c: target("dx.*") types --- */
/* The LLVM 22 handle type for d, or NULL when 22 has no form for it
 * (*why is then set to a short reason). */
LLVMTypeRef res_target_type(raise_ctx *rc, const res_desc *d, const char **why);
/* The scalar LLVM type of a DXIL ElementType and whether it is signed. */
LLVMTypeRef res_elem_llvm_type(LLVMContextRef ctx, unsigned elem_type, bool *is_signed);

/* --- shared helpers (raise_res_calls.c) --- */
typedef struct res_calls {
    LLVMValueRef *v;
    size_t n, cap;
} res_calls;

/* The module's dx.op.* functions with their names, gathered once per pass
 * (the passes that use it add and delete no function) so that each op
 * class does not walk every function and look up every name again. */
typedef struct op_fns {
    struct op_fn { LLVMValueRef fn; const char *name; size_t len; } *v;
    size_t n, cap;
} op_fns;
int op_fns_collect(LLVMModuleRef mod, op_fns *out);
void op_fns_free(op_fns *fns);
/* Collects the calls to dx.op.<cls>[.<overload>] whose opcode is `opcode`
 * by walking each matching declaration's uses. Calls without the op's
 * signature (raise_call_fits_op) are left, noted as "mismatch". */
int res_collect_calls(raise_ctx *rc, const op_fns *fns, const char *cls,
                           unsigned opcode, res_calls *out);
void res_calls_free(res_calls *c);
/* Appends v; -1 without memory. */
int res_calls_push(res_calls *c, LLVMValueRef v);
/* The custom handlers find their ops by the spec's custom kind: the next
 * op of the raise's table, in table order, whose maps have `kind`
 * (dxil_op_custom_kind); NULL after the last. Start with *next = 0. Uses
 * the index raise_op_kinds_build made, or scans the table without one. */
const dxil_op_info *res_next_op_of_kind(const raise_ctx *rc, unsigned kind, size_t *next);
/* Opcode of a dx.op call (its first argument), or UINT32_MAX. */
uint32_t res_call_opcode(LLVMValueRef call);
/* Builds a call to the overloaded intrinsic `name` at the builder. */
LLVMValueRef res_call_intrinsic(raise_ctx *rc, LLVMBuilderRef b, const char *name,
                                     LLVMTypeRef *overloads, unsigned n_over,
                                     LLVMValueRef *args, unsigned n_args, const char *vname);
/* When v is llvm.dx.resource.casthandle(h) with h a target("dx.*") handle,
 * returns h; otherwise NULL. */
LLVMValueRef res_raised_handle(LLVMValueRef v);
/* Why the %dx.types.Handle value h was not raised (a dxil_keep_reason):
 * what the resource pass recorded for the call making it, heap-handle for
 * createHandleFromHeap (also under annotateHandle), else handle-unresolved
 * (a phi, select, argument or call result). Meaningful with stats only. */
unsigned res_handle_reason(const raise_ctx *rc, LLVMValueRef h);

/* --- raise_annsites.c: where DXC annotated each handle --- */
/* Each annotateHandle's users and place, and each createHandleForLib's
 * load index, noted before any call moves. */
typedef struct ann_sites {
    struct ann_site *v; /* sorted by call */
    size_t n;
    struct ann_lib_at { LLVMValueRef call; int at; } *libs; /* sorted by call */
    size_t nlibs;
    LLVMValueRef tree_fn;        /* the function tree is for */
    struct shim_domtree *tree;
} ann_sites;
int ann_sites_build(ann_sites *s, const res_calls *anns);
void ann_sites_free(ann_sites *s);
/* Records on handle (a handlefrombinding call) where anns[0..n), the
 * annotateHandle calls folded into it, stood: !dxu.annotates. */
void ann_sites_record(raise_ctx *rc, const ann_sites *s, LLVMValueRef handle,
                      LLVMValueRef *anns, size_t n);
/* The entry-block index of the load feeding each createHandleForLib of
 * libs when it is not right before the call (!dxu.libLoad); -1 if none. */
int ann_sites_note_lib_loads(ann_sites *s, const res_calls *libs);
int ann_sites_lib_load(const ann_sites *s, LLVMValueRef call);

/* --- the resource pass: raise_res_pass.c drives it, raise_res_forms.c
 * reads each creation form, raise_res_handle.c makes the handles --- */
enum { RES_FORM_CREATE, RES_FORM_BINDING, RES_FORM_LIB, RES_FORM_HEAP, RES_FORM_COUNT };
extern const char *const res_form_names[RES_FORM_COUNT];

typedef struct res_props_seen {
    uint32_t cls, space, lb, w0, w1;
} res_props_seen;

typedef struct res_state {
    raise_ctx *rc;
    res_table table;
    LLVMBuilderRef b;
    unsigned raised[RES_FORM_COUNT], kept[RES_FORM_COUNT];
    op_fns fns;
    res_props_seen *props;
    size_t nprops;
    struct res_name { const char *s; size_t n; LLVMValueRef g; } *names;
    size_t nnames; /* name string globals made so far */
    ann_sites sites; /* where DXC's annotateHandle calls stood */
} res_state;

/* Why a creation or annotation stays DXIL: the warning's text and the
 * dxil_keep_reason the statistics count it under. */
typedef struct res_why {
    const char *text;
    unsigned reason;
} res_why;

/* raise_res_handle.c */
/* index - lb at st->b, looking through DXC's own "add i, lb". */
LLVMValueRef res_relative_index(res_state *st, LLVMValueRef idx, uint32_t lb);
/* Counts call as kept in DXIL form and warns with why. */
void res_keep(res_state *st, unsigned form, LLVMValueRef call, res_why why);
/* Common tail of every form: annotate users, then the rest through one
 * handle built from the record. Erases `create` when nothing uses it;
 * returns the handlefrombinding when it made exactly one, else NULL. */
LLVMValueRef res_replace(res_state *st, unsigned form, LLVMValueRef create,
                         const res_desc *base, bool base_known, LLVMValueRef rel, bool nu);
LLVMValueRef res_md_i32(res_state *st, uint32_t v);

/* raise_res_forms.c */
/* Element counts of the typed resources createHandle calls make whose
 * record gives none (id_arg: the record id's operand). */
void res_infer_counts(res_state *st, const res_calls *creates, unsigned id_arg);
void res_do_create_handle(res_state *st, LLVMValueRef call);
void res_do_from_binding(res_state *st, LLVMValueRef call);
void res_do_for_lib(res_state *st, LLVMValueRef call);

#endif
