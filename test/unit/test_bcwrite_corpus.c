/* The LLVM 3.7 bitcode writer (bcwrite/) against DXC over the corpus, by
 * two paths:
 *  - direct: each file loaded without raising, its module written with
 *    bcw_write_module (with what the loader's walk recovered, restypes);
 *  - raise: each file raised, then dxil_lower_write_container (lower,
 *    write, container), and the bitcode taken from the container's DXIL
 *    part.
 * For each written bitcode:
 *  (a) our loader reads it back (raise = false; LLVM 22 alone rejects
 *      DXC's datalayout) and the module it gives prints exactly the IR
 *      the writer was given: the printed text is compared whole, the one
 *      check that sees every type, flag, name, attribute and metadata node
 *      (ir_compare looks only at calls, dataflow and dx.* metadata);
 *  (b) it uses only (block, record code) pairs that DXC's own bitcode in
 *      the corpus uses, and none of LLVM 22's own blocks and records;
 *  (c) how many come out byte-identical to the file's DXIL part bitcode is
 *      printed (docs/writing.md quotes it) and held at a floor. */
#include "bc_vocab.h"
#include "bcwrite/bcwrite.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "common/side_metadata.h"
#include "module/ir_compare.h"
#include "module/llvm_shim.h"
#include "module/module_internal.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Floors: the figures measured on the 909 corpus files, as regression
 * guards. Directly, every file is DXC's bitcode. Through the raise, the
 * bitcode is DXC's only where raise and lower give back DXC's module
 * exactly (instruction order, each of DXC's annotateHandle calls in its
 * place, constants' first uses). */
#define BC_MIN_IDENTICAL_DIRECT 909
#define BC_MIN_IDENTICAL_RAISE 893

/* Read-back modules whose printed IR differs must still compare equal in
 * everything ir_compare sees. Directly, every one prints the IR written.
 * Through the raise, the functions come back in the input's order
 * (!dxu.functions) while the lowered module has lowering's. */
#define BC_CMP_ALL                                                                           \
    (DXIL_CMP_CALLS | DXIL_CMP_DX_MD | DXIL_CMP_FN_ATTRS | DXIL_CMP_DECL_ATTRS |              \
     DXIL_CMP_TRIPLE)
static const size_t bc_min_same_ir[2] = {909, 150}; /* direct, raise */

enum { BC_DIRECT, BC_RAISE, BC_PATHS };
static const char *const bc_path_names[BC_PATHS] = {"direct", "raise"};

typedef struct bc_path {
    const char *name;
    size_t loaded, written, refused, read_back, same_ir, same_calls, malformed, identical;
    char first_refused[600], first_unread[600], first_ir[1200], first_cmp[600];
    bc_vocab vocab;
} bc_path;

typedef struct bc_totals {
    size_t files;
    bc_path p[BC_PATHS];
    bc_vocab dxc;         /* DXC's bitcode over the corpus */
    size_t dxc_malformed;
} bc_totals;

static dxil_module *bc_load(const void *data, size_t size, const char *name, bool raise,
                            dxil_diags *diags)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = raise;
    return dxil_module_load_memory(data, size, name, &o, diags);
}

/* DXIL_BCWRITE_VERBOSE: every problem, not only the first of each kind. */
static bool bc_verbose;

static void bc_note(char *buf, size_t size, const char *path, const char *what)
{
    if (bc_verbose)
        fprintf(stderr, "%s: %.800s\n", path, what); /* path first */
    if (!buf[0])
        snprintf(buf, size, "%s: %.400s", strrchr(path, '/') + 1, what);
}

static void bc_note_diags(char *buf, size_t size, const char *path, dxil_diags *d)
{
    const dxil_diag *g = dxil_diags_count(d) ? dxil_diags_get(d, 0) : NULL;
    bc_note(buf, size, path, g ? g->message : "(no diagnostic)");
}

/* The first line where two printed modules differ, both sides. */
static void bc_note_text(bc_path *p, const char *path, const char *a, const char *b)
{
    size_t i = 0, line = 0;
    while (a[i] && a[i] == b[i])
        i++;
    while (i > 0 && a[i - 1] != '\n')
        i--;
    for (size_t k = 0; k < i; k++)
        line += a[k] == '\n';
    char what[1000];
    snprintf(what, sizeof what, "line %zu: written `%.*s` / read back `%.*s`", line + 1,
             (int)strcspn(a + i, "\n"), a + i, (int)strcspn(b + i, "\n"), b + i);
    bc_note(p->first_ir, sizeof p->first_ir, path, what);
}

/* (a): our loader reads bc back into what was written, printed alike. */
static void bc_read_back(bc_path *p, const char *path, LLVMModuleRef want, const uint8_t *bc,
                         size_t size)
{
    dxil_diags *d = dxil_diags_create();
    size_t len = 0;
    dxil_module *got = bc_load(bc, size, LLVMGetModuleIdentifier(want, &len), false, d);
    if (!got) {
        bc_note_diags(p->first_unread, sizeof p->first_unread, path, d);
        dxil_diags_destroy(d);
        return;
    }
    p->read_back++;
    /* The loader notes the datalayout it read in !dxu.datalayout; a module
     * lowered after a raise has none. */
    if (!LLVMGetNamedMetadata(want, DXU_MD_DATALAYOUT, strlen(DXU_MD_DATALAYOUT)))
        shim_erase_named_metadata(dxil_module_llvm(got), DXU_MD_DATALAYOUT);
    char *a = LLVMPrintModuleToString(want), *b = LLVMPrintModuleToString(dxil_module_llvm(got));
    char msg[512];
    if (strcmp(a, b) == 0) {
        p->same_ir++;
    } else {
        bc_note_text(p, path, a, b);
        if (ir_compare(want, dxil_module_llvm(got), BC_CMP_ALL, msg, sizeof msg) == DXIL_CMP_SAME)
            p->same_calls++;
        else
            bc_note(p->first_cmp, sizeof p->first_cmp, path, msg);
    }
    LLVMDisposeMessage(a);
    LLVMDisposeMessage(b);
    dxil_module_destroy(got);
    dxil_diags_destroy(d);
}

/* DXIL_BCWRITE_DUMP=DIR: each written bitcode as DIR/<path>-<corpus path
 * with / as _>.bc,
 * for test/tools/bcdiff.py against the corpus file. */
static void bc_dump(const bc_path *p, const char *path, const uint8_t *bc, size_t size)
{
    const char *dir = getenv("DXIL_BCWRITE_DUMP");
    if (!dir)
        return;
    const char *rel = strstr(path, "/corpus/");
    char out[4096];
    int n = snprintf(out, sizeof out, "%s/%s-", dir, p->name);
    for (rel = rel ? rel + 8 : path; *rel && n < (int)sizeof out - 4; rel++)
        out[n++] = *rel == '/' ? '_' : *rel;
    memcpy(out + n, ".bc", 4);
    FILE *f = fopen(out, "wb");
    if (f) {
        fwrite(bc, 1, size, f);
        fclose(f);
    }
}

/* (a), (b) and (c) on one written bitcode. */
static void bc_check(bc_path *p, const char *path, LLVMModuleRef want, const uint8_t *bc,
                     size_t size, const uint8_t *dxc, size_t dxc_size)
{
    p->written++;
    bc_dump(p, path, bc, size);
    bc_vocab v = {0};
    if (bc_vocab_add(&v, bc, size) != 0)
        p->malformed++;
    bc_vocab_merge(&p->vocab, &v);
    p->identical += size == dxc_size && memcmp(bc, dxc, size) == 0;
    bc_read_back(p, path, want, bc, size);
}

static void bc_refused(bc_path *p, const char *path, dxil_diags *d)
{
    p->refused++;
    bc_note_diags(p->first_refused, sizeof p->first_refused, path, d);
}

/* The bitcode of path k for m (loaded raised for BC_RAISE): *bc points
 * into *owned, which the caller frees. */
static int bc_write(int k, dxil_module *m, const char *path, const uint8_t **bc, size_t *size,
                    uint8_t **owned, dxil_diags *d)
{
    if (k == BC_DIRECT) {
        bcw_options o;
        bcw_options_init(&o);
        o.name = path;
        o.restypes = m->restypes;
        int rc = bcw_write_module(m->mod, &o, owned, size, d);
        *bc = *owned;
        return rc;
    }
    /* m is lowered in place: the module the writer was given */
    size_t out_size = 0;
    if (dxil_lower_write_container(m, NULL, NULL, owned, &out_size, d) != 0)
        return -1;
    return dxil_locate_bitcode(*owned, out_size, NULL, bc, size, NULL, d);
}

static void bc_run(bc_totals *t, int k, const char *path, const uint8_t *data, size_t size,
                   const uint8_t *dxc, size_t dxc_size)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = bc_load(data, size, path, k == BC_RAISE, d);
    bc_path *p = &t->p[k];
    p->loaded += m != NULL;
    const uint8_t *bc = NULL;
    uint8_t *owned = NULL;
    size_t bc_size = 0;
    if (m && bc_write(k, m, path, &bc, &bc_size, &owned, d) == 0)
        bc_check(p, path, m->mod, bc, bc_size, dxc, dxc_size);
    else if (m)
        bc_refused(p, path, d);
    free(owned);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

static void bc_file(const char *path, void *user)
{
    bc_totals *t = user;
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    const uint8_t *dxc = NULL;
    size_t dxc_size = 0;
    t->files++;
    if (!data || dxil_locate_bitcode(data, size, NULL, &dxc, &dxc_size, NULL, NULL) != 0) {
        free(data);
        return;
    }
    if (bc_vocab_add(&t->dxc, dxc, dxc_size) != 0)
        t->dxc_malformed++;
    for (int k = 0; k < BC_PATHS; k++)
        bc_run(t, k, path, data, size, dxc, dxc_size);
    free(data);
}

static size_t bc_vocab_size(const bc_vocab *v)
{
    size_t n = 0;
    for (unsigned b = 0; b < BCV_BLOCKS; b++)
        for (unsigned c = 0; c <= BCV_ENTERED; c++)
            n += v->used[b][c];
    return n;
}

static void bc_print(const bc_path *p)
{
    printf("  %s: %zu written, %zu refused; %zu read back: %zu print the IR written, %zu more "
           "compare equal (ir_compare); %zu of %zu bitcodes byte-identical to DXC's DXIL part; "
           "%zu block and record kinds\n",
           p->name, p->written, p->refused, p->read_back, p->same_ir, p->same_calls,
           p->identical, p->written, bc_vocab_size(&p->vocab));
    if (p->first_refused[0])
        printf("    first refused: %s\n", p->first_refused);
    if (p->first_unread[0])
        printf("    first not read back: %s\n", p->first_unread);
    if (p->first_ir[0])
        printf("    first printed difference: %s\n", p->first_ir);
    if (p->first_cmp[0])
        printf("    first real difference: %s\n", p->first_cmp);
}

/* (b) over the corpus: within DXC's vocabulary, none of LLVM 22's own. */
static void bc_check_vocab(const bc_totals *t, const bc_path *p)
{
    char buf[128];
    unsigned block, code;
    bool ours = bc_vocab_modern(&p->vocab, &block, &code);
    CU_ASSERT_FALSE(ours);
    if (ours)
        printf("  %s: %s in our bitcode\n", p->name, bc_vocab_pair_name(block, code, buf, sizeof buf));
    bool dxcs = bc_vocab_modern(&t->dxc, &block, &code); /* the list is right */
    CU_ASSERT_FALSE(dxcs);
    if (dxcs)
        printf("  %s in DXC's bitcode\n", bc_vocab_pair_name(block, code, buf, sizeof buf));
    bool extra = bc_vocab_extra(&p->vocab, &t->dxc, &block, &code);
    CU_ASSERT_FALSE(extra);
    if (extra)
        printf("  %s: %s, which DXC's bitcode never uses\n", p->name,
               bc_vocab_pair_name(block, code, buf, sizeof buf));
}

static void test_corpus(void)
{
    bc_totals *t = calloc(1, sizeof *t);
    CU_ASSERT_FATAL(t != NULL);
    bc_verbose = getenv("DXIL_BCWRITE_VERBOSE") != NULL;
    for (int k = 0; k < BC_PATHS; k++)
        t->p[k].name = bc_path_names[k];
    tu_each_corpus_file(bc_file, t);
    if (t->files == 0) {
        printf("\n  corpus missing: skipped\n");
        free(t);
        return;
    }
    printf("\n  corpus: %zu files, %zu loaded, %zu raised; DXC's bitcode uses %zu block and "
           "record kinds\n", t->files, t->p[BC_DIRECT].loaded, t->p[BC_RAISE].loaded,
           bc_vocab_size(&t->dxc));
    for (int k = 0; k < BC_PATHS; k++)
        bc_print(&t->p[k]);
    CU_ASSERT(t->files >= 900);
    CU_ASSERT_EQUAL(t->dxc_malformed, 0);
    for (int k = 0; k < BC_PATHS; k++) {
        const bc_path *p = &t->p[k];
        CU_ASSERT_EQUAL(p->loaded, t->files);
        CU_ASSERT_EQUAL(p->written, t->files);
        CU_ASSERT_EQUAL(p->malformed, 0);
        CU_ASSERT_EQUAL(p->read_back, p->written);
        CU_ASSERT_EQUAL(p->same_ir + p->same_calls, p->written);
        CU_ASSERT(p->same_ir >= bc_min_same_ir[k]);
        bc_check_vocab(t, p);
    }
    CU_ASSERT(t->p[BC_DIRECT].identical >= BC_MIN_IDENTICAL_DIRECT);
    CU_ASSERT(t->p[BC_RAISE].identical >= BC_MIN_IDENTICAL_RAISE);
    free(t);
}

int tu_register(void)
{
    if (!tu_shared_dir())
        return 1; /* skipped, with the reason printed */
    static const tu_case cases[] = {
        {"written bitcode reads back as written, in DXC's vocabulary", test_corpus},
        {NULL, NULL}};
    tu_add_suite("bcwrite corpus", cases);
    return 0;
}
