/* container.c - DXContainer header, part table and program header reader.
 * Every offset is checked against the bytes we were given before use. */
#include "dxil-upgrade/dxil_container.h"
#include "common/byteio.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define CONTAINER_MAX_PARTS 4096u /* far above anything DXC writes */
#define WRAPPER_MAGIC 0x0B17C0DEu
#define WRAPPER_HEADER_SIZE 20u
#define DXIL_MAGIC DXIL_FOURCC('D', 'X', 'I', 'L')

static const char *const container_kind_names[] = {
    "unknown", "DXContainer", "bitcode", "bitcode wrapper", "LLVM IR text"};

const char *dxil_input_kind_name(dxil_input_kind kind)
{
    return (unsigned)kind < sizeof container_kind_names / sizeof *container_kind_names
               ? container_kind_names[kind]
               : "unknown";
}

static bool container_looks_textual(const uint8_t *p, size_t size)
{
    size_t n = size < 4096 ? size : 4096;
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (p[i] == 0)
            return false;
    return true;
}

dxil_input_kind dxil_detect_input(const void *data, size_t size)
{
    const uint8_t *p = data;
    if (size >= 4 && memcmp(p, "DXBC", 4) == 0)
        return DXIL_INPUT_CONTAINER;
    if (size >= 4 && p[0] == 'B' && p[1] == 'C' && p[2] == 0xC0 && p[3] == 0xDE)
        return DXIL_INPUT_BITCODE;
    if (size >= 4 && rd_le32(p) == WRAPPER_MAGIC)
        return DXIL_INPUT_WRAPPER;
    if (container_looks_textual(p, size))
        return DXIL_INPUT_TEXT;
    return DXIL_INPUT_UNKNOWN;
}

static void container_fourcc_name(uint32_t code, char name[5])
{
    for (int i = 0; i < 4; i++) {
        char c = (char)((code >> (8 * i)) & 0xFF);
        name[i] = (c >= 0x20 && c < 0x7F) ? c : '?';
    }
    name[4] = '\0';
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int container_error(dxil_diags *diags, int code, uint64_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    dxil_diags_addv(diags, DXIL_SEV_ERROR, code, DXIL_LOC_BYTE, off, fmt, ap);
    va_end(ap);
    return -1;
}

static int container_read_parts(const uint8_t *p, uint32_t limit, dxil_container *c,
                                dxil_diags *diags)
{
    uint64_t table_end = DXIL_CONTAINER_HEADER_SIZE + 4ull * c->part_count;
    for (uint32_t i = 0; i < c->part_count; i++) {
        uint32_t table_pos = DXIL_CONTAINER_HEADER_SIZE + 4 * i;
        uint32_t off = rd_le32(p + table_pos);
        dxil_part *part = &c->parts[i];
        if (off < table_end || (uint64_t)off + DXIL_PART_HEADER_SIZE > limit)
            return container_error(diags, DXIL_E_PART_OUT_OF_RANGE, table_pos,
                                   "part %u: header offset 0x%x lies outside the container",
                                   i, off);
        part->offset = off;
        part->data_offset = off + DXIL_PART_HEADER_SIZE;
        part->fourcc = rd_le32(p + off);
        part->size = rd_le32(p + off + 4);
        container_fourcc_name(part->fourcc, part->name);
        if ((uint64_t)part->data_offset + part->size > limit)
            return container_error(diags, DXIL_E_PART_OUT_OF_RANGE, off + 4,
                                   "part %u: size 0x%x runs past the end of the container",
                                   i, part->size);
        if (part->size == 0)
            dxil_diags_add(diags, DXIL_SEV_WARNING, DXIL_W_PART_EMPTY, DXIL_LOC_BYTE, off,
                           "part %u (%s) is empty", i, part->name);
    }
    return 0;
}

static int container_part_cmp(const void *a, const void *b)
{
    const dxil_part *x = *(const dxil_part *const *)a, *y = *(const dxil_part *const *)b;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Parts must not share bytes: a part overlapping another is corrupt. */
static int container_check_overlap(dxil_container *c, dxil_diags *diags)
{
    if (c->part_count < 2)
        return 0;
    const dxil_part **sorted = malloc(c->part_count * sizeof *sorted);
    if (!sorted)
        return container_error(diags, DXIL_E_IO, 0, "out of memory");
    for (uint32_t i = 0; i < c->part_count; i++)
        sorted[i] = &c->parts[i];
    qsort(sorted, c->part_count, sizeof *sorted, container_part_cmp);
    int rc = 0;
    for (uint32_t i = 1; i < c->part_count && rc == 0; i++) {
        uint64_t prev_end = (uint64_t)sorted[i - 1]->data_offset + sorted[i - 1]->size;
        if (sorted[i]->offset < prev_end)
            rc = container_error(diags, DXIL_E_PART_OVERLAP, sorted[i]->offset,
                                 "part at 0x%x overlaps the part at 0x%x",
                                 sorted[i]->offset, sorted[i - 1]->offset);
    }
    free(sorted);
    return rc;
}

int dxil_container_parse(const void *data, size_t size, dxil_container *out, dxil_diags *diags)
{
    const uint8_t *p = data;
    memset(out, 0, sizeof *out);
    if (size < DXIL_CONTAINER_HEADER_SIZE)
        return container_error(diags, DXIL_E_CONTAINER_TRUNCATED, size,
                               "container header needs %u bytes, input has %zu",
                               DXIL_CONTAINER_HEADER_SIZE, size);
    if (memcmp(p, "DXBC", 4) != 0)
        return container_error(diags, DXIL_E_UNKNOWN_FORMAT, 0,
                               "not a DXContainer (no DXBC magic)");
    memcpy(out->hash, p + 4, 16);
    out->version_major = rd_le16(p + 20);
    out->version_minor = rd_le16(p + 22);
    out->file_size = rd_le32(p + 24);
    out->part_count = rd_le32(p + 28);
    if (out->file_size > size)
        return container_error(diags, DXIL_E_CONTAINER_TRUNCATED, 24,
                               "header declares %u bytes but the input has only %zu",
                               out->file_size, size);
    if (out->file_size < DXIL_CONTAINER_HEADER_SIZE)
        return container_error(diags, DXIL_E_CONTAINER_BAD_SIZE, 24,
                               "declared container size %u is smaller than its header (%u)",
                               out->file_size, DXIL_CONTAINER_HEADER_SIZE);
    if (out->part_count > CONTAINER_MAX_PARTS ||
        DXIL_CONTAINER_HEADER_SIZE + 4ull * out->part_count > out->file_size)
        return container_error(diags, DXIL_E_CONTAINER_BAD_SIZE, 28,
                               "part count %u does not fit in a %u-byte container",
                               out->part_count, out->file_size);
    out->parts = calloc(out->part_count ? out->part_count : 1, sizeof *out->parts);
    if (!out->parts)
        return container_error(diags, DXIL_E_IO, 0, "out of memory");
    if (container_read_parts(p, out->file_size, out, diags) != 0 ||
        container_check_overlap(out, diags) != 0) {
        dxil_container_free(out);
        return -1;
    }
    return 0;
}

void dxil_container_free(dxil_container *c)
{
    if (!c)
        return;
    free(c->parts);
    memset(c, 0, sizeof *c);
}

const dxil_part *dxil_container_find(const dxil_container *c, const char *fourcc)
{
    if (!c || !fourcc || strlen(fourcc) != 4)
        return NULL;
    uint32_t code = DXIL_FOURCC(fourcc[0], fourcc[1], fourcc[2], fourcc[3]);
    for (uint32_t i = 0; i < c->part_count; i++)
        if (c->parts[i].fourcc == code)
            return &c->parts[i];
    return NULL;
}

int dxil_program_header_parse(const void *file, size_t file_size, const dxil_part *part,
                              dxil_program_header *out, dxil_diags *diags)
{
    const uint8_t *p = (const uint8_t *)file + part->data_offset;
    memset(out, 0, sizeof *out);
    if ((uint64_t)part->data_offset + part->size > file_size)
        return container_error(diags, DXIL_E_PART_OUT_OF_RANGE, part->offset,
                               "part size 0x%x at 0x%x runs past the input", part->size,
                               part->offset);
    if (part->size < DXIL_PROGRAM_HEADER_SIZE)
        return container_error(diags, DXIL_E_PROGRAM_HEADER, part->data_offset,
                               "program header needs %u bytes, the part has %u",
                               DXIL_PROGRAM_HEADER_SIZE, part->size);
    out->program_version = rd_le32(p);
    out->shader_kind = out->program_version >> 16;
    out->sm_major = (out->program_version >> 4) & 0xF;
    out->sm_minor = out->program_version & 0xF;
    out->size_in_dwords = rd_le32(p + 4);
    if (rd_le32(p + 8) != DXIL_MAGIC)
        return container_error(diags, DXIL_E_PROGRAM_HEADER, part->data_offset + 8,
                               "program header lacks the DXIL magic (found 0x%08x)",
                               rd_le32(p + 8));
    out->dxil_version = rd_le32(p + 12);
    out->dxil_major = out->dxil_version >> 8;
    out->dxil_minor = out->dxil_version & 0xFF;
    out->bitcode_offset = rd_le32(p + 16);
    out->bitcode_size = rd_le32(p + 20);
    uint64_t start = 8ull + out->bitcode_offset, end = start + out->bitcode_size;
    if (out->bitcode_offset < 16 || end > part->size)
        return container_error(diags, DXIL_E_BITCODE_OUT_OF_RANGE, part->data_offset + 16,
                               "bitcode at offset 0x%x size 0x%x lies outside the part",
                               out->bitcode_offset, out->bitcode_size);
    if (out->bitcode_size == 0)
        return container_error(diags, DXIL_E_BITCODE_OUT_OF_RANGE, part->data_offset + 20,
                               "the %s part holds no bitcode", part->name);
    out->bitcode_file_offset = part->data_offset + start;
    return 0;
}

static int container_locate_wrapper(const uint8_t *p, size_t size, const uint8_t **bc,
                                    size_t *bc_size, dxil_diags *diags)
{
    if (size < WRAPPER_HEADER_SIZE)
        return container_error(diags, DXIL_E_WRAPPER, 0,
                               "bitcode wrapper header needs %u bytes, input has %zu",
                               WRAPPER_HEADER_SIZE, size);
    uint32_t off = rd_le32(p + 8), len = rd_le32(p + 12);
    if (off < WRAPPER_HEADER_SIZE || (uint64_t)off + len > size || len == 0)
        return container_error(diags, DXIL_E_WRAPPER, 8,
                               "wrapper bitcode offset 0x%x size 0x%x lies outside the input",
                               off, len);
    *bc = p + off;
    *bc_size = len;
    return 0;
}

int dxil_locate_bitcode(const void *data, size_t size, const char *part_name,
                        const uint8_t **bitcode, size_t *bitcode_size,
                        dxil_program_header *header, dxil_diags *diags)
{
    const uint8_t *p = data;
    dxil_input_kind kind = dxil_detect_input(data, size);
    if (kind == DXIL_INPUT_BITCODE) {
        *bitcode = p;
        *bitcode_size = size;
        return 0;
    }
    if (kind == DXIL_INPUT_WRAPPER)
        return container_locate_wrapper(p, size, bitcode, bitcode_size, diags);
    if (kind != DXIL_INPUT_CONTAINER)
        return container_error(diags, DXIL_E_UNKNOWN_FORMAT, 0,
                               "input is neither a DXContainer nor bitcode");
    dxil_container c;
    if (dxil_container_parse(data, size, &c, diags) != 0)
        return -1;
    const char *want = part_name ? part_name : "DXIL";
    const dxil_part *part = dxil_container_find(&c, want);
    dxil_program_header local;
    int rc = -1;
    if (!part)
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_PART_MISSING, DXIL_LOC_NONE, 0,
                       "the container has no %s part", want);
    else if (dxil_program_header_parse(data, size, part, header ? header : &local, diags) == 0) {
        const dxil_program_header *h = header ? header : &local;
        *bitcode = p + h->bitcode_file_offset;
        *bitcode_size = h->bitcode_size;
        rc = 0;
    }
    dxil_container_free(&c);
    return rc;
}
