/* raise_ops_result.c - how an intrinsic's result stands in for a dx.op
 * result (dxil_map_result): same type, an integer cast (countbits gives
 * i32 where ctpop gives the operand type), or a literal struct / vector
 * in place of a named %dx.types.* struct, whose extractvalue users are
 * rewritten to read the new value directly. */
#include "raise_ops.h"

#include <stdlib.h>

typedef bool (*opsr_fits_fn)(LLVMTypeRef intr, LLVMTypeRef old);
typedef void (*opsr_replace_fn)(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef nv);

static bool opsr_is_int_or_int_vec(LLVMTypeRef t, unsigned *width)
{
    *width = 0;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        *width = LLVMGetVectorSize(t);
        t = LLVMGetElementType(t);
    }
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind;
}

static bool opsr_fits_same(LLVMTypeRef intr, LLVMTypeRef old)
{
    return intr == old;
}

static bool opsr_fits_cast(LLVMTypeRef intr, LLVMTypeRef old)
{
    unsigned wi, wo;
    return opsr_is_int_or_int_vec(intr, &wi) && opsr_is_int_or_int_vec(old, &wo) && wi == wo;
}

static bool opsr_fits_struct(LLVMTypeRef intr, LLVMTypeRef old)
{
    if (LLVMGetTypeKind(intr) != LLVMStructTypeKind || LLVMGetTypeKind(old) != LLVMStructTypeKind)
        return false;
    unsigned n = LLVMCountStructElementTypes(old);
    if (n != LLVMCountStructElementTypes(intr))
        return false;
    for (unsigned i = 0; i < n; i++)
        if (LLVMStructGetTypeAtIndex(old, i) != LLVMStructGetTypeAtIndex(intr, i))
            return false;
    return true;
}

static bool opsr_fits_vector(LLVMTypeRef intr, LLVMTypeRef old)
{
    if (LLVMGetTypeKind(intr) != LLVMVectorTypeKind || LLVMGetTypeKind(old) != LLVMStructTypeKind)
        return false;
    unsigned n = LLVMCountStructElementTypes(old);
    if (n != LLVMGetVectorSize(intr))
        return false;
    for (unsigned i = 0; i < n; i++)
        if (LLVMStructGetTypeAtIndex(old, i) != LLVMGetElementType(intr))
            return false;
    return true;
}

static void opsr_move_name(LLVMValueRef from, LLVMValueRef to)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(from, &len);
    if (len == 0 || LLVMGetTypeKind(LLVMTypeOf(to)) == LLVMVoidTypeKind)
        return;
    char *copy = malloc(len + 1);
    if (!copy)
        return;
    for (size_t i = 0; i < len; i++)
        copy[i] = name[i];
    LLVMSetValueName2(from, "", 0);
    LLVMSetValueName2(to, copy, len);
    free(copy);
}

static void opsr_replace_same(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef nv)
{
    (void)b;
    LLVMReplaceAllUsesWith(old, nv);
    opsr_move_name(old, nv);
}

static void opsr_replace_cast(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef nv)
{
    LLVMPositionBuilderBefore(b, old);
    LLVMValueRef cast = LLVMBuildIntCast2(b, nv, LLVMTypeOf(old), false, "");
    LLVMReplaceAllUsesWith(old, cast);
    opsr_move_name(old, cast);
}

/* Field i of the new value: extractvalue (struct) or extractelement. */
static LLVMValueRef opsr_field(LLVMBuilderRef b, LLVMValueRef nv, unsigned i)
{
    if (LLVMGetTypeKind(LLVMTypeOf(nv)) == LLVMVectorTypeKind) {
        LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(nv)));
        return LLVMBuildExtractElement(b, nv, LLVMConstInt(i32, i, false), "");
    }
    return LLVMBuildExtractValue(b, nv, i, "");
}

/* Rewrites `extractvalue %old, i` to read field i of nv; false when the
 * user is anything else. */
static bool opsr_rewrite_extract(LLVMBuilderRef b, LLVMValueRef user, LLVMValueRef nv)
{
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionOpcode(user) != LLVMExtractValue ||
        LLVMGetNumIndices(user) != 1)
        return false;
    unsigned idx = LLVMGetIndices(user)[0];
    LLVMPositionBuilderBefore(b, user);
    LLVMValueRef f = opsr_field(b, nv, idx);
    LLVMReplaceAllUsesWith(user, f);
    opsr_move_name(user, f);
    LLVMInstructionEraseFromParent(user);
    return true;
}

/* Any other user gets the named struct rebuilt field by field. */
static void opsr_rebuild_rest(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef nv)
{
    if (!LLVMGetFirstUse(old))
        return;
    LLVMTypeRef sty = LLVMTypeOf(old);
    LLVMPositionBuilderBefore(b, old);
    LLVMValueRef agg = LLVMGetPoison(sty);
    unsigned n = LLVMCountStructElementTypes(sty);
    for (unsigned i = 0; i < n; i++)
        agg = LLVMBuildInsertValue(b, agg, opsr_field(b, nv, i), i, "");
    LLVMReplaceAllUsesWith(old, agg);
}

static void opsr_replace_aggregate(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef nv)
{
    LLVMUseRef u = LLVMGetFirstUse(old);
    while (u) {
        LLVMUseRef next = LLVMGetNextUse(u);
        /* Erasing the user drops only its own use of old. */
        while (next && LLVMGetUser(next) == LLVMGetUser(u))
            next = LLVMGetNextUse(next);
        opsr_rewrite_extract(b, LLVMGetUser(u), nv);
        u = next;
    }
    opsr_rebuild_rest(b, old, nv);
    opsr_move_name(old, nv);
}

static const struct {
    opsr_fits_fn fits;
    opsr_replace_fn replace;
} opsr_kinds[DXIL_MAP_RESULT_COUNT] = {
    [DXIL_MAP_RESULT_SAME] = {opsr_fits_same, opsr_replace_same},
    [DXIL_MAP_RESULT_CAST_I32] = {opsr_fits_cast, opsr_replace_cast},
    [DXIL_MAP_RESULT_STRUCT] = {opsr_fits_struct, opsr_replace_aggregate},
    [DXIL_MAP_RESULT_VECTOR] = {opsr_fits_vector, opsr_replace_aggregate},
};

bool ops_result_fits(unsigned kind, LLVMTypeRef intr, LLVMTypeRef old)
{
    return kind < DXIL_MAP_RESULT_COUNT && opsr_kinds[kind].fits(intr, old);
}

void ops_result_replace(LLVMBuilderRef b, unsigned kind, LLVMValueRef old, LLVMValueRef nv)
{
    if (kind < DXIL_MAP_RESULT_COUNT)
        opsr_kinds[kind].replace(b, old, nv);
}
