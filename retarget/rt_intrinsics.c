/* rt_intrinsics.c - the intrinsics pass: llvm.dx.* calls become what
 * clang 22 emits for Vulkan. Most have an llvm.spv.* twin with the same
 * operands (a rename); the rest are written out in plain IR where clang
 * does so (mad, asdouble, splitdouble, dot2..4; dot4add, see below) or take the form LLVM 22's
 * backend can select (the lane count is the SubgroupSize builtin: the
 * backend cannot select llvm.spv.wave.get.lane.count; the lane index is
 * clang's __hlsl_wave_get_lane_index). What has no form is refused by
 * name: derivatives outside pixel shaders, GetDimensions on a buffer
 * (the backend cannot select llvm.spv.resource.getdimensions.x). */
#include "retarget_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*rt_expand_fn)(rt_ctx *rc, LLVMValueRef call);

/* What a renamed intrinsic is overloaded on (as IntrinsicsSPIRV.td says). */
typedef enum rt_overload { OV_NONE, OV_RET, OV_ARG0 } rt_overload;

typedef struct rt_intrinsic_map {
    const char *dx;   /* base name after "llvm.dx." */
    const char *spv;  /* base name after "llvm.spv." (a rename), or NULL */
    rt_overload ov;
    rt_expand_fn expand;
    const char *refusal; /* why it has no form, or NULL */
} rt_intrinsic_map;

static unsigned rt_arg_count(LLVMValueRef call)
{
    return (unsigned)LLVMGetNumArgOperands(call);
}

/* Calls intrinsic `name` with call's operands, overloaded as `ov` says;
 * NULL when that does not give call's own function type. */
static LLVMValueRef rt_renamed_call(rt_ctx *rc, LLVMValueRef call, const char *name,
                                    rt_overload ov)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    unsigned n = rt_arg_count(call);
    if (!id || n > 8 || (ov == OV_ARG0 && n == 0))
        return NULL;
    LLVMValueRef args[8];
    for (unsigned i = 0; i < n; i++)
        args[i] = LLVMGetOperand(call, i);
    LLVMTypeRef over = ov == OV_RET ? LLVMTypeOf(call) : ov == OV_ARG0 ? LLVMTypeOf(args[0]) : NULL;
    unsigned n_over = ov == OV_NONE ? 0 : 1;
    if ((n_over != 0) != (LLVMIntrinsicIsOverloaded(id) != 0))
        return NULL;
    LLVMTypeRef want = LLVMGetCalledFunctionType(call);
    if (LLVMIntrinsicGetType(rc->ctx, id, &over, n_over) != want)
        return NULL;
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(rc->mod, id, &over, n_over);
    LLVMPositionBuilderBefore(rc->b, call);
    return LLVMBuildCall2(rc->b, want, fn, args, n, "");
}

/* a * b + c, lane by lane (imad, umad: clang's Vulkan form). */
static void rt_mad(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef m = LLVMBuildMul(rc->b, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1), "");
    rt_replace(rc, call, LLVMBuildAdd(rc->b, m, LLVMGetOperand(call, 2), ""));
}

/* A type like t (scalar or vector) with scalar type s. */
static LLVMTypeRef rt_like(LLVMTypeRef t, LLVMTypeRef s)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMVectorType(s, LLVMGetVectorSize(t)) : s;
}

static LLVMValueRef rt_splat(rt_ctx *rc, LLVMTypeRef t, uint64_t v)
{
    LLVMTypeRef s = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    LLVMValueRef c = LLVMConstInt(s, v, 0);
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return c;
    unsigned n = LLVMGetVectorSize(t);
    LLVMValueRef lanes[64];
    for (unsigned i = 0; i < n && i < 64; i++)
        lanes[i] = c;
    return LLVMConstVector(lanes, n);
}

/* asdouble(lo, hi): the bits of a double from two words. */
static void rt_asdouble(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMTypeRef t = LLVMTypeOf(call);
    LLVMTypeRef i64t = rt_like(t, LLVMInt64TypeInContext(rc->ctx));
    LLVMValueRef lo = LLVMBuildZExt(rc->b, LLVMGetOperand(call, 0), i64t, "");
    LLVMValueRef hi = LLVMBuildZExt(rc->b, LLVMGetOperand(call, 1), i64t, "");
    LLVMValueRef v = LLVMBuildOr(rc->b, lo, LLVMBuildShl(rc->b, hi, rt_splat(rc, i64t, 32), ""), "");
    rt_replace(rc, call, LLVMBuildBitCast(rc->b, v, t, ""));
}

/* splitdouble(d): {low word, high word}. */
static void rt_splitdouble(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef d = LLVMGetOperand(call, 0);
    LLVMTypeRef i64t = rt_like(LLVMTypeOf(d), LLVMInt64TypeInContext(rc->ctx));
    LLVMTypeRef i32t = rt_like(LLVMTypeOf(d), rt_i32_type(rc));
    LLVMValueRef bits = LLVMBuildBitCast(rc->b, d, i64t, "");
    LLVMValueRef parts[2] = {
        LLVMBuildTrunc(rc->b, bits, i32t, ""),
        LLVMBuildTrunc(rc->b, LLVMBuildLShr(rc->b, bits, rt_splat(rc, i64t, 32), ""), i32t, "")};
    rt_replace_fields(rc, call, parts, 2);
}

/* dot2/3/4 of scalar operands (a0..an, b0..bn): llvm.spv.fdot of vectors. */
static void rt_dotn(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    unsigned n = rt_arg_count(call) / 2;
    LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(call), n);
    LLVMValueRef a = LLVMGetPoison(vt), b = LLVMGetPoison(vt);
    for (unsigned i = 0; i < n; i++) {
        a = LLVMBuildInsertElement(rc->b, a, LLVMGetOperand(call, i), rt_i32(rc, i), "");
        b = LLVMBuildInsertElement(rc->b, b, LLVMGetOperand(call, n + i), rt_i32(rc, i), "");
    }
    LLVMValueRef args[2] = {a, b};
    rt_replace(rc, call, rt_intrinsic(rc, "llvm.spv.fdot", &vt, 1, args, 2));
}

/* dot2add(acc, a0, a1, b0, b1): acc + a.b, the halves widened to float as
 * DXIL's dot2AddHalf computes. */
static void rt_dot2add(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMTypeRef f = LLVMFloatTypeInContext(rc->ctx);
    LLVMValueRef acc = LLVMGetOperand(call, 0);
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef a = LLVMBuildFPExt(rc->b, LLVMGetOperand(call, 1 + i), f, "");
        LLVMValueRef b = LLVMBuildFPExt(rc->b, LLVMGetOperand(call, 3 + i), f, "");
        acc = LLVMBuildFAdd(rc->b, acc, LLVMBuildFMul(rc->b, a, b, ""), "");
    }
    rt_replace(rc, call, acc);
}

/* dot4add_{i,u}8packed(acc, a, b): acc + the four byte products, bytes
 * sign- or zero-extended, wrapping (DXIL's Dot4AddI8Packed). In plain IR:
 * LLVM 22's backend emits OpSDot/OpUDot of packed words without their
 * PackedVectorFormat4x8Bit operand, which drivers refuse (lavapipe fails
 * the pipeline; spirv-val lets it through). */
static void rt_dot4add(rt_ctx *rc, LLVMValueRef call, bool is_signed)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef acc = LLVMGetOperand(call, 0);
    for (unsigned i = 0; i < 4; i++) {
        LLVMValueRef x[2];
        for (unsigned k = 0; k < 2; k++) { /* in 32 bits: no Int8 needed */
            LLVMValueRef w = LLVMGetOperand(call, 1 + k);
            x[k] = is_signed ? LLVMBuildAShr(rc->b, LLVMBuildShl(rc->b, w, rt_i32(rc, 24 - 8 * i), ""),
                                             rt_i32(rc, 24), "")
                             : LLVMBuildAnd(rc->b, LLVMBuildLShr(rc->b, w, rt_i32(rc, 8 * i), ""),
                                            rt_i32(rc, 255), "");
        }
        acc = LLVMBuildAdd(rc->b, acc, LLVMBuildMul(rc->b, x[0], x[1], ""), "");
    }
    rt_replace(rc, call, acc);
}

static void rt_dot4add_i8(rt_ctx *rc, LLVMValueRef call)
{
    rt_dot4add(rc, call, true);
}

static void rt_dot4add_u8(rt_ctx *rc, LLVMValueRef call)
{
    rt_dot4add(rc, call, false);
}

/* f16tof32: GLSL's UnpackHalf2x16 of each lane, its first component
 * (clang's Vulkan form; it needs no Float16). */
static void rt_f16tof32(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef t = LLVMTypeOf(call);
    LLVMTypeRef v2 = LLVMVectorType(LLVMFloatTypeInContext(rc->ctx), 2);
    bool vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
    unsigned n = vec ? LLVMGetVectorSize(t) : 1;
    LLVMValueRef out = vec ? LLVMGetPoison(t) : NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef lane = vec ? LLVMBuildExtractElement(rc->b, x, rt_i32(rc, i), "") : x;
        LLVMValueRef pair = rt_intrinsic(rc, "llvm.spv.unpackhalf2x16", &v2, 1, &lane, 1);
        LLVMValueRef f = LLVMBuildExtractElement(rc->b, pair, rt_i32(rc, 0), "");
        out = vec ? LLVMBuildInsertElement(rc->b, out, f, rt_i32(rc, i), "") : f;
    }
    rt_replace(rc, call, out);
}

/* DXIL's FirstbitHi and FirstbitSHi count from the top bit, SPIR-V's
 * FindUMsb and FindSMsb from the bottom (clang puts HLSL's `31 - r` on the
 * DXIL form): (width - 1) - r, "none" (-1) staying -1. */
static void rt_firstbit_high(rt_ctx *rc, LLVMValueRef call, const char *spv)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMValueRef x = LLVMGetOperand(call, 0);
    LLVMTypeRef xt = LLVMTypeOf(x), rt = LLVMTypeOf(call);
    bool vec = LLVMGetTypeKind(xt) == LLVMVectorTypeKind;
    unsigned width = LLVMGetIntTypeWidth(vec ? LLVMGetElementType(xt) : xt);
    LLVMValueRef r = rt_intrinsic(rc, spv, &xt, 1, &x, 1);
    LLVMValueRef none = LLVMConstAllOnes(rt), top = rt_splat(rc, rt, width - 1);
    LLVMValueRef is_none = LLVMBuildICmp(rc->b, LLVMIntEQ, r, none, "");
    LLVMValueRef from_top = LLVMBuildSub(rc->b, top, r, "");
    rt_replace(rc, call, LLVMBuildSelect(rc->b, is_none, none, from_top, ""));
}

static void rt_firstbit_uhigh(rt_ctx *rc, LLVMValueRef call)
{
    rt_firstbit_high(rc, call, "llvm.spv.firstbituhigh");
}

static void rt_firstbit_shigh(rt_ctx *rc, LLVMValueRef call)
{
    rt_firstbit_high(rc, call, "llvm.spv.firstbitshigh");
}

static void rt_lane_count(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    rt_replace(rc, call, rt_intrinsic(rc, "llvm.spv.subgroup.size", NULL, 0, NULL, 0));
}

static void rt_lane_index(rt_ctx *rc, LLVMValueRef call)
{
    LLVMPositionBuilderBefore(rc->b, call);
    LLVMTypeRef fty = LLVMFunctionType(rt_i32_type(rc), NULL, 0, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(rc->mod, "__hlsl_wave_get_lane_index");
    if (!fn) {
        fn = LLVMAddFunction(rc->mod, "__hlsl_wave_get_lane_index", fty);
        LLVMSetFunctionCallConv(fn, LLVMSPIRFUNCCallConv);
    }
    LLVMValueRef c = LLVMBuildCall2(rc->b, fty, fn, NULL, 0, "");
    LLVMSetInstructionCallConv(c, LLVMSPIRFUNCCallConv);
    rt_replace(rc, call, c);
}

static const rt_intrinsic_map rt_maps[] = {
    {"thread.id", "thread.id", OV_RET, NULL, NULL},
    {"group.id", "group.id", OV_RET, NULL, NULL},
    {"thread.id.in.group", "thread.id.in.group", OV_RET, NULL, NULL},
    {"flattened.thread.id.in.group", "flattened.thread.id.in.group", OV_NONE, NULL, NULL},
    {"group.memory.barrier.with.group.sync", "group.memory.barrier.with.group.sync", OV_NONE, NULL, NULL},
    {"resource.nonuniformindex", "resource.nonuniformindex", OV_NONE, NULL, NULL},
    {"saturate", "saturate", OV_RET, NULL, NULL},
    {"frac", "frac", OV_RET, NULL, NULL},
    {"rsqrt", "rsqrt", OV_RET, NULL, NULL},
    {"degrees", "degrees", OV_RET, NULL, NULL},
    {"radians", "radians", OV_RET, NULL, NULL},
    {"normalize", "normalize", OV_RET, NULL, NULL},
    {"cross", "cross", OV_RET, NULL, NULL},
    {"lerp", "lerp", OV_RET, NULL, NULL},
    {"step", "step", OV_RET, NULL, NULL},
    {"sign", "sign", OV_ARG0, NULL, NULL},
    {"isinf", "isinf", OV_ARG0, NULL, NULL},
    {"isnan", "isnan", OV_ARG0, NULL, NULL},
    {"uclamp", "uclamp", OV_RET, NULL, NULL},
    {"sclamp", "sclamp", OV_RET, NULL, NULL},
    {"nclamp", "nclamp", OV_RET, NULL, NULL},
    {"all", "all", OV_ARG0, NULL, NULL},
    {"any", "any", OV_ARG0, NULL, NULL},
    {"fdot", "fdot", OV_ARG0, NULL, NULL},
    {"sdot", "sdot", OV_ARG0, NULL, NULL},
    {"udot", "udot", OV_ARG0, NULL, NULL},
    {"firstbituhigh", NULL, OV_NONE, rt_firstbit_uhigh, NULL},
    {"firstbitshigh", NULL, OV_NONE, rt_firstbit_shigh, NULL},
    {"firstbitlow", "firstbitlow", OV_ARG0, NULL, NULL},
    {"dot4add.i8packed", NULL, OV_NONE, rt_dot4add_i8, NULL},
    {"dot4add.u8packed", NULL, OV_NONE, rt_dot4add_u8, NULL},
    {"wave.active.countbits", "wave.active.countbits", OV_NONE, NULL, NULL},
    {"wave.all", "wave.all", OV_NONE, NULL, NULL},
    {"wave.any", "wave.any", OV_NONE, NULL, NULL},
    {"wave.ballot", "wave.ballot", OV_NONE, NULL, NULL},
    {"wave.is.first.lane", "wave.is.first.lane", OV_NONE, NULL, NULL},
    {"wave.readlane", "wave.readlane", OV_RET, NULL, NULL},
    {"wave.reduce.max", "wave.reduce.max", OV_RET, NULL, NULL},
    {"wave.reduce.umax", "wave.reduce.umax", OV_RET, NULL, NULL},
    {"wave.reduce.min", "wave.reduce.min", OV_RET, NULL, NULL},
    {"wave.reduce.umin", "wave.reduce.umin", OV_RET, NULL, NULL},
    {"wave.reduce.sum", "wave.reduce.sum", OV_RET, NULL, NULL},
    {"wave.reduce.usum", "wave.reduce.sum", OV_RET, NULL, NULL},
    {"wave.get.lane.count", NULL, OV_NONE, rt_lane_count, NULL},
    {"wave.getlaneindex", NULL, OV_NONE, rt_lane_index, NULL},
    {"imad", NULL, OV_NONE, rt_mad, NULL},
    {"umad", NULL, OV_NONE, rt_mad, NULL},
    {"asdouble", NULL, OV_NONE, rt_asdouble, NULL},
    {"splitdouble", NULL, OV_NONE, rt_splitdouble, NULL},
    {"dot2", NULL, OV_NONE, rt_dotn, NULL},
    {"dot3", NULL, OV_NONE, rt_dotn, NULL},
    {"dot4", NULL, OV_NONE, rt_dotn, NULL},
    {"dot2add", NULL, OV_NONE, rt_dot2add, NULL},
    {"legacyf16tof32", NULL, OV_NONE, rt_f16tof32, NULL},
    {"ddx.coarse", NULL, OV_NONE, NULL, "a derivative outside a pixel shader (Vulkan needs a "
                              "derivative group execution mode)"},
    {"ddy.coarse", NULL, OV_NONE, NULL, "a derivative outside a pixel shader (Vulkan needs a "
                              "derivative group execution mode)"},
    {"ddx.fine", NULL, OV_NONE, NULL, "a derivative outside a pixel shader (Vulkan needs a "
                            "derivative group execution mode)"},
    {"ddy.fine", NULL, OV_NONE, NULL, "a derivative outside a pixel shader (Vulkan needs a "
                            "derivative group execution mode)"},
    {"resource.getdimensions.x", NULL, OV_NONE, NULL,
     "GetDimensions on a buffer: LLVM 22's SPIR-V backend cannot select "
     "llvm.spv.resource.getdimensions.x"},
};

/* The map for intrinsic base name `base` ("llvm.dx.<x>"): the longest
 * entry that is the name or a dot-separated prefix of it (overloads are
 * mangled on). */
static const rt_intrinsic_map *rt_map_for(const char *base)
{
    const rt_intrinsic_map *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < sizeof rt_maps / sizeof *rt_maps; i++) {
        size_t len = strlen(rt_maps[i].dx);
        if (!strncmp(base, rt_maps[i].dx, len) && (base[len] == '\0' || base[len] == '.') &&
            len > best_len) {
            best = &rt_maps[i];
            best_len = len;
        }
    }
    return best;
}

static void rt_map_call(rt_ctx *rc, LLVMValueRef call)
{
    const char *name = rt_callee_name(call) + strlen("llvm.dx.");
    /* the resource access intrinsics are other passes' */
    const rt_intrinsic_map *m = rt_map_for(name);
    if (!m) {
        rt_refuse(rc, call, "llvm.dx.%s has no Vulkan form in this retarget", name);
        return;
    }
    if (m->refusal) {
        rt_refuse(rc, call, "%s", m->refusal);
        return;
    }
    if (m->expand) {
        m->expand(rc, call);
        return;
    }
    char spv[96];
    snprintf(spv, sizeof spv, "llvm.spv.%s", m->spv);
    LLVMValueRef nc = rt_renamed_call(rc, call, spv, m->ov);
    if (!nc) {
        rt_refuse(rc, call, "llvm.dx.%s: its llvm.spv twin takes other types", name);
        return;
    }
    rt_replace(rc, call, nc);
}

int rt_pass_intrinsics(rt_ctx *rc)
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, "llvm.dx.", &calls);
    for (size_t i = 0; i < n; i++) {
        const char *name = rt_callee_name(calls[i]);
        /* handles and their bridges: the handles-done pass */
        if (!strncmp(name, "llvm.dx.resource.handlefrom", 27) ||
            !strncmp(name, "llvm.dx.resource.casthandle", 27))
            continue;
        rt_map_call(rc, calls[i]);
    }
    free(calls);
    return 0;
}
