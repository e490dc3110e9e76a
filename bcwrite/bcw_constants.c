/* bcw_constants.c - a CONSTANTS block as 3.7's WriteConstants wrote it:
 * SETTYPE when the type changes, then one record per constant. */
#include "bcw_encode.h"

#include <string.h>

enum { CONSTANTS_BLOCK_ID = 11 };
enum { C_SETTYPE = 1, C_NULL = 2, C_UNDEF = 3, C_INTEGER = 4, C_FLOAT = 6, C_AGGREGATE = 7,
       C_STRING = 8, C_CSTRING = 9, C_CE_BINOP = 10, C_CE_CAST = 11, C_CE_GEP = 12,
       C_CE_INBOUNDS_GEP = 20, C_DATA = 22 };
enum { AB_AGGREGATE = 8, AB_STRING, AB_CSTRING7, AB_CSTRING6 }; /* module block only */

typedef struct cst_out {
    unsigned code, abbrev;
} cst_out;

/* LLVM's sign-in-bit-0 form. The magnitude is taken unsigned: -INT64_MIN
 * overflows (undefined behaviour); unsigned it wraps to 2^63, written as 1,
 * which LLVM's reader decodes as INT64_MIN. */
static uint64_t signed_vbr(int64_t v)
{
    return v >= 0 ? (uint64_t)v << 1 : ((0 - (uint64_t)v) << 1) | 1;
}

/* The bits of a floating-point constant. */
static uint64_t fp_bits(bcw_ctx *c, LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned w = LLVMGetTypeKind(t) == LLVMHalfTypeKind ? 16
               : LLVMGetTypeKind(t) == LLVMFloatTypeKind ? 32 : 64;
    LLVMValueRef i = LLVMConstBitCast(v, LLVMIntTypeInContext(c->llctx, w));
    return LLVMIsAConstantInt(i) ? LLVMConstIntGetZExtValue(i) : 0;
}

static uint64_t elem_bits(bcw_ctx *c, LLVMValueRef e)
{
    return LLVMIsAConstantInt(e) ? LLVMConstIntGetZExtValue(e) : fp_bits(c, e);
}

static cst_out string_rec(LLVMValueRef v, bcw_rec *r, bool global)
{
    size_t len;
    const char *s = LLVMGetAsString(v, &len);
    bool cstr = len && !s[len - 1], is7 = true;
    if (cstr)
        len--;
    for (size_t i = 0; i < len; i++) {
        bcw_rec_push(r, (unsigned char)s[i]);
        is7 &= !((unsigned char)s[i] & 128);
    }
    cst_out o = { cstr ? C_CSTRING : C_STRING, 0 };
    if (global)
        o.abbrev = !cstr ? AB_STRING : bcw_is_char6(s, len) ? AB_CSTRING6 : is7 ? AB_CSTRING7 : 0;
    return o;
}

static bool is_data(LLVMValueRef v)
{
    return LLVMIsAConstantDataSequential(v) != NULL;
}

static cst_out cexpr_rec(bcw_ctx *c, const bcw_val *e, bcw_rec *r)
{
    LLVMOpcode op = LLVMGetConstOpcode(e->v);
    int cast = bcw_cast_code(op);
    if (cast >= 0) {
        bcw_rec_push(r, (uint64_t)cast);
        bcw_rec_push(r, bcw_type_id(c, c->vals[e->ops[0]].type));
        bcw_rec_push(r, bcw_id(c, e->ops[0]));
        return (cst_out){ C_CE_CAST, CST_AB_CE_CAST };
    }
    if (op == LLVMGetElementPtr) {
        bcw_rec_push(r, bcw_type_id(c, bcw_type_from_llvm(c, LLVMGetGEPSourceElementType(e->v))));
        for (uint32_t i = 0; i < e->nops; i++) {
            bcw_rec_push(r, bcw_type_id(c, c->vals[e->ops[i]].type));
            bcw_rec_push(r, bcw_id(c, e->ops[i]));
        }
        return (cst_out){ LLVMIsInBounds(e->v) ? C_CE_INBOUNDS_GEP : C_CE_GEP, 0 };
    }
    int bin = bcw_binop_code(op);
    if (bin >= 0 && e->nops == 2) {
        bcw_rec_push(r, (uint64_t)bin);
        bcw_rec_push(r, bcw_id(c, e->ops[0]));
        bcw_rec_push(r, bcw_id(c, e->ops[1]));
        return (cst_out){ C_CE_BINOP, 0 };
    }
    bcw_error(c, e->v, "a constant expression with no 3.7 form");
    return (cst_out){ C_UNDEF, 0 };
}

static cst_out syn_rec(bcw_ctx *c, const bcw_val *e, bcw_rec *r)
{
    const bcw_val *src = &c->vals[e->ops[0]];
    if (e->syn_op != SYN_GEP0) {
        bcw_rec_push(r, e->syn_op == SYN_ASCAST ? 12 : 11);
        bcw_rec_push(r, bcw_type_id(c, src->type));
        bcw_rec_push(r, bcw_id(c, e->ops[0]));
        return (cst_out){ C_CE_CAST, CST_AB_CE_CAST };
    }
    bcw_rec_push(r, bcw_type_id(c, c->types[src->type].sub[0]));
    for (uint32_t i = 0; i < e->nops; i++) {
        bcw_rec_push(r, bcw_type_id(c, c->vals[e->ops[i]].type));
        bcw_rec_push(r, bcw_id(c, e->ops[i]));
    }
    return (cst_out){ C_CE_INBOUNDS_GEP, 0 };
}

static cst_out leaf_rec(bcw_ctx *c, const bcw_val *e, bcw_rec *r, bool global)
{
    LLVMValueRef v = e->v;
    if (LLVMIsNull(v))
        return (cst_out){ C_NULL, 0 };
    if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v))
        return (cst_out){ C_UNDEF, 0 };
    if (LLVMIsAConstantInt(v)) {
        if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
            bcw_error(c, v, "an integer constant wider than 64 bits");
        bcw_rec_push(r, signed_vbr(LLVMConstIntGetSExtValue(v)));
        return (cst_out){ C_INTEGER, CST_AB_INTEGER };
    }
    if (LLVMIsAConstantFP(v)) {
        bcw_rec_push(r, fp_bits(c, v));
        return (cst_out){ C_FLOAT, 0 };
    }
    if (e->nops) { /* an aggregate, or half data written as one */
        for (uint32_t i = 0; i < e->nops; i++)
            bcw_rec_push(r, bcw_id(c, e->ops[i]));
        return (cst_out){ C_AGGREGATE, global ? AB_AGGREGATE : 0 };
    }
    if (is_data(v) && LLVMIsConstantString(v))
        return string_rec(v, r, global);
    if (is_data(v)) {
        unsigned n = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMArrayTypeKind
                         ? (unsigned)LLVMGetArrayLength2(LLVMTypeOf(v))
                         : LLVMGetVectorSize(LLVMTypeOf(v));
        for (unsigned i = 0; i < n; i++)
            bcw_rec_push(r, elem_bits(c, LLVMGetAggregateElement(v, i)));
        return (cst_out){ C_DATA, 0 };
    }
    bcw_error(c, v, "a constant with no 3.7 form");
    return (cst_out){ C_UNDEF, 0 };
}

static cst_out const_rec(bcw_ctx *c, const bcw_val *e, bcw_rec *r, bool global)
{
    switch (e->kind) {
    case VK_TYPED_NULL: return (cst_out){ C_NULL, 0 };
    case VK_TYPED_UNDEF: return (cst_out){ C_UNDEF, 0 };
    case VK_SYN_CEXPR: return syn_rec(c, e, r);
    case VK_CEXPR: return cexpr_rec(c, e, r);
    default: return leaf_rec(c, e, r, global);
    }
}

static void module_abbrevs(bcw_ctx *c, size_t last, bcw_abbrev *ab)
{
    const bs_abbrev_op ar = { BS_ENC_ARRAY, 0 };
    ab[0] = (bcw_abbrev){ 3, { { BS_ENC_LITERAL, C_AGGREGATE }, ar,
                               { BS_ENC_FIXED, bcw_log2_ceil(last + 1) } } };
    ab[1] = (bcw_abbrev){ 3, { { BS_ENC_LITERAL, C_STRING }, ar, { BS_ENC_FIXED, 8 } } };
    ab[2] = (bcw_abbrev){ 3, { { BS_ENC_LITERAL, C_CSTRING }, ar, { BS_ENC_FIXED, 7 } } };
    ab[3] = (bcw_abbrev){ 3, { { BS_ENC_LITERAL, C_CSTRING }, ar, { BS_ENC_CHAR6, 0 } } };
    for (int i = 0; i < 4; i++)
        bcw_define_abbrev(c, &ab[i], 4);
}

static void emit(bcw_ctx *c, const bcw_abbrev *info, const bcw_abbrev *mod, cst_out o,
                 const bcw_rec *r)
{
    if (o.abbrev >= AB_AGGREGATE)
        bcw_record_abbrev(c, &mod[o.abbrev - AB_AGGREGATE], o.abbrev, o.code, r->v, r->n, 4);
    else if (o.abbrev)
        bcw_record_abbrev(c, &info[o.abbrev - CST_AB_SETTYPE], o.abbrev, o.code, r->v, r->n, 4);
    else
        bcw_record(c, o.code, r->v, r->n, 4);
}

/* The constants order[from, to). */
void bcw_write_constants(bcw_ctx *c, size_t from, size_t to, bool global)
{
    if (from == to)
        return;
    size_t len;
    bcw_abbrev info[8], mod[4];
    unsigned ninfo;
    bcw_blockinfo_abbrevs(c, CONSTANTS_BLOCK_ID, &ninfo, info);
    bcw_enter(c, CONSTANTS_BLOCK_ID, 4, &len);
    if (global)
        module_abbrevs(c, to, mod);
    bcw_rec r = { 0 };
    uint32_t last_type = BCW_NONE;
    for (size_t i = from; i < to; i++) {
        const bcw_val *e = &c->vals[c->order[i]];
        if (e->type != last_type) {
            last_type = e->type;
            uint64_t t = bcw_type_id(c, e->type);
            bcw_record_abbrev(c, &info[0], CST_AB_SETTYPE, C_SETTYPE, &t, 1, 4);
        }
        r.n = 0;
        cst_out o = const_rec(c, e, &r, global);
        emit(c, info, mod, o, &r);
    }
    c->failed |= r.oom;
    bcw_rec_free(&r);
    bcw_exit(c, len, 4);
}
