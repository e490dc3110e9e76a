/* bitcode_types.h - the resource class types LLVM 22's reader loses.
 *
 * DXC's !dx.resources records name their resource as operand 1: the
 * global, or an undef of a pointer to the class type
 * (%"class.RWStructuredBuffer<vector<float, 4> >"* undef) when the symbols
 * are stripped. LLVM 22 turns every typed pointer into `ptr`, so that link
 * is gone after its parse, although the named struct types themselves stay
 * in the context. The validator's walk sees the type table and the module
 * metadata first; it records, per record, the name of the struct operand
 * 1's pointer type points to (arrays peeled), as plain data for the raise
 * (raise/raise_restype.c). */
#ifndef DXIL_BITCODE_TYPES_H
#define DXIL_BITCODE_TYPES_H

#include "bitcode_modflags.h"
#include "bitcode_values.h"

#include <stddef.h>
#include <stdint.h>

typedef struct bc_restype {
    unsigned list;       /* dx.resources list: 0 SRV, 1 UAV, 2 CBV, 3 sampler */
    unsigned pos;        /* the record's position in that list */
    char *name;          /* the named struct pointed to, or NULL */
    uint32_t dims[8];    /* the arrays around it, outermost first */
    unsigned ndims;
    const char *problem; /* static text when the type table contradicts the
                          * use (not a pointer, not a named struct); else NULL */
    uint32_t type;       /* operand 1's type id as written (its VALUE record's:
                          * DXC's HLSL type of the resource, which LLVM 22
                          * erases for `undef`); UINT32_MAX past 32 bits */
} bc_restype;

typedef struct bc_restypes {
    bc_restype *v;
    size_t n, cap;
    /* The METADATA_KIND names by id (NULL where an id was not named): a
     * 3.7 writer lists them in this order, and LLVM 22 renumbers them. */
    char **kinds;
    size_t nkinds;
    /* The functions' names in the order the module lists them (LLVM 22's
     * upgrade may move a declaration to the end). */
    char **functions;
    size_t nfunctions;
    /* Instructions whose record held a word LLVM 22's reader turns into
     * another, by function body and instruction index (walk order): a
     * binary operator's fast-math word when not 31 (DXC writes 29, fast
     * without nnan, and LLVM 22 reads every word with the unsafe-algebra
     * bit as all of `fast`), or 0 for a load, store or alloca written
     * without alignment (LLVM 22 gives it the type's). */
    struct bc_instword {
        uint32_t fn, inst, word;
    } *words;
    size_t nwords;
    /* The symbol tables that were not sorted by name (older DXC builds
     * wrote StringMap order, which no module shows): each one's names in
     * the input's order; fn NULL for the module's table, else the function
     * whose table it is (bitcode_vstorder.c). */
    struct bc_vstorder {
        char *fn;
        char **names;
        size_t n;
    } *vst_orders;
    size_t nvst_orders;
    /* Pointer parameters of functions that pointed to a named struct (a
     * ray-tracing shader's payload and attributes, even unused). */
    struct bc_fnparam {
        char *fn, *name;
        unsigned index;
    } *params;
    size_t nparams;
} bc_restypes;

/* The record at (list, pos), or NULL. */
const bc_restype *bc_restypes_find(const bc_restypes *t, unsigned list,
                                             unsigned pos);
void bc_restypes_free(bc_restypes *t);
void bc_vstorders_free(struct bc_vstorder *v, size_t n);

/* ---- for the validator's walk (bitcode_validate.c) ---- */
typedef struct bcr_names bcr_names;

bcr_names *bcr_create(void);
void bcr_destroy(bcr_names *s);
/* One record of the module's TYPE block (ops[0] is the code): keeps the
 * STRUCT_NAME of each named struct. 0, or -2 without memory. */
int bcr_type_record(bcr_names *s, const uint64_t *ops, size_t n);
/* A METADATA_KIND record [code, id, name...]: keeps the kind's name at its
 * id. 0, or -2 without memory. */
int bcr_kind_record(bcr_names *s, const uint64_t *ops, size_t n);
/* A GLOBALVAR (function false) or FUNCTION record, in order: they number
 * the module's values; body: a function defined here. 0, or -2 without
 * memory. */
int bcr_module_value(bcr_names *s, bool function, uint64_t type, bool body);
/* A VST_CODE_ENTRY or BBENTRY [code, id, name...] of the module's table
 * (fn 0) or of the fn-th function body's (fn k + 1). 0 or -2. */
int bcr_vst_entry(bcr_names *s, uint64_t fn, const uint64_t *ops, size_t n);
/* A binary operator's flags word (instruction inst of the fn-th function
 * body): kept when it has 3.7's unsafe-algebra bit but is not 31. 0 or -2. */
int bcr_fast_word(bcr_names *s, uint64_t fn, uint64_t inst, uint64_t flags);
/* A load's, store's or alloca's alignment field (log2 + 1): kept (as word
 * 0) when it is 0, no alignment. 0 or -2. */
int bcr_align_word(bcr_names *s, uint64_t fn, uint64_t inst, uint64_t align);
/* After a clean walk: the pointee of every dx.resources record's operand
 * 1. NULL when there is none (or without memory). */
bc_restypes *bcr_finish(bcr_names *s, const bcv_model *types, const bcm_state *md);

/* The symbol tables' order (bitcode_vstorder.c): each table's names as
 * read, one table at a time (table 0 the module's, k + 1 body k's); at
 * the end the unsorted ones go to out->vst_orders, bodies naming the
 * function of each body. 0, or -2 / -1 without memory. */
typedef struct bcr_vst bcr_vst;
bcr_vst *bcr_vst_create(void);
void bcr_vst_destroy(bcr_vst *s);
int bcr_vst_name(bcr_vst *s, uint32_t table, const uint64_t *chars, size_t n);
int bcr_vst_finish(bcr_vst *s, const char *const *bodies, size_t nbodies, bc_restypes *out);

#endif
