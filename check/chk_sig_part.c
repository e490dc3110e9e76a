/* chk_sig_part.c - ISG1, OSG1 and PSG1 against the module, as DXC's
 * VerifySignatureMatches compares them: the part DXC's program signature
 * writer would build from the entry's signature records as DXC's loader
 * reads them (chk_sig_load.c), byte for byte (Container.PartMatches).
 * The rebuild is this file's own, not the writer's (write/part_sig.c),
 * so that a bug of the writer cannot hide itself; a mismatch names the
 * first field that differs (header, element and field, or the string
 * table).
 *
 * DXC's layout: {ParamCount, ParamOffset = 8}; one 32-byte element per
 * semantic index of each element its point stores (not NotInSig, not
 * invalid), sorted by stream, register and name offset; then the names,
 * in the order their offsets were given: every element of the list
 * names one (stored or not); from validator 1.7 equal names share one
 * copy and the part is padded to 4 bytes; before it only system values
 * (one static spelling each) share. Validator 1.4 and older write i1 as
 * unknown and the read/write masks from the element's columns. */
#include "chk_container.h"
#include "chk_facts.h"
#include "chk_sig_load.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/sig_semantics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HEADER = 8, ELEMENT = 32 };
/* DxilProgramSigSemantic values this file names. */
enum { SV_UNDEFINED = 0, SV_LINE_DETAIL = 15, SV_LINE_DENSITY = 16, SV_STENCIL_REF = 69 };
enum { DOMAIN_ISOLINE = 1, DOMAIN_TRI = 2, DOMAIN_QUAD = 3 };

typedef struct sp_row {
    uint32_t f[6]; /* stream, name, index, system value, component type, register */
    uint8_t mask, rw;
    uint32_t min_precision;
    uint32_t seq;
} sp_row;

typedef struct sp_build {
    chk_ctx *c;
    bool input, compat14, dedup, min_precision;
    uint32_t domain;
    chk_dxc_elem *elems;
    unsigned n;
    uint32_t *name_off;
    uint32_t names_end;
    sp_row *rows;
    uint32_t nrows;
} sp_build;

/* SemanticKindToSystemValue (DXC's switch; kinds it does not list fall
 * to StencilRef). */
static uint32_t system_value(unsigned kind, uint32_t domain)
{
    static const struct {
        unsigned kind;
        uint32_t sv;
    } map[] = {
        {DXIL_SEMANTIC_ARBITRARY, 0},          {DXIL_SEMANTIC_VERTEX_ID, 6},
        {DXIL_SEMANTIC_INSTANCE_ID, 8},        {DXIL_SEMANTIC_POSITION, 1},
        {DXIL_SEMANTIC_COVERAGE, 66},          {DXIL_SEMANTIC_INNER_COVERAGE, 70},
        {DXIL_SEMANTIC_PRIMITIVE_ID, 7},       {DXIL_SEMANTIC_SAMPLE_INDEX, 10},
        {DXIL_SEMANTIC_IS_FRONT_FACE, 9},      {DXIL_SEMANTIC_RENDER_TARGET_ARRAY_INDEX, 4},
        {DXIL_SEMANTIC_VIEWPORT_ARRAY_INDEX, 5}, {DXIL_SEMANTIC_CLIP_DISTANCE, 2},
        {DXIL_SEMANTIC_CULL_DISTANCE, 3},      {DXIL_SEMANTIC_BARYCENTRICS, 23},
        {DXIL_SEMANTIC_SHADING_RATE, 24},      {DXIL_SEMANTIC_CULL_PRIMITIVE, 25},
        {DXIL_SEMANTIC_INVALID, 0},            {DXIL_SEMANTIC_TARGET, 64},
        {DXIL_SEMANTIC_DEPTH, 65},             {DXIL_SEMANTIC_DEPTH_LESS_EQUAL, 68},
        {DXIL_SEMANTIC_DEPTH_GREATER_EQUAL, 67},
    };
    if (kind == DXIL_SEMANTIC_TESS_FACTOR)
        return domain == DOMAIN_ISOLINE ? SV_LINE_DENSITY
               : domain == DOMAIN_TRI   ? 13
               : domain == DOMAIN_QUAD  ? 11
                                        : SV_UNDEFINED;
    if (kind == DXIL_SEMANTIC_INSIDE_TESS_FACTOR)
        return domain == DOMAIN_TRI ? 14 : domain == DOMAIN_QUAD ? 12 : SV_UNDEFINED;
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (map[i].kind == kind)
            return map[i].sv;
    return SV_STENCIL_REF;
}

/* GetColsAsMask, including what its switch gives past four columns. */
static uint8_t cols_mask(const chk_dxc_elem *e)
{
    unsigned start = e->allocated ? (unsigned)(int)e->start_col : 0, n = e->cols;
    switch (start) {
    case 0: return n == 1 ? 0x1 : n == 2 ? 0x3 : n == 3 ? 0x7 : 0xF;
    case 1: return n == 1 ? 0x2 : n == 2 ? 0x6 : 0xE;
    case 2: return n == 1 ? 0x4 : 0xC;
    default: return 0x8;
    }
}

/* CompTypeToSigMinPrecision: min16int, min16uint, min16float. */
static uint32_t min_precision(uint8_t comp)
{
    return comp == DXIL_COMPONENT_I16 ? 4 : comp == DXIL_COMPONENT_U16 ? 5
           : comp == DXIL_COMPONENT_F16 ? 1 : 0;
}

static bool static_name(const chk_dxc_elem *e)
{
    return e->kind != DXIL_SEMANTIC_ARBITRARY && e->kind != DXIL_SEMANTIC_INVALID;
}

/* Every element's name offset, after the elements (GetSemanticOffset). */
static void name_offsets(sp_build *b, uint32_t fixed)
{
    uint32_t end = fixed;
    for (unsigned i = 0; i < b->n; i++) {
        const chk_dxc_elem *e = &b->elems[i];
        unsigned j = 0;
        bool shares = b->dedup || static_name(e);
        for (; shares && j < i; j++) {
            const chk_dxc_elem *o = &b->elems[j];
            bool same = b->dedup ? strcmp(o->name, e->name) == 0
                                 : static_name(o) && o->kind == e->kind;
            if (same)
                break;
        }
        if (shares && j < i) {
            b->name_off[i] = b->name_off[j];
            continue;
        }
        b->name_off[i] = end;
        end += (uint32_t)strlen(e->name) + 1;
    }
    b->names_end = end;
}

/* The rows of one stored element, one per semantic index. */
static void element_rows(sp_build *b, const chk_dxc_elem *e, uint32_t name)
{
    uint32_t per = e->nindices ? e->rows / e->nindices : 1;
    sp_row r = {.f = {e->stream, name, 0, system_value(e->kind, b->domain),
                      chk_sig_comp_type(e->comp, b->compat14),
                      (uint32_t)e->start_row},
                .mask = cols_mask(e)};
    unsigned usage = e->usage;
    if (e->allocated)
        usage <<= (unsigned)(int)e->start_col;
    if (b->compat14)
        r.rw = b->input ? 0 : (uint8_t)~r.mask;
    else
        r.rw = b->input ? (uint8_t)usage : (uint8_t)(((uint8_t)usage ^ 0xF) & 0xF);
    r.min_precision = b->min_precision ? min_precision(e->comp) : 0;
    for (uint32_t i = 0; i < e->nindices; i++) {
        r.f[2] = e->indices[i];
        r.seq = b->nrows;
        b->rows[b->nrows++] = r;
        if (e->allocated)
            r.f[5] += per;
        if (r.f[3] == SV_LINE_DENSITY)
            r.f[3] = SV_LINE_DETAIL;
    }
}

static int row_cmp(const void *pa, const void *pb)
{
    const sp_row *a = pa, *b = pb;
    static const unsigned keys[3] = {0, 5, 1}; /* stream, register, name offset */
    for (unsigned k = 0; k < 3; k++)
        if (a->f[keys[k]] != b->f[keys[k]])
            return a->f[keys[k]] < b->f[keys[k]] ? -1 : 1;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* The part's bytes (malloc'd, *size), or NULL. */
static uint8_t *emit(sp_build *b, uint32_t *size)
{
    uint32_t end = b->dedup ? (b->names_end + 3) & ~3u : b->names_end;
    uint8_t *p = calloc(end + 1, 1);
    if (!p)
        return NULL;
    put32(p, b->nrows);
    put32(p + 4, HEADER);
    for (uint32_t i = 0; i < b->nrows; i++) {
        uint8_t *q = p + HEADER + (size_t)i * ELEMENT;
        const sp_row *r = &b->rows[i];
        for (unsigned k = 0; k < 6; k++)
            put32(q + 4 * k, r->f[k]);
        q[24] = r->mask;
        q[25] = r->rw;
        put32(q + 28, r->min_precision);
    }
    for (unsigned i = 0; i < b->n; i++)
        memcpy(p + b->name_off[i], b->elems[i].name, strlen(b->elems[i].name) + 1);
    *size = end;
    return p;
}

/* ---- the first difference ------------------------------------------------------- */

static const char *const field_names[] = {"Stream", "SemanticName", "SemanticIndex",
                                          "SystemValue", "CompType", "Register", "Mask",
                                          "NeverWrites_Mask/AlwaysReads_Mask", "Pad",
                                          "MinPrecision"};
static const uint8_t field_at[] = {0, 4, 8, 12, 16, 20, 24, 25, 26, 28};
static const uint8_t field_size[] = {4, 4, 4, 4, 4, 4, 1, 1, 2, 4};

static uint32_t get(const uint8_t *p, uint32_t size, uint32_t at, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n && at + i < size; i++)
        v |= (uint32_t)p[at + i] << (8 * i);
    return v;
}

/* The NUL-terminated string at off, bounded by the part ("" outside);
 * a byte outside printable ASCII shows as '?' (the note is plain text). */
static void string_at(const uint8_t *p, uint32_t size, uint32_t off, char *buf, size_t n)
{
    size_t i = 0;
    for (; (uint64_t)off + i < size && i + 1 < n && p[off + i]; i++)
        buf[i] = p[off + i] >= 0x20 && p[off + i] < 0x7f ? (char)p[off + i] : '?';
    buf[i] = '\0';
}

static void element_diff(const uint8_t *have, uint32_t hs, const uint8_t *want, uint32_t ws,
                         uint32_t i, char *note, size_t size)
{
    uint32_t at = HEADER + i * ELEMENT;
    char hn[80], wn[80];
    string_at(want, ws, get(want, ws, at + 4, 4), wn, sizeof wn);
    for (unsigned f = 0; f < sizeof field_at; f++) {
        uint32_t a = get(have, hs, at + field_at[f], field_size[f]);
        uint32_t b = get(want, ws, at + field_at[f], field_size[f]);
        if (f == 1) {
            string_at(have, hs, a, hn, sizeof hn);
            if (strcmp(hn, wn) != 0) {
                snprintf(note, size, "(element %u (%s %u): SemanticName: the part's '%s', the "
                         "module's '%s')", i, wn, get(want, ws, at + 8, 4), hn, wn);
                return;
            }
        }
        if (a != b) {
            snprintf(note, size, "(element %u (%s %u): %s: the part's %u, the module's %u)", i,
                     wn, get(want, ws, at + 8, 4), field_names[f], a, b);
            return;
        }
    }
    note[0] = '\0';
}

/* What differs first: the header's counts, an element's field, the
 * string table, or the size. */
static void first_difference(const uint8_t *have, uint32_t hs, const uint8_t *want, uint32_t ws,
                             char *note, size_t size)
{
    static const char *const header[2] = {"ParamCount", "ParamOffset"};
    for (unsigned k = 0; k < 2; k++)
        if (get(have, hs, 4 * k, 4) != get(want, ws, 4 * k, 4)) {
            snprintf(note, size, "(%s: the part's %u, the module's %u)", header[k],
                     get(have, hs, 4 * k, 4), get(want, ws, 4 * k, 4));
            return;
        }
    uint32_t n = get(want, ws, 0, 4);
    for (uint32_t i = 0; i < n; i++) {
        element_diff(have, hs, want, ws, i, note, size);
        if (note[0])
            return;
    }
    if (hs != ws) {
        snprintf(note, size, "(the part has %u bytes, the module's %u)", hs, ws);
        return;
    }
    uint32_t at = HEADER + n * ELEMENT;
    while (at < ws && have[at] == want[at])
        at++;
    snprintf(note, size, "(the string table differs at byte %u)", at);
}

/* ---- the rebuild -------------------------------------------------------------------- */

static uint32_t tess_domain(const mf_entry *entry)
{
    uint64_t d = 0;
    if (entry->kind == DXIL_SHADER_HULL)
        md_operand_uint(md_tag_value(entry->props, 3, NULL), 3, &d);
    else if (entry->kind == DXIL_SHADER_DOMAIN)
        md_operand_uint(md_tag_value(entry->props, 2, NULL), 0, &d);
    return (uint32_t)d;
}

/* The part list `which` of the entry should be (NULL when a record
 * cannot be read the way DXC reads it: the metadata rules say why). */
static uint8_t *rebuild(chk_ctx *c, const mf_entry *entry, unsigned which, uint32_t *size)
{
    const mf_module *mf = chk_mf(c);
    LLVMValueRef list = entry->sigs[which];
    int point = sem_point(entry->kind, which);
    sp_build b = {.c = c, .n = md_num_operands(list),
                  .input = which == 0 || (which == 2 && entry->kind == DXIL_SHADER_DOMAIN),
                  .compat14 = !chk_val_at_least(c, 1, 5), .dedup = chk_val_at_least(c, 1, 7),
                  .min_precision = !(mf->flags & DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION),
                  .domain = tess_domain(entry)};
    b.elems = calloc(b.n + 1, sizeof *b.elems);
    b.name_off = calloc(b.n + 1, sizeof *b.name_off);
    uint8_t *out = NULL;
    unsigned loaded = 0;
    uint32_t nrows = 0;
    for (; b.elems && b.name_off && loaded < b.n; loaded++) {
        if (!chk_dxc_elem_load(md_operand(list, loaded), point, &b.elems[loaded]))
            goto done;
        if (b.elems[loaded].in_part)
            nrows += b.elems[loaded].nindices;
    }
    if (!b.elems || !b.name_off || !(b.rows = calloc(nrows + 1, sizeof *b.rows)))
        goto done;
    name_offsets(&b, HEADER + ELEMENT * nrows);
    for (unsigned i = 0; i < b.n; i++)
        if (b.elems[i].in_part)
            element_rows(&b, &b.elems[i], b.name_off[i]);
    qsort(b.rows, b.nrows, sizeof *b.rows, row_cmp);
    out = emit(&b, size);
done:
    for (unsigned i = 0; i < loaded && b.elems; i++)
        chk_dxc_elem_free(&b.elems[i]);
    free(b.elems);
    free(b.name_off);
    free(b.rows);
    return out;
}

int chk_sig_part(chk_ctx *c, unsigned which, const char *title, const uint8_t *data,
                 uint32_t size)
{
    const mf_module *mf = chk_mf(c);
    if (!mf || !mf->nentries || c->stage == DXIL_SHADER_LIBRARY)
        return -1;
    uint32_t want_size = 0;
    uint8_t *want = rebuild(c, &mf->entries[0], which, &want_size);
    if (!want)
        return -1;
    if (!data && want_size)
        chk_fail(c, CHK_CONTAINER_PARTMISSING, NULL, title, NULL);
    else if (want_size != size || memcmp(want, data, size) != 0) {
        char note[320];
        first_difference(data, size, want, want_size, note, sizeof note);
        chk_fail_note(c, CHK_CONTAINER_PARTMATCHES, NULL, note, title, NULL);
    }
    free(want);
    return 0;
}
