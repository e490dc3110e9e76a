/* legal.h - what the legalization passes share. They run before op
 * lowering and turn what an LLVM 22 optimization pipeline makes (vectors,
 * byte GEPs, generic intrinsics, freeze, ...) into IR that has a DXIL form
 * at the target version (docs/lowering.md, "Legalization"). */
#ifndef DXIL_LEGALIZE_LEGAL_H
#define DXIL_LEGALIZE_LEGAL_H

#include "lower/lower_internal.h"

/* ---- legal_util.c ---- */

/* A map from LLVM values to pointers (open addressing, never shrinks). */
typedef struct legal_map {
    LLVMValueRef *keys;
    void **vals;
    size_t cap, n;
} legal_map;
void *legal_map_get(const legal_map *m, LLVMValueRef key);
/* False without memory (the map is unchanged). */
bool legal_map_put(legal_map *m, LLVMValueRef key, void *val);
void legal_map_free(legal_map *m);

/* A growing list of values. */
typedef struct legal_list {
    LLVMValueRef *v;
    size_t n, cap;
} legal_list;
bool legal_list_add(legal_list *l, LLVMValueRef v);
void legal_list_free(legal_list *l);

/* Erases the instructions of `made` that end up unused and have no side
 * effect (lanes nobody read), repeating while that frees more. */
void legal_erase_unused(legal_list *made);
/* Whether instruction v can go when unused (no store, no call with side
 * effects, no terminator). */
bool legal_is_removable(LLVMValueRef v);

/* The function's blocks in reverse post-order from the entry, then the
 * blocks the entry does not reach, in function order. Caller frees. */
size_t legal_blocks_rpo(LLVMValueRef fn, LLVMBasicBlockRef **out);
/* The same, without the blocks the entry does not reach. */
size_t legal_blocks_reached(LLVMValueRef fn, LLVMBasicBlockRef **out);

/* Names `v` "<base><suffix><k>" when base has a name (LLVM's scalarizer
 * naming: ".i0", ...). */
void legal_name_lane(LLVMValueRef v, LLVMValueRef base, const char *suffix, unsigned k);

/* Copies nsw/nuw/exact/disjoint and fast-math flags from one instruction
 * to another of the same kind. */
void legal_copy_flags(LLVMValueRef from, LLVMValueRef to);

/* The first place after instruction or argument v where code using v can
 * go: after v (after the phis of its block for a phi; the entry block's
 * top for an argument). Positions lc->b there; false when v has no such
 * place (a constant). */
bool legal_position_after(lower_ctx *lc, LLVMValueRef v);

/* ---- legal_reduce.c ---- */

/* Whether fn is one of llvm.vector.reduce.*. */
bool legal_is_reduction(LLVMValueRef fn);
/* The scalar value of reduction `call` over lanes[0..n) (its vector
 * operand's), built at lc->b: a chain of the binary op, or of the scalar
 * min/max intrinsic. NULL when the reduction is not one this knows. */
LLVMValueRef legal_reduce_lanes(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *lanes,
                                unsigned n);

/* ---- legal_gep.c ---- */

/* The object ptr points into (an alloca, a global, ...) and the constant
 * byte offset, in the input's datalayout; false when ptr is not a
 * constant offset into one this knows. */
bool legal_object_at(lower_ctx *lc, LLVMValueRef ptr, LLVMTypeRef *type, int64_t *offset);

/* ---- legal_memintr.c: llvm.memcpy/memmove and llvm.memset with a
 * constant length, as loads and stores (the replacement is the call
 * itself, to be removed; NULL when left) ---- */
LLVMValueRef legal_expand_memcpy(lower_ctx *lc, LLVMValueRef call);
LLVMValueRef legal_expand_memset(lower_ctx *lc, LLVMValueRef call);

/* ---- legal_intrinsics_math.c: llvm.atan2 and llvm.powi as DXC expands
 * HLSL's atan2 and pow (the replacement; NULL when left) ---- */
LLVMValueRef legal_expand_atan2(lower_ctx *lc, LLVMValueRef call);
LLVMValueRef legal_expand_powi(lower_ctx *lc, LLVMValueRef call);

/* ---- the passes ---- */
int lower_legal_census(lower_ctx *lc);    /* legal_census.c */
int lower_legal_scalarize(lower_ctx *lc); /* legal_scalarize.c */
int lower_legal_fold(lower_ctx *lc);      /* legal_fold.c */
int lower_legal_geps(lower_ctx *lc);      /* legal_gep.c */
int lower_legal_repack(lower_ctx *lc);    /* legal_repack.c */
int lower_legal_int_widths(lower_ctx *lc); /* legal_intwidth.c */
int lower_legal_intrinsics(lower_ctx *lc); /* legal_intrinsics.c */
int lower_legal_unused(lower_ctx *lc);     /* legal_unused.c */
int lower_legal_freeze(lower_ctx *lc);     /* legal_freeze.c */
int lower_legal_unreachable(lower_ctx *lc); /* legal_unreachable.c */
int lower_legal_ptr_selects(lower_ctx *lc); /* legal_select.c */
int lower_legal_lib_globals(lower_ctx *lc); /* legal_libglobals.c */
int lower_legal_undef(lower_ctx *lc);       /* legal_undef.c */
int lower_legal_raw_split(lower_ctx *lc);  /* legal_raw_split.c */
int lower_legal_buffer64(lower_ctx *lc);   /* legal_buffer64.c */

#endif
