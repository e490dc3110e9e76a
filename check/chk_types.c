/* chk_types.c - DXC's ValidateType and the struct names it knows
 * (chk_types.h). An outermost type may be a pointer (to a one-dimension
 * array of) a struct or scalar; struct members may be arrays of any
 * dimension but never pointers; scalars are half, float, double and
 * integers of DXIL's widths. Libraries also allow vectors and other types,
 * shader model 6.9 allows vectors of more than one element. The reserved
 * dx.* structs are DXIL's own: the handle, hit object and LinAlg matrix
 * pass, the dx.op result structs are only for extractvalue. */
#include "chk_types.h"

#include <stdio.h>
#include <string.h>

const char *chk_type_name(LLVMTypeRef t, char *buf, size_t size)
{
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    if (name && *name) { /* LLVM prints a named struct's definition */
        snprintf(buf, size, "%%%s", name);
        return buf;
    }
    char *s = LLVMPrintTypeToString(t);
    snprintf(buf, size, "%s", s ? s : "?");
    LLVMDisposeMessage(s);
    return buf;
}

bool chk_int_width_ok(unsigned width)
{
    return width == 1 || width == 8 || width == 16 || width == 32 || width == 64;
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static unsigned struct_fields(LLVMTypeRef t)
{
    return LLVMCountStructElementTypes(t);
}

bool chk_dxil_builtin_struct(LLVMTypeRef t)
{
    static const char *const fixed[] = {
        "dx.types.i32c", "dx.types.twoi32", "dx.types.fouri32", "dx.types.fouri16",
        "dx.types.Dimensions", "dx.types.Handle", "dx.types.SamplePos", "dx.types.splitdouble"};
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    if (!name)
        return false;
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++)
        if (strcmp(name, fixed[i]) == 0)
            return true;
    unsigned n = struct_fields(t);
    LLVMTypeRef first = n ? LLVMStructGetTypeAtIndex(t, 0) : NULL;
    if (starts(name, "dx.types.ResRet."))
        return n == 5 || (n == 2 && LLVMGetTypeKind(first) == LLVMVectorTypeKind);
    if (starts(name, "dx.types.CBufRet."))
        return n == 2 || n == 4 || n == 8;
    return false;
}

/* DXC's resource class names (GetHLSLResourceProperties), after the
 * class./struct. prefix. */
static bool resource_name(const char *name)
{
    static const char *const exact[] = {"SamplerState", "SamplerComparisonState",
                                        "RaytracingAccelerationStructure", "ByteAddressBuffer"};
    static const char *const prefix[] = {"AppendStructuredBuffer<", "ConsumeStructuredBuffer<",
                                         "ConstantBuffer<", "TextureBuffer<", "Buffer<",
                                         "StructuredBuffer<", "FeedbackTexture2D<",
                                         "FeedbackTexture2DArray<"};
    static const char *const textures[] = {"1D<", "1DArray<", "2D<", "2DArray<", "3D<",
                                           "Cube<", "CubeArray<", "2DMS<", "2DMSArray<"};
    if (starts(name, "class."))
        name += 6;
    else if (starts(name, "struct."))
        name += 7;
    for (size_t i = 0; i < sizeof exact / sizeof *exact; i++)
        if (strcmp(name, exact[i]) == 0)
            return true;
    for (size_t i = 0; i < sizeof prefix / sizeof *prefix; i++)
        if (starts(name, prefix[i]))
            return true;
    if (starts(name, "RasterizerOrdered"))
        name += strlen("RasterizerOrdered");
    if (starts(name, "RW"))
        name += 2;
    if (strcmp(name, "ByteAddressBuffer") == 0 || starts(name, "Buffer<") ||
        starts(name, "StructuredBuffer<"))
        return true;
    if (!starts(name, "Texture"))
        return false;
    name += strlen("Texture");
    for (size_t i = 0; i < sizeof textures / sizeof *textures; i++)
        if (starts(name, textures[i]))
            return true;
    return false;
}

bool chk_contains_hlsl_object(LLVMTypeRef t, unsigned depth)
{
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || depth > 16)
        return false;
    const char *name = LLVMGetStructName(t);
    if (name && (starts(name, "dx.types.") || resource_name(name)))
        return true;
    for (unsigned i = 0, n = struct_fields(t); i < n; i++)
        if (chk_contains_hlsl_object(LLVMStructGetTypeAtIndex(t, i), depth + 1))
            return true;
    return false;
}

static void type_fail(chk_ctx *c, chk_rule r, LLVMTypeRef t, LLVMValueRef where)
{
    char buf[128];
    chk_fail(c, r, where, chk_type_name(t, buf, sizeof buf), NULL);
}

/* A reserved dx.* struct: the handle, hit object and LinAlg matrices are
 * DXIL's own values; anything else is reserved (and a dx.op result struct
 * is used the wrong way besides). */
static bool type_reserved(chk_ctx *c, LLVMTypeRef t, const char *name, LLVMValueRef where)
{
    if (strcmp(name, "dx.types.Handle") == 0 || strcmp(name, "dx.types.HitObject") == 0 ||
        starts(name, "dx.types.LinAlgMatrix"))
        return true;
    if (chk_dxil_builtin_struct(t))
        chk_fail(c, CHK_INSTR_DXILSTRUCTUSER, where, NULL);
    chk_fail(c, CHK_DECL_DXILNSRESERVED, where, name, NULL);
    return false;
}

static bool type_valid(chk_ctx *c, const chk_env *e, LLVMTypeRef t, LLVMTypeRef pointee,
                       bool inner, LLVMValueRef where, unsigned depth)
{
    if (depth > 32)
        return true;
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
        if (inner || (pointee && LLVMGetTypeKind(pointee) == LLVMPointerTypeKind)) {
            type_fail(c, CHK_TYPES_NOPTRTOPTR, t, where);
            return false;
        }
        if (!pointee)
            return true; /* LLVM 22 does not say what it points to */
        t = pointee;
    }
    if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
        LLVMTypeRef elt = LLVMGetElementType(t);
        if (!inner && LLVMGetTypeKind(elt) == LLVMArrayTypeKind) {
            type_fail(c, CHK_TYPES_NOMULTIDIM, t, where);
            return false;
        }
        while (LLVMGetTypeKind(elt) == LLVMArrayTypeKind)
            elt = LLVMGetElementType(elt);
        t = elt;
    }
    switch (LLVMGetTypeKind(t)) {
    case LLVMStructTypeKind: {
        bool ok = true;
        const char *name = LLVMGetStructName(t);
        if (name && starts(name, "dx.")) {
            if (type_reserved(c, t, name, where))
                return true;
            ok = false;
        }
        for (unsigned i = 0, n = struct_fields(t); i < n; i++)
            ok &= type_valid(c, e, LLVMStructGetTypeAtIndex(t, i), NULL, true, where, depth + 1);
        return ok;
    }
    case LLVMHalfTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
        return true;
    case LLVMIntegerTypeKind:
        if (chk_int_width_ok(LLVMGetIntTypeWidth(t)))
            return true;
        type_fail(c, CHK_TYPES_INTWIDTH, t, where);
        return false;
    default:
        break;
    }
    if (e->lib)
        return true;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        if (LLVMGetVectorSize(t) > 1 && e->sm >= DXIL_VERSION(6, 9))
            return true;
        type_fail(c, CHK_TYPES_NOVECTOR, t, where);
        return false;
    }
    type_fail(c, CHK_TYPES_DEFINED, t, where);
    return false;
}

bool chk_type_valid(chk_ctx *c, const chk_env *e, LLVMTypeRef t, LLVMTypeRef pointee,
                    LLVMValueRef where)
{
    return type_valid(c, e, t, pointee, false, where, 0);
}
