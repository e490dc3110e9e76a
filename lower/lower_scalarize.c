/* lower_scalarize.c - splits a vector intrinsic call into one scalar call
 * per lane when the op the table maps it to has no such vector overload at
 * the target DXIL version (the versioned <overloads> of spec/dxil-ops.xml)
 * but does have the scalar one: sqrt(<4 x float>) at DXIL 1.3 becomes four
 * llvm.sqrt.f32 calls, which the op pass then lowers. Vectors stay where
 * the target allows them (DXIL 1.9 native vectors). The shape is the one
 * LLVM's scalarizer makes: per lane, the lane's extractelement of each
 * vector operand (i64 index, once per distinct operand) and then the
 * call; afterwards an insertelement chain from poison. An op with no
 * overloads at all whose operands are scalars (LegacyF16ToF32) is split
 * the same way when called on vectors. A result that is a struct of
 * vectors ({<2 x i32>, <2 x i1>} of llvm.uadd.with.overflow.v2i32 for
 * AddUint64(uint4), {<4 x i32>, <4 x i32>} of llvm.dx.splitdouble.v4i32)
 * becomes per lane a call returning the struct of the lanes; each
 * extractvalue of a field reads an insertelement chain of that field. */
#include "lower_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCAL_MAX_ARGS 16
#define SCAL_MAX_FIELDS 4

static unsigned scal_width(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 0;
}

static LLVMTypeRef scal_elem(LLVMTypeRef t)
{
    return scal_width(t) ? LLVMGetElementType(t) : t;
}

/* Lanes of every field of struct t when all have the same count, else 0. */
static unsigned scal_struct_width(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind)
        return 0;
    unsigned nf = LLVMCountStructElementTypes(t), n = 0;
    for (unsigned f = 0; f < nf; f++) {
        unsigned w = scal_width(LLVMStructGetTypeAtIndex(t, f));
        if (!w || (n && w != n))
            return 0;
        n = w;
    }
    return n;
}

/* The result type of one lane: the element, or the struct of elements. */
static LLVMTypeRef scal_lane_type(LLVMTypeRef t)
{
    if (!scal_struct_width(t))
        return scal_elem(t);
    LLVMTypeRef fields[SCAL_MAX_FIELDS];
    unsigned nf = LLVMCountStructElementTypes(t);
    if (nf > SCAL_MAX_FIELDS)
        return NULL;
    for (unsigned f = 0; f < nf; f++)
        fields[f] = LLVMGetElementType(LLVMStructGetTypeAtIndex(t, f));
    return LLVMStructTypeInContext(LLVMGetTypeContext(t), fields, nf, LLVMIsPackedStruct(t));
}

/* True when the op allows the scalar form of vector overload t but not t. */
static bool scal_wanted(lower_ctx *lc, const dxil_op_info *op, LLVMTypeRef t)
{
    dxil_overload vec, one;
    if (!t || !scal_width(t) || !lower_overload_of(t, &vec) ||
        !lower_overload_of(LLVMGetElementType(t), &one))
        return false;
    return !dxil_op_overload_valid(op, &vec, lc->dxil) && dxil_op_overload_valid(op, &one, lc->dxil);
}

/* Every vector in the call (result and arguments) has n lanes, and n is
 * one DXIL can have (the lane buffer of scal_split is that big). */
static bool scal_shape_ok(LLVMValueRef call, unsigned n)
{
    LLVMTypeRef rt = LLVMTypeOf(call);
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    if (na > SCAL_MAX_ARGS || n > DXIL_MAX_VECTOR_WIDTH ||
        (LLVMGetTypeKind(rt) != LLVMVoidTypeKind && scal_width(rt) != n &&
         scal_struct_width(rt) != n))
        return false;
    for (unsigned i = 0; i < na; i++) {
        unsigned w = scal_width(LLVMTypeOf(LLVMGetOperand(call, i)));
        if (w && w != n)
            return false;
    }
    return true;
}

/* "llvm.sqrt.v4f32" -> "llvm.sqrt.f32": drops "v<n>" from each mangled
 * type of n lanes. */
static bool scal_name(const char *name, unsigned n, char *out, size_t size)
{
    char lanes[16];
    size_t o = 0, ll = (size_t)snprintf(lanes, sizeof lanes, "v%u", n);
    for (const char *p = name; *p;) {
        size_t tok = strcspn(p, ".");
        if (tok > ll && !strncmp(p, lanes, ll) && (p[ll] < '0' || p[ll] > '9'))
            p += ll, tok -= ll;
        if (o + tok + 2 > size)
            return false;
        memcpy(out + o, p, tok);
        o += tok;
        p += tok;
        if (*p == '.')
            out[o++] = *p++;
    }
    out[o] = '\0';
    return true;
}

/* The scalar declaration of vector intrinsic fn (LLVM gives it the
 * intrinsic's attributes when it is created); shared with the data
 * scalarization (legalize/legal_lanes.c). */
LLVMValueRef lower_scalar_intrinsic_decl(lower_ctx *lc, LLVMValueRef fn, unsigned n)
{
    char name[256];
    size_t len = 0;
    if (!scal_name(LLVMGetValueName2(fn, &len), n, name, sizeof name))
        return NULL;
    LLVMValueRef sfn = LLVMGetNamedFunction(lc->mod, name);
    if (sfn)
        return sfn;
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn), params[SCAL_MAX_ARGS];
    unsigned np = LLVMCountParamTypes(fty);
    if (np > SCAL_MAX_ARGS || LLVMIsFunctionVarArg(fty))
        return NULL;
    LLVMGetParamTypes(fty, params);
    for (unsigned i = 0; i < np; i++)
        params[i] = scal_elem(params[i]);
    LLVMTypeRef rt = scal_lane_type(LLVMGetReturnType(fty));
    return rt ? LLVMAddFunction(lc->mod, name, LLVMFunctionType(rt, params, np, 0)) : NULL;
}

/* `base` + suffix + lane, LLVM's scalarizer names (".i0", ".upto0"). */
static void scal_lane_name(LLVMValueRef v, const char *suffix, unsigned lane, char *buf,
                           size_t size)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(v, &len);
    snprintf(buf, size, "%.*s%s%u", (int)len, name, suffix, lane);
}

/* Lane `lane` of every argument; an operand repeated reuses its extract. */
static void scal_lane_args(lower_ctx *lc, LLVMValueRef call, unsigned lane,
                           LLVMValueRef *out)
{
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(lc->ctx), lane, 0);
    for (unsigned j = 0; j < na; j++) {
        LLVMValueRef a = LLVMGetOperand(call, j);
        out[j] = a;
        if (!scal_width(LLVMTypeOf(a)))
            continue;
        for (unsigned k = 0; k < j && out[j] == a; k++)
            if (LLVMGetOperand(call, k) == a)
                out[j] = out[k];
        if (out[j] == a) {
            char name[160];
            scal_lane_name(a, ".i", lane, name, sizeof name);
            out[j] = LLVMBuildExtractElement(lc->b, a, idx, name);
        }
    }
}

/* Field f of the struct results `lanes` as a vector of type vt, built
 * right before `at`. */
static LLVMValueRef scal_field(lower_ctx *lc, LLVMValueRef *lanes, unsigned n, unsigned f,
                               LLVMTypeRef vt, LLVMValueRef at)
{
    LLVMValueRef acc = LLVMGetPoison(vt);
    LLVMPositionBuilderBefore(lc->b, at);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = LLVMBuildExtractValue(lc->b, lanes[i], f, "");
        acc = LLVMBuildInsertElement(lc->b, acc, e,
                                     LLVMConstInt(LLVMInt64TypeInContext(lc->ctx), i, 0), "");
    }
    return acc;
}

/* A struct-of-vectors result: each `extractvalue %call, f` becomes field
 * f's chain; any other use gets the struct put together again. */
static void scal_split_struct(lower_ctx *lc, LLVMValueRef call, LLVMValueRef *lanes, unsigned n)
{
    LLVMTypeRef rt = LLVMTypeOf(call);
    bool other_use = false;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(user) || LLVMGetNumIndices(user) != 1) {
            other_use = true;
            continue;
        }
        unsigned f = LLVMGetIndices(user)[0];
        lower_replace_named(lc, user, scal_field(lc, lanes, n, f, LLVMTypeOf(user), user));
    }
    if (other_use) {
        LLVMValueRef after = LLVMGetNextInstruction(call), whole = LLVMGetPoison(rt);
        for (unsigned f = 0; f < LLVMCountStructElementTypes(rt); f++) {
            LLVMValueRef v = scal_field(lc, lanes, n, f, LLVMStructGetTypeAtIndex(rt, f), after);
            whole = LLVMBuildInsertValue(lc->b, whole, v, f, "");
        }
        lower_replace(lc, call, whole);
        return;
    }
    lower_kill(lc, call);
}

static void scal_split(lower_ctx *lc, LLVMValueRef call, LLVMValueRef sfn, unsigned n)
{
    LLVMTypeRef sty = LLVMGlobalGetValueType(sfn), rt = LLVMTypeOf(call);
    bool is_void = LLVMGetTypeKind(rt) == LLVMVoidTypeKind;
    unsigned na = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef lanes[DXIL_MAX_VECTOR_WIDTH], args[SCAL_MAX_ARGS], acc = LLVMGetPoison(rt);
    char name[160];
    LLVMPositionBuilderBefore(lc->b, call);
    for (unsigned i = 0; i < n; i++) {
        scal_lane_args(lc, call, i, args);
        scal_lane_name(call, ".i", i, name, sizeof name);
        lanes[i] = LLVMBuildCall2(lc->b, sty, sfn, args, na, is_void ? "" : name);
        if (LLVMCanValueUseFastMathFlags(call))
            LLVMSetFastMathFlags(lanes[i], LLVMGetFastMathFlags(call));
    }
    if (is_void) {
        lower_kill(lc, call);
        return;
    }
    if (LLVMGetTypeKind(rt) == LLVMStructTypeKind) {
        scal_split_struct(lc, call, lanes, n);
        return;
    }
    char own[160]; /* the call's own name: the last insert takes it */
    size_t len = 0;
    const char *cname = LLVMGetValueName2(call, &len);
    snprintf(own, sizeof own, "%.*s", (int)len, cname);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(lc->ctx), i, 0);
        scal_lane_name(call, ".upto", i, name, sizeof name);
        if (i + 1 == n)
            LLVMSetValueName2(call, "", 0);
        acc = LLVMBuildInsertElement(lc->b, acc, lanes[i], idx, i + 1 < n ? name : own);
    }
    lower_replace(lc, call, acc);
}

static bool scal_plain_code(unsigned code)
{
    return code >= DXIL_TY_I1 && code <= DXIL_TY_U32;
}

/* An op without overloads whose result and operands are all scalars
 * (LegacyF16ToF32: u32 -> f) called on vectors, as clang writes
 * f16tof32(uint4): the call's lane count, or 0. */
static unsigned scal_fixed_width(const dxil_op_info *op, LLVMValueRef call)
{
    if (!op || (op->result.type != DXIL_TY_VOID && !scal_plain_code(op->result.type)))
        return 0;
    for (unsigned i = 1; i < op->n_params; i++)
        if (!scal_plain_code(op->params[i].type))
            return 0;
    unsigned n = scal_width(LLVMTypeOf(call));
    for (unsigned i = 0; !n && i < (unsigned)LLVMGetNumArgOperands(call); i++)
        n = scal_width(LLVMTypeOf(LLVMGetOperand(call, i)));
    return n && scal_shape_ok(call, n) ? n : 0;
}

static void scal_fn(lower_ctx *lc, LLVMValueRef fn, const char *base)
{
    LLVMValueRef *calls;
    size_t n = lower_collect_calls(fn, &calls);
    for (size_t i = 0; i < n; i++) {
        const dxil_intrinsic_ref *ref = lower_ops_select(lc, calls[i], base);
        bool table = ref && ref->map->custom == DXIL_MAP_TABLE;
        LLVMTypeRef t = table ? lower_ops_overload(ref->op, ref->map, calls[i]) : NULL;
        unsigned lanes = 0;
        if (scal_wanted(lc, ref ? ref->op : NULL, t) && scal_shape_ok(calls[i], scal_width(t)))
            lanes = scal_width(t);
        else if (table && !t)
            lanes = scal_fixed_width(ref->op, calls[i]);
        LLVMValueRef sfn = lanes ? lower_scalar_intrinsic_decl(lc, fn, lanes) : NULL;
        if (sfn) {
            lc->census_stale = true; /* lanes the census did not count */
            scal_split(lc, calls[i], sfn, lanes);
        }
    }
    free(calls);
}

int lower_scalarize(lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[128];
        const dxil_intrinsic_ref *first;
        if (lower_intrinsic_base(fn, base, sizeof base) &&
            dxil_optable_find_intrinsic(lc->table, base, &first) > 0)
            scal_fn(lc, fn, base);
    }
    lower_erase_dead(lc);
    return 0;
}
