/* optable_llvm.h - LLVM types of the spec's type codes, shared by raise and
 * lower (optable_llvm.c). The facts come from the <types> section of
 * spec/dxil-ops.xml (type_descs); codes whose type depends on the
 * call's overload ($o, $r, $cb, $vec4...) are each consumer's own business.
 */
#ifndef DXIL_OPTABLE_LLVM_H
#define DXIL_OPTABLE_LLVM_H

#include "optable_internal.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* The descriptor of a type code; NULL when out of range. */
const type_desc *type_desc_of(unsigned code);
/* The LLVM type of a code whose type does not depend on the overload
 * (named structs are created in ctx on first use, with DXC's body). NULL
 * for overload-dependent and unknown codes. */
LLVMTypeRef type_code_llvm(LLVMContextRef ctx, unsigned code);
/* The named struct `name` of ctx, created with these fields when absent. */
LLVMTypeRef llvm_named_struct(LLVMContextRef ctx, const char *name, LLVMTypeRef *elems, unsigned n);
/* False when t is not the type the descriptor of code says (a struct's
 * fields are compared, not its name). True for overload-dependent and
 * unknown codes: the caller checks those. */
bool type_code_fits(unsigned code, LLVMTypeRef t);

#endif
