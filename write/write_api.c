/* write_api.c - the public entry points of dxil_write.h: one regenerated
 * part, or the whole container around a bitcode blob. */
#include "write_internal.h"
#include "common/byteio.h"

#include <stdlib.h>
#include <string.h>

typedef struct regen_part {
    const char *fourcc;
    int which; /* signature kind, for the signature parts */
} regen_part;

/* The regenerated parts, in DXC's order. */
static const regen_part wa_parts[] = {
    {"SFI0", -1}, {"ISG1", WSIG_INPUT}, {"OSG1", WSIG_OUTPUT}, {"PSG1", WSIG_PC_PRIM},
    {"PSV0", -1}};
enum { WA_PARTS = sizeof wa_parts / sizeof *wa_parts };

static int wa_build(write_module *wm, const regen_part *p, wbuf *out)
{
    if (p->which >= 0)
        return write_sig(wm, p->which, out);
    return strcmp(p->fourcc, "SFI0") == 0 ? write_sfi0(wm, out) : write_psv0(wm, out);
}

static const regen_part *wa_find(const char *fourcc)
{
    for (size_t i = 0; fourcc && i < WA_PARTS; i++)
        if (strcmp(wa_parts[i].fourcc, fourcc) == 0)
            return &wa_parts[i];
    return NULL;
}

bool write_is_regenerated(const char *fourcc)
{
    return wa_find(fourcc) || strcmp(fourcc, "HASH") == 0 || strcmp(fourcc, "DXIL") == 0;
}

/* The buffer as the caller's result, or -1 (and freed) on failure. */
static int wa_finish(write_module *wm, int rc, wbuf *b, uint8_t **data, size_t *size)
{
    if (rc == 0 && b->oom)
        rc = wm_fail(wm, "container", "buffer", "out of memory");
    if (rc) {
        wb_free(b);
        return -1;
    }
    *data = b->p;
    *size = b->n;
    return 0;
}

int dxil_write_part_data(LLVMModuleRef module, const char *fourcc,
                         const dxil_write_options *opts, uint8_t **data, size_t *size,
                         dxil_diags *diags)
{
    write_module wm;
    wbuf b = {0};
    *data = NULL;
    *size = 0;
    const regen_part *p = wa_find(fourcc);
    int rc = wm_read(&wm, module, diags);
    if (opts)
        wm.opts = *opts;
    if (!rc && !p)
        rc = wm_fail(&wm, fourcc ? fourcc : "(null)", "FourCC", "not a regenerated part");
    if (!rc && (wm_is_lib(&wm) && strcmp(fourcc, "SFI0") != 0))
        rc = wm_fail(&wm, fourcc, "dx.shaderModel", "a library has no %s part", fourcc);
    if (!rc)
        rc = wa_build(&wm, p, &b);
    rc = wa_finish(&wm, rc, &b, data, size);
    wm_free(&wm);
    return rc;
}

/* Which regenerated parts DXC writes for this module. */
static bool wa_wanted(const write_module *wm, const regen_part *p)
{
    if (p->which < 0)
        return strcmp(p->fourcc, "SFI0") == 0 || !wm_is_lib(wm);
    if (wm_is_lib(wm))
        return false;
    return p->which != WSIG_PC_PRIM || wm->sig[WSIG_PC_PRIM].count > 0;
}

static const dxil_write_part *wa_carried(const dxil_write_input *in, const char *fourcc)
{
    for (size_t i = 0; i < in->carried_count; i++)
        if (strcmp(in->carried[i].fourcc, fourcc) == 0)
            return &in->carried[i];
    return NULL;
}

typedef struct wa_list {
    dxil_write_part parts[WA_PARTS + 2];
    wbuf bufs[WA_PARTS + 2];
    size_t n;
} wa_list;

/* The bitcode inside a carried program part (ILDB): where its header says. */
static int wa_program_bitcode(write_module *wm, const dxil_write_part *p, const void **bc,
                              size_t *size)
{
    const uint8_t *d = p->data;
    uint64_t off = 0, n = 0;
    if (p->size >= DXIL_PROGRAM_HEADER_SIZE) {
        off = 8ull + rd_le32(d + 16);
        n = rd_le32(d + 20);
    }
    if (p->size < DXIL_PROGRAM_HEADER_SIZE || off + n > p->size)
        return wm_fail(wm, "HASH", "ILDB", "the program header's bitcode lies outside the part");
    *bc = d + off;
    *size = (size_t)n;
    return 0;
}

static int wa_regenerate(write_module *wm, const dxil_write_input *in, wa_list *l)
{
    for (size_t i = 0; i < WA_PARTS; i++) {
        if (!wa_wanted(wm, &wa_parts[i]) || wa_carried(in, wa_parts[i].fourcc))
            continue;
        if (wa_build(wm, &wa_parts[i], &l->bufs[l->n]))
            return -1;
        memcpy(l->parts[l->n].fourcc, wa_parts[i].fourcc, 5);
        l->n++;
    }
    if (wm_val_at_least(wm, 1, 5) && !wa_carried(in, "HASH")) {
        const dxil_write_part *ildb = wa_carried(in, "ILDB");
        if (in->hash_includes_source && !ildb)
            return wm_fail(wm, "HASH", "ILDB", "a source-dependent hash needs the ILDB part");
        const void *bc = in->bitcode;
        size_t bc_size = in->bitcode_size;
        if (in->hash_includes_source && wa_program_bitcode(wm, ildb, &bc, &bc_size))
            return -1;
        write_hash(bc, bc_size, in->hash_includes_source, &l->bufs[l->n]);
        memcpy(l->parts[l->n++].fourcc, "HASH", 5);
    }
    if (write_program(wm, in->bitcode, in->bitcode_size, &l->bufs[l->n]))
        return -1;
    memcpy(l->parts[l->n++].fourcc, "DXIL", 5);
    return 0;
}

static int wa_assemble(write_module *wm, const dxil_write_input *in, wa_list *l, uint8_t **out,
                       size_t *out_size)
{
    size_t total = l->n + in->carried_count;
    dxil_write_part *all = calloc(total + 1, sizeof *all);
    if (!all)
        return wm_fail(wm, "container", "parts", "out of memory");
    for (size_t i = 0; i < l->n; i++) {
        if (l->bufs[i].oom) {
            free(all);
            return wm_fail(wm, l->parts[i].fourcc, "buffer", "out of memory");
        }
        all[i] = l->parts[i];
        all[i].data = l->bufs[i].p;
        all[i].size = l->bufs[i].n;
    }
    if (in->carried_count) /* carried may be NULL when there are none */
        memcpy(all + l->n, in->carried, in->carried_count * sizeof *all);
    /* A library's RDAT: the carried one while it still describes the
     * module, else one built from it (all has a spare slot for it). */
    wbuf rdat = {0};
    size_t at = total;
    for (size_t i = l->n; i < total; i++)
        if (!strcmp(all[i].fourcc, "RDAT"))
            at = i;
    int rc = write_rdat_part(wm, at < total ? &all[at] : NULL, &rdat);
    if (!rc && rdat.n) {
        if (at == total)
            memcpy(all[total++].fourcc, "RDAT", 5);
        all[at].data = rdat.p;
        all[at].size = rdat.n;
    }
    if (!rc && rdat.oom)
        rc = wm_fail(wm, "RDAT", "buffer", "out of memory");
    if (!rc)
        rc = dxil_container_assemble(all, total, in->digest, out, out_size, wm->diags);
    wb_free(&rdat);
    free(all);
    return rc;
}

int dxil_container_write(const dxil_write_input *in, uint8_t **out, size_t *out_size,
                         dxil_diags *diags)
{
    write_module wm;
    wa_list l = {0};
    *out = NULL;
    *out_size = 0;
    int rc = wm_read(&wm, in ? in->module : NULL, diags);
    if (in)
        wm.opts = in->options;
    if (!rc && (!in->bitcode || (in->carried_count && !in->carried)))
        rc = wm_fail(&wm, "DXIL", "bitcode", "no bitcode or carried parts given");
    if (!rc)
        rc = wa_regenerate(&wm, in, &l);
    if (!rc)
        rc = wa_assemble(&wm, in, &l, out, out_size);
    /* Every slot: a part that failed half-way left bytes in bufs[l.n]. */
    for (size_t i = 0; i < sizeof l.bufs / sizeof *l.bufs; i++)
        wb_free(&l.bufs[i]);
    wm_free(&wm);
    return rc;
}
