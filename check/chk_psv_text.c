/* chk_psv_text.c - a signature record as DXC's PSV0 writer lays out its
 * element (InitPSVSignatureElement), and the one-line texts of PSV0
 * records the container mismatch messages carry (DXC prints the same
 * fields, one per line). */
#include "chk_container.h"

#include "chk_sig_load.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool chk_psv_elem_from_record(LLVMValueRef rec, int point, bool i1_unknown, chk_psv_elem *e)
{
    memset(e, 0, sizeof *e);
    chk_dxc_elem d;
    if (!chk_dxc_elem_load(rec, point, &d))
        return false;
    snprintf(e->name, sizeof e->name, "%s", d.name);
    e->kind = d.kind;
    e->index_count = d.nindices;
    e->indices = d.indices; /* taken over */
    uint8_t *b = e->bytes;
    b[0] = (uint8_t)d.rows;
    b[2] = (uint8_t)(d.cols & 0xF);
    if (d.allocated) {
        b[2] = (uint8_t)(b[2] | 0x40 | (d.start_col << 4));
        b[1] = (uint8_t)d.start_row;
    }
    b[3] = (uint8_t)d.kind;
    b[4] = chk_sig_comp_type(d.comp, i1_unknown);
    b[5] = d.interp;
    b[6] = (uint8_t)(((d.stream & 3) << 4) | (d.dyn_mask & 0xF));
    return true;
}

void chk_psv_elem_free(chk_psv_elem *e)
{
    free(e->indices);
    e->indices = NULL;
}

typedef struct tbuf {
    char *p;
    size_t size, len;
} tbuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(tbuf *t, const char *fmt, ...)
{
    if (t->len >= t->size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->p + t->len, t->size - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n < t->size - t->len ? (size_t)n : t->size - t->len - 1;
}

static void elem_fields(tbuf *t, const uint8_t *b)
{
    const char *kind = dxil_semantic_kind_name(b[3]);
    put(t, " IsAllocated: %d StartRow: %u StartCol: %u Rows: %u Cols: %u SemanticKind: %s"
           " InterpolationMode: %u OutputStream: %u ComponentType: %u DynamicIndexMask: %u",
        (b[2] & 0x40) != 0, b[1], (b[2] >> 4) & 3, b[0], b[2] & 0xF, kind ? kind : "Invalid",
        b[5], (b[6] >> 4) & 3, b[4], b[6] & 0xF);
}

void chk_psv_elem_text(const chk_psv_elem *e, char *buf, size_t size)
{
    tbuf t = {buf, size, 0};
    buf[0] = '\0';
    put(&t, "PSVSignatureElement: SemanticName: %s SemanticIndex:", e->name);
    for (uint32_t i = 0; i < e->index_count && e->indices; i++)
        put(&t, " %u", e->indices[i]);
    elem_fields(&t, e->bytes);
}

void chk_psv_elem_text_part(const cpsv *p, const uint8_t *pe, char *buf, size_t size)
{
    tbuf t = {buf, size, 0};
    buf[0] = '\0';
    uint32_t off = cpsv_u32(pe + 4);
    put(&t, "PSVSignatureElement: SemanticName: %s SemanticIndex:", cpsv_string(p, cpsv_u32(pe)));
    for (uint32_t r = 0; r < pe[8] && p->indices && off + r < p->index_count; r++)
        put(&t, " %u", cpsv_u32(p->indices + 4ull * (off + r)));
    elem_fields(&t, pe + 8);
}

void chk_psv_bind_text(const uint8_t *b, uint32_t n, char *buf, size_t size)
{
    static const char *const types[] = {
        "Invalid", "Sampler", "CBV", "SRVTyped", "SRVRaw", "SRVStructured", "UAVTyped", "UAVRaw",
        "UAVStructured", "UAVStructuredWithCounter"};
    tbuf t = {buf, size, 0};
    buf[0] = '\0';
    uint32_t type = cpsv_u32(b);
    put(&t, "PSVResourceBindInfo: Space: %u LowerBound: %u UpperBound: %u ResType: %s",
        cpsv_u32(b + 4), cpsv_u32(b + 8), cpsv_u32(b + 12), type < 10 ? types[type] : "Unknown");
    if (n >= CPSV_BIND1) {
        const char *kind = dxil_resource_kind_name(cpsv_u32(b + 16));
        uint32_t flags = cpsv_u32(b + 20);
        put(&t, " ResKind: %s ResFlags: %s", kind ? kind : "Invalid",
            flags == 0 ? "None" : flags == 1 ? "UsedByAtomic64" : "Unknown");
    }
}

/* ---- runtime info ------------------------------------------------------------ */

typedef struct info_field {
    uint8_t off, size;
    const char *name;
} info_field;

/* The stage union's fields, per stage. */
static const info_field *stage_fields(uint32_t stage)
{
    static const info_field vs[] = {{0, 1, "OutputPositionPresent"}, {0, 0, NULL}};
    static const info_field hs[] = {{0, 4, "InputControlPointCount"},
                                    {4, 4, "OutputControlPointCount"},
                                    {8, 4, "TessellatorDomain"},
                                    {12, 4, "TessellatorOutputPrimitive"}, {0, 0, NULL}};
    static const info_field ds[] = {{0, 4, "InputControlPointCount"},
                                    {4, 1, "OutputPositionPresent"},
                                    {8, 4, "TessellatorDomain"}, {0, 0, NULL}};
    static const info_field gs[] = {{0, 4, "InputPrimitive"}, {4, 4, "OutputTopology"},
                                    {8, 4, "OutputStreamMask"},
                                    {12, 1, "OutputPositionPresent"}, {0, 0, NULL}};
    static const info_field ps[] = {{0, 1, "DepthOutput"}, {1, 1, "SampleFrequency"},
                                    {0, 0, NULL}};
    static const info_field ms[] = {{0, 4, "GroupSharedBytesUsed"},
                                    {4, 4, "GroupSharedBytesDependentOnViewID"},
                                    {8, 4, "PayloadSizeInBytes"}, {12, 2, "MaxOutputVertices"},
                                    {14, 2, "MaxOutputPrimitives"}, {0, 0, NULL}};
    static const info_field as[] = {{0, 4, "PayloadSizeInBytes"}, {0, 0, NULL}};
    static const info_field none[] = {{0, 0, NULL}};
    switch (stage) {
    case DXIL_SHADER_VERTEX: return vs;
    case DXIL_SHADER_HULL: return hs;
    case DXIL_SHADER_DOMAIN: return ds;
    case DXIL_SHADER_GEOMETRY: return gs;
    case DXIL_SHADER_PIXEL: return ps;
    case DXIL_SHADER_MESH: return ms;
    case DXIL_SHADER_AMPLIFICATION: return as;
    default: return none;
    }
}

static const info_field common_fields[] = {
    {16, 4, "MinimumExpectedWaveLaneCount"}, {20, 4, "MaximumExpectedWaveLaneCount"},
    {24, 1, "ShaderStage"}, {25, 1, "UsesViewID"}, {26, 2, "MaxVertexCount/SigPatchConstOrPrimVectors"},
    {28, 1, "SigInputElements"}, {29, 1, "SigOutputElements"},
    {30, 1, "SigPatchConstOrPrimElements"}, {31, 1, "SigInputVectors"},
    {32, 1, "SigOutputVectors[0]"}, {33, 1, "SigOutputVectors[1]"},
    {34, 1, "SigOutputVectors[2]"}, {35, 1, "SigOutputVectors[3]"}, {36, 4, "NumThreadsX"},
    {40, 4, "NumThreadsY"}, {44, 4, "NumThreadsZ"}, {52, 4, "NumBytesGroupSharedMemory"},
    {0, 0, NULL}};

static uint32_t field_value(const cpsv *c, const info_field *f)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < f->size && f->off + i < c->info_size; i++)
        v |= (uint32_t)c->info[f->off + i] << (8 * i);
    return v;
}

static void diff_fields(const cpsv *a, const cpsv *b, const info_field *f, uint32_t n,
                        tbuf *x, tbuf *y, uint32_t *covered)
{
    for (; f->name; f++) {
        if (f->off + f->size > n && f->off != 52)
            continue;
        for (unsigned i = 0; i < f->size && f->off + i < 64; i++)
            *covered |= f->off + i < 32 ? 1u << (f->off + i) : 0;
        uint32_t va = field_value(a, f), vb = field_value(b, f);
        if (va == vb)
            continue;
        put(x, "%s%s: %u", x->len ? " " : "", f->name, va);
        put(y, "%s%s: %u", y->len ? " " : "", f->name, vb);
    }
}

void chk_psv_info_diff(const cpsv *a, const cpsv *b, uint32_t stage, uint32_t n, char *x,
                       size_t xsize, char *y, size_t ysize)
{
    tbuf tx = {x, xsize, 0}, ty = {y, ysize, 0};
    x[0] = y[0] = '\0';
    uint32_t covered = 0;
    diff_fields(a, b, stage_fields(stage), n, &tx, &ty, &covered);
    diff_fields(a, b, common_fields, n, &tx, &ty, &covered);
    /* Bytes of the stage union no field names (padding, another stage's). */
    for (unsigned i = 0; i < 16; i++)
        if (!(covered & (1u << i)) && a->info[i] != b->info[i]) {
            put(&tx, "%sbyte %u: %u", tx.len ? " " : "", i, a->info[i]);
            put(&ty, "%sbyte %u: %u", ty.len ? " " : "", i, b->info[i]);
        }
}
