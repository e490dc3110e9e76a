/* raise_call_shape.c - does a dx.op call have its op's signature? The
 * table-driven op pass compares each call with the intrinsic it becomes;
 * the custom handlers (handles, buffers, cbuffers) read operands and
 * result fields directly and build arithmetic and vectors from them, so
 * they first ask here. A module whose
 * type table was damaged (every i32 an i288, say) otherwise reaches
 * LLVM's constant folder with operands of two widths, which crashes. */
#include "raise_ops.h"

#include "optable/optable_llvm.h"

#include <stdbool.h>

#include <stdbool.h>

static bool shape_is_int(LLVMTypeRef t, unsigned width)
{
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == width;
}

/* A number: integer, half, float or double. */
static bool shape_is_number(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMIntegerTypeKind || k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ||
           k == LLVMDoubleTypeKind;
}

static bool shape_is_number_or_vector(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    return shape_is_number(t);
}

/* n fields of one type, starting at field `from`. */
static bool shape_fields_same(LLVMTypeRef t, unsigned from, unsigned n)
{
    LLVMTypeRef f0 = LLVMStructGetTypeAtIndex(t, from);
    for (unsigned i = from + 1; i < from + n; i++)
        if (LLVMStructGetTypeAtIndex(t, i) != f0)
            return false;
    return true;
}

/* %dx.types.ResRet: {T x4, i32 status} or the vector form {<N x T>, i32}. */
static bool shape_resret(LLVMTypeRef t)
{
    unsigned n = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : 0;
    if (n < 2 || !shape_is_int(LLVMStructGetTypeAtIndex(t, n - 1), 32) ||
        !shape_fields_same(t, 0, n - 1))
        return false;
    LLVMTypeRef f0 = LLVMStructGetTypeAtIndex(t, 0);
    return n == 2 ? shape_is_number_or_vector(f0) : shape_is_number(f0);
}

/* %dx.types.CBufRet: 2, 4 or 8 fields of one scalar type. */
static bool shape_cbufret(LLVMTypeRef t)
{
    unsigned n = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : 0;
    return (n == 2 || n == 4 || n == 8) && shape_fields_same(t, 0, n) &&
           shape_is_number(LLVMStructGetTypeAtIndex(t, 0));
}

/* False when t is not what the spec's code allows. The overload ($o) of
 * the ops the custom handlers take is a number or a vector of numbers;
 * the caller checks that every $o of one call is the same type. Codes
 * that do not depend on the overload are checked against the spec's
 * <types> descriptors. */
static bool shape_type_fits(unsigned code, LLVMTypeRef t)
{
    switch (code) {
    case DXIL_TY_OVERLOAD: return shape_is_number_or_vector(t);
    case DXIL_TY_RESRET: return shape_resret(t);
    case DXIL_TY_CBUFRET: return shape_cbufret(t);
    default: return type_code_fits(code, t);
    }
}

/* Every $o operand and a $o result have one type. */
static bool shape_one_overload(const dxil_op_info *op, LLVMValueRef call)
{
    LLVMTypeRef ov = op->result.type == DXIL_TY_OVERLOAD ? LLVMTypeOf(call) : NULL;
    for (unsigned i = 0; i < op->n_params; i++) {
        if (op->params[i].type != DXIL_TY_OVERLOAD)
            continue;
        LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(call, i));
        if (ov && t != ov)
            return false;
        ov = t;
    }
    return true;
}

bool raise_op_too_new(const raise_ctx *rc, const dxil_op_info *op)
{
    return op && rc->dxil_known && !dxil_op_exists_at(op, ops_dxil_version(rc));
}

/* The callee is the function of the op's own class (dx.op.<fn>[.<ov>]):
 * DXC's validator tests call one op through another's function or one of
 * a name no class has, and lowering would bring it back under its own. */
static bool shape_callee_class(const raise_ctx *rc, const dxil_op_info *op, LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    dxil_fn_name fnn;
    const char *name = fn ? LLVMGetValueName(fn) : "";
    return dxil_fn_name_parse(name, &fnn) &&
           dxil_op_class_by_fn(ops_table(rc), fnn.fn, fnn.fn_len) == op->cls;
}

bool raise_call_fits_op(const raise_ctx *rc, LLVMValueRef call, uint32_t opcode)
{
    const dxil_op_info *op = dxil_op_by_opcode(ops_table(rc), opcode);
    if (!op || raise_op_too_new(rc, op) || !LLVMIsACallInst(call) ||
        LLVMGetNumArgOperands(call) != op->n_params || !shape_callee_class(rc, op, call))
        return false;
    for (unsigned i = 0; i < op->n_params; i++)
        if (!shape_type_fits(op->params[i].type, LLVMTypeOf(LLVMGetOperand(call, i))))
            return false;
    return shape_type_fits(op->result.type, LLVMTypeOf(call)) && shape_one_overload(op, call);
}
