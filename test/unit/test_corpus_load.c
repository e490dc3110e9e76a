/* Every corpus shader loads through the public API into a module that
 * LLVM 22's verifier accepts, with the program header matching MANIFEST.tsv
 * and the original datalayout kept in !dxu.datalayout. */
#include "dxil-upgrade/dxil_upgrade.h"
#include "common/side_metadata.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

typedef struct cl_totals {
    size_t loaded, failed, header_mismatch, layout_missing, ildb_loaded;
} cl_totals;

static bool cl_header_matches(const dxil_program_header *h, const corpus_row *row)
{
    char want[64];
    const char *kind = dxil_shader_kind_short_name(h->shader_kind);
    snprintf(want, sizeof want, "%s_%u_%u", kind ? kind : "?", h->sm_major, h->sm_minor);
    char ver[16];
    snprintf(ver, sizeof ver, "%u.%u", h->dxil_major, h->dxil_minor);
    return strcmp(want, row->stage_model) == 0 && strcmp(ver, row->dxil_version) == 0;
}

/* The datalayout LLVM holds now must differ from the kept original only
 * where normalisation rewrote it, and the original must be recorded. */
static bool cl_layout_recorded(dxil_module *m)
{
    LLVMModuleRef mod = dxil_module_llvm(m);
    const char *orig = dxil_module_original_datalayout(m);
    if (!orig || LLVMGetNamedMetadataNumOperands(mod, DXU_MD_DATALAYOUT) != 1)
        return false;
    LLVMValueRef node;
    LLVMGetNamedMetadataOperands(mod, DXU_MD_DATALAYOUT, &node);
    LLVMValueRef str = LLVMGetOperand(node, 0);
    unsigned len = 0;
    const char *kept = LLVMGetMDString(str, &len);
    return kept && len == strlen(orig) && memcmp(kept, orig, len) == 0;
}

static void cl_check_row(const corpus_row *row, void *user)
{
    cl_totals *t = user;
    dxil_options opts;
    dxil_options_init(&opts);
    opts.verify = true;
    dxil_diags *diags = dxil_diags_create();
    dxil_module *m = dxil_module_load_file(row->path, &opts, diags);
    if (!m) {
        t->failed++;
        dxil_diags_print(diags, stderr, row->path);
    } else {
        t->loaded++;
        const dxil_program_header *h = dxil_module_program_header(m);
        if (!h || !cl_header_matches(h, row)) {
            t->header_mismatch++;
            fprintf(stderr, "%s: header does not match manifest %s / %s\n", row->path,
                    row->stage_model, row->dxil_version);
        }
        if (!cl_layout_recorded(m))
            t->layout_missing++;
        dxil_module_destroy(m);
    }
    /* The debug module in ILDB loads too, where there is one. */
    if (strstr(row->parts, "ILDB")) {
        opts.part = "ILDB";
        dxil_diags_clear(diags);
        m = dxil_module_load_file(row->path, &opts, diags);
        t->ildb_loaded += m != NULL;
        if (!m)
            dxil_diags_print(diags, stderr, row->path);
        dxil_module_destroy(m);
    }
    dxil_diags_destroy(diags);
}

static void test_corpus_loads_and_verifies(void)
{
    cl_totals t = {0};
    size_t n = tu_each_corpus_row(cl_check_row, &t);
    CU_ASSERT(n >= 900);
    CU_ASSERT_EQUAL(t.loaded, n);
    CU_ASSERT_EQUAL(t.failed, 0);
    CU_ASSERT_EQUAL(t.header_mismatch, 0);
    CU_ASSERT_EQUAL(t.layout_missing, 0);
    printf("\n  corpus: %zu files, %zu loaded and verified, %zu ILDB modules loaded\n", n,
           t.loaded, t.ildb_loaded);
}

int tu_register(void)
{
    if (!tu_shared_dir())
        return 1; /* skipped, with the reason printed */
    static const tu_case cases[] = {
        {"every corpus file loads and verifies", test_corpus_loads_and_verifies},
        {NULL, NULL}};
    tu_add_suite("corpus load", cases);
    return 0;
}
