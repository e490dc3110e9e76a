/* lower_access.c - what the two access passes share: resource-access
 * (buffers read through llvm.dx.resource.getpointer) and cbuffer-access
 * (cbuffer members read through addrspace(2) globals) both find where a
 * load reads by summing the getelementptr chain between it and a base
 * pointer (and put a built value in the load's place with
 * lower_replace_named, lower_util.c). */
#include "lower_internal.h"

bool lower_is_gep(LLVMValueRef v)
{
    return v && (LLVMIsAGetElementPtrInst(v) ||
                 (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr));
}

LLVMValueRef lower_gep_base(LLVMValueRef v)
{
    while (lower_is_gep(v))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* One GEP's indices: the first steps over whole source elements, the
 * rest into fields (constant by IR rule), array or vector elements. */
static bool acc_gep(LLVMTargetDataRef td, LLVMValueRef gep, int64_t *bytes,
                    lower_gep_term_fn term, void *arg)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef ix = LLVMGetOperand(gep, i);
        if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            uint64_t field;
            /* clang 22 can name a field past a cbuffer struct's end */
            if (!const_u64(ix, &field) || field >= LLVMCountStructElementTypes(t))
                return false;
            *bytes += (int64_t)LLVMOffsetOfElement(td, t, (unsigned)field);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)field);
            continue;
        }
        if (i > 1) {
            LLVMTypeKind k = LLVMGetTypeKind(t);
            if (k != LLVMArrayTypeKind && k != LLVMVectorTypeKind)
                return false;
            t = LLVMGetElementType(t);
        }
        if (LLVMGetTypeKind(LLVMTypeOf(ix)) != LLVMIntegerTypeKind)
            return false; /* a vector of indices: a vector of pointers */
        uint64_t stride = LLVMABISizeOfType(td, t);
        if (LLVMIsAConstantInt(ix))
            *bytes += LLVMConstIntGetSExtValue(ix) * (int64_t)stride;
        else
            term(arg, ix, stride);
    }
    return true;
}

bool lower_gep_offset(LLVMTargetDataRef td, LLVMValueRef base, LLVMValueRef ptr,
                      int64_t *bytes, lower_gep_term_fn term, void *arg)
{
    for (; ptr != base; ptr = LLVMGetOperand(ptr, 0))
        if (!lower_is_gep(ptr) || !acc_gep(td, ptr, bytes, term, arg))
            return false;
    return true;
}
