/* bcw_internal.h - the LLVM 3.7 bitcode writer's shared state.
 *
 * The writer works in three passes over the LLVM 22 module:
 *  1. build (bcw_build.c, bcw_values.c): every value the bitcode will name
 *     becomes an entry with a 3.7 type (typed pointers, bcw_types.c);
 *     operands are resolved to entries, and where a use needs another
 *     pointer type than the value has, a cast entry is made (a zero-index
 *     GEP or a bitcast, as a constant expression or an instruction);
 *  2. enumerate (bcw_enum.c): ids in LLVM 3.7's ValueEnumerator order;
 *  3. emit (bcw_module.c and one file per block).
 * Nothing here is global: one bcw_ctx per call. */
#ifndef DXIL_BCW_INTERNAL_H
#define DXIL_BCW_INTERNAL_H

#include "bcwrite.h"
#include "bitcode/bitstream.h"
#include "bcw_map.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BCW_NONE UINT32_MAX

/* ---- types (bcw_types.c) ---- */
enum bcw_type_kind {
    BT_VOID, BT_HALF, BT_FLOAT, BT_DOUBLE, BT_LABEL, BT_METADATA, BT_INT,
    BT_PTR, BT_FUNC, BT_STRUCT, BT_ARRAY, BT_VECTOR
};

typedef struct bcw_type {
    uint8_t kind;        /* enum bcw_type_kind */
    bool packed, vararg, opaque, named;
    uint32_t addrspace;  /* BT_PTR */
    uint64_t count;      /* int width, array / vector length */
    uint32_t *sub;       /* pointee; element; return then params; fields */
    uint32_t nsub;
    char *name;          /* named struct */
    uint32_t id;         /* enumeration id + 1 (0: not yet) */
} bcw_type;

/* ---- values (bcw_values.c) ---- */
enum bcw_val_kind {
    VK_GLOBAL, VK_FUNC, VK_CONST, VK_CEXPR, VK_ARG, VK_INST, VK_BB,
    VK_TYPED_NULL, VK_TYPED_UNDEF, /* ptr null / undef of a chosen type */
    VK_SYN_CEXPR, VK_SYN_INST      /* a cast the writer makes */
};

enum bcw_syn_op { SYN_GEP0, SYN_BITCAST, SYN_ASCAST };

typedef struct bcw_val {
    LLVMValueRef v;      /* the LLVM value; NULL for typed null/undef */
    uint32_t type;       /* 3.7 type handle */
    uint8_t kind;        /* enum bcw_val_kind */
    uint8_t syn_op;      /* enum bcw_syn_op for VK_SYN_* */
    uint8_t syn_depth;   /* SYN_GEP0: number of zero indices */
    uint32_t *ops;       /* resolved operands (entries) */
    uint32_t nops;
    uint32_t id;         /* enumeration id + 1 (0: not yet) */
    uint32_t uses;       /* LLVM 3.7's use count, for constant order */
    uint32_t attrs;      /* a call's attribute list id, found once when enumerated */
} bcw_val;

/* One instruction as written: an LLVM instruction or a cast the writer
 * inserts before its user. */
typedef struct bcw_inst {
    uint32_t val;        /* its entry */
    bool has_value;      /* non-void: takes a value id */
} bcw_inst;

typedef struct bcw_func {
    LLVMValueRef fn;
    uint32_t *blocks;    /* entries of the basic blocks */
    uint32_t nblocks;
    bcw_inst *insts;
    size_t ninsts, cap;
    uint32_t *args;
    uint32_t nargs;
} bcw_func;

/* ---- attributes (bcw_attrs.c) ---- */
typedef struct bcw_attr_group {
    uint32_t index;      /* 0 return, 1.. params, 0xFFFFFFFF function */
    uint64_t *rec;       /* the group's record body after [id, index] */
    size_t nrec;
} bcw_attr_group;

typedef struct bcw_attr_list {
    uint32_t *groups;    /* group ids (1-based) */
    uint32_t n;
} bcw_attr_list;

/* ---- metadata (bcw_metadata.c) ---- */
typedef struct bcw_md {
    LLVMValueRef v;      /* MetadataAsValue of the node or string, or the
                          * value of a ValueAsMetadata */
    uint8_t kind;        /* MDK_* */
    uint32_t val;        /* MDK_VALUE: the value entry */
    uint32_t *ops;       /* MDK_NODE: md ids + 1, 0 for null */
    LLVMValueRef *refs;  /* MDK_NODE: the metadata operands, whose ids are
                          * looked up when written (a node may reach itself) */
    uint32_t nops;
} bcw_md;

enum { MDK_STRING, MDK_VALUE, MDK_NODE, MDK_DISTINCT };

/* Operand lists live in chunks freed together (one malloc per operand
 * list cost more than the rest of pass 1). */
typedef struct bcw_chunk {
    struct bcw_chunk *next;
    size_t used, cap;
    uint32_t data[];
} bcw_chunk;

/* An LLVM intrinsic's name in 3.7 (bcw_intrinsics.c), or (refused) why
 * it has none. */
typedef struct bcw_name37 {
    LLVMValueRef fn;
    char *name;
    bool refused;
} bcw_name37;

typedef struct bcw_ctx {
    LLVMModuleRef mod;
    LLVMContextRef llctx;
    const bcw_options *opts;
    dxil_diags *diags;
    bool failed;

    bcw_type *types;
    size_t ntypes, types_cap;
    bcw_map type_keys;        /* structural key -> handle */
    bcw_map llvm_types;       /* LLVMTypeRef -> handle (no pointers inside) */
    uint32_t simple[16];      /* handle + 1 of each scalar kind (BT_INT: i8) */
    uint32_t i8ptr0;          /* handle + 1 of i8* */
    uint32_t *type_order;     /* enumeration order: handles */
    size_t ntype_order, type_order_cap;

    bcw_val *vals;
    size_t nvals, vals_cap;
    bcw_map val_of;           /* LLVMValueRef -> entry */
    bcw_map syn_keys;         /* synthetic constant key -> entry */

    uint32_t *order;          /* enumerated value entries (module, then one function) */
    size_t norder, order_cap;
    size_t first_const, first_inst; /* for the current function */

    bcw_func *funcs;
    size_t nfuncs;
    LLVMValueRef *fns;        /* every function, in the order written */
    size_t nfns;
    bcw_func *cur;            /* the function being built */
    LLVMValueRef cur_inst;    /* the instruction being built, for refusals */
    bool dxc_facts;           /* the three below were read (bcw_casts.c) */
    bool sm66, min_precision, lib;

    bcw_attr_group *groups;
    size_t ngroups, groups_cap;
    bcw_attr_list *alists;
    size_t nalists, alists_cap;
    bcw_map alist_of;         /* attribute list key -> id */
    bcw_map group_of;         /* group key -> id */
    unsigned attr_kinds[64];  /* LLVM 22 kind of each 3.7 attribute (bcw_attrs.c) */
    unsigned kind_memory, kind_captures;
    unsigned kind_fmf;        /* !dxu.fmf, the raise's record of a fast-math word */
    unsigned kind_noalign;    /* !dxu.noAlign: the input had no alignment there */
    bool attr_kinds_ready;

    bcw_name37 *names37;      /* LLVM intrinsics' 3.7 names, as asked for */
    size_t nnames37, names37_cap;

    bcw_md *mds;
    size_t nmds, mds_cap;
    bcw_map md_of;            /* LLVMValueRef -> md id */
    bcw_map res_nodes;        /* dx.resources record -> list << 20 | pos */
    uint32_t *kind_map;       /* LLVM 22 kind id -> 3.7 kind id + 1 */
    size_t nkind_map;
    char **kind_names;        /* 3.7 kind ids in order */
    size_t nkinds;

    const char *datalayout;   /* DXC's, from !dxu.datalayout, or the module's */
    char *datalayout_owned;

    bcw_chunk *chunks;
    bs_writer w;
    unsigned widths[8];       /* abbreviation widths of the open blocks */
    unsigned depth;
} bcw_ctx;

/* Entries and types live in arrays that grow: index them only after the
 * call that may grow them (C leaves `c->vals[f(c)]` unsequenced). */
static inline uint32_t bcw_val_type(const bcw_ctx *c, uint32_t e) { return c->vals[e].type; }
static inline uint32_t bcw_type_sub(const bcw_ctx *c, uint32_t t, uint32_t i)
{
    return c->types[t].sub[i];
}

/* diagnostics (bcw_module.c) */
void bcw_error(bcw_ctx *c, LLVMValueRef where, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
bool bcw_grow(bcw_ctx *c, void **p, size_t *cap, size_t need, size_t elem);
/* n zeroed operand slots that live as long as c (NULL: out of memory). */
uint32_t *bcw_alloc_ops(bcw_ctx *c, size_t n);

/* types */
uint32_t bcw_type_from_llvm(bcw_ctx *c, LLVMTypeRef t);
/* bcw_restype.c: the class a dx.resources record list's record points to
 * when nothing recorded one (a module from clang), made from the record. */
LLVMTypeRef bcw_synth_resource_class(bcw_ctx *c, LLVMValueRef rec, unsigned list);
uint32_t bcw_type_ptr(bcw_ctx *c, uint32_t pointee, unsigned addrspace);
uint32_t bcw_type_func(bcw_ctx *c, uint32_t ret, const uint32_t *params, uint32_t n, bool vararg);
uint32_t bcw_type_intern(bcw_ctx *c, const bcw_type *proto, const uint32_t *sub);
uint32_t bcw_type_simple(bcw_ctx *c, enum bcw_type_kind k, uint64_t width);
uint32_t bcw_type_indexed(bcw_ctx *c, uint32_t t, LLVMValueRef idx);
void bcw_type_enumerate(bcw_ctx *c, uint32_t t);
uint32_t bcw_type_id(const bcw_ctx *c, uint32_t t);
unsigned bcw_type_bits(const bcw_ctx *c);
void bcw_types_free(bcw_ctx *c);
void bcw_write_type_block(bcw_ctx *c);

/* values */
uint32_t bcw_val_of(bcw_ctx *c, LLVMValueRef v);
uint32_t bcw_operand(bcw_ctx *c, LLVMValueRef v, uint32_t want);
uint32_t bcw_typed_const(bcw_ctx *c, LLVMValueRef v, uint32_t type);
uint32_t bcw_new_val(bcw_ctx *c, LLVMValueRef v, uint32_t type, uint8_t kind);
void bcw_set_ops(bcw_ctx *c, uint32_t e, const uint32_t *ops, uint32_t n);
/* Why DXC's validator refuses a bitcast from pointer type `from` to
 * pointer type `to` (bcw_casts.c), or NULL when it accepts it. */
const char *bcw_bitcast_problem(bcw_ctx *c, uint32_t from, uint32_t to);
uint32_t bcw_func_type(bcw_ctx *c, LLVMValueRef fn);
uint32_t bcw_callee_type(bcw_ctx *c, LLVMValueRef call);
void bcw_vals_free(bcw_ctx *c);

/* screen: refusals that name their instruction (bcw_screen.c) */
int bcw_screen(bcw_ctx *c);

/* build */
int bcw_build(bcw_ctx *c);
void bcw_funcs_free(bcw_ctx *c);
const char *bcw_intrinsic_name37(const char *name);
uint32_t bcw_intrinsic_type(bcw_ctx *c, LLVMValueRef fn);
/* The name function f is written under: 3.7's name of an LLVM
 * intrinsic (bcw_intrinsics.c), else its own. */
const char *bcw_fn_name37(bcw_ctx *c, LLVMValueRef f);
/* Why LLVM intrinsic f has no 3.7 form, or NULL (not one, or it has). */
const char *bcw_intrinsic_refusal(bcw_ctx *c, LLVMValueRef f);
void bcw_names37_free(bcw_ctx *c);

/* enumeration */
int bcw_enumerate_module(bcw_ctx *c);
void bcw_enumerate_function(bcw_ctx *c, bcw_func *f);
void bcw_purge_function(bcw_ctx *c, size_t module_values);
void bcw_enum_value(bcw_ctx *c, uint32_t e);
uint32_t bcw_id(const bcw_ctx *c, uint32_t val);

/* attributes */
uint32_t bcw_attrs_of_function(bcw_ctx *c, LLVMValueRef fn);
uint32_t bcw_attrs_of_call(bcw_ctx *c, LLVMValueRef call);
void bcw_write_attr_blocks(bcw_ctx *c);
void bcw_attrs_free(bcw_ctx *c);

/* metadata */
int bcw_md_init_kinds(bcw_ctx *c);
uint32_t bcw_md_enumerate(bcw_ctx *c, LLVMValueRef md);
void bcw_md_enumerate_named(bcw_ctx *c);
void bcw_md_enumerate_attachments(bcw_ctx *c, LLVMValueRef inst);
void bcw_write_metadata_blocks(bcw_ctx *c);
void bcw_write_attachments(bcw_ctx *c, bcw_func *f);
uint32_t bcw_kind37(bcw_ctx *c, unsigned kind22);
void bcw_md_free(bcw_ctx *c);

/* constants and instructions */
void bcw_write_constants(bcw_ctx *c, size_t from, size_t to, bool global);
void bcw_write_function_block(bcw_ctx *c, bcw_func *f);
void bcw_write_function_vst(bcw_ctx *c, bcw_func *f);

/* stream helpers (bcw_stream.c) */
typedef struct bcw_abbrev {
    uint32_t n;
    bs_abbrev_op ops[12];
} bcw_abbrev;

void bcw_enter(bcw_ctx *c, unsigned block, unsigned width, size_t *len_pos);
void bcw_exit(bcw_ctx *c, size_t len_pos, unsigned width);
void bcw_define_abbrev(bcw_ctx *c, const bcw_abbrev *a, unsigned width);
void bcw_record(bcw_ctx *c, unsigned code, const uint64_t *ops, size_t n, unsigned width);
void bcw_record_abbrev(bcw_ctx *c, const bcw_abbrev *a, unsigned id, unsigned code,
                       const uint64_t *ops, size_t n, unsigned width);
bool bcw_is_char6(const char *s, size_t n);
unsigned bcw_log2_ceil(uint64_t v);
unsigned bcw_log2(uint64_t v);

/* A growable uint64 record. */
typedef struct bcw_rec {
    uint64_t *v;
    size_t n, cap;
    bool oom;
} bcw_rec;
void bcw_rec_push(bcw_rec *r, uint64_t x);
void bcw_rec_free(bcw_rec *r);

#endif
