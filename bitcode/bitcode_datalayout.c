/* bitcode_datalayout.c - rewrite MODULE_CODE_DATALAYOUT inside a bitcode
 * stream before LLVM parses it.
 *
 * Only the module block's own elements are walked; nested blocks (function
 * bodies, constants, ...) are copied word for word, since a block's content
 * is 32-bit aligned at both ends and does not depend on where it sits. The
 * replaced record is written unabbreviated, padded with redundant VBR
 * chunks so that its size changes by whole 32-bit words where possible;
 * then the rest of the stream keeps its alignment and is copied as bytes
 * without being decoded. Otherwise every later module-level element is
 * re-emitted at its new bit position and the module block's length word is
 * recomputed on END_BLOCK. */
#include "bitstream.h"
#include "datalayout.h"

#include <stdlib.h>
#include <string.h>

enum { DL_MODULE_BLOCK_ID = 8, DL_MODULE_CODE_DATALAYOUT = 3, DL_TOP_ABBREV_WIDTH = 2 };

typedef struct dl_abbrevs {
    bs_abbrev *items;
    size_t count;
} dl_abbrevs;

typedef struct dl_rewriter {
    bs_reader r;
    bs_writer w;
    dxil_diags *diags;
    uint64_t base;       /* byte offset of the bitcode in the input file */
    char *original;      /* original datalayout, once found */
    bool changed;
    dl_abbrevs module_info; /* BLOCKINFO abbreviations for the module block */
} dl_rewriter;

static int dl_fail(dl_rewriter *rw, int code, const char *what)
{
    dxil_diags_add(rw->diags, DXIL_SEV_ERROR, code, DXIL_LOC_BIT, rw->base * 8 + rw->r.pos,
                   "bitcode: %s", what);
    return -1;
}

static int dl_abbrevs_push(dl_abbrevs *list, const bs_abbrev *a)
{
    if (list->count >= BS_MAX_ABBREVS)
        return -1;
    bs_abbrev *items = realloc(list->items, (list->count + 1) * sizeof *items);
    if (!items)
        return -1;
    items[list->count++] = *a;
    list->items = items;
    return 0;
}

/* Collects the BLOCKINFO abbreviations that apply to the module block. */
static int dl_read_blockinfo(dl_rewriter *rw, size_t start, size_t end, unsigned width)
{
    bs_reader r = rw->r;
    r.pos = start;
    r.size_bits = end;
    uint64_t bid = UINT64_MAX;
    bs_record rec = {0};
    const char *why = "blockinfo block is truncated";
    int rc = 0;
    while (rc == 0 && !bs_at_end(&r)) {
        uint64_t id = bs_read(&r, width);
        if (r.failed || id == BS_END_BLOCK)
            break;
        if (id == BS_DEFINE_ABBREV) {
            bs_abbrev a;
            rc = bs_read_abbrev_def(&r, &a, &why);
            if (rc == 0 && bid == DL_MODULE_BLOCK_ID && dl_abbrevs_push(&rw->module_info, &a) != 0)
                rc = -1, why = "too many abbreviations";
        } else if (id == BS_UNABBREV_RECORD) {
            rc = bs_read_record(&r, NULL, &rec, &why);
            if (rc == 0 && rec.ops[0] == BS_BLOCKINFO_SETBID && rec.count >= 2)
                bid = rec.ops[1];
        } else {
            rc = -1, why = "blockinfo block uses an abbreviated record or nested block";
        }
    }
    bs_record_free(&rec);
    if (rc != 0 || r.failed) {
        rw->r.pos = r.pos;
        return dl_fail(rw, DXIL_E_BITSTREAM_BLOCKINFO, why);
    }
    return 0;
}

typedef struct dl_block_header {
    uint64_t id;
    unsigned width;
    size_t content_start, content_end; /* bits */
} dl_block_header;

/* Reads an ENTER_SUBBLOCK header (after its abbrev id) and writes the same
 * header to the output; returns the output position of the length word. */
static int dl_copy_block_header(dl_rewriter *rw, unsigned outer_width, size_t limit,
                                dl_block_header *h, size_t *len_pos)
{
    h->id = bs_read_vbr(&rw->r, 8);
    h->width = (unsigned)bs_read_vbr(&rw->r, 4);
    bs_align32(&rw->r);
    uint64_t words = bs_read(&rw->r, 32);
    if (rw->r.failed)
        return dl_fail(rw, DXIL_E_BITSTREAM_TRUNCATED, "block header is truncated");
    if (h->width < 1 || h->width > 32)
        return dl_fail(rw, DXIL_E_BITSTREAM_BLOCK, "block abbreviation width out of range");
    h->content_start = rw->r.pos;
    if (words > (limit - h->content_start) / 32)
        return dl_fail(rw, DXIL_E_BITSTREAM_BLOCK, "block length runs past its enclosing block");
    h->content_end = h->content_start + (size_t)words * 32;
    bs_write(&rw->w, BS_ENTER_SUBBLOCK, outer_width);
    bs_write_vbr(&rw->w, h->id, 8);
    bs_write_vbr(&rw->w, h->width, 4);
    bs_writer_align32(&rw->w);
    *len_pos = rw->w.pos;
    bs_write(&rw->w, words, 32);
    return 0;
}

/* Copies a nested block's content verbatim; parses BLOCKINFO on the way. */
static int dl_copy_nested_block(dl_rewriter *rw, unsigned outer_width, size_t limit)
{
    dl_block_header h;
    size_t len_pos;
    if (dl_copy_block_header(rw, outer_width, limit, &h, &len_pos) != 0)
        return -1;
    if (h.id == BS_BLOCKINFO_BLOCK_ID &&
        dl_read_blockinfo(rw, h.content_start, h.content_end, h.width) != 0)
        return -1;
    bs_copy_bits(&rw->w, &rw->r, h.content_start, h.content_end);
    rw->r.pos = h.content_end;
    return 0;
}

static unsigned dl_vbr6_bits(uint64_t v)
{
    unsigned bits = 6;
    for (; v >= 32; v >>= 5)
        bits += 6;
    return bits;
}

/* Redundant chunks per character at most: LLVM reads a VBR of 13 six-bit
 * chunks at the most ("Unterminated VBR"); a character takes 2. */
enum { DL_MAX_EXTRA_CHUNKS = 4 };

/* VBR6 chunks to add so that the record replacing one of old_bits leaves
 * everything after it at the same position modulo 32 bits; -1 if no count
 * of 6-bit chunks does (an odd size difference). */
static int dl_pad_chunks(size_t old_bits, size_t new_bits)
{
    for (int k = 0; k < 16; k++)
        if ((new_bits + 6u * (unsigned)k - old_bits) % 32 == 0)
            return k;
    return -1;
}

/* The normalised record: its text, its size in bits unabbreviated, and
 * the redundant chunks that keep the size change to whole 32-bit words
 * (pad < 0: none can). */
typedef struct dl_new_record {
    char *fixed;
    size_t len, bits;
    int pad;
} dl_new_record;

/* Normalises text (n characters, taken over as rw->original) into nr for
 * a record that was old_bits long in a block of this abbreviation width. */
static int dl_prepare(dl_rewriter *rw, char *text, size_t n, unsigned width, size_t old_bits,
                      dl_new_record *nr)
{
    text[n] = '\0';
    if (memchr(text, '\0', n)) {
        free(text);
        return dl_fail(rw, DXIL_E_DATALAYOUT, "datalayout string contains a NUL character");
    }
    bool changed;
    nr->fixed = datalayout_normalise(text, n, &changed);
    if (!nr->fixed) {
        free(text);
        return dl_fail(rw, DXIL_E_BITSTREAM_LIMIT, "out of memory");
    }
    free(rw->original);
    rw->original = text;
    rw->changed |= changed;
    nr->len = strlen(nr->fixed);
    nr->bits = width + dl_vbr6_bits(DL_MODULE_CODE_DATALAYOUT) + dl_vbr6_bits(nr->len);
    for (size_t i = 0; i < nr->len; i++)
        nr->bits += dl_vbr6_bits((unsigned char)nr->fixed[i]);
    nr->pad = nr->len ? dl_pad_chunks(old_bits, nr->bits) : -1;
    if (nr->pad > 0 && (size_t)nr->pad > DL_MAX_EXTRA_CHUNKS * nr->len)
        nr->pad = -1; /* a very short string: re-emit the rest instead */
    return 0;
}

/* A character as VBR6 chunks with extra redundant ones, as
 * bs_write_vbr_padded writes it: *bits of at most 6 * (2 + extra). */
static uint64_t dl_vbr6_char(unsigned c, unsigned extra, unsigned *bits)
{
    uint64_t code = 0;
    unsigned n = 0;
    while (c >= 32 || extra > 0) {
        if (c < 32)
            extra--;
        code |= (uint64_t)((c & 31) | 32) << n;
        n += 6;
        c >>= 5;
    }
    *bits = n + 6;
    return code | (uint64_t)c << n;
}

/* Writes the record unabbreviated, padded when nr->pad says so; frees
 * its text. The characters are gathered into 64-bit words before they
 * are written (one write per character was most of the fix's cost). */
static void dl_write_record(bs_writer *w, dl_new_record *nr, unsigned width)
{
    size_t fl = nr->len, pad = nr->pad > 0 ? (size_t)nr->pad : 0;
    bs_write(w, BS_UNABBREV_RECORD, width);
    bs_write_vbr(w, DL_MODULE_CODE_DATALAYOUT, 6);
    bs_write_vbr(w, fl, 6);
    uint64_t acc = 0;
    unsigned acc_bits = 0;
    for (size_t i = 0; i < fl; i++) {
        /* spread over the characters so that each VBR stays short */
        unsigned extra = (unsigned)(pad / fl + (i < pad % fl)), bits;
        uint64_t code = dl_vbr6_char((unsigned char)nr->fixed[i], extra, &bits);
        if (acc_bits + bits > 64) {
            bs_write(w, acc, acc_bits);
            acc = 0, acc_bits = 0;
        }
        acc |= code << acc_bits;
        acc_bits += bits;
    }
    bs_write(w, acc, acc_bits);
    free(nr->fixed);
    nr->fixed = NULL;
}

/* Writes the normalised record unabbreviated. When the size difference can
 * be made a multiple of 32 bits with redundant VBR chunks, it is, and
 * *aligned is set: the rest of the stream can then be copied as bytes. */
static int dl_emit_datalayout(dl_rewriter *rw, const bs_record *rec, unsigned width,
                              size_t old_bits, bool *aligned)
{
    size_t n = rec->count - 1;
    char *text = malloc(n + 1);
    if (!text)
        return dl_fail(rw, DXIL_E_BITSTREAM_LIMIT, "out of memory");
    for (size_t i = 0; i < n; i++)
        text[i] = (char)rec->ops[i + 1];
    dl_new_record nr;
    if (dl_prepare(rw, text, n, width, old_bits, &nr) != 0)
        return -1;
    *aligned = nr.pad >= 0;
    dl_write_record(&rw->w, &nr, width);
    return 0;
}

static const bs_abbrev *dl_lookup_abbrev(const dl_rewriter *rw, const dl_abbrevs *local,
                                         uint64_t id)
{
    uint64_t i = id - BS_FIRST_APP_ABBREV;
    if (i < rw->module_info.count)
        return &rw->module_info.items[i];
    i -= rw->module_info.count;
    return i < local->count ? &local->items[i] : NULL;
}

/* One module-level element that is a record or an abbreviation. */
static int dl_module_element(dl_rewriter *rw, uint64_t id, size_t start, unsigned width,
                             dl_abbrevs *local, bs_record *rec, bool *aligned)
{
    const char *why = NULL;
    if (id == BS_DEFINE_ABBREV) {
        bs_abbrev a;
        if (bs_read_abbrev_def(&rw->r, &a, &why) != 0)
            return dl_fail(rw, DXIL_E_BITSTREAM_ABBREV, why);
        if (dl_abbrevs_push(local, &a) != 0)
            return dl_fail(rw, DXIL_E_BITSTREAM_LIMIT, "too many abbreviations");
        bs_copy_bits(&rw->w, &rw->r, start, rw->r.pos);
        return 0;
    }
    const bs_abbrev *abbrev = NULL;
    if (id != BS_UNABBREV_RECORD && !(abbrev = dl_lookup_abbrev(rw, local, id)))
        return dl_fail(rw, DXIL_E_BITSTREAM_ABBREV, "record uses an undefined abbreviation");
    if (bs_read_record(&rw->r, abbrev, rec, &why) != 0)
        return dl_fail(rw, DXIL_E_BITSTREAM_RECORD, why);
    if (rec->ops[0] == DL_MODULE_CODE_DATALAYOUT)
        return dl_emit_datalayout(rw, rec, width, rw->r.pos - start, aligned);
    bs_copy_bits(&rw->w, &rw->r, start, rw->r.pos);
    return 0;
}

/* After a size-preserving (mod 32 bits) datalayout rewrite nothing later
 * needs decoding: the module block's length changes by whole words and the
 * rest of the input is copied as it is. */
static void dl_copy_tail(dl_rewriter *rw, size_t len_pos, size_t words, size_t limit)
{
    size_t new_words = words + rw->w.pos / 32 - rw->r.pos / 32; /* same bit offset mod 32 */
    bs_copy_bits(&rw->w, &rw->r, rw->r.pos, limit);
    rw->r.pos = limit;
    bs_patch32(&rw->w, len_pos, (uint32_t)new_words);
}

/* Returns 0, -1, or 1 when the rest of the input has been copied. */
static int dl_module_block(dl_rewriter *rw, size_t limit)
{
    dl_block_header h;
    size_t len_pos;
    if (dl_copy_block_header(rw, DL_TOP_ABBREV_WIDTH, limit, &h, &len_pos) != 0)
        return -1;
    dl_abbrevs local = {0};
    bs_record rec = {0};
    int rc = 0;
    bool aligned = false;
    rw->r.size_bits = h.content_end; /* reads past the block's end fail */
    for (;;) {
        size_t start = rw->r.pos;
        uint64_t id = bs_read(&rw->r, h.width);
        if (rw->r.failed) {
            rc = dl_fail(rw, DXIL_E_BITSTREAM_TRUNCATED, "module block ends without END_BLOCK");
            break;
        }
        if (id == BS_END_BLOCK) {
            bs_align32(&rw->r);
            bs_write(&rw->w, BS_END_BLOCK, h.width);
            bs_writer_align32(&rw->w);
            bs_patch32(&rw->w, len_pos, (uint32_t)((rw->w.pos - len_pos) / 32 - 1));
            break;
        }
        rc = id == BS_ENTER_SUBBLOCK ? dl_copy_nested_block(rw, h.width, h.content_end)
                                     : dl_module_element(rw, id, start, h.width, &local, &rec,
                                                         &aligned);
        if (rc != 0)
            break;
        if (aligned) {
            rw->r.size_bits = limit;
            dl_copy_tail(rw, len_pos, (h.content_end - h.content_start) / 32, limit);
            rc = 1;
            break;
        }
    }
    rw->r.size_bits = limit;
    free(local.items);
    bs_record_free(&rec);
    return rc;
}

static int dl_rewrite(dl_rewriter *rw)
{
    uint64_t magic = bs_read(&rw->r, 32);
    if (rw->r.failed || magic != 0xDEC04342u)
        return dl_fail(rw, DXIL_E_BITSTREAM_MAGIC, "missing 'BC' 0xC0DE magic");
    bs_write(&rw->w, magic, 32);
    size_t limit = rw->r.size_bits;
    while (limit - rw->r.pos >= 32) {
        uint64_t id = bs_read(&rw->r, DL_TOP_ABBREV_WIDTH);
        if (id != BS_ENTER_SUBBLOCK) {
            /* Trailing zero padding is tolerated, anything else is not. */
            rw->r.pos -= DL_TOP_ABBREV_WIDTH;
            for (size_t p = rw->r.pos; p < limit; p += 8)
                if (rw->r.data[p / 8])
                    return dl_fail(rw, DXIL_E_BITSTREAM_BLOCK, "top level holds a non-block element");
            break;
        }
        size_t save = rw->r.pos;
        uint64_t bid = bs_read_vbr(&rw->r, 8);
        rw->r.pos = save;
        int rc = bid == DL_MODULE_BLOCK_ID ? dl_module_block(rw, limit)
                                           : dl_copy_nested_block(rw, DL_TOP_ABBREV_WIDTH, limit);
        if (rc < 0)
            return rc;
        if (rc > 0)
            break; /* the rest was copied after the datalayout */
    }
    return rw->w.failed ? dl_fail(rw, DXIL_E_BITSTREAM_LIMIT, "out of memory") : 0;
}

/* A rewriter over bc writing into a buffer about the input's size. */
static void dl_begin(dl_rewriter *rw, const uint8_t *bc, size_t size, uint64_t base_offset,
                     dxil_diags *diags)
{
    memset(rw, 0, sizeof *rw);
    bs_reader_init(&rw->r, bc, size);
    bs_writer_init(&rw->w);
    bs_writer_reserve(&rw->w, (size + 64) * 8);
    rw->diags = diags;
    rw->base = base_offset;
}

/* Hands the result over (the output only when something changed) and
 * frees the rest; returns rc. */
static int dl_finish(dl_rewriter *rw, int rc, uint8_t **out, size_t *out_size, char **original)
{
    free(rw->module_info.items);
    if (rc == 0 && rw->changed) {
        *out = rw->w.data;
        *out_size = (rw->w.pos + 7) / 8;
        rw->w.data = NULL;
    }
    bs_writer_free(&rw->w);
    if (rc == 0)
        *original = rw->original;
    else
        free(rw->original);
    return rc;
}

int bitcode_fix_datalayout(const uint8_t *bc, size_t size, uint64_t base_offset,
                                uint8_t **out, size_t *out_size, char **original,
                                dxil_diags *diags)
{
    dl_rewriter rw;
    dl_begin(&rw, bc, size, base_offset, diags);
    *out = NULL;
    *out_size = 0;
    *original = NULL;
    return dl_finish(&rw, dl_rewrite(&rw), out, out_size, original);
}

/* The site's record replaced, everything before and after it copied as
 * bytes (the size changes by whole words), the module block's length
 * patched. Returns 1 when the size change cannot be kept to whole words
 * (nothing written: the caller walks instead). */
static int dl_rewrite_site(dl_rewriter *rw, const bc_datalayout_site *site)
{
    char *text = malloc(site->text_len + 1);
    if (!text)
        return dl_fail(rw, DXIL_E_BITSTREAM_LIMIT, "out of memory");
    memcpy(text, site->text, site->text_len);
    rw->r.pos = site->end_bits; /* where the walk reports the record's problems */
    size_t old_bits = site->end_bits - site->start_bits;
    dl_new_record nr;
    if (dl_prepare(rw, text, site->text_len, site->width, old_bits, &nr) != 0)
        return -1;
    if (!rw->changed || nr.pad < 0) {
        free(nr.fixed);
        return rw->changed ? 1 : 0;
    }
    bs_copy_bits(&rw->w, &rw->r, 0, site->start_bits);
    dl_write_record(&rw->w, &nr, site->width);
    size_t limit = rw->r.size_bits;
    bs_reader len = rw->r;
    len.pos = site->len_bits;
    uint64_t words = bs_read(&len, 32);
    /* The same bit offset mod 32 on both sides from here on. */
    size_t new_words = (size_t)words + rw->w.pos / 32 - site->end_bits / 32;
    bs_copy_bits(&rw->w, &rw->r, site->end_bits, limit);
    bs_patch32(&rw->w, site->len_bits, (uint32_t)new_words);
    return rw->w.failed ? dl_fail(rw, DXIL_E_BITSTREAM_LIMIT, "out of memory") : 0;
}

int bitcode_fix_datalayout_site(const uint8_t *bc, size_t size, uint64_t base_offset,
                                const bc_datalayout_site *site, uint8_t **out,
                                size_t *out_size, char **original, dxil_diags *diags)
{
    if (!site || site->state == BC_DL_UNKNOWN)
        return bitcode_fix_datalayout(bc, size, base_offset, out, out_size, original, diags);
    *out = NULL;
    *out_size = 0;
    *original = NULL;
    if (site->state == BC_DL_NONE)
        return 0;
    dl_rewriter rw;
    dl_begin(&rw, bc, size, base_offset, diags);
    int rc = dl_rewrite_site(&rw, site);
    if (rc > 0) {
        dl_finish(&rw, -1, out, out_size, original); /* frees, hands nothing over */
        return bitcode_fix_datalayout(bc, size, base_offset, out, out_size, original, diags);
    }
    return dl_finish(&rw, rc, out, out_size, original);
}
