/* The container writer against DXC over the corpus: for every file, the
 * regenerated SFI0, ISG1/OSG1/PSG1, PSV0 and HASH parts are compared byte
 * for byte with the file's own, the container reassembled from the file's
 * own parts must be the file (same bytes, so the same digest), and the
 * whole container written from the module plus the carried parts is
 * compared with the file. */
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "dxil-upgrade/dxil_write.h"
#include "container/md5.h"
#include "test_util.h"

#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const wc_kinds[] = {"SFI0", "ISG1", "OSG1", "PSG1", "PSV0", "HASH"};
enum { WC_KINDS = sizeof wc_kinds / sizeof *wc_kinds, WC_SHOW = 3 };

typedef struct wc_totals {
    size_t files, loaded;
    size_t present[WC_KINDS], same[WC_KINDS], failed[WC_KINDS];
    size_t reassembled, reassembled_same, signed_files, signed_same;
    size_t written, written_same;
    size_t psv_forced_same; /* PSV0 at the file's own runtime info version */
    bool verbose;
} wc_totals;

static const dxil_decoded_part *wc_find(const dxil_parts *p, const char *fourcc)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (strcmp(p->parts[i].part.name, fourcc) == 0)
            return &p->parts[i];
    return NULL;
}

/* HASH: the MD5 of the DXIL bitcode (or of ILDB's, when flagged). */
static bool wc_hash_same(const uint8_t *data, const dxil_parts *p, const dxil_decoded_part *h)
{
    const dxil_decoded_part *src = wc_find(p, h->u.hash.flags ? "ILDB" : "DXIL");
    if (!src || h->part.size != 20)
        return false;
    const dxil_program_header *ph = &src->u.program;
    uint8_t digest[16];
    md5_digest(data + ph->bitcode_file_offset, ph->bitcode_size, digest);
    return memcmp(digest, h->u.hash.digest, 16) == 0;
}

/* DXIL_WRITE_VERBOSE: where a regenerated part first differs. */
static void wc_show(const char *path, const char *kind, const uint8_t *a, size_t na,
                    const uint8_t *b, size_t nb)
{
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    fprintf(stderr, "%s: %s differs at byte %zu (%zu vs DXC's %zu bytes):", path, kind, i, na,
            nb);
    for (size_t k = i & ~(size_t)3; k < i + 8; k++)
        fprintf(stderr, " %02x/%02x", k < na ? a[k] : 0, k < nb ? b[k] : 0);
    fputc('\n', stderr);
}

/* PSV0 written at the runtime info size of the file's own PSV0. */
static bool wc_psv_forced(const uint8_t *data, const dxil_decoded_part *d, LLVMModuleRef m)
{
    dxil_write_options opts = {.psv_info_size = d->u.psv0.info_size};
    uint8_t *out = NULL;
    size_t size = 0;
    bool same = dxil_write_part_data(m, "PSV0", &opts, &out, &size, NULL) == 0 &&
                size == d->part.size && memcmp(out, data + d->part.data_offset, size) == 0;
    free(out);
    return same;
}

static void wc_regenerate(const uint8_t *data, const dxil_parts *p, LLVMModuleRef m,
                          const char *path, wc_totals *t)
{
    for (int k = 0; k < WC_KINDS; k++) {
        const dxil_decoded_part *d = wc_find(p, wc_kinds[k]);
        if (!d)
            continue;
        t->present[k]++;
        if (k == WC_KINDS - 1) {
            t->same[k] += wc_hash_same(data, p, d);
            continue;
        }
        uint8_t *out = NULL;
        size_t size = 0;
        dxil_diags *diags = dxil_diags_create();
        if (strcmp(wc_kinds[k], "PSV0") == 0)
            t->psv_forced_same += wc_psv_forced(data, d, m);
        if (dxil_write_part_data(m, wc_kinds[k], NULL, &out, &size, diags)) {
            t->failed[k]++;
            if (t->verbose)
                dxil_diags_print(diags, stderr, path);
        } else if (size == d->part.size && memcmp(out, data + d->part.data_offset, size) == 0) {
            t->same[k]++;
        } else if (t->verbose) {
            wc_show(path, wc_kinds[k], out, size, data + d->part.data_offset, d->part.size);
        }
        free(out);
        dxil_diags_destroy(diags);
    }
}

/* The file's own parts, assembled again. */
static void wc_reassemble(const uint8_t *data, size_t size, const dxil_parts *p, wc_totals *t)
{
    dxil_write_part *parts = calloc(p->count + 1, sizeof *parts);
    uint8_t *out = NULL;
    size_t out_size = 0;
    bool sign = p->hash.status == DXIL_HASH_OK;
    for (uint32_t i = 0; parts && i < p->count; i++) {
        memcpy(parts[i].fourcc, p->parts[i].part.name, 5);
        parts[i].data = data + p->parts[i].part.data_offset;
        parts[i].size = p->parts[i].part.size;
    }
    t->reassembled++;
    t->signed_files += sign;
    if (parts &&
        dxil_container_assemble(parts, p->count, p->hash.status, &out, &out_size, NULL) == 0 &&
        out_size == size && memcmp(out, data, size) == 0) {
        t->reassembled_same++;
        t->signed_same += sign;
    }
    free(out);
    free(parts);
}

/* The whole container from the module, the DXIL bitcode and the parts
 * that are carried (everything but the regenerated parts, HASH and DXIL). */
static void wc_write(const uint8_t *data, size_t size, const dxil_parts *p, LLVMModuleRef m,
                     wc_totals *t)
{
    static const char *const regen = "SFI0 ISG1 OSG1 PSG1 PSV0 HASH DXIL";
    dxil_write_part *carried = calloc(p->count + 1, sizeof *carried);
    const dxil_decoded_part *dxil = wc_find(p, "DXIL"), *hash = wc_find(p, "HASH");
    const dxil_decoded_part *psv = wc_find(p, "PSV0");
    size_t n = 0;
    for (uint32_t i = 0; carried && i < p->count; i++)
        if (!strstr(regen, p->parts[i].part.name)) {
            memcpy(carried[n].fourcc, p->parts[i].part.name, 5);
            carried[n].data = data + p->parts[i].part.data_offset;
            carried[n++].size = p->parts[i].part.size;
        }
    dxil_write_input in = {.module = m, .carried = carried, .carried_count = n,
                           .digest = p->hash.status,
                           .hash_includes_source = hash && hash->u.hash.flags};
    in.options.psv_info_size = psv ? psv->u.psv0.info_size : 0;
    in.bitcode = data + dxil->u.program.bitcode_file_offset;
    in.bitcode_size = dxil->u.program.bitcode_size;
    uint8_t *out = NULL;
    size_t out_size = 0;
    t->written++;
    if (carried && dxil_container_write(&in, &out, &out_size, NULL) == 0 && out_size == size &&
        memcmp(out, data, size) == 0)
        t->written_same++;
    free(out);
    free(carried);
}

static void wc_row(const corpus_row *row, void *user)
{
    wc_totals *t = user;
    size_t size = 0;
    uint8_t *data = tu_read_file(row->path, &size);
    dxil_parts p;
    t->files++;
    if (!data || dxil_parts_decode(data, size, &p, NULL) != 0) {
        free(data);
        return;
    }
    dxil_options opts;
    dxil_options_init(&opts);
    opts.raise = false;
    dxil_module *m = dxil_module_load_memory(data, size, row->path, &opts, NULL);
    if (m) {
        t->loaded++;
        wc_regenerate(data, &p, dxil_module_llvm(m), row->path, t);
        wc_write(data, size, &p, dxil_module_llvm(m), t);
    }
    wc_reassemble(data, size, &p, t);
    dxil_module_destroy(m);
    dxil_parts_free(&p);
    free(data);
}

static void test_corpus_write(void)
{
    wc_totals t = {.verbose = getenv("DXIL_WRITE_VERBOSE") != NULL};
    size_t n = tu_each_corpus_row(wc_row, &t);
    CU_ASSERT(n >= 900);
    CU_ASSERT_EQUAL(t.loaded, n);
    printf("\n  corpus: %zu files\n", n);
    for (int k = 0; k < WC_KINDS; k++)
        printf("  %s: %zu of %zu identical to DXC's (%zu not written)\n", wc_kinds[k],
               t.same[k], t.present[k], t.failed[k]);
    printf("  PSV0 at the file's own runtime info version: %zu of %zu identical\n",
           t.psv_forced_same, t.present[4]);
    printf("  reassembled from the file's parts: %zu of %zu identical, %zu of %zu signed "
           "files with DXC's digest\n  written from module + carried parts: %zu of %zu "
           "identical (PSV0 at the file's version)\n",
           t.reassembled_same, t.reassembled, t.signed_same, t.signed_files, t.written_same,
           t.written);
    CU_ASSERT_EQUAL(t.reassembled_same, n);
    CU_ASSERT_EQUAL(t.signed_same, t.signed_files);
    CU_ASSERT(t.signed_files >= 800);
    /* Floors measured on the corpus (docs/writing.md): every part but the
     * PSV0 of 17 files from DXC releases that wrote version 1 at 1.6. */
    CU_ASSERT_EQUAL(t.same[0], t.present[0]); /* SFI0 */
    CU_ASSERT_EQUAL(t.same[1], t.present[1]); /* ISG1 */
    CU_ASSERT_EQUAL(t.same[2], t.present[2]); /* OSG1 */
    CU_ASSERT_EQUAL(t.same[3], t.present[3]); /* PSG1 */
    CU_ASSERT(t.present[4] >= 840 && t.same[4] + 17 >= t.present[4]); /* PSV0 */
    CU_ASSERT_EQUAL(t.psv_forced_same, t.present[4]);
    CU_ASSERT_EQUAL(t.same[5], t.present[5]); /* HASH */
    CU_ASSERT_EQUAL(t.written_same, n);
}

/* PSV0's SampleFrequency (byte 1 of the runtime info, after its size word)
 * with the first pixel input's interpolation mode set to `interp`. */
static int wc_sample_frequency(LLVMModuleRef m, LLVMValueRef elem, unsigned interp)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMValueRef v = LLVMConstInt(LLVMInt8TypeInContext(ctx), interp, false);
    LLVMReplaceMDNodeOperandWith(elem, 5, LLVMValueAsMetadata(v));
    uint8_t *data = NULL;
    size_t size = 0;
    dxil_diags *d = dxil_diags_create();
    int rc = dxil_write_part_data(m, "PSV0", NULL, &data, &size, d);
    int bit = rc == 0 && size > 5 ? data[5] : -1;
    free(data);
    dxil_diags_destroy(d);
    return bit;
}

/* DXC sets SampleFrequency for LinearSample (6) and
 * LinearNoperspectiveSample (7) inputs only; 5 is noperspective centroid. */
static void test_sample_frequency(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/corpus/vkd3d-proton/"
             "d3d12_geometry_shader__test_ps_layer__ps_code_dxil.dxil", tu_shared_dir());
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_diags *d = dxil_diags_create();
    dxil_module *dm = dxil_module_load_file(path, &o, d);
    dxil_diags_destroy(d);
    if (!dm) {
        printf("\n  %s missing: sample-frequency check skipped\n", path);
        return;
    }
    LLVMModuleRef m = dxil_module_llvm(dm);
    LLVMValueRef ep[1], ops[8], sigs[3], ins[8];
    CU_ASSERT_FATAL(LLVMGetNamedMetadataNumOperands(m, "dx.entryPoints") == 1);
    LLVMGetNamedMetadataOperands(m, "dx.entryPoints", ep);
    CU_ASSERT_FATAL(LLVMGetMDNodeNumOperands(ep[0]) >= 3);
    LLVMGetMDNodeOperands(ep[0], ops);
    CU_ASSERT_FATAL(ops[2] && LLVMGetMDNodeNumOperands(ops[2]) == 3);
    LLVMGetMDNodeOperands(ops[2], sigs);
    CU_ASSERT_FATAL(sigs[0] && LLVMGetMDNodeNumOperands(sigs[0]) >= 1 &&
                    LLVMGetMDNodeNumOperands(sigs[0]) <= 8);
    LLVMGetMDNodeOperands(sigs[0], ins);
    CU_ASSERT_EQUAL(wc_sample_frequency(m, ins[0], 5), 0);
    CU_ASSERT_EQUAL(wc_sample_frequency(m, ins[0], 6), 1);
    CU_ASSERT_EQUAL(wc_sample_frequency(m, ins[0], 7), 1);
    CU_ASSERT_EQUAL(wc_sample_frequency(m, ins[0], 2), 0);
    dxil_module_destroy(dm);
}

int tu_register(void)
{
    if (!tu_shared_dir())
        return 1; /* skipped, with the reason printed */
    static const tu_case cases[] = {
        {"regenerated parts and reassembled containers match DXC's", test_corpus_write},
        {"PSV0 SampleFrequency follows DXC's per-sample interpolation modes", test_sample_frequency},
        {NULL, NULL}};
    tu_add_suite("corpus write", cases);
    return 0;
}
