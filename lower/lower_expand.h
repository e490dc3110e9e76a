/* lower_expand.h - what the expansion files share (lower_expand.c runs
 * them). An expander rewrites one call of an llvm.dx.* intrinsic DXIL has
 * no op for into instructions and intrinsics the later passes lower, as
 * LLVM's DXILIntrinsicExpansion does, and returns true; false leaves the
 * call for the leftover check to name. Vector calls are expanded lane by
 * lane (extractelement, the scalar form, an insertelement chain), so that
 * no vector arithmetic is left for DXIL versions without vectors. */
#ifndef DXIL_LOWER_EXPAND_H
#define DXIL_LOWER_EXPAND_H

#include "lower_internal.h"

#define EXP_MAX_LANES 16

typedef bool (*exp_fn)(lower_ctx *lc, LLVMValueRef call);

/* ---- lower_expand_util.c ---- */
/* Lanes of a vector type, 0 for a scalar. */
unsigned exp_lanes(LLVMTypeRef t);
/* Lane k of v (v itself when v is a scalar). */
LLVMValueRef exp_lane(lower_ctx *lc, LLVMValueRef v, unsigned k);
/* A value of type t from its lanes (an insertelement chain from poison,
 * or lanes[0] for a scalar t). */
LLVMValueRef exp_gather(lower_ctx *lc, LLVMTypeRef t, LLVMValueRef *lanes);
/* A float constant of scalar type t. */
LLVMValueRef exp_fconst(LLVMTypeRef t, double v);
/* Gives a floating-point instruction the call's fast-math flags, so that
 * !dx.precise follows the source (a no-op on other values). */
LLVMValueRef exp_fmf(LLVMValueRef call, LLVMValueRef v);
/* Calls the scalar form of intrinsic `name` overloaded on type t. */
LLVMValueRef exp_intrinsic(lower_ctx *lc, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                           unsigned n);
/* Replaces call by v (its name moves to v) and counts the expansion. */
bool exp_done(lower_ctx *lc, LLVMValueRef call, LLVMValueRef v);
/* Float (half/float/double) or integer scalar types. */
bool exp_is_float(LLVMTypeRef t);
/* sum(a[k] * b[k]) over n lanes: dot2/3/4 for half and float of 2-4
 * lanes, else a multiply-add chain (fmul/fadd; llvm.dx.imad or umad for
 * integers, `is_signed`), as LLVM expands its dot intrinsics. */
LLVMValueRef exp_dot(lower_ctx *lc, LLVMValueRef call, LLVMValueRef a, LLVMValueRef b,
                     bool is_signed);

/* ---- the expanders ---- */
bool exp_fdot(lower_ctx *lc, LLVMValueRef call);   /* lower_expand_vector.c */
bool exp_sdot(lower_ctx *lc, LLVMValueRef call);
bool exp_udot(lower_ctx *lc, LLVMValueRef call);
bool exp_cross(lower_ctx *lc, LLVMValueRef call);
bool exp_normalize(lower_ctx *lc, LLVMValueRef call);
bool exp_any(lower_ctx *lc, LLVMValueRef call);
bool exp_all(lower_ctx *lc, LLVMValueRef call);
bool exp_uclamp(lower_ctx *lc, LLVMValueRef call); /* lower_expand_math.c */
bool exp_sclamp(lower_ctx *lc, LLVMValueRef call);
bool exp_nclamp(lower_ctx *lc, LLVMValueRef call);
bool exp_lerp(lower_ctx *lc, LLVMValueRef call);
bool exp_step(lower_ctx *lc, LLVMValueRef call);
bool exp_sign(lower_ctx *lc, LLVMValueRef call);
bool exp_degrees(lower_ctx *lc, LLVMValueRef call);
bool exp_radians(lower_ctx *lc, LLVMValueRef call);
bool exp_isinf(lower_ctx *lc, LLVMValueRef call);   /* lower_expand_special.c */
bool exp_isnan(lower_ctx *lc, LLVMValueRef call);

#endif
