/* chk_dxop.h - the dx.op functions as DXC's validator sees them
 * (check/chk_dxop.c). DXC's op table keeps, per op class, the functions
 * it knows: loading a module, it takes each dx.op function that is called,
 * reads the opcode of its first call and the overload its signature
 * carries for that op, and looks up the function that overload is named
 * (dx.op.<class>.<overload>): present with the signature the op says, it
 * is known; absent, DXC adds it (then unused). A call through a function
 * its class does not know is Instr.IllegalDXILOpFunction; an overload the
 * op does not have is Instr.Oload; a signature that is not the op's is
 * Instr.CallOload. */
#ifndef DXIL_CHECK_CHK_DXOP_H
#define DXIL_CHECK_CHK_DXOP_H

#include "check.h"
#include "chk_env.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

typedef struct chk_dxop chk_dxop;

/* Builds what DXC's op cache holds (once; kept in the environment). */
chk_dxop *chk_dxop_get(chk_ctx *c, chk_env *e);
void chk_dxop_free(chk_dxop *d);

/* Whether DXC's cache lists fn for op's class (true when the facts to
 * tell are missing). */
bool chk_dxop_known(const chk_dxop *d, const dxil_op_info *op, LLVMValueRef fn);
/* The names DXC's cache adds to the module (functions nothing calls). */
size_t chk_dxop_created(const chk_dxop *d, const char *const **names);

typedef enum chk_oload {
    CHK_OLOAD_OK,
    CHK_OLOAD_ILLEGAL,   /* the overload is not one the op has: Instr.Oload */
    CHK_OLOAD_SIGNATURE  /* fn's signature is not the op's for it: Instr.CallOload */
} chk_oload;

/* DXC's ValidateExternalFunction overload checks of a call of fn with op;
 * *expected gets the function name the overload has (for CallOload). */
chk_oload chk_dxop_overload(chk_ctx *c, chk_env *e, const dxil_op_info *op, LLVMValueRef fn,
                            char *expected, size_t size);

/* DXC's name of a shader kind in messages ("ps", "lib", "raygeneration"). */
const char *chk_kind_name(int kind);

#endif
