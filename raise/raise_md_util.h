/* raise_md_util.h - reading and moving DXIL metadata through LLVM-C.
 *
 * LLVM-C hands metadata around as LLVMValueRefs: an MDNode or MDString is
 * a metadata-as-value, a constant operand (ConstantAsMetadata) comes back
 * as the constant itself, and a null operand as NULL. These helpers hide
 * that and never fail hard: a getter returns NULL / -1 on a mismatch. */
#ifndef DXIL_RAISE_MD_UTIL_H
#define DXIL_RAISE_MD_UTIL_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* Number of operands of an MDNode value (0 if v is not one). */
unsigned dxil_md_num_operands(LLVMValueRef v);
/* Operand i of an MDNode value; NULL when absent, null or out of range. */
LLVMValueRef dxil_md_operand(LLVMValueRef v, unsigned i);
/* Integer value of a ConstantInt operand; 0 on success, -1 otherwise. */
int dxil_md_uint(LLVMValueRef v, uint64_t *out);
/* Integer operand i of an MDNode; 0 on success, -1 otherwise. */
int dxil_md_operand_uint(LLVMValueRef node, unsigned i, uint64_t *out);
/* Contents of an MDString value as a NUL-terminated copy in buf; returns
 * buf, or NULL when v is not an MDString or does not fit. */
const char *dxil_md_string(LLVMValueRef v, char *buf, size_t size);

/* Number of operands of named metadata `name` (0 when absent). */
unsigned dxil_md_named_count(LLVMModuleRef mod, const char *name);
/* Operand i of named metadata `name`, or NULL. */
LLVMValueRef dxil_md_named_operand(LLVMModuleRef mod, const char *name, unsigned i);
/* Appends every operand of named node `from` to named node `to` (created
 * if needed) and erases `from`. Returns the operand count moved, or -1
 * when `from` does not exist. */
int dxil_md_named_move(LLVMModuleRef mod, const char *from, const char *to);

/* Value of `tag` in a DXIL tag/value list (!{i32 tag, value, ...}), or
 * NULL when the tag is absent. *found tells a present-but-null value
 * apart from an absent tag (found may be NULL). */
LLVMValueRef dxil_md_tag_value(LLVMValueRef list, unsigned tag, bool *found);

/* Builds !{!"str", i32 v} style nodes: a metadata string and a node. */
LLVMValueRef dxil_md_make_string(LLVMContextRef ctx, const char *s);
LLVMValueRef dxil_md_make_node(LLVMContextRef ctx, LLVMValueRef *ops, unsigned n);

/* Stages. DXIL names a module's kind with a short string in
 * dx.shaderModel ("cs") and an entry's kind with DXIL::ShaderKind
 * (entry tag 8); LLVM names both with Triple environment names
 * ("compute"). NULL when there is no LLVM 22 name. */
const char *dxil_md_sm_kind_env(const char *sm_kind);
/* The canonical static copy of a known dx.shaderModel kind, or NULL. */
const char *dxil_md_sm_kind_canon(const char *sm_kind);
const char *dxil_md_shader_kind_env(uint64_t shader_kind);

/* For the op raisers: after replacing DXIL call `old_call` by the FP
 * instruction or intrinsic call `new_call`, give new_call full fast-math
 * flags unless old_call carried !dx.precise (LLVM's DXIL lowering adds
 * dx.precise exactly when the flags are not all set). No-op when new_call
 * cannot carry fast-math flags. */
void dxil_raise_fp_flags(LLVMValueRef old_call, LLVMValueRef new_call);

#endif
