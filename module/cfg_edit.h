/* cfg_edit.h - the edits of a phi LLVM-C cannot make (it can only add an
 * incoming value at the end): the phi is made again, in its place, with
 * its name, and replaces the old one. For the convergence passes, which
 * remove and put back the edge of a dx.break guard. */
#ifndef DXIL_CFG_EDIT_H
#define DXIL_CFG_EDIT_H

#include <llvm-c/Core.h>

/* The phi without its incoming value from pred (the first, if several). */
LLVMValueRef cfg_phi_without(LLVMBuilderRef b, LLVMValueRef phi, LLVMBasicBlockRef pred);
/* The phi with `v` from `pred` inserted at position pos of its incoming
 * list (at the end when pos is past it). */
LLVMValueRef cfg_phi_with(LLVMBuilderRef b, LLVMValueRef phi, unsigned pos, LLVMValueRef v,
                          LLVMBasicBlockRef pred);

#endif
