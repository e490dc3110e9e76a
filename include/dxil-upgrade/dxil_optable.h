/* dxil_optable.h - the DXIL operation table shared by raise and lower.
 *
 * Every fact about every DXIL op comes from spec/dxil-ops.xml, turned into
 * static const C data at build time (see docs/op-spec.md). The built-in
 * table needs no initialisation and is safe to share between threads; an
 * application may stack an overlay (extra XML ops) on top of it.
 *
 * Conventions used throughout:
 *  - opcode = (table id << 16) | index (dxil_abi.h); table 0x0000 is core,
 *    0x8000 experimental. Lookups split the opcode, never index by it.
 *  - "operand N" is argument N of the dx.op call: operand 0 is the i32
 *    opcode, operand 1 the first real operand. dxil_op_info.params is
 *    indexed the same way (params[0] describes the opcode).
 *  - dxil_version packs major.minor as (major << 8) | minor, for DXIL
 *    versions (1.10 = 0x10A) and shader models (6.9 = 0x609) alike.
 */
#ifndef DXIL_UPGRADE_OPTABLE_H
#define DXIL_UPGRADE_OPTABLE_H

#include "dxil_export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- versions ------------------------------------------------------------ */

typedef uint32_t dxil_version;
#define DXIL_VERSION(major, minor) ((dxil_version)(((uint32_t)(major) << 8) | ((uint32_t)(minor) & 0xFFu)))
#define DXIL_VERSION_MAJOR(v) ((unsigned)((v) >> 8))
#define DXIL_VERSION_MINOR(v) ((unsigned)((v) & 0xFFu))

/* Parses "1.6" / "6.10" (minor < 256); returns false on anything else. */
DXIL_API bool dxil_version_parse(const char *text, size_t len, dxil_version *out);
/* Writes "major.minor"; returns the length snprintf would. */
DXIL_API int dxil_version_format(dxil_version v, char *buf, size_t size);

/* ---- overload types ----------------------------------------------------- */

/* Scalar kinds of an overload, in DXC's TypeSlot order; the letter of each
 * in an overload string is "hfd18wiluo"[kind - 1]. */
typedef enum dxil_scalar_kind {
    DXIL_SCALAR_VOID = 0, /* 'v': not overloaded */
    DXIL_SCALAR_HALF,     /* 'h' f16 */
    DXIL_SCALAR_FLOAT,    /* 'f' f32 */
    DXIL_SCALAR_DOUBLE,   /* 'd' f64 */
    DXIL_SCALAR_I1,       /* '1' */
    DXIL_SCALAR_I8,       /* '8' */
    DXIL_SCALAR_I16,      /* 'w' */
    DXIL_SCALAR_I32,      /* 'i' */
    DXIL_SCALAR_I64,      /* 'l' */
    DXIL_SCALAR_UDT,      /* 'u' pointer to a user struct */
    DXIL_SCALAR_OBJECT,   /* 'o' HLSL object (handle, LinAlg matrix...) */
    DXIL_SCALAR_KIND_COUNT
} dxil_scalar_kind;

#define DXIL_SCALAR_BIT(kind) ((uint16_t)(1u << (unsigned)(kind)))
#define DXIL_MAX_OVERLOAD_DIMS 4
#define DXIL_MAX_VECTOR_WIDTH 255

/* One overload dimension of a concrete dx.op function. */
typedef struct dxil_overload_type {
    dxil_scalar_kind kind;
    unsigned width;       /* vector width; 0 = scalar */
    const char *name;     /* UDT/object: struct name (e.g. "dx.types.Handle",
                             "struct.Payload", "mC4M3N4U0S1"); NOT NUL-terminated
                             when produced by a parser: use name_len. NULL otherwise. */
    size_t name_len;
} dxil_overload_type;

/* The overload of a concrete dx.op function: ndims == 0 for "v". */
typedef struct dxil_overload {
    unsigned ndims;
    dxil_overload_type dims[DXIL_MAX_OVERLOAD_DIMS];
} dxil_overload;

/* Parses an overload suffix: "f32", "v4f32", "dx.types.Handle",
 * "mC4M3N4U0S1.i32", "v4f32.mC4M4N4U0S0.v4f32" (names point into text).
 * An empty suffix is the void overload. Returns false when malformed. */
DXIL_API bool dxil_overload_parse(const char *text, size_t len, dxil_overload *out);
/* Writes the suffix ("" for void); returns the length snprintf would. */
DXIL_API int dxil_overload_format(const dxil_overload *ov, char *buf, size_t size);
/* True when a and b have the same dimensions: kind, vector width and
 * UDT/object name (compared by name_len bytes). Neither may be NULL. */
DXIL_API bool dxil_overload_equal(const dxil_overload *a, const dxil_overload *b);

/* ---- operand type codes ------------------------------------------------ */

/* Type codes of results and operands (dxil-op-params.tsv "llvm_type"). */
typedef enum dxil_type_code {
    DXIL_TY_VOID = 0,     /* v */
    DXIL_TY_OVERLOAD,     /* $o */
    DXIL_TY_ELT,          /* $elt: element type of the overload */
    DXIL_TY_OVERLOAD_I1,  /* $o_i1: overload shape, i1 components */
    DXIL_TY_OVERLOAD_I32, /* $o_i32 */
    DXIL_TY_RESRET,       /* $r: %dx.types.ResRet.<o> */
    DXIL_TY_CBUFRET,      /* $cb: %dx.types.CBufRet.<o> */
    DXIL_TY_UDT,          /* $udt */
    DXIL_TY_OBJ,          /* $obj */
    DXIL_TY_VEC2,         /* $vec2 */
    DXIL_TY_VEC4,         /* $vec4 */
    DXIL_TY_VEC9,         /* $vec9 */
    DXIL_TY_X0, DXIL_TY_X1, DXIL_TY_X2, DXIL_TY_X3,             /* $x0..$x3 */
    DXIL_TY_X_GS0, DXIL_TY_X_GS1, DXIL_TY_X_GS2, DXIL_TY_X_GS3, /* $x_gs0..3 */
    DXIL_TY_I1, DXIL_TY_I8, DXIL_TY_I16, DXIL_TY_I32, DXIL_TY_I64,
    DXIL_TY_HALF,         /* h */
    DXIL_TY_FLOAT,        /* f */
    DXIL_TY_DOUBLE,       /* d */
    DXIL_TY_U8,           /* u8 (i8, unsigned meaning) */
    DXIL_TY_U32,          /* u32 */
    DXIL_TY_PF32,         /* pf32: float* */
    DXIL_TY_INT2,         /* <2 x i32> */
    DXIL_TY_RES,          /* %dx.types.Handle */
    DXIL_TY_HIT_OBJECT,   /* %dx.types.HitObject */
    DXIL_TY_NODEHANDLE,
    DXIL_TY_NODERECORDHANDLE,
    DXIL_TY_NODEPROPERTY,
    DXIL_TY_NODERECORDPROPERTY,
    DXIL_TY_RESPROPERTY,  /* %dx.types.ResourceProperties */
    DXIL_TY_RESBIND,      /* %dx.types.ResBind */
    DXIL_TY_DIMS,         /* %dx.types.Dimensions */
    DXIL_TY_SAMPLEPOS,    /* {float, float} */
    DXIL_TY_I32C,         /* %dx.types.i32c {i32, i1} */
    DXIL_TY_TWOI32,       /* %dx.types.twoi32 */
    DXIL_TY_SPLITDOUBLE,  /* %dx.types.splitdouble */
    DXIL_TY_FOURI32,      /* %dx.types.fouri32 */
    DXIL_TY_COUNT
} dxil_type_code;

/* Spec spelling ("$o", "i32", "res"...); NULL when out of range. */
DXIL_API const char *dxil_type_code_name(unsigned code);
/* -1 when unknown. */
DXIL_API int dxil_type_code_from_name(const char *name, size_t len);

/* ---- per-op data ------------------------------------------------------- */

typedef struct dxil_op_param {
    const char *name;      /* "" for a result */
    uint8_t type;          /* dxil_type_code */
    uint8_t is_const;      /* must be an immediate constant */
    const char *enum_name; /* e.g. "WaveOpKind"; NULL when none */
    int32_t max_value;     /* largest allowed value; -1 when unbounded */
} dxil_op_param;

/* An op class: all its ops share one dx.op.<fn>.<overload> function. */
typedef struct dxil_op_class {
    const char *name;       /* "Unary" */
    const char *fn;         /* "unary": the function is dx.op.unary.<overload> */
    dxil_op_param result;
    uint8_t n_params;       /* including params[0], the opcode */
    const dxil_op_param *params;
    uint32_t line;          /* line in the spec file that defined it */
} dxil_op_class;

/* Overload letters allowed from a DXIL version on; a later entry replaces
 * an earlier one. */
typedef struct dxil_overload_dim_set {
    uint16_t scalars; /* DXIL_SCALAR_BIT(kind) of allowed scalar (or u/o) kinds */
    uint16_t vectors; /* DXIL_SCALAR_BIT(kind) of allowed vector element kinds */
} dxil_overload_dim_set;

typedef struct dxil_overload_set {
    dxil_version dxil;
    const char *letters;   /* DXC form, e.g. "hfd<", "o,hfdwil<", "v" */
    uint8_t ndims;         /* 0 for "v" */
    dxil_overload_dim_set dims[DXIL_MAX_OVERLOAD_DIMS];
} dxil_overload_set;

typedef enum dxil_stage_set_kind {
    DXIL_STAGES_LIST = 0,    /* the stages in mask */
    DXIL_STAGES_ALL = 1,     /* every stage */
    DXIL_STAGES_REMOVED = 2  /* no stage: the op is gone from this version on */
} dxil_stage_set_kind;

typedef struct dxil_stage_set {
    dxil_version dxil;
    uint8_t kind;        /* dxil_stage_set_kind */
    uint32_t mask;       /* DXIL_STAGE_BIT(dxil_shader_kind); all bits for ALL */
    const char *list;    /* as written: "library,pixel", "all", "removed" */
} dxil_stage_set;

enum dxil_op_attr {
    DXIL_ATTR_READNONE = 1u << 0,
    DXIL_ATTR_READONLY = 1u << 1,
    DXIL_ATTR_NODUPLICATE = 1u << 2,
    DXIL_ATTR_NORETURN = 1u << 3,
    DXIL_ATTR_ARGMEMONLY = 1u << 4
};
#define DXIL_ATTR_COUNT 5u

typedef struct dxil_attr_set {
    dxil_version dxil;
    uint32_t attrs; /* enum dxil_op_attr bits */
} dxil_attr_set;

enum dxil_op_flag {
    DXIL_OPF_DERIVATIVE = 1u << 0,
    DXIL_OPF_GRADIENT = 1u << 1,
    DXIL_OPF_FEEDBACK = 1u << 2,
    DXIL_OPF_WAVE = 1u << 3,
    DXIL_OPF_UNIFORM_INPUTS = 1u << 4,
    DXIL_OPF_BARRIER = 1u << 5,
    DXIL_OPF_CONVERGENT = 1u << 6,
    DXIL_OPF_RESERVED = 1u << 7 /* derived: class Reserved */
};
#define DXIL_OPF_COUNT 8u

/* ---- intrinsic mapping --------------------------------------------------
 *
 * A dxil_intrinsic_map ties one dx.op to one llvm.* intrinsic. It is read
 * the same way in both directions:
 *
 *   operands[]   one entry per dx.op operand the mapping touches:
 *                  source FROM_ARG: dx.op operand `operand` <-> intrinsic
 *                                   argument `arg`;
 *                  source CONST:    dx.op operand `operand` is the constant
 *                                   `value` (a selector: raise picks this map
 *                                   only when the operand has that value;
 *                                   lower writes the value with the operand's
 *                                   declared type).
 *   const_args[] intrinsic arguments that are constants (`type`, `value`):
 *                  raise creates them; lower picks this map only when the
 *                  call has exactly that constant there (e.g. the
 *                  llvm.is.fpclass mask).
 *   overloads[]  how the intrinsic's overloaded types are obtained, in the
 *                order LLVMGetIntrinsicDeclaration wants them.
 *   result       how the intrinsic result relates to the dx.op result.
 *
 * When custom != DXIL_MAP_TABLE the listed data is informative and the
 * named custom handler must do the translation (resources, handles,
 * buffer and cbuffer access, signature I/O...). A table map (custom ==
 * DXIL_MAP_TABLE) covers every dx.op operand and every intrinsic argument.
 * llvm22 says whether LLVM 22 declares the intrinsic; for the others ask
 * dxil_intrinsic_in_llvm() at run time (a newer LLVM may have them). Do not
 * trust a bare LLVMLookupIntrinsicID: it also "finds" names that merely
 * start with an overloaded intrinsic's name (llvm.dx.all.memory.barrier
 * yields the ID of llvm.dx.all).
 */
/* Each kind names one handler in raise and one in lower (an op's custom
 * maps all have the same kind): those passes find the ops they own by
 * kind, so a new custom op is a <map custom="..."> plus, for a new kind,
 * its handler. */
typedef enum dxil_map_custom {
    DXIL_MAP_TABLE = 0,        /* fully table-driven */
    DXIL_MAP_CUSTOM_HANDLE,    /* createHandle: handle from a range id and index */
    DXIL_MAP_CUSTOM_CBUFFER_ROW,
    DXIL_MAP_CUSTOM_BUFFER_LOAD,
    DXIL_MAP_CUSTOM_BUFFER_STORE,
    DXIL_MAP_CUSTOM_RAW_BUFFER_LOAD,
    DXIL_MAP_CUSTOM_RAW_BUFFER_STORE,
    DXIL_MAP_CUSTOM_COUNTER,
    DXIL_MAP_CUSTOM_DIMENSIONS,
    DXIL_MAP_CUSTOM_CHECK_ACCESS,
    DXIL_MAP_CUSTOM_SAMPLE,
    DXIL_MAP_CUSTOM_TEXTURE,
    DXIL_MAP_CUSTOM_ATOMIC,
    DXIL_MAP_CUSTOM_SIG_IO,    /* LoadInput/StoreOutput: extra intrinsic args */
    DXIL_MAP_CUSTOM_CBUFFER_LOAD,            /* cbufferLoad: one value at a byte offset */
    DXIL_MAP_CUSTOM_RAW_BUFFER_VECTOR_LOAD,  /* DXIL 1.9 native vectors */
    DXIL_MAP_CUSTOM_RAW_BUFFER_VECTOR_STORE,
    DXIL_MAP_CUSTOM_HANDLE_BINDING,          /* createHandleFromBinding (6.6) */
    DXIL_MAP_CUSTOM_HANDLE_LIB,              /* createHandleForLib */
    DXIL_MAP_CUSTOM_HANDLE_ANNOTATE,         /* annotateHandle: folded into the handle type */
    DXIL_MAP_CUSTOM_COUNT
} dxil_map_custom;

typedef enum dxil_map_result {
    DXIL_MAP_RESULT_SAME = 0,  /* same type (or both void) */
    DXIL_MAP_RESULT_CAST_I32,  /* intrinsic gives the overload type; dx.op gives i32 (zext/trunc) */
    DXIL_MAP_RESULT_STRUCT,    /* literal struct <-> named %dx.types.* struct, same fields */
    DXIL_MAP_RESULT_VECTOR,    /* <N x T> <-> named struct of N T (e.g. fouri32) */
    DXIL_MAP_RESULT_COUNT
} dxil_map_result;

typedef enum dxil_map_direction {
    DXIL_MAP_BOTH = 0,
    DXIL_MAP_RAISE_ONLY = 1,
    DXIL_MAP_LOWER_ONLY = 2
} dxil_map_direction;

typedef enum dxil_map_overload_kind {
    DXIL_MAP_OV_RESULT = 0,  /* the dx.op result type */
    DXIL_MAP_OV_OPERAND = 1, /* the type of dx.op operand `operand` */
    DXIL_MAP_OV_FIXED = 2    /* the fixed type `type` (dxil_type_code) */
} dxil_map_overload_kind;

typedef struct dxil_map_overload {
    uint8_t kind;    /* dxil_map_overload_kind */
    uint8_t operand; /* DXIL_MAP_OV_OPERAND */
    uint8_t type;    /* DXIL_MAP_OV_FIXED */
} dxil_map_overload;

typedef enum dxil_map_source {
    DXIL_MAP_FROM_ARG = 0,
    DXIL_MAP_CONST = 1
} dxil_map_source;

typedef struct dxil_map_operand {
    uint8_t operand; /* dx.op operand index, >= 1 */
    uint8_t source;  /* dxil_map_source */
    uint8_t arg;     /* FROM_ARG: intrinsic argument index */
    int64_t value;   /* CONST */
} dxil_map_operand;

typedef struct dxil_map_const_arg {
    uint8_t arg;     /* intrinsic argument index */
    uint8_t type;    /* dxil_type_code of the constant */
    int64_t value;
} dxil_map_const_arg;

#define DXIL_MAX_MAP_OVERLOADS 4

typedef struct dxil_intrinsic_map {
    const char *intrinsic;   /* "llvm.dx.wave.reduce.usum"; NULL for a custom map without one */
    uint8_t llvm22;          /* 1 when LLVM 22 declares the intrinsic */
    uint8_t custom;          /* dxil_map_custom */
    uint8_t result;          /* dxil_map_result */
    uint8_t direction;       /* dxil_map_direction */
    dxil_version dxil_from;  /* applies from this DXIL version; 0 = always */
    dxil_version dxil_before;/* applies below this DXIL version; 0 = always */
    uint16_t only_scalars;   /* DXIL_SCALAR_BIT set of overload-0 kinds it applies to; 0 = all */
    uint8_t n_overloads;
    dxil_map_overload overloads[DXIL_MAX_MAP_OVERLOADS];
    uint8_t n_operands;
    const dxil_map_operand *operands;
    uint8_t n_const_args;
    const dxil_map_const_arg *const_args;
    uint8_t n_args;          /* intrinsic arguments named by the mapping */
    const char *note;        /* NULL or a remark from the spec */
    uint32_t line;
} dxil_intrinsic_map;

/* ---- the op record ------------------------------------------------------ */

typedef struct dxil_op_info {
    uint32_t opcode;
    const char *name;           /* "FAbs" */
    const dxil_op_class *cls;
    const char *category;       /* "" when none */
    const char *description;
    dxil_version dxil;          /* DXIL version that introduced (or reserved) it */
    dxil_version sm;            /* minimum shader model */
    dxil_version sm_translated; /* translated shader model; 0 when none */
    uint32_t flags;             /* enum dxil_op_flag */
    dxil_op_param result;
    uint8_t n_params;           /* including params[0], the opcode */
    const dxil_op_param *params;
    uint8_t n_overloads;
    const dxil_overload_set *overloads;
    uint8_t n_stages;           /* 0 = every stage from op->dxil on */
    const dxil_stage_set *stages;
    uint8_t n_attrs;
    const dxil_attr_set *attrs;
    uint8_t n_maps;
    const dxil_intrinsic_map *maps;
    uint32_t line;              /* line in the spec file */
} dxil_op_info;

/* One (intrinsic name, op, map) entry of the reverse index used by lower. */
typedef struct dxil_intrinsic_ref {
    const char *intrinsic;
    const dxil_op_info *op;
    const dxil_intrinsic_map *map;
} dxil_intrinsic_ref;

/* ---- tables ------------------------------------------------------------- */

typedef struct dxil_optable dxil_optable;

/* The built-in table (static data; never destroy it). */
DXIL_API const dxil_optable *dxil_optable_builtin(void);

/* Loads extra ops from an XML file (xml_path) or memory (xml_buf/len when
 * xml_path is NULL) written against the same schema, on top of base (which
 * must outlive the result). An op whose opcode or name already exists, or
 * a class whose name or function name exists, is an error: nothing is ever
 * overridden. Returns NULL with errors in diags (line numbers) on failure. */
DXIL_API dxil_optable *dxil_optable_load_overlay(const dxil_optable *base, const char *xml_path,
                                                 const void *xml_buf, size_t len, dxil_diags *diags);
/* Frees an overlay; ignores NULL and the built-in table. */
DXIL_API void dxil_optable_destroy(dxil_optable *t);

/* All ops in opcode order (core, then experimental): their number (0 for
 * a NULL table) and the i-th one (NULL when out of range). Every record
 * returned by a table lives as long as the table (built-in: forever). */
DXIL_API size_t dxil_optable_op_count(const dxil_optable *t);
DXIL_API const dxil_op_info *dxil_optable_op_at(const dxil_optable *t, size_t i);
/* All op classes in name order: the same for classes. */
DXIL_API size_t dxil_optable_class_count(const dxil_optable *t);
DXIL_API const dxil_op_class *dxil_optable_class_at(const dxil_optable *t, size_t i); /* by name */
/* Number of index slots of one table id (one past the highest index); 0
 * for a NULL table or an unknown table id. */
DXIL_API uint32_t dxil_optable_slot_count(const dxil_optable *t, uint32_t table_id);

/* Lookups. Each returns NULL when t or the key is NULL or nothing
 * matches; names are case-sensitive (binary search, O(log n)).
 * By opcode, O(1): splits the opcode into table and index. */
DXIL_API const dxil_op_info *dxil_op_by_opcode(const dxil_optable *t, uint32_t opcode);
/* By op name ("Sin"). */
DXIL_API const dxil_op_info *dxil_op_by_name(const dxil_optable *t, const char *name);
/* By class name ("Unary"). */
DXIL_API const dxil_op_class *dxil_op_class_by_name(const dxil_optable *t, const char *name);
/* By the class's function name: the len bytes at fn ("unary"; need not
 * be NUL-terminated). */
DXIL_API const dxil_op_class *dxil_op_class_by_fn(const dxil_optable *t, const char *fn, size_t len);
/* True when the opcode's table id is DXIL_OPTABLE_EXPERIMENTAL, whether or
 * not such an op exists. */
DXIL_API bool dxil_op_is_experimental(uint32_t opcode);

/* ---- dx.op function names ---------------------------------------------- */

/* A parsed "dx.op.<fn>[.<overload>]"; fn points into the parsed text. */
typedef struct dxil_fn_name {
    const char *fn;
    size_t fn_len;
    dxil_overload overload;
} dxil_fn_name;

/* Splits a function name "dx.op.<fn>[.<overload>]" into *out (fn and the
 * overload's UDT/object names point into name and are not NUL-terminated:
 * use the lengths). Returns false when name is NULL, lacks the "dx.op."
 * prefix, has an empty <fn> or a malformed overload; *out is then
 * unspecified. Does not check that the class exists (see
 * dxil_op_class_by_fn_name). */
DXIL_API bool dxil_fn_name_parse(const char *name, dxil_fn_name *out);
/* Writes "dx.op.<fn>[.<overload>]"; returns the length snprintf would. */
DXIL_API int dxil_fn_name_build(const char *fn, const dxil_overload *ov, char *buf, size_t size);
/* Parses name and finds its class; NULL when malformed or unknown. */
DXIL_API const dxil_op_class *dxil_op_class_by_fn_name(const dxil_optable *t, const char *name,
                                                       dxil_overload *ov_out);

/* ---- versioned queries -------------------------------------------------- */

/* True when which lanes execute a call of the op together is part of its
 * meaning (LLVM's `convergent`): a wave or quad op, a derivative, an op
 * that computes one (implicit-LOD sampling), or a barrier, as the spec's
 * flags say (wave, derivative, gradient, barrier, convergent). False when
 * op is NULL. */
DXIL_API bool dxil_op_convergent(const dxil_op_info *op);
/* True when the op exists (was introduced) at DXIL version v. */
DXIL_API bool dxil_op_exists_at(const dxil_op_info *op, dxil_version v);
/* Overload (stage) set in effect at v: the last entry introduced at or
 * before v. NULL when op is NULL, the op does not exist at v, or v is
 * before the first entry (for stages, an op with no list allows every
 * stage). The result points into the op record. */
DXIL_API const dxil_overload_set *dxil_op_overloads_at(const dxil_op_info *op, dxil_version v);
DXIL_API const dxil_stage_set *dxil_op_stages_at(const dxil_op_info *op, dxil_version v);
/* Latest entry of each list (NULL when the list is empty or op is NULL).
 * skip_removed: ignore "removed" entries, giving the last stage set in
 * which the op could be used. */
DXIL_API const dxil_overload_set *dxil_op_overloads_latest(const dxil_op_info *op);
DXIL_API const dxil_stage_set *dxil_op_stages_latest(const dxil_op_info *op, bool skip_removed);
/* Attribute bits (enum dxil_op_attr) in effect at v, or of the latest
 * entry; 0 when none or op is NULL. */
DXIL_API uint32_t dxil_op_attrs_at(const dxil_op_info *op, dxil_version v);
DXIL_API uint32_t dxil_op_attrs_latest(const dxil_op_info *op);

/* True when set allows ov: the same number of dimensions, each of an
 * allowed scalar (or vector element) kind. False when either is NULL. */
DXIL_API bool dxil_overload_set_allows(const dxil_overload_set *set, const dxil_overload *ov);
/* True when ov is a valid overload of op at DXIL version v (the overload
 * set in effect at v allows it). False when op or ov is NULL or the op
 * does not exist at v. */
DXIL_API bool dxil_op_overload_valid(const dxil_op_info *op, const dxil_overload *ov, dxil_version v);
/* True when op exists at DXIL version v and the stage set in effect there
 * (none: every stage; "removed": no stage) contains stage. False when op is
 * NULL or stage is not a real kind (>= DXIL_SHADER_INVALID). The shader
 * model is not checked: see dxil_op_min_shader_model. */
DXIL_API bool dxil_op_stage_allowed(const dxil_op_info *op, dxil_shader_kind stage, dxil_version v);
/* Minimum shader model of the op as a dxil_version (6.0 = 0x600); 0 when
 * op is NULL. */
DXIL_API dxil_version dxil_op_min_shader_model(const dxil_op_info *op);

/* ---- mapping helpers ---------------------------------------------------- */

/* Asks the caller for the constant at an operand/argument index of the
 * call being translated; returns false when it is not a constant. */
typedef bool (*dxil_map_const_fn)(void *ctx, unsigned index, int64_t *value);

/* True when the map applies at DXIL version v to overload kind `scalar`
 * (dimension 0's kind; DXIL_SCALAR_VOID to skip that check). */
DXIL_API bool dxil_map_applies(const dxil_intrinsic_map *m, dxil_version v, dxil_scalar_kind scalar);

/* The custom kind of op's maps (the handler that owns its calls), or
 * DXIL_MAP_TABLE when it has no custom map or op is NULL. */
DXIL_API dxil_map_custom dxil_op_custom_kind(const dxil_op_info *op);

/* Raise: the first map of op usable for raising at v whose CONST operands
 * all match (get_const is asked with dx.op operand indices). NULL if none. */
DXIL_API const dxil_intrinsic_map *dxil_op_select_raise(const dxil_op_info *op, dxil_version v,
                                                        dxil_scalar_kind scalar, dxil_map_const_fn get_const,
                                                        void *ctx);
/* Lower: every map naming the intrinsic (sorted by op), count returned. */
DXIL_API size_t dxil_optable_find_intrinsic(const dxil_optable *t, const char *intrinsic,
                                            const dxil_intrinsic_ref **first);
/* Lower: the first map of `intrinsic` usable for lowering at v whose
 * const_args all match (get_const is asked with intrinsic arg indices). */
DXIL_API const dxil_intrinsic_ref *dxil_optable_select_lower(const dxil_optable *t, const char *intrinsic,
                                                             dxil_version v, dxil_scalar_kind scalar,
                                                             dxil_map_const_fn get_const, void *ctx);

/* True when the LLVM linked into the program declares exactly this
 * intrinsic name (unmangled, e.g. "llvm.dx.wave.reduce.usum"). */
DXIL_API bool dxil_intrinsic_in_llvm(const char *name);

/* ---- names of the enums above (NULL when out of range) ------------------ */

DXIL_API const char *dxil_scalar_kind_name(unsigned kind);   /* "half", "i32", "udt"... */
DXIL_API char dxil_scalar_kind_letter(unsigned kind);        /* 'h', ... 'o'; 'v' for void; 0 if bad */
DXIL_API const char *dxil_scalar_kind_suffix(unsigned kind); /* "f16", "i32"; NULL for void/udt/object */
DXIL_API const char *dxil_op_attr_name(unsigned bit);        /* bit index: "ReadNone"... */
DXIL_API const char *dxil_op_attr_short_name(unsigned bit);  /* "rn", "ro", "nd", "nr", "amo" */
DXIL_API const char *dxil_op_flag_name(unsigned bit);        /* "derivative"... */
DXIL_API const char *dxil_map_custom_name(unsigned v);       /* "table", "handle"... */
DXIL_API const char *dxil_map_result_name(unsigned v);       /* "same", "cast-i32"... */
DXIL_API const char *dxil_map_direction_name(unsigned v);    /* "both", "raise", "lower" */

#ifdef __cplusplus
}
#endif
#endif
