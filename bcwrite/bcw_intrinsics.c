/* bcw_intrinsics.c - LLVM intrinsics under the names LLVM 3.7 gives them.
 *
 * LLVM 22 mangles every overloaded type into an intrinsic's name; 3.7
 * only the types its signature leaves open (llvm.powi.f32.i32 is 3.7's
 * llvm.powi.f32: the exponent is always i32), and its verifier refuses
 * any other spelling ("Intrinsic name not mangled correctly"). So each
 * LLVM intrinsic is written under the name 3.7's lookup and mangling give
 * its type (bitcode/intrinsics37.h); one 3.7 does not have, or whose
 * type 3.7's signature does not take, has no 3.7 form and is refused:
 * 3.7's reader would take it for an ordinary external function, which
 * DXIL does not have. Intrinsics over pointers (memcpy, stacksave, ...)
 * are refused here too: the pointee types 3.7 spells in their names are
 * not LLVM 22's to give. The lifetime markers have their own form
 * (bcw_build.c). */
#include "bcw_internal.h"

#include "bitcode/intrinsics37.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_OVERLOADS = 8 };

typedef struct w37_sig {
    LLVMTypeRef args[MAX_OVERLOADS];
    unsigned nargs;
    bool unknown;
} w37_sig;

static bool is_fp(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMHalfTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

static LLVMTypeRef scalar_of(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

/* True when t does not fit token tok of 3.7's signature. */
static bool w37_mismatch(w37_sig *s, const char *tok, LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    unsigned n;
    if (k == LLVMPointerTypeKind || k == LLVMTargetExtTypeKind)
        return s->unknown = true;
    if (sscanf(tok, "i%u", &n) == 1)
        return k != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != n;
    if (!strcmp(tok, "md"))
        return k != LLVMMetadataTypeKind;
    if (tok[0] == 'm' && sscanf(tok + 1, "%u", &n) == 1)
        return n >= s->nargs || s->args[n] != t;
    if (!strcmp(tok, "anyint") || !strcmp(tok, "anyfloat") || !strcmp(tok, "anyvec") ||
        !strcmp(tok, "any")) {
        if (s->nargs == MAX_OVERLOADS)
            return s->unknown = true;
        s->args[s->nargs++] = t;
        if (!strcmp(tok, "anyint"))
            return LLVMGetTypeKind(scalar_of(t)) != LLVMIntegerTypeKind;
        if (!strcmp(tok, "anyfloat"))
            return !is_fp(scalar_of(t));
        return !strcmp(tok, "anyvec") && k != LLVMVectorTypeKind;
    }
    if (!strcmp(tok, "vsw0i1"))
        return !s->nargs || k != LLVMVectorTypeKind ||
               LLVMGetTypeKind(s->args[0]) != LLVMVectorTypeKind ||
               LLVMGetVectorSize(t) != LLVMGetVectorSize(s->args[0]) ||
               LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind ||
               LLVMGetIntTypeWidth(LLVMGetElementType(t)) != 1;
    return s->unknown = true; /* pointers, varargs, descriptors */
}

/* 3.7's mangling of a type LLVM 22 has the same way (getMangledTypeStr). */
static bool w37_mangle(LLVMTypeRef t, char *buf, size_t size)
{
    size_t at = strlen(buf);
    char *out = buf + at;
    size_t room = size - at;
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: snprintf(out, room, "i%u", LLVMGetIntTypeWidth(t)); return true;
    case LLVMHalfTypeKind: snprintf(out, room, "f16"); return true;
    case LLVMFloatTypeKind: snprintf(out, room, "f32"); return true;
    case LLVMDoubleTypeKind: snprintf(out, room, "f64"); return true;
    case LLVMVectorTypeKind:
        snprintf(out, room, "v%u", LLVMGetVectorSize(t));
        return w37_mangle(LLVMGetElementType(t), buf, size);
    default: return false;
    }
}

/* 3.7's name for intrinsic declaration f, in buf; NULL with the reason in
 * buf when it has none. */
static const char *w37_name(LLVMValueRef f, char *buf, size_t size)
{
    const char *name = LLVMGetValueName(f);
    const i37_intrinsic *in = i37_lookup(name);
    if (!in)
        return snprintf(buf, size, "LLVM 3.7 has no intrinsic of this name"), NULL;
    LLVMTypeRef ft = LLVMGlobalGetValueType(f);
    w37_sig s = {0};
    unsigned nret = 0;
    char tok[16];
    const char *p = in->ret;
    while (i37_next_token(&p, tok, sizeof tok))
        nret++;
    LLVMTypeRef ret = LLVMGetReturnType(ft);
    bool bad = false;
    p = in->ret;
    if (nret == 0)
        bad = LLVMGetTypeKind(ret) != LLVMVoidTypeKind;
    else if (nret == 1)
        bad = i37_next_token(&p, tok, sizeof tok) && w37_mismatch(&s, tok, ret);
    else if (LLVMGetTypeKind(ret) != LLVMStructTypeKind || LLVMCountStructElementTypes(ret) != nret)
        bad = true;
    else
        for (unsigned i = 0; i < nret && !bad && i37_next_token(&p, tok, sizeof tok); i++)
            bad = w37_mismatch(&s, tok, LLVMStructGetTypeAtIndex(ret, i));
    unsigned np = LLVMCountParamTypes(ft);
    LLVMTypeRef *params = calloc(np + 1, sizeof *params);
    if (params)
        LLVMGetParamTypes(ft, params);
    p = in->params;
    for (unsigned i = 0; params && i < np && !bad; i++)
        bad = !i37_next_token(&p, tok, sizeof tok) || w37_mismatch(&s, tok, params[i]);
    free(params);
    bad |= !params || i37_next_token(&p, tok, sizeof tok) || LLVMIsFunctionVarArg(ft);
    if (bad || s.unknown)
        return snprintf(buf, size, "its type is not 3.7's %s(%s)%s", in->name, in->params,
                        s.unknown ? " (over pointers or a form this writer does not spell)"
                                  : ""),
               NULL;
    snprintf(buf, size, "%s", in->name);
    for (unsigned i = 0; i < s.nargs; i++) {
        size_t at = strlen(buf);
        snprintf(buf + at, size - at, ".");
        if (!w37_mangle(s.args[i], buf, size))
            return snprintf(buf, size, "an overloaded type 3.7 spells otherwise"), NULL;
    }
    return buf;
}

/* The entry of f (computed once): its 3.7 name, or why it has none. */
static const bcw_name37 *w37_entry(bcw_ctx *c, LLVMValueRef f)
{
    for (size_t i = 0; i < c->nnames37; i++)
        if (c->names37[i].fn == f)
            return &c->names37[i];
    if (!bcw_grow(c, (void **)&c->names37, &c->names37_cap, c->nnames37 + 1,
                  sizeof *c->names37))
        return NULL;
    char buf[256];
    const char *n37 = w37_name(f, buf, sizeof buf);
    bcw_name37 *e = &c->names37[c->nnames37++];
    *e = (bcw_name37){f, strdup(buf), n37 == NULL};
    if (!e->name)
        c->failed = true;
    return e;
}

static bool w37_is_intrinsic(LLVMValueRef f, const char *name)
{
    return !strncmp(name, "llvm.", 5) && !bcw_intrinsic_name37(name) && LLVMIsAFunction(f);
}

const char *bcw_fn_name37(bcw_ctx *c, LLVMValueRef f)
{
    const char *name = LLVMGetValueName(f), *lifetime = bcw_intrinsic_name37(name);
    if (lifetime)
        return lifetime;
    if (!w37_is_intrinsic(f, name))
        return name;
    const bcw_name37 *e = w37_entry(c, f);
    return e && e->name && !e->refused ? e->name : name;
}

const char *bcw_intrinsic_refusal(bcw_ctx *c, LLVMValueRef f)
{
    if (!f || !LLVMIsAFunction(f) || !w37_is_intrinsic(f, LLVMGetValueName(f)))
        return NULL;
    const bcw_name37 *e = w37_entry(c, f);
    return e && e->refused ? e->name : NULL;
}

void bcw_names37_free(bcw_ctx *c)
{
    for (size_t i = 0; i < c->nnames37; i++)
        free(c->names37[i].name);
    free(c->names37);
    c->names37 = NULL;
    c->nnames37 = c->names37_cap = 0;
}
