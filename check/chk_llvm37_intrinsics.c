/* chk_llvm37_intrinsics.c - a called intrinsic as LLVM 3.7's verifier
 * checks it (visitIntrinsicFunctionCall): the reader takes a function
 * for an intrinsic by its name (bitcode/intrinsics37.h); its type must
 * fit 3.7's signature, each overloaded type recorded in order, and its
 * name must be the base name followed by 3.7's mangling of those types
 * (`llvm.powi.f32`: LLVM 22 names the same declaration
 * `llvm.powi.f32.i32`, and 3.7 refuses that name). Over the written
 * bitcode's type table, not LLVM 22's types (no typed pointers there,
 * and its reader renames what it upgrades). */
#include "chk_llvm37.h"

#include "bitcode/intrinsics37.h"

#include <stdio.h>
#include <string.h>

enum { MAX_OVERLOADS = 8 };

typedef struct i37_sig {
    const bc_ptrfacts *f;
    uint32_t args[MAX_OVERLOADS];
    unsigned nargs;
    bool unknown; /* a token this file does not follow */
} i37_sig;

static uint8_t code(const bc_ptrfacts *f, uint32_t ty)
{
    return bc_pf_code(f, ty);
}

static uint32_t op(const bc_ptrfacts *f, uint32_t ty, uint32_t i)
{
    return bc_pf_op(f, ty, i);
}

static bool is_int(const bc_ptrfacts *f, uint32_t ty, uint32_t width)
{
    return code(f, ty) == BC_TY_INTEGER && (!width || op(f, ty, 0) == width);
}

static bool is_fp(const bc_ptrfacts *f, uint32_t ty)
{
    uint8_t c = code(f, ty); /* half, float, double, x86_fp80, fp128, ppc_fp128 */
    return c == BC_TY_HALF || c == BC_TY_FLOAT || c == BC_TY_DOUBLE || (c >= 13 && c <= 15);
}

/* The element type of a vector, else the type. */
static uint32_t scalar(const bc_ptrfacts *f, uint32_t ty)
{
    return code(f, ty) == BC_TY_VECTOR ? op(f, ty, 1) : ty;
}

/* 3.7 uniques types: two records of one structure are one type, except
 * named structs. */
static bool same_type(const bc_ptrfacts *f, uint32_t a, uint32_t b)
{
    if (a == b)
        return true;
    const bc_pftype *x = bc_pf_type(f, a), *y = bc_pf_type(f, b);
    if (!x || !y || x->code != y->code || x->n_ops != y->n_ops || x->code == BC_TY_STRUCT_NAMED ||
        x->code == BC_TY_OPAQUE)
        return false;
    bool refs = x->code == BC_TY_POINTER || x->code == BC_TY_ARRAY || x->code == BC_TY_VECTOR ||
                x->code == BC_TY_STRUCT_ANON || x->code == BC_TY_FUNCTION;
    for (uint32_t i = 0; i < x->n_ops; i++) {
        uint32_t p = op(f, a, i), q = op(f, b, i);
        /* pointer [pointee, as], array/vector [n, elt], struct [packed,
         * elts], function [vararg, ret, params]: which operands are types */
        bool is_ty = refs && !((x->code == BC_TY_POINTER && i == 1) ||
                               ((x->code == BC_TY_ARRAY || x->code == BC_TY_VECTOR) && i == 0) ||
                               ((x->code == BC_TY_STRUCT_ANON || x->code == BC_TY_FUNCTION) &&
                                i == 0));
        if (is_ty ? !same_type(f, p, q) : p != q)
            return false;
    }
    return true;
}

static bool pointer_to(const bc_ptrfacts *f, uint32_t ty, uint32_t as)
{
    return code(f, ty) == BC_TY_POINTER && op(f, ty, 1) == as;
}

/* A new overloaded type of kind k ("anyint", ...): recorded; true when ty
 * does not fit it. */
static bool overload(i37_sig *s, const char *k, uint32_t ty)
{
    const bc_ptrfacts *f = s->f;
    if (s->nargs == MAX_OVERLOADS)
        return s->unknown = true;
    s->args[s->nargs++] = ty;
    if (!strcmp(k, "anyint"))
        return !is_int(f, scalar(f, ty), 0);
    if (!strcmp(k, "anyfloat"))
        return !is_fp(f, scalar(f, ty));
    if (!strcmp(k, "anyvec"))
        return code(f, ty) != BC_TY_VECTOR;
    if (!strcmp(k, "anyptr"))
        return code(f, ty) != BC_TY_POINTER;
    return false; /* any */
}

/* VerifyIntrinsicType for one token: true when ty does not fit it. */
static bool mismatch(i37_sig *s, const char *tok, uint32_t ty)
{
    const bc_ptrfacts *f = s->f;
    unsigned n;
    if (sscanf(tok, "i%u", &n) == 1)
        return !is_int(f, ty, n);
    if (!strcmp(tok, "ptr"))
        return !pointer_to(f, ty, 0) || !is_int(f, op(f, ty, 0), 8);
    if (!strcmp(tok, "pptr"))
        return !pointer_to(f, ty, 0) || !pointer_to(f, op(f, ty, 0), 0) ||
               !is_int(f, op(f, op(f, ty, 0), 0), 8);
    if (!strcmp(tok, "md"))
        return code(f, ty) != BC_TY_METADATA;
    if (!strcmp(tok, "desc")) {
        uint32_t st = op(f, ty, 0);
        uint8_t c = code(f, st);
        return !pointer_to(f, ty, 0) ||
               !((c == BC_TY_STRUCT_ANON || c == BC_TY_STRUCT_NAMED) &&
                 bc_pf_type(f, st)->n_ops == 1);
    }
    if (!strncmp(tok, "any", 3) && strcmp(tok, "anyptrint") != 0)
        return overload(s, tok, ty);
    if (tok[0] == 'm' && sscanf(tok + 1, "%u", &n) == 1)
        return n >= s->nargs || !same_type(f, ty, s->args[n]);
    if (!strcmp(tok, "ptrto0"))
        return !s->nargs || code(f, ty) != BC_TY_POINTER || !same_type(f, op(f, ty, 0), s->args[0]);
    if (!strcmp(tok, "vsw0i1"))
        return !s->nargs || code(f, ty) != BC_TY_VECTOR || code(f, s->args[0]) != BC_TY_VECTOR ||
               op(f, ty, 0) != op(f, s->args[0], 0) || !is_int(f, op(f, ty, 1), 1);
    s->unknown = true; /* "...", vpe0, anyptrint: nothing DXIL writes */
    return true;
}

static unsigned count_tokens(const char *p)
{
    char tok[16];
    unsigned n = 0;
    while (i37_next_token(&p, tok, sizeof tok))
        n++;
    return n;
}

static bool ret_mismatch(i37_sig *s, const i37_intrinsic *in, uint32_t ret)
{
    const bc_ptrfacts *f = s->f;
    unsigned n = count_tokens(in->ret);
    const char *p = in->ret;
    char tok[16];
    if (n == 0)
        return code(f, ret) != BC_TY_VOID;
    if (n == 1)
        return i37_next_token(&p, tok, sizeof tok) && mismatch(s, tok, ret);
    uint8_t c = code(f, ret); /* a struct of the tokens */
    if ((c != BC_TY_STRUCT_ANON && c != BC_TY_STRUCT_NAMED) || bc_pf_type(f, ret)->n_ops != n + 1)
        return true;
    for (unsigned i = 0; i < n && i37_next_token(&p, tok, sizeof tok); i++)
        if (mismatch(s, tok, op(f, ret, i + 1)))
            return true;
    return false;
}

bool chk37_mangle(const bc_ptrfacts *f, uint32_t ty, char *buf, size_t size)
{
    size_t at = strlen(buf);
    char *out = buf + at;
    size_t room = at < size ? size - at : 0;
    uint8_t c = code(f, ty);
    const char *name = bc_pf_struct_name(f, ty);
    switch (c) {
    case BC_TY_POINTER:
        snprintf(out, room, "p%u", op(f, ty, 1));
        return chk37_mangle(f, op(f, ty, 0), buf, size);
    case BC_TY_ARRAY:
        snprintf(out, room, "a%u", op(f, ty, 0));
        return chk37_mangle(f, op(f, ty, 1), buf, size);
    case BC_TY_VECTOR:
        snprintf(out, room, "v%u", op(f, ty, 0));
        return chk37_mangle(f, op(f, ty, 1), buf, size);
    case BC_TY_STRUCT_NAMED:
    case BC_TY_OPAQUE:
        snprintf(out, room, "%s", name ? name : "");
        return true;
    case BC_TY_INTEGER: snprintf(out, room, "i%u", op(f, ty, 0)); return true;
    case BC_TY_HALF: snprintf(out, room, "f16"); return true;
    case BC_TY_FLOAT: snprintf(out, room, "f32"); return true;
    case BC_TY_DOUBLE: snprintf(out, room, "f64"); return true;
    case BC_TY_METADATA: snprintf(out, room, "Metadata"); return true;
    case BC_TY_FUNCTION: {
        snprintf(out, room, "f_");
        bool ok = chk37_mangle(f, op(f, ty, 1), buf, size);
        for (uint32_t i = 2; ok && i < bc_pf_type(f, ty)->n_ops; i++)
            ok = chk37_mangle(f, op(f, ty, i), buf, size);
        at = strlen(buf);
        snprintf(buf + at, at < size ? size - at : 0, "%sf", op(f, ty, 0) ? "vararg" : "");
        return ok;
    }
    default:
        return false; /* a literal struct: 3.7 does not mangle it */
    }
}

const char *chk37_intrinsic(const bc_ptrfacts *f, const bc_pfvalue *fn, bool defined, char *msg,
                            size_t size)
{
    const i37_intrinsic *in = i37_lookup(fn->name);
    if (!in)
        return NULL;
    if (defined)
        return snprintf(msg, size, "Intrinsic functions should never be defined!"), msg;
    uint32_t fty = bc_pf_pointee(f, fn->type);
    if (code(f, fty) != BC_TY_FUNCTION)
        return NULL;
    i37_sig s = {.f = f};
    const char *why = NULL;
    const char *p = in->params;
    char tok[16];
    if (ret_mismatch(&s, in, op(f, fty, 1)))
        why = "Intrinsic has incorrect return type!";
    for (uint32_t i = 2; !why && i < bc_pf_type(f, fty)->n_ops; i++)
        if (!i37_next_token(&p, tok, sizeof tok) || mismatch(&s, tok, op(f, fty, i)))
            why = "Intrinsic has incorrect argument type!";
    bool vararg = op(f, fty, 0) != 0;
    bool left = i37_next_token(&p, tok, sizeof tok);
    if (!why && (left ? !(strcmp(tok, "...") == 0 && vararg) : vararg))
        why = vararg ? "Intrinsic was not defined with variable arguments!"
                     : "Callsite was not defined with variable arguments!";
    if (!why && s.unknown)
        why = "an intrinsic signature this validator does not follow (refused)";
    if (why)
        return snprintf(msg, size, "%s", why), msg;
    char expected[256];
    snprintf(expected, sizeof expected, "%s", in->name);
    for (unsigned i = 0; i < s.nargs; i++) {
        size_t at = strlen(expected);
        snprintf(expected + at, sizeof expected - at, ".");
        if (!chk37_mangle(f, s.args[i], expected, sizeof expected))
            return snprintf(msg, size, "an overloaded type LLVM 3.7 cannot mangle"), msg;
    }
    if (strcmp(expected, fn->name) != 0)
        return snprintf(msg, size, "Intrinsic name not mangled correctly for type arguments! "
                                   "Should be: %s", expected), msg;
    return NULL;
}
