/* What the writer recomputes before a container is written
 * (write/recompute.c) and the analyses it uses (module/sig_usage.c, ...):
 * over the corpus every value computed from an unchanged module is DXC's;
 * on modules changed so that the recorded value is stale, the written
 * part follows the instructions. */
#include "module/module_facts.h"
#include "module/module_internal.h"
#include "module/resource_use.h"
#include "module/sig_usage.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rc_totals {
    size_t files, entries, elems, usage_same, dyn_same, usage_files_same;
    size_t records, unused, files_unused;
    bool verbose;
} rc_totals;

static void rc_usage_row(const corpus_row *row, void *user)
{
    rc_totals *t = user;
    t->files++;
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *dm = dxil_module_load_file(row->path, &o, NULL);
    mf_module mf;
    sig_usage su;
    if (!dm || mf_read(dxil_module_llvm(dm), dm->restypes, &mf)) {
        dxil_module_destroy(dm);
        return;
    }
    bool all = true;
    /* before validator 1.5 DXC recorded no usage masks */
    if (mf_val_at_least(&mf, 1, 5) && sig_usage_compute(&mf, &su) == 0) {
        t->entries += su.count[0] + su.count[1] + su.count[2] > 0;
        for (int s = 0; s < 3; s++)
            for (unsigned i = 0; i < su.count[s]; i++) {
                const su_elem *e = &su.elems[s][i];
                t->elems++;
                bool same = e->usage == e->declared_usage;
                t->usage_same += same;
                t->dyn_same += e->dyn == e->declared_dyn;
                all &= same;
                if (t->verbose && (!same || e->dyn != e->declared_dyn))
                    fprintf(stderr, "%s: sig %d elem %u usage %#x (declared %#x) dyn %#x "
                            "(declared %#x)\n", row->path, s, i, e->usage, e->declared_usage,
                            e->dyn, e->declared_dyn);
            }
        sig_usage_free(&su);
    }
    t->usage_files_same += all;
    resource_use ru;
    if (resource_use_compute(&mf, &ru) == 0) {
        size_t unused = 0;
        for (size_t i = 0; i < mf.nres; i++)
            unused += !resource_use_is_used(&mf, &ru, i);
        t->records += mf.nres;
        t->unused += unused;
        t->files_unused += unused > 0;
        if (t->verbose && unused)
            fprintf(stderr, "%s: %zu of %zu records unused\n", row->path, unused, mf.nres);
        resource_use_free(&ru);
    }
    mf_free(&mf);
    dxil_module_destroy(dm);
}

static void test_usage_corpus(void)
{
    rc_totals t = {.verbose = getenv("DXIL_RECOMPUTE_VERBOSE") != NULL};
    size_t n = tu_each_corpus_row(rc_usage_row, &t);
    if (n == 0) {
        printf("\n  corpus missing: usage mask comparison skipped\n");
        return;
    }
    printf("\n  corpus: %zu files, %zu entries with signatures, %zu elements: usage mask as DXC "
           "declared %zu, dynamic index mask %zu; files with every mask DXC's: %zu\n",
           n, t.entries, t.elems, t.usage_same, t.dyn_same, t.usage_files_same);
    printf("  resources: %zu records, %zu unused (in %zu files)\n", t.records, t.unused,
           t.files_unused);
    CU_ASSERT(t.elems >= 1600);
}

int tu_register(void)
{
    static const tu_case corpus[] = {{"usage masks over the corpus", test_usage_corpus},
                                     {NULL, NULL}};
    tu_add_suite("recompute corpus", corpus);
    return 0;
}
