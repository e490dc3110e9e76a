/* test_mutation.c - thousands of deterministic mutants of corpus shaders
 * (bit flips, byte and word scribbles, splices, truncations), each loaded
 * and raised in-process. Workers are forked per batch so that a crash or a
 * hang is caught, reported with the mutant's recipe, saved to a file, and
 * the run goes on.
 *
 *   DXIL_MUTANTS=N          number of mutants (default 20000)
 *   DXIL_MUTATION_SEED=S    seed (default 20250101)
 *   DXIL_MUTATION_FILES=N   corpus files used, spread over the manifest (64)
 *   DXIL_MUTATION_FIRST=I   first mutant index (0): replays mutant I alone
 *                           with DXIL_MUTANTS=I+1
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "dxil-upgrade/dxil_upgrade.h"
#include "test_util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MUT_BATCH = 250, MUT_HANG_SECONDS = 20, MUT_MAX_FILES = 1024 };

typedef struct mut_file {
    char *path;
    uint8_t *data;
    size_t size, bc_off, bc_size;
} mut_file;

typedef struct mut_state {
    mut_file files[MUT_MAX_FILES];
    size_t n_files, n_listed, stride;
    uint64_t seed;
} mut_state;

static mut_state mut;

static uint64_t mut_env(const char *name, uint64_t fallback)
{
    const char *s = getenv(name);
    return s && *s ? strtoull(s, NULL, 0) : fallback;
}

/* splitmix64: a mutant is a pure function of (seed, index). */
static uint64_t mut_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void mut_count(const char *path, void *user)
{
    (void)path;
    ++*(size_t *)user;
}

/* Reads a corpus file and finds its bitcode; false when it cannot. */
static bool mut_load(const char *path, mut_file *f)
{
    f->data = tu_read_file(path, &f->size);
    const uint8_t *bc;
    if (!f->data || dxil_locate_bitcode(f->data, f->size, NULL, &bc, &f->bc_size, NULL, NULL)) {
        free(f->data);
        return false;
    }
    f->bc_off = (size_t)(bc - f->data);
    f->path = strdup(path);
    return true;
}

static void mut_pick(const char *path, void *user)
{
    size_t *index = user;
    if ((*index)++ % mut.stride != 0 || mut.n_files >= MUT_MAX_FILES)
        return;
    mut.n_files += mut_load(path, &mut.files[mut.n_files]);
}

/* ---- mutators: each edits buf[0, *size) in place ------------------------ */

typedef void (*mut_fn)(uint8_t *buf, size_t *size, size_t lo, size_t hi, uint64_t *rng);

static size_t mut_pos(size_t lo, size_t hi, uint64_t *rng)
{
    return lo + (size_t)(mut_next(rng) % (hi - lo));
}

static void mut_bit_flips(uint8_t *buf, size_t *size, size_t lo, size_t hi, uint64_t *rng)
{
    unsigned n = 1 + (unsigned)(mut_next(rng) % 8);
    for (unsigned i = 0; i < n; i++)
        buf[mut_pos(lo, hi, rng)] ^= (uint8_t)(1u << (mut_next(rng) % 8));
}

static void mut_byte_scribble(uint8_t *buf, size_t *size, size_t lo, size_t hi, uint64_t *rng)
{
    static const uint8_t special[] = {0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE};
    size_t at = mut_pos(lo, hi, rng), n = 1 + (size_t)(mut_next(rng) % 16);
    uint64_t how = mut_next(rng);
    for (size_t i = at; i < at + n && i < hi; i++)
        buf[i] = how & 1 ? special[(how >> 1) % sizeof special] : (uint8_t)mut_next(rng);
}

/* Block lengths, sizes and offsets are 32-bit words: hit those directly. */
static void mut_word_scribble(uint8_t *buf, size_t *size, size_t lo, size_t hi, uint64_t *rng)
{
    static const uint32_t special[] = {0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFF};
    size_t at = lo + ((mut_pos(lo, hi, rng) - lo) & ~(size_t)3);
    uint64_t r = mut_next(rng);
    uint32_t v = r & 1 ? special[(r >> 1) % 6] : (uint32_t)(r >> 32);
    for (size_t i = 0; i < 4 && at + i < hi; i++)
        buf[at + i] = (uint8_t)(v >> (8 * i));
}

/* Copies one stretch of the region over another. */
static void mut_splice(uint8_t *buf, size_t *size, size_t lo, size_t hi, uint64_t *rng)
{
    size_t from = mut_pos(lo, hi, rng), to = mut_pos(lo, hi, rng);
    size_t n = 1 + (size_t)(mut_next(rng) % 64);
    if (n > hi - from)
        n = hi - from;
    if (n > hi - to)
        n = hi - to;
    memmove(buf + to, buf + from, n);
}

static void mut_truncate(uint8_t *buf, size_t *size, size_t lo, size_t hi, uint64_t *rng)
{
    *size = mut_pos(lo, hi, rng);
}

static const struct {
    const char *name;
    mut_fn fn;
} mut_kinds[] = {{"bit flips", mut_bit_flips},     {"byte scribble", mut_byte_scribble},
                 {"word scribble", mut_word_scribble}, {"splice", mut_splice},
                 {"truncation", mut_truncate}};
#define MUT_KINDS (sizeof mut_kinds / sizeof *mut_kinds)

/* Mutant i's generator state, which first draws the file. */
static uint64_t mut_rng(uint64_t seed, uint64_t i)
{
    return seed ^ (i * 0xD1B54A32D192ED03ull);
}

/* Builds mutant i of file f (rng has drawn the file): a whole container
 * (edits mostly inside the bitcode) or, for every third mutant, the bare
 * bitcode, which reaches the validator without the container's checks in
 * front. Caller frees. */
static uint8_t *mut_apply(const mut_file *f, uint64_t *rng_state, size_t *size, unsigned *kind)
{
    uint64_t rng = *rng_state;
    bool bare = mut_next(&rng) % 3 == 0, whole = mut_next(&rng) % 5 == 0;
    *kind = (unsigned)(mut_next(&rng) % MUT_KINDS);
    const uint8_t *src = bare ? f->data + f->bc_off : f->data;
    *size = bare ? f->bc_size : f->size;
    uint8_t *buf = malloc(*size);
    memcpy(buf, src, *size);
    size_t lo = bare || whole ? 0 : f->bc_off;
    size_t hi = bare || whole ? *size : f->bc_off + f->bc_size;
    mut_kinds[*kind].fn(buf, size, lo, hi, &rng);
    *rng_state = rng;
    return buf;
}

static uint8_t *mut_build(uint64_t i, size_t *size, const mut_file **file, unsigned *kind)
{
    uint64_t rng = mut_rng(mut.seed, i);
    const mut_file *f = &mut.files[mut_next(&rng) % mut.n_files];
    *file = f;
    return mut_apply(f, &rng, size, kind);
}

/* ---- workers -------------------------------------------------------------- */

typedef struct mut_shared {
    volatile uint64_t current;  /* mutant being loaded */
    volatile uint64_t outcome[8]; /* loaded, container, bitstream, llvm, other */
} mut_shared;

static unsigned mut_bucket(const dxil_diags *diags, bool loaded)
{
    if (loaded)
        return 0;
    int code = 0;
    for (size_t k = 0; k < dxil_diags_count(diags); k++)
        if (dxil_diags_get(diags, k)->severity == DXIL_SEV_ERROR) {
            code = dxil_diags_get(diags, k)->code;
            break;
        }
    return code < 1000 ? 5 : code < 2000 ? 1 : code < 3000 ? 2 : code < 4000 ? 3 : 4;
}

static void mut_worker(mut_shared *sh, uint64_t from, uint64_t to)
{
    for (uint64_t i = from; i < to; i++) {
        sh->current = i;
        alarm(MUT_HANG_SECONDS);
        size_t size;
        const mut_file *f;
        unsigned kind;
        uint8_t *buf = mut_build(i, &size, &f, &kind);
        dxil_diags *diags = dxil_diags_create();
        dxil_options opts;
        dxil_options_init(&opts);
        opts.verify = true;
        dxil_module *m = dxil_module_load_memory(buf, size, "mutant", &opts, diags);
        if (!m && dxil_diags_error_count(diags) == 0)
            abort(); /* a failed load must say why */
        sh->outcome[mut_bucket(diags, m != NULL)]++;
        dxil_module_destroy(m);
        dxil_diags_destroy(diags);
        free(buf);
    }
    _exit(0);
}

static void mut_report(uint64_t i, int status)
{
    size_t size;
    const mut_file *f;
    unsigned kind;
    uint8_t *buf = mut_build(i, &size, &f, &kind);
    char out[512];
    snprintf(out, sizeof out, "%s/mutation-crash-%llu.bin", DXIL_TEST_BINARY_DIR,
             (unsigned long long)i);
    FILE *fp = fopen(out, "wb");
    if (fp) {
        fwrite(buf, 1, size, fp);
        fclose(fp);
    }
    bool hang = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
    fprintf(stderr, "\n  mutant %llu (%s of %s, seed %llu): %s %d; saved as %s\n",
            (unsigned long long)i, mut_kinds[kind].name, f->path,
            (unsigned long long)mut.seed, hang ? "HANG" : WIFSIGNALED(status) ? "signal" : "exit",
            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), out);
    free(buf);
}

static void test_mutants(void)
{
    uint64_t total = mut_env("DXIL_MUTANTS", 20000), first = mut_env("DXIL_MUTATION_FIRST", 0);
    mut_shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                          -1, 0);
    CU_ASSERT_FATAL(sh != MAP_FAILED);
    memset((void *)sh, 0, sizeof *sh);
    unsigned crashes = 0, hangs = 0;
    for (uint64_t next = first; next < total;) {
        uint64_t end = next + MUT_BATCH < total ? next + MUT_BATCH : total;
        sh->current = next;
        fflush(NULL);
        pid_t pid = fork();
        CU_ASSERT_FATAL(pid >= 0);
        if (pid == 0)
            mut_worker(sh, next, end);
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            next = end;
            continue;
        }
        mut_report(sh->current, status);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            hangs++;
        else
            crashes++;
        next = sh->current + 1; /* carry on after the culprit */
    }
    fprintf(stderr, "\n  %llu mutants of %zu files (seed %llu): %llu loaded, rejected by "
            "container %llu, bitstream %llu, LLVM %llu, later passes %llu; %u crashes, "
            "%u hangs\n",
            (unsigned long long)(total > first ? total - first : 0), mut.n_files, (unsigned long long)mut.seed,
            (unsigned long long)sh->outcome[0], (unsigned long long)sh->outcome[1],
            (unsigned long long)sh->outcome[2], (unsigned long long)sh->outcome[3],
            (unsigned long long)sh->outcome[4], crashes, hangs);
    CU_ASSERT_EQUAL(crashes, 0);
    CU_ASSERT_EQUAL(hangs, 0);
    munmap(sh, sizeof *sh);
}

/* Mutants that crashed or hung LLVM 22 before the validator's value model
 * (DXIL_MUTANTS=100000 DXIL_MUTATION_FILES=909, with the seed given): GEP
 * struct indices out of range or not constant, SETTYPE past the type
 * table or to a type no constant has (metadata), DATA of a non-array
 * type, an untyped sret on the function.
 * Corpus files are not committed, so each mutant is
 * regenerated from its file with the generator above. */
static const struct {
    uint64_t seed, index;
    const char *file;
} mut_known[] = {
    {20250101, 4039, "vkd3d-proton/shaders__vrs__headers__vrs_depth_ps__"
                     "vrs_depth_ps_code_dxil.dxil"},
    {20250101, 10781, "vkd3d-proton-2024-01/d3d12_mesh_shader__test_amplification_shader__"
                      "as_simple.dxil"},
    {20250101, 16873, "vkd3d-proton-history/shaders__sm_advanced__headers__ps_fp16_native__"
                      "ps_fp16_native_code_dxil.dxil"},
    {20250101, 18954, "vkd3d-proton/shaders__tessellation__headers__quad_tess_hs_ccw__"
                      "quad_tess_hs_ccw_code_dxil.dxil"},
    {20250101, 56560, "vkd3d-proton/shaders__pso__headers__ps_sample_mask66__"
                      "ps_sample_mask66_code_dxil.dxil"},
    {20250101, 75862, "generated/raytracing.lib_6_6.dxil"},
    {20250101, 76863, "generated/mesh_as.as_6_6.dxil"},
    {20250101, 88782, "vkd3d-proton/shaders__pso__headers__hs_mismatch_1__"
                      "hs_mismatch_1_code_dxil.dxil"},
    {20250101, 92774, "generated/workgraph_Od.lib_6_8.dxil"},
    /* seed 7: sret on the function index (verifier crash on its null type) */
    {7, 11198, "sdl-history/src__render__direct3d12__D3D12_PixelShader_Advanced__"
               "g_main_5.dxil"},
    /* seed 4: an AGGREGATE containing itself (hangs) */
    {4, 6070, "vkd3d-proton-2024-01/d3d12_sm_advanced__test_sm67_dynamic_texture_offset__"
              "cs_code_dxil.dxil"},
    {4, 33767, "vkd3d-proton-2024-01/d3d12_sm_advanced__test_shader_sm66_packed__"
               "cs_code_pack_s16_u8_clamp.dxil"},
    /* seed 7: SETTYPE flipped to the metadata type, then NULL (trap) */
    {7, 68734, "vkd3d-proton/shaders__sparse__headers__texture_feedback_ld__"
               "texture_feedback_ld_code_dxil.dxil"},
    /* seed 14: a !tbaa node with a null operand (LLVM's TBAA verifier) */
    {14, 88010, "vkd3d-proton-2024-01/d3d12_mesh_shader__test_amplification_shader__"
                "as_multi_workgroup.dxil"},
};

/* Loads buf in a child; its exit status is the outcome bucket. */
static int mut_child_bucket(const uint8_t *buf, size_t size)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(MUT_HANG_SECONDS);
        dxil_diags *diags = dxil_diags_create();
        dxil_options opts;
        dxil_options_init(&opts);
        opts.verify = true;
        dxil_module *m = dxil_module_load_memory(buf, size, "mutant", &opts, diags);
        _exit((int)mut_bucket(diags, m != NULL));
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 100 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static void test_known_crashers(void)
{
    for (size_t k = 0; k < sizeof mut_known / sizeof *mut_known; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/corpus/%s", tu_shared_dir(), mut_known[k].file);
        mut_file f = {0};
        CU_ASSERT_FATAL(mut_load(path, &f));
        uint64_t rng = mut_rng(mut_known[k].seed, mut_known[k].index);
        (void)mut_next(&rng); /* the run's file draw */
        size_t size;
        unsigned kind;
        uint8_t *buf = mut_apply(&f, &rng, &size, &kind);
        int bucket = mut_child_bucket(buf, size);
        if (bucket != 2)
            fprintf(stderr, "\n  mutant %llu of %s: outcome %d (2: rejected by the validator)\n",
                    (unsigned long long)mut_known[k].index, mut_known[k].file, bucket);
        CU_ASSERT_EQUAL(bucket, 2);
        free(buf);
        free(f.data);
        free(f.path);
    }
}

static void mut_free(void)
{
    for (size_t i = 0; i < mut.n_files; i++) {
        free(mut.files[i].data);
        free(mut.files[i].path);
    }
}

int tu_register(void)
{
    mut.seed = mut_env("DXIL_MUTATION_SEED", 20250101);
    size_t want = (size_t)mut_env("DXIL_MUTATION_FILES", 64);
    tu_each_corpus_file(mut_count, &mut.n_listed);
    if (mut.n_listed == 0)
        return 1; /* tu_shared_dir() said why */
    mut.stride = want && mut.n_listed > want ? mut.n_listed / want : 1;
    size_t index = 0;
    tu_each_corpus_file(mut_pick, &index);
    atexit(mut_free);
    if (mut.n_files == 0) {
        fprintf(stderr, "SKIP: no corpus file could be read\n");
        return 1;
    }
    static const tu_case cases[] = {
        {"known crashers are rejected by the validator", test_known_crashers},
        {"corpus mutants never crash or hang", test_mutants},
        {NULL, NULL}};
    tu_add_suite("mutation", cases);
    return 0;
}
