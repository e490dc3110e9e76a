/* dxil-run's pieces that need no device (run/): the spec parsers, the
 * seed's generator, HLSL identities with shifts, bind sizes and seeded
 * contents, and reflection of a small module. The runs themselves are the
 * lit tests of test/lit/run (they need a Vulkan device). */
#include "run/run.h"
#include "spirv/spirv.h"
#include "test_util.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

static void test_parse_bind(void)
{
    dxil_run_bind b;
    CU_ASSERT_EQUAL(dxil_run_parse_bind("u0:space0=out.bin", &b, NULL), 0);
    CU_ASSERT_EQUAL(b.cls, 'u');
    CU_ASSERT_EQUAL(b.reg, 0);
    CU_ASSERT_EQUAL(b.space, 0);
    CU_ASSERT_STRING_EQUAL(b.path, "out.bin");
    CU_ASSERT_EQUAL(dxil_run_parse_bind("T12:space3=a=b", &b, NULL), 0);
    CU_ASSERT_EQUAL(b.cls, 't');
    CU_ASSERT_EQUAL(b.reg, 12);
    CU_ASSERT_EQUAL(b.space, 3);
    CU_ASSERT_STRING_EQUAL(b.path, "a=b");
    CU_ASSERT_EQUAL(dxil_run_parse_bind("b4=p", &b, NULL), 0);
    CU_ASSERT_EQUAL(b.space, 0);
    static const char *const bad[] = {"", "u0", "u0=", "s0=f", "x1=f", "u=f", "u-1=f",
                                      "u0:space=f", "u0:spaceX=f", "u0:sp1=f", "u4294967296=f",
                                      "u0 =f", "u0:space0:space1=f"};
    dxil_diags *d = dxil_diags_create();
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CU_ASSERT_EQUAL(dxil_run_parse_bind(bad[i], &b, d), -1);
    CU_ASSERT_EQUAL(dxil_diags_error_count(d), sizeof bad / sizeof bad[0]);
    CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_USAGE_VALUE);
    dxil_diags_destroy(d);
}

static void test_parse_shift_format(void)
{
    dxil_run_shift s;
    CU_ASSERT_EQUAL(dxil_run_parse_shift('t', "10:2", &s, NULL), 0);
    CU_ASSERT_EQUAL(s.shift, 10);
    CU_ASSERT_EQUAL(s.space, 2);
    CU_ASSERT_FALSE(s.all_spaces);
    CU_ASSERT_EQUAL(dxil_run_parse_shift('u', "5:all", &s, NULL), 0);
    CU_ASSERT_TRUE(s.all_spaces);
    CU_ASSERT_EQUAL(dxil_run_parse_shift('u', "5", &s, NULL), -1);
    CU_ASSERT_EQUAL(dxil_run_parse_shift('u', "5:", &s, NULL), -1);
    CU_ASSERT_EQUAL(dxil_run_parse_shift('u', "5:alls", &s, NULL), -1);
    CU_ASSERT_EQUAL(dxil_run_parse_shift('x', "5:0", &s, NULL), -1);
    dxil_run_format f;
    CU_ASSERT_EQUAL(dxil_run_parse_format("t2:space1=rgba32f", &f, NULL), 0);
    CU_ASSERT_EQUAL(f.reg, 2);
    CU_ASSERT_EQUAL(f.space, 1);
    CU_ASSERT_STRING_EQUAL(f.format, "rgba32f");
    CU_ASSERT_EQUAL(dxil_run_parse_format("b0=r32ui", &f, NULL), -1);
    CU_ASSERT_PTR_NOT_NULL(run_format_by_name("RGBA32F"));
    CU_ASSERT_EQUAL(run_format_by_name("rgba32f")->size, 16);
    CU_ASSERT_PTR_NULL(run_format_by_name("rgba33f"));
    CU_ASSERT_STRING_EQUAL(run_format_guess(false, 1)->name, "r32ui");
    CU_ASSERT_STRING_EQUAL(run_format_guess(true, 3)->name, "rgb32f");
}

/* splitmix64's published first outputs from state 0, and the seed's
 * dependence on each part of the identity. */
static void test_seed(void)
{
    uint64_t st = 0;
    CU_ASSERT_EQUAL(run_splitmix64(&st), 0xE220A8397B1DCDAFull);
    CU_ASSERT_EQUAL(run_splitmix64(&st), 0x6E789E6AA1B965F4ull);
    uint64_t a = run_seed_state(1, 'u', 0, 0);
    CU_ASSERT_NOT_EQUAL(a, run_seed_state(2, 'u', 0, 0));
    CU_ASSERT_NOT_EQUAL(a, run_seed_state(1, 't', 0, 0));
    CU_ASSERT_NOT_EQUAL(a, run_seed_state(1, 'u', 1, 0));
    CU_ASSERT_NOT_EQUAL(a, run_seed_state(1, 'u', 0, 1));
    uint8_t x[13], y[16];
    run_seed_fill(x, sizeof x, a);
    run_seed_fill(y, sizeof y, a);
    CU_ASSERT_EQUAL(memcmp(x, y, sizeof x), 0); /* a prefix of a longer fill */
    uint64_t s2 = a, first = run_splitmix64(&s2);
    for (int i = 0; i < 8; i++)
        CU_ASSERT_EQUAL(y[i], (uint8_t)(first >> (8 * i)));
}

/* seed_finite: no half, float or double read from the result is NaN or
 * infinite, finite values keep their bits, and a seeded stream (which
 * holds NaN patterns at this size) changes only where it had them. */
static void test_seed_finite(void)
{
    const uint32_t in[] = {0x7fc00000u, 0xff800000u, 0x3f800000u, 0x7c00fc01u, 0x12345678u};
    const uint32_t want[] = {0x3fc00000u, 0xbf800000u, 0x3f800000u, 0x3c00bc01u, 0x12345678u};
    uint8_t b[sizeof in];
    memcpy(b, in, sizeof b); /* little-endian host, as the runs assume */
    run_seed_finite(b, sizeof b);
    CU_ASSERT_EQUAL(memcmp(b, want, sizeof b), 0);
    static uint8_t s[1 << 16], t[1 << 16];
    run_seed_fill(s, sizeof s, run_seed_state(0, 'u', 0, 0));
    memcpy(t, s, sizeof t);
    run_seed_finite(t, sizeof t);
    size_t changed = 0;
    for (size_t at = 0; at < sizeof t; at += 4) {
        float f;
        memcpy(&f, t + at, 4);
        CU_ASSERT(isfinite(f));
        uint16_t h = (uint16_t)(t[at] | t[at + 1] << 8);
        CU_ASSERT((h & 0x7c00) != 0x7c00);
        changed += memcmp(s + at, t + at, 4) != 0;
    }
    CU_ASSERT(changed > 0 && changed < sizeof t / 4 / 8);
}

static run_slot tr_slot(run_kind kind, bool writable, uint32_t set, uint32_t binding)
{
    run_slot s = {.kind = kind, .writable = writable, .set = set, .binding = binding,
                  .array_size = 1, .stride = 4};
    s.name = strdup("v");
    return s;
}

static void test_identify(void)
{
    run_plan p = {0};
    p.slots = calloc(3, sizeof *p.slots);
    p.slots[0] = tr_slot(RUN_STORAGE_BUFFER, false, 1, 12);
    p.slots[1] = tr_slot(RUN_STORAGE_BUFFER, true, 1, 22);
    p.slots[2] = tr_slot(RUN_UNIFORM_BUFFER, false, 0, 3);
    p.n_slots = 3;
    dxil_run_shift shifts[] = {{'t', true, 0, 2}, {'t', false, 1, 10}, {'u', true, 0, 20}};
    dxil_run_options o;
    dxil_run_options_init(&o);
    o.shifts = shifts;
    o.n_shifts = 3;
    CU_ASSERT_EQUAL(run_plan_identify(&p, &o, NULL), 0);
    CU_ASSERT_EQUAL(p.slots[0].cls, 't'); /* the space-1 shift wins over all */
    CU_ASSERT_EQUAL(p.slots[0].reg, 2);
    CU_ASSERT_EQUAL(p.slots[0].space, 1);
    CU_ASSERT_EQUAL(p.slots[1].cls, 'u');
    CU_ASSERT_EQUAL(p.slots[1].reg, 2);
    CU_ASSERT_EQUAL(p.slots[2].cls, 'b');
    CU_ASSERT_EQUAL(p.slots[2].reg, 3);
    /* a binding below its shift has no register */
    dxil_run_shift big[] = {{'b', true, 0, 4}};
    o.shifts = big;
    o.n_shifts = 1;
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(run_plan_identify(&p, &o, d), -1);
    CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_RUN_BIND);
    dxil_diags_destroy(d);
    run_plan_free(&p);
}

static void test_contents(void)
{
    run_plan p = {0};
    p.slots = calloc(3, sizeof *p.slots);
    p.slots[0] = tr_slot(RUN_STORAGE_BUFFER, true, 0, 0);
    p.slots[1] = tr_slot(RUN_UNIFORM_BUFFER, false, 0, 1);
    p.slots[1].fixed_size = 20;
    p.slots[1].stride = 16;
    p.slots[2] = tr_slot(RUN_STORAGE_BUFFER, false, 0, 2);
    p.slots[2].fixed_size = 8;
    p.slots[2].stride = 12;
    p.n_slots = 3;
    dxil_run_options o;
    dxil_run_options_init(&o);
    o.seed = 9;
    o.default_size = 100;
    CU_ASSERT_EQUAL(run_plan_identify(&p, &o, NULL), 0);
    static const uint8_t cb[32] = {1, 2, 3};
    dxil_run_bind binds[] = {{'b', 1, 0, NULL, cb, 12}};
    o.binds = binds;
    o.n_binds = 1;
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(run_plan_contents(&p, &o, 0, d), -1); /* 12 bytes: not whole rows */
    CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_RUN_BIND);
    binds[0].size = 16; /* whole rows, but smaller than the cbuffer's 20 */
    CU_ASSERT_EQUAL(run_plan_contents(&p, &o, 0, d), -1);
    binds[0].size = 32;
    CU_ASSERT_EQUAL(run_plan_contents(&p, &o, 0, d), 0);
    CU_ASSERT_EQUAL(p.slots[0].size, 100);           /* default size, whole 4-byte elements */
    CU_ASSERT_EQUAL(p.slots[2].size, 8 + 7 * 12);    /* fixed part + whole 12-byte elements */
    CU_ASSERT_EQUAL(p.slots[1].size, 32);
    CU_ASSERT_EQUAL(memcmp(p.slots[1].data, cb, 32), 0);
    CU_ASSERT_STRING_EQUAL(p.slots[1].source, "<memory>");
    CU_ASSERT_PTR_NULL(p.slots[0].source);
    uint8_t want[100];
    run_seed_fill(want, sizeof want, run_seed_state(9, 'u', 0, 0));
    CU_ASSERT_EQUAL(memcmp(p.slots[0].data, want, sizeof want), 0);
    dxil_diags_destroy(d);
    run_plan_free(&p);
}

/* A compute shader writing Out[gid.x] = gid.x: one storage buffer at set
 * 0, binding 0 (spirv-as of bench/bench_run.c's text). */
static const uint32_t tiny[] = {
    0x07230203, 0x00010300, 0x00070000, 0x00000012, 0x00000000, 0x00020011, 0x00000001,
    0x0003000e, 0x00000000, 0x00000001, 0x0006000f, 0x00000005, 0x00000001, 0x6e69616d,
    0x00000000, 0x00000002, 0x00060010, 0x00000001, 0x00000011, 0x00000040, 0x00000001,
    0x00000001, 0x00040047, 0x00000002, 0x0000000b, 0x0000001c, 0x00040047, 0x00000003,
    0x00000006, 0x00000004, 0x00050048, 0x00000004, 0x00000000, 0x00000023, 0x00000000,
    0x00030047, 0x00000004, 0x00000002, 0x00040047, 0x00000005, 0x00000022, 0x00000000,
    0x00040047, 0x00000005, 0x00000021, 0x00000000, 0x00020013, 0x00000006, 0x00030021,
    0x00000007, 0x00000006, 0x00040015, 0x00000008, 0x00000020, 0x00000000, 0x00040017,
    0x00000009, 0x00000008, 0x00000003, 0x00040020, 0x0000000a, 0x00000001, 0x00000009,
    0x0004003b, 0x0000000a, 0x00000002, 0x00000001, 0x0003001d, 0x00000003, 0x00000008,
    0x0003001e, 0x00000004, 0x00000003, 0x00040020, 0x0000000b, 0x0000000c, 0x00000004,
    0x00040020, 0x0000000c, 0x0000000c, 0x00000008, 0x0004003b, 0x0000000b, 0x00000005,
    0x0000000c, 0x0004002b, 0x00000008, 0x0000000d, 0x00000000, 0x00050036, 0x00000006,
    0x00000001, 0x00000000, 0x00000007, 0x000200f8, 0x0000000e, 0x0004003d, 0x00000009,
    0x0000000f, 0x00000002, 0x00050051, 0x00000008, 0x00000010, 0x0000000f, 0x00000000,
    0x00060041, 0x0000000c, 0x00000011, 0x00000005, 0x0000000d, 0x00000010, 0x0003003e,
    0x00000011, 0x00000010, 0x000100fd, 0x00010038,
};

static void test_reflect(void)
{
    size_t n = sizeof tiny / sizeof tiny[0];
    run_plan p = {0};
    CU_ASSERT_EQUAL(spirv_validate_for_device(tiny, n, DXIL_SPIRV_ENV_VULKAN_1_3, DXIL_E_RUN_SHADER, NULL), 0);
    CU_ASSERT_EQUAL(run_reflect(tiny, n, NULL, &p, NULL), 0);
    CU_ASSERT_STRING_EQUAL(p.entry, "main");
    CU_ASSERT_EQUAL(p.n_slots, 1);
    if (p.n_slots == 1) {
        CU_ASSERT_EQUAL(p.slots[0].kind, RUN_STORAGE_BUFFER);
        CU_ASSERT_TRUE(p.slots[0].writable);
        CU_ASSERT_EQUAL(p.slots[0].stride, 4);
        CU_ASSERT_EQUAL(p.slots[0].fixed_size, 0);
    }
    run_plan_free(&p);
    /* truncated: the validator refuses it, naming where */
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(spirv_validate_for_device(tiny, n - 9, DXIL_SPIRV_ENV_VULKAN_1_3, DXIL_E_RUN_SHADER, d), -1);
    CU_ASSERT_EQUAL(dxil_diags_get(d, 0)->code, DXIL_E_RUN_SHADER);
    /* another entry point name */
    CU_ASSERT_EQUAL(run_reflect(tiny, n, "other", &p, d), -1);
    run_plan_free(&p);
    dxil_diags_destroy(d);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"bind specs", test_parse_bind},
        {"shift and format specs", test_parse_shift_format},
        {"the seed's generator", test_seed},
        {"seeded contents without NaNs or infinities", test_seed_finite},
        {"HLSL identities and shifts", test_identify},
        {"sizes and contents", test_contents},
        {"validation and reflection", test_reflect},
        {NULL, NULL}};
    tu_add_suite("run", cases);
    return 0;
}
