/* Part decoders (dxil_parts.h) on hand-built parts of every version, each
 * way a part can be malformed, and the MD5 rounds under DXC's digest. */
#include "common/byteio.h"
#include "container/md5.h"
#include "dxil-upgrade/dxil_parts.h"
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

/* ---- building parts and containers ---------------------------------- */

typedef struct tp_buf {
    uint8_t b[2048];
    uint32_t n;
} tp_buf;

static void tp_u8(tp_buf *t, uint32_t v) { t->b[t->n++] = (uint8_t)v; }
static void tp_u16(tp_buf *t, uint32_t v) { tp_u8(t, v & 0xFF); tp_u8(t, v >> 8); }
static void tp_u32(tp_buf *t, uint32_t v) { wr_le32(t->b + t->n, v); t->n += 4; }
static void tp_str(tp_buf *t, const char *s)
{
    size_t len = strlen(s) + 1;
    memcpy(t->b + t->n, s, len);
    t->n += (uint32_t)len;
}
static void tp_align4(tp_buf *t) { while (t->n % 4) tp_u8(t, 0); }

typedef struct tp_part {
    const char *fourcc;
    const tp_buf *data;
} tp_part;

static uint8_t tp_file[8192];

static size_t tp_container(const tp_part *parts, uint32_t n)
{
    uint32_t pos = 32 + 4 * n;
    memset(tp_file, 0, sizeof tp_file);
    memcpy(tp_file, "DXBC", 4);
    tp_file[20] = 1;
    for (uint32_t i = 0; i < n; i++) {
        wr_le32(tp_file + 32 + 4 * i, pos);
        memcpy(tp_file + pos, parts[i].fourcc, 4);
        wr_le32(tp_file + pos + 4, parts[i].data->n);
        memcpy(tp_file + pos + 8, parts[i].data->b, parts[i].data->n);
        pos += 8 + parts[i].data->n;
    }
    wr_le32(tp_file + 24, pos);
    wr_le32(tp_file + 28, n);
    return pos;
}

static dxil_parts tp_parts;
static dxil_diags *tp_diags;

/* Decodes a container holding the one part; returns its decode. */
static const dxil_decoded_part *tp_decode_one(const char *fourcc, const tp_buf *data, int want_rc)
{
    tp_part part = {fourcc, data};
    size_t size = tp_container(&part, 1);
    dxil_parts_free(&tp_parts);
    dxil_diags_destroy(tp_diags);
    tp_diags = dxil_diags_create();
    int rc = dxil_parts_decode(tp_file, size, &tp_parts, tp_diags);
    CU_ASSERT_EQUAL(rc, want_rc);
    if (rc != want_rc)
        dxil_diags_print(tp_diags, stderr, fourcc);
    return rc < 0 ? NULL : &tp_parts.parts[0];
}

/* The first diagnostic is a malformed-part error whose text holds needle. */
static void tp_expect_malformed(const char *needle)
{
    const dxil_diag *d = dxil_diags_get(tp_diags, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(d->code, DXIL_E_PART_MALFORMED);
    CU_ASSERT_EQUAL(d->loc_kind, DXIL_LOC_BYTE);
    CU_ASSERT_PTR_NOT_NULL(strstr(d->message, needle));
    if (!strstr(d->message, needle))
        fprintf(stderr, "\n  wanted '%s' in '%s'\n", needle, d->message);
    CU_ASSERT_FALSE(tp_parts.parts[0].ok);
    CU_ASSERT_EQUAL(tp_parts.malformed, 1);
}

/* ---- signatures, SFI0, HASH, VERS, ILDN, SRCI, unknown --------------- */

/* Two elements; name_at overrides the second element's name offset. */
static void tp_sig(tp_buf *t, uint32_t count, uint32_t name_at)
{
    tp_u32(t, count);
    tp_u32(t, 8);
    static const uint32_t f[2][6] = {{0, 72, 0, 1, 3, 0}, {1, 84, 2, 0, 1, 3}};
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 6; k++)
            tp_u32(t, k == 1 && i == 1 && name_at ? name_at : f[i][k]);
        tp_u8(t, i ? 0x3 : 0xF);
        tp_u8(t, i ? 0x1 : 0x0);
        tp_u16(t, 0);
        tp_u32(t, i ? 5 : 0);
    }
    tp_str(t, "SV_Position");
    tp_str(t, "TEXCOORD");
    tp_align4(t);
}

static void test_signature(void)
{
    tp_buf t = {0};
    tp_sig(&t, 2, 0);
    const dxil_decoded_part *d = tp_decode_one("OSG1", &t, 0);
    CU_ASSERT_FATAL(d && d->ok && d->kind == DXIL_PART_SIGNATURE);
    CU_ASSERT_EQUAL_FATAL(d->u.sig.count, 2);
    const dxil_sig_element *e = d->u.sig.elements;
    CU_ASSERT_STRING_EQUAL(e[0].semantic, "SV_Position");
    CU_ASSERT_EQUAL(e[0].system_value, 1);
    CU_ASSERT_EQUAL(e[0].component_type, 3);
    CU_ASSERT_EQUAL(e[0].mask, 0xF);
    CU_ASSERT_STRING_EQUAL(e[1].semantic, "TEXCOORD");
    CU_ASSERT_EQUAL(e[1].stream, 1);
    CU_ASSERT_EQUAL(e[1].semantic_index, 2);
    CU_ASSERT_EQUAL(e[1].reg, 3);
    CU_ASSERT_EQUAL(e[1].mask, 0x3);
    CU_ASSERT_EQUAL(e[1].rw_mask, 0x1);
    CU_ASSERT_EQUAL(e[1].min_precision, 5);
}

static void test_signature_malformed(void)
{
    tp_buf t = {0};
    tp_sig(&t, 2, 4000); /* name offset past the part */
    tp_decode_one("ISG1", &t, 1);
    tp_expect_malformed("SemanticName");
    t.n = 0;
    tp_sig(&t, 0xFFFFFFFFu, 0); /* a count whose table cannot fit */
    tp_decode_one("ISG1", &t, 1);
    tp_expect_malformed("signature element table");
    t.n = 0;
    tp_sig(&t, 2, 0);
    t.n = 90; /* "TEXCOORD" cut before its NUL */
    tp_decode_one("PSG1", &t, 1);
    tp_expect_malformed("no terminating NUL");
}

static void test_sfi0_hash_vers_ildn(void)
{
    tp_buf t = {0};
    tp_u32(&t, 1u | 1u << 14);
    tp_u32(&t, 1);
    const dxil_decoded_part *d = tp_decode_one("SFI0", &t, 0);
    CU_ASSERT_FATAL(d && d->ok);
    CU_ASSERT_EQUAL(d->u.sfi0.flags, 0x100004001ull);
    CU_ASSERT_STRING_EQUAL(dxil_sfi0_flag_name(14), "WaveOps");
    CU_ASSERT_STRING_EQUAL(dxil_sfi0_flag_name(32), "ExtendedCommandInfo");
    CU_ASSERT_PTR_NULL(dxil_sfi0_flag_name(60));
    t.n = 4;
    tp_decode_one("SFI0", &t, 1);
    tp_expect_malformed("FeatureFlags high word");

    tp_buf h = {0};
    tp_u32(&h, 1);
    for (int i = 0; i < 16; i++)
        tp_u8(&h, 0xA0 + i);
    d = tp_decode_one("HASH", &h, 0);
    CU_ASSERT_FATAL(d && d->ok);
    CU_ASSERT_EQUAL(d->u.hash.flags, 1);
    CU_ASSERT_EQUAL(d->u.hash.digest[15], 0xAF);
    h.n = 12;
    tp_decode_one("HASH", &h, 1);
    tp_expect_malformed("Digest");

    tp_buf v = {0};
    tp_u16(&v, 1);
    tp_u16(&v, 8);
    tp_u32(&v, 2);
    tp_u32(&v, 4321);
    tp_u32(&v, 20);
    tp_str(&v, "abcdef1");
    tp_str(&v, "1.8.2505");
    tp_align4(&v);
    d = tp_decode_one("VERS", &v, 0);
    CU_ASSERT_FATAL(d && d->ok);
    CU_ASSERT_EQUAL(d->u.vers.minor, 8);
    CU_ASSERT_EQUAL(d->u.vers.commit_count, 4321);
    CU_ASSERT_STRING_EQUAL(d->u.vers.commit, "abcdef1");
    CU_ASSERT_STRING_EQUAL(d->u.vers.version_string, "1.8.2505");
    wr_le32(v.b + 12, 400);
    tp_decode_one("VERS", &v, 1);
    tp_expect_malformed("version string list");

    tp_buf n = {0};
    tp_u16(&n, 0);
    tp_u16(&n, 7);
    tp_str(&n, "abc.pdb");
    d = tp_decode_one("ILDN", &n, 0);
    CU_ASSERT_FATAL(d && d->ok);
    CU_ASSERT_STRING_EQUAL(d->u.ildn.name, "abc.pdb");
    wr_le32(n.b, 6u << 16); /* length 6: byte 6 is 'b', not the NUL */
    tp_decode_one("ILDN", &n, 1);
    tp_expect_malformed("NUL");
}

static void test_srci_and_unknown(void)
{
    tp_buf s = {0};
    tp_u32(&s, 32);
    tp_u16(&s, 0);
    tp_u16(&s, 2);
    uint32_t sizes[2] = {12, 12};
    for (int i = 0; i < 2; i++) {
        tp_u32(&s, sizes[i]);
        tp_u16(&s, 0);
        tp_u16(&s, (uint32_t)i + 1);
        tp_u32(&s, 0xDEADBEEF);
    }
    const dxil_decoded_part *d = tp_decode_one("SRCI", &s, 0);
    CU_ASSERT_FATAL(d && d->ok && d->u.srci.section_count == 2);
    CU_ASSERT_EQUAL(d->u.srci.sections[1].type, 2);
    wr_le32(s.b + 20, 400); /* second section runs past the part */
    tp_decode_one("SRCI", &s, 1);
    tp_expect_malformed("section 1");

    tp_buf u = {0};
    tp_str(&u, "xyz");
    d = tp_decode_one("ZZZ9", &u, 0);
    CU_ASSERT_FATAL(d && d->ok);
    CU_ASSERT_EQUAL(d->kind, DXIL_PART_UNKNOWN);
    CU_ASSERT_EQUAL(d->part.size, 4);
    CU_ASSERT_EQUAL(memcmp(d->bytes, "xyz", 4), 0);
}

/* ---- PSV0 ------------------------------------------------------------- */

static const uint32_t tp_psv_info_size[5] = {24, 36, 48, 52, 56};

/* A PSV0 of runtime info version ver for a stage (DXC kind numbering):
 * one resource, and from version 1 one input element (semantic index 3)
 * with one input and one output vector, so an input-to-output table. */
static void tp_psv(tp_buf *t, int ver, uint32_t stage)
{
    tp_u32(t, tp_psv_info_size[ver]);
    for (int i = 0; i < 16; i++)
        tp_u8(t, i == 0); /* stage union: first byte 1 */
    tp_u32(t, 4);
    tp_u32(t, 64);
    if (ver >= 1) {
        tp_u8(t, stage);
        tp_u8(t, 0);       /* UsesViewID */
        tp_u16(t, 0);
        tp_u8(t, 1);       /* SigInputElements */
        tp_u8(t, 0);
        tp_u8(t, 0);
        tp_u8(t, 1);       /* SigInputVectors */
        tp_u32(t, 1);      /* SigOutputVectors[0] = 1 */
    }
    if (ver >= 2)
        for (uint32_t i = 0; i < 3; i++)
            tp_u32(t, 8 >> i);
    if (ver >= 3)
        tp_u32(t, 1);      /* EntryFunctionName: "main" at string offset 1 */
    if (ver >= 4)
        tp_u32(t, 256);
    tp_u32(t, 1);          /* ResourceCount */
    tp_u32(t, ver ? 24 : 16);
    static const uint32_t res[6] = {8, 2, 5, 7, 12, 1};
    for (int i = 0; i < (ver ? 6 : 4); i++)
        tp_u32(t, res[i]);
    if (ver == 0)
        return;
    tp_u32(t, 16);         /* string table */
    tp_str(t, "");
    tp_str(t, "main");
    tp_str(t, "TEXCOORD");
    tp_u8(t, 0);
    tp_u32(t, 1);          /* semantic index table */
    tp_u32(t, 3);
    tp_u32(t, 16);         /* PSVSignatureElement size */
    tp_u32(t, 6);          /* name "TEXCOORD" */
    tp_u32(t, 0);          /* indexes at 0 */
    static const uint8_t el[8] = {1, 0, 0x40 | 0x4, 0, 3, 2, 0x1F, 0};
    for (int i = 0; i < 8; i++)
        tp_u8(t, el[i]);
    for (int i = 0; i < 4; i++)
        tp_u32(t, 0x10u << i); /* input-to-output[0]: 1 in x 1 out = 4 dwords */
}

static void test_psv0_versions(void)
{
    for (int ver = 0; ver <= 4; ver++) {
        tp_buf t = {0};
        tp_psv(&t, ver, 1);
        const dxil_decoded_part *d = tp_decode_one("PSV0", &t, 0);
        CU_ASSERT_FATAL(d && d->ok);
        const dxil_psv0 *v = &d->u.psv0;
        CU_ASSERT_EQUAL(v->info_version, (uint32_t)ver);
        CU_ASSERT_EQUAL(v->max_wave_lanes, 64);
        CU_ASSERT_EQUAL_FATAL(v->resource_count, 1);
        CU_ASSERT_EQUAL(v->resources[0].type, 8);
        CU_ASSERT_EQUAL(v->resources[0].upper_bound, 7);
        CU_ASSERT_EQUAL(v->resources[0].kind, ver ? 12u : 0u);
        CU_ASSERT_EQUAL(v->num_threads[1], ver >= 2 ? 4u : 0u);
        CU_ASSERT_EQUAL(v->groupshared_bytes, ver >= 4 ? 256u : 0u);
        if (ver >= 3)
            CU_ASSERT_STRING_EQUAL(v->entry_name, "main");
        if (ver == 0)
            continue;
        CU_ASSERT_EQUAL(v->shader_stage, 1);
        CU_ASSERT_EQUAL_FATAL(v->input_count, 1);
        CU_ASSERT_STRING_EQUAL(v->inputs[0].name, "TEXCOORD");
        CU_ASSERT_EQUAL(v->inputs[0].cols, 4);
        CU_ASSERT_TRUE(v->inputs[0].allocated);
        CU_ASSERT_EQUAL(v->inputs[0].dynamic_mask, 0xF);
        CU_ASSERT_EQUAL(v->inputs[0].stream, 1);
        CU_ASSERT_EQUAL_FATAL(v->inputs[0].index_count, 1);
        CU_ASSERT_EQUAL(v->inputs[0].indices[0], 3);
        CU_ASSERT_EQUAL_FATAL(v->table_count, 1);
        CU_ASSERT_STRING_EQUAL(v->tables[0].name, "input-to-output[0]");
        CU_ASSERT_EQUAL(v->tables[0].dwords, 4);
        CU_ASSERT_EQUAL(v->tables[0].bits[3], 0x80);
    }
}

static void test_psv0_malformed(void)
{
    tp_buf t = {0};
    tp_psv(&t, 3, 5);
    wr_le32(t.b, 20); /* shorter than any runtime info */
    tp_decode_one("PSV0", &t, 1);
    tp_expect_malformed("below the version 0 size");

    t.n = 0;
    tp_psv(&t, 3, 5);
    wr_le32(t.b + 56, 0x40000000u); /* resource count that overflows 32 bits */
    tp_decode_one("PSV0", &t, 1);
    tp_expect_malformed("resource bindings");

    t.n = 0;
    tp_psv(&t, 2, 5);
    uint32_t strings = 4 + 48 + 8 + 24;
    wr_le32(t.b + strings, 5000); /* string table past the end */
    tp_decode_one("PSV0", &t, 1);
    tp_expect_malformed("StringTable");

    t.n = 0;
    tp_psv(&t, 2, 5);
    wr_le32(t.b + strings + 4 + 16 + 4 + 4 + 4 + 4, 9); /* semantic index past its table */
    tp_decode_one("PSV0", &t, 1);
    tp_expect_malformed("SemanticIndexes 9");

    t.n = 0;
    tp_psv(&t, 1, 5);
    t.n -= 4; /* dependency table cut short */
    tp_decode_one("PSV0", &t, 1);
    tp_expect_malformed("input-to-output[0]");

    t.n = 0;
    tp_psv(&t, 1, 5);
    tp_u32(&t, 0); /* a stray word after the last table */
    tp_decode_one("PSV0", &t, 1);
    tp_expect_malformed("follow the last table");
}

/* ---- RTS0 ------------------------------------------------------------- */

/* Root signature of version ver (1-3): a descriptor table with one range,
 * root constants, a root CBV, and one static sampler. */
static void tp_rts(tp_buf *t, uint32_t ver)
{
    uint32_t range_size = ver >= 2 ? 24 : 20, desc_size = ver >= 2 ? 12 : 8;
    uint32_t params = 24, table = params + 3 * 12, ranges = table + 8;
    uint32_t consts = ranges + range_size, desc = consts + 12, samplers = desc + desc_size;
    uint32_t header[6] = {ver, 3, params, 1, samplers, 0x41};
    for (int i = 0; i < 6; i++)
        tp_u32(t, header[i]);
    uint32_t p[3][3] = {{0, 5, table}, {1, 0, consts}, {2, 1, desc}};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            tp_u32(t, p[i][k]);
    tp_u32(t, 1);
    tp_u32(t, ranges);
    uint32_t range[6] = {1, 4, 2, 3, 0x8, 0xFFFFFFFFu};
    for (int i = 0; i < 6; i++)
        if (i != 4 || ver >= 2)
            tp_u32(t, range[i]);
    tp_u32(t, 7);  /* constants: b7 space0, 16 values */
    tp_u32(t, 0);
    tp_u32(t, 16);
    tp_u32(t, 2);  /* CBV b2 space1 */
    tp_u32(t, 1);
    if (ver >= 2)
        tp_u32(t, 4);
    for (uint32_t i = 0; i < 13; i++)
        tp_u32(t, i == 9 ? 0x3f800000u : i); /* MaxLOD 1.0f */
    if (ver >= 3)
        tp_u32(t, 1);
}

static void test_rts0_versions(void)
{
    for (uint32_t ver = 1; ver <= 3; ver++) {
        tp_buf t = {0};
        tp_rts(&t, ver);
        const dxil_decoded_part *d = tp_decode_one("RTS0", &t, 0);
        CU_ASSERT_FATAL(d && d->ok);
        const dxil_rts0 *r = &d->u.rts0;
        CU_ASSERT_EQUAL(r->version, ver);
        CU_ASSERT_EQUAL(r->flags, 0x41);
        CU_ASSERT_EQUAL_FATAL(r->param_count, 3);
        CU_ASSERT_EQUAL(r->params[0].visibility, 5);
        CU_ASSERT_EQUAL_FATAL(r->params[0].range_count, 1);
        CU_ASSERT_EQUAL(r->params[0].ranges[0].type, 1);
        CU_ASSERT_EQUAL(r->params[0].ranges[0].count, 4);
        CU_ASSERT_EQUAL(r->params[0].ranges[0].space, 3);
        CU_ASSERT_EQUAL(r->params[0].ranges[0].flags, ver >= 2 ? 8u : 0u);
        CU_ASSERT_EQUAL(r->params[0].ranges[0].offset, 0xFFFFFFFFu);
        CU_ASSERT_EQUAL(r->params[1].reg, 7);
        CU_ASSERT_EQUAL(r->params[1].num_values, 16);
        CU_ASSERT_EQUAL(r->params[2].space, 1);
        CU_ASSERT_EQUAL(r->params[2].flags, ver >= 2 ? 4u : 0u);
        CU_ASSERT_EQUAL_FATAL(r->sampler_count, 1);
        CU_ASSERT_EQUAL(r->samplers[0].reg, 10);
        CU_ASSERT_DOUBLE_EQUAL(r->samplers[0].max_lod, 1.0, 1e-9);
        CU_ASSERT_EQUAL(r->samplers[0].visibility, 12);
        CU_ASSERT_EQUAL(r->samplers[0].flags, ver >= 3 ? 1u : 0u);
    }
}

static void test_rts0_malformed(void)
{
    tp_buf t = {0};
    tp_rts(&t, 2);
    wr_le32(t.b, 7);
    tp_decode_one("RTS0", &t, 1);
    tp_expect_malformed("root signature version 7");

    t.n = 0;
    tp_rts(&t, 2);
    wr_le32(t.b + 8, 0xFFFFFFF0u); /* parameters past the end */
    tp_decode_one("RTS0", &t, 1);
    tp_expect_malformed("root parameters");

    t.n = 0;
    tp_rts(&t, 2);
    wr_le32(t.b + 60, 0x20000000u); /* range count * 24 overflows 32 bits */
    tp_decode_one("RTS0", &t, 1);
    tp_expect_malformed("descriptor ranges");

    t.n = 0;
    tp_rts(&t, 3);
    t.n -= 4; /* 1.2 sampler without its flags */
    tp_decode_one("RTS0", &t, 1);
    tp_expect_malformed("static samplers");
}

/* ---- RDAT ------------------------------------------------------------- */

/* Strings, index arrays, one resource, one function using it. */
static void tp_rdat(tp_buf *t, uint32_t fn_stride)
{
    uint32_t off[4], start = 8 + 16;
    tp_u32(t, 0x10);
    tp_u32(t, 4);
    uint32_t sizes[4] = {20, 12, 8 + 32, 8 + fn_stride};
    off[0] = start;
    for (int i = 1; i < 4; i++)
        off[i] = off[i - 1] + 8 + sizes[i - 1];
    for (int i = 0; i < 4; i++)
        tp_u32(t, off[i]);
    tp_u32(t, 1); /* strings: "", "tex", "main", "?main@@" */
    tp_u32(t, 20);
    tp_str(t, "");
    tp_str(t, "tex");
    tp_str(t, "main");
    tp_str(t, "?main@@");
    tp_u8(t, 0);
    tp_u8(t, 0);
    tp_u32(t, 2); /* index arrays: list [0] at word 0, empty list at word 2 */
    tp_u32(t, 12);
    tp_u32(t, 1);
    tp_u32(t, 0);
    tp_u32(t, 0);
    tp_u32(t, 3); /* resource table */
    tp_u32(t, 40);
    tp_u32(t, 1);
    tp_u32(t, 32);
    uint32_t res[8] = {0, 2, 0, 1, 4, 4, 1, 0};
    for (int i = 0; i < 8; i++)
        tp_u32(t, res[i]);
    tp_u32(t, 4); /* function table */
    tp_u32(t, 8 + fn_stride);
    tp_u32(t, 1);
    tp_u32(t, fn_stride);
    uint32_t fn[11] = {10, 5, 0, 2, 5, 0, 0, 1, 0, 0x20, 0x50066};
    for (uint32_t i = 0; i < fn_stride / 4; i++)
        tp_u32(t, i < 11 ? fn[i] : 0xAB);
}

static void test_rdat(void)
{
    for (uint32_t stride = 44; stride <= 52; stride += 8) {
        tp_buf t = {0};
        tp_rdat(&t, stride);
        const dxil_decoded_part *d = tp_decode_one("RDAT", &t, 0);
        CU_ASSERT_FATAL(d && d->ok);
        const dxil_rdat *r = &d->u.rdat;
        CU_ASSERT_EQUAL(r->version, 0x10);
        CU_ASSERT_EQUAL(r->table_count, 4);
        CU_ASSERT_EQUAL(r->string_count, 6);
        CU_ASSERT_EQUAL(r->index_count, 3);
        CU_ASSERT_EQUAL_FATAL(r->resource_count, 1);
        CU_ASSERT_STRING_EQUAL(r->resources[0].name, "tex");
        CU_ASSERT_EQUAL(r->resources[0].kind, 2);
        CU_ASSERT_EQUAL(r->resources[0].upper_bound, 4);
        CU_ASSERT_EQUAL_FATAL(r->function_count, 1);
        const dxil_rdat_function *f = &r->functions[0];
        CU_ASSERT_STRING_EQUAL(f->name, "?main@@");
        CU_ASSERT_STRING_EQUAL(f->unmangled_name, "main");
        CU_ASSERT_EQUAL_FATAL(f->resource_count, 1);
        CU_ASSERT_EQUAL(f->resources[0], 0);
        CU_ASSERT_EQUAL(f->dependency_count, 0);
        CU_ASSERT_EQUAL(f->shader_kind, 5);
        CU_ASSERT_EQUAL(f->min_shader_target, 0x50066);
    }
}

static void test_rdat_malformed(void)
{
    tp_buf t = {0};
    tp_rdat(&t, 44);
    uint32_t res = 24 + 28 + 20 + 16; /* first resource record */
    wr_le32(t.b + res + 24, 300);   /* name past the string buffer */
    tp_decode_one("RDAT", &t, 1);
    tp_expect_malformed("resource Name");

    t.n = 0;
    tp_rdat(&t, 44);
    uint32_t fn = res + 32 + 16;
    wr_le32(t.b + fn + 8, 2);           /* Resources: the list at word 2 ... */
    wr_le32(t.b + 24 + 28 + 8 + 8, 50); /* ... now claims 50 entries */
    tp_decode_one("RDAT", &t, 1);
    tp_expect_malformed("runs past the index arrays");

    t.n = 0;
    tp_rdat(&t, 44);
    wr_le32(t.b + res - 4, 16); /* resource stride below a record */
    tp_decode_one("RDAT", &t, 1);
    tp_expect_malformed("resource record stride 16");

    t.n = 0;
    tp_rdat(&t, 44);
    wr_le32(t.b + 8, 0xFFFFFF00u); /* part offset past the end */
    tp_decode_one("RDAT", &t, 1);
    tp_expect_malformed("part Type");
}

/* ---- program headers, containers with several parts ------------------ */

static void tp_program(tp_buf *t, const char *magic)
{
    tp_u32(t, 5u << 16 | 6u << 4 | 5);
    tp_u32(t, 8);
    memcpy(t->b + t->n, magic, 4);
    t->n += 4;
    tp_u32(t, 0x105);
    tp_u32(t, 16);
    tp_u32(t, 8);
    static const uint8_t bc[8] = {'B', 'C', 0xC0, 0xDE, 0x35, 0x14, 0, 0};
    memcpy(t->b + t->n, bc, 8);
    t->n += 8;
}

static void test_program_header(void)
{
    tp_buf t = {0};
    tp_program(&t, "DXIL");
    const dxil_decoded_part *d = tp_decode_one("STAT", &t, 0);
    CU_ASSERT_FATAL(d && d->ok && d->kind == DXIL_PART_PROGRAM);
    CU_ASSERT_EQUAL(d->u.program.shader_kind, 5);
    CU_ASSERT_EQUAL(d->u.program.sm_minor, 5);
    CU_ASSERT_EQUAL(d->u.program.bitcode_size, 8);
    t.n = 0;
    tp_program(&t, "NOPE");
    d = tp_decode_one("DXIL", &t, 1);
    CU_ASSERT_FATAL(d != NULL);
    CU_ASSERT_FALSE(d->ok);
    CU_ASSERT_EQUAL(dxil_diags_get(tp_diags, 0)->code, DXIL_E_PROGRAM_HEADER);
}

/* A malformed part leaves the parts before and after it decoded. */
static void test_other_parts_still_decode(void)
{
    tp_buf sfi = {0}, psv = {0}, sig = {0};
    tp_u32(&sfi, 1);
    tp_u32(&sfi, 0);
    tp_psv(&psv, 3, 5);
    wr_le32(psv.b + 56, 0x40000000u);
    tp_sig(&sig, 2, 0);
    tp_part parts[] = {{"SFI0", &sfi}, {"PSV0", &psv}, {"ISG1", &sig}};
    size_t size = tp_container(parts, 3);
    dxil_parts p;
    dxil_diags *diags = dxil_diags_create();
    CU_ASSERT_EQUAL(dxil_parts_decode(tp_file, size, &p, diags), 1);
    CU_ASSERT_EQUAL_FATAL(p.count, 3);
    CU_ASSERT_TRUE(p.parts[0].ok);
    CU_ASSERT_EQUAL(p.parts[0].u.sfi0.flags, 1);
    CU_ASSERT_FALSE(p.parts[1].ok);
    CU_ASSERT_TRUE(p.parts[2].ok);
    CU_ASSERT_EQUAL(p.parts[2].u.sig.count, 2);
    CU_ASSERT_EQUAL(dxil_diags_error_count(diags), 1);
    const dxil_diag *d = dxil_diags_get(diags, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(d->message, "PSV0 part at 0x"));
    /* The offset points into the PSV0 part, at the resource table. */
    CU_ASSERT(d->offset > p.parts[1].part.data_offset &&
              d->offset < p.parts[1].part.data_offset + p.parts[1].part.size);
    char *json = dxil_parts_json_string(&p, false);
    CU_ASSERT_PTR_NOT_NULL(json);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"ok\":false,\"decoded\":null"));
    free(json);
    dxil_parts_free(&p);
    dxil_diags_destroy(diags);
}

/* ---- digests ---------------------------------------------------------- */

static void tp_hex(const uint8_t d[16], char out[33])
{
    for (int i = 0; i < 16; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* RFC 1321's test suite checks the rounds DXC's digest is built on. */
static void test_md5_rounds(void)
{
    static const char *const cases[][2] = {
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        uint8_t d[16];
        char hex[33];
        md5_digest((const uint8_t *)cases[i][0], strlen(cases[i][0]), d);
        tp_hex(d, hex);
        CU_ASSERT_STRING_EQUAL(hex, cases[i][1]);
    }
}

static dxil_hash_status tp_status(size_t size)
{
    dxil_hash_check h;
    CU_ASSERT_EQUAL_FATAL(dxil_container_hash_check(tp_file, size, &h, NULL), 0);
    return h.status;
}

static void test_hash_status(void)
{
    tp_buf sfi = {0};
    tp_u32(&sfi, 0);
    tp_u32(&sfi, 0);
    tp_part part = {"SFI0", &sfi};
    size_t size = tp_container(&part, 1);
    CU_ASSERT_EQUAL(tp_status(size), DXIL_HASH_UNSIGNED);
    memset(tp_file + 4, 1, 16);
    CU_ASSERT_EQUAL(tp_status(size), DXIL_HASH_BYPASS);
    memset(tp_file + 4, 2, 16);
    CU_ASSERT_EQUAL(tp_status(size), DXIL_HASH_PREVIEW_BYPASS);
    dxc_digest(tp_file + 20, size - 20, tp_file + 4);
    CU_ASSERT_EQUAL(tp_status(size), DXIL_HASH_OK);
    tp_file[size - 1] ^= 0x40;
    CU_ASSERT_EQUAL(tp_status(size), DXIL_HASH_MISMATCH);
    /* DXC's digest differs from plain MD5 (the final block is its own). */
    uint8_t plain[16];
    md5_digest(tp_file + 20, size - 20, plain);
    CU_ASSERT_NOT_EQUAL(memcmp(plain, tp_file + 4, 16), 0);
    CU_ASSERT_STRING_EQUAL(dxil_hash_status_name(DXIL_HASH_PREVIEW_BYPASS), "preview-bypass");
    CU_ASSERT_STRING_EQUAL(dxil_hash_status_name((dxil_hash_status)99), "?");
}

static void tp_cleanup(void)
{
    dxil_parts_free(&tp_parts);
    dxil_diags_destroy(tp_diags);
    tp_diags = NULL;
}

static void test_cleanup(void)
{
    tp_cleanup();
    CU_ASSERT_PTR_NULL(tp_parts.parts);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"signature elements", test_signature},
        {"malformed signatures", test_signature_malformed},
        {"SFI0, HASH, VERS, ILDN", test_sfi0_hash_vers_ildn},
        {"SRCI and unknown parts", test_srci_and_unknown},
        {"PSV0 runtime info versions 0-4", test_psv0_versions},
        {"malformed PSV0", test_psv0_malformed},
        {"RTS0 1.0, 1.1, 1.2", test_rts0_versions},
        {"malformed RTS0", test_rts0_malformed},
        {"RDAT tables", test_rdat},
        {"malformed RDAT", test_rdat_malformed},
        {"program headers", test_program_header},
        {"other parts still decode", test_other_parts_still_decode},
        {"MD5 rounds", test_md5_rounds},
        {"container digest status", test_hash_status},
        {"cleanup", test_cleanup},
        {NULL, NULL}};
    tu_add_suite("container parts", cases);
    return 0;
}
