/* part_sig.c - ISG1/OSG1/PSG1 from the entry's signature records, the way
 * DXC's program signature writer lays them out:
 *   header {ParamCount, ParamOffset = 8}, one 32-byte element per semantic
 *   index sorted by (stream, register, name offset), then the semantic
 *   names. Validator 1.7+ shares one copy of equal names and pads the part
 *   to 4 bytes; older validators store one name per element, unpadded.
 *   Validator 1.4 and older report i1 as an unknown component type and
 *   derive the read/write masks from the element mask instead of usage.
 *   Elements NotInSig (or invalid) at their point are left out, though
 *   their names are counted; names and kinds are DXC's view of the
 *   record (module_read.c). */
#include "write_internal.h"
#include "dxil-upgrade/dxil_abi.h"

#include <stdlib.h>
#include <string.h>

enum { SIG_HEADER = 8, SIG_ELEMENT = 32 };

/* DXIL SemanticKind -> DxilProgramSigSemantic (D3D_NAME). TessFactor and
 * InsideTessFactor depend on the domain (sig_system_value). */
static const uint8_t sig_sysvalue[] = {
    [1] = 6,   [2] = 8,   [3] = 1,   [4] = 4,   [5] = 5,   [6] = 2,   [7] = 3,
    [10] = 7,  [12] = 10, [13] = 9,  [14] = 66, [15] = 70, [16] = 64, [17] = 65,
    [18] = 68, [19] = 67, [20] = 69, [28] = 23, [29] = 24, [30] = 25};
enum { SK_TESS_FACTOR = 25, SK_INSIDE_TESS_FACTOR = 26, SV_LINE_DENSITY = 16,
       SV_LINE_DETAIL = 15 };

static uint32_t sig_system_value(uint32_t kind, uint32_t domain)
{
    static const uint8_t edge[4] = {0, 16, 13, 11}, inside[4] = {0, 0, 14, 12};
    if (kind == SK_TESS_FACTOR || kind == SK_INSIDE_TESS_FACTOR)
        return domain < 4 ? (kind == SK_TESS_FACTOR ? edge : inside)[domain] : 0;
    return kind < sizeof sig_sysvalue ? sig_sysvalue[kind] : 0;
}

/* DXIL CompType -> DxilProgramSigCompType, and the min precision DXC
 * reports for it when the module uses minimum precision. */
static const uint8_t sig_comp_type[11] = {0, 1, 5, 4, 2, 1, 8, 7, 6, 3, 9};
static const uint8_t sig_min_precision[11] = {[2] = 4, [3] = 5, [8] = 1};

uint32_t wsig_comp_type(const write_module *wm, uint32_t comp_type)
{
    if (comp_type == 1 && !wm_val_at_least(wm, 1, 5))
        return 0; /* validator 1.4 and older: i1 is unknown */
    return comp_type < 11 ? sig_comp_type[comp_type] : 0;
}

typedef struct sig_writer {
    write_module *wm;
    int which;
    bool input, compat14, dedup, min_precision;
    uint32_t domain;
    uint32_t *name_off;  /* per metadata element */
    uint32_t names_end;  /* end of the string table (part offset) */
} sig_writer;

typedef struct sig_row {
    uint32_t stream, name, index, sysvalue, comp, reg;
    uint8_t mask, rw;
    uint32_t minprec;
    uint32_t seq; /* metadata order: equal keys keep it */
} sig_row;

static int sig_row_cmp(const void *a, const void *b)
{
    const sig_row *x = a, *y = b;
    if (x->stream != y->stream)
        return x->stream < y->stream ? -1 : 1;
    if (x->reg != y->reg)
        return x->reg < y->reg ? -1 : 1;
    if (x->name != y->name)
        return x->name < y->name ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Name offsets: every metadata element gets one (DXC sizes the string
 * table over all elements, stored or not). */
static bool sig_static_name(const wsig_elem *e)
{
    return e->kind != DXIL_SEMANTIC_ARBITRARY && e->kind != DXIL_SEMANTIC_INVALID;
}

static void sig_name_offsets(sig_writer *s, const wsig *sig, uint32_t fixed)
{
    uint32_t end = fixed;
    for (uint32_t i = 0; i < sig->count; i++) {
        const char *name = sig->elems[i].name;
        /* Before 1.7 DXC keyed names by pointer: only system values, whose
         * names come from one static table, share an offset. */
        bool shares = s->dedup || sig_static_name(&sig->elems[i]);
        uint32_t j = 0;
        while (shares && j < i &&
               (strcmp(sig->elems[j].name, name) != 0 ||
                (!s->dedup && !sig_static_name(&sig->elems[j]))))
            j++;
        if (shares && j < i) {
            s->name_off[i] = s->name_off[j];
            continue;
        }
        s->name_off[i] = end;
        end += (uint32_t)strlen(name) + 1;
    }
    s->names_end = end;
}

static void sig_fill_rows(sig_writer *s, const wsig_elem *e, uint32_t name, sig_row *rows)
{
    bool allocated = e->start_row != 0xFFFFFFFFu;
    uint32_t col0 = allocated && e->start_col < 4 ? e->start_col : 0;
    sig_row r = {.stream = e->stream, .name = name,
                 .sysvalue = sig_system_value(e->kind, s->domain),
                 .comp = wsig_comp_type(s->wm, e->comp_type),
                 .reg = e->start_row,
                 .mask = (uint8_t)(((1u << e->cols) - 1) << col0 & 0xF)};
    uint32_t usage = allocated ? e->usage_mask << col0 : e->usage_mask;
    if (s->compat14)
        r.rw = s->input ? 0 : (uint8_t)~r.mask; /* all 8 bits, as validator 1.4 expects */
    else
        r.rw = s->input ? (uint8_t)(usage & 0xF) : (uint8_t)(~usage & 0xF);
    r.minprec = s->min_precision && e->comp_type < 11 ? sig_min_precision[e->comp_type] : 0;
    for (uint32_t i = 0; i < e->index_count; i++) {
        rows[i] = r;
        rows[i].index = e->indices[i];
        if (allocated) /* rows per index: 0 for a one-row element with several */
            r.reg += e->rows / e->index_count;
        if (r.sysvalue == SV_LINE_DENSITY)
            r.sysvalue = SV_LINE_DETAIL;
    }
}

static void sig_emit(sig_writer *s, const wsig *sig, const sig_row *rows, uint32_t n, wbuf *out)
{
    wb_u32(out, n);
    wb_u32(out, SIG_HEADER);
    for (uint32_t i = 0; i < n; i++) {
        const sig_row *r = &rows[i];
        wb_u32(out, r->stream);
        wb_u32(out, r->name);
        wb_u32(out, r->index);
        wb_u32(out, r->sysvalue);
        wb_u32(out, r->comp);
        wb_u32(out, r->reg);
        wb_u8(out, r->mask);
        wb_u8(out, r->rw);
        wb_u16(out, 0);
        wb_u32(out, r->minprec);
    }
    for (uint32_t i = 0; i < sig->count; i++)
        if (s->name_off[i] == out->n) /* first element with this offset */
            wb_bytes(out, sig->elems[i].name, strlen(sig->elems[i].name) + 1);
    if (s->dedup)
        wb_align4(out);
}

int write_sig(write_module *wm, int which, wbuf *out)
{
    static const char *const parts[3] = {"ISG1", "OSG1", "PSG1"};
    const wsig *sig = &wm->sig[which];
    sig_writer s = {.wm = wm, .which = which,
                    .input = which == WSIG_INPUT || (which == WSIG_PC_PRIM && wm->kind == DXIL_SHADER_DOMAIN),
                    .compat14 = !wm_val_at_least(wm, 1, 5), .dedup = wm_val_at_least(wm, 1, 7),
                    .min_precision = !((wm->flags >> 23) & 1), .domain = wm_tess_domain(wm)};
    uint32_t rows_total = 0;
    for (uint32_t i = 0; i < sig->count; i++)
        if (sig->elems[i].in_part)
            rows_total += sig->elems[i].index_count;
    s.name_off = calloc(sig->count + 1, sizeof *s.name_off);
    sig_row *rows = calloc(rows_total + 1, sizeof *rows);
    if (!s.name_off || !rows) {
        free(s.name_off);
        free(rows);
        return wm_fail(wm, parts[which], "signature", "out of memory");
    }
    sig_name_offsets(&s, sig, SIG_HEADER + SIG_ELEMENT * rows_total);
    uint32_t n = 0;
    for (uint32_t i = 0; i < sig->count; i++)
        if (sig->elems[i].in_part) {
            sig_fill_rows(&s, &sig->elems[i], s.name_off[i], rows + n);
            n += sig->elems[i].index_count;
        }
    for (uint32_t i = 0; i < n; i++)
        rows[i].seq = i;
    qsort(rows, n, sizeof *rows, sig_row_cmp);
    sig_emit(&s, sig, rows, n, out);
    free(s.name_off);
    free(rows);
    return 0;
}
