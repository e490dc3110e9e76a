/* bitcode_record_checks.c - record semantics LLVM's reader does not
 * check, run by the bitcode validator on every record: each check guards
 * a record that made LLVM 22 crash or allocate without bound under
 * fuzzing (bv_sem_checks), and the value model follows the records the
 * GEP checks need. */
#include "bitcode_record_checks.h"
#include "bitcode_ptrfacts.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BV_MAX_ATTR_INDEX 4096u   /* parameter index; LLVM sizes an array by it */
#define BV_ATTR_FUNCTION 0xFFFFFFFFu

static uint64_t bv_md_total(const bv_walker *v)
{
    bool in_fn = v->depth >= 2 && v->stack[v->depth - 1].bid == BV_FUNCTION;
    return v->md_module + (in_fn || v->stack[v->depth].bid != BV_METADATA ? v->md_local : 0);
}

static int bv_md_ref_fail(bv_walker *v, uint64_t id, uint64_t total)
{
    return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                   "record refers to metadata id %llu, but only %llu are defined",
                   (unsigned long long)id, (unsigned long long)total);
}

/* Type attributes (LLVM 22 codes): byval 3, sret 29 and inalloca 38 written
 * without a type are given one from the parameter's pointee type, but only
 * on parameters; preallocated 65, byref 69 and elementtype 77 never are.
 * A type attribute left with a null type crashes the verifier (printing
 * it). Kind 6 names its type, but LLVM's getTypeByID gives null for an id
 * past the type table's NUMENTRY (n_types), and none is read before the
 * TYPE block, which LLVM 3.7 writes after the attribute groups: such an
 * attribute is untyped too. Returns the offending code, or 0. */
static uint64_t bv_attr_untyped(const uint64_t *ops, size_t n, bool on_param, uint64_t n_types)
{
    size_t i = 3;
    while (i + 1 < n) {
        uint64_t kind = ops[i], code = ops[i + 1];
        bool upgraded = code == 3 || code == 29 || code == 38;
        bool typeless = code == 65 || code == 69 || code == 77;
        bool untyped = kind == 0 || kind == 5 || (kind == 6 && i + 2 < n && ops[i + 2] >= n_types);
        if (untyped && (typeless || (upgraded && !on_param)))
            return code;
        if (kind == 0 || kind == 5)
            i += 2;
        else if (kind == 1 || kind == 6)
            i += 3;
        else if (kind == 3 || kind == 4) { /* one or two NUL-terminated strings */
            for (i++; i < n && ops[i]; i++) {}
            for (i++; kind == 4 && i < n && ops[i]; i++) {}
            i += kind == 4;
        } else
            return 0; /* constant ranges and newer kinds: not followed */
    }
    return 0;
}

/* ATTRIBUTE_GROUP [grpid, index, ...]: LLVM sizes an array by index + 1. */
static int bv_sem_attr_group(bv_walker *v)
{
    if (v->n_ops >= 3 && v->ops[2] != BV_ATTR_FUNCTION && v->ops[2] > BV_MAX_ATTR_INDEX)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD, "attribute group index %llu is out of range",
                       (unsigned long long)v->ops[2]);
    bool on_param = v->n_ops >= 3 && v->ops[2] != BV_ATTR_FUNCTION && v->ops[2] != 0;
    uint64_t code = bv_attr_untyped(v->ops, v->n_ops, on_param, v->type_entries);
    if (code)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "type attribute (code %llu) without a type %s",
                       (unsigned long long)code,
                       on_param ? "cannot be upgraded" : "outside a parameter");
    return 0;
}

/* NUMENTRY and DECLAREBLOCKS size tables up front; each entry needs at
 * least one record of at least the block's abbreviation width. */
static int bv_sem_count(bv_walker *v)
{
    uint64_t limit = bv_bits_left(&v->r) / v->stack[v->depth].width + 1;
    if (v->n_ops >= 2 && v->ops[1] > limit)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "record declares %llu entries, more than the block can hold",
                       (unsigned long long)v->ops[1]);
    return 0;
}

/* TYPE NUMENTRY also sizes LLVM's type list, which type attributes index. */
static int bv_sem_numentry(bv_walker *v)
{
    if (bv_sem_count(v) != 0)
        return -1;
    if (v->n_ops >= 2)
        v->type_entries = v->ops[1];
    return 0;
}

/* GEP_OLD/INBOUNDS_GEP_OLD predate LLVM 3.7 (DXC writes INST_GEP); LLVM 22
 * dereferences a null type on them when the base is not a pointer. */
static int bv_sem_legacy_gep(bv_walker *v)
{
    return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                   "pre-LLVM 3.7 GEP record (code %llu) is not DXIL",
                   (unsigned long long)v->ops[0]);
}

/* FUNCTION records LLVM 3.8 and later added: BLOCKADDR_USERS (60) and the
 * debug records (61-65, LLVM 19). LLVM 22 reads a debug record's fields
 * as metadata ids without a bound and casts what it finds to the node
 * kinds it expects; in a DXIL (LLVM 3.7) stream, where a mutated
 * INST_STORE became DEBUG_RECORD_ASSIGN, that crashed the reader. They
 * are refused there; in modern streams the ids are bounded (the node
 * kinds are not checked). VALUE_SIMPLE's last field is a value. */
static int bv_sem_new_function_record(bv_walker *v)
{
    uint64_t code = v->ops[0], total = bv_md_total(v);
    if (!v->modern)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "function record code %llu (LLVM 3.8 or later) is not LLVM 3.7 (DXIL)",
                       (unsigned long long)code);
    size_t n = code == 64 ? v->n_ops - 1 : v->n_ops;
    for (size_t i = 1; code != 60 && i < n; i++)
        if (v->ops[i] >= total)
            return bv_md_ref_fail(v, v->ops[i], total);
    return 0;
}

/* DEBUG_LOC [line, col, scope + 1, inlined-at + 1]. */
static int bv_sem_debug_loc(bv_walker *v)
{
    uint64_t total = bv_md_total(v);
    for (size_t i = 3; i < v->n_ops && i <= 4; i++)
        if (v->ops[i] > total)
            return bv_md_ref_fail(v, v->ops[i] - 1, total);
    return 0;
}

/* A !tbaa attachment LLVM's reader verifies while it reads the function
 * (bitcode_tbaa.h). */
static int bv_tbaa_check(bv_walker *v, uint64_t node)
{
    uint64_t bad = 0;
    int rc = bct_check(v->tbaa, node, &bad);
    if (rc == -2)
        return bv_oom(v);
    if (rc != 0)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "!tbaa attachment reaches metadata node %llu, which has a null operand",
                       (unsigned long long)bad);
    return 0;
}

/* ATTACHMENT [instid?, (kind, node)*]: node ids index LLVM's metadata
 * list without a bounds check; instruction !tbaa nodes are checked. */
static int bv_sem_attachment(bv_walker *v)
{
    uint64_t total = bv_md_total(v);
    if ((v->n_ops - 1) % 2 && v->ops[1] >= v->fn_insts)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "attachment names instruction %llu of a function with %llu",
                       (unsigned long long)v->ops[1], (unsigned long long)v->fn_insts);
    bool on_inst = (v->n_ops - 1) % 2;
    for (size_t i = on_inst ? 2 : 1; i + 1 < v->n_ops; i += 2) {
        if (v->ops[i + 1] >= total)
            return bv_md_ref_fail(v, v->ops[i + 1], total);
        if (on_inst && bct_is_tbaa(v->tbaa, v->ops[i]) && bv_tbaa_check(v, v->ops[i + 1]) != 0)
            return -1;
    }
    return 0;
}

static void bv_md_note_ref(bv_walker *v, uint64_t id)
{
    if (!v->md_has_ref || id > v->md_max_ref) {
        v->md_max_ref = id;
        v->md_max_at = v->elem_start;
        v->md_has_ref = true;
    }
}

/* How LLVM 22 reads each LLVM 3.7 METADATA record. Node operands and
 * debug-info fields hold metadata ids (+1, 0 meaning null); an id past
 * LLVM's bound becomes a null pointer it then dereferences, so every
 * reference is checked against the ids defined by the block's end. For
 * debug-info records every field not marked numeric counts as a
 * reference, so fields newer than 3.7 are checked too; their first field
 * must be the 3.7 "distinct" flag, as higher bits select newer layouts. */
enum bv_md_kind { MDK_REJECT, MDK_PLAIN, MDK_NAMELESS, MDK_NODE, MDK_NAMED, MDK_DI, MDK_LOCATION,
                  MDK_STRINGS };

typedef struct bv_md_layout {
    uint8_t kind;
    uint32_t numeric;  /* DI: bit i set when Record[i] is a number */
} bv_md_layout;

#define B(i) (1u << (i))
static const bv_md_layout bv_md_layouts[] = {
    [1] = {MDK_PLAIN, 0},                                  /* STRING_OLD */
    [2] = {MDK_PLAIN, 0},                                  /* VALUE [ty, val] */
    [3] = {MDK_NODE, 0},          [5] = {MDK_NODE, 0},     /* NODE, DISTINCT_NODE */
    [4] = {MDK_NAMELESS, 0},      [6] = {MDK_NAMELESS, 0}, /* NAME, KIND */
    [7] = {MDK_LOCATION, 0},
    [8] = {MDK_REJECT, 0},        [9] = {MDK_REJECT, 0},   /* OLD_NODE, OLD_FN_NODE */
    [10] = {MDK_NAMED, 0},                                 /* NAMED_NODE */
    [11] = {MDK_NAMELESS, 0},                              /* ATTACHMENT */
    [12] = {MDK_DI, B(0) | B(1) | B(2)},                   /* GENERIC_DEBUG */
    [13] = {MDK_DI, ~0u},                                  /* SUBRANGE */
    [14] = {MDK_DI, B(0) | B(1)},                          /* ENUMERATOR */
    [15] = {MDK_DI, B(0) | B(1) | B(3) | B(4) | B(5)},     /* BASIC_TYPE */
    [16] = {MDK_DI, B(0)},                                 /* FILE */
    [17] = {MDK_DI, B(0) | B(1) | B(4) | B(7) | B(8) | B(9) | B(10)},         /* DERIVED_TYPE */
    [18] = {MDK_DI, B(0) | B(1) | B(4) | B(7) | B(8) | B(9) | B(10) | B(12)}, /* COMPOSITE */
    [19] = {MDK_DI, B(0) | B(1)},                          /* SUBROUTINE_TYPE */
    [20] = {MDK_DI, B(0) | B(1) | B(4) | B(6) | B(8) | B(14)},                /* COMPILE_UNIT */
    [21] = {MDK_DI, B(0) | B(5) | B(7) | B(8) | B(9) | B(11) | B(12) | B(13) | B(14)},
    [22] = {MDK_DI, B(0) | B(3) | B(4)},                   /* LEXICAL_BLOCK */
    [23] = {MDK_DI, B(0) | B(3)},                          /* LEXICAL_BLOCK_FILE */
    [24] = {MDK_DI, B(0) | B(4)},                          /* NAMESPACE */
    [25] = {MDK_DI, B(0)},                                 /* TEMPLATE_TYPE */
    [26] = {MDK_DI, B(0) | B(1)},                          /* TEMPLATE_VALUE */
    [27] = {MDK_DI, B(0) | B(5) | B(7) | B(8)},            /* GLOBAL_VAR */
    [28] = {MDK_DI, B(0) | B(1) | B(5) | B(7) | B(8)},     /* LOCAL_VAR */
    [29] = {MDK_DI, ~0u},                                  /* EXPRESSION */
    [30] = {MDK_DI, B(0) | B(3) | B(6)},                   /* OBJC_PROPERTY */
    [31] = {MDK_DI, B(0) | B(1) | B(4)},                   /* IMPORTED_ENTITY */
    [32] = {MDK_DI, B(0)},                                 /* MODULE */
};
#undef B
#define BV_MD_LAYOUTS (sizeof bv_md_layouts / sizeof *bv_md_layouts)

/* Streams from LLVM 3.8 on (IDENTIFICATION_BLOCK first) lay debug-info
 * records out differently and add codes (STRINGS 35, INDEX_OFFSET 38, ...),
 * so only the version-independent checks apply: node, named-node and
 * location references. Every code not listed defines one id (over-counting
 * only makes the check laxer); OLD_NODE / OLD_FN_NODE predate 3.7 and no
 * LLVM writer since emits them. */
static const struct {
    uint8_t code, kind;
} bv_md_modern_kinds[] = {
    {0, MDK_REJECT},    {8, MDK_REJECT},    {9, MDK_REJECT},    {3, MDK_NODE},
    {5, MDK_NODE},      {10, MDK_NAMED},    {7, MDK_LOCATION},  {4, MDK_NAMELESS},
    {6, MDK_NAMELESS},  {11, MDK_NAMELESS}, {36, MDK_NAMELESS}, {38, MDK_NAMELESS},
    {39, MDK_NAMELESS}, {35, MDK_STRINGS},  /* GLOBAL_DECL_ATTACHMENT, INDEX_OFFSET, INDEX */
};

static bv_md_layout bv_md_layout_of(const bv_walker *v, uint64_t code)
{
    if (!v->modern)
        return code < BV_MD_LAYOUTS ? bv_md_layouts[code] : (bv_md_layout){MDK_REJECT, 0};
    for (size_t i = 0; i < sizeof bv_md_modern_kinds / sizeof *bv_md_modern_kinds; i++)
        if (bv_md_modern_kinds[i].code == code)
            return (bv_md_layout){bv_md_modern_kinds[i].kind, 0};
    return (bv_md_layout){MDK_PLAIN, 0};
}

#define BV_MD_MAX ((uint64_t)1 << 62)

/* METADATA_STRINGS [count, offsets size, blob] defines count ids. */
static uint64_t bv_md_defines(const bv_walker *v, uint8_t kind)
{
    if (kind == MDK_STRINGS)
        return v->n_ops >= 2 && v->ops[1] < UINT32_MAX ? v->ops[1] : UINT32_MAX;
    return kind != MDK_NAMELESS && kind != MDK_NAMED;
}

static int bv_md_di(bv_walker *v, uint32_t numeric)
{
    if (v->n_ops < 2 || v->ops[1] > 1)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "debug-info metadata record (code %llu) is not in LLVM 3.7 form",
                       (unsigned long long)v->ops[0]);
    if (numeric == ~0u)
        return 0;
    for (size_t i = 1; i < v->n_ops; i++)
        if ((i - 1 >= 32 || !(numeric & (1u << (i - 1)))) && v->ops[i])
            bv_md_note_ref(v, v->ops[i] - 1);
    return 0;
}

/* VALUE [ty, value] in the module's METADATA block: LLVM 3.7 writes the
 * module's constants before it, so the value is a module-level one. A
 * forward reference there leaves LLVM 22 a placeholder that a function's
 * value of another type later replaces (crash in parseFunctionBody). A
 * constant of another type LLVM rejects, but leaks the nodes read so far. */
static int bv_md_value(bv_walker *v)
{
    const bv_scope *parent = &v->stack[v->depth - 1];
    if (v->n_ops < 3 || parent->bid != BV_MODULE || !parent->tracked)
        return 0;
    uint32_t defined = bcv_module_values(v->values);
    if (v->ops[2] >= defined)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "module metadata refers to value %llu, but only %u module values are "
                       "defined", (unsigned long long)v->ops[2], defined);
    if (bcv_value_type_differs(v->values, v->ops[2], v->ops[1]))
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "module metadata names value %llu as type %llu, which it is not",
                       (unsigned long long)v->ops[2], (unsigned long long)v->ops[1]);
    return 0;
}

/* KIND [id, name]: in METADATA (LLVM 3.7) or METADATA_KIND blocks. */
/* The functions' order and names (bitcode_types.h), for a writer. */
static int bv_sem_module_value(bv_walker *v)
{
    uint64_t type = v->n_ops > 1 ? v->ops[1] : UINT64_MAX;
    bool fn = v->ops[0] == 8, body = fn && v->n_ops > 3 && v->ops[3] == 0; /* isproto */
    return v->restypes && bcr_module_value(v->restypes, fn, type, body) == -2 ? bv_oom(v) : 0;
}

/* The fast-math word of a BINOP read through DXC's BINOP_FLAGS
 * abbreviation (6): [lhs, rhs, opcode, flags], unambiguous. */
static int bv_sem_binop_flags(bv_walker *v)
{
    if (v->restypes && v->abbrev_id == 6 && v->n_ops == 5 && v->fn_blocks && v->fn_insts &&
        bcr_fast_word(v->restypes, v->fn_blocks - 1, v->fn_insts - 1, v->ops[4]) == -2)
        return bv_oom(v);
    return 0;
}

/* The alignment field of a LOAD / STORE ([..., align, vol]) or ALLOCA
 * ([..., align]: log2 + 1 in the low 5 bits): 0, none, is kept, since
 * LLVM 22 gives such an instruction its type's alignment. */
static int bv_sem_align(bv_walker *v)
{
    if (!v->restypes || !v->fn_blocks || !v->fn_insts || v->n_ops < 3)
        return 0;
    bool alloca = v->ops[0] == 19;
    uint64_t align = alloca ? v->ops[v->n_ops - 1] & 31 : v->ops[v->n_ops - 2];
    return bcr_align_word(v->restypes, v->fn_blocks - 1, v->fn_insts - 1, align) == -2 ? bv_oom(v)
                                                                                         : 0;
}

/* ENTRY / BBENTRY of the module's symbol table (0) or a function's (its
 * body's number): names and their order, for a writer. */
static int bv_sem_vst_entry(bv_walker *v)
{
    uint32_t parent = v->depth >= 1 ? v->stack[v->depth - 1].bid : 0;
    if (v->ptrfacts && parent == BV_MODULE && v->ops[0] == 1 && v->n_ops >= 2 &&
        bcp_vst_entry(v->ptrfacts, v->ops[1], v->ops + 2, v->n_ops - 2) != 0)
        return bv_oom(v);
    if (!v->restypes || (parent != BV_MODULE && parent != BV_FUNCTION))
        return 0;
    uint64_t fn = parent == BV_FUNCTION ? v->fn_blocks : 0;
    return bcr_vst_entry(v->restypes, fn, v->ops, v->n_ops) == -2 ? bv_oom(v) : 0;
}

static int bv_sem_md_kind(bv_walker *v)
{
    return bct_note_kind(v->tbaa, v->ops, v->n_ops) == -2 ? bv_oom(v) : 0;
}

/* Modern streams: the node fields of debug-info records (the validator's
 * LLVM 3.7 layouts count every non-numeric field instead). */
static void bv_md_note_ref_cb(void *user, uint64_t id)
{
    bv_md_note_ref(user, id);
}

/* Module-level named metadata LLVM reads unchecked (bitcode_modflags.h). */
static int bv_md_module_lists(bv_walker *v)
{
    char why[160];
    int rc = bcm_record(v->modflags, v->ops, v->n_ops, v->blob, v->blob ? v->blob_len : 0,
                        v->md_module, why, sizeof why);
    if (rc == 0 && v->restypes && v->n_ops && v->ops[0] == 6 && /* METADATA_KIND */
        bcr_kind_record(v->restypes, v->ops, v->n_ops) == -2)
        rc = -2;
    return rc == -2 ? bv_oom(v) : rc ? bv_fail(v, DXIL_E_MODULE_METADATA, "%s", why) : 0;
}

/* Debug-info fields LLVM reads as strings must name strings read before
 * (bitcode_difields.h). */
static int bv_md_strings(bv_walker *v, bool in_fn)
{
    size_t field = 0;
    const char *why = bcs_check_record(v->strings, v->ops, v->n_ops,
                                       in_fn ? v->md_module + v->md_local : v->md_module, &field);
    if (!why)
        return 0;
    return bv_fail(v, DXIL_E_BITSTREAM_RECORD, "debug-info metadata record (code %llu) %s "
                   "(operand %zu)", (unsigned long long)v->ops[0], why, field);
}

/* METADATA records: count the ids they define; note references (which may
 * point forward) for the check at the block's end. */
static int bv_sem_metadata(bv_walker *v)
{
    uint64_t code = v->ops[0];
    bv_md_layout l = bv_md_layout_of(v, code);
    bool in_fn = v->depth >= 2 && v->stack[v->depth - 1].bid == BV_FUNCTION;
    int rc = 0;
    switch (l.kind) {
    case MDK_REJECT:
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD, "metadata record code %llu is not %s",
                       (unsigned long long)code,
                       v->modern ? "metadata any LLVM since 3.7 writes"
                                 : "LLVM 3.7 (DXIL) metadata");
    case MDK_NODE:
        for (size_t i = 1; i < v->n_ops; i++)
            if (v->ops[i])
                bv_md_note_ref(v, v->ops[i] - 1);
        if (bct_note_node(v->tbaa, in_fn ? v->md_module + v->md_local : v->md_module, v->ops + 1,
                          v->n_ops - 1) != 0)
            return bv_oom(v);
        break;
    case MDK_NAMED:
        for (size_t i = 1; i < v->n_ops; i++)
            bv_md_note_ref(v, v->ops[i]);
        break;
    case MDK_LOCATION: /* [distinct, line, col, scope, inlined-at + 1] */
        rc = bv_md_di(v, ~0u);
        if (v->n_ops >= 5)
            bv_md_note_ref(v, v->ops[4]);
        if (v->n_ops >= 6 && v->ops[5])
            bv_md_note_ref(v, v->ops[5] - 1);
        break;
    case MDK_DI:
        rc = bv_md_di(v, l.numeric);
        break;
    case MDK_PLAIN:
        rc = code == 2 ? bv_md_value(v) : 0; /* VALUE */
        break;
    case MDK_NAMELESS:
        rc = code == 6 ? bv_sem_md_kind(v) : 0; /* KIND */
        break;
    default:
        break;
    }
    uint64_t *count = in_fn ? &v->md_local : &v->md_module;
    uint64_t add = bv_md_defines(v, l.kind);
    if (rc == 0 && (l.kind == MDK_DI || l.kind == MDK_PLAIN))
        rc = bv_md_strings(v, in_fn);
    if (rc == 0 && !in_fn)
        rc = bv_md_module_lists(v);
    if (rc == 0 && v->modern && (l.kind == MDK_PLAIN || l.kind == MDK_NAMELESS))
        bcs_for_each_ref(v->ops, v->n_ops, bv_md_note_ref_cb, v);
    int id_kind = code == 1 || l.kind == MDK_STRINGS ? BCS_STRING : code == 2 ? BCS_VALUE : -1;
    if (rc == 0 && id_kind >= 0 && bcs_note(v->strings, id_kind, bv_md_total(v), add, in_fn) != 0)
        return bv_oom(v);
    *count = *count > BV_MD_MAX - add ? BV_MD_MAX : *count + add; /* totals never wrap */
    return rc;
}

int bv_md_block_end(bv_walker *v)
{
    uint64_t total = bv_md_total(v);
    if (!v->md_has_ref || v->md_max_ref < total)
        return 0;
    v->elem_start = v->md_max_at;
    return bv_md_ref_fail(v, v->md_max_ref, total);
}

typedef struct bv_sem_check {
    uint32_t bid;
    int64_t code;                 /* -1: every record of the block */
    int (*fn)(bv_walker *v);
} bv_sem_check;

/* block, record code (-1: every record of the block), check */
#define BV_SEM_CHECKS(X)                                                                      \
    X(BV_MODULE, 7, bv_sem_module_value)        /* MODULE_CODE_GLOBALVAR */                  \
    X(BV_MODULE, 8, bv_sem_module_value)        /* MODULE_CODE_FUNCTION */                   \
    X(BV_VST, 1, bv_sem_vst_entry)              /* VST_CODE_ENTRY */                         \
    X(BV_VST, 2, bv_sem_vst_entry)              /* VST_CODE_BBENTRY */                       \
    X(BV_FUNCTION, 2, bv_sem_binop_flags)       /* FUNC_CODE_INST_BINOP */                   \
    X(BV_FUNCTION, 19, bv_sem_align)            /* FUNC_CODE_INST_ALLOCA */                  \
    X(BV_FUNCTION, 20, bv_sem_align)            /* FUNC_CODE_INST_LOAD */                    \
    X(BV_FUNCTION, 44, bv_sem_align)            /* FUNC_CODE_INST_STORE */                   \
    X(BV_PARAMATTR_GROUP, 3, bv_sem_attr_group) /* PARAMATTR_GRP_CODE_ENTRY */               \
    X(BV_TYPE, 1, bv_sem_numentry)              /* TYPE_CODE_NUMENTRY */                     \
    X(BV_FUNCTION, 1, bv_sem_count)             /* FUNC_CODE_DECLAREBLOCKS */                \
    X(BV_FUNCTION, 4, bv_sem_legacy_gep)        /* FUNC_CODE_INST_GEP_OLD */                 \
    X(BV_FUNCTION, 30, bv_sem_legacy_gep)       /* FUNC_CODE_INST_INBOUNDS_GEP_OLD */        \
    X(BV_FUNCTION, 35, bv_sem_debug_loc)        /* FUNC_CODE_DEBUG_LOC */                    \
    X(BV_FUNCTION, 60, bv_sem_new_function_record) /* BLOCKADDR_USERS */                    \
    X(BV_FUNCTION, 61, bv_sem_new_function_record) /* DEBUG_RECORD_VALUE */                 \
    X(BV_FUNCTION, 62, bv_sem_new_function_record) /* DEBUG_RECORD_DECLARE */               \
    X(BV_FUNCTION, 63, bv_sem_new_function_record) /* DEBUG_RECORD_ASSIGN */                \
    X(BV_FUNCTION, 64, bv_sem_new_function_record) /* DEBUG_RECORD_VALUE_SIMPLE */          \
    X(BV_FUNCTION, 65, bv_sem_new_function_record) /* DEBUG_RECORD_LABEL */                 \
    X(BV_MD_ATTACHMENT, 11, bv_sem_attachment)  /* METADATA_ATTACHMENT */                    \
    X(BV_MD_KIND, 6, bv_sem_md_kind)            /* METADATA_KIND */                          \
    X(BV_METADATA, -1, bv_sem_metadata)

#define BV_SEM_ENTRY(bid, code, fn) {bid, code, fn},
static const bv_sem_check bv_sem_checks[] = {BV_SEM_CHECKS(BV_SEM_ENTRY)};
#define BV_SEM_COUNT (sizeof bv_sem_checks / sizeof *bv_sem_checks)

/* Every record passes here: the check is found by block and code in a
 * table made once from the list above (a scan of the list per record was
 * ~5% of the validator). A slot holds the index + 1 of the first entry of
 * the list that applies, as the scan found it; [bid][BV_SEM_CODES] is for
 * codes past the table, which only a whole-block entry can match. */
enum { BV_SEM_BIDS = 32, BV_SEM_CODES = 66 };
#define BV_SEM_FITS(bid, code, fn)                                                            \
    _Static_assert((int)(bid) < (int)BV_SEM_BIDS && (int)(code) < (int)BV_SEM_CODES,           \
                   "bv_sem_slot is too small");
BV_SEM_CHECKS(BV_SEM_FITS)
static uint8_t bv_sem_slot[BV_SEM_BIDS][BV_SEM_CODES + 1];
static pthread_once_t bv_sem_once = PTHREAD_ONCE_INIT;

static void bv_sem_index(void)
{
    for (size_t i = BV_SEM_COUNT; i-- > 0;) { /* backwards: the first entry wins */
        const bv_sem_check *c = &bv_sem_checks[i];
        for (size_t code = 0; code <= BV_SEM_CODES; code++)
            if (c->code < 0 || (size_t)c->code == code)
                bv_sem_slot[c->bid][code] = (uint8_t)(i + 1);
    }
}

/* The check for this block and record code, or NULL. */
static int (*bv_sem_find(uint32_t bid, uint64_t code))(bv_walker *)
{
    if (bid >= BV_SEM_BIDS)
        return NULL;
    pthread_once(&bv_sem_once, bv_sem_index);
    unsigned slot = bv_sem_slot[bid][code < BV_SEM_CODES ? code : BV_SEM_CODES];
    return slot ? bv_sem_checks[slot - 1].fn : NULL;
}

/* FUNCTION records other than these each add one instruction to the list
 * METADATA_ATTACHMENT indexes. */
static void bv_count_instruction(bv_walker *v)
{
    uint64_t code = v->ops[0];
    bool not_inst = code == 1 || code == 33 || code == 35 || code >= 60; /* DECLAREBLOCKS, */
    v->fn_insts += !not_inst;                  /* DEBUG_LOC(_AGAIN), newer debug records */
}

/* The value model follows TYPE, MODULE, CONSTANTS and FUNCTION records in
 * the first MODULE_BLOCK, where LLVM's reader reads them. */
static int bv_values_record(bv_walker *v, uint32_t bid)
{
    int rc = bcv_record(v->values, bid, v->ops, v->n_ops);
    if (rc == -2 || (bid == BV_TYPE && v->restypes &&
                     bcr_type_record(v->restypes, v->ops, v->n_ops) == -2))
        return bv_oom(v);
    return rc ? bv_fail(v, DXIL_E_BITSTREAM_RECORD, "%s", bcv_why(v->values)) : 0;
}

bool bv_values_tracked(const bv_walker *v, uint64_t bid)
{
    const bv_scope *parent = &v->stack[v->depth];
    if (v->depth == 0)
        return bid == BV_MODULE && !v->seen_module;
    if (!parent->tracked)
        return false;
    if (bid == BV_TYPE || bid == BV_FUNCTION || bid == BV_PARAMATTR || bid == BV_PARAMATTR_GROUP)
        return parent->bid == BV_MODULE;
    return bid == BV_CONSTANTS && (parent->bid == BV_MODULE || parent->bid == BV_FUNCTION);
}

int bv_sem_record(bv_walker *v)
{
    uint32_t bid = v->stack[v->depth].bid;
    if (bid == BV_FUNCTION)
        bv_count_instruction(v);
    if (v->stack[v->depth].tracked && bv_values_record(v, bid) != 0)
        return -1;
    int (*check)(bv_walker *) = bv_sem_find(bid, v->ops[0]);
    return check ? check(v) : 0;
}

