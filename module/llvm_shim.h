/* llvm_shim.h - the few LLVM operations the C API lacks, implemented in
 * llvm_shim.cpp. Every function here is something LLVM-C cannot do. */
#ifndef DXIL_LLVM_SHIM_H
#define DXIL_LLVM_SHIM_H

#include <llvm-c/Types.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Erases the named metadata node `name` from the module (its operand list
 * goes with it; the MDNodes themselves stay alive while referenced).
 * Returns 1 if the node existed, 0 otherwise (or on NULL arguments). */
int shim_erase_named_metadata(LLVMModuleRef mod, const char *name);

/* What the two parsers below return. */
enum {
    DXIL_SHIM_PARSED = 0,
    DXIL_SHIM_PARSE_FAILED = 1, /* LLVM's error went to the context's handler */
    DXIL_SHIM_BROKEN = 2        /* *broken: the verifier's first complaint
                                   about the IR (past broken debug info) */
};

/* LLVMParseBitcodeInContext2 without its process abort: LLVM's debug-info
 * upgrade verifies a module whose "Debug Info Version" is current and
 * calls report_fatal_error when the module is broken. Such a module is
 * verified here first and refused (DXIL_SHIM_BROKEN, *broken malloc'd)
 * before the upgrade runs; broken debug info alone is stripped with
 * LLVM's own warning. buf stays the caller's. */
int shim_parse_bitcode(LLVMContextRef ctx, LLVMMemoryBufferRef buf, LLVMModuleRef *out,
                            char **broken);

/* The same for LLVM IR text (LLVMParseIRInContext, which takes buf).
 * DXIL_SHIM_PARSE_FAILED sets *broken to LLVM's parse message. */
int shim_parse_ir(LLVMContextRef ctx, LLVMMemoryBufferRef buf, LLVMModuleRef *out,
                       char **broken);

/* What md (a MetadataAsValue) wraps. */
enum { SHIM_MD_NOT_NODE, SHIM_MD_TUPLE, SHIM_MD_DISTINCT_TUPLE, SHIM_MD_OTHER };
int shim_md_node_form(LLVMValueRef md);

/* An MDNode's operands as metadata, into ops (n of them when ops has room
 * for cap): returns the count. LLVM-C returns operands as values, and a
 * MetadataAsValue folds a tuple of one constant into the constant, so a
 * node rebuilt from LLVMGetMDNodeOperands turns !{i32 0} into i32 0. */
unsigned shim_md_operands(LLVMValueRef node, LLVMMetadataRef *ops, unsigned cap);

/* distinct !{!self, ops...}: DXC's self-referencing node (its
 * dx.controlflow.hints), as a MetadataAsValue for LLVMSetMetadata. LLVM-C
 * can make neither a distinct node nor a cycle. */
LLVMValueRef shim_md_self_node(LLVMContextRef ctx, LLVMMetadataRef *ops, unsigned n);

/* The context's metadata kind names by id: returns how many there are and
 * fills names/lens up to cap (the strings are not NUL-terminated). */
unsigned shim_md_kind_names(LLVMContextRef ctx, const char **names, size_t *lens,
                            unsigned cap);
/* The id of metadata kind `name` when the context has it: 1 and *id, else
 * 0. LLVM-C's LLVMGetMDKindIDInContext registers a kind it is asked for,
 * and LLVM 22's bitcode writer then lists it in every module written. */
int shim_md_kind_find(LLVMContextRef ctx, const char *name, unsigned *id);

/* A switch's cases, which LLVM 22 keeps out of its operands: the i-th
 * case's value (NULL past the end) and, in *dest, its block. */
LLVMValueRef shim_switch_case(LLVMValueRef sw, unsigned i, LLVMBasicBlockRef *dest);
unsigned shim_switch_num_cases(LLVMValueRef sw);

/* 1 when instruction def dominates instruction user (same function). */
int shim_dominates(LLVMValueRef def, LLVMValueRef user);
/* A function's dominator tree (LLVM-C has none): where DXC's
 * annotateHandle calls stand is checked and rebuilt against it. NULL when
 * fn is not a defined function or memory runs out. */
typedef struct shim_domtree shim_domtree;
shim_domtree *shim_domtree_create(LLVMValueRef fn);
void shim_domtree_free(shim_domtree *dt);
/* Whether block a dominates block b (a block dominates itself). */
int shim_domtree_dominates(shim_domtree *dt, LLVMBasicBlockRef a, LLVMBasicBlockRef b);
/* The nearest block that dominates both a and b; NULL when either is
 * unreachable or they are in different functions. */
LLVMBasicBlockRef shim_domtree_common(shim_domtree *dt, LLVMBasicBlockRef a,
                                      LLVMBasicBlockRef b);

/* Prints instructions of one module, numbering each function once (LLVM-C
 * numbers the whole function for every instruction it prints). The text
 * is malloc'd (free it); NULL when inst is not an instruction in a
 * function or memory runs out. */
typedef struct shim_printer shim_printer;
shim_printer *shim_printer_create(LLVMModuleRef mod);
void shim_printer_free(shim_printer *p);
char *shim_printer_print(shim_printer *p, LLVMValueRef inst);

/* Whether LLVM 22's bitcode reader will take the module's datalayout: it
 * upgrades the string for the triple first (the text parser does not), and
 * for some layouts the upgrade makes one it refuses. NULL when it will;
 * else a malloc'd message naming the upgraded layout and LLVM's error. */
char *shim_datalayout_bitcode_error(LLVMModuleRef mod);

/* Runs LLVM's SROA (scalar replacement of aggregates, with the promotion
 * of allocas to registers) on the defined function fn, keeping the
 * control flow (an `optnone` function is skipped, as LLVM skips it). 1
 * when anything changed. */
int shim_sroa(LLVMValueRef fn);

/* Inlines the call (a direct call of a defined function) in place; the
 * call is gone on success. 1 when inlined, 0 when LLVM would not. */
int shim_inline_call(LLVMValueRef call);
/* Splits inst's block before inst (llvm::BasicBlock::splitBasicBlock):
 * the new block, right after the old one, begins with inst; the old one
 * ends with a branch to it. NULL when inst has no block or is a phi. */
LLVMBasicBlockRef shim_split_block(LLVMValueRef inst);

#ifdef __cplusplus
}
#endif
#endif
