/* bitcode_ptrfacts.h - what a DXIL module's LLVM 3.7 bitcode says of its
 * typed pointers, which LLVM 22's reader erases (every pointer is `ptr`).
 *
 * DXC's validator reads the pointee of many pointers: the two sides of a
 * pointer bitcast (sizes, structs, min precision), the pointee of a
 * pointer result (i8 and odd-width integers), the pointer parameters and
 * results of dx.op declarations (user-type overloads). The bitcode
 * validator's walk follows every record already; when asked, its value
 * model types every value and keeps, per function body, one entry per
 * instruction in record order (the order LLVM 22 lists them in):
 * the result's type, the type of its pointer or cast operand, and
 * whether an explicit type disagreed with the pointee (DXC's 3.7 reader
 * refuses such a load, store or GEP; LLVM 22 reads it). The type table
 * comes along so a check can follow pointees, fields and elements.
 *
 * Plain data, freed with bc_ptrfacts_free; read by check/ through the
 * accessors below. */
#ifndef DXIL_BITCODE_PTRFACTS_H
#define DXIL_BITCODE_PTRFACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BC_PF_NONE UINT32_MAX

/* TYPE record codes of LLVM 3.7 a check asks about. */
enum {
    BC_TY_VOID = 2, BC_TY_FLOAT = 3, BC_TY_DOUBLE = 4, BC_TY_LABEL = 5, BC_TY_OPAQUE = 6,
    BC_TY_INTEGER = 7, BC_TY_POINTER = 8, BC_TY_HALF = 10, BC_TY_ARRAY = 11, BC_TY_VECTOR = 12,
    BC_TY_METADATA = 16, BC_TY_STRUCT_ANON = 18, BC_TY_STRUCT_NAMED = 20, BC_TY_FUNCTION = 21
};

typedef struct bc_pftype {
    uint8_t code;     /* TYPE record code */
    uint32_t n_ops;   /* its record's operands: ops[first, first + n_ops) */
    uint32_t first;
    uint32_t name;    /* a named struct's name: offset + 1 in names; 0 none */
} bc_pftype;

enum {
    /* The record's explicit type is not its pointer operand's pointee
     * (load, store, GEP): DXC's 3.7 reader refuses the module. */
    BC_PF_MISMATCH = 1
};

/* One instruction (FUNCTION block record that is one), in record order. */
typedef struct bc_pfinst {
    uint32_t ty;   /* result type, BC_PF_NONE when void or not known */
    uint32_t src;  /* a cast's operand type; a load's, store's, GEP's or
                    * atomic's pointer operand type; a call's function
                    * type; else BC_PF_NONE */
    uint32_t attrs;  /* a call's attribute list (1-based, 0 none) */
    uint32_t callee; /* a call's callee when a module function (its
                      * value id), else BC_PF_NONE */
    uint8_t code;  /* FUNC_CODE_INST_* */
    uint8_t flags; /* BC_PF_MISMATCH */
} bc_pfinst;

typedef struct bc_pffunc {
    const char *name; /* from the module's symbol table; NULL when unnamed */
    uint32_t type;    /* the function type */
    bc_pfinst *insts;
    uint32_t ninsts;
    bool known;       /* the model followed the whole body */
} bc_pffunc;

/* A global variable or function, by module value id. */
typedef struct bc_pfvalue {
    const char *name;
    uint32_t type;    /* its pointer type (a function's: to its function type) */
    uint32_t attrs;   /* a function's attribute list (1-based, 0 none) */
    bool function;
    bool body;        /* a function defined here */
} bc_pfvalue;

/* An attribute group (PARAMATTR_GRP_CODE_ENTRY [id, index, words...]):
 * the slot it applies to (0 return, i parameter i, 0xFFFFFFFF the
 * function) and its words in attr_words: [0, code] an attribute, [1,
 * code, value] one with a value, [3, chars..., 0] / [4, chars..., 0,
 * chars..., 0] a string one. */
typedef struct bc_pfattrgroup {
    uint32_t id, index;
    uint32_t first, n;
} bc_pfattrgroup;

/* An attribute list (PARAMATTR_CODE_ENTRY): its group ids in list_groups. */
typedef struct bc_pfattrlist {
    uint32_t first, n;
} bc_pfattrlist;

typedef struct bc_pfbyname {
    const char *name;
    uint32_t body;
} bc_pfbyname;

typedef struct bc_ptrfacts {
    bc_pftype *types;
    uint32_t ntypes;
    uint32_t *ops;    /* the type records' operands */
    char *names;      /* NUL-separated names of structs and module values */
    bc_pfvalue *values;
    uint32_t nvalues;
    bc_pffunc *bodies; /* the function bodies, in order */
    uint32_t nbodies;
    bc_pfbyname *by_name; /* the named bodies, sorted by name */
    uint32_t nby_name;
    /* The attribute tables, as written (the lists' ids are 1-based). */
    bc_pfattrgroup *groups;
    uint32_t ngroups;
    bc_pfattrlist *lists;
    uint32_t nlists;
    uint64_t *attr_words;
    uint32_t *list_groups;
} bc_ptrfacts;

void bc_ptrfacts_free(bc_ptrfacts *f);

/* The body of the function named name, or NULL. */
const bc_pffunc *bc_pf_body(const bc_ptrfacts *f, const char *name, size_t len);
/* The module value (global or function) named name, or NULL. */
const bc_pfvalue *bc_pf_value(const bc_ptrfacts *f, const char *name, size_t len);

/* Type accessors; BC_PF_NONE (or 0 / NULL) for an id not in the table. */
const bc_pftype *bc_pf_type(const bc_ptrfacts *f, uint32_t ty);
uint8_t bc_pf_code(const bc_ptrfacts *f, uint32_t ty);
/* Operand i of the type's record: a pointer's [pointee, addrspace], an
 * array's or vector's [count, element], a struct's [packed, fields...], a
 * function's [vararg, return, params...], an integer's [width]. */
uint32_t bc_pf_op(const bc_ptrfacts *f, uint32_t ty, uint32_t i);
uint32_t bc_pf_pointee(const bc_ptrfacts *f, uint32_t ty);
/* A named struct's name, or NULL. */
const char *bc_pf_struct_name(const bc_ptrfacts *f, uint32_t ty);
/* The group of id `id`, or NULL; list `id` (1-based), or NULL. */
const bc_pfattrgroup *bc_pf_group(const bc_ptrfacts *f, uint32_t id);
const bc_pfattrlist *bc_pf_list(const bc_ptrfacts *f, uint32_t id);

/* ---- the builder, for the bitcode validator's walk (bitcode/ only) ---- */
typedef struct bcp_build bcp_build;
typedef struct bcv_model bcv_model;

bcp_build *bcp_create(void);
void bcp_destroy(bcp_build *b);
/* STRUCT_NAME [chars...] before the struct record it names. 0 or -2. */
int bcp_struct_name(bcp_build *b, const uint64_t *chars, size_t n);
/* The type record that defines type id `id` (after STRUCT_NAME). 0 or -2. */
int bcp_type_defined(bcp_build *b, uint32_t id, uint8_t code);
/* A module value (GLOBALVAR, FUNCTION, ALIAS) in record order; body: a
 * function defined here; attrs: a function's attribute list. 0 or -2. */
int bcp_module_value(bcp_build *b, uint32_t type, bool function, bool body, uint32_t attrs);
/* PARAMATTR_GRP_CODE_ENTRY and PARAMATTR_CODE_ENTRY records (code first). */
int bcp_attr_group(bcp_build *b, const uint64_t *ops, size_t n);
int bcp_attr_list(bcp_build *b, const uint64_t *ops, size_t n);
/* VST_CODE_ENTRY [id, chars...] of the module's symbol table. 0 or -2. */
int bcp_vst_entry(bcp_build *b, uint64_t id, const uint64_t *chars, size_t n);
/* A function body: begin, one entry per instruction, end (lost: the model
 * could not follow it, its entries mean nothing). 0 or -2. */
int bcp_body_begin(bcp_build *b, uint32_t fnty);
int bcp_inst(bcp_build *b, bc_pfinst inst);
int bcp_body_end(bcp_build *b, bool lost);
/* After a clean walk: the facts, with the model's type table (NULL
 * without memory). The builder is spent. */
bc_ptrfacts *bcp_finish(bcp_build *b, const bcv_model *types);

#endif
