/* chk_types.h - DXC's rules on types (check/chk_types.c): the types an
 * alloca, load, store, GEP, global or integer operand may have
 * (Types.NoVector, Types.Defined, Types.IntWidth, Types.NoMultiDim,
 * Types.NoPtrToPtr; Decl.DxilNsReserved and Instr.DxilStructUser for the
 * reserved dx.* structs), and the names of DXIL's own struct types. */
#ifndef DXIL_CHECK_CHK_TYPES_H
#define DXIL_CHECK_CHK_TYPES_H

#include "check.h"
#include "chk_env.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* DXC's ValidateType of t, reporting each violation at where (an
 * instruction, global or NULL). pointee: t's pointee when t is a pointer
 * and the typed-pointer facts know it; NULL lets the pointer pass (LLVM 22
 * does not know it). Returns false when t breaks a rule. */
bool chk_type_valid(chk_ctx *c, const chk_env *e, LLVMTypeRef t, LLVMTypeRef pointee,
                    LLVMValueRef where);
/* Integer widths DXIL has: 1, 8, 16, 32, 64. */
bool chk_int_width_ok(unsigned width);
/* One of the dx.types.* result structs of dx.op calls (ResRet, CBufRet,
 * Dimensions, SamplePos, i32c, twoi32, fouri32, fouri16, splitdouble,
 * Handle): DXC's IsDxilBuiltinStructType. */
bool chk_dxil_builtin_struct(LLVMTypeRef t);
/* A struct named "dx.types.*" (after peeling arrays), or a resource
 * class (DXC's ContainsHLSLObjectType, by name). */
bool chk_contains_hlsl_object(LLVMTypeRef t, unsigned depth);
/* The type as LLVM prints it, in buf. */
const char *chk_type_name(LLVMTypeRef t, char *buf, size_t size);

#endif
