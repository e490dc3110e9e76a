/* retarget_internal.h - what the retarget passes share. Each pass is one
 * file with one job; retarget_pipeline.c runs them in order
 * (docs/spirv.md, "The retarget"). */
#ifndef DXIL_RETARGET_INTERNAL_H
#define DXIL_RETARGET_INTERNAL_H

#include "retarget.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a resource is for Vulkan, from its target("dx.*") type. */
typedef enum rt_res_kind {
    RT_RES_CBUFFER,    /* dx.CBuffer: a uniform block of 16-byte rows */
    RT_RES_RAW,        /* dx.RawBuffer(i8): ByteAddressBuffer */
    RT_RES_STRUCTURED, /* dx.RawBuffer(E): StructuredBuffer<E> */
    RT_RES_TYPED,      /* dx.TypedBuffer: a texel buffer */
    RT_RES_OTHER       /* textures, samplers, ...: no form here */
} rt_res_kind;

/* The views a binding is accessed through: each its own OpVariable with
 * the binding's set and binding (SPIR-V lets variables alias), and its
 * own name, since LLVM 22's backend merges variables by name. */
typedef enum rt_view {
    RT_VIEW_WORDS,   /* [0 x i32]: raw and structured buffers, by byte / 4 */
    RT_VIEW_HALVES,  /* [0 x i16]: 16-bit stores, by byte / 2 */
    RT_VIEW_ROWS,    /* [N x <4 x i32>]: a cbuffer, by row */
    RT_VIEW_TEXELS,  /* spirv.Image Buffer: a typed buffer, by element */
    RT_VIEW_COUNTER, /* [0 x i32] at the counter's binding: word 0 */
    RT_VIEW_COUNT
} rt_view;

/* One resource binding (one llvm.dx.resource.handlefrombinding site may
 * share it with others of the same space, register and class). */
typedef struct rt_binding {
    char cls;           /* 'b', 't', 'u' or 's' */
    rt_res_kind kind;
    LLVMTypeRef dx_type;
    unsigned space, reg;
    int32_t range;      /* descriptors; -1 unbounded */
    unsigned set, binding;
    bool has_counter;
    unsigned counter_binding;
    uint64_t stride;    /* structured buffers: bytes per element */
    uint64_t cb_rows;   /* cbuffers: 16-byte rows */
    char name[96];      /* the resource's name, or one made from its register */
} rt_binding;

/* One handle creation and the Vulkan handles made for it, per view. */
typedef struct rt_handle {
    LLVMValueRef dx_call;
    rt_binding *bind;
    LLVMValueRef view[RT_VIEW_COUNT];
} rt_handle;

typedef struct rt_ctx {
    dxil_module *module;
    LLVMContextRef ctx;
    LLVMModuleRef mod;
    dxil_diags *diags;
    retarget_options opts;
    LLVMBuilderRef b;
    LLVMBuilderRef hb;    /* makes the view handles, beside the dx ones */
    LLVMTargetDataRef td; /* the input's datalayout (DXC's strides) */
    LLVMValueRef entry;   /* the shader's entry function */
    char stage[16];       /* hlsl.shader: "compute", ... */
    rt_binding *binds;
    size_t n_binds;
    rt_handle *handles;
    size_t n_handles;
    /* Instructions replaced by a pass; erased at the end, users first. */
    LLVMValueRef *dead;
    size_t n_dead, cap_dead;
} rt_ctx;

typedef struct rt_pass {
    const char *name;
    int (*run)(rt_ctx *rc);
} rt_pass;

/* ---- rt_util.c ---- */
/* "DXIL8000: @fn: `instr`: what" naming the instruction (or NULL). */
void rt_refuse(rt_ctx *rc, LLVMValueRef inst, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The calls of every function whose name starts with prefix, collected
 * before any is replaced. Caller frees *out. */
size_t rt_calls_with_prefix(rt_ctx *rc, const char *prefix, LLVMValueRef **out);
/* fn on each of those calls, collected first (fn may erase the call). */
void rt_each_call(rt_ctx *rc, const char *prefix, void (*fn)(rt_ctx *, LLVMValueRef));
/* The calls of function fn. Caller frees *out. */
size_t rt_calls_of(LLVMValueRef fn, LLVMValueRef **out);
/* The called function's name, or "" for an indirect call. */
const char *rt_callee_name(LLVMValueRef call);
/* A call of intrinsic `name` (overloaded on over[]) at the builder; NULL
 * when LLVM has no such intrinsic. */
LLVMValueRef rt_intrinsic(rt_ctx *rc, const char *name, LLVMTypeRef *over, unsigned n_over,
                          LLVMValueRef *args, unsigned n_args);
/* A call of a plain function `name` of type fnty, declared when absent. */
LLVMValueRef rt_call_fn(rt_ctx *rc, const char *name, LLVMTypeRef fnty, LLVMValueRef *args,
                        unsigned n_args);
LLVMValueRef rt_i32(rt_ctx *rc, uint64_t v);
LLVMTypeRef rt_i32_type(rt_ctx *rc);
/* Queues an instruction for erasure once its uses are gone. */
void rt_kill(rt_ctx *rc, LLVMValueRef inst);
/* RAUW then queue. */
void rt_replace(rt_ctx *rc, LLVMValueRef old, LLVMValueRef with);
/* Replaces a call returning {T, i1} (a value and DXIL's access status)
 * by `value`: extractvalue 0 users get it, extractvalue 1 users `true`,
 * any other user a rebuilt aggregate. */
void rt_replace_with_status(rt_ctx *rc, LLVMValueRef call, LLVMValueRef value);
/* The same for an aggregate of n fields: extractvalue i users get
 * fields[i] (and go at once); other users a rebuilt aggregate. */
void rt_replace_fields(rt_ctx *rc, LLVMValueRef call, LLVMValueRef *fields, unsigned n);
/* v + k, or v when k is 0. */
LLVMValueRef rt_add_const(rt_ctx *rc, LLVMValueRef v, uint64_t k);
/* Moves inst and what follows it in its block to a new block after it,
 * which the old block now branches to (the successors' phis follow);
 * returns the new block, the builder placed before inst. */
LLVMBasicBlockRef rt_split_before(rt_ctx *rc, LLVMValueRef inst);
/* Erases the queued instructions, users first. */
void rt_erase_dead(rt_ctx *rc);
/* Erases declarations nobody calls whose names start with prefix. */
void rt_erase_unused_decls(rt_ctx *rc, const char *prefix);
/* Whether t is target("<name>"...). */
bool rt_is_ext(LLVMTypeRef t, const char *name);
/* Whether t is a target("dx.*") type, or holds one (arrays, structs,
 * vectors, function types). */
bool rt_holds_dx_type(LLVMTypeRef t);

/* ---- rt_handles.c: the Vulkan handle of a view of a dx handle ---- */
/* The rt_handle of a dx handle value (a handlefrombinding call), or NULL
 * after refusing `user`, which uses some other value as its handle. */
rt_handle *rt_handle_of(rt_ctx *rc, LLVMValueRef dx_handle, LLVMValueRef user);
/* The spirv handle for `view` of h, made beside the dx call on first use. */
LLVMValueRef rt_view_handle(rt_ctx *rc, rt_handle *h, rt_view view);
/* The pointer to element `index` of a view's handle (getpointer), at the
 * builder; addrspace 11 for storage buffers, 12 for uniform blocks. */
LLVMValueRef rt_view_pointer(rt_ctx *rc, rt_handle *h, rt_view view, LLVMValueRef index);

/* ---- rt_typed_buffers.c ---- */
/* The texel buffer type of a typed buffer binding; NULL when its element
 * has no Vulkan form (the typed pass refuses those first). */
LLVMTypeRef rt_texel_type(rt_ctx *rc, const rt_binding *b);

/* ---- rt_words.c: values as 32-bit words ---- */
/* A value of scalar type `ty` from the word(s) at word index w of a
 * words view (two words for 64-bit types; 16-bit types read the half
 * of word byte_addr >> 2 that byte_addr selects). */
LLVMValueRef rt_load_scalar(rt_ctx *rc, rt_handle *h, LLVMTypeRef ty, LLVMValueRef byte_addr);
void rt_store_scalar(rt_ctx *rc, rt_handle *h, LLVMValueRef value, LLVMValueRef byte_addr);
/* Bits of an i32 word as scalar type ty (32 bits or fewer: truncated). */
LLVMValueRef rt_word_as(rt_ctx *rc, LLVMValueRef word, LLVMTypeRef ty);
/* Bit size of a scalar type (0 when not int or float). */
unsigned rt_scalar_bits(LLVMTypeRef t);

/* ---- rt_atomics.c ---- */
/* atomicrmw op on ptr, seq_cst at device scope (workgroup when asked). */
LLVMValueRef rt_atomic_rmw(rt_ctx *rc, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                           LLVMValueRef v, bool workgroup);

/* ---- rt_wave_ops.c: dx.op wave ops, for the dx-ops pass ---- */
void rt_op_read_first(rt_ctx *rc, LLVMValueRef call);
void rt_op_all_equal(rt_ctx *rc, LLVMValueRef call);
void rt_op_prefix_bits(rt_ctx *rc, LLVMValueRef call);
void rt_op_prefix(rt_ctx *rc, LLVMValueRef call);

/* ---- the passes ---- */
int rt_pass_entry(rt_ctx *rc);        /* rt_entry.c */
int rt_pass_convergence(rt_ctx *rc);  /* rt_entry.c */
int rt_pass_bindings(rt_ctx *rc);     /* rt_bindings.c */
int rt_pass_raw_buffers(rt_ctx *rc);  /* rt_raw_buffers.c */
int rt_pass_cbuffers(rt_ctx *rc);     /* rt_cbuffers.c */
int rt_pass_typed_buffers(rt_ctx *rc); /* rt_typed_buffers.c */
int rt_pass_counters(rt_ctx *rc);     /* rt_counters.c */
int rt_pass_atomics(rt_ctx *rc);      /* rt_atomics.c */
int rt_pass_intrinsics(rt_ctx *rc);   /* rt_intrinsics.c */
int rt_pass_dx_ops(rt_ctx *rc);       /* rt_dx_ops.c */
int rt_pass_groupshared(rt_ctx *rc);  /* rt_groupshared.c */
int rt_pass_handles_done(rt_ctx *rc); /* rt_handles.c: the dx handles go */
int rt_pass_vectors(rt_ctx *rc);      /* rt_vectors.c */
int rt_pass_zero_index(rt_ctx *rc);   /* rt_zero_index.c */
int rt_pass_merges(rt_ctx *rc);       /* rt_merges.c */
int rt_pass_bit_widths(rt_ctx *rc);   /* rt_bit_widths.c */
int rt_pass_metadata(rt_ctx *rc);     /* rt_metadata.c */
int rt_pass_target(rt_ctx *rc);       /* rt_target.c */
int rt_pass_check(rt_ctx *rc);        /* rt_check.c */

#endif
