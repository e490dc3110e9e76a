/* module/shader_flags.c against DXC: over the corpus, the flags computed
 * from each module's instructions, signatures and resources must be what
 * DXC declared (its validator accepts every corpus file's flags); on
 * modules changed by hand, each rule must follow the change. */
#include "module/module_internal.h"
#include "module/shader_flags.h"
#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sfc_totals {
    size_t files, loaded, computed, collected_same, recomputed_same, undecided, nonzero;
    bool verbose;
} sfc_totals;

static void sfc_row(const corpus_row *row, void *user)
{
    sfc_totals *t = user;
    t->files++;
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *dm = dxil_module_load_file(row->path, &o, NULL);
    if (!dm)
        return;
    t->loaded++;
    sf_module sf;
    if (sf_compute(dxil_module_llvm(dm), dm->restypes, &sf) == 0) {
        uint64_t mask = sf_collected_mask();
        t->computed++;
        t->undecided += sf.undecided != 0;
        t->nonzero += (sf.declared & mask) != 0;
        bool same = (sf.expected & mask) == (sf.declared & mask);
        t->collected_same += same;
        t->recomputed_same += sf_recomputed(&sf) == sf.declared;
        if (t->verbose && (!same || sf_recomputed(&sf) != sf.declared))
            fprintf(stderr, "%s: declared %#llx computed %#llx recomputed %#llx\n", row->path,
                    (unsigned long long)sf.declared, (unsigned long long)sf.computed,
                    (unsigned long long)sf_recomputed(&sf));
        sf_free(&sf);
    }
    dxil_module_destroy(dm);
}

static void test_flags_corpus(void)
{
    sfc_totals t = {.verbose = getenv("DXIL_FLAGS_VERBOSE") != NULL};
    size_t n = tu_each_corpus_row(sfc_row, &t);
    if (n == 0) {
        printf("\n  corpus missing: shader flag comparison skipped\n");
        return;
    }
    printf("\n  corpus: %zu files, %zu computed; collected flags as DXC declared: %zu; "
           "recomputed = declared: %zu; with undecided bits: %zu; declaring collected bits: %zu\n",
           n, t.computed, t.collected_same, t.recomputed_same, t.undecided, t.nonzero);
    CU_ASSERT_EQUAL(t.loaded, n);
    CU_ASSERT_EQUAL(t.computed, n);
    CU_ASSERT_EQUAL(t.collected_same, n);
    CU_ASSERT_EQUAL(t.recomputed_same, n);
    CU_ASSERT(t.nonzero >= 500); /* the comparison sees real flags */
}

int tu_register(void)
{
    static const tu_case corpus[] = {{"flags over the corpus", test_flags_corpus}, {NULL, NULL}};
    tu_add_suite("shader flags", corpus);
    return 0;
}
