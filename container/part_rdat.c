/* part_rdat.c - RDAT, runtime data of libraries (and SM 6.x reflection).
 *
 * Layout: version (0x10), part count, one offset per part (relative to the
 * RDAT data); each part is a type, a size and its bytes. The string buffer
 * holds NUL-terminated strings referenced by byte offset; the index arrays
 * hold lists (a count, then that many uint32) referenced by word offset;
 * record tables start with a record count and stride, so records written
 * by a newer compiler (longer strides) still read. */
#include "parts_internal.h"
#include "rdat.h"

enum { RDAT_STRINGS = 1, RDAT_INDICES = 2, RDAT_RESOURCES = 3, RDAT_FUNCTIONS = 4 };
enum { RDAT_RESOURCE_SIZE = 32, RDAT_FUNCTION_SIZE = 44 };
#define RDAT_NULL_REF 0xFFFFFFFFu

typedef struct rdat_ctx {
    part_reader *r;
    dxil_rdat *d;
    uint64_t strings, string_size; /* part-relative */
    uint64_t indices, index_words;
    const dxil_rdat_table *resources, *functions;
} rdat_ctx;

static const char *rdat_string(rdat_ctx *c, uint32_t off, const char *field)
{
    if (off == RDAT_NULL_REF)
        return "";
    if (off >= c->string_size) {
        pr_fail(c->r, c->strings, "%s string offset %u lies outside the %llu-byte string buffer",
                field, off, (unsigned long long)c->string_size);
        return "";
    }
    return pr_str(c->r, c->strings + off, c->strings + c->string_size, field);
}

/* The index list at word offset ref: *count entries; NULL for none. */
static uint32_t *rdat_index_list(rdat_ctx *c, uint32_t ref, uint32_t *count, const char *field)
{
    *count = 0;
    if (ref == RDAT_NULL_REF)
        return NULL;
    if (ref >= c->index_words) {
        pr_fail(c->r, c->indices, "%s index list %u lies outside the %llu-word index arrays",
                field, ref, (unsigned long long)c->index_words);
        return NULL;
    }
    uint64_t at = c->indices + 4ull * ref;
    uint32_t n = pr_u32(c->r, at, field);
    if (!c->r->failed && n > c->index_words - ref - 1) {
        pr_fail(c->r, at, "%s index list count %u runs past the index arrays", field, n);
        return NULL;
    }
    uint32_t *list = pr_array(c->r, at + 4, n, 4, sizeof *list, field);
    for (uint32_t i = 0; list && i < n; i++)
        list[i] = pr_u32(c->r, at + 4 + 4ull * i, field);
    *count = list ? n : 0;
    return list;
}

static void rdat_read_table_header(part_reader *r, dxil_rdat_table *t)
{
    bool is_table = t->type >= RDAT_RESOURCES && t->type != 5;
    if (!is_table)
        return;
    t->record_count = pr_u32(r, t->offset + 8ull, "table RecordCount");
    t->record_stride = pr_u32(r, t->offset + 12ull, "table RecordStride");
    if (!r->failed && 8ull + (uint64_t)t->record_count * t->record_stride > t->size)
        pr_fail(r, t->offset, "table of type %u: %u records of %u bytes exceed its %u bytes",
                t->type, t->record_count, t->record_stride, t->size);
}

static void rdat_tables(rdat_ctx *c, uint32_t count)
{
    part_reader *r = c->r;
    dxil_rdat *d = c->d;
    d->tables = pr_array(r, 8, count, 4, sizeof *d->tables, "part offsets");
    for (uint32_t i = 0; d->tables && i < count && !r->failed; i++) {
        dxil_rdat_table *t = &d->tables[i];
        t->offset = pr_u32(r, 8 + 4ull * i, "part offset");
        t->type = pr_u32(r, t->offset, "part Type");
        t->size = pr_u32(r, t->offset + 4ull, "part Size");
        if (!pr_need(r, t->offset + 8ull, t->size, "part data"))
            return;
        rdat_read_table_header(r, t);
        if (t->type == RDAT_STRINGS) {
            c->strings = t->offset + 8ull;
            c->string_size = t->size;
        } else if (t->type == RDAT_INDICES) {
            c->indices = t->offset + 8ull;
            c->index_words = t->size / 4;
        } else if (t->type == RDAT_RESOURCES) {
            c->resources = t;
        } else if (t->type == RDAT_FUNCTIONS) {
            c->functions = t;
        }
        d->table_count = i + 1;
    }
}

static void rdat_count_strings(rdat_ctx *c)
{
    c->d->string_bytes = (uint32_t)c->string_size;
    for (uint64_t i = 0; i < c->string_size; i++)
        c->d->string_count += c->r->p[c->strings + i] == 0;
    c->d->index_count = (uint32_t)c->index_words;
}

/* The records of table t, at least min_stride bytes each, as an array of
 * count elements of elem bytes; NULL when absent or malformed. */
static void *rdat_records(rdat_ctx *c, const dxil_rdat_table *t, uint32_t min_stride,
                          size_t elem, const char *what)
{
    if (!t || c->r->failed)
        return NULL;
    if (t->record_count && t->record_stride < min_stride) {
        pr_fail(c->r, t->offset + 12ull, "%s record stride %u is below %u", what,
                t->record_stride, min_stride);
        return NULL;
    }
    return pr_array(c->r, t->offset + 16ull, t->record_count, t->record_stride, elem, what);
}

static void rdat_resources(rdat_ctx *c)
{
    const dxil_rdat_table *t = c->resources;
    dxil_rdat_resource *a = rdat_records(c, t, RDAT_RESOURCE_SIZE, sizeof *a, "resource");
    for (uint32_t i = 0; a && i < t->record_count && !c->r->failed; i++) {
        uint64_t at = t->offset + 16ull + (uint64_t)i * t->record_stride;
        a[i].res_class = pr_u32(c->r, at, "resource Class");
        a[i].kind = pr_u32(c->r, at + 4, "resource Kind");
        a[i].id = pr_u32(c->r, at + 8, "resource ID");
        a[i].space = pr_u32(c->r, at + 12, "resource Space");
        a[i].lower_bound = pr_u32(c->r, at + 16, "resource LowerBound");
        a[i].upper_bound = pr_u32(c->r, at + 20, "resource UpperBound");
        a[i].name = rdat_string(c, pr_u32(c->r, at + 24, "resource Name"), "resource Name");
        a[i].flags = pr_u32(c->r, at + 28, "resource Flags");
    }
    c->d->resources = a;
    c->d->resource_count = a ? t->record_count : 0;
}

static void rdat_function(rdat_ctx *c, uint64_t at, dxil_rdat_function *f)
{
    part_reader *r = c->r;
    f->name = rdat_string(c, pr_u32(r, at, "function Name"), "function Name");
    f->unmangled_name =
        rdat_string(c, pr_u32(r, at + 4, "function UnmangledName"), "function UnmangledName");
    f->resources = rdat_index_list(c, pr_u32(r, at + 8, "function Resources"),
                                   &f->resource_count, "function Resources");
    uint32_t ndeps = 0;
    uint32_t *deps = rdat_index_list(c, pr_u32(r, at + 12, "function FunctionDependencies"),
                                     &ndeps, "function FunctionDependencies");
    f->dependencies = pr_array(r, 0, ndeps, 0, sizeof *f->dependencies, "dependencies");
    for (uint32_t i = 0; deps && f->dependencies && i < ndeps; i++)
        f->dependencies[i] = rdat_string(c, deps[i], "function dependency");
    f->dependency_count = f->dependencies ? ndeps : 0;
    f->shader_kind = pr_u32(r, at + 16, "function ShaderKind");
    f->payload_size = pr_u32(r, at + 20, "function PayloadSizeInBytes");
    f->attribute_size = pr_u32(r, at + 24, "function AttributeSizeInBytes");
    f->feature_info1 = pr_u32(r, at + 28, "function FeatureInfo1");
    f->feature_info2 = pr_u32(r, at + 32, "function FeatureInfo2");
    f->stage_flags = pr_u32(r, at + 36, "function ShaderStageFlag");
    f->min_shader_target = pr_u32(r, at + 40, "function MinShaderTarget");
}

static void rdat_functions(rdat_ctx *c)
{
    const dxil_rdat_table *t = c->functions;
    dxil_rdat_function *a = rdat_records(c, t, RDAT_FUNCTION_SIZE, sizeof *a, "function");
    for (uint32_t i = 0; a && i < t->record_count && !c->r->failed; i++)
        rdat_function(c, t->offset + 16ull + (uint64_t)i * t->record_stride, &a[i]);
    c->d->functions = a;
    c->d->function_count = a ? t->record_count : 0;
}

void part_decode_rdat(part_reader *r, dxil_decoded_part *out)
{
    dxil_rdat *d = &out->u.rdat;
    d->version = pr_u32(r, 0, "Version");
    uint32_t count = pr_u32(r, 4, "PartCount");
    if (r->failed)
        return;
    rdat_ctx c = {.r = r, .d = d};
    rdat_tables(&c, count);
    if (r->failed)
        return;
    rdat_count_strings(&c);
    rdat_resources(&c);
    rdat_functions(&c);
}

int rdat_decode(const void *data, size_t size, dxil_rdat *out, void **arena, dxil_diags *diags)
{
    dxil_part part = {.fourcc = DXIL_FOURCC('R', 'D', 'A', 'T'), .name = "RDAT",
                      .size = (uint32_t)size};
    dxil_decoded_part d = {.part = part};
    part_reader r = {.file = data, .file_size = size, .part = &d.part, .p = data, .size = size,
                     .diags = diags, .arena = (part_arena **)arena};
    part_decode_rdat(&r, &d);
    *out = d.u.rdat;
    return r.failed ? -1 : 0;
}

void rdat_arena_free(void **arena)
{
    part_arena_free((part_arena **)arena);
}
