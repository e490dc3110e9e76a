/* legal_intrinsics.c - generic LLVM intrinsics DXIL has no function
 * for ("External function 'llvm.vector.reduce.or.v4i32' is not a DXIL
 * function"), expanded into plain instructions or into intrinsics the op
 * table maps (what LLVM's DXILIntrinsicExpansion does for its backend):
 *
 *   vector.reduce.*        the lanes combined in order (legal_reduce.c)
 *   abs(x)                 smax(x, 0 - x)                  -> IMax
 *   ctlz / cttz(x)         x == 0 ? width : FirstbitHi / FirstbitLo
 *   fshl / fshr            two shifts and an or; a shift of 0 is the operand
 *   s/u add, sub, mul .with.overflow
 *                          the operation, and the overflow bit from it
 *                          (uadd has DXIL's UAddc: the table maps it)
 *   uadd.sat / usub.sat    the operation and a select
 *   bswap                  shifts, masks and ors
 *   minimum / maximum      minnum / maxnum (DXIL's FMin / FMax)
 *   copysign               the bits (32/64-bit), or fabs and a select
 *   exp, exp10, log, log10, pow
 *                          exp2 / log2 with a constant factor (as DXC)
 *   atan2, powi            as DXC expands HLSL's atan2 and pow
 *                          (legal_intrinsics_math.c)
 *   round / rint / nearbyint
 *                          floor(|x| + 0.5) with x's sign / roundeven
 *   assume, noalias.scope.decl, sideeffect, donothing, and lifetime
 *   markers before DXIL 1.6 (DXC's validator allows them from 1.6)
 *                          removed
 *   memcpy / memmove / memset with a constant length
 *                          loads and stores (legal_memintr.c)
 *
 * Vector forms expand the same way on vectors (the data scalarization
 * splits them after). Runs before the per-lane split of table-mapped
 * calls, so the intrinsics it makes are split and lowered like clang's. */
#include "legal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- constants of a scalar or vector type ---- */

static LLVMTypeRef li_elem(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static LLVMValueRef li_splat(LLVMTypeRef t, LLVMValueRef c)
{
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return c;
    unsigned n = LLVMGetVectorSize(t);
    LLVMValueRef *v = malloc(n * sizeof *v);
    if (!v)
        return NULL;
    for (unsigned i = 0; i < n; i++)
        v[i] = c;
    LLVMValueRef r = LLVMConstVector(v, n);
    free(v);
    return r;
}

static LLVMValueRef li_int(LLVMTypeRef t, unsigned long long v)
{
    return li_splat(t, LLVMConstInt(li_elem(t), v, 0));
}

static LLVMValueRef li_real(LLVMTypeRef t, double d)
{
    return li_splat(t, LLVMConstReal(li_elem(t), d));
}

static unsigned li_bits(LLVMTypeRef t)
{
    LLVMTypeRef e = li_elem(t);
    switch (LLVMGetTypeKind(e)) {
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(e);
    case LLVMHalfTypeKind: return 16;
    case LLVMFloatTypeKind: return 32;
    case LLVMDoubleTypeKind: return 64;
    default: return 0;
    }
}

/* The integer type of t's size, lane for lane. */
static LLVMTypeRef li_int_type(lower_ctx *lc, LLVMTypeRef t)
{
    LLVMTypeRef i = LLVMIntTypeInContext(lc->ctx, li_bits(t));
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMVectorType(i, LLVMGetVectorSize(t)) : i;
}

static LLVMValueRef li_arg(LLVMValueRef call, unsigned i)
{
    return LLVMGetOperand(call, i);
}

/* A call of intrinsic `name` overloaded on type t. */
static LLVMValueRef li_call(lower_ctx *lc, const char *name, LLVMTypeRef t, LLVMValueRef *args,
                            unsigned n, LLVMValueRef like)
{
    LLVMValueRef r = lower_intrinsic_call(lc, name, &t, 1, args, n);
    if (r && like && LLVMCanValueUseFastMathFlags(like) && LLVMCanValueUseFastMathFlags(r))
        LLVMSetFastMathFlags(r, LLVMGetFastMathFlags(like));
    return r;
}

static void li_fmf(LLVMValueRef like, LLVMValueRef v)
{
    if (v && LLVMIsAInstruction(v) && LLVMCanValueUseFastMathFlags(like) &&
        LLVMCanValueUseFastMathFlags(v))
        LLVMSetFastMathFlags(v, LLVMGetFastMathFlags(like));
}

/* ---- expansions: each returns the replacement, NULL to leave the call ---- */

typedef LLVMValueRef (*li_fn)(lower_ctx *lc, LLVMValueRef call);

static LLVMValueRef li_reduce(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef v = li_arg(call, (unsigned)LLVMGetNumArgOperands(call) - 1);
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind || LLVMGetVectorSize(LLVMTypeOf(v)) > 64)
        return NULL;
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(v));
    LLVMValueRef lanes[64];
    for (unsigned k = 0; k < n; k++)
        lanes[k] = LLVMBuildExtractElement(lc->b, v, lower_i32(lc, k), "");
    return legal_reduce_lanes(lc, call, lanes, n);
}

static LLVMValueRef li_abs(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = li_arg(call, 0), t[2];
    t[0] = x;
    t[1] = LLVMBuildSub(lc->b, li_int(LLVMTypeOf(x), 0), x, "");
    return li_call(lc, "llvm.smax", LLVMTypeOf(x), t, 2, NULL);
}

/* ctlz is FirstbitHi (bits from the top), cttz FirstbitLo; both give -1
 * for 0, where LLVM's give the width. */
static LLVMValueRef li_count_zeros(lower_ctx *lc, LLVMValueRef call, const char *op)
{
    LLVMValueRef x = li_arg(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef r = li_call(lc, op, t, &x, 1, NULL);
    if (!r)
        return NULL;
    unsigned rw = li_bits(LLVMTypeOf(r)), w = li_bits(t);
    if (rw != w)
        r = rw > w ? LLVMBuildTrunc(lc->b, r, t, "") : LLVMBuildZExt(lc->b, r, t, "");
    LLVMValueRef zero = LLVMBuildICmp(lc->b, LLVMIntEQ, x, li_int(t, 0), "");
    return LLVMBuildSelect(lc->b, zero, li_int(t, w), r, "");
}

static LLVMValueRef li_ctlz(lower_ctx *lc, LLVMValueRef call)
{
    return li_count_zeros(lc, call, "llvm.dx.firstbituhigh");
}

static LLVMValueRef li_cttz(lower_ctx *lc, LLVMValueRef call)
{
    return li_count_zeros(lc, call, "llvm.dx.firstbitlow");
}

static LLVMValueRef li_funnel(lower_ctx *lc, LLVMValueRef call, bool left)
{
    LLVMValueRef a = li_arg(call, 0), b = li_arg(call, 1), c = li_arg(call, 2);
    LLVMTypeRef t = LLVMTypeOf(a);
    unsigned w = li_bits(t);
    LLVMBuilderRef bd = lc->b;
    LLVMValueRef s = LLVMBuildURem(bd, c, li_int(t, w), "");
    LLVMValueRef back = LLVMBuildSub(bd, li_int(t, w), s, "");
    LLVMValueRef hi = LLVMBuildShl(bd, a, left ? s : back, "");
    LLVMValueRef lo = LLVMBuildLShr(bd, b, left ? back : s, "");
    LLVMValueRef r = LLVMBuildOr(bd, hi, lo, "");
    LLVMValueRef none = LLVMBuildICmp(bd, LLVMIntEQ, s, li_int(t, 0), "");
    return LLVMBuildSelect(bd, none, left ? a : b, r, "");
}

static LLVMValueRef li_fshl(lower_ctx *lc, LLVMValueRef call)
{
    return li_funnel(lc, call, true);
}

static LLVMValueRef li_fshr(lower_ctx *lc, LLVMValueRef call)
{
    return li_funnel(lc, call, false);
}

/* ---- .with.overflow: the users are extractvalues of the pair ---- */

typedef enum { LI_SADD, LI_SSUB, LI_USUB, LI_UMUL } li_ovf_kind;

static bool li_ovf_pair(lower_ctx *lc, LLVMValueRef call, li_ovf_kind kind, LLVMValueRef *r,
                        LLVMValueRef *ov)
{
    LLVMBuilderRef b = lc->b;
    LLVMValueRef x = li_arg(call, 0), y = li_arg(call, 1);
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef z = li_int(t, 0);
    switch (kind) {
    case LI_SADD:
        *r = LLVMBuildAdd(b, x, y, "");
        *ov = LLVMBuildICmp(b, LLVMIntSLT,
                            LLVMBuildAnd(b, LLVMBuildXor(b, x, *r, ""), LLVMBuildXor(b, y, *r, ""), ""),
                            z, "");
        return true;
    case LI_SSUB:
        *r = LLVMBuildSub(b, x, y, "");
        *ov = LLVMBuildICmp(b, LLVMIntSLT,
                            LLVMBuildAnd(b, LLVMBuildXor(b, x, y, ""), LLVMBuildXor(b, x, *r, ""), ""),
                            z, "");
        return true;
    case LI_USUB:
        *r = LLVMBuildSub(b, x, y, "");
        *ov = LLVMBuildICmp(b, LLVMIntULT, x, y, "");
        return true;
    case LI_UMUL: {
        *r = LLVMBuildMul(b, x, y, "");
        LLVMValueRef xz = LLVMBuildICmp(b, LLVMIntEQ, x, z, "");
        LLVMValueRef d = LLVMBuildSelect(b, xz, li_int(t, 1), x, "");
        LLVMValueRef back = LLVMBuildICmp(b, LLVMIntNE, LLVMBuildUDiv(b, *r, d, ""), y, "");
        *ov = LLVMBuildSelect(b, xz, LLVMConstNull(LLVMTypeOf(back)), back, "");
        return true;
    }
    }
    return false;
}

/* Replaces each `extractvalue %call, i` by the value; false (nothing
 * changed) when the pair has another user. */
static bool li_ovf(lower_ctx *lc, LLVMValueRef call, li_ovf_kind kind)
{
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u))
        if (!LLVMIsAExtractValueInst(LLVMGetUser(u)) || LLVMGetNumIndices(LLVMGetUser(u)) != 1)
            return false;
    LLVMValueRef r, ov;
    if (!li_ovf_pair(lc, call, kind, &r, &ov))
        return false;
    LLVMValueRef *users;
    size_t n = lower_collect_users(call, &users);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef e = users[i];
        lower_replace_named(lc, e, LLVMGetIndices(e)[0] ? ov : r);
    }
    free(users);
    return true;
}

static LLVMValueRef li_sadd_ovf(lower_ctx *lc, LLVMValueRef c) { return li_ovf(lc, c, LI_SADD) ? c : NULL; }
static LLVMValueRef li_ssub_ovf(lower_ctx *lc, LLVMValueRef c) { return li_ovf(lc, c, LI_SSUB) ? c : NULL; }
static LLVMValueRef li_usub_ovf(lower_ctx *lc, LLVMValueRef c) { return li_ovf(lc, c, LI_USUB) ? c : NULL; }
static LLVMValueRef li_umul_ovf(lower_ctx *lc, LLVMValueRef c) { return li_ovf(lc, c, LI_UMUL) ? c : NULL; }

static LLVMValueRef li_uadd_sat(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = li_arg(call, 0), r = LLVMBuildAdd(lc->b, x, li_arg(call, 1), "");
    LLVMValueRef wrapped = LLVMBuildICmp(lc->b, LLVMIntULT, r, x, "");
    return LLVMBuildSelect(lc->b, wrapped, li_int(LLVMTypeOf(x), ~0ull), r, "");
}

static LLVMValueRef li_usub_sat(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = li_arg(call, 0), y = li_arg(call, 1);
    LLVMValueRef under = LLVMBuildICmp(lc->b, LLVMIntULT, x, y, "");
    return LLVMBuildSelect(lc->b, under, li_int(LLVMTypeOf(x), 0), LLVMBuildSub(lc->b, x, y, ""), "");
}

static LLVMValueRef li_bswap(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = li_arg(call, 0), r = NULL;
    LLVMTypeRef t = LLVMTypeOf(x);
    unsigned nb = li_bits(t) / 8;
    for (unsigned i = 0; i < nb; i++) {
        /* byte i goes to byte nb-1-i */
        LLVMValueRef byte = LLVMBuildAnd(lc->b, LLVMBuildLShr(lc->b, x, li_int(t, 8 * i), ""),
                                         li_int(t, 0xff), "");
        byte = LLVMBuildShl(lc->b, byte, li_int(t, 8 * (nb - 1 - i)), "");
        r = r ? LLVMBuildOr(lc->b, r, byte, "") : byte;
    }
    return r;
}

/* ---- float ---- */

static LLVMValueRef li_rename(lower_ctx *lc, LLVMValueRef call, const char *to)
{
    LLVMValueRef a[3];
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < n && i < 3; i++)
        a[i] = li_arg(call, i);
    return n <= 3 ? li_call(lc, to, LLVMTypeOf(call), a, n, call) : NULL;
}

static LLVMValueRef li_minimum(lower_ctx *lc, LLVMValueRef c) { return li_rename(lc, c, "llvm.minnum"); }
static LLVMValueRef li_maximum(lower_ctx *lc, LLVMValueRef c) { return li_rename(lc, c, "llvm.maxnum"); }
static LLVMValueRef li_rint(lower_ctx *lc, LLVMValueRef c) { return li_rename(lc, c, "llvm.roundeven"); }

/* x * k through exp2 or log2: exp(x) = exp2(x * log2(e)), ... */
static LLVMValueRef li_scaled(lower_ctx *lc, LLVMValueRef call, const char *fn, double k,
                              bool scale_input)
{
    LLVMValueRef x = li_arg(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (scale_input) {
        x = LLVMBuildFMul(lc->b, x, li_real(t, k), "");
        li_fmf(call, x);
        return li_call(lc, fn, t, &x, 1, call);
    }
    LLVMValueRef r = li_call(lc, fn, t, &x, 1, call);
    if (!r)
        return NULL;
    r = LLVMBuildFMul(lc->b, r, li_real(t, k), "");
    li_fmf(call, r);
    return r;
}

static LLVMValueRef li_exp(lower_ctx *lc, LLVMValueRef c) { return li_scaled(lc, c, "llvm.exp2", 1.4426950408889634, true); }
static LLVMValueRef li_exp10(lower_ctx *lc, LLVMValueRef c) { return li_scaled(lc, c, "llvm.exp2", 3.3219280948873622, true); }
static LLVMValueRef li_log(lower_ctx *lc, LLVMValueRef c) { return li_scaled(lc, c, "llvm.log2", 0.69314718055994531, false); }
static LLVMValueRef li_log10(lower_ctx *lc, LLVMValueRef c) { return li_scaled(lc, c, "llvm.log2", 0.30102999566398120, false); }

static LLVMValueRef li_pow(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = li_arg(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef l = li_call(lc, "llvm.log2", t, &x, 1, call);
    if (!l)
        return NULL;
    LLVMValueRef m = LLVMBuildFMul(lc->b, li_arg(call, 1), l, "");
    li_fmf(call, m);
    return li_call(lc, "llvm.exp2", t, &m, 1, call);
}

/* |a| with b's sign. 32/64-bit values through their bits; half (whose
 * bitcast a min-precision module refuses) through fabs and a select. */
static LLVMValueRef li_copysign_of(lower_ctx *lc, LLVMValueRef a, LLVMValueRef b, LLVMValueRef like)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    unsigned w = li_bits(t);
    if (w >= 32) {
        LLVMTypeRef it = li_int_type(lc, t);
        unsigned long long sign = 1ull << (w - 1);
        LLVMValueRef ia = LLVMBuildAnd(lc->b, LLVMBuildBitCast(lc->b, a, it, ""), li_int(it, ~sign), "");
        LLVMValueRef ib = LLVMBuildAnd(lc->b, LLVMBuildBitCast(lc->b, b, it, ""), li_int(it, sign), "");
        return LLVMBuildBitCast(lc->b, LLVMBuildOr(lc->b, ia, ib, ""), t, "");
    }
    LLVMValueRef m = li_call(lc, "llvm.fabs", t, &a, 1, like);
    if (!m)
        return NULL;
    LLVMValueRef neg = LLVMBuildFCmp(lc->b, LLVMRealOLT, b, li_real(t, 0.0), "");
    return LLVMBuildSelect(lc->b, neg, LLVMBuildFNeg(lc->b, m, ""), m, "");
}

static LLVMValueRef li_copysign(lower_ctx *lc, LLVMValueRef call)
{
    return li_copysign_of(lc, li_arg(call, 0), li_arg(call, 1), call);
}

/* llvm.round: halves away from zero. */
static LLVMValueRef li_round(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef x = li_arg(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef m = li_call(lc, "llvm.fabs", t, &x, 1, call);
    if (!m)
        return NULL;
    LLVMValueRef h = LLVMBuildFAdd(lc->b, m, li_real(t, 0.5), "");
    LLVMValueRef f = li_call(lc, "llvm.floor", t, &h, 1, call);
    return f ? li_copysign_of(lc, f, x, call) : NULL;
}

/* ---- removed ---- */

static LLVMValueRef li_remove(lower_ctx *lc, LLVMValueRef call)
{
    (void)lc;
    return call; /* no value: the call goes */
}

/* DXC's validator takes lifetime markers from DXIL 1.6 (the version, not
 * the shader model: a dxilv1.3 module of SM 6.6 may not keep them). */
static LLVMValueRef li_lifetime(lower_ctx *lc, LLVMValueRef call)
{
    return lc->dxil && lc->dxil < DXIL_VERSION(1, 6) ? call : NULL;
}

static const struct {
    const char *name;
    li_fn fn;
} li_table[] = {
    {"llvm.vector.reduce.add", li_reduce}, {"llvm.vector.reduce.mul", li_reduce},
    {"llvm.vector.reduce.and", li_reduce}, {"llvm.vector.reduce.or", li_reduce},
    {"llvm.vector.reduce.xor", li_reduce}, {"llvm.vector.reduce.fadd", li_reduce},
    {"llvm.vector.reduce.fmul", li_reduce}, {"llvm.vector.reduce.smax", li_reduce},
    {"llvm.vector.reduce.smin", li_reduce}, {"llvm.vector.reduce.umax", li_reduce},
    {"llvm.vector.reduce.umin", li_reduce}, {"llvm.vector.reduce.fmax", li_reduce},
    {"llvm.vector.reduce.fmin", li_reduce}, {"llvm.vector.reduce.fmaximum", li_reduce},
    {"llvm.vector.reduce.fminimum", li_reduce},
    {"llvm.abs", li_abs}, {"llvm.ctlz", li_ctlz}, {"llvm.cttz", li_cttz},
    {"llvm.fshl", li_fshl}, {"llvm.fshr", li_fshr},
    {"llvm.sadd.with.overflow", li_sadd_ovf}, {"llvm.ssub.with.overflow", li_ssub_ovf},
    {"llvm.usub.with.overflow", li_usub_ovf}, {"llvm.umul.with.overflow", li_umul_ovf},
    {"llvm.uadd.sat", li_uadd_sat}, {"llvm.usub.sat", li_usub_sat}, {"llvm.bswap", li_bswap},
    {"llvm.minimum", li_minimum}, {"llvm.maximum", li_maximum},
    {"llvm.minimumnum", li_minimum}, {"llvm.maximumnum", li_maximum},
    {"llvm.copysign", li_copysign}, {"llvm.round", li_round}, {"llvm.rint", li_rint},
    {"llvm.nearbyint", li_rint}, {"llvm.exp", li_exp}, {"llvm.exp10", li_exp10},
    {"llvm.log", li_log}, {"llvm.log10", li_log10}, {"llvm.pow", li_pow},
    {"llvm.atan2", legal_expand_atan2}, {"llvm.powi", legal_expand_powi},
    {"llvm.assume", li_remove}, {"llvm.experimental.noalias.scope.decl", li_remove},
    {"llvm.sideeffect", li_remove}, {"llvm.donothing", li_remove},
    {"llvm.lifetime.start", li_lifetime}, {"llvm.lifetime.end", li_lifetime},
    {"llvm.memcpy", legal_expand_memcpy}, {"llvm.memmove", legal_expand_memcpy},
    {"llvm.memset", legal_expand_memset},
};

static li_fn li_find(LLVMValueRef fn)
{
    char base[64];
    /* llvm.dx.* (most of a raised module's) are the target's, never here */
    if (!lower_intrinsic_base(fn, base, sizeof base) || !strncmp(base, "llvm.dx.", 8))
        return NULL;
    for (size_t i = 0; i < sizeof li_table / sizeof li_table[0]; i++)
        if (!strcmp(base, li_table[i].name))
            return li_table[i].fn;
    return NULL;
}

int lower_legal_intrinsics(lower_ctx *lc)
{
    LLVMValueRef fn = LLVMGetFirstFunction(lc->mod);
    while (fn) {
        LLVMValueRef next = LLVMGetNextFunction(fn);
        li_fn expand = LLVMIsDeclaration(fn) ? li_find(fn) : NULL;
        LLVMValueRef *calls = NULL;
        size_t n = expand ? lower_collect_calls(fn, &calls) : 0;
        for (size_t i = 0; i < n; i++) {
            LLVMPositionBuilderBefore(lc->b, calls[i]);
            LLVMValueRef r = expand(lc, calls[i]);
            if (!r)
                continue;
            if (r == calls[i])
                lower_kill(lc, calls[i]); /* removed, or its users replaced */
            else
                lower_replace_named(lc, calls[i], r);
            lc->n_lowered++;
        }
        free(calls);
        lower_erase_dead(lc);
        if (expand && !LLVMGetFirstUse(fn))
            LLVMDeleteFunction(fn);
        fn = next;
    }
    return 0;
}
