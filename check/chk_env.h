/* chk_env.h - the module as DXC's validator sees it, shared by the
 * instruction, type, declaration and flow families (check/chk_env.c):
 * library or not, the shader kind each function runs as, DXC's min
 * precision mode, DXC's data layout (its sizes, not LLVM 22's) and the
 * 3.7 typed-pointer facts of the bitcode (bitcode/bitcode_ptrfacts.h)
 * turned into LLVM 22 types. Built on first use, freed by validate.c. */
#ifndef DXIL_CHECK_CHK_ENV_H
#define DXIL_CHECK_CHK_ENV_H

#include "check.h"

#include "bitcode/bitcode_ptrfacts.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* DXC's DataLayout, as far as its sizes go: ABI alignment (bytes) of the
 * integer widths 1, 8, 16, 32, 64 and of half, float, double, and the
 * pointer size. A vector is aligned as its element (DXC's change to
 * LLVM 3.7). */
typedef struct chk_layout {
    unsigned int_align[5];  /* i1, i8, i16, i32, i64 */
    unsigned fp_align[3];   /* half, float, double */
    unsigned ptr_size;
} chk_layout;

typedef struct chk_fnkind {
    LLVMValueRef fn;
    int kind;              /* dxil_shader_kind of the entry */
    bool patch_constant;   /* a hull shader's patch constant function */
    LLVMValueRef props;    /* the entry's property list (NULL: none) */
} chk_fnkind;

typedef struct chk_env {
    bool lib;              /* a library (lib_6_x) */
    bool min_precision;    /* DxilModule::GetUseMinPrecision */
    bool min_precision_flag; /* the global flag kEnableMinPrecision: low precision present, not native */
    dxil_version sm;       /* shader model (0: none) */
    chk_layout dl;
    chk_fnkind *entries;   /* functions with entry properties, patch constant ones */
    size_t nentries;
    LLVMValueRef entry;    /* non-library: the entry function */
    const bc_ptrfacts *pf;
    struct chk_dxop *dxop;  /* DXC's op cache (chk_dxop.h), built on first use */
    struct chk_resmap *resmap; /* handles to resources (chk_res.h), built on first use */
    struct chk_linalg *linalg; /* dx.targetTypes' matrices (chk_instr_linalg.c), on first use */
    unsigned precise_kind;  /* the dx.precise metadata kind, when has_precise */
    bool has_precise;
    /* The facts of the function a family is walking (chk_env_enter). */
    LLVMValueRef pf_fn;
    const bc_pffunc *pf_body;
    struct chk_instidx { LLVMValueRef inst; uint32_t idx; } *pf_sorted;
    uint32_t pf_n;
} chk_env;

/* The environment (built on the first call); NULL without memory. */
chk_env *chk_env_get(chk_ctx *c);
void chk_env_free(chk_env *e);

/* The entry record of fn: its kind, or NULL for a function that is no
 * entry (nor patch constant function). */
const chk_fnkind *chk_env_entry(const chk_env *e, LLVMValueRef fn);
/* DXC's shader kind for code in fn (ValidateDxilOperationCallInProfile):
 * the module's kind; in a library, the entry's kind, hull for a patch
 * constant function, library otherwise. */
int chk_env_kind_of(const chk_ctx *c, const chk_env *e, LLVMValueRef fn);

/* DXC's alloc size, store size and ABI alignment of t (bytes). */
uint64_t chk_alloc_size(const chk_layout *dl, LLVMTypeRef t);
uint64_t chk_store_size(const chk_layout *dl, LLVMTypeRef t);
uint64_t chk_abi_align(const chk_layout *dl, LLVMTypeRef t);
/* Offset of field idx of struct st (bytes). */
uint64_t chk_field_offset(const chk_layout *dl, LLVMTypeRef st, unsigned idx);

/* ---- typed-pointer facts ---- */
/* Makes fn's facts current (0 when there are none, or they do not line
 * up with LLVM 22's instructions); returns the number of instructions
 * known. */
uint32_t chk_env_enter(chk_env *e, LLVMValueRef fn);
/* The facts of instruction inst of the current function, or NULL. */
const bc_pfinst *chk_env_inst(const chk_env *e, LLVMValueRef inst);
/* The LLVM 22 type of a bitcode type id (named structs looked up by
 * name in ctx); NULL when it cannot be made. */
LLVMTypeRef chk_env_type(const chk_env *e, LLVMContextRef ctx, uint32_t ty);
/* The pointee type id of a bitcode pointer type id, or BC_PF_NONE. */
uint32_t chk_env_pointee(const chk_env *e, uint32_t ty);

#endif
