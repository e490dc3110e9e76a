/* carried.c - the parts the writer carries as blobs (RTS0, VERS, ILDN,
 * STAT, RDAT, ILDB, unknown parts), taken from a container or from the
 * !dxu.parts / !dxu.container side metadata raise_parts.c writes. The
 * metadata form is read strictly: a malformed node is diagnosed by name
 * and operand, since its bytes go into a signed container. */
#include "write_internal.h"
#include "common/byteio.h"
#include "common/side_metadata.h"
#include "module/md_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cr_fail(dxil_diags *diags, const char *node, unsigned op, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_PART_WRITE, DXIL_LOC_NONE, 0,
                   "!%s operand %u: %s", node, op, msg);
    return -1;
}

/* A FourCC the part table and dxil_write_part can both hold. */
static bool cr_fourcc_ok(const char *s, size_t n)
{
    if (n != 4)
        return false;
    for (size_t i = 0; i < 4; i++)
        if (s[i] <= ' ' || s[i] > '~')
            return false;
    return true;
}

void dxil_write_carried_free(dxil_write_carried *c)
{
    if (!c)
        return;
    free(c->parts);
    free(c->storage);
    memset(c, 0, sizeof *c);
}

void dxil_write_input_use_carried(dxil_write_input *in, const dxil_write_carried *c)
{
    in->carried = c->parts;
    in->carried_count = c->count;
    in->digest = c->digest;
    in->hash_includes_source = c->hash_includes_source;
    in->options.psv_info_size = c->psv_info_size;
}

/* The digest kind from the header alone: DXC's sentinels, else a digest
 * (OK; a mismatching one is written as DXC's). Hashing the file to tell
 * the two apart would read every part of it. */
static dxil_hash_status cr_digest_kind(const uint8_t stored[16])
{
    static const struct {
        uint8_t fill;
        dxil_hash_status status;
    } sentinels[] = {{0, DXIL_HASH_UNSIGNED}, {1, DXIL_HASH_BYPASS},
                     {2, DXIL_HASH_PREVIEW_BYPASS}};
    for (size_t k = 0; k < sizeof sentinels / sizeof *sentinels; k++) {
        int i = 0;
        while (i < 16 && stored[i] == sentinels[k].fill)
            i++;
        if (i == 16)
            return sentinels[k].status;
    }
    return DXIL_HASH_OK;
}

/* HASH's flag and PSV0's runtime info size: each part's first word. */
static void cr_container_facts(const uint8_t *d, const dxil_container *c,
                               dxil_write_carried *out)
{
    const dxil_part *hash = dxil_container_find(c, "HASH");
    const dxil_part *psv = dxil_container_find(c, "PSV0");
    if (hash && hash->size >= 4)
        out->hash_includes_source = rd_le32(d + hash->data_offset) != 0;
    if (psv && psv->size >= 4)
        out->psv_info_size = rd_le32(d + psv->data_offset);
    out->digest = cr_digest_kind(c->hash);
}


int dxil_write_carried_from_container(const void *data, size_t size,
                                      dxil_write_carried *out, dxil_diags *diags)
{
    dxil_container c;
    memset(out, 0, sizeof *out);
    if (dxil_container_parse(data, size, &c, diags) != 0)
        return -1;
    out->parts = calloc(c.part_count + 1, sizeof *out->parts);
    if (!out->parts) {
        dxil_container_free(&c);
        return cr_fail(diags, "container", 0, "out of memory");
    }
    for (uint32_t i = 0; i < c.part_count; i++) {
        const dxil_part *p = &c.parts[i];
        if (write_is_regenerated(p->name))
            continue;
        if (!cr_fourcc_ok(p->name, strlen(p->name)) || strchr(p->name, '?')) {
            dxil_diags_add(diags, DXIL_SEV_WARNING, DXIL_E_PART_WRITE, DXIL_LOC_BYTE, p->offset,
                           "part %u: FourCC 0x%08x is not printable; not carried", i, p->fourcc);
            continue;
        }
        dxil_write_part *w = &out->parts[out->count++];
        memcpy(w->fourcc, p->name, 5);
        w->data = (const uint8_t *)data + p->data_offset;
        w->size = p->size;
    }
    cr_container_facts(data, &c, out);
    dxil_container_free(&c);
    return 0;
}

/* One !dxu.parts operand: !{!"FourCC", !"bytes"}; p points at LLVM's bytes. */
static int cr_read_part(LLVMValueRef node, unsigned i, const dxil_write_carried *done,
                        dxil_write_part *p, dxil_diags *diags)
{
    unsigned n = 0, name_len = 0, len = 0;
    LLVMValueRef *ops = md_operands(node, &n);
    bool pair = n == 2 && ops[0] && ops[1];
    const char *name = pair && LLVMIsAMDString(ops[0]) ? LLVMGetMDString(ops[0], &name_len) : NULL;
    const char *bytes = pair && LLVMIsAMDString(ops[1]) ? LLVMGetMDString(ops[1], &len) : NULL;
    free(ops);
    if (!name || !bytes)
        return cr_fail(diags, DXU_MD_PARTS, i, "not !{!\"FourCC\", !\"part data\"}");
    if (!cr_fourcc_ok(name, name_len))
        return cr_fail(diags, DXU_MD_PARTS, i, "FourCC is not 4 printable characters");
    memcpy(p->fourcc, name, 4);
    p->fourcc[4] = '\0';
    if (strcmp(p->fourcc, "DXIL") == 0)
        return cr_fail(diags, DXU_MD_PARTS, i, "the DXIL part is written, not carried");
    for (size_t k = 0; k < done->count; k++)
        if (strcmp(done->parts[k].fourcc, p->fourcc) == 0)
            return cr_fail(diags, DXU_MD_PARTS, i, "part %s appears twice", p->fourcc);
    p->data = bytes;
    p->size = len;
    return 0;
}

/* Copies the parts' bytes out of the module into out->storage. */
static int cr_own(dxil_write_carried *out, dxil_diags *diags)
{
    size_t total = 0;
    for (size_t i = 0; i < out->count; i++)
        total += out->parts[i].size;
    uint8_t *s = malloc(total ? total : 1);
    if (!s)
        return cr_fail(diags, DXU_MD_PARTS, 0, "out of memory");
    out->storage = s;
    for (size_t i = 0; i < out->count; i++) {
        memcpy(s, out->parts[i].data, out->parts[i].size);
        out->parts[i].data = s;
        s += out->parts[i].size;
    }
    return 0;
}

static int cr_read_parts(LLVMModuleRef m, dxil_write_carried *out, dxil_diags *diags)
{
    unsigned n = md_named_count(m, DXU_MD_PARTS);
    if (n == 0)
        return 0;
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    out->parts = calloc(n, sizeof *out->parts);
    if (!ops || !out->parts) {
        free(ops);
        return cr_fail(diags, DXU_MD_PARTS, 0, "out of memory");
    }
    LLVMGetNamedMetadataOperands(m, DXU_MD_PARTS, ops);
    int rc = 0;
    for (unsigned i = 0; rc == 0 && i < n; i++) {
        rc = cr_read_part(ops[i], i, out, &out->parts[out->count], diags);
        out->count += rc == 0;
    }
    free(ops);
    return rc ? rc : cr_own(out, diags);
}

static int cr_digest(const char *name, dxil_hash_status *out)
{
    for (int s = DXIL_HASH_OK; s <= DXIL_HASH_PREVIEW_BYPASS; s++)
        if (s != DXIL_HASH_MISMATCH && strcmp(dxil_hash_status_name(s), name) == 0) {
            *out = (dxil_hash_status)s;
            return 0;
        }
    return -1;
}

static bool cr_hex16(const char *s, uint8_t out[16])
{
    if (strlen(s) != 32)
        return false;
    for (int i = 0; i < 32; i++) {
        char ch = s[i];
        int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (v < 0)
            return false;
        out[i / 2] = (uint8_t)(i % 2 ? out[i / 2] | v : v << 4);
    }
    return true;
}

/* One !dxu.container operand: !{!"key", value}. */
static int cr_read_fact(LLVMValueRef node, unsigned i, dxil_write_carried *out,
                        dxil_diags *diags)
{
    char key[32], val[40];
    uint64_t v = 0;
    if (md_num_operands(node) != 2 || !md_string(md_operand(node, 0), key, sizeof key))
        return cr_fail(diags, DXU_MD_CONTAINER, i, "not !{!\"key\", value}");
    bool is_int = md_operand_uint(node, 1, &v) == 0 && v <= UINT32_MAX;
    if (strcmp(key, DXU_CONTAINER_DIGEST) == 0) {
        if (md_string(md_operand(node, 1), val, sizeof val) && cr_digest(val, &out->digest) == 0)
            return 0;
        return cr_fail(diags, DXU_MD_CONTAINER, i,
                       "digest is not ok, unsigned, bypass or preview-bypass");
    }
    if (strcmp(key, DXU_CONTAINER_CONTENT_DIGEST) == 0) {
        if (md_string(md_operand(node, 1), val, sizeof val) && cr_hex16(val, out->content_digest)) {
            out->has_content_digest = true;
            return 0;
        }
        return cr_fail(diags, DXU_MD_CONTAINER, i, "contentDigest is not 32 hex digits");
    }
    if (!is_int)
        return cr_fail(diags, DXU_MD_CONTAINER, i, "\"%s\" needs an i32 value or is unknown", key);
    if (strcmp(key, DXU_CONTAINER_HASH_SOURCE) == 0)
        out->hash_includes_source = v != 0;
    else if (strcmp(key, DXU_CONTAINER_PSV_INFO_SIZE) == 0)
        out->psv_info_size = (uint32_t)v;
    else
        return cr_fail(diags, DXU_MD_CONTAINER, i, "unknown key \"%s\"", key);
    return 0;
}

int dxil_write_carried_from_module(LLVMModuleRef module, dxil_write_carried *out,
                                   dxil_diags *diags)
{
    memset(out, 0, sizeof *out);
    if (!module)
        return cr_fail(diags, DXU_MD_PARTS, 0, "no module");
    int rc = cr_read_parts(module, out, diags);
    unsigned n = rc ? 0 : md_named_count(module, DXU_MD_CONTAINER);
    for (unsigned i = 0; rc == 0 && i < n; i++)
        rc = cr_read_fact(md_named_operand(module, DXU_MD_CONTAINER, i), i, out, diags);
    if (rc)
        dxil_write_carried_free(out);
    return rc;
}
