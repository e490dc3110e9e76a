/* lower_expand_math.c - the elementwise intrinsics DXIL has no op for,
 * expanded lane by lane as LLVM's DXILIntrinsicExpansion does:
 *   uclamp/sclamp/nclamp(x, lo, hi) -> umin/smin/minnum(umax/smax/maxnum(x, lo), hi)
 *                                      (the spec maps those to UMin/IMin/FMin ...)
 *   lerp(a, b, s)      a + s * (b - a)
 *   step(e, x)         x < e ? 0 : 1
 *   sign(x)            (0 < x) - (x < 0), as i32 (fcmp olt for floats,
 *                      icmp slt for integers)
 *   degrees(x)         x * (180 / pi)
 *   radians(x)         x * (pi / 180)
 * Float instructions get the call's fast-math flags. */
#include "lower_expand.h"

#define EXP_PI 3.14159265358979323846

/* One lane's result from the lanes of the call's arguments; rt is the
 * scalar result type. NULL when the lane cannot be built. */
typedef LLVMValueRef (*exp_lane_fn)(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                    LLVMTypeRef rt);

static bool exp_elementwise(lower_ctx *lc, LLVMValueRef call, exp_lane_fn fn)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    unsigned n = exp_lanes(t), na = (unsigned)LLVMGetNumArgOperands(call);
    if (n > EXP_MAX_LANES || na > 3)
        return false;
    LLVMTypeRef rt = n ? LLVMGetElementType(t) : t;
    LLVMValueRef r[EXP_MAX_LANES], x[3];
    for (unsigned k = 0; k < (n ? n : 1); k++) {
        for (unsigned i = 0; i < na; i++)
            x[i] = exp_lane(lc, LLVMGetOperand(call, i), k);
        if (!(r[k] = fn(lc, call, x, rt)))
            return false;
    }
    return exp_done(lc, call, exp_gather(lc, t, r));
}

static LLVMValueRef exp_clamp_lane(lower_ctx *lc, LLVMValueRef *x, LLVMTypeRef rt,
                                   const char *max, const char *min)
{
    LLVMValueRef lo[2] = {x[0], x[1]};
    LLVMValueRef m = exp_intrinsic(lc, max, rt, lo, 2);
    if (!m)
        return NULL;
    LLVMValueRef hi[2] = {m, x[2]};
    return exp_intrinsic(lc, min, rt, hi, 2);
}

static LLVMValueRef exp_uclamp_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                    LLVMTypeRef rt)
{
    (void)call;
    return exp_clamp_lane(lc, x, rt, "llvm.umax", "llvm.umin");
}

static LLVMValueRef exp_sclamp_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                    LLVMTypeRef rt)
{
    (void)call;
    return exp_clamp_lane(lc, x, rt, "llvm.smax", "llvm.smin");
}

static LLVMValueRef exp_nclamp_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                    LLVMTypeRef rt)
{
    LLVMValueRef lo[2] = {x[0], x[1]};
    LLVMValueRef m = exp_fmf(call, exp_intrinsic(lc, "llvm.maxnum", rt, lo, 2));
    if (!m)
        return NULL;
    LLVMValueRef hi[2] = {m, x[2]};
    return exp_fmf(call, exp_intrinsic(lc, "llvm.minnum", rt, hi, 2));
}

static LLVMValueRef exp_lerp_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                  LLVMTypeRef rt)
{
    (void)rt;
    LLVMValueRef d = exp_fmf(call, LLVMBuildFSub(lc->b, x[1], x[0], ""));
    LLVMValueRef m = exp_fmf(call, LLVMBuildFMul(lc->b, x[2], d, ""));
    return exp_fmf(call, LLVMBuildFAdd(lc->b, x[0], m, ""));
}

static LLVMValueRef exp_step_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                  LLVMTypeRef rt)
{
    LLVMValueRef lt = exp_fmf(call, LLVMBuildFCmp(lc->b, LLVMRealOLT, x[1], x[0], ""));
    return LLVMBuildSelect(lc->b, lt, exp_fconst(rt, 0.0), exp_fconst(rt, 1.0), "");
}

static LLVMValueRef exp_sign_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                  LLVMTypeRef rt)
{
    LLVMTypeRef t = LLVMTypeOf(x[0]);
    LLVMValueRef zero = LLVMConstNull(t), gt, lt;
    if (exp_is_float(t)) {
        gt = exp_fmf(call, LLVMBuildFCmp(lc->b, LLVMRealOLT, zero, x[0], ""));
        lt = exp_fmf(call, LLVMBuildFCmp(lc->b, LLVMRealOLT, x[0], zero, ""));
    } else if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind) {
        gt = LLVMBuildICmp(lc->b, LLVMIntSLT, zero, x[0], "");
        lt = LLVMBuildICmp(lc->b, LLVMIntSLT, x[0], zero, "");
    } else {
        return NULL;
    }
    LLVMValueRef one = LLVMBuildZExt(lc->b, gt, rt, "");
    return LLVMBuildSub(lc->b, one, LLVMBuildZExt(lc->b, lt, rt, ""), "");
}

static LLVMValueRef exp_scale_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef x,
                                   LLVMTypeRef rt, double by)
{
    return exp_fmf(call, LLVMBuildFMul(lc->b, x, exp_fconst(rt, by), ""));
}

static LLVMValueRef exp_degrees_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                     LLVMTypeRef rt)
{
    return exp_scale_lane(lc, call, x[0], rt, 180.0 / EXP_PI);
}

static LLVMValueRef exp_radians_lane(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *x,
                                     LLVMTypeRef rt)
{
    return exp_scale_lane(lc, call, x[0], rt, EXP_PI / 180.0);
}

bool exp_uclamp(lower_ctx *lc, LLVMValueRef call)
{
    return exp_elementwise(lc, call, exp_uclamp_lane);
}

bool exp_sclamp(lower_ctx *lc, LLVMValueRef call)
{
    return exp_elementwise(lc, call, exp_sclamp_lane);
}

bool exp_nclamp(lower_ctx *lc, LLVMValueRef call)
{
    return exp_elementwise(lc, call, exp_nclamp_lane);
}

bool exp_lerp(lower_ctx *lc, LLVMValueRef call)
{
    return exp_is_float(LLVMTypeOf(call)) && exp_elementwise(lc, call, exp_lerp_lane);
}

bool exp_step(lower_ctx *lc, LLVMValueRef call)
{
    return exp_is_float(LLVMTypeOf(call)) && exp_elementwise(lc, call, exp_step_lane);
}

bool exp_sign(lower_ctx *lc, LLVMValueRef call)
{
    return exp_elementwise(lc, call, exp_sign_lane);
}

bool exp_degrees(lower_ctx *lc, LLVMValueRef call)
{
    return exp_is_float(LLVMTypeOf(call)) && exp_elementwise(lc, call, exp_degrees_lane);
}

bool exp_radians(lower_ctx *lc, LLVMValueRef call)
{
    return exp_is_float(LLVMTypeOf(call)) && exp_elementwise(lc, call, exp_radians_lane);
}
