/* The LLVM 3.7 bitcode writer (bcwrite/) on modern IR written by hand:
 *  - what 3.7 cannot express is refused: DXIL3004 naming the function and
 *    the instruction, and no output;
 *  - what it can is rewritten (fneg, a shuffle mask, switch, a select of
 *    pointers, the folded zero GEP of an array global's first element,
 *    allocas with lifetime markers, a declaration's pointer parameters,
 *    poison): the bitcode reads back through our loader into a module that
 *    verifies and prints what went in, and uses only 3.7's records;
 *  - known writer bugs, each with its reduced input, are checked the other
 *    way round (like lit's XFAIL): the test fails once a bug is fixed, so
 *    the case moves to the lists above. */
#include "bc_vocab.h"
#include "bcwrite/bcwrite.h"
#include "dxil-upgrade/dxil_lower.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "module/module_internal.h"
#include "test_util.h"

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BW_TRIPLE "target triple = \"dxil-ms-dx\"\n"

typedef struct bw_out {
    uint8_t *bc;
    size_t size;
    int rc;
    dxil_diags *diags;
} bw_out;

/* Load failures are printed unless a known bug's check expects them. */
static bool bw_quiet;

static dxil_module *bw_load(const void *data, size_t size, const char *name)
{
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_diags *d = dxil_diags_create();
    dxil_module *m = dxil_module_load_memory(data, size, name, &o, d);
    if (!m && !bw_quiet)
        dxil_diags_print(d, stderr, name);
    dxil_diags_destroy(d);
    return m;
}

/* The module in data written with bcw_write_module (diags kept), with the
 * class types the loader recovered from its bitcode. */
static bw_out bw_write_data(const void *data, size_t size)
{
    bw_out o = {NULL, 0, -2, dxil_diags_create()};
    dxil_module *m = bw_load(data, size, "in.ll");
    CU_ASSERT_PTR_NOT_NULL(m);
    if (!m)
        return o;
    bcw_options opts;
    bcw_options_init(&opts);
    opts.name = "in.ll";
    opts.restypes = m->restypes;
    o.bc = (uint8_t *)1; /* must come back NULL on failure */
    o.size = 1;
    o.rc = bcw_write_module(m->mod, &opts, &o.bc, &o.size, o.diags);
    dxil_module_destroy(m);
    return o;
}

static bw_out bw_write_text(const char *text)
{
    return bw_write_data(text, strlen(text));
}

static void bw_out_free(bw_out *o)
{
    if (o->rc == 0)
        free(o->bc);
    dxil_diags_destroy(o->diags);
}

/* Every error's message, one a line. */
static void bw_errors(const dxil_diags *d, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < dxil_diags_count(d) && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s\n", dxil_diags_get(d, i)->message);
}

static bool bw_all_3004(const dxil_diags *d)
{
    size_t errors = 0;
    for (size_t i = 0; i < dxil_diags_count(d); i++) {
        const dxil_diag *g = dxil_diags_get(d, i);
        if (g->severity == DXIL_SEV_ERROR && g->code != DXIL_E_BITCODE_WRITE)
            return false;
        errors += g->severity == DXIL_SEV_ERROR;
    }
    return errors > 0;
}

/* ---- refused ----------------------------------------------------------- */

typedef struct bw_refusal {
    const char *name, *text;
    const char *what;   /* the reason's words */
    const char *inst;   /* the instruction (or global) as printed */
} bw_refusal;

static const bw_refusal bw_refused[] = {
    {"freeze", BW_TRIPLE "define i32 @f(i32 %x) {\n  %y = freeze i32 %x\n  ret i32 %y\n}\n",
     "no LLVM 3.7 form", "%y = freeze i32 %x"},
    {"invoke",
     BW_TRIPLE "declare void @g()\ndeclare i32 @pers(...)\n"
     "define void @f() personality ptr @pers {\n  invoke void @g() to label %ok unwind label %bad\n"
     "ok:\n  ret void\nbad:\n  %lp = landingpad { ptr, i32 } cleanup\n"
     "  resume { ptr, i32 } %lp\n}\n",
     "no LLVM 3.7 form", "invoke void @g()"},
    {"callbr",
     BW_TRIPLE "define void @f() {\n  callbr void asm \"\", \"!i\"() to label %a [label %b]\n"
     "a:\n  ret void\nb:\n  ret void\n}\n",
     "no LLVM 3.7 form", "callbr void asm"},
    {"atomicrmw fadd",
     BW_TRIPLE "@g = addrspace(3) global float 0.0\ndefine void @f(float %v) {\n"
     "  %o = atomicrmw fadd ptr addrspace(3) @g, float %v seq_cst\n  ret void\n}\n",
     "atomicrmw", "%o = atomicrmw fadd ptr addrspace(3) @g"},
    /* found by a screen before the build, once, naming the first user */
    {"debug info",
     BW_TRIPLE "define void @f() !dbg !4 {\n  ret void, !dbg !7\n}\n"
     "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!3}\n"
     "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"x\", "
     "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
     "!1 = !DIFile(filename: \"a.hlsl\", directory: \"/\")\n"
     "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
     "!4 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !5, "
     "unit: !0)\n!5 = !DISubroutineType(types: !6)\n!6 = !{null}\n"
     "!7 = !DILocation(line: 2, column: 1, scope: !4)\n",
     "debug info has no writer here", "`ret void, !dbg"},
    {"i128 constant",
     BW_TRIPLE "define i128 @f(i128 %x) {\n  %y = add i128 %x, 18446744073709551617\n"
     "  ret i128 %y\n}\n",
     "wider than 64 bits", "%y = add i128 %x"},
    {"target extension type",
     BW_TRIPLE "define void @f() {\n  %h = call target(\"dx.RawBuffer\", float, 1, 0) @h()\n"
     "  ret void\n}\ndeclare target(\"dx.RawBuffer\", float, 1, 0) @h()\n",
     "target extension type", "%h = call target(\"dx.RawBuffer\", float, 1, 0) @h()"},
};

/* A global alias is no instruction: the alias itself is named. */
static const char bw_alias[] = BW_TRIPLE "@g = global i32 0\n@a = alias i32, ptr @g\n"
                               "define i32 @f() {\n  %v = load i32, ptr @a\n  ret i32 %v\n}\n";

/* A failure: -1, nothing returned, errors that are all DXIL3004. */
static void bw_expect_refused(const char *name, bw_out *o, const char *what)
{
    char errs[2048];
    bw_errors(o->diags, errs, sizeof errs);
    CU_ASSERT_EQUAL(o->rc, -1);
    CU_ASSERT(o->bc == NULL && o->size == 0);
    CU_ASSERT(bw_all_3004(o->diags));
    CU_ASSERT_EQUAL(dxil_diags_error_count(o->diags), 1); /* said once */
    CU_ASSERT_PTR_NOT_NULL(strstr(errs, what));
    if (o->rc != -1 || !bw_all_3004(o->diags) || !strstr(errs, what))
        fprintf(stderr, "%s: rc %d, errors:\n%s", name, o->rc, errs);
}

static void test_refused(void)
{
    for (size_t i = 0; i < sizeof bw_refused / sizeof *bw_refused; i++) {
        const bw_refusal *r = &bw_refused[i];
        bw_out o = bw_write_text(r->text);
        bw_expect_refused(r->name, &o, r->what);
        char errs[2048];
        bw_errors(o.diags, errs, sizeof errs);
        bool named = strstr(errs, "function @f") && strstr(errs, r->inst);
        CU_ASSERT(named);
        if (!named)
            fprintf(stderr, "%s: function or instruction not named:\n%s", r->name, errs);
        bw_out_free(&o);
    }
    /* a declaration's wide integer past its 16th parameter */
    char wide[1024] = BW_TRIPLE "declare void @g(";
    for (int i = 0; i < 70; i++)
        strcat(wide, "i32, ");
    strcat(wide, "i128)\ndefine void @f() {\n  ret void\n}\n");
    bw_out w = bw_write_text(wide);
    bw_expect_refused("wide parameter", &w, "function @g: integers wider than 64 bits");
    bw_out_free(&w);
    bw_out o = bw_write_text(bw_alias);
    bw_expect_refused("alias", &o, "global aliases are not DXIL");
    char errs[2048];
    bw_errors(o.diags, errs, sizeof errs);
    CU_ASSERT_PTR_NOT_NULL(strstr(errs, "@a = alias i32, ptr @g"));
    bw_out_free(&o);
}

/* ---- rewritten ---------------------------------------------------------- */

typedef struct bw_rewrite {
    const char *name, *text;
    const char *lines[6];    /* in the read-back module's text, in order */
    const char *absent;      /* not in it (NULL: no check) */
    unsigned block, code;    /* a record the bitcode must use */
    unsigned no_block, no_code; /* one it must not (block 0: none) */
} bw_rewrite;

enum { BW_FUNC = 12, BW_CST = 11 };

static const bw_rewrite bw_rewrites[] = {
    {"fneg as fsub -0.0",
     BW_TRIPLE "define float @f(float %x) {\n  %y = fneg float %x\n  ret float %y\n}\n"
     "define <2 x float> @g(<2 x float> %x) {\n  %y = fneg <2 x float> %x\n"
     "  ret <2 x float> %y\n}\n",
     {"%y = fsub float -0.000000e+00, %x", "%y = fsub <2 x float> splat (float -0.000000e+00), %x"},
     "fneg", BW_FUNC, 2, BW_FUNC, 56},
    {"shufflevector with its mask as a constant",
     BW_TRIPLE "define <4 x float> @f(<4 x float> %a, <4 x float> %b) {\n"
     "  %s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 5, i32 6, i32 3>\n"
     "  ret <4 x float> %s\n}\n",
     {"%s = shufflevector <4 x float> %a, <4 x float> %b, <4 x i32> <i32 0, i32 5, i32 6, i32 3>"},
     NULL, BW_FUNC, 8, 0, 0},
    {"switch",
     BW_TRIPLE "define i32 @f(i32 %x) {\nentry:\n"
     "  switch i32 %x, label %d [ i32 0, label %a\n i32 7, label %b ]\n"
     "a:\n  ret i32 10\nb:\n  ret i32 20\nd:\n  ret i32 30\n}\n",
     {"switch i32 %x, label %d [", "i32 0, label %a", "i32 7, label %b", "ret i32 20"},
     NULL, BW_FUNC, 12, 0, 0},
    {"select of pointers",
     BW_TRIPLE "define float @f(i1 %c, i32 %i) {\n  %p = alloca [2 x float], align 4\n"
     "  %q = alloca [2 x float], align 4\n  %r = select i1 %c, ptr %p, ptr %q\n"
     "  %g = getelementptr [2 x float], ptr %r, i32 0, i32 %i\n"
     "  %v = load float, ptr %g, align 4\n  ret float %v\n}\n",
     {"%r = select i1 %c, ptr %p, ptr %q", "%g = getelementptr [2 x float], ptr %r, i32 0, i32 %i"},
     "bitcast", BW_FUNC, 29, 0, 0},
    {"the first element of an array global (a zero GEP constant expression)",
     BW_TRIPLE "@arr = internal addrspace(3) global [4 x float] undef, align 4\n"
     "@c = internal constant [3 x i32] [i32 1, i32 2, i32 3], align 4\n"
     "define float @f() {\n  %v = load float, ptr addrspace(3) @arr, align 4\n"
     "  %w = load i32, ptr @c, align 4\n  %x = sitofp i32 %w to float\n"
     "  %y = fadd float %v, %x\n  ret float %y\n}\n",
     {"%v = load float, ptr addrspace(3) @arr, align 4", "%w = load i32, ptr @c, align 4"},
     "bitcast", BW_CST, 20, 0, 0},
    {"allocas and lifetime markers",
     BW_TRIPLE "define i32 @f(i32 %i) {\n  %a = alloca [8 x i32], align 4\n"
     "  call void @llvm.lifetime.start.p0(ptr %a)\n"
     "  %g = getelementptr inbounds [8 x i32], ptr %a, i32 0, i32 %i\n"
     "  store i32 %i, ptr %g, align 4\n  %v = load i32, ptr %g, align 4\n"
     "  call void @llvm.lifetime.end.p0(ptr %a)\n  ret i32 %v\n}\n"
     "declare void @llvm.lifetime.start.p0(ptr captures(none))\n"
     "declare void @llvm.lifetime.end.p0(ptr captures(none))\n",
     {"%a = alloca [8 x i32], align 4", "call void @llvm.lifetime.start.p0(ptr %a)",
      "store i32 %i, ptr %g, align 4", "call void @llvm.lifetime.end.p0(ptr %a)"},
     NULL, BW_FUNC, 19, 0, 0},
    /* typed from its call: void (%struct.S*, i32), so no cast at the call */
    {"a declaration's pointer parameter typed from its call",
     BW_TRIPLE "%struct.S = type { float, i32 }\ndeclare void @sink(ptr, i32)\n"
     "define void @f(i32 %i) {\n  %s = alloca %struct.S, align 4\n"
     "  call void @sink(ptr %s, i32 %i)\n  ret void\n}\n",
     {"%s = alloca %struct.S, align 4", "call void @sink(ptr %s, i32 %i)"},
     "bitcast", BW_FUNC, 34, 0, 0},
    {"poison as undef",
     BW_TRIPLE "define i32 @f() {\n  %a = add i32 poison, 1\n  ret i32 %a\n}\n"
     "define <2 x i32> @g(i32 %x) {\n  %v = insertelement <2 x i32> poison, i32 %x, i32 0\n"
     "  ret <2 x i32> %v\n}\n",
     {"%a = add i32 undef, 1", "%v = insertelement <2 x i32> undef, i32 %x, i32 0"},
     "poison", BW_CST, 3, BW_CST, 26},
    {"the most negative i64 constant (its magnitude overflowed int64_t: UBSan, on DXC's "
     "InstCombine tests)",
     BW_TRIPLE "define i64 @f(i64 %x) {\n  %y = xor i64 %x, -9223372036854775808\n"
     "  ret i64 %y\n}\n",
     {"%y = xor i64 %x, -9223372036854775808"}, NULL, BW_CST, 4, 0, 0},
};

/* The read-back text holds lines[] in order. */
static bool bw_lines_in_order(const char *text, const char *const *lines, const char **missing)
{
    const char *at = text;
    for (size_t i = 0; i < 6 && lines[i]; i++) {
        const char *hit = strstr(at, lines[i]);
        if (!hit) {
            *missing = lines[i];
            return false;
        }
        at = hit + strlen(lines[i]);
    }
    return true;
}

/* Written bitcode: 3.7's records only, the one the rewrite implies. */
static void bw_check_vocab(const bw_rewrite *r, const uint8_t *bc, size_t size)
{
    bc_vocab v = {0};
    unsigned block, code;
    char buf[128];
    CU_ASSERT_EQUAL_FATAL(bc_vocab_add(&v, bc, size), 0);
    bool modern = bc_vocab_modern(&v, &block, &code);
    CU_ASSERT_FALSE(modern);
    if (modern)
        fprintf(stderr, "%s: %s\n", r->name, bc_vocab_pair_name(block, code, buf, sizeof buf));
    CU_ASSERT(bc_vocab_has(&v, r->block, r->code));
    CU_ASSERT(!r->no_block || !bc_vocab_has(&v, r->no_block, r->no_code));
}

/* The read-back module verifies and its text holds the rewrite. */
static void bw_check_read_back(const bw_rewrite *r, const uint8_t *bc, size_t size)
{
    dxil_module *m = bw_load(bc, size, "written.bc");
    CU_ASSERT_FATAL(m != NULL);
    dxil_diags *d = dxil_diags_create();
    CU_ASSERT_EQUAL(dxil_module_verify(m, d), 0);
    dxil_diags_print(d, stderr, r->name);
    dxil_diags_destroy(d);
    char *text = LLVMPrintModuleToString(dxil_module_llvm(m));
    const char *missing = NULL;
    bool ok = bw_lines_in_order(text, r->lines, &missing);
    CU_ASSERT(ok);
    CU_ASSERT(!r->absent || !strstr(text, r->absent));
    if (!ok || (r->absent && strstr(text, r->absent)))
        fprintf(stderr, "%s: read back without `%s` or with `%s`:\n%s", r->name,
                missing ? missing : "", r->absent ? r->absent : "", text);
    LLVMDisposeMessage(text);
    dxil_module_destroy(m);
}

static void test_rewritten(void)
{
    for (size_t i = 0; i < sizeof bw_rewrites / sizeof *bw_rewrites; i++) {
        const bw_rewrite *r = &bw_rewrites[i];
        bw_out o = bw_write_text(r->text);
        CU_ASSERT_EQUAL(o.rc, 0);
        if (o.rc != 0) {
            dxil_diags_print(o.diags, stderr, r->name);
            bw_out_free(&o);
            continue;
        }
        bw_check_vocab(r, o.bc, o.size);
        bw_check_read_back(r, o.bc, o.size);
        bw_out_free(&o);
    }
}

/* ---- what LLVM 22's reader drops, and DXC's own forms ------------------- */

static bool bw_same_casts(const char *text, const char *unused);

/* Up to 8 records of one (block, enclosing block, code), operands after
 * the code (at most 64 each); parent UINT64_MAX: any. */
typedef struct bw_found {
    uint64_t block, parent, code;
    uint64_t ops[8][64];
    size_t n[8], hits;
} bw_found;

static void bw_find_cb(void *user, uint64_t block, uint64_t parent, const uint64_t *ops, size_t n)
{
    bw_found *f = user;
    if (block != f->block || ops[0] != f->code || (f->parent != UINT64_MAX && parent != f->parent))
        return;
    if (f->hits < 8) {
        f->n[f->hits] = n - 1 < 64 ? n - 1 : 64;
        memcpy(f->ops[f->hits], ops + 1, f->n[f->hits] * sizeof *ops);
    }
    f->hits++;
}

static bw_found bw_find(const bw_out *o, uint64_t block, uint64_t parent, uint64_t code)
{
    bw_found f = {.block = block, .parent = parent, .code = code};
    CU_ASSERT_EQUAL(bc_records(o->bc, o->size, bw_find_cb, &f), 0);
    return f;
}

/* A record's operands as a string (one character each), from `from` on. */
static bool bw_ops_hold(const uint64_t *ops, size_t n, const char *s)
{
    size_t len = strlen(s);
    for (size_t i = 0; i + len <= n; i++) {
        size_t k = 0;
        while (k < len && ops[i + k] == (unsigned char)s[k])
            k++;
        if (k == len)
            return true;
    }
    return false;
}

/* The VST entries' names of one table, joined by ' '. */
static void bw_vst_names(const bw_found *f, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t r = 0; r < f->hits && r < 8; r++)
        for (size_t i = 1; i <= f->n[r] && at + 2 < size; i++)
            buf[at++] = i < f->n[r] ? (char)f->ops[r][i] : ' ';
    buf[at] = 0;
}

/* text, with the raise's side metadata, written as the container path
 * writes a raised module (bcw_hints); that bitcode loaded again (the
 * loader's walk keeps what LLVM 22 drops) and written directly gives the
 * same bytes, and other bytes without the walk's facts. */
static bw_out bw_fact_round_trip(const char *name, const char *text)
{
    bw_out a = {NULL, 0, -2, dxil_diags_create()};
    dxil_module *m = bw_load(text, strlen(text), "in.ll");
    CU_ASSERT_FATAL(m != NULL);
    bcw_hints h;
    bcw_options o;
    bcw_options_init(&o);
    CU_ASSERT_EQUAL(bcw_hints_from_module(m->mod, &h), 0);
    bcw_hints_apply(&h, &o);
    a.rc = bcw_write_module(m->mod, &o, &a.bc, &a.size, a.diags);
    bcw_hints_free(&h);
    dxil_module_destroy(m);
    CU_ASSERT_EQUAL_FATAL(a.rc, 0);
    bw_out b = bw_write_data(a.bc, a.size);
    dxil_module *back = bw_load(a.bc, a.size, "written.bc");
    CU_ASSERT_FATAL(back != NULL && b.rc == 0);
    bool same = b.size == a.size && !memcmp(a.bc, b.bc, a.size);
    CU_ASSERT(same);
    if (!same)
        fprintf(stderr, "%s: the bitcode written again differs\n", name);
    bw_out c = {NULL, 0, -2, dxil_diags_create()};
    bcw_options_init(&o);
    c.rc = bcw_write_module(back->mod, &o, &c.bc, &c.size, c.diags);
    CU_ASSERT(c.rc == 0 && (c.size != a.size || memcmp(a.bc, c.bc, a.size)));
    bw_out_free(&b);
    bw_out_free(&c);
    dxil_module_destroy(back);
    return a;
}

/* A load, store or alloca DXC wrote without alignment: the raise's
 * !dxu.noAlign, the walk's word 0, written as alignment 0 again. */
static void test_fact_no_align(void)
{
    static const char text[] =
        BW_TRIPLE "define i32 @f(i32 %i) {\n  %a = alloca [4 x i32], align 4, !dxu.noAlign !0\n"
        "  %g = getelementptr [4 x i32], ptr %a, i32 0, i32 %i\n"
        "  store i32 %i, ptr %g, align 4, !dxu.noAlign !0\n"
        "  %v = load i32, ptr %g, align 4, !dxu.noAlign !0\n  %w = load i32, ptr %g, align 4\n"
        "  %s = add i32 %v, %w\n  ret i32 %s\n}\n!0 = !{}\n";
    bw_out a = bw_fact_round_trip("noAlign", text);
    bw_found ld = bw_find(&a, BW_FUNC, 8, 20), st = bw_find(&a, BW_FUNC, 8, 44),
             al = bw_find(&a, BW_FUNC, 8, 19);
    CU_ASSERT_FATAL(ld.hits == 2 && st.hits == 1 && al.hits == 1);
    CU_ASSERT_EQUAL(ld.ops[0][ld.n[0] - 2], 0); /* [op, ty, align, vol] */
    CU_ASSERT_EQUAL(ld.ops[1][ld.n[1] - 2], 3); /* align 4: log2 + 1 */
    CU_ASSERT_EQUAL(st.ops[0][st.n[0] - 2], 0);
    CU_ASSERT_EQUAL(al.ops[0][al.n[0] - 1] & 31, 0);
    bw_out_free(&a);
}

/* Symbol tables an older DXC left unsorted: the raise's !dxu.vstOrder,
 * the walk's names, written in that order again. */
static void test_fact_vst_order(void)
{
    static const char text[] =
        BW_TRIPLE "declare void @b()\ndeclare void @a()\n"
        "define void @c(i32 %x, i32 %y) {\n  %p = add i32 %x, %y\n  %q = add i32 %p, %x\n"
        "  call void @a()\n  call void @b()\n  ret void\n}\n"
        "!dxu.vstOrder = !{!0, !1}\n!0 = !{!\"\", !\"c\", !\"b\", !\"a\"}\n"
        "!1 = !{!\"c\", !\"y\", !\"q\", !\"x\", !\"p\"}\n";
    bw_out a = bw_fact_round_trip("vstOrder", text);
    char names[128];
    bw_found mod = bw_find(&a, 14, 8, 1), fn = bw_find(&a, 14, 12, 1);
    bw_vst_names(&mod, names, sizeof names);
    CU_ASSERT_STRING_EQUAL(names, "c b a ");
    bw_vst_names(&fn, names, sizeof names);
    CU_ASSERT_STRING_EQUAL(names, "y q x p ");
    bw_out_free(&a);
}

/* A library's dx.resources record names its handle global, which DXC
 * wrote as a bitcast to the class pointer (LLVM 22 folds it away): the
 * raise's !dxu.resourceTypes, the walk's class, the cast written again. */
static void test_fact_resource_cast(void)
{
    static const char text[] =
        BW_TRIPLE "%dx.types.Handle = type { ptr }\n%\"class.RWStructuredBuffer<uint>\" = type { i32 }\n"
        "@buf = external constant %dx.types.Handle, align 4\n"
        "define void @f() {\n  %h = load %dx.types.Handle, ptr @buf, align 4\n  ret void\n}\n"
        "!dx.resources = !{!0}\n!0 = !{null, !1, null, null}\n!1 = !{!2}\n"
        "!2 = !{i32 0, ptr @buf, !\"buf\", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, "
        "i1 false, null}\n!dxu.resourceTypes = !{!3}\n"
        "!3 = !{i32 1, i32 0, %\"class.RWStructuredBuffer<uint>\" undef}\n";
    bw_out a = bw_fact_round_trip("resource cast", text);
    bw_found cast = bw_find(&a, BW_CST, 8, 11); /* module CE_CAST [opcode, type, value] */
    CU_ASSERT_FATAL(cast.hits == 1);
    CU_ASSERT_EQUAL(cast.ops[0][0], 11); /* bitcast */
    bw_out_free(&a);
}

/* Rules of DXC's writer that need no fact: argmemonly after nounwind (its
 * AttrKind order), 3.7's frame-pointer spelling, a lifetime marker's size
 * under DXC's layout (a vector aligned as its element), the end marker
 * reusing its start's cast from another block, a dx.op's pointer
 * parameter as an element pointer. */
static void test_dxc_rules(void)
{
    static const char text[] =
        BW_TRIPLE "@t = external addrspace(3) global [4 x float], align 4\n"
        "declare void @g(ptr) #0\ndeclare void @dx.op.sink.f32(i32, ptr addrspace(3))\n"
        "define float @f(i1 %c, i32 %i) #1 {\nentry:\n  %a = alloca [2 x <6 x float>], align 4\n"
        "  %k = bitcast ptr %a to ptr\n  call void @llvm.lifetime.start.p0(ptr %a)\n"
        "  call void @g(ptr %a)\n  call void @dx.op.sink.f32(i32 1, ptr addrspace(3) @t)\n"
        "  br i1 %c, label %x, label %y\nx:\n  br label %y\ny:\n"
        "  %p = getelementptr [2 x <6 x float>], ptr %a, i32 0, i32 %i\n"
        "  %v = load <6 x float>, ptr %p, align 4\n  %e = extractelement <6 x float> %v, i32 0\n"
        "  call void @llvm.lifetime.end.p0(ptr %a)\n  ret float %e\n}\n"
        "declare void @llvm.lifetime.start.p0(ptr captures(none))\n"
        "declare void @llvm.lifetime.end.p0(ptr captures(none))\n"
        "attributes #0 = { nounwind memory(argmem: readwrite) }\n"
        "attributes #1 = { \"frame-pointer\"=\"none\" }\n";
    bw_out o = bw_write_text(text);
    CU_ASSERT_EQUAL_FATAL(o.rc, 0);
    bw_found grp = bw_find(&o, 10, UINT64_MAX, 3), ints = bw_find(&o, BW_CST, BW_FUNC, 4),
             gep = bw_find(&o, BW_CST, UINT64_MAX, 20), casts = bw_find(&o, BW_FUNC, 8, 3);
    bool argmem = false, fp = false, size48 = false, size64 = false;
    for (size_t i = 0; i < grp.hits && i < 8; i++) {
        const uint64_t *g = grp.ops[i];
        argmem |= grp.n[i] == 6 && g[2] == 0 && g[3] == 18 && g[4] == 0 && g[5] == 45;
        fp |= bw_ops_hold(g, grp.n[i], "no-frame-pointer-elim") && bw_ops_hold(g, grp.n[i], "false");
    }
    for (size_t i = 0; i < ints.hits && i < 8; i++) {
        size48 |= ints.ops[i][0] == 96; /* i64 48, sign-folded */
        size64 |= ints.ops[i][0] == 128;
    }
    CU_ASSERT(argmem && fp);
    CU_ASSERT(size48 && !size64);
    CU_ASSERT_EQUAL(gep.hits, 1);   /* the zero GEP of @t DXC passed */
    CU_ASSERT_EQUAL(casts.hits, 1); /* the one i8* cast, for both markers */
    bw_out_free(&o);
    CU_ASSERT(bw_same_casts(text, NULL));
}

/* ---- known writer bugs (checked like lit's XFAIL) ----------------------- */

/* Refused with DXIL3004 naming function @f and `inst`, nothing returned. */
static bool bw_refused_naming(const char *text, const char *inst)
{
    bw_out o = bw_write_text(text);
    char errs[2048];
    bw_errors(o.diags, errs, sizeof errs);
    bool ok = o.rc == -1 && o.bc == NULL && bw_all_3004(o.diags) &&
              strstr(errs, "function @f") && strstr(errs, inst);
    bw_out_free(&o);
    return ok;
}

static size_t bw_count(const char *text, const char *word)
{
    size_t n = 0;
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
        n++;
    return n;
}

/* Written, and read back with as many bitcasts as went in. */
static bool bw_same_casts(const char *text, const char *unused)
{
    (void)unused;
    dxil_module *in = bw_load(text, strlen(text), "in.ll");
    bw_out o = bw_write_text(text);
    dxil_module *back = o.rc == 0 ? bw_load(o.bc, o.size, "written.bc") : NULL;
    bool ok = false;
    if (in && back) {
        char *a = LLVMPrintModuleToString(dxil_module_llvm(in));
        char *b = LLVMPrintModuleToString(dxil_module_llvm(back));
        ok = bw_count(a, " = bitcast ") == bw_count(b, " = bitcast ");
        LLVMDisposeMessage(a);
        LLVMDisposeMessage(b);
    }
    dxil_module_destroy(in);
    dxil_module_destroy(back);
    bw_out_free(&o);
    return ok;
}

/* Refused with DXIL3004 and no output, or written into bitcode our loader
 * reads back. */
static bool bw_refused_or_reads_back(const void *data, size_t size)
{
    bw_out o = bw_write_data(data, size);
    dxil_module *back = o.rc == 0 ? bw_load(o.bc, o.size, "written.bc") : NULL;
    bool ok = back || (o.rc == -1 && o.bc == NULL && bw_all_3004(o.diags));
    dxil_module_destroy(back);
    bw_out_free(&o);
    return ok;
}

static bool bw_text_refused_or_reads_back(const char *text, const char *unused)
{
    (void)unused;
    return bw_refused_or_reads_back(text, strlen(text));
}

/* Written (not refused) into bitcode our loader reads back. */
static bool bw_text_written_reads_back(const char *text, const char *unused)
{
    (void)unused;
    bw_out o = bw_write_text(text);
    dxil_module *back = o.rc == 0 ? bw_load(o.bc, o.size, "written.bc") : NULL;
    bool ok = back != NULL;
    dxil_module_destroy(back);
    bw_out_free(&o);
    return ok;
}

/* The same for a file: text, bitcode or container. */
static bool bw_file_refused_or_reads_back(const char *path, const char *unused)
{
    (void)unused;
    size_t size = 0;
    uint8_t *data = tu_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL(data);
    bool ok = data && bw_refused_or_reads_back(data, size);
    free(data);
    return ok;
}

/* dxil_lower_write_container keeps the input's (DXC's) datalayout. */
static bool bw_container_datalayout(const char *path, const char *unused)
{
    (void)unused;
    dxil_options o;
    dxil_options_init(&o);
    o.raise = false;
    dxil_module *m = dxil_module_load_file(path, &o, NULL);
    char *want = m && dxil_module_original_datalayout(m)
                     ? strdup(dxil_module_original_datalayout(m)) : NULL;
    CU_ASSERT_PTR_NOT_NULL(want); /* the sample spells DXC's layout */
    uint8_t *out = NULL;
    size_t size = 0;
    bool ok = false;
    if (want && dxil_lower_write_container(m, NULL, NULL, &out, &size, NULL) == 0) {
        dxil_module *back = bw_load(out, size, "written.dxil");
        const char *got = dxil_module_original_datalayout(back);
        CU_ASSERT_PTR_NOT_NULL(got);
        ok = got && strcmp(got, want) == 0;
        dxil_module_destroy(back);
    }
    free(out);
    free(want);
    dxil_module_destroy(m);
    return ok;
}

typedef struct bw_known {
    const char *bug;
    bool (*fixed)(const char *input, const char *arg);
    const char *input, *arg;
} bw_known;

static const bw_known bw_known_bugs[] = {
    {NULL, NULL, NULL, NULL}, /* none open; the list ends here */
};


/* Bugs this table listed once, now fixed: each must stay fixed. */
static const bw_known bw_fixed_bugs[] = {
    {"a shuffle mask with an undef element, of a shuffle with an undef operand, is "
     "written before its elements (3.7's constant sort); our validator waits for the "
     "end of the constants block before judging it a mask",
     bw_text_written_reads_back,
     BW_TRIPLE "define <4 x float> @f(<4 x float> %v) {\n"
     "  %w = shufflevector <4 x float> %v, <4 x float> poison, "
     "<4 x i32> <i32 0, i32 0, i32 poison, i32 0>\n  ret <4 x float> %w\n}\n",
     NULL},
    {"a used pointer bitcast is typed as its first user needs (no second cast)",
     bw_same_casts,
     BW_TRIPLE "@g = internal addrspace(3) global [16 x float] undef, align 4\n"
     "define i32 @f(i32 %i) {\n"
     "  %p = getelementptr [16 x float], ptr addrspace(3) @g, i32 0, i32 %i\n"
     "  %q = bitcast ptr addrspace(3) %p to ptr addrspace(3)\n"
     "  %r = cmpxchg ptr addrspace(3) %q, i32 0, i32 1 seq_cst seq_cst\n"
     "  %v = extractvalue { i32, i1 } %r, 0\n  ret i32 %v\n}\n",
     NULL},
    {"llvm.memcpy (an intrinsic with LLVM 22's pointer mangling) is refused, naming "
     "the call",
     bw_refused_naming,
     BW_TRIPLE "define void @f(ptr %d, ptr %s) {\n"
     "  call void @llvm.memcpy.p0.p0.i32(ptr %d, ptr %s, i32 16, i1 false)\n  ret void\n}\n"
     "declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1 immarg)\n",
     "call void @llvm.memcpy"},
    {"a string attribute holding a NUL byte is refused (found by fuzz_bcwrite)",
     bw_file_refused_or_reads_back,
     DXIL_TEST_SOURCE_DIR "/test/fuzz/regress/bcwrite/string-attr-nul.ll", NULL},
    {"a METADATA_KIND id gap in the input is kept as a gap, not a nameless record "
     "(found by fuzz_bcwrite)",
     bw_file_refused_or_reads_back,
     DXIL_TEST_SOURCE_DIR "/test/fuzz/regress/bcwrite/metadata-kind-gap.dxil", NULL},
    {"lifetime markers reuse the i8* cast LLVM 22's lifetime upgrade left dead",
     bw_same_casts,
     BW_TRIPLE "define i32 @f(i32 %i) {\n  %a = alloca [8 x i32], align 4\n"
     "  %c = bitcast ptr %a to ptr\n  call void @llvm.lifetime.start.p0(ptr %a)\n"
     "  %g = getelementptr inbounds [8 x i32], ptr %a, i32 0, i32 %i\n"
     "  %v = load i32, ptr %g, align 4\n  call void @llvm.lifetime.end.p0(ptr %a)\n"
     "  ret i32 %v\n}\n"
     "declare void @llvm.lifetime.start.p0(ptr captures(none))\n"
     "declare void @llvm.lifetime.end.p0(ptr captures(none))\n",
     NULL},
    {"dxil_lower_write_container keeps DXC's datalayout spelling (i8:32)",
     bw_container_datalayout, DXIL_TEST_SOURCE_DIR "/samples/compute_sine.ll", NULL},
};

static void test_known_bugs(void)
{
    for (size_t i = 0; i < sizeof bw_fixed_bugs / sizeof *bw_fixed_bugs; i++) {
        const bw_known *k = &bw_fixed_bugs[i];
        if (!k->fixed(k->input, k->arg))
            fprintf(stderr, "fixed writer bug back: %s\n", k->bug);
        CU_ASSERT(k->fixed(k->input, k->arg));
    }
    /* The predicates hold where the writer is right, so an open bug is
     * not a predicate that never holds. */
    CU_ASSERT(bw_refused_naming(bw_refused[0].text, bw_refused[0].inst));
    CU_ASSERT(bw_same_casts(bw_rewrites[3].text, NULL));
    CU_ASSERT(bw_same_casts(bw_rewrites[6].text, NULL));
    CU_ASSERT(bw_text_refused_or_reads_back(bw_rewrites[1].text, NULL));
    CU_ASSERT(bw_text_refused_or_reads_back(bw_refused[0].text, NULL));
    CU_ASSERT(bw_file_refused_or_reads_back(DXIL_TEST_SOURCE_DIR "/samples/compute_sine.ll",
                                            NULL));
    size_t open = 0;
    bw_quiet = true;
    for (size_t i = 0; bw_known_bugs[i].bug; i++) {
        const bw_known *k = &bw_known_bugs[i];
        bool fixed = k->fixed(k->input, k->arg);
        CU_ASSERT_FALSE(fixed);
        if (fixed)
            fprintf(stderr, "known writer bug now FIXED, move its case to a passing list: %s\n",
                    k->bug);
        else
            printf("\n  known writer bug (open): %s", k->bug);
        open += !fixed;
    }
    bw_quiet = false;
    printf("\n  %zu known writer bugs open\n", open);
}

/* The vocabulary walk sees LLVM 22's own records in LLVM 22's bitcode, so
 * a writer that fell back to it would be caught. */
static void test_vocab_sees_llvm22(void)
{
    static const char text[] = BW_TRIPLE "define i32 @f(i32 %x) {\n  ret i32 %x\n}\n";
    dxil_module *m = bw_load(text, strlen(text), "in.ll");
    CU_ASSERT_FATAL(m != NULL);
    LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(dxil_module_llvm(m));
    CU_ASSERT_FATAL(buf != NULL);
    bc_vocab v = {0};
    unsigned block, code;
    CU_ASSERT_EQUAL(bc_vocab_add(&v, (const uint8_t *)LLVMGetBufferStart(buf),
                                 LLVMGetBufferSize(buf)), 0);
    CU_ASSERT(bc_vocab_has(&v, 13, BCV_ENTERED)); /* IDENTIFICATION */
    CU_ASSERT(bc_vocab_has(&v, 23, BCV_ENTERED)); /* STRTAB */
    CU_ASSERT(bc_vocab_modern(&v, &block, &code));
    static const uint8_t truncated[8] = {'B', 'C', 0xC0, 0xDE, 0x35, 0x14, 0, 0};
    CU_ASSERT_EQUAL(bc_vocab_add(&v, truncated, sizeof truncated), -1);
    LLVMDisposeMemoryBuffer(buf);
    dxil_module_destroy(m);
}

int tu_register(void)
{
    static const tu_case cases[] = {
        {"inexpressible IR: DXIL3004 naming function and instruction, no output", test_refused},
        {"modern IR rewritten to 3.7 forms reads back as written", test_rewritten},
        {"a load, store or alloca without alignment is written so again", test_fact_no_align},
        {"an unsorted symbol table is written in the input's order", test_fact_vst_order},
        {"a resource's handle global is written as DXC's cast to its class",
         test_fact_resource_cast},
        {"DXC's attribute order and spelling, lifetime sizes and casts, dx.op pointers",
         test_dxc_rules},
        {"the vocabulary walk sees LLVM 22's own records", test_vocab_sees_llvm22},
        {"known writer bugs are still open (XFAIL)", test_known_bugs},
        {NULL, NULL}};
    tu_add_suite("bcwrite", cases);
    return 0;
}
