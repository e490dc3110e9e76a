/* bcw_stream.c - blocks, abbreviations and records on the bit writer, the
 * way LLVM's BitstreamWriter lays them out. */
#include "bcw_internal.h"

#include <stdlib.h>

/* Blocks nest; the abbreviation width of the enclosing block (2 at the
 * top) frames ENTER_SUBBLOCK, the block's own frames its END_BLOCK. */
void bcw_enter(bcw_ctx *c, unsigned block, unsigned width, size_t *len_pos)
{
    bs_writer *w = &c->w;
    unsigned outer = c->depth ? c->widths[c->depth - 1] : 2;
    if (c->depth < sizeof c->widths / sizeof *c->widths)
        c->widths[c->depth++] = width;
    bs_write(w, BS_ENTER_SUBBLOCK, outer);
    bs_write_vbr(w, block, 8);
    bs_write_vbr(w, width, 4);
    bs_writer_align32(w);
    *len_pos = w->pos;
    bs_write(w, 0, 32); /* the block's length in words, patched on exit */
}

void bcw_exit(bcw_ctx *c, size_t len_pos, unsigned width)
{
    bs_writer *w = &c->w;
    bs_write(w, BS_END_BLOCK, width);
    if (c->depth)
        c->depth--;
    bs_writer_align32(w);
    if (!w->failed)
        bs_patch32(w, len_pos, (uint32_t)((w->pos - len_pos) / 32 - 1));
}

void bcw_define_abbrev(bcw_ctx *c, const bcw_abbrev *a, unsigned width)
{
    bs_writer *w = &c->w;
    bs_write(w, BS_DEFINE_ABBREV, width);
    bs_write_vbr(w, a->n, 5);
    for (uint32_t i = 0; i < a->n; i++) {
        const bs_abbrev_op *op = &a->ops[i];
        bool literal = op->enc == BS_ENC_LITERAL;
        bs_write(w, literal, 1);
        if (literal) {
            bs_write_vbr(w, op->value, 8);
            continue;
        }
        bs_write(w, op->enc, 3);
        if (op->enc == BS_ENC_FIXED || op->enc == BS_ENC_VBR)
            bs_write_vbr(w, op->value, 5);
    }
}

void bcw_record(bcw_ctx *c, unsigned code, const uint64_t *ops, size_t n, unsigned width)
{
    bs_writer *w = &c->w;
    bs_write(w, BS_UNABBREV_RECORD, width);
    bs_write_vbr(w, code, 6);
    bs_write_vbr(w, n, 6);
    for (size_t i = 0; i < n; i++) {
        if (ops[i] < 32) /* one chunk: most operands */
            bs_write(w, ops[i], 6);
        else
            bs_write_vbr(w, ops[i], 6);
    }
}

static void write_scalar(bs_writer *w, const bs_abbrev_op *op, uint64_t v)
{
    switch (op->enc) {
    case BS_ENC_FIXED: bs_write(w, v, (unsigned)op->value); break;
    case BS_ENC_VBR: bs_write_vbr(w, v, (unsigned)op->value); break;
    case BS_ENC_CHAR6: {
        unsigned x = v >= 'a' && v <= 'z' ? (unsigned)(v - 'a')
                   : v >= 'A' && v <= 'Z' ? (unsigned)(v - 'A' + 26)
                   : v >= '0' && v <= '9' ? (unsigned)(v - '0' + 52)
                   : v == '.' ? 62u : 63u;
        bs_write(w, x, 6);
        break;
    }
    default: break; /* literals write nothing */
    }
}

/* The record [code, ops...] through abbreviation a (id), which the caller
 * chose because the record fits it. */
void bcw_record_abbrev(bcw_ctx *c, const bcw_abbrev *a, unsigned id, unsigned code,
                       const uint64_t *ops, size_t n, unsigned width)
{
    bs_writer *w = &c->w;
    bs_write(w, id, width);
    size_t k = 0; /* index into [code, ops...] */
    for (uint32_t i = 0; i < a->n; i++) {
        const bs_abbrev_op *op = &a->ops[i];
        if (op->enc == BS_ENC_ARRAY) {
            const bs_abbrev_op *elt = &a->ops[++i];
            size_t left = n + 1 - k;
            bs_write_vbr(w, left, 6);
            for (; k < n + 1; k++)
                write_scalar(w, elt, k ? ops[k - 1] : code);
            continue;
        }
        uint64_t v = k ? ops[k - 1] : code;
        k++;
        write_scalar(w, op, v);
    }
}

bool bcw_is_char6(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
              (ch >= '0' && ch <= '9') || ch == '.' || ch == '_'))
            return false;
    }
    return true;
}

unsigned bcw_log2(uint64_t v)
{
    unsigned r = 0;
    while (v > 1) {
        v >>= 1;
        r++;
    }
    return r;
}

unsigned bcw_log2_ceil(uint64_t v)
{
    if (v <= 1)
        return 0;
    return bcw_log2(v - 1) + 1;
}

void bcw_rec_push(bcw_rec *r, uint64_t x)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        uint64_t *v = realloc(r->v, cap * sizeof *v);
        if (!v) {
            r->oom = true;
            return;
        }
        r->v = v;
        r->cap = cap;
    }
    r->v[r->n++] = x;
}

void bcw_rec_free(bcw_rec *r)
{
    free(r->v);
    r->v = NULL;
    r->n = r->cap = 0;
}
