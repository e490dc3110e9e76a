/* optable_internal.h - layout of dxil_optable and helpers shared by the
 * op-table code, the spec reader and the generator (spec/opgen.c).
 * Not installed.
 */
#ifndef DXIL_OPTABLE_INTERNAL_H
#define DXIL_OPTABLE_INTERNAL_H

#include "dxil-upgrade/dxil_optable.h"

/* Index of a table id in dxil_optable.parts; -1 for ids that do not exist. */
#define DXIL_OPTABLE_PARTS 2
int optable_part_of(uint32_t table_id);
uint32_t optable_part_id(int part);

/* The ID of exactly this intrinsic name in the linked LLVM, 0 when it has
 * none (optable_llvm.c; cached per thread, so cheap to call per call). */
unsigned intrinsic_id(const char *name);

/* ---- type descriptors ----------------------------------------------------
 * What LLVM type each dxil_type_code stands for, from the <types> section
 * of spec/dxil-ops.xml (generated into type_descs[], indexed by code).
 * Codes of form OVERLOAD ($o, $r, $cb, $vec4...) depend on the call's
 * overload: each consumer builds those itself. */
typedef enum type_form {
    DXIL_FORM_VOID = 0,
    DXIL_FORM_OVERLOAD,  /* depends on the overload type */
    DXIL_FORM_SCALAR,    /* `scalar` */
    DXIL_FORM_VECTOR,    /* <count x scalar> */
    DXIL_FORM_STRUCT,    /* `count` fields; named when `name` is set */
    DXIL_FORM_COUNT
} type_form;

/* The LLVM scalar types descriptors are made of (spec spelling in
 * llvm_scalar_name: "i1".."i64", "half", "float", "double", "ptr"). */
typedef enum llvm_scalar {
    DXIL_LS_I1 = 0, DXIL_LS_I8, DXIL_LS_I16, DXIL_LS_I32, DXIL_LS_I64,
    DXIL_LS_HALF, DXIL_LS_FLOAT, DXIL_LS_DOUBLE, DXIL_LS_PTR,
    DXIL_LS_COUNT
} llvm_scalar;

#define DXIL_TYPE_MAX_FIELDS 8

typedef struct type_desc {
    uint8_t form;     /* type_form */
    uint8_t scalar;   /* SCALAR, VECTOR: llvm_scalar */
    uint8_t count;    /* VECTOR: width; STRUCT: number of fields */
    uint8_t fields[DXIL_TYPE_MAX_FIELDS]; /* STRUCT: llvm_scalar of each */
    const char *name; /* STRUCT: "dx.types.Dimensions"; NULL for a literal struct */
    uint32_t line;    /* line in the spec; 0 when the code was not described */
} type_desc;

/* Generated from the spec (dxil_optable_gen.c), indexed by dxil_type_code. */
extern const type_desc type_descs[DXIL_TY_COUNT];

const char *type_form_name(unsigned form);     /* "scalar"...; NULL if bad */
int type_form_from_name(const char *name, size_t len);
const char *llvm_scalar_name(unsigned s);      /* "i32"...; NULL if bad */
int llvm_scalar_from_name(const char *name, size_t len);

struct dxil_optable {
    /* O(1) lookup: slots[part][index], NULL for holes. */
    uint32_t slot_count[DXIL_OPTABLE_PARTS];
    const dxil_op_info *const *slots[DXIL_OPTABLE_PARTS];
    /* Every op in opcode order, and sorted by name (strcmp). */
    size_t n_ops;
    const dxil_op_info *const *ops;
    const dxil_op_info *const *ops_by_name;
    /* Classes sorted by name and by fn (strcmp). */
    size_t n_classes;
    const dxil_op_class *const *classes_by_name;
    const dxil_op_class *const *classes_by_fn;
    /* Reverse index for lowering, sorted by (intrinsic, opcode order). */
    size_t n_refs;
    const dxil_intrinsic_ref *refs;
    /* Overlays: everything above is owned here; NULL for the built-in. */
    void *owned;
};

/* Names <-> values for spec keywords; -1 when unknown. */
int op_attr_from_name(const char *name, size_t len);  /* bit index */
int op_flag_from_name(const char *name, size_t len);  /* bit index */
int map_custom_from_name(const char *name, size_t len);
int map_result_from_name(const char *name, size_t len);
int map_direction_from_name(const char *name, size_t len);
int scalar_kind_from_letter(char c);                  /* 'h' -> HALF; 'v' -> VOID */
int scalar_kind_from_suffix(const char *s, size_t len); /* "f32" -> FLOAT */

/* Parses a DXC overload letter string ("hfd<", "o,hfdwil<", "v") into set
 * (letters not copied). On error returns false and writes a reason. */
bool overload_letters_parse(const char *letters, dxil_overload_set *set, char *why,
                                 size_t why_size);

/* Comparators for the sorted indexes (also used by the generator). */
int optable_cmp_op_name(const void *a, const void *b);    /* const dxil_op_info *const * */
int optable_cmp_class_name(const void *a, const void *b); /* const dxil_op_class *const * */
int optable_cmp_class_fn(const void *a, const void *b);
int optable_cmp_ref(const void *a, const void *b);        /* const dxil_intrinsic_ref * */

#endif
