/* chk_dxop.c - DXC's op cache over a module's dx.op functions
 * (chk_dxop.h). The overload of a function for an op comes from where
 * DXC's generated OP::GetOverloadType looks, derived here from the op
 * class's signature in the op table: the result when it is $o; the first
 * field of a $r/$cb/$vec4 result struct; the element of a $vec2/$vec9
 * result; else the first $o parameter or the last $udt/$obj one; the
 * $x/$x_gs positions of an extended (several-dimension) overload; none
 * for the rest (one fixed type). A pointer's pointee comes from the
 * bitcode's typed-pointer facts; where they are missing the function is
 * taken as known (no report). */
#include "chk_dxop.h"

#include "module/dxop_calls.h"
#include "optable/optable_llvm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *chk_kind_name(int kind)
{
    static const char *const names[] = {
        "ps", "vs", "gs", "hs", "ds", "cs", "lib", "raygeneration", "intersection", "anyhit",
        "closesthit", "miss", "callable", "ms", "as", "node", "invalid"};
    return kind >= 0 && kind < 16 ? names[kind] : names[16];
}

/* ---- an overload as DXC derives it ------------------------------------------ */

typedef struct dxo_dim {
    LLVMTypeRef t;       /* the type (for $x_gs: the pointee) */
    LLVMTypeRef pointee; /* t a pointer: what it points to (NULL: not known) */
} dxo_dim;

typedef struct dxo {
    unsigned n;          /* 0: the void overload */
    dxo_dim d[DXIL_MAX_OVERLOAD_DIMS];
    bool unknown;        /* a pointee the facts do not give */
} dxo;

/* fn's declared signature: LLVM 22's function type, and the bitcode's
 * function type id for pointees (BC_PF_NONE without facts). */
typedef struct dxo_sig {
    LLVMTypeRef fty;
    uint32_t bcty;
} dxo_sig;

static dxo_sig dxo_sig_of(const chk_env *e, LLVMValueRef fn)
{
    dxo_sig s = {LLVMGlobalGetValueType(fn), BC_PF_NONE};
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    const bc_pfvalue *v = e->pf ? bc_pf_value(e->pf, name, len) : NULL;
    if (v)
        s.bcty = chk_env_pointee(e, v->type);
    return s;
}

/* The type at position pos (0: result, k: parameter k - 1 with k >= 1),
 * NULL when fn has none there. */
static LLVMTypeRef dxo_at(const dxo_sig *s, unsigned pos)
{
    if (pos == 0)
        return LLVMGetReturnType(s->fty);
    unsigned n = LLVMCountParamTypes(s->fty);
    if (pos > n)
        return NULL;
    LLVMTypeRef params[64];
    if (n > 64)
        return NULL;
    LLVMGetParamTypes(s->fty, params);
    return params[pos - 1];
}

/* The pointee at position pos from the facts (NULL: not known). */
static LLVMTypeRef dxo_pointee_at(chk_ctx *c, const chk_env *e, const dxo_sig *s, unsigned pos)
{
    if (s->bcty == BC_PF_NONE)
        return NULL;
    uint32_t ty = bc_pf_op(e->pf, s->bcty, pos + 1); /* [vararg, ret, params...] */
    uint32_t p = chk_env_pointee(e, ty);
    return p == BC_PF_NONE ? NULL : chk_env_type(e, c->ctx, p);
}

static bool dxo_set_dim(chk_ctx *c, const chk_env *e, const dxo_sig *s, unsigned pos, bool unwrap,
                        dxo_dim *d)
{
    LLVMTypeRef t = dxo_at(s, pos);
    if (!t)
        return false;
    d->t = t;
    d->pointee = NULL;
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
        d->pointee = dxo_pointee_at(c, e, s, pos);
        if (unwrap) {
            d->t = d->pointee;
            d->pointee = NULL;
            return d->t != NULL;
        }
        return d->pointee != NULL;
    }
    return true;
}

static bool code_is_ext(unsigned code, unsigned *dim, bool *gs)
{
    if (code >= DXIL_TY_X0 && code <= DXIL_TY_X3)
        return *dim = code - DXIL_TY_X0, *gs = false, true;
    if (code >= DXIL_TY_X_GS0 && code <= DXIL_TY_X_GS3)
        return *dim = code - DXIL_TY_X_GS0, *gs = true, true;
    return false;
}

/* The overload dimension count the latest table gives op. */
static unsigned dxo_dims(const dxil_op_info *op)
{
    const dxil_overload_set *set = dxil_op_overloads_latest(op);
    return set ? set->ndims : 0;
}

/* Extended overloads: each $x/$x_gs position names one dimension. */
static bool dxo_extended(chk_ctx *c, const chk_env *e, const dxil_op_info *op, const dxo_sig *s,
                         dxo *o)
{
    unsigned dim;
    bool gs;
    o->n = dxo_dims(op);
    unsigned seen = 0;
    if (code_is_ext(op->result.type, &dim, &gs) && dim < o->n) {
        if (!dxo_set_dim(c, e, s, 0, gs, &o->d[dim]))
            return false;
        seen |= 1u << dim;
    }
    for (unsigned i = 1; i < op->n_params; i++)
        if (code_is_ext(op->params[i].type, &dim, &gs) && dim < o->n && !(seen >> dim & 1)) {
            if (!dxo_set_dim(c, e, s, i + 1, gs, &o->d[dim]))
                return false;
            seen |= 1u << dim;
        }
    return seen == (1u << o->n) - 1;
}

/* A fixed single-type op: the type its one overload letter names. */
static LLVMTypeRef dxo_fixed(chk_ctx *c, const dxil_op_info *op)
{
    const dxil_overload_set *set = dxil_op_overloads_latest(op);
    const char *l = set ? set->letters : "v";
    switch (l[0]) {
    case 'h': return LLVMHalfTypeInContext(c->ctx);
    case 'f': return LLVMFloatTypeInContext(c->ctx);
    case 'd': return LLVMDoubleTypeInContext(c->ctx);
    case '1': return LLVMInt1TypeInContext(c->ctx);
    case '8': return LLVMInt8TypeInContext(c->ctx);
    case 'w': return LLVMInt16TypeInContext(c->ctx);
    case 'i': return LLVMInt32TypeInContext(c->ctx);
    case 'l': return LLVMInt64TypeInContext(c->ctx);
    default: return NULL;
    }
}

/* DXC's OP::GetOverloadType(op, fn). false when fn's signature has no
 * type where the op's overload is (DXC: nullptr). */
static bool dxo_of(chk_ctx *c, const chk_env *e, const dxil_op_info *op, LLVMValueRef fn,
                   dxo *o)
{
    memset(o, 0, sizeof *o);
    dxo_sig s = dxo_sig_of(e, fn);
    if (dxo_dims(op) > 1) {
        o->unknown = !dxo_extended(c, e, op, &s, o);
        return true;
    }
    unsigned rc = op->result.type;
    o->n = 1;
    if (rc == DXIL_TY_OVERLOAD) {
        o->unknown = !dxo_set_dim(c, e, &s, 0, false, &o->d[0]);
        return true;
    }
    LLVMTypeRef ret = LLVMGetReturnType(s.fty);
    if (rc == DXIL_TY_RESRET || rc == DXIL_TY_CBUFRET || rc == DXIL_TY_VEC4) {
        if (LLVMGetTypeKind(ret) != LLVMStructTypeKind || !LLVMCountStructElementTypes(ret))
            return false;
        o->d[0].t = LLVMStructGetTypeAtIndex(ret, 0);
        return true;
    }
    if (rc == DXIL_TY_VEC2 || rc == DXIL_TY_VEC9) {
        if (LLVMGetTypeKind(ret) != LLVMVectorTypeKind)
            return false;
        o->d[0].t = LLVMGetElementType(ret);
        return true;
    }
    int at = -1;
    for (unsigned i = 1; i < op->n_params; i++) {
        unsigned pc = op->params[i].type;
        if (pc == DXIL_TY_OVERLOAD) {
            at = (int)i;
            break;
        }
        if (pc == DXIL_TY_UDT || pc == DXIL_TY_OBJ)
            at = (int)i;
    }
    if (at >= 0) {
        if (!dxo_at(&s, (unsigned)at + 1))
            return false;
        o->unknown = !dxo_set_dim(c, e, &s, (unsigned)at + 1, false, &o->d[0]);
        return true;
    }
    o->d[0].t = dxo_fixed(c, op);
    o->n = o->d[0].t ? 1 : 0;
    return true;
}

/* ---- names and legality -------------------------------------------------------- */

static bool scalar_kind(LLVMTypeRef t, dxil_scalar_kind *k)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: *k = DXIL_SCALAR_HALF; return true;
    case LLVMFloatTypeKind: *k = DXIL_SCALAR_FLOAT; return true;
    case LLVMDoubleTypeKind: *k = DXIL_SCALAR_DOUBLE; return true;
    case LLVMIntegerTypeKind:
        switch (LLVMGetIntTypeWidth(t)) {
        case 1: *k = DXIL_SCALAR_I1; return true;
        case 8: *k = DXIL_SCALAR_I8; return true;
        case 16: *k = DXIL_SCALAR_I16; return true;
        case 32: *k = DXIL_SCALAR_I32; return true;
        case 64: *k = DXIL_SCALAR_I64; return true;
        default: return false;
        }
    default: return false;
    }
}

/* DXC's GetTypeSlot and GetTypeName of one dimension. */
static bool dim_overload(const dxo_dim *d, dxil_overload_type *out)
{
    memset(out, 0, sizeof *out);
    LLVMTypeRef t = d->t;
    if (!t)
        return false;
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
        t = d->pointee; /* unknown when the bitcode's facts are not */
        if (!t)
            return false;
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            out->kind = DXIL_SCALAR_UDT;
            out->name = LLVMGetStructName(t);
            out->name = out->name ? out->name : "";
            out->name_len = strlen(out->name);
            return true;
        }
    }
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
        const char *name = LLVMGetStructName(t);
        if (!name)
            return false;
        out->kind = DXIL_SCALAR_OBJECT;
        out->name = name;
        out->name_len = strlen(name);
        return true;
    }
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
        out->width = LLVMGetVectorSize(t);
        return scalar_kind(LLVMGetElementType(t), &out->kind);
    }
    return scalar_kind(t, &out->kind);
}

static bool dxo_overload(const dxo *o, dxil_overload *ov)
{
    memset(ov, 0, sizeof *ov);
    ov->ndims = o->n;
    for (unsigned i = 0; i < o->n; i++)
        if (!dim_overload(&o->d[i], &ov->dims[i]))
            return false;
    return true;
}

/* "dx.op.<fn>[.<overload>]"; a LinAlg matrix object is "m<mangling>". */
static bool dxo_name(const dxil_op_info *op, const dxil_overload *ov, char *buf, size_t size)
{
    static const char linalg[] = "dx.types.LinAlgMatrix";
    dxil_overload o = *ov;
    char names[DXIL_MAX_OVERLOAD_DIMS][160];
    for (unsigned i = 0; i < o.ndims; i++) {
        dxil_overload_type *d = &o.dims[i];
        if (d->kind == DXIL_SCALAR_OBJECT && d->name_len > sizeof linalg - 1 &&
            strncmp(d->name, linalg, sizeof linalg - 1) == 0) {
            snprintf(names[i], sizeof names[i], "m%.*s", (int)(d->name_len - (sizeof linalg - 1)),
                     d->name + sizeof linalg - 1);
            d->name = names[i];
            d->name_len = strlen(names[i]);
        }
    }
    int n = dxil_fn_name_build(op->cls->fn, &o, buf, size);
    return n > 0 && (size_t)n < size;
}

static bool dxo_legal(const dxil_op_info *op, const dxil_overload *ov)
{
    const dxil_overload_set *set = dxil_op_overloads_latest(op);
    if (!set)
        return ov->ndims == 0;
    if (set->ndims == 0 || ov->ndims == 0)
        return set->ndims == ov->ndims;
    return dxil_overload_set_allows(set, ov);
}

/* ---- the signature an overload gives ---------------------------------------------- */

static LLVMTypeRef scalar_of(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

static bool same_shape(LLVMTypeRef actual, LLVMTypeRef ov, LLVMTypeRef elt)
{
    if (LLVMGetTypeKind(ov) == LLVMVectorTypeKind)
        return LLVMGetTypeKind(actual) == LLVMVectorTypeKind &&
               LLVMGetVectorSize(actual) == LLVMGetVectorSize(ov) &&
               LLVMGetElementType(actual) == elt;
    return actual == elt;
}

static bool struct_named(LLVMTypeRef t, const char *name)
{
    const char *n = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    return n && strcmp(n, name) == 0;
}

/* %dx.types.ResRet.<o> or %dx.types.CBufRet.<o>[.8] with DXC's fields. */
static bool ret_struct_fits(const chk_env *e, LLVMTypeRef actual, LLVMTypeRef ov, bool cbuf)
{
    dxo_dim d = {ov, NULL};
    dxil_overload_type ot;
    char sfx[64], name[96];
    dxil_overload one = {1, {{0}}};
    if (!dim_overload(&d, &ot))
        return false;
    one.dims[0] = ot;
    dxil_overload_format(&one, sfx, sizeof sfx);
    unsigned bits = LLVMGetTypeKind(ov) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ov)
                    : LLVMGetTypeKind(ov) == LLVMDoubleTypeKind ? 64
                    : LLVMGetTypeKind(ov) == LLVMHalfTypeKind   ? 16
                                                                : 32;
    bool eight = cbuf && bits == 16 && !e->min_precision;
    snprintf(name, sizeof name, "dx.types.%s.%s%s", cbuf ? "CBufRet" : "ResRet", sfx,
             eight ? ".8" : "");
    if (!struct_named(actual, name))
        return false;
    unsigned n = LLVMCountStructElementTypes(actual);
    if (!cbuf && LLVMGetTypeKind(ov) == LLVMVectorTypeKind)
        return n == 2 && LLVMStructGetTypeAtIndex(actual, 0) == ov;
    unsigned want = cbuf ? (bits == 64 ? 2 : eight ? 8 : 4) : 5;
    if (n != want)
        return false;
    for (unsigned i = 0; i < n; i++) {
        LLVMTypeRef f = LLVMStructGetTypeAtIndex(actual, i);
        if (f != (i == 4 && !cbuf ? LLVMInt32TypeInContext(LLVMGetTypeContext(ov)) : ov))
            return false;
    }
    return true;
}

/* Whether actual is what code means for overload o (true where the
 * answer needs facts that are missing). */
static bool code_fits(const chk_env *e, LLVMTypeRef actual, unsigned code, const dxo *o)
{
    LLVMContextRef ctx = LLVMGetTypeContext(actual);
    LLVMTypeRef ov = o->n ? o->d[0].t : NULL;
    unsigned dim;
    bool gs;
    if (code_is_ext(code, &dim, &gs)) {
        if (dim >= o->n)
            return false;
        if (gs)
            return LLVMGetTypeKind(actual) == LLVMPointerTypeKind &&
                   LLVMGetPointerAddressSpace(actual) == 3;
        return actual == o->d[dim].t;
    }
    switch (code) {
    case DXIL_TY_OVERLOAD: case DXIL_TY_UDT: case DXIL_TY_OBJ:
        return ov && actual == ov;
    case DXIL_TY_ELT: return ov && actual == scalar_of(ov);
    case DXIL_TY_OVERLOAD_I1: return ov && same_shape(actual, ov, LLVMInt1TypeInContext(ctx));
    case DXIL_TY_OVERLOAD_I32: return ov && same_shape(actual, ov, LLVMInt32TypeInContext(ctx));
    case DXIL_TY_RESRET: return ov && ret_struct_fits(e, actual, ov, false);
    case DXIL_TY_CBUFRET: return ov && ret_struct_fits(e, actual, ov, true);
    case DXIL_TY_VEC2: case DXIL_TY_VEC9:
        return ov && LLVMGetTypeKind(actual) == LLVMVectorTypeKind &&
               LLVMGetVectorSize(actual) == (code == DXIL_TY_VEC2 ? 2u : 9u) &&
               LLVMGetElementType(actual) == scalar_of(ov);
    case DXIL_TY_VEC4:
        return ov && struct_named(actual, LLVMGetIntTypeWidth(scalar_of(ov)) == 16
                                              ? "dx.types.fouri16"
                                              : "dx.types.fouri32");
    default:
        return type_code_fits(code, actual);
    }
}

/* Whether fn's signature is the op's for overload o. */
static bool dxo_fits(const chk_env *e, const dxil_op_info *op, LLVMValueRef fn, const dxo *o)
{
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
    unsigned n = LLVMCountParamTypes(fty);
    if (n != op->n_params || n > 64 || LLVMIsFunctionVarArg(fty))
        return false;
    if (!code_fits(e, LLVMGetReturnType(fty), op->result.type, o))
        return false;
    LLVMTypeRef params[64];
    LLVMGetParamTypes(fty, params);
    for (unsigned i = 0; i < n; i++)
        if (!code_fits(e, params[i], op->params[i].type, o))
            return false;
    return true;
}

/* ---- the cache -------------------------------------------------------------------- */

typedef struct dxop_reg {
    const dxil_op_class *cls;
    LLVMValueRef fn;
} dxop_reg;

struct chk_dxop {
    dxop_reg *reg;
    size_t nreg;
    char **created;
    size_t ncreated;
    bool oom;
};

static void dxop_add(chk_dxop *d, const dxil_op_class *cls, LLVMValueRef fn)
{
    dxop_reg *r = realloc(d->reg, (d->nreg + 1) * sizeof *r);
    if (!r) {
        d->oom = true;
        return;
    }
    d->reg = r;
    r[d->nreg++] = (dxop_reg){cls, fn};
}

static void dxop_created(chk_dxop *d, const char *name)
{
    for (size_t i = 0; i < d->ncreated; i++)
        if (strcmp(d->created[i], name) == 0)
            return;
    char **p = realloc(d->created, (d->ncreated + 1) * sizeof *p);
    char *s = p ? strdup(name) : NULL;
    if (p)
        d->created = p;
    if (!s) {
        d->oom = true;
        return;
    }
    d->created[d->ncreated++] = s;
}

/* The function DXC's cache lists for (op, overload of fn): the one named
 * for it when its signature fits, else none; a name not in the module is
 * one DXC adds. */
static void dxop_register(chk_ctx *c, chk_env *e, chk_dxop *d, LLVMValueRef fn,
                          const dxil_op_info *op)
{
    dxo o;
    dxil_overload ov;
    char name[256];
    if (!dxo_of(c, e, op, fn, &o))
        return;
    if (o.unknown || !dxo_overload(&o, &ov) || !dxo_name(op, &ov, name, sizeof name)) {
        dxop_add(d, op->cls, fn); /* cannot tell: taken as known */
        return;
    }
    LLVMValueRef g = LLVMGetNamedFunction(c->mod, name);
    if (!g)
        dxop_created(d, name);
    else if (dxo_fits(e, op, g, &o))
        dxop_add(d, op->cls, g);
}

chk_dxop *chk_dxop_get(chk_ctx *c, chk_env *e)
{
    if (e->dxop)
        return e->dxop;
    chk_dxop *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        uint32_t opcode;
        if (len < 6 || strncmp(name, "dx.op.", 6) != 0)
            continue;
        /* DXC takes the first user, which must be a call (else it would
         * not run at all); here the first call. */
        LLVMValueRef call = NULL;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u && !call; u = LLVMGetNextUse(u))
            if (LLVMIsACallInst(LLVMGetUser(u)))
                call = LLVMGetUser(u);
        const dxil_op_info *op = call && ops_call_opcode(call, &opcode)
                                     ? dxil_op_by_opcode(c->table, opcode)
                                     : NULL;
        if (op && op->cls)
            dxop_register(c, e, d, f, op);
    }
    e->dxop = d;
    return d;
}

void chk_dxop_free(chk_dxop *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->ncreated; i++)
        free(d->created[i]);
    free(d->created);
    free(d->reg);
    free(d);
}

bool chk_dxop_known(const chk_dxop *d, const dxil_op_info *op, LLVMValueRef fn)
{
    if (!d || d->oom || !op || !op->cls)
        return true;
    for (size_t i = 0; i < d->nreg; i++)
        if (d->reg[i].cls == op->cls && d->reg[i].fn == fn)
            return true;
    return false;
}

size_t chk_dxop_created(const chk_dxop *d, const char *const **names)
{
    *names = d ? (const char *const *)d->created : NULL;
    return d && !d->oom ? d->ncreated : 0;
}

chk_oload chk_dxop_overload(chk_ctx *c, chk_env *e, const dxil_op_info *op, LLVMValueRef fn,
                            char *expected, size_t size)
{
    dxo o;
    dxil_overload ov;
    if (!op->cls || !dxo_of(c, e, op, fn, &o))
        return op->cls ? CHK_OLOAD_ILLEGAL : CHK_OLOAD_OK;
    if (o.unknown || !dxo_overload(&o, &ov))
        return o.unknown ? CHK_OLOAD_OK : CHK_OLOAD_ILLEGAL;
    if (!dxo_legal(op, &ov) || !dxo_name(op, &ov, expected, size))
        return CHK_OLOAD_ILLEGAL;
    LLVMValueRef g = LLVMGetNamedFunction(c->mod, expected);
    if (g && !dxo_fits(e, op, g, &o))
        return CHK_OLOAD_ILLEGAL; /* DXC finds the name taken by another signature */
    chk_dxop *d = chk_dxop_get(c, e);
    if (!g && d)
        dxop_created(d, expected); /* DXC's GetOpFunc adds it, unused */
    return dxo_fits(e, op, fn, &o) ? CHK_OLOAD_OK : CHK_OLOAD_SIGNATURE;
}
