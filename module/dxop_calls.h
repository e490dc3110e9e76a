/* dxop_calls.h - the dx.op.* declarations of an LLVM module and their
 * calls (module/dxop_calls.c), shared by the op raise, the census and the
 * spec check. */
#ifndef DXIL_MODULE_DXOP_CALLS_H
#define DXIL_MODULE_DXOP_CALLS_H

#include "dxil-upgrade/dxil_optable.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One dx.op.* declaration, its name parsed once. */
typedef struct ops_decl {
    LLVMValueRef fn;
    const char *name;          /* points into LLVM's copy of the name */
    const dxil_op_class *cls;  /* NULL when the class is unknown */
    dxil_overload ov;
    bool ov_ok;                /* the overload suffix parsed */
} ops_decl;

typedef struct ops_decls {
    ops_decl *v;
    size_t n;
} ops_decls;

/* Every function named dx.op.*, declared or not; 0 or -1 (no memory). */
int ops_decls_collect(LLVMModuleRef mod, const dxil_optable *t, ops_decls *out);
void ops_decls_free(ops_decls *d);

/* The calls of one declaration (uses that call it), collected before any
 * is rewritten so the use list can change underneath. */
typedef struct ops_calls {
    LLVMValueRef *v;
    size_t n, cap;
} ops_calls;
int ops_calls_collect(LLVMValueRef fn, ops_calls *out);
void ops_calls_free(ops_calls *c);

/* The opcode of a dx.op call; false when operand 0 is not a constant int. */
bool ops_call_opcode(LLVMValueRef call, uint32_t *opcode);
/* The opcode of v when it is a call of a dx.op.* function, else
 * UINT32_MAX (any other value or call). */
uint32_t ops_dxop_opcode(LLVMValueRef v);
/* Whether v is a dx.op call that creates a handle (createHandle,
 * createHandleFromBinding, createHandleForLib, createHandleFromHeap). */
bool ops_is_handle_creation(LLVMValueRef v);

#endif
