/* rt_wave_ops.c - the dx.op wave ops the raise keeps (LLVM 22 has no
 * intrinsic for them), for the dx-ops pass, built from what LLVM 22's
 * SPIR-V backend selects: ballot, readlane, the lane index and count.
 *   WaveReadLaneFirst    readlane at the lowest lane of ballot(true)
 *   WaveActiveAllEqual   all(x == WaveReadLaneFirst(x)), lane by lane
 *   WavePrefixCountBits  popcount of ballot(b) below the lane
 *   WavePrefixSum/Product  a loop over the wave's lanes, uniform in
 *     every active lane, adding (multiplying) the values readlane gives
 *     of the active lanes below this one; float sums in lane order
 *     (D3D does not order them). */
#include "retarget_internal.h"

static LLVMValueRef rt_ballot(rt_ctx *rc, LLVMValueRef bit)
{
    return rt_intrinsic(rc, "llvm.spv.wave.ballot", NULL, 0, &bit, 1);
}

static LLVMValueRef rt_lane_index(rt_ctx *rc)
{
    LLVMTypeRef fty = LLVMFunctionType(rt_i32_type(rc), NULL, 0, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(rc->mod, "__hlsl_wave_get_lane_index");
    if (!fn) {
        fn = LLVMAddFunction(rc->mod, "__hlsl_wave_get_lane_index", fty);
        LLVMSetFunctionCallConv(fn, LLVMSPIRFUNCCallConv);
    }
    LLVMValueRef c = LLVMBuildCall2(rc->b, fty, fn, NULL, 0, "");
    LLVMSetInstructionCallConv(c, LLVMSPIRFUNCCallConv);
    return c;
}

/* The lowest active lane: the first set bit of ballot(true). */
static LLVMValueRef rt_first_lane(rt_ctx *rc)
{
    LLVMValueRef mask = rt_ballot(rc, LLVMConstInt(LLVMInt1TypeInContext(rc->ctx), 1, 0));
    LLVMValueRef lane = NULL;
    for (unsigned i = 4; i-- > 0;) {
        LLVMValueRef w = LLVMBuildExtractElement(rc->b, mask, rt_i32(rc, i), "");
        LLVMTypeRef i32 = rt_i32_type(rc);
        LLVMValueRef low = rt_intrinsic(rc, "llvm.spv.firstbitlow", &i32, 1, &w, 1);
        LLVMValueRef at = LLVMBuildAdd(rc->b, low, rt_i32(rc, 32 * i), "");
        if (!lane) {
            lane = at;
            continue;
        }
        LLVMValueRef set = LLVMBuildICmp(rc->b, LLVMIntNE, w, rt_i32(rc, 0), "");
        lane = LLVMBuildSelect(rc->b, set, at, lane, "");
    }
    return lane;
}

static LLVMValueRef rt_read_lane(rt_ctx *rc, LLVMValueRef x, LLVMValueRef lane)
{
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef args[2] = {x, lane};
    return rt_intrinsic(rc, "llvm.spv.wave.readlane", &t, 1, args, 2);
}

static bool rt_wave_type_ok(rt_ctx *rc, LLVMValueRef call, LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) > 4) {
        rt_refuse(rc, call, "a wave op on a vector of more than four lanes");
        return false;
    }
    return true;
}

static LLVMValueRef rt_arg(LLVMValueRef call, unsigned i)
{
    return LLVMGetOperand(call, i + 1); /* operand 0 is the opcode */
}

void rt_op_read_first(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef x = rt_arg(call, 0);
    if (rt_wave_type_ok(rc, call, LLVMTypeOf(x)))
        rt_replace(rc, call, rt_read_lane(rc, x, rt_first_lane(rc)));
}

void rt_op_all_equal(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef x = rt_arg(call, 0);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (!rt_wave_type_ok(rc, call, t))
        return;
    LLVMValueRef first = rt_read_lane(rc, x, rt_first_lane(rc));
    bool vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
    bool fp = LLVMGetTypeKind(vec ? LLVMGetElementType(t) : t) != LLVMIntegerTypeKind;
    LLVMValueRef eq = fp ? LLVMBuildFCmp(rc->b, LLVMRealOEQ, x, first, "")
                         : LLVMBuildICmp(rc->b, LLVMIntEQ, x, first, "");
    unsigned n = vec ? LLVMGetVectorSize(t) : 1;
    LLVMValueRef out = vec ? LLVMGetPoison(LLVMTypeOf(call)) : NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = vec ? LLVMBuildExtractElement(rc->b, eq, rt_i32(rc, i), "") : eq;
        LLVMValueRef all = rt_intrinsic(rc, "llvm.spv.wave.all", NULL, 0, &e, 1);
        out = vec ? LLVMBuildInsertElement(rc->b, out, all, rt_i32(rc, i), "") : all;
    }
    rt_replace(rc, call, out);
}

/* The bits of 32-bit word w of a lane mask that are lanes below `lane`. */
static LLVMValueRef rt_below_mask(rt_ctx *rc, LLVMValueRef lane, unsigned w)
{
    LLVMValueRef rel = LLVMBuildSub(rc->b, lane, rt_i32(rc, 32 * w), "");
    LLVMValueRef in = LLVMBuildICmp(rc->b, LLVMIntULT, rel, rt_i32(rc, 32), "");
    LLVMValueRef part = LLVMBuildSub(rc->b, LLVMBuildShl(rc->b, rt_i32(rc, 1), rel, ""), rt_i32(rc, 1), "");
    LLVMValueRef past = LLVMBuildICmp(rc->b, LLVMIntSGE, rel, rt_i32(rc, 32), "");
    LLVMValueRef full = LLVMBuildSelect(rc->b, past, rt_i32(rc, UINT32_MAX), rt_i32(rc, 0), "");
    return LLVMBuildSelect(rc->b, in, part, full, "");
}

void rt_op_prefix_bits(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef mask = rt_ballot(rc, rt_arg(call, 0));
    LLVMValueRef lane = rt_lane_index(rc);
    LLVMTypeRef i32 = rt_i32_type(rc);
    LLVMValueRef count = rt_i32(rc, 0);
    for (unsigned w = 0; w < 4; w++) {
        LLVMValueRef bits = LLVMBuildAnd(rc->b, LLVMBuildExtractElement(rc->b, mask, rt_i32(rc, w), ""),
                                         rt_below_mask(rc, lane, w), "");
        count = LLVMBuildAdd(rc->b, count, rt_intrinsic(rc, "llvm.ctpop", &i32, 1, &bits, 1), "");
    }
    rt_replace(rc, call, count);
}

/* The identity of the prefix op (0 sum, 1 product) for type t. */
static LLVMValueRef rt_identity(LLVMTypeRef t, bool product)
{
    LLVMTypeRef s = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    LLVMValueRef c = LLVMGetTypeKind(s) == LLVMIntegerTypeKind ? LLVMConstInt(s, product, 0)
                                                               : LLVMConstReal(s, product);
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return c;
    LLVMValueRef lanes[4] = {c, c, c, c};
    return LLVMConstVector(lanes, LLVMGetVectorSize(t));
}

static LLVMValueRef rt_combine(rt_ctx *rc, LLVMValueRef a, LLVMValueRef b, bool product)
{
    LLVMTypeRef t = LLVMTypeOf(a);
    bool vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
    bool fp = LLVMGetTypeKind(vec ? LLVMGetElementType(t) : t) != LLVMIntegerTypeKind;
    if (fp)
        return product ? LLVMBuildFMul(rc->b, a, b, "") : LLVMBuildFAdd(rc->b, a, b, "");
    return product ? LLVMBuildMul(rc->b, a, b, "") : LLVMBuildAdd(rc->b, a, b, "");
}

/* WavePrefixOp(x, op, sign): op 0 sum, 1 product; the sign does not
 * change a two's complement sum or product. */
void rt_op_prefix(rt_ctx *rc, LLVMValueRef call)
{
    LLVMValueRef x = rt_arg(call, 0), op = rt_arg(call, 1);
    LLVMTypeRef t = LLVMTypeOf(x);
    if (!rt_wave_type_ok(rc, call, t))
        return;
    if (!LLVMIsAConstantInt(op) || LLVMConstIntGetZExtValue(op) > 1) {
        rt_refuse(rc, call, "a wave prefix op of unknown kind");
        return;
    }
    bool product = LLVMConstIntGetZExtValue(op) == 1;
    LLVMValueRef mask = rt_ballot(rc, LLVMConstInt(LLVMInt1TypeInContext(rc->ctx), 1, 0));
    LLVMValueRef lane = rt_lane_index(rc);
    LLVMValueRef n = rt_intrinsic(rc, "llvm.spv.subgroup.size", NULL, 0, NULL, 0);
    LLVMBasicBlockRef pre = LLVMGetInstructionParent(call);
    LLVMBasicBlockRef after = rt_split_before(rc, call);
    LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(rc->ctx, after, "wave.prefix");
    /* pre ends in a branch to `after` (the split): retarget it to loop */
    LLVMValueRef br = LLVMGetBasicBlockTerminator(pre);
    LLVMSetSuccessor(br, 0, loop);
    LLVMPositionBuilderAtEnd(rc->b, loop);
    LLVMTypeRef i32 = rt_i32_type(rc);
    LLVMValueRef i = LLVMBuildPhi(rc->b, i32, "");
    LLVMValueRef acc = LLVMBuildPhi(rc->b, t, "");
    LLVMValueRef v = rt_read_lane(rc, x, i);
    LLVMValueRef word = LLVMBuildExtractElement(rc->b, mask, LLVMBuildLShr(rc->b, i, rt_i32(rc, 5), ""), "");
    LLVMValueRef bit = LLVMBuildAnd(rc->b, LLVMBuildLShr(rc->b, word, LLVMBuildAnd(rc->b, i, rt_i32(rc, 31), ""), ""),
                                    rt_i32(rc, 1), "");
    LLVMValueRef take = LLVMBuildAnd(rc->b, LLVMBuildICmp(rc->b, LLVMIntNE, bit, rt_i32(rc, 0), ""),
                                     LLVMBuildICmp(rc->b, LLVMIntULT, i, lane, ""), "");
    LLVMValueRef next_acc = LLVMBuildSelect(rc->b, take, rt_combine(rc, acc, v, product), acc, "");
    LLVMValueRef next_i = LLVMBuildAdd(rc->b, i, rt_i32(rc, 1), "");
    LLVMBuildCondBr(rc->b, LLVMBuildICmp(rc->b, LLVMIntULT, next_i, n, ""), loop, after);
    LLVMValueRef iv[2] = {rt_i32(rc, 0), next_i}, av[2] = {rt_identity(t, product), next_acc};
    LLVMBasicBlockRef from[2] = {pre, loop};
    LLVMAddIncoming(i, iv, from, 2);
    LLVMAddIncoming(acc, av, from, 2);
    rt_replace(rc, call, next_acc);
}
