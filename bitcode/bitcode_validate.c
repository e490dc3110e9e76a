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
 * crash or allocate without bound under fuzzing (bitcode_record_checks.c;
 * the walker and its error report are in bitcode_walker.[ch]).
 *
 * The walk is iterative and allocation-light: one operand buffer reused for
 * every record and two pools of abbreviations. */
#include "bitcode_validate.h"
#include "bitcode_record_checks.h"
#include "bitcode_walker.h"

#include <stdlib.h>
#include <string.h>

enum { BV_TOP_WIDTH = 2, BV_NO_BID = -1, BV_MODULE_CODE_DATALAYOUT = 3 };
#define BV_MAGIC 0xDEC04342u

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
    default: /* char6: the character (type names are kept, bitcode_types.h) */
        return (unsigned char)bs_char6((unsigned)bs_read(r, 6));
    }
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

/* The first MODULE_CODE_DATALAYOUT of a top-level module block, for the
 * datalayout fix: where it is and its characters as the fix reads them.
 * One with a blob or a longer text leaves the fix to walk. */
static void bv_note_datalayout(bv_walker *v)
{
    bc_datalayout_site *dl = v->dl;
    size_t n = v->n_ops - 1;
    if (v->blob || n > BC_DL_MAX_TEXT) {
        dl->state = BC_DL_UNKNOWN;
        v->dl = NULL;
        return;
    }
    dl->state = BC_DL_FOUND;
    dl->start_bits = v->elem_start;
    dl->end_bits = v->r.pos;
    dl->len_bits = v->top_len_bits;
    dl->width = v->stack[1].width;
    dl->text_len = n;
    for (size_t i = 0; i < n; i++)
        dl->text[i] = (char)v->ops[i + 1];
    v->dl = NULL; /* only the first counts */
}

static int bv_record(bv_walker *v, uint64_t id)
{
    v->n_ops = 0;
    v->abbrev_id = id;
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
    if (v->dl && v->depth == 1 && v->ops[0] == BV_MODULE_CODE_DATALAYOUT &&
        v->stack[1].bid == BV_MODULE && v->dl->state == BC_DL_NONE)
        bv_note_datalayout(v);
    return in_info ? bv_blockinfo_record(v) : bv_sem_record(v);
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
                       (unsigned long long)bid, bitcode_block_name(bid),
                       (unsigned long long)width);
    if (words > bv_bits_left(&v->r) / 32)
        return bv_fail(v, DXIL_E_BITSTREAM_BLOCK,
                       "block %llu (%s) declares %llu words, more than are left",
                       (unsigned long long)bid, bitcode_block_name(bid),
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
    if (v->depth == 0)
        v->top_len_bits = r->pos - 32;
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
        v->fn_blocks++;
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

int bitcode_validate(const uint8_t *bc, size_t size, uint64_t base_offset,
                          dxil_diags *diags)
{
    return bitcode_validate_types(bc, size, base_offset, diags, NULL);
}

int bitcode_validate_types(const uint8_t *bc, size_t size, uint64_t base_offset,
                                dxil_diags *diags, bc_restypes **types)
{
    return bitcode_validate_load(bc, size, base_offset, diags, types, NULL, NULL);
}

int bitcode_validate_load(const uint8_t *bc, size_t size, uint64_t base_offset,
                          dxil_diags *diags, bc_restypes **types, bc_datalayout_site *dl,
                          bc_ptrfacts **facts)
{
    if (types)
        *types = NULL;
    if (facts)
        *facts = NULL;
    if (dl)
        dl->state = BC_DL_UNKNOWN;
    bv_walker *v = malloc(sizeof *v);
    if (v) /* every field, and stack[0]; bv_enter_block sets the others */
        memset(v, 0, offsetof(bv_walker, stack) + sizeof v->stack[0]);
    if (v && (!(v->values = bcv_create()) || !(v->tbaa = bct_create()) ||
              !(v->strings = bcs_create()) || !(v->modflags = bcm_create()) ||
              (types && !(v->restypes = bcr_create())) ||
              (facts && !(v->ptrfacts = bcp_create())))) {
        bcr_destroy(v->restypes);
        bcv_destroy(v->values);
        bct_destroy(v->tbaa);
        bcs_destroy(v->strings);
        bcm_destroy(v->modflags);
        free(v);
        v = NULL;
    }
    if (!v) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_BITSTREAM_LIMIT, DXIL_LOC_NONE, 0,
                       "bitcode: out of memory");
        return -1;
    }
    bs_reader_init(&v->r, bc, size);
    if (v->ptrfacts)
        bcv_attach_facts(v->values, v->ptrfacts);
    v->diags = diags;
    v->base_bits = base_offset * 8;
    v->stack[0].width = BV_TOP_WIDTH;
    v->dl = dl;
    if (dl)
        dl->state = BC_DL_NONE; /* until the walk finds one */
    v->stack[0].end = v->r.size_bits;
    int rc;
    if (bs_read(&v->r, 32) != BV_MAGIC || v->r.failed)
        rc = bv_fail(v, DXIL_E_BITSTREAM_MAGIC, "missing 'BC' 0xC0DE magic");
    else
        rc = bv_walk(v);
    if (rc == 0 && types)
        *types = bcr_finish(v->restypes, v->values, v->modflags);
    if (rc == 0 && facts)
        *facts = bcp_finish(v->ptrfacts, v->values);
    bcp_destroy(v->ptrfacts);
    if (rc != 0 && dl)
        dl->state = BC_DL_UNKNOWN;
    bcr_destroy(v->restypes);
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

