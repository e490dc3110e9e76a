/* raise_ops.h - shared by the op raise (raise_ops*.c) and the coverage
 * statistics (raise_stats.c); the dx.op declarations and calls they walk
 * come from module/dxop_calls.h. */
#ifndef DXIL_RAISE_OPS_H
#define DXIL_RAISE_OPS_H

#include "raise_internal.h"
#include "module/dxop_calls.h"

#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_stats.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The op table the raise context uses (built-in unless an overlay is set). */
const dxil_optable *ops_table(const raise_ctx *rc);
/* raise_call_shape.c: the call has op `opcode`'s operand count and every
 * operand and result type the spec fixes (integers, floats, handle,
 * binding, ResRet and CBufRet structs; $o a number or vector of numbers,
 * the same in every $o position). For the ops the custom handlers take;
 * they check it before reading operands. */
bool raise_call_fits_op(const raise_ctx *rc, LLVMValueRef call, uint32_t opcode);
/* raise_call_shape.c: the op does not exist at the module's DXIL version
 * (a module DXC's validator would reject, but DXC's tests contain them).
 * Such calls stay dx.op: lowering at that version could not bring back
 * the intrinsic they would become. False when the version is unknown. */
bool raise_op_too_new(const raise_ctx *rc, const dxil_op_info *op);
/* The module's DXIL version from the identity pass (1.0 when unknown). */
dxil_version ops_dxil_version(const raise_ctx *rc);

/* After replacing DXIL call `old_call` by the FP instruction or intrinsic
 * call `new_call`, gives new_call full fast-math flags unless old_call
 * carried !dx.precise (LLVM's DXIL lowering adds dx.precise exactly when
 * the flags are not all set). No-op when new_call cannot carry fast-math
 * flags. */
void raise_fp_flags(LLVMValueRef old_call, LLVMValueRef new_call);

/* --- raise_ops_result.c: dxil_map_result kinds --- */
/* True when an intrinsic returning `intr` can replace a dx.op returning `old`. */
bool ops_result_fits(unsigned kind, LLVMTypeRef intr, LLVMTypeRef old);
/* Points every user of `old` at `nv` (the old call itself is not erased). */
void ops_result_replace(LLVMBuilderRef b, unsigned kind, LLVMValueRef old, LLVMValueRef nv);

/* --- raise_ops_attrs.c --- */
/* Sets the table's attributes (at the module's DXIL version) on every
 * declaration in decls that still has calls. */
void ops_fix_kept_attrs(raise_ctx *rc, const ops_decls *decls);
/* Records in !dxu.opAttrs each declaration whose attributes differ from
 * the table's at the module's version (before anything is raised). */
void ops_keep_decl_attrs(raise_ctx *rc, const ops_decls *decls);

/* --- raise_stats.c: the per-module record kept in the raise context --- */
/* Counts one call of `opcode` as seen before raising (census). */
int ops_stats_count_call(dxil_stats *s, uint32_t opcode, const dxil_op_info *op);
/* Counts one call left as a dx.op call, and why. */
int ops_stats_count_kept(dxil_stats *s, uint32_t opcode, const dxil_op_info *op,
                         dxil_keep_reason why);
/* After the raise: raised = calls - kept per op; counts the module. */
void ops_stats_finish_module(dxil_stats *s);

/* The passes. */
int raise_ops_census(raise_ctx *rc); /* first: counts every dx.op call */
int raise_ops_decl_attrs(raise_ctx *rc); /* before any call is raised: !dxu.opAttrs */
int raise_ops(raise_ctx *rc);        /* after the buffer pass */

#endif
