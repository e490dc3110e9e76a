/* lower_types.c - the named %dx.types.* structs DXIL uses, and dx.op
 * declarations built from the op table: name (dxil_fn_name_build),
 * parameter types (type codes) and attributes at the target version. */
#include "lower_internal.h"

#include "common/side_metadata.h"
#include "optable/optable_llvm.h"

#include <llvm-c/IRReader.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A named struct, created with its body on first use (DXC's layout). */
static LLVMTypeRef types_named(lower_ctx *lc, const char *name, LLVMTypeRef *elems,
                               unsigned n)
{
    return llvm_named_struct(lc->ctx, name, elems, n);
}

static LLVMTypeRef types_repeat(lower_ctx *lc, const char *name, LLVMTypeRef e, unsigned n,
                                LLVMTypeRef tail)
{
    LLVMTypeRef elems[10];
    for (unsigned i = 0; i < n; i++)
        elems[i] = e;
    if (tail)
        elems[n++] = tail;
    return types_named(lc, name, elems, n);
}

LLVMTypeRef lower_type_handle(lower_ctx *lc)
{
    return type_code_llvm(lc->ctx, DXIL_TY_RES);
}

dxil_scalar_kind lower_scalar_kind(LLVMTypeRef t)
{
    if (!t)
        return DXIL_SCALAR_VOID;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        t = LLVMGetElementType(t);
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return DXIL_SCALAR_HALF;
    case LLVMFloatTypeKind: return DXIL_SCALAR_FLOAT;
    case LLVMDoubleTypeKind: return DXIL_SCALAR_DOUBLE;
    case LLVMStructTypeKind: return DXIL_SCALAR_OBJECT;
    case LLVMPointerTypeKind: return DXIL_SCALAR_UDT;
    case LLVMIntegerTypeKind: break;
    default: return DXIL_SCALAR_VOID;
    }
    static const struct { unsigned bits; dxil_scalar_kind kind; } ints[] = {
        {1, DXIL_SCALAR_I1}, {8, DXIL_SCALAR_I8}, {16, DXIL_SCALAR_I16},
        {32, DXIL_SCALAR_I32}, {64, DXIL_SCALAR_I64}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
        if (LLVMGetIntTypeWidth(t) == ints[i].bits)
            return ints[i].kind;
    return DXIL_SCALAR_VOID;
}

static LLVMTypeRef types_scalar(LLVMTypeRef ov)
{
    return ov && LLVMGetTypeKind(ov) == LLVMVectorTypeKind ? LLVMGetElementType(ov) : ov;
}

/* Same shape as ov with element type e. */
static LLVMTypeRef types_like(LLVMTypeRef ov, LLVMTypeRef e)
{
    if (ov && LLVMGetTypeKind(ov) == LLVMVectorTypeKind)
        return LLVMVectorType(e, LLVMGetVectorSize(ov));
    return e;
}

static bool types_overload_of(LLVMTypeRef t, dxil_overload *ov)
{
    memset(ov, 0, sizeof *ov);
    if (!t)
        return true;
    dxil_scalar_kind k = lower_scalar_kind(t);
    if (k == DXIL_SCALAR_VOID)
        return false;
    ov->ndims = 1;
    ov->dims[0].kind = k;
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
        ov->dims[0].width = LLVMGetVectorSize(t);
    if (k == DXIL_SCALAR_OBJECT) {
        ov->dims[0].name = LLVMGetStructName(t);
        ov->dims[0].name_len = ov->dims[0].name ? strlen(ov->dims[0].name) : 0;
    }
    return true;
}

bool lower_overload_of(LLVMTypeRef t, dxil_overload *ov)
{
    return types_overload_of(t, ov);
}

/* "f32", "v4f32", "dx.types.Handle": the suffix DXC gives ov. */
static void types_suffix(LLVMTypeRef ov, char *buf, size_t size)
{
    dxil_overload o;
    buf[0] = '\0';
    if (types_overload_of(ov, &o))
        dxil_overload_format(&o, buf, size);
}

/* %dx.types.ResRet.<o>: {T,T,T,T,i32}, or {<N x T>, i32} for vectors. */
static LLVMTypeRef types_resret(lower_ctx *lc, LLVMTypeRef ov)
{
    char name[64], sfx[32];
    types_suffix(ov, sfx, sizeof sfx);
    snprintf(name, sizeof name, "dx.types.ResRet.%s", sfx);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
    if (ov && LLVMGetTypeKind(ov) == LLVMVectorTypeKind)
        return types_repeat(lc, name, ov, 1, i32);
    return types_repeat(lc, name, ov, 4, i32);
}

/* %dx.types.CBufRet.<o>: 2 fields for 64-bit, 8 (".8") for 16-bit when
 * the row holds native 16-bit values, else 4 (min precision keeps one
 * 16-bit value per 32-bit slot: DXC's 4-field CBufRet.i16 / .f16). */
static LLVMTypeRef types_cbufret(lower_ctx *lc, LLVMTypeRef ov)
{
    char name[64], sfx[32];
    types_suffix(ov, sfx, sizeof sfx);
    unsigned bits = 32;
    if (LLVMGetTypeKind(ov) == LLVMIntegerTypeKind)
        bits = LLVMGetIntTypeWidth(ov);
    else if (LLVMGetTypeKind(ov) == LLVMDoubleTypeKind)
        bits = 64;
    else if (LLVMGetTypeKind(ov) == LLVMHalfTypeKind)
        bits = 16;
    unsigned n = bits == 64 ? 2 : bits == 16 && lc->cbuf_lanes != 4 ? 8 : 4;
    snprintf(name, sizeof name, "dx.types.CBufRet.%s%s", sfx, n == 8 ? ".8" : "");
    return types_repeat(lc, name, ov, n, NULL);
}

/* The codes that depend on the overload are built here; every other
 * code's type comes from the spec's <types> descriptors. */
LLVMTypeRef lower_type_for_code(lower_ctx *lc, unsigned code, LLVMTypeRef ov)
{
    LLVMContextRef c = lc->ctx;
    switch (code) {
    case DXIL_TY_OVERLOAD: return ov;
    case DXIL_TY_ELT: return types_scalar(ov);
    case DXIL_TY_OVERLOAD_I1: return types_like(ov, LLVMInt1TypeInContext(c));
    case DXIL_TY_OVERLOAD_I32: return types_like(ov, LLVMInt32TypeInContext(c));
    case DXIL_TY_RESRET: return ov ? types_resret(lc, ov) : NULL;
    case DXIL_TY_CBUFRET: return ov ? types_cbufret(lc, ov) : NULL;
    case DXIL_TY_OBJ: case DXIL_TY_UDT: return ov;
    case DXIL_TY_VEC2: return ov ? LLVMVectorType(types_scalar(ov), 2) : NULL;
    case DXIL_TY_VEC4: return ov ? LLVMVectorType(types_scalar(ov), 4) : NULL;
    case DXIL_TY_VEC9: return ov ? LLVMVectorType(types_scalar(ov), 9) : NULL;
    default: return type_code_llvm(c, code);
    }
}

/* ---- attributes ---- */

/* LLVM-C cannot build a memory(...) attribute value portably, so parse
 * declarations carrying the ones DXC uses and take theirs. */
static const char types_attr_ir[] =
    "declare void @n() #0\ndeclare void @r() #1\ndeclare void @a() #2\n"
    "declare void @d() #3\ndeclare void @x() #4\n"
    "attributes #0 = { nounwind memory(none) }\n"
    "attributes #1 = { nounwind memory(read) }\n"
    "attributes #2 = { nounwind memory(argmem: readwrite) }\n"
    "attributes #3 = { nounwind noduplicate }\n"
    "attributes #4 = { nounwind noreturn }\n";

static LLVMAttributeRef types_attr_of(LLVMModuleRef m, const char *fn, const char *kind)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, fn);
    unsigned id = LLVMGetEnumAttributeKindForName(kind, strlen(kind));
    return f ? LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, id) : NULL;
}

int lower_attrs_init(lower_ctx *lc)
{
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
        types_attr_ir, sizeof types_attr_ir - 1, "dxil-lower-attrs");
    LLVMModuleRef m = NULL;
    char *err = NULL;
    if (!buf || LLVMParseIRInContext(lc->ctx, buf, &m, &err)) {
        LLVMDisposeMessage(err);
        return -1;
    }
    lc->attrs.nounwind = types_attr_of(m, "n", "nounwind");
    lc->attrs.mem_none = types_attr_of(m, "n", "memory");
    lc->attrs.mem_read = types_attr_of(m, "r", "memory");
    lc->attrs.mem_argmem = types_attr_of(m, "a", "memory");
    lc->attrs.noduplicate = types_attr_of(m, "d", "noduplicate");
    lc->attrs.noreturn = types_attr_of(m, "x", "noreturn");
    LLVMDisposeModule(m);
    return 0;
}

/* The attributes the raiser saw on declaration `name` when they were not
 * the table's (!dxu.opAttrs, docs/side-metadata.md). */
static bool types_parked_attrs(lower_ctx *lc, const char *name, uint32_t *bits)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(lc->mod, DXU_MD_OP_ATTRS);
    LLVMValueRef *ops = n ? calloc(n, sizeof *ops) : NULL;
    bool found = false;
    if (ops)
        LLVMGetNamedMetadataOperands(lc->mod, DXU_MD_OP_ATTRS, ops);
    for (unsigned i = 0; ops && i < n && !found; i++) {
        unsigned len = 0;
        LLVMValueRef s = LLVMGetMDNodeNumOperands(ops[i]) == 2 ? LLVMGetOperand(ops[i], 0) : NULL;
        const char *str = s ? LLVMGetMDString(s, &len) : NULL;
        uint64_t v;
        if (str && len == strlen(name) && !memcmp(str, name, len) &&
            const_u64(LLVMGetOperand(ops[i], 1), &v)) {
            *bits = (uint32_t)v;
            found = true;
        }
    }
    free(ops);
    return found;
}

static void types_apply_bits(lower_ctx *lc, LLVMValueRef fn, uint32_t bits)
{
    const struct { uint32_t bit; LLVMAttributeRef a; } map[] = {
        {DXIL_ATTR_READNONE, lc->attrs.mem_none},   {DXIL_ATTR_READONLY, lc->attrs.mem_read},
        {DXIL_ATTR_ARGMEMONLY, lc->attrs.mem_argmem}, {DXIL_ATTR_NODUPLICATE, lc->attrs.noduplicate},
        {DXIL_ATTR_NORETURN, lc->attrs.noreturn}};
    if (lc->attrs.nounwind && !(bits & DXU_OP_ATTRS_NO_NOUNWIND))
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, lc->attrs.nounwind);
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if ((bits & map[i].bit) && map[i].a)
            LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, map[i].a);
}

static void types_set_attrs(lower_ctx *lc, LLVMValueRef fn, const dxil_op_info *op,
                            const char *name)
{
    uint32_t bits;
    if (!types_parked_attrs(lc, name, &bits))
        bits = dxil_op_attrs_at(op, lc->dxil);
    types_apply_bits(lc, fn, bits);
}

/* Declarations of calls the raise kept got the op table's attributes
 * (raise_ops_attrs.c); the ones DXC wrote differently come back from
 * !dxu.opAttrs, so a kept call means again what it meant in the input. */
int lower_restore_op_attrs(lower_ctx *lc)
{
    static const char *const kinds[] = {"memory", "noduplicate", "noreturn", "nounwind"};
    if (!LLVMGetNamedMetadataNumOperands(lc->mod, DXU_MD_OP_ATTRS))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len = 0;
        const char *name = LLVMGetValueName2(fn, &len);
        uint32_t bits;
        if (!LLVMIsDeclaration(fn) || len < 6 || memcmp(name, "dx.op.", 6) ||
            !types_parked_attrs(lc, name, &bits))
            continue;
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
            LLVMRemoveEnumAttributeAtIndex(
                fn, LLVMAttributeFunctionIndex,
                LLVMGetEnumAttributeKindForName(kinds[i], strlen(kinds[i])));
        types_apply_bits(lc, fn, bits);
    }
    return 0;
}

/* dx.op.<fn>[.<overload>], declared on first use. */
static LLVMValueRef types_dxop_decl(lower_ctx *lc, const dxil_op_info *op, LLVMTypeRef ov)
{
    char name[256];
    dxil_overload o;
    const dxil_overload_set *set = dxil_op_overloads_at(op, lc->dxil);
    if (!set)
        set = dxil_op_overloads_latest(op);
    bool overloaded = set && set->ndims > 0;
    if (!types_overload_of(overloaded ? ov : NULL, &o) ||
        dxil_fn_name_build(op->cls->fn, &o, name, sizeof name) >= (int)sizeof name)
        return NULL;
    LLVMValueRef fn = LLVMGetNamedFunction(lc->mod, name);
    if (fn)
        return fn;
    LLVMTypeRef params[32];
    unsigned n = op->n_params < 32 ? op->n_params : 32;
    for (unsigned i = 0; i < n; i++) {
        params[i] = lower_type_for_code(lc, op->params[i].type, ov);
        if (!params[i])
            return NULL;
    }
    LLVMTypeRef ret = lower_type_for_code(lc, op->result.type, ov);
    if (!ret)
        return NULL;
    fn = LLVMAddFunction(lc->mod, name, LLVMFunctionType(ret, params, n, 0));
    types_set_attrs(lc, fn, op, name);
    return fn;
}

LLVMValueRef lower_dxop_call_op(lower_ctx *lc, const dxil_op_info *op, LLVMTypeRef ov,
                                LLVMValueRef *args, unsigned n_args, const char *name)
{
    LLVMValueRef fn = op ? types_dxop_decl(lc, op, ov) : NULL;
    if (!fn || n_args + 1 != op->n_params || n_args >= 32)
        return NULL;
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
    LLVMTypeRef ptys[32];
    LLVMGetParamTypes(fty, ptys);
    LLVMValueRef all[32];
    all[0] = lower_i32(lc, op->opcode);
    for (unsigned i = 0; i < n_args; i++) {
        all[i + 1] = args[i] ? args[i] : LLVMGetUndef(ptys[i + 1]);
        if (LLVMTypeOf(all[i + 1]) != ptys[i + 1])
            return NULL;
    }
    bool is_void = LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMVoidTypeKind;
    return LLVMBuildCall2(lc->b, fty, fn, all, n_args + 1, is_void ? "" : name);
}

LLVMValueRef lower_dxop_call(lower_ctx *lc, uint32_t opcode, LLVMTypeRef ov,
                             LLVMValueRef *args, unsigned n_args, const char *name)
{
    return lower_dxop_call_op(lc, dxil_op_by_opcode(lc->table, opcode), ov, args, n_args, name);
}
