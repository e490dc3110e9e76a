/* chk_instr_linalg.c - DXC's rules of the linear algebra ops (the
 * experimental table of shader model 6.10): every matrix an op takes or
 * returns has a row in dx.targetTypes (component type, M, N, use, scope),
 * a K dimension within bounds and a component type LinAlg allows; no
 * argument is undef; each op wants its matrices in particular uses and
 * scopes, dimensions that fit one another, immediate layouts, strides
 * and alignments, and byte address buffers where it reads or writes
 * memory. Which argument is which comes from the op's parameter list
 * (operand 0 is the opcode). */
#include "chk_instr.h"
#include "chk_res.h"
#include "chk_types.h"

#include "dxil_optable_gen.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DXIL::MatrixUse, DXIL::MatrixScope, DXIL::MatrixLayout. */
enum { USE_A, USE_B, USE_ACC };
enum { SC_THREAD, SC_WAVE, SC_GROUP };
enum { LAY_ROW, LAY_COL, LAY_MUL, LAY_MUL_T, LAY_OUTER, LAY_OUTER_T };

/* K bounds of DXC's DxilConstants.h: per wave/thread, per thread group. */
#define K_MIN 4u
#define K_MAX 128u
#define K_GROUP_MIN 1u
#define K_GROUP_MAX 1024u

typedef struct la_mat {
    LLVMTypeRef ty;
    unsigned comp, m, n, use, scope;
} la_mat;

typedef struct chk_linalg {
    la_mat *rows;
    unsigned n;
} chk_linalg;

typedef struct la_call {
    chk_ctx *c;
    chk_env *e;
    LLVMValueRef call;
    const char *op;          /* the op's name, for messages */
} la_call;

/* ---- dx.targetTypes ------------------------------------------------------------- */

/* DXC keeps the first well-formed row per type: a typed constant and five
 * integers. */
static chk_linalg *linalg_map(chk_ctx *c, chk_env *e)
{
    if (e->linalg)
        return e->linalg;
    chk_linalg *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    e->linalg = m;
    unsigned count = md_named_count(c->mod, "dx.targetTypes");
    m->rows = count ? calloc(count, sizeof *m->rows) : NULL;
    for (unsigned i = 0; m->rows && i < count; i++) {
        LLVMValueRef row = md_named_operand(c->mod, "dx.targetTypes", i);
        LLVMValueRef v0 = md_operand(row, 0);
        uint64_t f[5];
        if (md_num_operands(row) != 6 || !v0 || LLVMIsAMDNode(v0) || LLVMIsAMDString(v0))
            continue;
        bool ok = true;
        for (unsigned k = 0; k < 5 && ok; k++) {
            ok = const_u64(md_operand(row, k + 1), &f[k]);
            if (ok && f[k] > UINT32_MAX)
                f[k] = UINT32_MAX;
        }
        LLVMTypeRef ty = LLVMTypeOf(v0);
        bool seen = false;
        for (unsigned k = 0; k < m->n && !seen; k++)
            seen = m->rows[k].ty == ty;
        if (ok && !seen)
            m->rows[m->n++] = (la_mat){ty, (unsigned)f[0], (unsigned)f[1], (unsigned)f[2],
                                       (unsigned)f[3], (unsigned)f[4]};
    }
    return m;
}

void chk_linalg_free(struct chk_linalg *m)
{
    if (m)
        free(m->rows);
    free(m);
}

static bool is_matrix_type(LLVMTypeRef t)
{
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    return name && strncmp(name, "dx.types.LinAlgMatrix", 21) == 0;
}

static const la_mat *mat_of(const la_call *l, LLVMTypeRef t)
{
    chk_linalg *m = linalg_map(l->c, l->e);
    for (unsigned i = 0; m && i < m->n; i++)
        if (m->rows[i].ty == t)
            return &m->rows[i];
    return NULL;
}

static const la_mat *mat_arg(const la_call *l, unsigned i)
{
    if (i >= (unsigned)LLVMGetNumArgOperands(l->call))
        return NULL;
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(l->call, i));
    return is_matrix_type(t) ? mat_of(l, t) : NULL;
}

static const la_mat *mat_ret(const la_call *l)
{
    LLVMTypeRef t = LLVMTypeOf(l->call);
    return is_matrix_type(t) ? mat_of(l, t) : NULL;
}

/* ---- names of DXC's enums ----------------------------------------------------------- */

static const char *comp_name(unsigned ct)
{
    static const char *const names[] = {
        "Invalid", "I1", "I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32", "F64",
        "SNormF16", "UNormF16", "SNormF32", "UNormF32", "SNormF64", "UNormF64",
        "PackedS8x32", "PackedU8x32", "I8", "U8", "F8_E4M3FN", "F8_E5M2", "BFloat16"};
    return ct < sizeof names / sizeof *names ? names[ct] : "Unknown ComponentType";
}

static const char *scope_name(unsigned s)
{
    static const char *const names[] = {"Thread", "Wave", "ThreadGroup"};
    return s < 3 ? names[s] : "Unknown MatrixScope";
}

static const char *use_name(unsigned u)
{
    static const char *const names[] = {"A", "B", "Accumulator"};
    return u < 3 ? names[u] : "Unknown MatrixUse";
}

static const char *layout_name(unsigned l)
{
    static const char *const names[] = {"RowMajor", "ColumnMajor", "MulOptimal",
                                        "MulOptimalTranspose", "OuterProductOptimal",
                                        "OuterProductOptimalTranspose"};
    return l < 6 ? names[l] : "Unknown MatrixUse"; /* DXC's text for an unknown layout */
}

/* The component types a LinAlg matrix or interpretation may have. */
static bool comp_allowed(unsigned ct)
{
    return (ct >= 2 && ct <= 10) || (ct >= 19 && ct <= 23);
}

/* Elements a scalar of the vector holds (packed 8-bit, bfloat16 pairs). */
static unsigned per_scalar(unsigned ct)
{
    if ((ct >= 2 && ct <= 10))
        return 1;
    return ct == 23 ? 2 : 4;
}

/* ---- the shared checks -------------------------------------------------------------- */

static void fail(const la_call *l, chk_rule r)
{
    chk_fail(l->c, r, l->call, NULL);
}

static void check_comp(const la_call *l, unsigned ct, const char *source)
{
    if (!comp_allowed(ct))
        chk_fail(l->c, CHK_INSTR_LINALGILLEGALCOMPONENTTYPE, l->call, comp_name(ct), source, NULL);
}

static void check_k(const la_call *l, const la_mat *m, const char *source)
{
    if (m->use == USE_ACC)
        return;
    unsigned k = m->use == USE_A ? m->n : m->m;
    unsigned lo = m->scope == SC_GROUP ? K_GROUP_MIN : K_MIN;
    unsigned hi = m->scope == SC_GROUP ? K_GROUP_MAX : K_MAX;
    if (k >= lo && k <= hi)
        return;
    char ks[16], los[16], his[16];
    snprintf(ks, sizeof ks, "%u", k);
    snprintf(los, sizeof los, "%u", lo);
    snprintf(his, sizeof his, "%u", hi);
    chk_fail(l->c, CHK_INSTR_LINALGILLEGALKDIM, l->call, source, ks, los, his, NULL);
}

/* DXC's ValidateLinAlgOpParameters: over every argument, the opcode too. */
static void check_params(const la_call *l)
{
    unsigned n = (unsigned)LLVMGetNumArgOperands(l->call);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef a = LLVMGetOperand(l->call, i);
        if (LLVMIsUndef(a))
            fail(l, CHK_INSTR_NOREADINGUNINITIALIZED);
        if (!is_matrix_type(LLVMTypeOf(a)))
            continue;
        char name[24], source[32];
        snprintf(name, sizeof name, "Arg %u", i);
        snprintf(source, sizeof source, "arg %u matrix", i);
        const la_mat *m = mat_of(l, LLVMTypeOf(a));
        if (!m) {
            chk_fail(l->c, CHK_INSTR_LINALGMETADATAMISSING, l->call, name, NULL);
            continue;
        }
        check_k(l, m, name);
        check_comp(l, m->comp, source);
    }
}

static void check_return(const la_call *l)
{
    const la_mat *m = mat_ret(l);
    if (!m) {
        chk_fail(l->c, CHK_INSTR_LINALGMETADATAMISSING, l->call, "Return", NULL);
        return;
    }
    check_k(l, m, "Return");
    check_comp(l, m->comp, "return matrix");
}

/* An immediate argument (Instr.OpConst naming it otherwise). */
static bool imm(const la_call *l, unsigned i, const char *what, uint64_t *out)
{
    LLVMValueRef a = i < (unsigned)LLVMGetNumArgOperands(l->call) ? LLVMGetOperand(l->call, i)
                                                                 : NULL;
    if (a && LLVMIsAConstantInt(a)) {
        const_u64(a, out);
        return true;
    }
    chk_fail(l->c, CHK_INSTR_OPCONST, l->call, what, l->op, NULL);
    return false;
}

static void want_wave_or_group(const la_call *l, const la_mat *m, const char *who)
{
    if (m->scope != SC_WAVE && m->scope != SC_GROUP)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEMISMATCH2, l->call, who, scope_name(m->scope),
                 "Wave", "ThreadGroup", NULL);
}

static void want_use(const la_call *l, const la_mat *m, unsigned use, const char *who)
{
    if (m->use != use)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXUSEMISMATCH, l->call, who, use_name(m->use),
                 use_name(use), NULL);
}

static void check_align(const la_call *l, unsigned i)
{
    uint64_t a;
    if (!imm(l, i, "Align", &a))
        return;
    char got[24];
    snprintf(got, sizeof got, "%llu", (unsigned long long)a);
    if (a == 0)
        chk_fail(l->c, CHK_INSTR_PARAMMINIMUMVALUE, l->call, "Align", "0", got, NULL);
    if (a % 128 != 0)
        chk_fail(l->c, CHK_INSTR_PARAMMULTIPLE, l->call, "Align", "128", got, NULL);
}

static bool handle_is(const la_call *l, unsigned i, chk_res_class cls)
{
    LLVMValueRef h = i < (unsigned)LLVMGetNumArgOperands(l->call) ? LLVMGetOperand(l->call, i)
                                                                 : NULL;
    chk_res r = h ? chk_res_of_handle(l->c, l->e, h, true) : (chk_res){0};
    return r.cls == cls && r.kind == RK_RAWBUFFER;
}

static void dims(char *buf, size_t size, unsigned m, unsigned n)
{
    snprintf(buf, size, "%ux%u", m, n);
}

/* ---- the ops ------------------------------------------------------------------------ */

/* Length, GetCoordinate, GetElement: the matrix (operand 1) is shared. */
static void op_shared_input(const la_call *l)
{
    const la_mat *m = mat_arg(l, 1);
    if (m)
        want_wave_or_group(l, m, "Input");
}

/* Stride must be 0 unless the layout is row or column major. */
static void check_stride(const la_call *l, unsigned layout, unsigned i)
{
    uint64_t stride;
    if (layout == LAY_ROW || layout == LAY_COL || !imm(l, i, "Stride", &stride) || stride == 0)
        return;
    chk_fail(l->c, CHK_INSTR_LINALGMATRIXLAYOUTREQSTRIDE, l->call, l->op, layout_name(layout),
             NULL);
}

static void op_store_desc(const la_call *l)
{
    const la_mat *m = mat_arg(l, 1);
    uint64_t layout;
    if (!m || !imm(l, 5, "Layout", &layout))
        return;
    if (layout != LAY_ROW && layout != LAY_COL)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXREQUIRESLAYOUT2, l->call, l->op, "RowMajor",
                 "ColumnMajor", NULL);
    want_wave_or_group(l, m, "Input");
    if (!handle_is(l, 2, CHK_RES_UAV))
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXREQUIRESRWBAB, l->call, l->op, NULL);
    check_align(l, 6);
}

static void op_accumulate_desc(const la_call *l)
{
    const la_mat *m = mat_arg(l, 1);
    uint64_t layout;
    if (!m || !imm(l, 5, "Layout", &layout))
        return;
    bool row_col = layout == LAY_ROW || layout == LAY_COL;
    if (m->scope == SC_THREAD && layout != LAY_OUTER && layout != LAY_OUTER_T)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEREQLAYOUT2, l->call, "Input",
                 scope_name(m->scope), "OuterProductOptimal", "OuterProductOptimalTranspose",
                 l->op, NULL);
    if ((m->scope == SC_WAVE || m->scope == SC_GROUP) && !row_col)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEREQLAYOUT2, l->call, "Input",
                 scope_name(m->scope), "RowMajor", "ColumnMajor", l->op, NULL);
    check_stride(l, (unsigned)layout, 4);
    want_use(l, m, USE_ACC, "Input");
    if (!handle_is(l, 2, CHK_RES_UAV))
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXREQUIRESRWBAB, l->call, l->op, NULL);
    check_align(l, 6);
}

static void op_load_desc(const la_call *l)
{
    const la_mat *r = mat_ret(l);
    uint64_t layout;
    if (!r || !imm(l, 4, "Layout", &layout))
        return;
    if ((r->scope == SC_WAVE || r->scope == SC_GROUP) && layout != LAY_ROW && layout != LAY_COL)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEREQLAYOUT2, l->call, "Return",
                 scope_name(r->scope), "RowMajor", "ColumnMajor", l->op, NULL);
    check_stride(l, (unsigned)layout, 3);
    check_align(l, 5);
    if (r->scope == SC_THREAD && !handle_is(l, 1, CHK_RES_SRV))
        fail(l, CHK_INSTR_LINALGMATRIXLOADTHREADREQUIRESBAB);
}

static unsigned vec_len(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
}

static LLVMTypeRef vec_elem(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static bool is_float(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMHalfTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

static void op_mat_vec(const la_call *l)
{
    const la_mat *m = mat_arg(l, 1);
    if (!m || LLVMGetNumArgOperands(l->call) < 5)
        return;
    LLVMTypeRef out = LLVMTypeOf(l->call), in = LLVMTypeOf(LLVMGetOperand(l->call, 3));
    if (m->scope != SC_THREAD)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEMISMATCH, l->call, "Input",
                 scope_name(m->scope), "Thread", NULL);
    want_use(l, m, USE_A, "Input");
    uint64_t interp = 0; /* Invalid unless immediate */
    if (imm(l, 4, "InputInterp", &interp))
        check_comp(l, (unsigned)interp, "InputInterp");
    unsigned per = per_scalar((unsigned)interp), want = (m->n + per - 1) / per;
    char a[16], b[16], k[16];
    if (want != vec_len(in)) {
        snprintf(a, sizeof a, "%u", vec_len(in));
        snprintf(b, sizeof b, "%u", want);
        snprintf(k, sizeof k, "%u", m->n);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXDIMKVECKMISMATCH, l->call, "Input", a, b, k,
                 comp_name((unsigned)interp), NULL);
    }
    if (m->m != vec_len(out)) {
        snprintf(a, sizeof a, "%u", vec_len(out));
        snprintf(b, sizeof b, "%u", m->m);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXDIMVECTORMISMATCH, l->call, "Output", a, b, NULL);
    }
    uint64_t sign;
    if (imm(l, 2, "IsSigned", &sign) && is_float(vec_elem(out)) && sign != 1) {
        char tn[64];
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXUNSIGNEDFLOATTYPENOTALLOWED, l->call,
                 chk_type_name(vec_elem(out), tn, sizeof tn), NULL);
    }
}

static void op_mat_vec_add(const la_call *l)
{
    op_mat_vec(l);
    const la_mat *m = mat_arg(l, 1);
    if (!m || LLVMGetNumArgOperands(l->call) < 6)
        return;
    LLVMTypeRef out = LLVMTypeOf(l->call), bias = LLVMTypeOf(LLVMGetOperand(l->call, 5));
    if (m->m != vec_len(bias)) {
        char a[16], b[16];
        snprintf(a, sizeof a, "%u", vec_len(bias));
        snprintf(b, sizeof b, "%u", m->m);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXDIMVECTORMISMATCH, l->call, "Bias", a, b, NULL);
    }
    if (vec_elem(bias) != vec_elem(out)) {
        char o[64], bn[64];
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXOUTPUTBIASVECMISMATCH, l->call,
                 chk_type_name(vec_elem(out), o, sizeof o),
                 chk_type_name(vec_elem(bias), bn, sizeof bn), NULL);
    }
}

static void op_fill(const la_call *l)
{
    const la_mat *r = mat_ret(l);
    if (r)
        want_wave_or_group(l, r, "Return");
}

static void op_set_element(const la_call *l)
{
    const la_mat *r = mat_ret(l), *in = r ? mat_arg(l, 1) : NULL;
    if (!in)
        return;
    want_wave_or_group(l, in, "Input");
    want_wave_or_group(l, r, "Return");
}

/* Multiply (no C) and MultiplyAccumulate (C at operand 3). */
static void op_multiply(const la_call *l, bool with_c)
{
    const la_mat *r = mat_ret(l), *a = r ? mat_arg(l, 1) : NULL, *b = a ? mat_arg(l, 2) : NULL;
    const la_mat *c = with_c && b ? mat_arg(l, 3) : NULL;
    if (!b || (with_c && !c))
        return;
    want_use(l, a, USE_A, "A");
    want_use(l, b, USE_B, "B");
    if (c)
        want_use(l, c, USE_ACC, "C");
    want_use(l, r, USE_ACC, "Return");
    want_wave_or_group(l, a, "A");
    want_wave_or_group(l, b, "B");
    if (c)
        want_wave_or_group(l, c, "C");
    want_wave_or_group(l, r, "Return");
    if (!c && (a->scope != b->scope || b->scope != r->scope))
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEMUSTMATCH3, l->call, "A", scope_name(a->scope),
                 "B", scope_name(b->scope), "Return", scope_name(r->scope), NULL);
    if (c && (a->scope != b->scope || b->scope != c->scope || c->scope != r->scope))
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXSCOPEMUSTMATCH4, l->call, "A", scope_name(a->scope),
                 "B", scope_name(b->scope), "C", scope_name(c->scope), "Return",
                 scope_name(r->scope), NULL);
    char ad[32], bd[32], ak[16], bk[16], want[32], got[32];
    dims(want, sizeof want, a->m, b->n);
    if (a->n != b->m) {
        dims(ad, sizeof ad, a->m, a->n);
        dims(bd, sizeof bd, b->m, b->n);
        snprintf(ak, sizeof ak, "%u", a->n);
        snprintf(bk, sizeof bk, "%u", b->m);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXMATRIXKDIMMUSTMATCH, l->call, ad, bd, ak, bk, NULL);
    }
    if (c && (c->m != a->m || c->n != b->n)) {
        dims(got, sizeof got, c->m, c->n);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXMATRIXRESDIMMUSTMATCH, l->call, "C", got, want, NULL);
    }
    if (r->m != a->m || r->n != b->n) {
        dims(got, sizeof got, r->m, r->n);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXMATRIXRESDIMMUSTMATCH, l->call, "Return", got, want,
                 NULL);
    }
}

static void op_accumulate(const la_call *l)
{
    LLVMTypeRef rt = LLVMTypeOf(l->call);
    if (LLVMGetNumArgOperands(l->call) < 3)
        return;
    LLVMTypeRef lt = LLVMTypeOf(LLVMGetOperand(l->call, 1));
    if (rt != lt) {
        const char *rn = LLVMGetTypeKind(rt) == LLVMStructTypeKind ? LLVMGetStructName(rt) : NULL;
        const char *ln = LLVMGetTypeKind(lt) == LLVMStructTypeKind ? LLVMGetStructName(lt) : NULL;
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXNOTEXACTMATCH, l->call, "Return", rn ? rn : "",
                 "arg 1", ln ? ln : "", NULL);
    }
    const la_mat *r = mat_ret(l), *lhs = r ? mat_arg(l, 1) : NULL;
    const la_mat *rhs = lhs ? mat_arg(l, 2) : NULL;
    if (!rhs)
        return;
    want_use(l, r, USE_ACC, "Return");
    if (rhs->use != USE_A && rhs->use != USE_B)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIXUSEMISMATCH2, l->call, "Arg 2", use_name(rhs->use),
                 "A", "B", NULL);
    if (r->scope != rhs->scope)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIX2PARTSMUSTMATCH, l->call, "Return", "scope",
                 scope_name(r->scope), "Arg 2", "scope", scope_name(rhs->scope), NULL);
    want_wave_or_group(l, rhs, "Arg 2");
    want_wave_or_group(l, r, "Return");
    if (r->m != rhs->m || r->n != rhs->n) {
        char a[32], b[32];
        dims(a, sizeof a, rhs->m, rhs->n);
        dims(b, sizeof b, r->m, r->n);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIX2PARTSMUSTMATCH, l->call, "Arg 2", "dimension", a,
                 "return", "dimension", b, NULL);
    }
}

static void op_copy_convert(const la_call *l)
{
    const la_mat *d = mat_ret(l), *s = d ? mat_arg(l, 1) : NULL;
    if (!s)
        return;
    uint64_t transpose = 0;
    bool have_t = imm(l, 2, "Transpose", &transpose);
    want_wave_or_group(l, d, "Destination");
    want_wave_or_group(l, s, "Source");
    if (d->scope != s->scope)
        chk_fail(l->c, CHK_INSTR_LINALGMATRIX2PARTSMUSTMATCH, l->call, "Destination", "scope",
                 scope_name(d->scope), "source", "scope", scope_name(s->scope), NULL);
    unsigned sm = s->m, sn = s->n;
    if (have_t && transpose == 1) {
        sm = s->n;
        sn = s->m;
    }
    if (d->m != sm || d->n != sn) {
        char a[32], b[32];
        dims(a, sizeof a, d->m, d->n);
        dims(b, sizeof b, sm, sn);
        chk_fail(l->c, CHK_INSTR_LINALGMATRIX2PARTSMUSTMATCH, l->call, "Destination", "dimension",
                 a, "source", "dimension", b, NULL);
    }
}

/* ---- dispatch ----------------------------------------------------------------------- */

typedef struct la_op {
    uint32_t opcode;
    bool returns_matrix;     /* DXC checks the returned matrix first */
    void (*check)(const la_call *);
} la_op;

static void op_multiply2(const la_call *l) { op_multiply(l, false); }
static void op_multiply3(const la_call *l) { op_multiply(l, true); }

static const la_op la_ops[] = {
    {DXIL_OP_LinAlgMatrixLength, false, op_shared_input},
    {DXIL_OP_LinAlgMatrixGetCoordinate, false, op_shared_input},
    {DXIL_OP_LinAlgMatrixGetElement, false, op_shared_input},
    {DXIL_OP_LinAlgMatrixStoreToDescriptor, false, op_store_desc},
    {DXIL_OP_LinAlgMatrixStoreToMemory, false, NULL},
    {DXIL_OP_LinAlgMatVecMul, false, op_mat_vec},
    {DXIL_OP_LinAlgMatVecMulAdd, false, op_mat_vec_add},
    {DXIL_OP_LinAlgMatrixAccumulateToDescriptor, false, op_accumulate_desc},
    {DXIL_OP_LinAlgMatrixAccumulateToMemory, false, NULL},
    {DXIL_OP_LinAlgConvert, false, NULL},
    {DXIL_OP_LinAlgVectorAccumulateToDescriptor, false, NULL},
    {DXIL_OP_LinAlgFillMatrix, true, op_fill},
    {DXIL_OP_LinAlgMatrixLoadFromMemory, true, NULL},
    {DXIL_OP_LinAlgMatrixSetElement, true, op_set_element},
    {DXIL_OP_LinAlgMatrixMultiply, true, op_multiply2},
    {DXIL_OP_LinAlgMatrixMultiplyAccumulate, true, op_multiply3},
    {DXIL_OP_LinAlgMatrixOuterProduct, true, NULL},
    {DXIL_OP_LinAlgMatrixLoadFromDescriptor, true, op_load_desc},
    {DXIL_OP_LinAlgMatrixAccumulate, true, op_accumulate},
    {DXIL_OP_LinAlgCopyConvertMatrix, true, op_copy_convert},
};

bool chk_linalg_op(chk_ctx *c, chk_env *e, LLVMValueRef call, const dxil_op_info *op)
{
    for (size_t i = 0; i < sizeof la_ops / sizeof *la_ops; i++) {
        if (la_ops[i].opcode != op->opcode)
            continue;
        la_call l = {c, e, call, op->name};
        if (la_ops[i].returns_matrix)
            check_return(&l);
        check_params(&l);
        if (la_ops[i].check)
            la_ops[i].check(&l);
        return true;
    }
    return false;
}
