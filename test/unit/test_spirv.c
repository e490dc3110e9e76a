/* The SPIR-V emission's C API (dxil_spirv.h) on clang 22's Vulkan IR
 * (test/lit/spirv/Inputs): valid SPIR-V in a child process and in this
 * thread, byte for byte the same, the module left as it was; LLVM's fatal
 * error, its crash and its invalid output each a diagnostic while this
 * process carries on; a child that crashes, exits or hangs (the test hook);
 * many threads emitting at once; the loader's pass-through; the validator
 * and the triple choice. Every SPIR-V made here is validated again. */
#include "dxil-upgrade/dxil_spirv.h"
#include "module/module_triple.h"
#include "spirv/spirv.h"
#include "test_util.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TS_INPUTS DXIL_TEST_SOURCE_DIR "/test/lit/spirv/Inputs/"

/* A file of the inputs, loaded as it is (spirv_as_is); NULL on failure. */
static dxil_module *ts_load(const char *name, dxil_diags *diags)
{
    char path[512];
    snprintf(path, sizeof path, TS_INPUTS "%s", name);
    dxil_options o;
    dxil_options_init(&o);
    o.spirv_as_is = true;
    return dxil_module_load_file(path, &o, diags);
}

/* The first diagnostic with this code, or NULL. */
static const dxil_diag *ts_find(const dxil_diags *d, int code)
{
    for (size_t i = 0; i < dxil_diags_count(d); i++)
        if (dxil_diags_get(d, i)->code == code)
            return dxil_diags_get(d, i);
    return NULL;
}

static bool ts_has(const dxil_diags *d, int code, const char *text)
{
    const dxil_diag *g = ts_find(d, code);
    return g && strstr(g->message, text) != NULL;
}

/* A SPIR-V binary: its magic number, and the validator passes it. */
static bool ts_valid_spirv(const void *data, size_t size)
{
    uint32_t magic = 0;
    if (!data || size < 20)
        return false;
    memcpy(&magic, data, 4);
    return magic == 0x07230203u && dxil_spirv_validate(data, size, DXIL_SPIRV_ENV_VULKAN_1_3,
                                                       NULL) == 0;
}

/* Emits a file of the inputs; returns emit's result (-2: it did not
 * load), data in *out. No CUnit assertion: threads call it. */
static int ts_emit_file(const char *name, bool isolate, void **out, size_t *size,
                        dxil_diags *diags)
{
    *out = NULL;
    dxil_module *m = ts_load(name, diags);
    if (!m)
        return -2;
    dxil_spirv_options o;
    dxil_spirv_options_init(&o);
    o.isolate = isolate;
    int rc = dxil_module_emit_spirv(m, &o, out, size, diags);
    dxil_module_destroy(m);
    return rc;
}

static void test_options_init(void)
{
    dxil_spirv_options o;
    memset(&o, 0xff, sizeof o);
    dxil_spirv_options_init(&o);
    CU_ASSERT_TRUE(o.isolate);
    CU_ASSERT_EQUAL(o.timeout_s, 300);
    CU_ASSERT_EQUAL(o.target_env, DXIL_SPIRV_ENV_DEFAULT);
    CU_ASSERT_EQUAL(o.n_shifts, 0);
    CU_ASSERT_PTR_NULL(o.shifts);
}

/* Isolated and in-thread emission give the same valid bytes, and neither
 * changes the module (the backend works on the child's copy, or a clone).
 * The only emission of this program in its own process, and the last:
 * LLVM 22's SPIR-V backend leaves static state behind (spirv/spirv.h)
 * that corrupts a later compilation in the process, or in a child forked
 * after, so the library refuses those. */
static void test_emit_modes(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ts_load("cs_vulkan.ll", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    char *before = LLVMPrintModuleToString(dxil_module_llvm(m));
    dxil_spirv_options o;
    dxil_spirv_options_init(&o);
    void *iso = NULL, *inproc = NULL;
    size_t iso_size = 0, inproc_size = 0;
    CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, &o, &iso, &iso_size, d), 0);
    o.isolate = false;
    CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, &o, &inproc, &inproc_size, d), 0);
    CU_ASSERT_EQUAL(dxil_diags_count(d), 0);
    dxil_diags_clear(d);
    CU_ASSERT_TRUE(ts_valid_spirv(iso, iso_size));
    CU_ASSERT_EQUAL(iso_size, inproc_size);
    CU_ASSERT_TRUE(iso && inproc && iso_size == inproc_size &&
                   memcmp(iso, inproc, iso_size) == 0);
    char *after = LLVMPrintModuleToString(dxil_module_llvm(m));
    CU_ASSERT_STRING_EQUAL(before, after);
    /* that in-thread compilation left LLVM's static state behind: no
     * more SPIR-V from this process, in the thread or in a child */
    void *again = NULL;
    size_t again_size = 0;
    for (int mode = 0; mode < 2; mode++) {
        o.isolate = mode;
        CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, &o, &again, &again_size, d), -1);
        CU_ASSERT_PTR_NULL(again);
        CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_BACKEND, "already compiled in this process"));
        dxil_diags_clear(d);
    }
    LLVMDisposeMessage(before);
    LLVMDisposeMessage(after);
    free(iso);
    free(inproc);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

/* LLVM's fatal error ends the child, not us: a diagnostic with LLVM's
 * reason, no data; then the same process emits again. */
static void test_fatal_error_survived(void)
{
    dxil_diags *d = dxil_diags_create();
    void *data = (void *)1;
    size_t size = 1;
    CU_ASSERT_EQUAL(ts_emit_file("wide_vector.ll", true, &data, &size, d), -1);
    CU_ASSERT_PTR_NULL(data);
    CU_ASSERT_EQUAL(size, 0);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_BACKEND,
                          "gave up (fatal error): unable to legalize instruction"));
    dxil_diags_clear(d);
    CU_ASSERT_EQUAL(ts_emit_file("cs_vulkan.ll", true, &data, &size, d), 0);
    CU_ASSERT_TRUE(ts_valid_spirv(data, size));
    free(data);
    dxil_diags_destroy(d);
}

#if defined(__SANITIZE_ADDRESS__)
#define TS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TS_UNDER_ASAN 1
#endif
#endif
#ifndef TS_UNDER_ASAN
#define TS_UNDER_ASAN 0
#endif

/* The backend's SIGSEGV (its own bug: llc-22 crashes the same way). */
static void test_backend_crash(void)
{
    dxil_diags *d = dxil_diags_create();
    void *data = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL(ts_emit_file("cbuffer_loop.ll", true, &data, &size, d), -1);
    CU_ASSERT_PTR_NULL(data);
    /* Under AddressSanitizer the child's SIGSEGV is ASan's report and
     * exit, not a death by signal: a backend failure either way. */
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_BACKEND, TS_UNDER_ASAN ? "" : "crashed"));
    dxil_diags_destroy(d);
}

/* What the backend makes and spirv-val rejects is not handed back. */
static void test_invalid_output(void)
{
    dxil_diags *d = dxil_diags_create();
    void *data = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL(ts_emit_file("handle_global.ll", true, &data, &size, d), -1);
    CU_ASSERT_PTR_NULL(data);
    CU_ASSERT_EQUAL(size, 0);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_INVALID, "variables may not allocate a pointer"));
    CU_ASSERT_PTR_NULL(ts_find(d, DXIL_E_SPIRV_BACKEND));
    dxil_diags_destroy(d);
}

/* A child that dies, exits or hangs, through the child's test hook. */
static void ts_hooked(const char *what, unsigned timeout_s, const char *expect)
{
    setenv("DXIL_SPIRV_TEST_CHILD", what, 1);
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ts_load("cs_vulkan.ll", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    dxil_spirv_options o;
    dxil_spirv_options_init(&o);
    o.timeout_s = timeout_s;
    void *data = NULL;
    size_t size = 0;
    time_t t0 = time(NULL);
    CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, &o, &data, &size, d), -1);
    CU_ASSERT(time(NULL) - t0 < 20); /* a hang is cut at the timeout */
    CU_ASSERT_PTR_NULL(data);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_BACKEND, expect));
    if (!ts_has(d, DXIL_E_SPIRV_BACKEND, expect))
        dxil_diags_print(d, stderr, what);
    unsetenv("DXIL_SPIRV_TEST_CHILD");
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

static void test_child_ends(void)
{
    ts_hooked("segv", 0, "crashed (Segmentation fault)");
    ts_hooked("exit", 0, "ended its process (status 3) without a result");
    ts_hooked("hang", 1, "did not finish within 1 s");
}

/* Threads each with their own modules, emitting at once (the first
 * registers the SPIR-V target under the others' feet): good and bad
 * inputs, each in a child forked from a thread while the others run. */
enum { TS_THREADS = 4, TS_ROUNDS = 3 };

typedef struct ts_job {
    int index;
    int ok, fatal_seen, wrong;
} ts_job;

static void *ts_thread(void *arg)
{
    ts_job *j = arg;
    for (int r = 0; r < TS_ROUNDS; r++) {
        bool bad = (j->index + r) % 2 == 1;
        dxil_diags *d = dxil_diags_create();
        void *data = NULL;
        size_t size = 0;
        int rc = ts_emit_file(bad ? "wide_vector.ll" : "cs_vulkan.ll", true, &data, &size, d);
        if (!bad && rc == 0 && ts_valid_spirv(data, size))
            j->ok++;
        else if (bad && rc != 0 && ts_has(d, DXIL_E_SPIRV_BACKEND, "unable to legalize"))
            j->fatal_seen++;
        else
            j->wrong++;
        free(data);
        dxil_diags_destroy(d);
    }
    return NULL;
}

static void test_threads(void)
{
    pthread_t t[TS_THREADS];
    ts_job jobs[TS_THREADS];
    for (int i = 0; i < TS_THREADS; i++) {
        jobs[i] = (ts_job){.index = i};
        CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, ts_thread, &jobs[i]), 0);
    }
    int ok = 0, fatal = 0, wrong = 0;
    for (int i = 0; i < TS_THREADS; i++) {
        pthread_join(t[i], NULL);
        ok += jobs[i].ok;
        fatal += jobs[i].fatal_seen;
        wrong += jobs[i].wrong;
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_EQUAL(ok + fatal, TS_THREADS * TS_ROUNDS);
    CU_ASSERT(ok > 0 && fatal > 0);
}

/* The loader: a Vulkan module is refused for raising, and taken as it is
 * (as LLVM parses it, nothing added) with spirv_as_is. */
static void test_loader_pass_through(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = dxil_module_load_file(TS_INPUTS "cs_vulkan.ll", NULL, d);
    CU_ASSERT_PTR_NULL(m);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_RAISE, "nothing to raise"));
    dxil_diags_clear(d);
    m = ts_load("cs_vulkan.ll", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    size_t size = 0;
    uint8_t *text = tu_read_file(TS_INPUTS "cs_vulkan.ll", &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef plain = NULL;
    char *err = NULL;
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy((const char *)text, size, "cs_vulkan.ll");
    CU_ASSERT_EQUAL_FATAL(LLVMParseIRInContext(ctx, buf, &plain, &err), 0);
    char *a = LLVMPrintModuleToString(plain), *b = LLVMPrintModuleToString(dxil_module_llvm(m));
    CU_ASSERT_STRING_EQUAL(a, b);
    LLVMDisposeMessage(a);
    LLVMDisposeMessage(b);
    /* and it is no more raisable after loading than at it */
    CU_ASSERT_EQUAL(dxil_module_raise(m, d), -1);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_RAISE, "not DXIL"));
    LLVMDisposeModule(plain);
    LLVMContextDispose(ctx);
    free(text);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

/* A DXIL module must be raised first; a raised one is retargeted, which
 * either gives valid SPIR-V or refuses with DXIL_E_RETARGET. */
static void test_dxil_input(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_options lo;
    dxil_options_init(&lo);
    lo.raise = false;
    const char *path = DXIL_TEST_SOURCE_DIR "/samples/compute_sine.dxil";
    dxil_module *m = dxil_module_load_file(path, &lo, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    void *data = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, NULL, &data, &size, d), -1);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_RETARGET, "has not been raised"));
    dxil_module_destroy(m);
    dxil_diags_clear(d);
    m = dxil_module_load_file(path, NULL, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    int rc = dxil_module_emit_spirv(m, NULL, &data, &size, d);
    if (rc == 0) {
        CU_ASSERT_TRUE(ts_valid_spirv(data, size));
    } else {
        CU_ASSERT_PTR_NULL(data);
        CU_ASSERT_EQUAL(dxil_diags_error_count(d) > 0 ? dxil_diags_get(d, 0)->code : 0,
                        DXIL_E_RETARGET);
    }
    free(data);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

/* Register shifts on a module already in SPIR-V form: a warning. */
static void test_shifts_ignored(void)
{
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ts_load("cs_vulkan.ll", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    dxil_spirv_shift sh = {.cls = 't', .space = 0, .shift = 10};
    dxil_spirv_options o;
    dxil_spirv_options_init(&o);
    o.shifts = &sh;
    o.n_shifts = 1;
    void *data = NULL;
    size_t size = 0;
    CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, &o, &data, &size, d), 0);
    CU_ASSERT_TRUE(ts_valid_spirv(data, size));
    CU_ASSERT_TRUE(ts_has(d, DXIL_W_RETARGET, "ignored"));
    free(data);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
}

/* dxil_module_emit_spirv_file: the bytes of the memory form, and no file
 * at all when emission fails. */
static void test_emit_file(void)
{
    char dir[] = "/tmp/dxil-test-spirv-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char good[600], bad[600];
    snprintf(good, sizeof good, "%s/cs.spv", dir);
    snprintf(bad, sizeof bad, "%s/wide.spv", dir);
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = ts_load("cs_vulkan.ll", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(dxil_module_emit_spirv_file(m, NULL, good, d), 0);
    void *data = NULL;
    size_t size = 0, file_size = 0;
    CU_ASSERT_EQUAL(dxil_module_emit_spirv(m, NULL, &data, &size, d), 0);
    uint8_t *file = tu_read_file(good, &file_size);
    CU_ASSERT_TRUE(file && data && file_size == size && memcmp(file, data, size) == 0);
    free(file);
    free(data);
    dxil_module_destroy(m);
    m = ts_load("wide_vector.ll", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(dxil_module_emit_spirv_file(m, NULL, bad, d), -1);
    struct stat st;
    CU_ASSERT_NOT_EQUAL(stat(bad, &st), 0);
    dxil_module_destroy(m);
    dxil_diags_destroy(d);
    unlink(good);
    rmdir(dir);
}

/* dxil_spirv_validate: what is not SPIR-V, a caller's unaligned copy, and
 * a version the environment does not take. */
static void test_validate(void)
{
    void *data = NULL;
    size_t size = 0;
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL_FATAL(ts_emit_file("cs_vulkan.ll", true, &data, &size, d), 0);
    uint8_t *odd = malloc(size + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(odd);
    memcpy(odd + 1, data, size);
    CU_ASSERT_EQUAL(dxil_spirv_validate(odd + 1, size, DXIL_SPIRV_ENV_DEFAULT, d), 0);
    CU_ASSERT_EQUAL(dxil_spirv_validate(odd + 1, size - 2, DXIL_SPIRV_ENV_VULKAN_1_3, d), -1);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_INVALID, "32-bit words"));
    dxil_diags_clear(d);
    uint32_t junk[8] = {0xdeadbeef, 1, 2, 3, 4, 5, 6, 7};
    CU_ASSERT_EQUAL(dxil_spirv_validate(junk, sizeof junk, DXIL_SPIRV_ENV_VULKAN_1_3, d), -1);
    CU_ASSERT_PTR_NOT_NULL(ts_find(d, DXIL_E_SPIRV_INVALID));
    dxil_diags_clear(d);
    /* SPIR-V 1.6 (word 1): Vulkan 1.3 takes it, Vulkan 1.2 (up to 1.5) not */
    uint32_t v16 = 0x00010600u;
    memcpy((uint8_t *)data + 4, &v16, 4);
    CU_ASSERT_EQUAL(dxil_spirv_validate(data, size, DXIL_SPIRV_ENV_VULKAN_1_3, d), 0);
    CU_ASSERT_EQUAL(dxil_spirv_validate(data, size, DXIL_SPIRV_ENV_VULKAN_1_2, d), -1);
    CU_ASSERT_TRUE(ts_has(d, DXIL_E_SPIRV_INVALID, "Vulkan 1.2"));
    free(odd);
    free(data);
    dxil_diags_destroy(d);
}

/* The triple a module is compiled for, and the Vulkan version. */
static void ts_choose(const char *triple, dxil_spirv_env want, const char *expect,
                      dxil_spirv_env env)
{
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("t", ctx);
    LLVMSetTarget(m, triple);
    spirv_target t;
    dxil_diags *d = dxil_diags_create();
    int rc = spirv_target_choose(m, want, &t, d);
    if (expect) {
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT_STRING_EQUAL(rc == 0 ? t.triple : "", expect);
        CU_ASSERT_EQUAL(t.env, env);
    } else {
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_PTR_NOT_NULL(ts_find(d, DXIL_E_SPIRV_BACKEND));
    }
    dxil_diags_destroy(d);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
}

static void test_target_choice(void)
{
    ts_choose("spirv-unknown-vulkan1.3-compute", DXIL_SPIRV_ENV_DEFAULT,
              "spirv-unknown-vulkan1.3-compute", DXIL_SPIRV_ENV_VULKAN_1_3);
    ts_choose("spirv-unknown-vulkan1.3-compute", DXIL_SPIRV_ENV_VULKAN_1_2,
              "spirv-unknown-vulkan1.2-compute", DXIL_SPIRV_ENV_VULKAN_1_2);
    ts_choose("spirv1.6-unknown-vulkan-pixel", DXIL_SPIRV_ENV_DEFAULT,
              "spirv1.6-unknown-vulkan1.3-pixel", DXIL_SPIRV_ENV_VULKAN_1_3);
    ts_choose("spirv-unknown-vulkan1.2-vertex", DXIL_SPIRV_ENV_DEFAULT,
              "spirv-unknown-vulkan1.2-vertex", DXIL_SPIRV_ENV_VULKAN_1_2);
    ts_choose("spirv-unknown-vulkan1.1-compute", DXIL_SPIRV_ENV_DEFAULT, NULL, 0);
    ts_choose("spirv-unknown-vulkan1.1-compute", DXIL_SPIRV_ENV_VULKAN_1_3,
              "spirv-unknown-vulkan1.3-compute", DXIL_SPIRV_ENV_VULKAN_1_3);
    ts_choose("spirv64-unknown-unknown", DXIL_SPIRV_ENV_DEFAULT, NULL, 0);
    ts_choose("spirv-unknown-vulkanx-compute", DXIL_SPIRV_ENV_DEFAULT, NULL, 0);
    ts_choose("dxilv1.6-pc-shadermodel6.6-compute", DXIL_SPIRV_ENV_DEFAULT, NULL, 0);
    CU_ASSERT_TRUE(triple_is_vulkan_spirv("spirv1.5-unknown-vulkan1.2-compute"));
    CU_ASSERT_FALSE(triple_is_vulkan_spirv("spirv32-unknown-vulkan1.2"));
    CU_ASSERT_FALSE(triple_is_vulkan_spirv("spirv-unknown-vulkanx"));
    CU_ASSERT_FALSE(triple_is_vulkan_spirv(NULL));
    CU_ASSERT_FALSE(triple_is_vulkan_spirv(""));
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"threads, first use included", test_threads},
        {"options init", test_options_init},
        {"LLVM fatal error survived", test_fatal_error_survived},
        {"backend crash", test_backend_crash},
        {"spirv-val rejects, nothing returned", test_invalid_output},
        {"child crashes, exits, hangs", test_child_ends},
        {"loader pass-through", test_loader_pass_through},
        {"DXIL input", test_dxil_input},
        {"shifts on SPIR-V form", test_shifts_ignored},
        {"emit to file", test_emit_file},
        {"validate", test_validate},
        {"target choice", test_target_choice},
        {"isolated and in-thread emission (last)", test_emit_modes},
        {NULL, NULL}};
    tu_add_suite("spirv", cases);
    return 0;
}
