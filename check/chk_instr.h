/* chk_instr.h - the instruction families' shared pieces: the walk of one
 * function body (chk_instr_body.c: LLVM instructions, types, pointers),
 * the dx.op call identity checks it runs on each call
 * (chk_instr_call.c), and the per-op checks of DXC's
 * ValidateDxilOperationCallInProfile (chk_instr_ops.c). */
#ifndef DXIL_CHECK_CHK_INSTR_H
#define DXIL_CHECK_CHK_INSTR_H

#include "check.h"
#include "chk_dxop.h"
#include "chk_env.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* What the walk of one function keeps across its instructions. */
typedef struct chk_body {
    chk_ctx *c;
    chk_env *e;
    chk_dxop *dxop;
    LLVMValueRef fn;
    int kind;                 /* DXC's shader kind for code in fn */
    bool has_props;           /* fn has entry properties (HasDxilFunctionProps) */
    LLVMValueRef set_mesh_counts, get_mesh_payload, dispatch_mesh;
} chk_body;

/* A call of a dx.op declaration (chk_instr_call.c): the opcode checks
 * and DXC's op cache; mesh and amplification call counts. */
void chk_instr_dxop_call(chk_body *b, LLVMValueRef call, LLVMValueRef callee);
/* After the body: SetMeshOutputCounts / DispatchMesh placement. */
void chk_instr_mesh_end(chk_body *b);

/* The checks of one dx.op call that passed the overload and profile
 * checks (chk_instr_ops.c). kind: DXC's shader kind for the caller. */
void chk_instr_op_call(chk_ctx *c, chk_env *e, LLVMValueRef call, const dxil_op_info *op);

/* The signature ops (chk_instr_sig.c): whether op is one, and its rules
 * on a call. */
bool chk_sig_is_op(uint32_t op);
void chk_sig_op(chk_ctx *c, chk_env *e, LLVMValueRef call, uint32_t op);
/* The linear algebra ops' rules (chk_instr_linalg.c); false when op is
 * not one of them. */
bool chk_linalg_op(chk_ctx *c, chk_env *e, LLVMValueRef call, const dxil_op_info *op);
void chk_linalg_free(struct chk_linalg *m);

/* Whether fn (a declaration) is a dx.op function as DXC tells: named
 * dx.op.* with at least one parameter. */
bool chk_is_dxop_fn(LLVMValueRef fn);

#endif
