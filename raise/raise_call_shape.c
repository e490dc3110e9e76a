/* raise_call_shape.c - does a dx.op call have its op's signature? The
 * table-driven op pass compares each call with the intrinsic it becomes;
 * the custom handlers (handles, buffers, cbuffers) read operands directly
 * and build arithmetic on them, so they first ask here. A module whose
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

/* False only when the spec fixes the type and t is another; overload-
 * dependent codes are the handlers' own business. */
static bool shape_type_fits(unsigned code, LLVMTypeRef t)
{
    static const unsigned resbind[4] = {32, 32, 32, 8}, props[2] = {32, 32};
    unsigned w = shape_int_width(code);
    if (w)
        return shape_is_int(t, w);
    switch (code) {
    case DXIL_TY_VOID: return LLVMGetTypeKind(t) == LLVMVoidTypeKind;
    case DXIL_TY_HALF: return LLVMGetTypeKind(t) == LLVMHalfTypeKind;
    case DXIL_TY_FLOAT: return LLVMGetTypeKind(t) == LLVMFloatTypeKind;
    case DXIL_TY_DOUBLE: return LLVMGetTypeKind(t) == LLVMDoubleTypeKind;
    case DXIL_TY_RES: return LLVMGetTypeKind(t) == LLVMStructTypeKind;
    case DXIL_TY_RESBIND: return shape_int_struct(t, resbind, 4);
    case DXIL_TY_RESPROPERTY: return shape_int_struct(t, props, 2);
    default: return true;
    }
}

bool dxil_raise_call_fits_op(const dxil_raise_ctx *rc, LLVMValueRef call, uint32_t opcode)
{
    const dxil_op_info *op = dxil_op_by_opcode(ops_table(rc), opcode);
    if (!op || !LLVMIsACallInst(call) || LLVMGetNumArgOperands(call) != op->n_params)
        return false;
    for (unsigned i = 0; i < op->n_params; i++)
        if (!shape_type_fits(op->params[i].type, LLVMTypeOf(LLVMGetOperand(call, i))))
            return false;
    return shape_type_fits(op->result.type, LLVMTypeOf(call));
}
