/* bcw_values.c - value entries and typed pointers.
 *
 * LLVM 22 has one `ptr` type; 3.7 bitcode needs a pointee for every
 * pointer. A value's pointee is what its definition says: a global's or
 * alloca's allocated type, the type a GEP indexes to, a function's typed
 * signature, a call's return. A use that needs another pointee (a load of
 * the first element of an array global, whose zero-index GEP LLVM 22 folds
 * away; an i8* argument) gets a cast: a zero-index GEP when the wanted type
 * is the first element (what DXC wrote), else a bitcast; a constant
 * expression for constants, else an instruction placed before the user. */
#include "bcw_internal.h"
#include "bitcode/bitcode_types.h"

#include <stdlib.h>
#include <string.h>

uint32_t bcw_new_val(bcw_ctx *c, LLVMValueRef v, uint32_t type, uint8_t kind)
{
    if (!bcw_grow(c, (void **)&c->vals, &c->vals_cap, c->nvals + 1, sizeof *c->vals))
        return 0;
    bcw_val *e = &c->vals[c->nvals];
    memset(e, 0, sizeof *e);
    e->v = v;
    e->type = type;
    e->kind = kind;
    if (v && !bcw_map_putp(&c->val_of, v, (uint32_t)c->nvals))
        c->failed = true;
    return (uint32_t)c->nvals++;
}

void bcw_set_ops(bcw_ctx *c, uint32_t e, const uint32_t *ops, uint32_t n)
{
    uint32_t *copy = n ? bcw_alloc_ops(c, n) : NULL;
    if (n && !copy)
        return;
    if (n)
        memcpy(copy, ops, n * sizeof *ops);
    c->vals[e].ops = copy;
    c->vals[e].nops = n;
}

static bool is_ptr(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

static uint32_t i8ptr(bcw_ctx *c, unsigned as)
{
    if (as == 0 && c->i8ptr0)
        return c->i8ptr0 - 1;
    uint32_t t = bcw_type_ptr(c, bcw_type_simple(c, BT_INT, 8), as);
    if (as == 0)
        c->i8ptr0 = t + 1;
    return t;
}

/* The pointee a pointer's uses give it (first use wins), else i8. */
static uint32_t arg_pointee(bcw_ctx *c, LLVMValueRef arg)
{
    for (LLVMUseRef u = LLVMGetFirstUse(arg); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user))
            return bcw_type_from_llvm(c, LLVMTypeOf(user));
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == arg)
            return bcw_type_from_llvm(c, LLVMTypeOf(LLVMGetOperand(user, 0)));
        if (LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == arg)
            return bcw_type_from_llvm(c, LLVMGetGEPSourceElementType(user));
        if ((LLVMIsAAtomicCmpXchgInst(user) || LLVMIsAAtomicRMWInst(user)) &&
            LLVMGetOperand(user, 0) == arg)
            return bcw_type_from_llvm(c, LLVMTypeOf(LLVMGetOperand(user, 1)));
    }
    return bcw_type_simple(c, BT_INT, 8);
}

/* The named struct a dx.op function's overload suffix names
 * (dx.op.getNodeRecordPtr.struct.Payload), or NULL: DXC checks the
 * function's signature against its overload. */
static LLVMTypeRef dxop_udt(bcw_ctx *c, LLVMValueRef fn)
{
    const char *name = LLVMGetValueName(fn);
    if (strncmp(name, "dx.op.", 6))
        return NULL;
    const char *dot = strchr(name + 6, '.');
    return dot ? LLVMGetTypeByName2(c->llctx, dot + 1) : NULL;
}

/* A declaration returning a pointer: the struct its overload names
 * (getNodeRecordPtr), else what its first call's result is used as
 * (getMeshPayload). */
static uint32_t return_pointee(bcw_ctx *c, LLVMValueRef fn)
{
    LLVMTypeRef udt = dxop_udt(c, fn);
    if (udt)
        return bcw_type_from_llvm(c, udt);
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == fn)
            return arg_pointee(c, call);
    }
    return bcw_type_simple(c, BT_INT, 8);
}

/* A declaration's pointer parameter: what its first call passes (a
 * dx.op's payload or attributes struct). A dx.op takes an element pointer,
 * never an array's: DXC passed a zero-index GEP of a groupshared array
 * (linAlgMatrixLoadFromMemory), which LLVM 22 folds into the array. */
static uint32_t param_pointee(bcw_ctx *c, LLVMValueRef fn, unsigned i)
{
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn)
            continue;
        uint32_t e = bcw_val_of(c, LLVMGetOperand(call, i));
        uint32_t t = bcw_type_sub(c, c->vals[e].type, 0);
        bool dxop = !strncmp(LLVMGetValueName(fn), "dx.op.", 6);
        while (dxop && c->types[t].kind == BT_ARRAY)
            t = bcw_type_sub(c, t, 0);
        return t;
    }
    return bcw_type_simple(c, BT_INT, 8);
}

/* The struct the input's bitcode gave parameter i (bcw_options.restypes),
 * or BCW_NONE: an unused payload or attributes parameter says nothing. */
static uint32_t kept_param(bcw_ctx *c, LLVMValueRef fn, unsigned i)
{
    const bc_restypes *t = c->opts ? c->opts->restypes : NULL;
    const char *name = LLVMGetValueName(fn);
    for (size_t k = 0; t && k < t->nparams; k++) {
        if (t->params[k].index != i || strcmp(t->params[k].fn, name))
            continue;
        LLVMTypeRef st = LLVMGetTypeByName2(c->llctx, t->params[k].name);
        return st ? bcw_type_from_llvm(c, st) : BCW_NONE;
    }
    return BCW_NONE;
}

static uint32_t func_type_of(bcw_ctx *c, LLVMValueRef fn)
{
    uint32_t special = bcw_intrinsic_type(c, fn);
    if (special != BCW_NONE)
        return special;
    LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
    unsigned n = LLVMCountParamTypes(ft);
    uint32_t *params = calloc(n ? n : 1, sizeof *params);
    if (!params) {
        c->failed = true;
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef a = LLVMGetParam(fn, i);
        if (!is_ptr(a)) {
            params[i] = bcw_type_from_llvm(c, LLVMTypeOf(a));
            continue;
        }
        uint32_t pointee = kept_param(c, fn, i);
        if (pointee == BCW_NONE)
            pointee = LLVMIsDeclaration(fn) ? param_pointee(c, fn, i) : arg_pointee(c, a);
        params[i] = bcw_type_ptr(c, pointee, LLVMGetPointerAddressSpace(LLVMTypeOf(a)));
    }
    LLVMTypeRef rt = LLVMGetReturnType(ft);
    uint32_t ret = LLVMGetTypeKind(rt) == LLVMPointerTypeKind
                       ? bcw_type_ptr(c, return_pointee(c, fn), LLVMGetPointerAddressSpace(rt))
                       : bcw_type_from_llvm(c, rt);
    uint32_t t = bcw_type_func(c, ret, params, n, LLVMIsFunctionVarArg(ft));
    free(params);
    return t;
}

/* The typed signature a function is written with. */
uint32_t bcw_func_type(bcw_ctx *c, LLVMValueRef fn)
{
    uint32_t e = bcw_val_of(c, fn); /* may grow c->vals: index after */
    return bcw_type_sub(c, c->vals[e].type, 0);
}

/* An argument is what its function's typed signature says (the input's
 * struct a raise kept, else its first use): the reader types arguments
 * from the signature, and a use wanting another pointee gets a cast. */
static uint32_t arg_type(bcw_ctx *c, LLVMValueRef arg)
{
    LLVMValueRef fn = LLVMGetParamParent(arg);
    unsigned i = 0;
    for (LLVMValueRef a = LLVMGetFirstParam(fn); a && a != arg; a = LLVMGetNextParam(a))
        i++;
    uint32_t ft = bcw_func_type(c, fn);
    return bcw_type_sub(c, ft, i + 1);
}

/* The pointee of a GEP's result: its source type indexed by indices 2.. */
static uint32_t gep_result(bcw_ctx *c, LLVMValueRef gep)
{
    uint32_t t = bcw_type_from_llvm(c, LLVMGetGEPSourceElementType(gep));
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    for (unsigned i = 2; i < n && !c->failed; i++)
        t = bcw_type_indexed(c, t, LLVMGetOperand(gep, i));
    LLVMTypeRef rt = LLVMTypeOf(gep);
    if (LLVMGetTypeKind(rt) == LLVMVectorTypeKind)
        rt = LLVMGetElementType(rt);
    return bcw_type_ptr(c, t, LLVMGetPointerAddressSpace(rt));
}

/* A pointer cast keeps its operand's pointee in its own address space. */
static uint32_t cast_result(bcw_ctx *c, LLVMValueRef v)
{
    LLVMValueRef src = LLVMGetOperand(v, 0);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
    if (!is_ptr(src))
        return i8ptr(c, as);
    uint32_t e = bcw_val_of(c, src);
    return bcw_type_ptr(c, bcw_type_sub(c, c->vals[e].type, 0), as);
}

static uint32_t natural_ptr(bcw_ctx *c, LLVMValueRef v)
{
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
    if (LLVMIsAAllocaInst(v))
        return bcw_type_ptr(c, bcw_type_from_llvm(c, LLVMGetAllocatedType(v)), as);
    if (LLVMIsAGetElementPtrInst(v) ||
        (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr))
        return gep_result(c, v);
    /* An unused pointer bitcast is what LLVM 22's upgrade leaves of the
     * i8* cast before a 3.7 lifetime marker: i8* again (the marker takes
     * it back, bcw_build.c). */
    if (LLVMIsABitCastInst(v) && !LLVMGetFirstUse(v))
        return i8ptr(c, as);
    /* A used pointer bitcast (a typed-pointer cast LLVM 22 kept): typed as
     * its first user needs it, so that user needs no second cast. */
    if (LLVMIsABitCastInst(v) && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(v, 0))) ==
                                     LLVMPointerTypeKind)
        return bcw_type_ptr(c, arg_pointee(c, v), as);
    if (LLVMIsAAddrSpaceCastInst(v) || LLVMIsABitCastInst(v) ||
        (LLVMIsAConstantExpr(v) && (LLVMGetConstOpcode(v) == LLVMAddrSpaceCast ||
                                    LLVMGetConstOpcode(v) == LLVMBitCast)))
        return cast_result(c, v);
    if (LLVMIsACallInst(v)) {
        /* A declaration being typed from its own call's result (the
         * pointer it returns flows back into its argument through a phi
         * or select) still has its i8* placeholder: i8* then. */
        uint32_t ft = bcw_callee_type(c, v);
        return c->types[ft].kind == BT_FUNC ? bcw_type_sub(c, ft, 0) : i8ptr(c, as);
    }
    if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
        LLVMValueRef first = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, 0) : LLVMGetOperand(v, 1);
        return bcw_val_type(c, bcw_val_of(c, first));
    }
    if (LLVMIsAArgument(v))
        return arg_type(c, v);
    return i8ptr(c, as);
}

static uint8_t kind_of(LLVMValueRef v)
{
    if (LLVMIsAGlobalVariable(v))
        return VK_GLOBAL;
    if (LLVMIsAFunction(v))
        return VK_FUNC;
    if (LLVMIsAArgument(v))
        return VK_ARG;
    if (LLVMIsAInstruction(v))
        return VK_INST;
    if (LLVMIsAConstantExpr(v))
        return VK_CEXPR;
    return VK_CONST;
}

static uint32_t type_of(bcw_ctx *c, LLVMValueRef v, uint8_t kind)
{
    if (kind == VK_GLOBAL)
        return bcw_type_ptr(c, bcw_type_from_llvm(c, LLVMGlobalGetValueType(v)),
                            LLVMGetPointerAddressSpace(LLVMTypeOf(v)));
    if (kind == VK_FUNC)
        return bcw_type_ptr(c, func_type_of(c, v), LLVMGetPointerAddressSpace(LLVMTypeOf(v)));
    if (is_ptr(v) && kind != VK_CONST)
        return natural_ptr(c, v);
    return bcw_type_from_llvm(c, LLVMTypeOf(v));
}

static void const_ops(bcw_ctx *c, uint32_t e, LLVMValueRef v);

uint32_t bcw_val_of(bcw_ctx *c, LLVMValueRef v)
{
    uint32_t e;
    if (bcw_map_getp(&c->val_of, v, &e))
        return e;
    if (LLVMValueIsBasicBlock(v))
        return bcw_new_val(c, v, bcw_type_simple(c, BT_LABEL, 0), VK_BB);
    uint8_t kind = kind_of(v);
    /* Entered before its type is known: a phi may reach itself. */
    e = bcw_new_val(c, v, i8ptr(c, 0), kind);
    uint32_t t = type_of(c, v, kind);
    c->vals[e].type = t;
    if (kind == VK_CEXPR || kind == VK_CONST)
        const_ops(c, e, v);
    return e;
}

/* ---- operands of constants ---- */

static bool aggregate(LLVMValueRef v)
{
    return LLVMIsAConstantArray(v) || LLVMIsAConstantStruct(v) || LLVMIsAConstantVector(v);
}

static uint32_t elem_want(bcw_ctx *c, uint32_t agg, unsigned i)
{
    const bcw_type *t = &c->types[agg];
    return t->kind == BT_STRUCT ? t->sub[i] : t->sub[0];
}

/* 3.7 kept half constants of vectors and arrays as aggregates of scalar
 * constants (its ConstantData had no half elements). */
static bool half_data(LLVMValueRef v)
{
    if (!LLVMIsAConstantDataSequential(v))
        return false;
    return LLVMGetTypeKind(LLVMGetElementType(LLVMTypeOf(v))) == LLVMHalfTypeKind;
}

static unsigned data_count(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
                                                   : LLVMGetVectorSize(t);
}

static void const_ops(bcw_ctx *c, uint32_t e, LLVMValueRef v)
{
    bool cexpr = c->vals[e].kind == VK_CEXPR, half = !cexpr && half_data(v);
    if (!cexpr && !aggregate(v) && !half)
        return;
    unsigned n = half ? data_count(v) : (unsigned)LLVMGetNumOperands(v);
    uint32_t *ops = calloc(n ? n : 1, sizeof *ops);
    if (!ops) {
        c->failed = true;
        return;
    }
    bool gep = cexpr && LLVMGetConstOpcode(v) == LLVMGetElementPtr;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef op = half ? LLVMGetAggregateElement(v, i) : LLVMGetOperand(v, i);
        uint32_t want = BCW_NONE;
        if (gep && i == 0)
            want = bcw_type_ptr(c, bcw_type_from_llvm(c, LLVMGetGEPSourceElementType(v)),
                                LLVMGetPointerAddressSpace(LLVMTypeOf(op)));
        else if (!cexpr && !half)
            want = elem_want(c, c->vals[e].type, i);
        ops[i] = bcw_operand(c, op, want);
    }
    bcw_set_ops(c, e, ops, n);
    free(ops);
}

void bcw_vals_free(bcw_ctx *c)
{
    free(c->vals); /* operand lists: in c->chunks */
    free(c->order);
    bcw_map_free(&c->val_of);
    bcw_map_free(&c->syn_keys);
}
