/* chk_llvm37.c - Bitcode.Valid: what DXC's LLVM 3.7 reader and verifier
 * refuse in the bitcode as written, where LLVM 22's reader upgrades or
 * drops it (so nothing after this project's reader would see it):
 *
 * - an attribute code 3.7 does not have ("Unknown attribute kind": the
 *   reader refuses the module);
 * - attributes against the function type they apply to, on every
 *   function and every call (VerifyAttributeCount, VerifyFunctionAttrs,
 *   VerifyParameterAttrs, VerifyAttributeTypes): function attributes
 *   only on the function, parameter ones never there, readonly and
 *   readnone not on the return, attributes after the last parameter,
 *   attributes a type cannot take (AttributeFuncs::typeIncompatible:
 *   zeroext and signext only on integers; nonnull, noalias, nocapture,
 *   dereferenceable, byval, sret, readonly, readnone, ... only on
 *   pointers: an LLVM 22 `nonnull` on the pointer of
 *   `llvm.lifetime.start(ptr)` landed on the i64 size of 3.7's
 *   `llvm.lifetime.start(i64, i8*)`), the pairs that exclude each other,
 *   sret, returned, nest and inalloca placement, optnone's companions;
 * - each called intrinsic against 3.7's signature and name mangling
 *   (chk_llvm37_intrinsics.c).
 *
 * The facts are the loader's walk of the bitcode (bitcode_ptrfacts.h);
 * a module read from text has none and is not looked at here. Each
 * finding is Bitcode.Valid with the 3.7 verifier's message as its note. */
#include "chk_llvm37.h"
#include "families.h"

#include <stdio.h>
#include <string.h>

enum { FUNCTION_INDEX = 0xFFFFFFFFu };

/* 3.7's attribute codes (bitcode ATTR_KIND_*), their names and classes:
 * 'f' function only, 'r' readonly/readnone (never on a return), 'p'
 * parameter or return only; and which types they need: 'i' integers,
 * 'p' pointers, 0 any. */
static const struct {
    const char *name;
    char where, needs;
} attrs37[46] = {
    [1] = {"align", 'p', 0},          [2] = {"alwaysinline", 'f', 0},
    [3] = {"byval", 'p', 'p'},        [4] = {"inlinehint", 'f', 0},
    [5] = {"inreg", 'p', 0},          [6] = {"minsize", 'f', 0},
    [7] = {"naked", 'f', 0},          [8] = {"nest", 'p', 'p'},
    [9] = {"noalias", 'p', 'p'},      [10] = {"nobuiltin", 'f', 0},
    [11] = {"nocapture", 'p', 'p'},   [12] = {"noduplicate", 'f', 0},
    [13] = {"noimplicitfloat", 'f', 0}, [14] = {"noinline", 'f', 0},
    [15] = {"nonlazybind", 'f', 0},   [16] = {"noredzone", 'f', 0},
    [17] = {"noreturn", 'f', 0},      [18] = {"nounwind", 'f', 0},
    [19] = {"optsize", 'f', 0},       [20] = {"readnone", 'r', 'p'},
    [21] = {"readonly", 'r', 'p'},    [22] = {"returned", 'p', 0},
    [23] = {"returns_twice", 'f', 0}, [24] = {"signext", 'p', 'i'},
    [25] = {"alignstack", 'f', 0},    [26] = {"ssp", 'f', 0},
    [27] = {"sspreq", 'f', 0},        [28] = {"sspstrong", 'f', 0},
    [29] = {"sret", 'p', 'p'},        [30] = {"sanitize_address", 'f', 0},
    [31] = {"sanitize_thread", 'f', 0}, [32] = {"sanitize_memory", 'f', 0},
    [33] = {"uwtable", 'f', 0},       [34] = {"zeroext", 'p', 'i'},
    [35] = {"builtin", 'f', 0},       [36] = {"cold", 'f', 0},
    [37] = {"optnone", 'f', 0},       [38] = {"inalloca", 'p', 'p'},
    [39] = {"nonnull", 'p', 'p'},     [40] = {"jumptable", 'f', 0},
    [41] = {"dereferenceable", 'p', 'p'}, [42] = {"dereferenceable_or_null", 'p', 'p'},
    [43] = {"convergent", 'f', 0},    [44] = {"safestack", 'f', 0},
    [45] = {"argmemonly", 'f', 0},
};
enum { A_BYVAL = 3, A_INREG = 5, A_NEST = 8, A_NOCAPTURE = 11, A_NOINLINE = 14, A_OPTSIZE = 19,
       A_READNONE = 20, A_READONLY = 21, A_RETURNED = 22, A_SEXT = 24, A_SRET = 29, A_ZEXT = 34,
       A_BUILTIN = 35, A_OPTNONE = 37, A_INALLOCA = 38, A_MINSIZE = 6, A_ALWAYSINLINE = 2 };

/* One slot's enum and integer attributes (a bit per 3.7 code). */
typedef struct slot {
    uint32_t index;
    uint64_t has;
    uint64_t unknown; /* the first code 3.7 does not know, 0 none */
} slot;

static bool has(const slot *s, unsigned code)
{
    return (s->has >> code) & 1;
}

/* The group's attributes: [0, code], [1, code, value], [3|4, string...]. */
static void read_group(const bc_ptrfacts *f, const bc_pfattrgroup *g, slot *s)
{
    const uint64_t *w = f->attr_words + g->first;
    s->index = g->index;
    for (uint32_t i = 0; i < g->n;) {
        uint64_t kind = w[i++];
        if (kind == 0 || kind == 1) {
            uint64_t code = i < g->n ? w[i++] : 0;
            i += kind == 1;
            if (code < 46 && attrs37[code].name)
                s->has |= 1ull << code;
            else if (!s->unknown)
                s->unknown = code ? code : UINT64_MAX;
            continue;
        }
        while (i < g->n && w[i]) /* the key */
            i++;
        i++;
        if (kind == 4) { /* and the value */
            while (i < g->n && w[i])
                i++;
            i++;
        }
    }
}

typedef struct site {
    chk_ctx *c;
    const bc_ptrfacts *f;
    LLVMValueRef where;
    char what[160]; /* "@fn" or "call #n of @fn to @callee" */
    bool failed;
} site;

static void fail(site *s, const char *fmt, const char *a, const char *b)
{
    if (s->failed)
        return;
    char note[512];
    char msg[300];
    snprintf(msg, sizeof msg, fmt, a ? a : "", b ? b : "");
    snprintf(note, sizeof note, "(%s: LLVM 3.7's verifier: %s)", s->what, msg);
    chk_fail_note(s->c, CHK_BITCODE_VALID, s->where, note, NULL);
    s->failed = true;
}

static const char *type_word(const bc_ptrfacts *f, uint32_t ty)
{
    uint8_t c = bc_pf_code(f, ty);
    return c == BC_TY_INTEGER ? "an integer" : c == BC_TY_POINTER ? "a pointer" : "another type";
}

/* VerifyAttributeTypes, then VerifyParameterAttrs for a parameter or
 * return slot of type ty. */
static void slot_attrs(site *s, const slot *sl, uint32_t ty)
{
    bool fn = sl->index == FUNCTION_INDEX;
    for (unsigned code = 1; code < 46 && !s->failed; code++) {
        if (!has(sl, code))
            continue;
        char w = attrs37[code].where;
        if (w == 'f' && !fn)
            fail(s, "Attribute '%s' only applies to functions!", attrs37[code].name, NULL);
        else if (w == 'r' && sl->index == 0)
            fail(s, "Attribute '%s' does not apply to function returns", attrs37[code].name, NULL);
        else if (w == 'p' && fn)
            fail(s, "Attribute '%s' does not apply to functions!", attrs37[code].name, NULL);
    }
    if (fn || s->failed)
        return;
    if (sl->index == 0 && (has(sl, A_BYVAL) || has(sl, 8) || has(sl, A_SRET) ||
                           has(sl, A_NOCAPTURE) || has(sl, A_RETURNED) || has(sl, A_INALLOCA)))
        fail(s, "Attributes 'byval', 'inalloca', 'nest', 'sret', 'nocapture', and 'returned' "
                "do not apply to return values!", NULL, NULL);
    unsigned n = has(sl, A_BYVAL) + has(sl, A_INALLOCA) + (has(sl, A_SRET) || has(sl, A_INREG)) +
                 has(sl, A_NEST);
    if (n > 1)
        fail(s, "Attributes 'byval', 'inalloca', 'inreg', 'nest', and 'sret' are incompatible!",
             NULL, NULL);
    static const struct { unsigned a, b; const char *what; } pairs[] = {
        {A_INALLOCA, A_READONLY, "inalloca and readonly"}, {A_SRET, A_RETURNED, "sret and returned"},
        {A_ZEXT, A_SEXT, "zeroext and signext"}, {A_READNONE, A_READONLY, "readnone and readonly"},
        {A_NOINLINE, A_ALWAYSINLINE, "noinline and alwaysinline"}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        if (has(sl, pairs[i].a) && has(sl, pairs[i].b))
            fail(s, "Attributes '%s' are incompatible!", pairs[i].what, NULL);
    bool is_int = bc_pf_code(s->f, ty) == BC_TY_INTEGER, is_ptr = bc_pf_code(s->f, ty) == BC_TY_POINTER;
    for (unsigned code = 1; code < 46 && !s->failed; code++)
        if (has(sl, code) && ((attrs37[code].needs == 'i' && !is_int) ||
                              (attrs37[code].needs == 'p' && !is_ptr)))
            fail(s, "Wrong types for attribute: '%s' on %s", attrs37[code].name,
                 type_word(s->f, ty));
    if (!is_ptr && has(sl, A_BYVAL))
        fail(s, "Attribute 'byval' only applies to parameters with pointer type!", NULL, NULL);
}

/* The function slot (VerifyFunctionAttrs' end). */
static void function_attrs(site *s, const slot *sl, bool declaration)
{
    slot_attrs(s, sl, BC_PF_NONE);
    if (has(sl, A_READNONE) && has(sl, A_READONLY))
        fail(s, "Attributes 'readnone and readonly' are incompatible!", NULL, NULL);
    if (has(sl, A_NOINLINE) && has(sl, A_ALWAYSINLINE))
        fail(s, "Attributes 'noinline and alwaysinline' are incompatible!", NULL, NULL);
    if (has(sl, A_OPTNONE) && !has(sl, A_NOINLINE))
        fail(s, "Attribute 'optnone' requires 'noinline'!", NULL, NULL);
    if (has(sl, A_OPTNONE) && (has(sl, A_OPTSIZE) || has(sl, A_MINSIZE)))
        fail(s, "Attributes 'optsize and optnone' (or 'minsize') are incompatible!", NULL, NULL);
    if (declaration && has(sl, A_BUILTIN))
        fail(s, "Attribute 'builtin' can only be applied to a callsite.", NULL, NULL);
}

/* Attribute list `list` against function type fty with nargs arguments
 * (a call's; the type's parameters for a function). */
static void verify_list(site *s, uint32_t list, uint32_t fty, uint32_t nargs, bool declaration)
{
    const bc_ptrfacts *f = s->f;
    const bc_pfattrlist *l = bc_pf_list(f, list);
    const bc_pftype *ft = bc_pf_type(f, fty);
    if (!l || !ft || ft->code != BC_TY_FUNCTION)
        return;
    uint32_t nparams = ft->n_ops - 2, top = 0;
    bool saw_returned = false, saw_sret = false, saw_nest = false;
    for (uint32_t k = 0; k < l->n && !s->failed; k++) {
        const bc_pfattrgroup *g = bc_pf_group(f, f->list_groups[l->first + k]);
        if (!g)
            continue;
        slot sl = {0};
        read_group(f, g, &sl);
        if (sl.unknown) {
            char code[24];
            snprintf(code, sizeof code, "%llu", (unsigned long long)sl.unknown);
            fail(s, "Unknown attribute kind (%s) (LLVM 3.7's reader)", code, NULL);
            return;
        }
        if (sl.index != FUNCTION_INDEX && sl.index > top)
            top = sl.index;
        if (sl.index == FUNCTION_INDEX) {
            function_attrs(s, &sl, declaration);
            continue;
        }
        if (sl.index > nparams)
            continue; /* varargs, or after the last parameter (below) */
        uint32_t ty = sl.index == 0 ? bc_pf_op(f, fty, 1) : bc_pf_op(f, fty, sl.index + 1);
        slot_attrs(s, &sl, ty);
        if (sl.index && has(&sl, A_NEST) && saw_nest)
            fail(s, "More than one parameter has attribute nest!", NULL, NULL);
        if (sl.index && has(&sl, A_RETURNED) && saw_returned)
            fail(s, "More than one parameter has attribute returned!", NULL, NULL);
        if (sl.index && has(&sl, A_SRET) && (saw_sret || sl.index > 2))
            fail(s, "Attribute 'sret' is not on first or second parameter (or repeated)!", NULL,
                 NULL);
        if (sl.index && has(&sl, A_INALLOCA) && sl.index != nparams)
            fail(s, "inalloca isn't on the last parameter!", NULL, NULL);
        saw_nest |= has(&sl, A_NEST);
        saw_returned |= has(&sl, A_RETURNED);
        saw_sret |= has(&sl, A_SRET);
    }
    /* VerifyAttributeCount: the last slot but the function's (3.7 sorts
     * them by index) names an argument that exists. */
    if (!s->failed && top > nargs)
        fail(s, "Attribute after last parameter!", NULL, NULL);
}

static LLVMValueRef llvm22_function(chk_ctx *c, const char *name)
{
    return name ? LLVMGetNamedFunction(c->mod, name) : NULL;
}

/* How many calls name module function `id`. */
static uint32_t calls_of(const bc_ptrfacts *f, uint32_t id)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b < f->nbodies; b++)
        for (uint32_t i = 0; i < f->bodies[b].ninsts; i++)
            n += f->bodies[b].insts[i].code == 34 && f->bodies[b].insts[i].callee == id;
    return n;
}

static void functions(chk_ctx *c, const bc_ptrfacts *f)
{
    for (uint32_t id = 0; id < f->nvalues && !c->stopped; id++) {
        const bc_pfvalue *v = &f->values[id];
        if (!v->function)
            continue;
        site s = {.c = c, .f = f, .where = llvm22_function(c, v->name)};
        snprintf(s.what, sizeof s.what, "@%s", v->name ? v->name : "?");
        uint32_t fty = bc_pf_pointee(f, v->type);
        if (v->attrs)
            verify_list(&s, v->attrs, fty, bc_pf_type(f, fty) ? bc_pf_type(f, fty)->n_ops - 2 : 0,
                        true);
        char msg[300];
        if (!s.failed && v->name && calls_of(f, id) &&
            chk37_intrinsic(f, v, v->body, msg, sizeof msg))
            fail(&s, "%s", msg, NULL);
    }
}

static void calls(chk_ctx *c, const bc_ptrfacts *f)
{
    for (uint32_t b = 0; b < f->nbodies && !c->stopped; b++) {
        const bc_pffunc *body = &f->bodies[b];
        for (uint32_t i = 0, ncall = 0; i < body->ninsts && !c->stopped; i++) {
            const bc_pfinst *in = &body->insts[i];
            if (in->code != 34)
                continue;
            ncall++;
            if (!in->attrs || in->src == BC_PF_NONE)
                continue;
            const bc_pfvalue *callee = in->callee < f->nvalues ? &f->values[in->callee] : NULL;
            site s = {.c = c, .f = f, .where = llvm22_function(c, body->name)};
            snprintf(s.what, sizeof s.what, "call %u of @%s, to @%s", ncall,
                     body->name ? body->name : "?", callee && callee->name ? callee->name : "?");
            const bc_pftype *ft = bc_pf_type(f, in->src);
            /* a call passes as many arguments as its type has parameters
             * (DXIL has no varargs) */
            verify_list(&s, in->attrs, in->src, ft ? ft->n_ops - 2 : 0, false);
        }
    }
}

int chk_llvm37(chk_ctx *c)
{
    const bc_ptrfacts *f = c->ptr;
    if (!f)
        return 0;
    functions(c, f);
    calls(c, f);
    return 0;
}
