/* ir_compare.h - structural comparison of two modules for round-trip
 * checks (dxil-roundtrip, test_roundtrip). The modules may live in
 * different contexts: everything is compared through printed descriptors.
 *
 * Per defined function (matched by name), the calls to declared functions
 * (dx.op.* or intrinsics) must come in the same order with the same callee
 * and !dx.precise, and every operand must have the same origin: "which
 * earlier tracked call (and field) / argument / constant" it comes from,
 * looking through other instructions a few levels deep. Optionally the
 * dx.* named metadata (order and structure), the datalayout/triple and
 * function attributes are compared too. */
#ifndef DXIL_IR_COMPARE_H
#define DXIL_IR_COMPARE_H

#include <llvm-c/Types.h>
#include <stdbool.h>
#include <stddef.h>

enum cmp_flags {
    DXIL_CMP_CALLS = 1u << 0,     /* tracked calls and their dataflow */
    DXIL_CMP_DX_MD = 1u << 1,     /* dx.* named metadata, order and content */
    DXIL_CMP_FN_ATTRS = 1u << 2,  /* string attributes of defined functions */
    DXIL_CMP_DECL_ATTRS = 1u << 3,/* attributes of dx.op declarations */
    DXIL_CMP_TRIPLE = 1u << 4     /* target triple */
};

/* Kinds of the first difference (for summaries). */
typedef enum dxil_cmp_kind {
    DXIL_CMP_SAME = 0,
    DXIL_CMP_DIFF_FUNCTIONS,  /* a defined function missing on one side */
    DXIL_CMP_DIFF_CALL_COUNT,
    DXIL_CMP_DIFF_CALLEE,
    DXIL_CMP_DIFF_OPERAND,
    DXIL_CMP_DIFF_PRECISE,
    DXIL_CMP_DIFF_MD_ORDER,
    DXIL_CMP_DIFF_MD,
    DXIL_CMP_DIFF_ATTRS,
    DXIL_CMP_DIFF_TRIPLE,
    DXIL_CMP_KIND_COUNT
} dxil_cmp_kind;

const char *cmp_kind_name(unsigned kind);

/* Compares `expected` with `actual`; returns DXIL_CMP_SAME or the kind of
 * the first difference, described in msg (may be NULL). */
dxil_cmp_kind ir_compare(LLVMModuleRef expected, LLVMModuleRef actual, unsigned flags,
                              char *msg, size_t msg_size);

#endif
