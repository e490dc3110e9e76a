/* bc_vocab.c - the (block, record code) pairs of a bitstream: a plain walk
 * of blocks, BLOCKINFO and local abbreviations and records. */
#include "bc_vocab.h"
#include "bitcode/bitcode_walker.h"
#include "bitcode/bitstream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct voc_list {
    bs_abbrev *items;
    size_t n;
} voc_list;

typedef struct voc_walk {
    bs_reader r;
    bc_vocab *v;
    voc_list info[BCV_BLOCKS]; /* BLOCKINFO abbreviations per block id */
    bs_record rec;
    bc_record_fn each;         /* bc_records: every record, or NULL */
    void *user;
    uint64_t parent[BS_MAX_DEPTH + 2]; /* the enclosing block's id, by depth */
} voc_walk;

static int voc_push(voc_list *l, const bs_abbrev *a)
{
    if (l->n >= BS_MAX_ABBREVS)
        return -1;
    bs_abbrev *items = realloc(l->items, (l->n + 1) * sizeof *items);
    if (!items)
        return -1;
    items[l->n++] = *a;
    l->items = items;
    return 0;
}

static void voc_mark(bc_vocab *v, uint64_t block, uint64_t code)
{
    if (block < BCV_BLOCKS && code <= BCV_ENTERED)
        v->used[block][code] = true;
    else
        v->beyond = true;
}

static int voc_block(voc_walk *w, uint64_t bid, unsigned width, size_t end, unsigned depth);

static void voc_mark_block(voc_walk *w, uint64_t bid, unsigned depth)
{
    voc_mark(w->v, bid, BCV_ENTERED);
    w->parent[depth + 1] = bid;
}

/* ENTER_SUBBLOCK after its abbreviation id: the block's id, width and
 * extent, then its content. */
static int voc_enter(voc_walk *w, unsigned depth)
{
    uint64_t bid = bs_read_vbr(&w->r, 8);
    unsigned width = (unsigned)bs_read_vbr(&w->r, 4);
    bs_align32(&w->r);
    uint64_t words = bs_read(&w->r, 32);
    if (w->r.failed || width < 1 || width > 32 || depth >= BS_MAX_DEPTH ||
        words > (w->r.size_bits - w->r.pos) / 32)
        return -1;
    voc_mark_block(w, bid, depth);
    return voc_block(w, bid, width, w->r.pos + (size_t)words * 32, depth + 1);
}

/* The abbreviation an id >= 4 names: BLOCKINFO's for the block first,
 * then the block's own. */
static const bs_abbrev *voc_abbrev(const voc_walk *w, uint64_t bid, const voc_list *local,
                                   uint64_t id)
{
    const voc_list *info = bid < BCV_BLOCKS ? &w->info[bid] : NULL;
    size_t k = (size_t)(id - BS_FIRST_APP_ABBREV), ni = info ? info->n : 0;
    if (k < ni)
        return &info->items[k];
    return k - ni < local->n ? &local->items[k - ni] : NULL;
}

/* One element that is not a block; *info_bid is BLOCKINFO's SETBID. */
static int voc_element(voc_walk *w, uint64_t bid, unsigned depth, uint64_t id, voc_list *local,
                       int64_t *info_bid)
{
    const char *why = NULL;
    if (id == BS_DEFINE_ABBREV) {
        bs_abbrev a;
        if (bs_read_abbrev_def(&w->r, &a, &why) != 0)
            return -1;
        if (bid != BS_BLOCKINFO_BLOCK_ID)
            return voc_push(local, &a);
        return *info_bid >= 0 && *info_bid < BCV_BLOCKS ? voc_push(&w->info[*info_bid], &a)
                                                        : -1;
    }
    const bs_abbrev *a = id == BS_UNABBREV_RECORD ? NULL : voc_abbrev(w, bid, local, id);
    if (id != BS_UNABBREV_RECORD && !a)
        return -1;
    if (bs_read_record(&w->r, a, &w->rec, &why) != 0)
        return -1;
    voc_mark(w->v, bid, w->rec.ops[0]);
    if (w->each)
        w->each(w->user, bid, depth > 1 ? w->parent[depth - 1] : UINT64_MAX, w->rec.ops,
                w->rec.count);
    if (bid == BS_BLOCKINFO_BLOCK_ID && w->rec.ops[0] == BS_BLOCKINFO_SETBID)
        *info_bid = w->rec.count >= 2 && w->rec.ops[1] < BCV_BLOCKS ? (int64_t)w->rec.ops[1] : -1;
    return 0;
}

static int voc_block(voc_walk *w, uint64_t bid, unsigned width, size_t end, unsigned depth)
{
    voc_list local = {NULL, 0};
    int64_t info_bid = -1;
    int rc = 0;
    while (rc == 0) {
        uint64_t id = bs_read(&w->r, width);
        if (w->r.failed || w->r.pos > end) {
            rc = -1;
        } else if (id == BS_END_BLOCK) {
            bs_align32(&w->r);
            rc = w->r.pos == end ? 1 : -1;
        } else if (id == BS_ENTER_SUBBLOCK) {
            rc = voc_enter(w, depth);
        } else {
            rc = voc_element(w, bid, depth, id, &local, &info_bid);
        }
    }
    free(local.items);
    return rc == 1 ? 0 : -1;
}

static int voc_walk_all(bc_vocab *v, const uint8_t *bc, size_t size, bc_record_fn each,
                        void *user)
{
    static const uint8_t magic[4] = {'B', 'C', 0xC0, 0xDE};
    if (size < 4 || size % 4 || memcmp(bc, magic, 4) != 0)
        return -1;
    voc_walk w = {.v = v, .each = each, .user = user};
    bs_reader_init(&w.r, bc + 4, size - 4);
    int rc = 0;
    while (rc == 0 && !bs_at_end(&w.r))
        rc = bs_read(&w.r, 2) == BS_ENTER_SUBBLOCK ? voc_enter(&w, 0) : -1;
    for (unsigned i = 0; i < BCV_BLOCKS; i++)
        free(w.info[i].items);
    bs_record_free(&w.rec);
    return rc;
}

int bc_vocab_add(bc_vocab *v, const uint8_t *bc, size_t size)
{
    return voc_walk_all(v, bc, size, NULL, NULL);
}

int bc_records(const uint8_t *bc, size_t size, bc_record_fn each, void *user)
{
    bc_vocab v = {0};
    return voc_walk_all(&v, bc, size, each, user);
}

void bc_vocab_merge(bc_vocab *into, const bc_vocab *from)
{
    for (unsigned b = 0; b < BCV_BLOCKS; b++)
        for (unsigned c = 0; c <= BCV_ENTERED; c++)
            into->used[b][c] |= from->used[b][c];
    into->beyond |= from->beyond;
}

bool bc_vocab_extra(const bc_vocab *a, const bc_vocab *b, unsigned *block, unsigned *code)
{
    for (unsigned k = 0; k < BCV_BLOCKS; k++)
        for (unsigned c = 0; c <= BCV_ENTERED; c++)
            if (a->used[k][c] && !b->used[k][c]) {
                *block = k;
                *code = c;
                return true;
            }
    if (a->beyond && !b->beyond) {
        *block = BCV_BLOCKS;
        *code = BCV_ENTERED;
        return true;
    }
    return false;
}

/* IDENTIFICATION, MODULE_STRTAB, GLOBALVAL_SUMMARY, OPERAND_BUNDLE_TAGS,
 * METADATA_KIND, STRTAB, FULL_LTO summary, SYMTAB and SYNC_SCOPE_NAMES
 * blocks; METADATA_STRINGS, INDEX_OFFSET and INDEX; TYPE_CODE_OPAQUE_POINTER;
 * MODULE_CODE_VSTOFFSET, SOURCE_FILENAME and HASH; FUNC_CODE_INST_UNOP,
 * CALLBR and FREEZE; CST_CODE_CE_UNOP and POISON. */
static const struct {
    unsigned block, code;
} voc_modern[] = {
    {13, BCV_ENTERED}, {19, BCV_ENTERED}, {20, BCV_ENTERED}, {21, BCV_ENTERED},
    {22, BCV_ENTERED}, {23, BCV_ENTERED}, {24, BCV_ENTERED}, {25, BCV_ENTERED},
    {26, BCV_ENTERED}, {15, 35}, {15, 38}, {15, 39}, {17, 25}, {8, 13}, {8, 16}, {8, 17},
    {12, 56}, {12, 57}, {12, 58}, {11, 25}, {11, 26},
};

bool bc_vocab_modern(const bc_vocab *v, unsigned *block, unsigned *code)
{
    for (size_t i = 0; i < sizeof voc_modern / sizeof *voc_modern; i++)
        if (v->used[voc_modern[i].block][voc_modern[i].code]) {
            *block = voc_modern[i].block;
            *code = voc_modern[i].code;
            return true;
        }
    return false;
}

const char *bc_vocab_pair_name(unsigned block, unsigned code, char *buf, size_t size)
{
    if (block >= BCV_BLOCKS)
        snprintf(buf, size, "a block id or record code past LLVM's");
    else if (code == BCV_ENTERED)
        snprintf(buf, size, "%s (%u)", bitcode_block_name(block), block);
    else
        snprintf(buf, size, "%s (%u) record %u", bitcode_block_name(block), block, code);
    return buf;
}
