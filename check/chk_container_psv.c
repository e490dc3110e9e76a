/* chk_container_psv.c - the PSV0 part against the module, in the order
 * and with the verdicts of DXC's VerifyPSVMatches and PSVContentVerifier:
 *
 * - the layout (chk_psv.c): Container.ContentInvalid when it does not
 *   add up, or the string table is not NUL-terminated;
 * - the record sizes the validator version implies (runtime info 24, 36,
 *   48, 52 or 56 bytes; bindings 16 or 24; elements 16):
 *   Container.ContentMatches 'PSVRuntimeInfoSize', ...;
 * - the content, Container.ContentMatches per field that differs: the
 *   resource bindings and the runtime info against the ones DXC's PSV
 *   writer builds from the module, rebuilt here (chk_psv_info.c) and not
 *   by this project's writer, whose bugs would hide themselves; the
 *   shader stage, ViewID use, each signature element against the entry's
 *   records as DXC's loader reads them (chk_sig_load.c: the kind at the
 *   element's point, DXC's name; then semantic name or kind, indices,
 *   packing, types, interpolation, stream, dynamic index mask); the
 *   ViewID and input-output tables against the writer's PSV0 (the
 *   dx.viewIdState words laid out as DXC's writer does); the entry name.
 *   An element whose name or indices lie outside the tables is
 *   Container.ContentInvalid;
 * - strings and semantic indices no element uses:
 *   Container.UnusedItemInTable;
 * - and Container.PartMatches 'Pipeline State Validation' when any
 *   content differed. */
#include "chk_container.h"
#include "chk_facts.h"
#include "chk_psv.h"
#include "chk_psv_info.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_write.h"
#include "module/md_util.h"
#include "module/sig_semantics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct psv_check {
    chk_ctx *c;
    const mf_module *mf;
    const mf_entry *entry;
    cpsv part, mod;       /* mod: the writer's PSV0 (mod.p NULL without one) */
    cpsv built;           /* runtime info and bindings rebuilt (chk_psv_info.c) */
    uint8_t built_info[CPSV_INFO4];
    unsigned version;
    bool content_ok;
    uint32_t *str_at;     /* start of each string of the part's table */
    uint32_t *str_uses;
    size_t nstr;
    bool *index_used;
} psv_check;

static void mismatch(psv_check *k, const char *what, const char *part, const char *mod)
{
    chk_fail(k->c, CHK_CONTAINER_CONTENTMATCHES, NULL, what, "PSV0", part, mod, NULL);
    k->content_ok = false;
}

static void mismatch_u(psv_check *k, const char *what, uint64_t part, uint64_t mod)
{
    char a[24], b[24];
    mismatch(k, what, chk_u64(a, sizeof a, part), chk_u64(b, sizeof b, mod));
}

static void invalid(psv_check *k, const char *what)
{
    chk_fail(k->c, CHK_CONTAINER_CONTENTINVALID, NULL, "PSV0 part", what, NULL);
    k->content_ok = false;
}

/* ---- the string and semantic index tables in use --------------------------- */

/* Every string start of the table but the padding at its end. */
static void strings_collect(psv_check *k)
{
    const cpsv *p = &k->part;
    if (!p->strings)
        return;
    k->str_at = calloc(p->string_size + 1, sizeof *k->str_at);
    k->str_uses = calloc(p->string_size + 1, sizeof *k->str_uses);
    if (!k->str_at || !k->str_uses)
        return;
    uint32_t start = 0;
    for (uint32_t i = 0; i < p->string_size; i++)
        if (p->strings[i] == '\0') {
            k->str_at[k->nstr++] = start;
            start = i + 1;
        }
    /* Up to three NULs of padding at the end start no string. */
    for (uint32_t i = p->string_size - 1; p->string_size >= 4 && i > p->string_size - 4; i--) {
        if (p->strings[i] != '\0')
            break;
        while (k->nstr && k->str_at[k->nstr - 1] == i)
            k->nstr--;
    }
}

static bool string_use(psv_check *k, uint32_t off)
{
    for (size_t i = 0; i < k->nstr; i++)
        if (k->str_at[i] == off)
            k->str_uses[i]++;
    return off < k->part.string_size;
}

static bool index_use(psv_check *k, uint32_t off, uint32_t rows)
{
    uint32_t n = k->part.index_count;
    if (!k->part.indices || off > n || (uint64_t)off + rows > n)
        return false;
    for (uint32_t i = off; i < off + rows && k->index_used; i++)
        k->index_used[i] = true;
    return true;
}

static void tables_unused(psv_check *k)
{
    for (size_t i = 0; i < k->nstr && k->str_uses; i++)
        if (!k->str_uses[i] && !(k->str_at[i] == 0 && k->part.strings[0] == '\0'))
            chk_fail(k->c, CHK_CONTAINER_UNUSEDITEMINTABLE, NULL, "StringTable",
                     cpsv_string(&k->part, k->str_at[i]), NULL);
    for (uint32_t i = 0; i < k->part.index_count && k->index_used; i++)
        if (!k->index_used[i]) {
            char n[24];
            chk_fail(k->c, CHK_CONTAINER_UNUSEDITEMINTABLE, NULL, "SemanticIndexTable",
                     chk_u64(n, sizeof n, i), NULL);
        }
}

/* ---- resources and runtime info ---------------------------------------------- */

static void resources(psv_check *k)
{
    uint32_t n = (uint32_t)k->mf->nres;
    if (k->part.res_count != n) {
        mismatch_u(k, "ResourceCount", k->part.res_count, n);
        return;
    }
    if (!k->built.binds || k->built.res_count != n)
        return;
    uint32_t cmp = k->version > 1 ? CPSV_BIND1 : CPSV_BIND0;
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *a = k->part.binds + (size_t)i * k->part.bind_size;
        const uint8_t *b = k->built.binds + (size_t)i * k->built.bind_size;
        if (memcmp(a, b, cmp) == 0)
            continue;
        char x[200], y[200];
        chk_psv_bind_text(a, cmp, x, sizeof x);
        chk_psv_bind_text(b, cmp, y, sizeof y);
        mismatch(k, "ResourceBindInfo", x, y);
    }
}

static void runtime_info(psv_check *k)
{
    uint32_t n = k->version >= 2 ? CPSV_INFO2 : k->version == 1 ? CPSV_INFO1 : CPSV_INFO0;
    bool differ = memcmp(k->part.info, k->built.info, n) != 0;
    if (k->version >= 4 && cpsv_info32(&k->part, CPSV_GROUPSHARED) !=
                               cpsv_info32(&k->built, CPSV_GROUPSHARED))
        differ = true;
    if (!differ)
        return;
    char x[400], y[400];
    uint32_t stage = k->mf->sm_kind;
    chk_psv_info_diff(&k->part, &k->built, stage, n, x, sizeof x, y, sizeof y);
    mismatch(k, "PSVRuntimeInfo", x, y);
}

/* ---- signature elements ---------------------------------------------------------- */

static void element(psv_check *k, const char *sig_name, int point, LLVMValueRef rec,
                    const uint8_t *pe)
{
    chk_psv_elem m;
    chk_psv_elem_from_record(rec, point, !chk_val_at_least(k->c, 1, 5), &m);
    uint32_t name_off = cpsv_u32(pe), index_off = cpsv_u32(pe + 4), rows = pe[8];
    bool bad = false;
    if (!string_use(k, name_off)) {
        invalid(k, "SemanticName");
        bad = true;
    }
    if (!index_use(k, index_off, rows)) {
        invalid(k, "SemanticIndex");
        bad = true;
    }
    if (bad || !m.indices) {
        chk_psv_elem_free(&m);
        return;
    }
    const char *pname = cpsv_string(&k->part, name_off);
    bool differ = m.index_count != rows;
    for (uint32_t r = 0; !differ && r < rows; r++)
        differ = cpsv_u32(k->part.indices + 4ull * (index_off + r)) != m.indices[r];
    if (m.kind == DXIL_SEMANTIC_ARBITRARY)
        differ |= strcmp(pname, m.name) != 0;
    else
        differ |= pe[11] != (uint8_t)m.kind;
    differ |= memcmp(pe + 8, m.bytes, 8) != 0;
    if (differ) {
        char what[48], x[400], y[400];
        snprintf(what, sizeof what, "%sElement", sig_name);
        chk_psv_elem_text_part(&k->part, pe, x, sizeof x);
        chk_psv_elem_text(&m, y, sizeof y);
        mismatch(k, what, x, y);
    }
    chk_psv_elem_free(&m);
}

static void signature(psv_check *k, unsigned which, const char *name)
{
    LLVMValueRef list = k->entry ? k->entry->sigs[which] : NULL;
    uint32_t n = md_num_operands(list), have = cpsv_count(&k->part, which);
    if (have != n) {
        char what[48];
        snprintf(what, sizeof what, "%sElements", name);
        mismatch_u(k, what, have, n);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        element(k, name, sem_point(k->mf->sm_kind, which), md_operand(list, i),
                cpsv_element(&k->part, which, i));
}

/* The ViewID masks and dependency tables, as bytes (their layout follows
 * the runtime info, compared already). */
static void view_id_tables(psv_check *k)
{
    if (!k->mod.p)
        return;
    uint32_t a = k->part.size - k->part.tables_at, b = k->mod.size - k->mod.tables_at;
    const uint8_t *pa = k->part.p + k->part.tables_at, *pb = k->mod.p + k->mod.tables_at;
    if (a == b && memcmp(pa, pb, a) == 0)
        return;
    bool zero = true; /* no dx.viewIdState: DXC takes all-zero tables */
    for (uint32_t i = 0; i < a; i++)
        zero &= pa[i] == 0;
    if (zero && md_named_count(k->c->mod, "dx.viewIdState") == 0)
        return;
    char x[64], y[64];
    snprintf(x, sizeof x, "%u bytes of ViewID and dependency tables", a);
    snprintf(y, sizeof y, "%u bytes, other contents", b);
    mismatch(k, "ViewIDState", x, y);
}

static void entry_name(psv_check *k)
{
    uint32_t off = cpsv_info32(&k->part, CPSV_ENTRY_NAME);
    if (!string_use(k, off)) {
        invalid(k, "EntryFunctionName");
        return;
    }
    char want[256] = "";
    md_string(md_operand(k->entry ? k->entry->node : NULL, 1), want, sizeof want);
    const char *have = cpsv_string(&k->part, off);
    if (strcmp(have, want) != 0)
        mismatch(k, "EntryFunctionName", have, want);
}

/* PSVContentVerifier::Verify. */
static void content(psv_check *k)
{
    uint32_t bind = k->version < 2 ? CPSV_BIND0 : CPSV_BIND1;
    if (k->part.res_count && k->part.bind_size != bind) {
        mismatch_u(k, "ResourceBindInfoSize", k->part.bind_size, bind);
        return;
    }
    resources(k);
    runtime_info(k);
    if (k->version > 0) {
        if (k->part.n_in + k->part.n_out + k->part.n_pc && k->part.elem_size != CPSV_ELEMENT) {
            mismatch_u(k, "SignatureElementSize", k->part.elem_size, CPSV_ELEMENT);
            return;
        }
        uint32_t stage = cpsv_info8(&k->part, CPSV_STAGE);
        if (stage != k->mf->sm_kind) {
            mismatch_u(k, "ShaderStage", stage, k->mf->sm_kind);
            return;
        }
        bool view_id = (k->mf->flags & DXIL_SHADER_FLAG_VIEW_ID) != 0;
        if ((cpsv_info8(&k->part, CPSV_VIEWID) != 0) != view_id)
            mismatch_u(k, "UsesViewID", cpsv_info8(&k->part, CPSV_VIEWID), view_id);
        signature(k, 0, "SigInput");
        signature(k, 1, "SigOutput");
        signature(k, 2, "SigPatchConstantOrPrim");
        view_id_tables(k);
    }
    if (k->version > 2)
        entry_name(k);
    tables_unused(k);
    if (!k->content_ok)
        chk_fail(k->c, CHK_CONTAINER_PARTMATCHES, NULL, "Pipeline State Validation", NULL);
}

/* The writer's PSV0 for the module, at the part's runtime info version. */
static uint8_t *regenerate(psv_check *k, size_t *size)
{
    dxil_write_options o = {.psv_info_size = cpsv_info_size_of(k->version)};
    dxil_diags *scratch = dxil_diags_create();
    uint8_t *data = NULL;
    if (!scratch || dxil_write_part_data(k->c->mod, "PSV0", &o, &data, size, scratch) != 0)
        data = NULL;
    dxil_diags_destroy(scratch);
    return data;
}

/* VerifyPSVMatches: the layout and record sizes, then the content. */
void chk_container_psv(chk_ctx *c, const uint8_t *data, uint32_t size)
{
    psv_check k = {.c = c, .content_ok = true};
    cpsv_walk(data, size, &k.part);
    if (!k.part.valid) {
        chk_fail(c, CHK_CONTAINER_CONTENTINVALID, NULL, "DxilContainer", "PSV0 part", NULL);
        return;
    }
    k.mf = chk_mf(c);
    if (!k.mf)
        return;
    k.entry = k.mf->nentries ? &k.mf->entries[0] : NULL;
    k.version = cpsv_version(k.mf->val_major, k.mf->val_minor);
    uint32_t info = cpsv_info_size_of(k.version);
    uint32_t bind = k.version < 2 ? CPSV_BIND0 : CPSV_BIND1;
    bool elems = k.part.n_in + k.part.n_out + k.part.n_pc > 0;
    if (k.part.info_size != info) {
        mismatch_u(&k, "PSVRuntimeInfoSize", k.part.info_size, info);
        return;
    }
    if (k.part.res_count && k.part.bind_size != bind) {
        mismatch_u(&k, "PSVResourceBindInfoSize", k.part.bind_size, bind);
        return;
    }
    if (k.part.has_info1 && elems && k.part.elem_size != CPSV_ELEMENT) {
        mismatch_u(&k, "PSVSignatureElementSize", k.part.elem_size, CPSV_ELEMENT);
        return;
    }
    if (k.part.strings && k.part.strings[k.part.string_size - 1] != '\0') {
        chk_fail(c, CHK_CONTAINER_CONTENTINVALID, NULL, "PSV part StringTable", NULL);
        return;
    }
    size_t rsize = 0;
    uint8_t *regen = regenerate(&k, &rsize);
    if (regen) {
        cpsv_walk(regen, (uint32_t)rsize, &k.mod);
        if (!k.mod.valid || k.mod.info_size != info)
            memset(&k.mod, 0, sizeof k.mod);
    }
    /* DXC's runtime info and bindings for the module, built here */
    chk_psv_info_build(c, k.mf, info, k.built_info);
    k.built.info = k.built_info;
    k.built.info_size = info;
    k.built.bind_size = bind;
    uint8_t *binds = chk_psv_binds_build(k.mf, bind, &k.built.res_count);
    k.built.binds = binds;
    strings_collect(&k);
    k.index_used = calloc(k.part.index_count + 1, sizeof *k.index_used);
    content(&k);
    free(binds);
    free(k.index_used);
    free(k.str_at);
    free(k.str_uses);
    free(regen);
}
