/* ir_names.h - a replaced value's name handed to its replacement, so the
 * IR reads as before an edit (the raise, the lowering and the retarget
 * all rebuild values and keep their names). */
#ifndef DXIL_IR_NAMES_H
#define DXIL_IR_NAMES_H

#include <llvm-c/Core.h>

/* When `from` has a name and `to` has none: `from` loses it and `to`
 * takes it unsuffixed (two values cannot share a name). Otherwise, or
 * out of memory, nothing changes. */
void ir_move_name(LLVMValueRef from, LLVMValueRef to);

#endif
