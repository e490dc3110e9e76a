/* bitcode_values_internal.h - the value model's tables, shared by its
 * type, constant and module part (bitcode_values.c), its instruction part
 * (bitcode_values_inst.c) and the typed-pointer facts it feeds
 * (bitcode_ptrfacts.c). Nothing outside bitcode/ includes this. */
#ifndef DXIL_BITCODE_VALUES_INTERNAL_H
#define DXIL_BITCODE_VALUES_INTERNAL_H

#include "bitcode_ptrfacts.h"
#include "bitcode_values.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BCV_MODULE = 8, BCV_PARAMATTR = 9, BCV_PARAMATTR_GROUP = 10, BCV_CONSTANTS = 11,
       BCV_FUNCTION = 12, BCV_TYPE = 17 };
#define BCV_MAX_ITEMS (1u << 24)
#define BCV_NONE UINT32_MAX
#define BCV_I32 (UINT32_MAX - 1) /* a constants block's type before any SETTYPE */

enum bcv_kind { BCV_K_OTHER, BCV_K_VOID, BCV_K_INT, BCV_K_STRUCT, BCV_K_ARRAY, BCV_K_POINTER,
                BCV_K_FUNCTION };

typedef struct bcv_type {
    uint8_t kind, code;  /* code: the TYPE record's code */
    uint32_t n;    /* integer width, struct field count */
    uint32_t ref;  /* element, pointee or return type; struct: first entry in fields */
    uint32_t raw, n_raw; /* the record's operands: fields[raw, raw + n_raw) */
} bcv_type;

typedef struct bcv_value {
    uint32_t ty;   /* constants: type id (or BCV_I32); others BCV_NONE */
    uint32_t low;  /* integer constants: the low 32 bits */
    bool cint;     /* an integer constant (INTEGER, or NULL of an integer type) */
    bool fn;       /* a module FUNCTION; ty is its function type */
    bool undef;    /* UNDEF or POISON */
    bool mask;     /* a constant shufflevector may take as its mask, if typed so */
    /* The value's own type id + 1 (0: not known), for the typed-pointer
     * facts only: a global's or function's pointer type, an argument's,
     * an instruction's result. The checks above never read it. */
    uint32_t vty1;
} bcv_value;

struct bcv_model {
    bcv_type *types;
    uint32_t *fields, *bodies;
    bcv_value *vals;
    uint32_t *pend;        /* masks waiting on later constants: [id, n, elements...]... */
    uint32_t n_pend, cap_pend;
    uint32_t n_types, cap_types, n_fields, cap_fields, n_bodies, cap_bodies, n_vals, cap_vals;
    uint32_t next_body, fn_base, cst_ty;
    uint64_t version;      /* MODULE_CODE_VERSION: 1+ means relative operand ids */
    bool seen_body;        /* a function block was entered */
    bool lost, fn_lost;    /* numbering not followed: whole stream, current function */
    /* Typed-pointer facts (bitcode_ptrfacts.h), when the caller wants
     * them: the builder, and the POINTER types as (pointee << 32 |
     * addrspace, id) pairs sorted by the first, made when the TYPE block
     * ends. */
    bcp_build *pf;
    uint64_t *ptrs;
    uint32_t n_ptrs;
    uint32_t ty_i1, ty_i32; /* those integer types' ids, BCV_NONE if absent */
    char why[200];
};

/* ---- shared by the parts of the model ---- */
int bcv_grow(bcv_model *m, void **items, uint32_t *cap, uint32_t need, size_t size);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int bcv_fail(bcv_model *m, const char *fmt, ...);
const bcv_type *bcv_type_at(const bcv_model *m, uint32_t id);
bool bcv_is_i32(const bcv_model *m, uint32_t id);
bool bcv_type_same(const bcv_model *m, uint32_t a, uint32_t b, unsigned depth);
int bcv_add(bcv_model *m, bcv_value v);
int bcv_add_other(bcv_model *m);
int bcv_step(bcv_model *m, uint32_t *ty, const bcv_value *idx, bool typed, size_t level);
int bcv_undefined_source(bcv_model *m, uint64_t ty);
uint32_t bcv_function_type(const bcv_model *m, uint64_t id);
/* Where a function type's parameter list starts in fields. */
size_t bcv_param_list(const bcv_model *m, const bcv_type *ft);

/* The pointer type to pointee in address space as, or BCV_NONE. */
uint32_t bcv_ptr_to(const bcv_model *m, uint32_t pointee, uint32_t as);
/* A type id with this record code and these leading operands (linear
 * search: for the rare i1, <n x i1> and {T, i1} results). */
uint32_t bcv_find_type(const bcv_model *m, uint8_t code, const uint32_t *ops, uint32_t n);

/* ---- the instruction part (bitcode_values_inst.c) ---- */
void bcv_function_enter(bcv_model *m);
int bcv_instruction(bcv_model *m, const uint64_t *ops, size_t n);

#endif
