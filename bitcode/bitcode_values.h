/* bitcode_values.h - the validator's bounded model of LLVM's value list.
 *
 * LLVM 22 crashes (StructType::getTypeAtIndex) on a GEP whose struct-level
 * index is not an in-range i32 constant. Checking that needs what a GEP
 * operand names, so this follows LLVM's reader just far enough: the type
 * table (kinds, struct fields, array/vector/pointer elements, function
 * return types and parameter counts), module values (globals, functions,
 * aliases, ifuncs, module constants), per-function values (arguments,
 * function constants, instructions with a non-void result) and the value
 * of every integer constant. Where the numbering cannot be followed (a
 * call without an explicit function type to something other than a
 * module function, callbr, a function block without a body, module
 * values after the first body, too many values) the GEP checks of that
 * function, or of the rest of the stream, are off: the model only ever
 * rejects what it understands. The same model checks that a call's
 * explicit function type is its callee's (LLVM 22's intrinsic upgrade
 * crashed otherwise), SETTYPE and constant types. */
#ifndef DXIL_BITCODE_VALUES_H
#define DXIL_BITCODE_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct bcv_model bcv_model;

bcv_model *bcv_create(void);
void bcv_destroy(bcv_model *m);
/* Feeds the typed-pointer facts builder b (bitcode_ptrfacts.h) from now
 * on: every value typed, one entry per instruction. */
struct bcp_build;
void bcv_attach_facts(bcv_model *m, struct bcp_build *b);

/* Block enter/exit (block id) and each record (ops[0] is the code) of the
 * TYPE, MODULE, CONSTANTS and FUNCTION blocks. bcv_record returns 0, or -1
 * with the reason in bcv_why(); -2 when out of memory. */
void bcv_enter(bcv_model *m, uint32_t bid);
void bcv_leave(bcv_model *m, uint32_t bid);
int bcv_record(bcv_model *m, uint32_t bid, const uint64_t *ops, size_t n);
const char *bcv_why(const bcv_model *m);
/* Values numbered at module level so far (globals, functions, aliases,
 * module constants); UINT32_MAX once a function body was entered or the
 * model lost count. */
uint32_t bcv_module_values(const bcv_model *m);
/* Whether value id certainly is not of type ty (a constant of another
 * type); false whenever the model cannot tell (globals, functions). */
bool bcv_value_type_differs(const bcv_model *m, uint64_t id, uint64_t ty);

/* An array or vector type's element count. */
bool bcv_type_array_len(const bcv_model *m, uint64_t id, uint32_t *len);
/* Type id's TYPE record code and, for pointers, arrays and vectors, its
 * pointee or element type id (else UINT32_MAX); false when the table does
 * not hold id (or the model lost count). bcv_type_count: types defined. */
bool bcv_type_ref(const bcv_model *m, uint64_t id, unsigned *code, uint32_t *ref);
uint32_t bcv_type_count(const bcv_model *m);
/* Operand i of type id's TYPE record (a FUNCTION's [vararg, ret, params]). */
bool bcv_type_operand(const bcv_model *m, uint64_t id, uint32_t i, uint32_t *out);

#endif
