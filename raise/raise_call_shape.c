/* raise_call_shape.c - does a dx.op call have its op's signature? The
 * table-driven op pass compares each call with the intrinsic it becomes;
 * the custom handlers (handles, buffers, cbuffers) read operands and
 * result fields directly and build arithmetic and vectors from them, so
 * they first ask here. A module whose
 * type table was damaged (every i32 an i288, say) otherwise reaches
 * LLVM's constant folder with operands of two widths, which crashes. */
#include "raise_ops.h"

#include <stdbool.h>

/* Integer width of a fixed type code; 0 when the code is not an integer. */
static unsigned shape_int_width(unsigned code)
{
    switch (code) {
    case DXIL_TY_I1: return 1;
    case DXIL_TY_I8: case DXIL_TY_U8: return 8;
    case DXIL_TY_I16: return 16;
    case DXIL_TY_I32: case DXIL_TY_U32: return 32;
    case DXIL_TY_I64: return 64;
    default: return 0;
    }
}

static bool shape_is_int(LLVMTypeRef t, unsigned width)
{
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == width;
}

/* A struct whose fields are integers of exactly these widths. */
static bool shape_int_struct(LLVMTypeRef t, const unsigned *widths, unsigned n)
{
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || LLVMCountStructElementTypes(t) != n)
        return false;
    for (unsigned i = 0; i < n; i++)
        if (!shape_is_int(LLVMStructGetTypeAtIndex(t, i), widths[i]))
            return false;
    return true;
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
 * the caller checks that every $o of one call is the same type. */
static bool shape_type_fits(unsigned code, LLVMTypeRef t)
{
    static const unsigned resbind[4] = {32, 32, 32, 8}, props[2] = {32, 32},
                          dims[4] = {32, 32, 32, 32};
    unsigned w = shape_int_width(code);
    if (w)
        return shape_is_int(t, w);
    switch (code) {
    case DXIL_TY_VOID: return LLVMGetTypeKind(t) == LLVMVoidTypeKind;
    case DXIL_TY_HALF: return LLVMGetTypeKind(t) == LLVMHalfTypeKind;
    case DXIL_TY_FLOAT: return LLVMGetTypeKind(t) == LLVMFloatTypeKind;
    case DXIL_TY_DOUBLE: return LLVMGetTypeKind(t) == LLVMDoubleTypeKind;
    case DXIL_TY_OVERLOAD: return shape_is_number_or_vector(t);
    case DXIL_TY_RESRET: return shape_resret(t);
    case DXIL_TY_CBUFRET: return shape_cbufret(t);
    case DXIL_TY_RES: return LLVMGetTypeKind(t) == LLVMStructTypeKind;
    case DXIL_TY_RESBIND: return shape_int_struct(t, resbind, 4);
    case DXIL_TY_RESPROPERTY: return shape_int_struct(t, props, 2);
    case DXIL_TY_DIMS: return shape_int_struct(t, dims, 4);
    default: return true;
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

bool dxil_raise_call_fits_op(const dxil_raise_ctx *rc, LLVMValueRef call, uint32_t opcode)
{
    const dxil_op_info *op = dxil_op_by_opcode(ops_table(rc), opcode);
    if (!op || !LLVMIsACallInst(call) || LLVMGetNumArgOperands(call) != op->n_params)
        return false;
    for (unsigned i = 0; i < op->n_params; i++)
        if (!shape_type_fits(op->params[i].type, LLVMTypeOf(LLVMGetOperand(call, i))))
            return false;
    return shape_type_fits(op->result.type, LLVMTypeOf(call)) && shape_one_overload(op, call);
}
