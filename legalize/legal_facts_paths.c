/* legal_facts_paths.c - which memory accesses have no typed path: the
 * address of a load, store or atomic is typed when it is a chain of GEPs
 * from an object this knows, each indexing the pointee its base has and
 * staying inside it, that ends on the accessed type (the writer's rule).
 * legal-geps (legal_gep.c) gives the others one; the census
 * (legal_census.c) asks the same before it runs. */
#include "legal_facts.h"
#include "common/side_metadata.h"

#include <string.h>

/* The struct a pointer-returning dx.op's overload names
 * ("dx.op.getMeshPayload.struct.Payload" -> %struct.Payload). */
static LLVMTypeRef lg_dxop_pointee(lower_ctx *lc, LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    size_t len = 0;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : "";
    if (strncmp(name, "dx.op.", 6) != 0)
        return NULL;
    const char *ov = strchr(name + 6, '.');
    return ov && ov[1] ? LLVMGetTypeByName2(lc->ctx, ov + 1) : NULL;
}

/* A parameter's struct from !dxu.paramTypes !{!"fn", i32 index, T undef}. */
static LLVMTypeRef lg_param_pointee(lower_ctx *lc, LLVMValueRef arg)
{
    LLVMValueRef fn = LLVMGetParamParent(arg);
    unsigned idx = 0, n = md_named_count(lc->mod, DXU_MD_PARAM_TYPES);
    for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != arg; p = LLVMGetNextParam(p))
        idx++;
    size_t len = 0;
    const char *fname = LLVMGetValueName2(fn, &len);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = md_named_operand(lc->mod, DXU_MD_PARAM_TYPES, i);
        char name[512];
        uint64_t at;
        LLVMValueRef u = md_operand(e, 2);
        if (u && md_string(md_operand(e, 0), name, sizeof name) && !strcmp(name, fname) &&
            !md_operand_uint(e, 1, &at) && at == idx)
            return LLVMTypeOf(u);
    }
    return NULL;
}

static LLVMTypeRef lg_gep_result(LLVMValueRef gep);

/* What a pointer points to when its definition says so: an object, or a
 * GEP that indexes its base's pointee (the writer's typed view); NULL when
 * nothing says. */
static LLVMTypeRef lg_pointee(lower_ctx *lc, LLVMValueRef v, int depth)
{
    if (lower_is_gep(v)) {
        LLVMTypeRef base = depth < 8 ? lg_pointee(lc, LLVMGetOperand(v, 0), depth + 1) : NULL;
        return base == LLVMGetGEPSourceElementType(v) ? lg_gep_result(v) : NULL;
    }
    return depth < 8 ? lg_object_type(lc, v) : NULL;
}

/* A phi or select of pointers all typed alike (optimizers sink two
 * records' pointers into one: `%.sink = phi ptr [%rec0, ...], [%rec1, ...]`)
 * is an object of that type. */
static LLVMTypeRef lg_merged_type(lower_ctx *lc, LLVMValueRef v)
{
    static int depth;
    if (depth > 4)
        return NULL;
    depth++;
    LLVMTypeRef t = NULL;
    bool ok = true;
    unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
    for (unsigned i = 0; i < n && ok; i++) {
        LLVMValueRef in = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i + 1);
        if (in == v)
            continue;
        LLVMTypeRef ti = lg_pointee(lc, in, 0);
        ok = ti && (!t || t == ti);
        t = ti;
    }
    depth--;
    return ok ? t : NULL;
}

/* The type of the object v is, or NULL when v is not one this knows. */
LLVMTypeRef lg_object_type(lower_ctx *lc, LLVMValueRef v)
{
    if (LLVMIsAAllocaInst(v))
        return LLVMGetAllocatedType(v);
    if (LLVMIsAGlobalVariable(v))
        return LLVMGlobalGetValueType(v);
    if (LLVMIsACallInst(v))
        return lg_dxop_pointee(lc, v);
    if (LLVMIsAArgument(v))
        return lg_param_pointee(lc, v);
    if ((LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) &&
        LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind)
        return lg_merged_type(lc, v);
    return NULL;
}

LLVMValueRef lg_root_of(LLVMValueRef p)
{
    while (lower_is_gep(p))
        p = LLVMGetOperand(p, 0);
    return p;
}

/* ---- the writer's view: is the path already typed? ---- */

/* What a GEP's indices after the first step into; NULL when one of them
 * does not index t. */
static LLVMTypeRef lg_gep_result(LLVMValueRef gep)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    for (unsigned i = 2; i < n && t; i++) {
        LLVMTypeKind k = LLVMGetTypeKind(t);
        uint64_t f;
        if (k == LLVMStructTypeKind)
            t = const_u64(LLVMGetOperand(gep, i), &f) && f < LLVMCountStructElementTypes(t)
                    ? LLVMStructGetTypeAtIndex(t, (unsigned)f)
                    : NULL;
        else if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind)
            t = LLVMGetElementType(t);
        else
            t = NULL;
    }
    return t;
}

/* A GEP of constant indices must stay inside its source element (DXC's
 * InstrInBoundsAccess). */
static bool lg_gep_in_bounds(LLVMTargetDataRef td, LLVMValueRef gep, LLVMTypeRef result)
{
    int64_t bytes = 0;
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    for (unsigned i = 1; i < n; i++)
        if (!LLVMIsAConstantInt(LLVMGetOperand(gep, i)))
            return true; /* dynamic: not checked */
    LLVMValueRef base = LLVMGetOperand(gep, 0);
    if (!lower_gep_offset(td, base, gep, &bytes, NULL, NULL))
        return false;
    LLVMTypeRef src = LLVMGetGEPSourceElementType(gep);
    return bytes >= 0 &&
           (uint64_t)bytes + LLVMABISizeOfType(td, result) <= LLVMABISizeOfType(td, src);
}

bool lg_typed(lower_ctx *lc, LLVMTargetDataRef td, LLVMValueRef ptr, LLVMTypeRef want,
              LLVMTypeRef *root_type)
{
    LLVMValueRef chain[LG_MAX_DEPTH];
    unsigned n = 0;
    LLVMValueRef p = ptr;
    while (lower_is_gep(p)) {
        if (n == LG_MAX_DEPTH)
            return false;
        chain[n++] = p;
        p = LLVMGetOperand(p, 0);
    }
    LLVMTypeRef cur = *root_type = lg_object_type(lc, p);
    if (!cur)
        return true; /* an unknown object: nothing to say */
    while (n-- > 0) {
        LLVMValueRef g = chain[n];
        if (LLVMGetGEPSourceElementType(g) != cur)
            return false;
        cur = lg_gep_result(g);
        if (!cur || !lg_gep_in_bounds(td, g, cur))
            return false;
    }
    return cur == want;
}

/* The access's address operand and the type it reads or writes. */
bool lg_access(LLVMValueRef inst, unsigned *op, LLVMTypeRef *want)
{
    if (LLVMIsALoadInst(inst)) {
        *op = 0;
        *want = LLVMTypeOf(inst);
    } else if (LLVMIsAStoreInst(inst)) {
        *op = 1;
        *want = LLVMTypeOf(LLVMGetOperand(inst, 0));
    } else if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst)) {
        *op = 0;
        *want = LLVMTypeOf(LLVMGetOperand(inst, 1));
    } else {
        return false;
    }
    return true;
}

bool legal_access_untyped(lower_ctx *lc, LLVMValueRef inst)
{
    unsigned op;
    LLVMTypeRef want, root_type = NULL;
    return lg_access(inst, &op, &want) &&
           !lg_typed(lc, lc->input_td, LLVMGetOperand(inst, op), want, &root_type) && root_type;
}
