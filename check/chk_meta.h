/* chk_meta.h - what the metadata families share: reading dx.* records
 * the way DXC's DxilMDHelper loads them (chk_meta_load.c,
 * chk_meta_load_types.c). DXC refuses a module whose metadata it cannot
 * load ("load dxil metadata failed") before any rule runs; one whose
 * non-critical metadata (type annotations, unknown tags) it cannot read
 * fails with "Metadata error encountered in non-critical metadata". */
#ifndef DXIL_CHECK_CHK_META_H
#define DXIL_CHECK_CHK_META_H

#include "check.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct mload {
    chk_ctx *c;
    bool lib;
    unsigned sm_major, sm_minor;
    char fail[160];   /* the first thing DXC cannot load ("" when none) */
    char extra[160];  /* the first non-critical error ("" when none) */
} mload;

/* Records the first failure (what, where); returns false. */
bool ml_fail(mload *l, const char *what, const char *where);
/* Records a non-critical error (DXC's m_bExtraMetadata / type system). */
void ml_extra(mload *l, const char *what, const char *where);

/* Operand kinds as DXC's loader asks for them. */
bool ml_is_node(LLVMValueRef v);
bool ml_is_string(LLVMValueRef v);
bool ml_is_int(LLVMValueRef v);
/* A ValueAsMetadata operand (a global, a function, an undef...). */
bool ml_is_value(LLVMValueRef v);

/* Operand i of node n is an integer (ConstMDToUint32 and friends). */
bool ml_int_at(mload *l, LLVMValueRef n, unsigned i, const char *where);
/* Every operand of n is an integer (ConstMDTupleToUint32Vector). */
bool ml_ints(mload *l, LLVMValueRef n, const char *where);
/* n is a node of at least `count` integers (numthreads, dispatch grids). */
bool ml_int_node(mload *l, LLVMValueRef n, unsigned count, const char *where);

/* The type annotations, payload annotations, view-ID state and root
 * signature (chk_meta_load_types.c). */
void ml_type_system(mload *l);
bool ml_view_id_state(mload *l);
bool ml_root_signature(mload *l);

#endif
