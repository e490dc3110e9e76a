/* bitcode_validate.c - walks a whole bitcode stream and rejects anything
 * structurally wrong before LLVM's reader sees it.
 *
 * Checked: block nesting depth, each block's END_BLOCK landing exactly on
 * its declared length, abbreviation definitions (shape, widths) and uses
 * (the id must be defined in scope: BLOCKINFO ones for the block id, then
 * local ones), array/blob/operand counts against the bits left in the
 * block, the BLOCKINFO block, and trailing bytes. A stream this accepts is
 * one LLVM reads the same way whether it parses or skips a block.
 *
 * A few record-level checks follow, each for a record that made LLVM 22
 * crash or allocate without bound under fuzzing (see bv_sem_checks).
 *
 * The walk is iterative and allocation-light: one operand buffer reused for
 * every record and two pools of abbreviations. */
#include "bitcode_validate.h"
#include "bitcode_difields.h"
#include "bitcode_tbaa.h"
#include "bitcode_modflags.h"
#include "bitcode_values.h"
#include "bitstream.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BV_TOP_WIDTH = 2, BV_NO_BID = -1 };
#define BV_MAGIC 0xDEC04342u

static const char *const bv_block_names[] = {
    "BLOCKINFO", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "MODULE_BLOCK", "PARAMATTR_BLOCK", "PARAMATTR_GROUP_BLOCK", "CONSTANTS_BLOCK",
    "FUNCTION_BLOCK", "IDENTIFICATION_BLOCK", "VALUE_SYMTAB_BLOCK", "METADATA_BLOCK",
    "METADATA_ATTACHMENT", "TYPE_BLOCK", "USELIST_BLOCK", "MODULE_STRTAB_BLOCK",
    "GLOBALVAL_SUMMARY_BLOCK", "OPERAND_BUNDLE_TAGS_BLOCK", "METADATA_KIND_BLOCK",
    "STRTAB_BLOCK", "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK", "SYMTAB_BLOCK",
    "SYNC_SCOPE_NAMES_BLOCK"};

const char *dxil_bitcode_block_name(uint64_t block_id)
{
    const size_t n = sizeof bv_block_names / sizeof *bv_block_names;
    return block_id < n && bv_block_names[block_id] ? bv_block_names[block_id] : "unknown";
}

/* An abbreviation: ops[first, first + count) of its pool; bid is the block
 * it applies to (BLOCKINFO abbreviations only). */
typedef struct bv_abbrev {
    uint32_t first, count, bid;
} bv_abbrev;

typedef struct bv_pool {
    bv_abbrev *abbrevs;
    bs_abbrev_op *ops;
    uint32_t n_abbrevs, cap_abbrevs, n_ops, cap_ops;
} bv_pool;

typedef struct bv_scope {
    uint32_t bid;
    unsigned width;
    size_t end;                   /* bit where END_BLOCK must finish */
    uint32_t bi_first, bi_count;  /* BLOCKINFO abbreviations for bid */
    uint32_t local_base, local_ops_base;
    bool tracked;                 /* records feed the value model */
} bv_scope;

typedef struct bv_walker {
    bs_reader r;
    dxil_diags *diags;
    uint64_t base_bits;
    size_t elem_start;            /* where the element being read began */
    unsigned depth;               /* 0 is the top level */
    bv_pool local, info;
    int blockinfo_state;          /* 0 not seen, 1 reading, 2 done */
    int64_t info_bid;             /* BLOCKINFO's current SETBID */
    uint64_t *ops;                /* operands of the current record */
    const uint8_t *blob;          /* the current record's blob, if any */
    size_t blob_len;
    size_t n_ops, cap_ops;
    /* Metadata ids defined so far (module level, current function), and
     * the highest id referenced in the open METADATA block and where. */
    uint64_t md_module, md_local, md_max_ref;
    uint64_t fn_insts;            /* instruction records in the current function */
    uint64_t type_entries;        /* the TYPE block's NUMENTRY (0: none read yet) */
    size_t md_max_at;
    bool md_has_ref;
    bool modern;                  /* an IDENTIFICATION_BLOCK came first: not LLVM 3.7 */
    bool seen_module;
    bcv_model *values;            /* value numbering for the GEP checks */
    bct_nodes *tbaa;              /* metadata nodes, for !tbaa attachments */
    bcs_strings *strings;         /* which metadata ids are strings */
    bcm_state *modflags;          /* !llvm.module.flags and !llvm.dbg.cu shapes */
    bv_scope stack[BS_MAX_DEPTH + 1]; /* last: only stack[0] starts zeroed */
} bv_walker;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int bv_fail(bv_walker *v, int code, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    const bv_scope *s = &v->stack[v->depth];
    uint64_t at = v->base_bits + v->elem_start;
    if (v->depth == 0)
        dxil_diags_add(v->diags, DXIL_SEV_ERROR, code, DXIL_LOC_BIT, at,
                       "bitcode: %s at the top level", what);
    else
        dxil_diags_add(v->diags, DXIL_SEV_ERROR, code, DXIL_LOC_BIT, at,
                       "bitcode: %s in block %u (%s)", what, s->bid,
                       dxil_bitcode_block_name(s->bid));
    return -1;
}

static int bv_oom(bv_walker *v)
{
    return bv_fail(v, DXIL_E_BITSTREAM_LIMIT, "out of memory");
}

static int bv_grow(void **items, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    uint32_t n = *cap ? *cap : 16;
    while (n < need) /* need may be more than twice cap (an abbreviation's ops) */
        n *= 2;
    void *p = realloc(*items, (size_t)n * size);
    if (!p)
        return -1;
    *items = p;
    *cap = n;
    return 0;
}

static void bv_pool_free(bv_pool *pool)
{
    free(pool->abbrevs);
    free(pool->ops);
}

/* Room for extra more operands in the current record. */
static int bv_reserve(bv_walker *v, size_t extra)
{
    if (extra <= v->cap_ops - v->n_ops)
        return 0;
    size_t cap = v->cap_ops ? v->cap_ops : 64;
    while (cap - v->n_ops < extra)
        cap *= 2;
    uint64_t *ops = realloc(v->ops, cap * sizeof *ops);
    if (!ops)
        return -1;
    v->ops = ops;
    v->cap_ops = cap;
    return 0;
}

/* ---- abbreviations ---------------------------------------------------- */

static bool bv_is_zero_width(const bs_abbrev_op *op)
{
    /* LLVM turns Fixed(0) into the literal 0. */
    return op->enc == BS_ENC_LITERAL || (op->enc == BS_ENC_FIXED && op->value == 0);
}

/* The shape rules LLVM enforces only when a record uses the abbreviation. */
static const char *bv_abbrev_shape(const bs_abbrev_op *ops, uint32_t count)
{
    unsigned first = ops[0].enc;
    if (first == BS_ENC_ARRAY || first == BS_ENC_BLOB)
        return "abbreviation starts with an array or a blob, so it has no record code";
    for (uint32_t i = 0; i + 1 < count; i++)
        if (ops[i].enc == BS_ENC_ARRAY && bv_is_zero_width(&ops[i + 1]))
            return "array element in abbreviation is a literal or zero-width field";
    return NULL;
}

/* Room for one more abbreviation of up to BS_MAX_ABBREV_OPS operands. */
static int bv_pool_reserve(bv_pool *pool)
{
    return bv_grow((void **)&pool->abbrevs, &pool->cap_abbrevs, pool->n_abbrevs + 1,
                   sizeof *pool->abbrevs) != 0 ||
                   bv_grow((void **)&pool->ops, &pool->cap_ops,
                           pool->n_ops + BS_MAX_ABBREV_OPS, sizeof *pool->ops) != 0
               ? -1
               : 0;
}

/* The definition is read straight into the end of its pool, then kept. */
static int bv_define_abbrev(bv_walker *v)
{
    bool info = v->blockinfo_state == 1;
    bv_pool *pool = info ? &v->info : &v->local;
    if (bv_pool_reserve(pool) != 0)
        return bv_oom(v);
    bs_abbrev_op *ops = pool->ops + pool->n_ops;
    uint32_t count = 0;
    const char *why = NULL;
    if (bs_read_abbrev_ops(&v->r, ops, &count, &why) != 0 ||
        (why = bv_abbrev_shape(ops, count)) != NULL)
        return bv_fail(v, DXIL_E_BITSTREAM_ABBREV, "%s", why);
    if (info && v->info_bid == BV_NO_BID)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCKINFO, "abbreviation defined before SETBID");
    if (pool->n_abbrevs >= BS_MAX_ABBREVS)
        return bv_fail(v, DXIL_E_BITSTREAM_LIMIT, info ? "more than %u BLOCKINFO abbreviations"
                                                       : "more than %u abbreviations in scope",
                       BS_MAX_ABBREVS);
    pool->abbrevs[pool->n_abbrevs++] =
        (bv_abbrev){pool->n_ops, count, info ? (uint32_t)v->info_bid : 0};
    pool->n_ops += count;
    return 0;
}

static int bv_info_cmp(const void *a, const void *b)
{
    const bv_abbrev *x = a, *y = b;
    if (x->bid != y->bid)
        return x->bid < y->bid ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first; /* keeps definition order */
}

/* Sorts the BLOCKINFO pool by bid, keeping definition order within a bid.
 * Writers define a handful of them (DXC: about ten, three blocks), so an
 * insertion sort does; a hostile stream's thousands take qsort. */
enum { BV_INSERTION_SORT_MAX = 64 };
static void bv_info_sort(bv_pool *pool)
{
    uint32_t n = pool->n_abbrevs;
    if (n > BV_INSERTION_SORT_MAX) {
        qsort(pool->abbrevs, n, sizeof *pool->abbrevs, bv_info_cmp);
        return;
    }
    for (uint32_t i = 1; i < n; i++) {
        bv_abbrev a = pool->abbrevs[i];
        uint32_t j = i;
        for (; j > 0 && pool->abbrevs[j - 1].bid > a.bid; j--)
            pool->abbrevs[j] = pool->abbrevs[j - 1];
        pool->abbrevs[j] = a;
    }
}

/* BLOCKINFO abbreviations for bid: a run of the pool sorted by bid. */
static void bv_info_range(const bv_walker *v, uint32_t bid, uint32_t *first, uint32_t *count)
{
    *first = *count = 0;
    if (v->blockinfo_state != 2)
        return;
    uint32_t lo = 0, hi = v->info.n_abbrevs;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (v->info.abbrevs[mid].bid < bid)
            lo = mid + 1;
        else
            hi = mid;
    }
    uint32_t end = lo;
    while (end < v->info.n_abbrevs && v->info.abbrevs[end].bid == bid)
        end++;
    *first = lo;
    *count = end - lo;
}

/* ---- records ------------------------------------------------------------ */

static uint64_t bv_read_scalar(bs_reader *r, const bs_abbrev_op *op)
{
    switch (op->enc) {
    case BS_ENC_LITERAL: return op->value;
    case BS_ENC_FIXED: return bs_read(r, (unsigned)op->value);
    case BS_ENC_VBR: return bs_read_vbr(r, (unsigned)op->value);
    default: return bs_read(r, 6); /* char6: the index is enough here */
    }
}

static size_t bv_bits_left(const bs_reader *r)
{
    return r->size_bits - r->pos;
}

static int bv_array(bv_walker *v, const bs_abbrev_op *elt)
{
    uint64_t len = bs_read_vbr(&v->r, 6);
    unsigned bits = elt->enc == BS_ENC_CHAR6 ? 6 : (unsigned)elt->value;
    if (v->r.failed || len > bv_bits_left(&v->r) / bits)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "array of %llu elements runs past the end of the block",
                       (unsigned long long)len);
    if (bv_reserve(v, (size_t)len) != 0)
        return bv_oom(v);
    for (uint64_t i = 0; i < len; i++)
        v->ops[v->n_ops++] = bv_read_scalar(&v->r, elt);
    return 0;
}

static int bv_blob(bv_walker *v)
{
    uint64_t len = bs_read_vbr(&v->r, 6);
    bs_align32(&v->r);
    if (v->r.failed || len > bv_bits_left(&v->r) / 8)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "blob of %llu bytes runs past the end of the block",
                       (unsigned long long)len);
    v->blob = v->r.data + v->r.pos / 8;
    v->blob_len = (size_t)len;
    v->r.pos += (size_t)len * 8;
    bs_align32(&v->r);
    return 0;
}

static int bv_abbreviated(bv_walker *v, const bs_abbrev_op *ops, uint32_t n)
{
    if (bv_reserve(v, n) != 0) /* n <= BS_MAX_ABBREV_OPS */
        return bv_oom(v);
    for (uint32_t i = 0; i < n; i++) {
        if (ops[i].enc == BS_ENC_ARRAY)
            return bv_array(v, &ops[i + 1]); /* the shape check made it last but one */
        if (ops[i].enc == BS_ENC_BLOB)
            return bv_blob(v);
        v->ops[v->n_ops++] = bv_read_scalar(&v->r, &ops[i]);
    }
    return 0;
}

static int bv_unabbreviated(bv_walker *v)
{
    uint64_t code = bs_read_vbr(&v->r, 6);
    uint64_t n = bs_read_vbr(&v->r, 6);
    if (v->r.failed || n > bv_bits_left(&v->r) / 6)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "record with %llu operands runs past the end of the block",
                       (unsigned long long)n);
    if (bv_reserve(v, (size_t)n + 1) != 0)
        return bv_oom(v);
    v->ops[v->n_ops++] = code;
    for (uint64_t i = 0; i < n; i++)
        v->ops[v->n_ops++] = bs_read_vbr(&v->r, 6);
    return 0;
}

/* BLOCKINFO holds only unabbreviated SETBID/BLOCKNAME/SETRECORDNAME. */
static int bv_blockinfo_record(bv_walker *v)
{
    if (v->ops[0] != BS_BLOCKINFO_SETBID)
        return 0;
    if (v->n_ops < 2 || v->ops[1] > UINT32_MAX)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCKINFO, "SETBID without a valid block id");
    v->info_bid = (int64_t)v->ops[1];
    return 0;
}

static const bs_abbrev_op *bv_lookup(const bv_walker *v, uint64_t id, uint32_t *count)
{
    const bv_scope *s = &v->stack[v->depth];
    uint64_t i = id - BS_FIRST_APP_ABBREV;
    const bv_pool *pool = &v->info;
    if (i < s->bi_count)
        i += s->bi_first;
    else if ((i -= s->bi_count) < v->local.n_abbrevs - s->local_base)
        i += s->local_base, pool = &v->local;
    else
        return NULL;
    *count = pool->abbrevs[i].count;
    return pool->ops + pool->abbrevs[i].first;
}

static int bv_sem_record(bv_walker *v);

static int bv_record(bv_walker *v, uint64_t id)
{
    v->n_ops = 0;
    v->blob = NULL;
    int rc;
    bool in_info = v->stack[v->depth].bid == BS_BLOCKINFO_BLOCK_ID;
    if (id == BS_UNABBREV_RECORD) {
        rc = bv_unabbreviated(v);
    } else if (in_info) {
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCKINFO, "BLOCKINFO holds an abbreviated record");
    } else {
        uint32_t n = 0;
        const bs_abbrev_op *ops = bv_lookup(v, id, &n);
        if (!ops)
            return bv_fail(v, DXIL_E_BITSTREAM_ABBREV,
                           "record uses abbreviation id %llu, which is not defined here",
                           (unsigned long long)id);
        rc = bv_abbreviated(v, ops, n);
    }
    if (rc != 0)
        return rc;
    if (v->r.failed)
        return bv_fail(v, DXIL_E_BITSTREAM_RECORD,
                       "record is truncated or holds an over-long VBR");
    return in_info ? bv_blockinfo_record(v) : bv_sem_record(v);
}

/* ---- record semantics LLVM does not check ---------------------------- */

enum {
    BV_MODULE = 8, BV_PARAMATTR_GROUP = 10, BV_CONSTANTS = 11, BV_FUNCTION = 12,
    BV_IDENTIFICATION = 13, BV_METADATA = 15, BV_MD_ATTACHMENT = 16, BV_TYPE = 17,
    BV_MD_KIND = 22
};
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

/* Module-level named metadata LLVM reads unchecked (bitcode_modflags.h). */
static int bv_md_module_lists(bv_walker *v)
{
    char why[160];
    int rc = bcm_record(v->modflags, v->ops, v->n_ops, v->blob, v->blob ? v->blob_len : 0,
                        v->md_module, why, sizeof why);
    return rc == -2 ? bv_oom(v) : rc ? bv_fail(v, DXIL_E_MODULE_METADATA, "%s", why) : 0;
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

static int bv_md_block_end(bv_walker *v)
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

/* A prefilter, since every record passes here: the codes checked in any
 * block, and the blocks whose every record is checked. */
#define BV_SEM_CODE_BIT(bid, code, fn) | ((code) >= 0 ? UINT64_C(1) << ((code) & 63) : 0)
#define BV_SEM_ANY_BIT(bid, code, fn) | ((code) < 0 ? UINT64_C(1) << (bid) : 0)
static const uint64_t bv_sem_codes = 0 BV_SEM_CHECKS(BV_SEM_CODE_BIT);
static const uint64_t bv_sem_any_blocks = 0 BV_SEM_CHECKS(BV_SEM_ANY_BIT);

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
    if (rc == -2)
        return bv_oom(v);
    return rc ? bv_fail(v, DXIL_E_BITSTREAM_RECORD, "%s", bcv_why(v->values)) : 0;
}

static bool bv_values_tracked(const bv_walker *v, uint64_t bid)
{
    const bv_scope *parent = &v->stack[v->depth];
    if (v->depth == 0)
        return bid == BV_MODULE && !v->seen_module;
    if (!parent->tracked)
        return false;
    if (bid == BV_TYPE || bid == BV_FUNCTION)
        return parent->bid == BV_MODULE;
    return bid == BV_CONSTANTS && (parent->bid == BV_MODULE || parent->bid == BV_FUNCTION);
}

static int bv_sem_record(bv_walker *v)
{
    uint32_t bid = v->stack[v->depth].bid;
    if (bid == BV_FUNCTION)
        bv_count_instruction(v);
    if (v->stack[v->depth].tracked && bv_values_record(v, bid) != 0)
        return -1;
    uint64_t code = v->ops[0];
    if (!(bid < 64 && (bv_sem_any_blocks >> bid & 1)) && !(code < 64 && (bv_sem_codes >> code & 1)))
        return 0;
    for (size_t i = 0; i < sizeof bv_sem_checks / sizeof *bv_sem_checks; i++) {
        const bv_sem_check *c = &bv_sem_checks[i];
        if (c->bid == bid && (c->code < 0 || (uint64_t)c->code == v->ops[0]))
            return c->fn(v);
    }
    return 0;
}

/* ---- blocks ------------------------------------------------------------- */

static int bv_enter_header_checks(bv_walker *v, uint64_t bid, uint64_t width, uint64_t words)
{
    if (v->depth >= BS_MAX_DEPTH)
        return bv_fail(v, DXIL_E_BITSTREAM_LIMIT, "blocks nest deeper than %u", BS_MAX_DEPTH);
    if (v->depth > 0 && v->stack[v->depth].bid == BS_BLOCKINFO_BLOCK_ID)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCKINFO, "BLOCKINFO holds a nested block");
    if (bid > UINT32_MAX)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCK, "block id %llu is out of range",
                       (unsigned long long)bid);
    if (width < 1 || width > 32)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCK, "block %llu (%s) has abbreviation width %llu",
                       (unsigned long long)bid, dxil_bitcode_block_name(bid),
                       (unsigned long long)width);
    if (words > bv_bits_left(&v->r) / 32)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCK,
                       "block %llu (%s) declares %llu words, more than are left",
                       (unsigned long long)bid, dxil_bitcode_block_name(bid),
                       (unsigned long long)words);
    if (bid == BS_BLOCKINFO_BLOCK_ID && v->blockinfo_state != 0)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCKINFO, "a second BLOCKINFO block");
    return 0;
}

static int bv_enter_block(bv_walker *v)
{
    bs_reader *r = &v->r;
    uint64_t bid = bs_read_vbr(r, 8);
    uint64_t width = bs_read_vbr(r, 4);
    bs_align32(r);
    uint64_t words = bs_read(r, 32);
    if (r->failed)
        return bv_fail(v, DXIL_E_BITSTREAM_TRUNCATED, "block header is truncated");
    if (bv_enter_header_checks(v, bid, width, words) != 0)
        return -1;
    if (bid == BS_BLOCKINFO_BLOCK_ID) {
        v->blockinfo_state = 1;
        v->info_bid = BV_NO_BID;
    }
    if (v->depth == 0 && bid == BV_IDENTIFICATION && !v->seen_module)
        v->modern = true;
    bool tracked = bv_values_tracked(v, bid);
    v->seen_module |= v->depth == 0 && bid == BV_MODULE;
    bv_scope *s = &v->stack[++v->depth];
    s->tracked = tracked;
    if (tracked)
        bcv_enter(v->values, (uint32_t)bid);
    s->bid = (uint32_t)bid;
    s->width = (unsigned)width;
    s->end = r->pos + (size_t)words * 32;
    s->local_base = v->local.n_abbrevs;
    s->local_ops_base = v->local.n_ops;
    bv_info_range(v, s->bid, &s->bi_first, &s->bi_count);
    r->size_bits = s->end; /* reads past the block's end now fail */
    if (bid == BV_FUNCTION) {
        v->md_local = v->fn_insts = 0;
        bct_function_begin(v->tbaa);
        bcs_function_begin(v->strings);
    }
    if (bid == BV_METADATA)
        v->md_has_ref = false;
    return 0;
}

static int bv_end_block(bv_walker *v)
{
    bv_scope *s = &v->stack[v->depth];
    bs_align32(&v->r);
    if (v->r.failed || v->r.pos != s->end)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCK,
                       "END_BLOCK ends at bit %zu but the block's length says %zu",
                       v->r.pos, s->end);
    if (s->bid == BV_METADATA && bv_md_block_end(v) != 0)
        return -1;
    if (s->tracked)
        bcv_leave(v->values, s->bid);
    if (s->bid == BV_FUNCTION)
        bct_function_end(v->tbaa);
    if (s->bid == BS_BLOCKINFO_BLOCK_ID) {
        bv_info_sort(&v->info);
        v->blockinfo_state = 2;
    }
    v->local.n_abbrevs = s->local_base;
    v->local.n_ops = s->local_ops_base;
    v->depth--;
    v->r.size_bits = v->stack[v->depth].end;
    return 0;
}

/* Zero padding after the last top-level block is fine, anything else not. */
static int bv_trailing(bv_walker *v)
{
    for (size_t byte = v->elem_start / 8; byte < v->r.size_bits / 8; byte++)
        if (v->r.data[byte])
            return bv_fail(v, DXIL_E_BITSTREAM_BLOCK, "non-zero bytes after the last block");
    return 0;
}

static int bv_walk(bv_walker *v)
{
    for (;;) {
        const bv_scope *s = &v->stack[v->depth];
        v->elem_start = v->r.pos;
        if (v->depth == 0 && bv_bits_left(&v->r) < 32)
            return bv_trailing(v);
        uint64_t id = bs_read(&v->r, s->width);
        if (v->r.failed)
            return bv_fail(v, DXIL_E_BITSTREAM_TRUNCATED, "block ends without END_BLOCK");
        if (v->depth == 0 && id != BS_ENTER_SUBBLOCK)
            return bv_trailing(v);
        int rc = id == BS_END_BLOCK        ? bv_end_block(v)
                 : id == BS_ENTER_SUBBLOCK ? bv_enter_block(v)
                 : id == BS_DEFINE_ABBREV  ? bv_define_abbrev(v)
                                           : bv_record(v, id);
        if (rc != 0)
            return rc;
    }
}

int dxil_bitcode_validate(const uint8_t *bc, size_t size, uint64_t base_offset,
                          dxil_diags *diags)
{
    bv_walker *v = malloc(sizeof *v);
    if (v) /* every field, and stack[0]; bv_enter_block sets the others */
        memset(v, 0, offsetof(bv_walker, stack) + sizeof v->stack[0]);
    if (v && (!(v->values = bcv_create()) || !(v->tbaa = bct_create()) ||
              !(v->strings = bcs_create()) || !(v->modflags = bcm_create()))) {
        bcv_destroy(v->values);
        bct_destroy(v->tbaa);
        bcs_destroy(v->strings);
        free(v);
        v = NULL;
    }
    if (!v) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_BITSTREAM_LIMIT, DXIL_LOC_NONE, 0,
                       "bitcode: out of memory");
        return -1;
    }
    bs_reader_init(&v->r, bc, size);
    v->diags = diags;
    v->base_bits = base_offset * 8;
    v->stack[0].width = BV_TOP_WIDTH;
    v->stack[0].end = v->r.size_bits;
    int rc;
    if (bs_read(&v->r, 32) != BV_MAGIC || v->r.failed)
        rc = bv_fail(v, DXIL_E_BITSTREAM_MAGIC, "missing 'BC' 0xC0DE magic");
    else
        rc = bv_walk(v);
    bv_pool_free(&v->local);
    bv_pool_free(&v->info);
    bcv_destroy(v->values);
    bct_destroy(v->tbaa);
    bcs_destroy(v->strings);
    bcm_destroy(v->modflags);
    free(v->ops);
    free(v);
    return rc;
}
