/* md_util.h - reading, building and moving metadata through LLVM-C, for
 * the raise and the lowering passes alike (one copy, so the two
 * directions cannot read a node differently).
 *
 * LLVM-C hands metadata around as LLVMValueRefs: an MDNode or MDString is
 * a metadata-as-value, a constant operand (ConstantAsMetadata) comes back
 * as the constant itself, and a null operand as NULL. These helpers hide
 * that and never fail hard: a getter returns NULL / -1 / false on a
 * mismatch. In module/ rather than common/ because moving a named node
 * needs the LLVM shim (module/llvm_shim.h). */
#ifndef DXIL_MD_UTIL_H
#define DXIL_MD_UTIL_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Number of operands of an MDNode value (0 if v is not one). */
unsigned md_num_operands(LLVMValueRef v);
/* Operand i of an MDNode value; NULL when absent, null or out of range. */
LLVMValueRef md_operand(LLVMValueRef v, unsigned i);
/* A malloc'd copy of every operand of an MDNode value (the caller frees
 * it); NULL with *n = 0 when v is not one or without memory. */
LLVMValueRef *md_operands(LLVMValueRef v, unsigned *n);
/* Zero-extended value of a ConstantInt (an operand, an argument, ...);
 * false when v is not one. */
bool const_u64(LLVMValueRef v, uint64_t *out);
/* Integer operand i of an MDNode; 0 on success, -1 otherwise. */
int md_operand_uint(LLVMValueRef node, unsigned i, uint64_t *out);
/* Contents of an MDString value as a NUL-terminated copy in buf; returns
 * buf, or NULL when v is not an MDString or does not fit. */
const char *md_string(LLVMValueRef v, char *buf, size_t size);
/* The same in a malloc'd copy of any length; NULL when v is not an
 * MDString or without memory. */
char *md_string_dup(LLVMValueRef v);

/* Number of operands of named metadata `name` (0 when absent). */
unsigned md_named_count(LLVMModuleRef mod, const char *name);
/* Operand i of named metadata `name`, or NULL. */
LLVMValueRef md_named_operand(LLVMModuleRef mod, const char *name, unsigned i);
/* The operand of named metadata `name` when it has exactly one, or NULL. */
LLVMValueRef md_named_single(LLVMModuleRef mod, const char *name);
/* Appends every operand of named node `from` to named node `to` (created
 * if needed, at the end of the module's list) and erases `from`; with
 * from == to the node just moves to the end. Returns the operand count
 * moved, or -1 when `from` does not exist (or without memory). */
int md_named_move(LLVMModuleRef mod, const char *from, const char *to);

/* Value of `tag` in a DXIL tag/value list (!{i32 tag, value, ...}), or
 * NULL when the tag is absent. *found tells a present-but-null value
 * apart from an absent tag (found may be NULL). */
LLVMValueRef md_tag_value(LLVMValueRef list, unsigned tag, bool *found);

/* A copy of node v with operand i replaced by op (a value: a node, a
 * string or a constant; NULL for a null operand), the other operands
 * copied as they are (never through values: LLVM-C would fold a tuple of
 * one constant into the constant). `remove` drops operand i instead.
 * NULL when v has no operand i or without memory. */
LLVMValueRef md_node_with(LLVMValueRef v, unsigned i, LLVMValueRef op);
LLVMValueRef md_node_without(LLVMValueRef v, unsigned i);
/* A copy of node v with ops[0..n) inserted before operand `at`. */
LLVMValueRef md_node_inserting(LLVMValueRef v, unsigned at, LLVMValueRef *ops, unsigned n);

/* Builds !{!"str", i32 v} style nodes: a metadata string and a node. */
LLVMValueRef md_make_string(LLVMContextRef ctx, const char *s);
LLVMValueRef md_make_node(LLVMContextRef ctx, LLVMValueRef *ops, unsigned n);

/* Names of named metadata nodes, copied: a pass renames nodes while it
 * walks them. */
typedef struct md_names {
    char **v;
    size_t n, cap;
} md_names;
/* Appends to out the names longer than `prefix` that start with it, in
 * module order. 0, or -1 without memory (out keeps what it has). */
int md_named_list(LLVMModuleRef mod, const char *prefix, md_names *out);
void md_names_free(md_names *names);

/* Called when "<to>X" exists already for a node "<from>X" to be renamed. */
typedef void (*md_clash_fn)(void *arg, const char *from_name, const char *to_name);
/* Moves every named node "<from>X" to "<to>X" (md_named_move), in
 * module order, except those skip() names. A node whose "<to>X" exists
 * stays as it is and is reported to clash(arg, ...). 0, or -1 without
 * memory (some nodes may have moved). */
int md_rename_prefixed(LLVMModuleRef mod, const char *from, const char *to,
                            bool (*skip)(const char *name), md_clash_fn clash,
                            void *arg);

#endif
