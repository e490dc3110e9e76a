/* ir_compare.c - structural module comparison for round-trip checks. */
#include "ir_compare.h"
#include "common/grow.h"

#include <llvm-c/Core.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CMP_DEPTH = 3, CMP_MD_DEPTH = 12 };

static const char *const cmp_kind_names[DXIL_CMP_KIND_COUNT] = {
    "same", "functions", "call-count", "callee", "operand", "precise",
    "md-order", "md", "attributes", "triple"};

const char *cmp_kind_name(unsigned kind)
{
    return kind < DXIL_CMP_KIND_COUNT ? cmp_kind_names[kind] : NULL;
}

/* ---- growable text ---- */

typedef struct cmp_str {
    char *s;
    size_t n, cap;
} cmp_str;

static void cmp_put(cmp_str *b, const char *fmt, ...)
{
    va_list ap;
    char tmp[256];
    va_start(ap, fmt);
    int w = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (w < 0)
        return;
    size_t len = (size_t)w < sizeof tmp ? (size_t)w : sizeof tmp - 1;
    if (b->n + len + 1 > b->cap) {
        size_t cap = (b->n + len + 1) * 2;
        char *ns = realloc(b->s, cap);
        if (!ns)
            return;
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->n, tmp, len);
    b->n += len;
    b->s[b->n] = '\0';
}

static const char *cmp_text(const cmp_str *b)
{
    return b->s ? b->s : "";
}

/* ---- tracked calls of one function ---- */

typedef struct cmp_fn {
    LLVMValueRef fn;
    LLVMValueRef *calls;
    size_t n, cap;
    LLVMValueRef *keys; /* open-addressing set: call -> index */
    size_t *vals, slots;
    unsigned precise_kind;
} cmp_fn;

/* Handle creations are compared where they are used, by their binding
 * operands, not by position: DXC hoists them, lowering creates each where
 * the modern handle was made (docs/lowering.md, normalisations). */
static bool cmp_position_free(LLVMValueRef callee)
{
    size_t len = 0;
    const char *n = LLVMGetValueName2(callee, &len);
    return (len == 29 && !memcmp(n, "dx.op.createHandleFromBinding", 29)) ||
           (len == 18 && !memcmp(n, "dx.op.createHandle", 18)) ||
           (len == 20 && !memcmp(n, "dx.op.annotateHandle", 20));
}

static bool cmp_is_bridge(LLVMValueRef v)
{
    if (!v || !LLVMIsACallInst(v))
        return false;
    size_t len = 0;
    const char *n = LLVMGetValueName2(LLVMGetCalledValue(v), &len);
    return len > 27 && !memcmp(n, "llvm.dx.resource.casthandle", 27);
}

/* Convergence tokens are no DXIL: the lowering drops them and the raise
 * makes them anew from the loops (docs/ops.md "Convergence"), so a
 * modern module's round trip gains them where it had none. */
static bool cmp_is_token(LLVMValueRef v)
{
    size_t len = 0;
    const char *n = LLVMGetValueName2(LLVMGetCalledValue(v), &len);
    return len > 29 && !memcmp(n, "llvm.experimental.convergence", 29);
}

static bool cmp_tracked(LLVMValueRef inst)
{
    if (!LLVMIsACallInst(inst) || cmp_is_token(inst))
        return false;
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    return callee && LLVMIsAFunction(callee) && LLVMIsDeclaration(callee) &&
           !cmp_position_free(callee) && !cmp_is_bridge(inst);
}

static size_t cmp_hash(LLVMValueRef v, size_t slots)
{
    return (size_t)(((uintptr_t)v >> 4) * 2654435761u) & (slots - 1);
}

static void cmp_fn_index(cmp_fn *f)
{
    f->slots = 16;
    while (f->slots < f->n * 2 + 1)
        f->slots *= 2;
    f->keys = calloc(f->slots, sizeof *f->keys);
    f->vals = calloc(f->slots, sizeof *f->vals);
    if (!f->keys || !f->vals)
        return;
    for (size_t i = 0; i < f->n; i++) {
        size_t h = cmp_hash(f->calls[i], f->slots);
        while (f->keys[h])
            h = (h + 1) & (f->slots - 1);
        f->keys[h] = f->calls[i];
        f->vals[h] = i;
    }
}

static long cmp_fn_find(const cmp_fn *f, LLVMValueRef v)
{
    if (!f->keys)
        return -1;
    for (size_t h = cmp_hash(v, f->slots); f->keys[h]; h = (h + 1) & (f->slots - 1))
        if (f->keys[h] == v)
            return (long)f->vals[h];
    return -1;
}

static void cmp_fn_init(cmp_fn *f, LLVMValueRef fn)
{
    memset(f, 0, sizeof *f);
    f->fn = fn;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!cmp_tracked(i))
                continue;
            LLVMValueRef *nc = grow_array(f->calls, &f->cap, f->n, sizeof *nc, 32);
            if (!nc)
                return;
            f->calls = nc;
            f->calls[f->n++] = i;
        }
    cmp_fn_index(f);
    f->precise_kind = LLVMGetMDKindIDInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)),
                                               "dx.precise", 10);
}

static void cmp_fn_free(cmp_fn *f)
{
    free(f->calls);
    free(f->keys);
    free(f->vals);
}

/* ---- value origins ---- */

static void cmp_global(cmp_str *b, LLVMValueRef g)
{
    size_t len = 0, n = 0;
    const char *name = LLVMGetValueName2(g, &len);
    LLVMValueRef init = LLVMIsAGlobalVariable(g) ? LLVMGetInitializer(g) : NULL;
    if (init && LLVMGetLinkage(g) == LLVMPrivateLinkage && LLVMIsAConstantDataSequential(init) &&
        LLVMIsConstantString(init)) {
        const char *s = LLVMGetAsString(init, &n);
        cmp_put(b, "str:%.*s", (int)(n && !s[n - 1] ? n - 1 : n), s);
        return;
    }
    cmp_put(b, "@%.*s", (int)len, name);
}

static void cmp_const(cmp_str *b, LLVMValueRef v)
{
    if (LLVMIsUndef(v) || LLVMIsPoison(v)) {
        cmp_put(b, "undef");
    } else if (LLVMIsAConstantInt(v)) {
        cmp_put(b, "i%u %lld", LLVMGetIntTypeWidth(LLVMTypeOf(v)), LLVMConstIntGetSExtValue(v));
    } else if (LLVMIsAGlobalValue(v)) {
        cmp_global(b, v);
    } else {
        char *t = LLVMPrintValueToString(v);
        cmp_put(b, "%s", t ? t : "?");
        LLVMDisposeMessage(t);
    }
}

static void cmp_origin(cmp_str *b, const cmp_fn *f, LLVMValueRef v, int depth);

static void cmp_inst(cmp_str *b, const cmp_fn *f, LLVMValueRef v, int depth)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMExtractValue) {
        cmp_origin(b, f, LLVMGetOperand(v, 0), depth);
        for (unsigned i = 0; i < LLVMGetNumIndices(v); i++)
            cmp_put(b, ".%u", LLVMGetIndices(v)[i]);
        return;
    }
    if (op == LLVMPHI || (depth <= 0 && op != LLVMCall)) {
        cmp_put(b, "op%d", (int)op);
        return;
    }
    if (op == LLVMCall) {
        size_t len = 0;
        const char *n = LLVMGetValueName2(LLVMGetCalledValue(v), &len);
        cmp_put(b, "call:%.*s", (int)len, n);
        if (!cmp_position_free(LLVMGetCalledValue(v)))
            return;
        depth = CMP_DEPTH; /* a binding: its constant operands */
    } else {
        cmp_put(b, "op%d", (int)op);
    }
    if (op == LLVMICmp)
        cmp_put(b, "p%d", (int)LLVMGetICmpPredicate(v));
    else if (op == LLVMFCmp)
        cmp_put(b, "p%d", (int)LLVMGetFCmpPredicate(v));
    cmp_put(b, "(");
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; i++) {
        if (i)
            cmp_put(b, ",");
        cmp_origin(b, f, LLVMGetOperand(v, (unsigned)i), depth - 1);
    }
    cmp_put(b, ")");
}

static void cmp_origin(cmp_str *b, const cmp_fn *f, LLVMValueRef v, int depth)
{
    long k;
    while (cmp_is_bridge(v)) /* casthandle bridges are transparent */
        v = LLVMGetOperand(v, 0);
    if (!v) {
        cmp_put(b, "null");
    } else if ((k = cmp_fn_find(f, v)) >= 0) {
        cmp_put(b, "#%ld", k);
    } else if (LLVMIsAArgument(v)) {
        unsigned i = 0;
        for (LLVMValueRef p = LLVMGetFirstParam(f->fn); p && p != v; p = LLVMGetNextParam(p))
            i++;
        cmp_put(b, "arg%u", i);
    } else if (LLVMIsAConstant(v)) {
        cmp_const(b, v);
    } else if (LLVMIsAInstruction(v)) {
        cmp_inst(b, f, v, depth);
    } else if (LLVMIsABasicBlock(v)) {
        cmp_put(b, "bb");
    } else {
        cmp_put(b, "md");
    }
}

/* ---- per function ---- */

typedef struct cmp_out {
    char *msg;
    size_t size;
} cmp_out;

static dxil_cmp_kind cmp_fail(cmp_out *o, dxil_cmp_kind k, const char *fmt, ...)
{
    if (o->msg && o->size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(o->msg, o->size, fmt, ap);
        va_end(ap);
    }
    return k;
}

/* Intrinsics by base name: the mangled suffix names types (e.g. a
 * cbuffer layout struct) that DXIL does not keep. */
static const char *cmp_callee(LLVMValueRef call, size_t *len)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    unsigned id = LLVMGetIntrinsicID(fn);
    const char *base = id ? LLVMIntrinsicGetName(id, len) : NULL;
    return base ? base : LLVMGetValueName2(fn, len);
}

static dxil_cmp_kind cmp_call(cmp_out *o, const cmp_fn *fa, const cmp_fn *fb, size_t i,
                              const char *fname)
{
    LLVMValueRef a = fa->calls[i], b = fb->calls[i];
    size_t la, lb;
    const char *na = cmp_callee(a, &la), *nb = cmp_callee(b, &lb);
    if (la != lb || memcmp(na, nb, la))
        return cmp_fail(o, DXIL_CMP_DIFF_CALLEE, "@%s call #%zu: callee %.*s vs %.*s", fname, i,
                        (int)la, na, (int)lb, nb);
    if (!LLVMGetMetadata(a, fa->precise_kind) != !LLVMGetMetadata(b, fb->precise_kind))
        return cmp_fail(o, DXIL_CMP_DIFF_PRECISE, "@%s call #%zu (%.*s): dx.precise differs",
                        fname, i, (int)la, na);
    int n = LLVMGetNumArgOperands(a);
    if (n != (int)LLVMGetNumArgOperands(b))
        return cmp_fail(o, DXIL_CMP_DIFF_CALLEE, "@%s call #%zu (%.*s): argument count", fname,
                        i, (int)la, na);
    dxil_cmp_kind k = DXIL_CMP_SAME;
    for (int j = 0; j < n && k == DXIL_CMP_SAME; j++) {
        cmp_str da = {0}, db = {0};
        cmp_origin(&da, fa, LLVMGetOperand(a, (unsigned)j), CMP_DEPTH);
        cmp_origin(&db, fb, LLVMGetOperand(b, (unsigned)j), CMP_DEPTH);
        if (strcmp(cmp_text(&da), cmp_text(&db)))
            k = cmp_fail(o, DXIL_CMP_DIFF_OPERAND, "@%s call #%zu (%.*s) operand %d: %.200s vs %.200s",
                         fname, i, (int)la, na, j, cmp_text(&da), cmp_text(&db));
        free(da.s);
        free(db.s);
    }
    return k;
}

static dxil_cmp_kind cmp_function(cmp_out *o, LLVMValueRef fa_fn, LLVMValueRef fb_fn)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(fa_fn, &len);
    char fname[128];
    snprintf(fname, sizeof fname, "%.*s", (int)len, name);
    cmp_fn fa, fb;
    cmp_fn_init(&fa, fa_fn);
    cmp_fn_init(&fb, fb_fn);
    dxil_cmp_kind k = DXIL_CMP_SAME;
    size_t n = fa.n < fb.n ? fa.n : fb.n;
    for (size_t i = 0; i < n && k == DXIL_CMP_SAME; i++)
        k = cmp_call(o, &fa, &fb, i, fname);
    if (k == DXIL_CMP_SAME && fa.n != fb.n) {
        size_t l = 0;
        const char *c = cmp_callee(fa.n > fb.n ? fa.calls[n] : fb.calls[n], &l);
        k = cmp_fail(o, DXIL_CMP_DIFF_CALL_COUNT, "@%s: %zu vs %zu calls; first extra: %.*s (%s)",
                     fname, fa.n, fb.n, (int)l, c, fa.n > fb.n ? "expected" : "actual");
    }
    cmp_fn_free(&fa);
    cmp_fn_free(&fb);
    return k;
}

static dxil_cmp_kind cmp_functions(cmp_out *o, LLVMModuleRef a, LLVMModuleRef b)
{
    for (LLVMValueRef fa = LLVMGetFirstFunction(a); fa; fa = LLVMGetNextFunction(fa)) {
        if (LLVMIsDeclaration(fa))
            continue;
        size_t len = 0;
        const char *name = LLVMGetValueName2(fa, &len);
        LLVMValueRef fb = LLVMGetNamedFunctionWithLength(b, name, len);
        if (!fb || LLVMIsDeclaration(fb))
            return cmp_fail(o, DXIL_CMP_DIFF_FUNCTIONS, "@%.*s is not defined in the result",
                            (int)len, name);
        dxil_cmp_kind k = cmp_function(o, fa, fb);
        if (k != DXIL_CMP_SAME)
            return k;
    }
    return DXIL_CMP_SAME;
}

/* ---- metadata ---- */

static void cmp_md(cmp_str *b, LLVMValueRef v, int depth)
{
    if (!v) {
        cmp_put(b, "null");
    } else if (LLVMIsAMDString(v)) {
        unsigned len = 0;
        const char *s = LLVMGetMDString(v, &len);
        cmp_put(b, "\"%.*s\"", (int)len, s ? s : "");
    } else if (LLVMIsAMDNode(v)) {
        if (depth <= 0) {
            cmp_put(b, "{...}");
            return;
        }
        unsigned n = LLVMGetMDNodeNumOperands(v);
        LLVMValueRef *ops = calloc(n ? n : 1, sizeof *ops);
        if (!ops)
            return;
        LLVMGetMDNodeOperands(v, ops);
        cmp_put(b, "{");
        for (unsigned i = 0; i < n; i++) {
            if (i)
                cmp_put(b, ", ");
            cmp_md(b, ops[i], depth - 1);
        }
        cmp_put(b, "}");
        free(ops);
    } else if (LLVMIsAConstant(v)) {
        cmp_const(b, v);
    } else {
        cmp_put(b, "?");
    }
}

static size_t cmp_dx_names(LLVMModuleRef m, const char **names, size_t max)
{
    size_t n = 0;
    for (LLVMNamedMDNodeRef nmd = LLVMGetFirstNamedMetadata(m); nmd && n < max;
         nmd = LLVMGetNextNamedMetadata(nmd)) {
        size_t len = 0;
        const char *name = LLVMGetNamedMetadataName(nmd, &len);
        if (len > 3 && !strncmp(name, "dx.", 3))
            names[n++] = name;
    }
    return n;
}

static void cmp_named(cmp_str *b, LLVMModuleRef m, const char *name)
{
    unsigned n = LLVMGetNamedMetadataNumOperands(m, name);
    LLVMValueRef *ops = calloc(n ? n : 1, sizeof *ops);
    if (!ops)
        return;
    LLVMGetNamedMetadataOperands(m, name, ops);
    for (unsigned i = 0; i < n; i++) {
        cmp_md(b, ops[i], CMP_MD_DEPTH);
        cmp_put(b, ";");
    }
    free(ops);
}

/* First position where two strings differ, for a readable excerpt. */
static size_t cmp_mismatch(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    return i > 40 ? i - 40 : 0;
}

static dxil_cmp_kind cmp_metadata(cmp_out *o, LLVMModuleRef a, LLVMModuleRef b)
{
    const char *na[64], *nb[64];
    size_t ca = cmp_dx_names(a, na, 64), cb = cmp_dx_names(b, nb, 64);
    for (size_t i = 0; i < ca || i < cb; i++)
        if (i >= ca || i >= cb || strcmp(na[i], nb[i]))
            return cmp_fail(o, DXIL_CMP_DIFF_MD_ORDER, "named metadata #%zu: !%s vs !%s", i,
                            i < ca ? na[i] : "(none)", i < cb ? nb[i] : "(none)");
    dxil_cmp_kind k = DXIL_CMP_SAME;
    for (size_t i = 0; i < ca && k == DXIL_CMP_SAME; i++) {
        cmp_str da = {0}, db = {0};
        cmp_named(&da, a, na[i]);
        cmp_named(&db, b, na[i]);
        if (strcmp(cmp_text(&da), cmp_text(&db))) {
            size_t at = cmp_mismatch(cmp_text(&da), cmp_text(&db));
            k = cmp_fail(o, DXIL_CMP_DIFF_MD, "!%s: ...%.160s vs ...%.160s", na[i],
                         cmp_text(&da) + at, cmp_text(&db) + at);
        }
        free(da.s);
        free(db.s);
    }
    return k;
}

/* ---- attributes ---- */

static void cmp_attrs(cmp_str *b, LLVMValueRef fn)
{
    unsigned n = LLVMGetAttributeCountAtIndex(fn, LLVMAttributeFunctionIndex);
    LLVMAttributeRef *at = calloc(n ? n : 1, sizeof *at);
    if (!at)
        return;
    LLVMGetAttributesAtIndex(fn, LLVMAttributeFunctionIndex, at);
    unsigned convergent = LLVMGetEnumAttributeKindForName("convergent", 10);
    for (unsigned i = 0; i < n; i++) {
        if (LLVMIsEnumAttribute(at[i]) && LLVMGetEnumAttributeKind(at[i]) == convergent)
            continue; /* as the tokens: the raise derives it, DXIL drops it */
        if (LLVMIsStringAttribute(at[i])) {
            unsigned kl = 0, vl = 0;
            const char *k = LLVMGetStringAttributeKind(at[i], &kl);
            const char *v = LLVMGetStringAttributeValue(at[i], &vl);
            cmp_put(b, "\"%.*s\"=\"%.*s\" ", (int)kl, k, (int)vl, v);
        } else if (LLVMIsEnumAttribute(at[i])) {
            cmp_put(b, "%u:%llu ", LLVMGetEnumAttributeKind(at[i]),
                    (unsigned long long)LLVMGetEnumAttributeValue(at[i]));
        }
    }
    free(at);
}

static dxil_cmp_kind cmp_fn_attrs(cmp_out *o, LLVMModuleRef a, LLVMModuleRef b, bool decls)
{
    for (LLVMValueRef fa = LLVMGetFirstFunction(a); fa; fa = LLVMGetNextFunction(fa)) {
        size_t len = 0;
        const char *name = LLVMGetValueName2(fa, &len);
        bool is_dxop = len > 6 && !strncmp(name, "dx.op.", 6);
        if (decls ? !is_dxop : LLVMIsDeclaration(fa))
            continue;
        LLVMValueRef fb = LLVMGetNamedFunctionWithLength(b, name, len);
        if (!fb)
            continue; /* a missing definition is reported by the call check */
        cmp_str da = {0}, db = {0};
        cmp_attrs(&da, fa);
        cmp_attrs(&db, fb);
        dxil_cmp_kind k = DXIL_CMP_SAME;
        if (strcmp(cmp_text(&da), cmp_text(&db)))
            k = cmp_fail(o, DXIL_CMP_DIFF_ATTRS, "@%.*s attributes: %.200s vs %.200s", (int)len,
                         name, cmp_text(&da), cmp_text(&db));
        free(da.s);
        free(db.s);
        if (k != DXIL_CMP_SAME)
            return k;
    }
    return DXIL_CMP_SAME;
}

dxil_cmp_kind ir_compare(LLVMModuleRef expected, LLVMModuleRef actual, unsigned flags,
                              char *msg, size_t msg_size)
{
    cmp_out o = {msg, msg_size};
    dxil_cmp_kind k = DXIL_CMP_SAME;
    if (msg && msg_size)
        msg[0] = '\0';
    if (flags & DXIL_CMP_TRIPLE) {
        const char *ta = LLVMGetTarget(expected), *tb = LLVMGetTarget(actual);
        if (strcmp(ta ? ta : "", tb ? tb : ""))
            return cmp_fail(&o, DXIL_CMP_DIFF_TRIPLE, "triple %s vs %s", ta, tb);
    }
    if (flags & DXIL_CMP_CALLS)
        k = cmp_functions(&o, expected, actual);
    if (k == DXIL_CMP_SAME && (flags & DXIL_CMP_DX_MD))
        k = cmp_metadata(&o, expected, actual);
    if (k == DXIL_CMP_SAME && (flags & DXIL_CMP_FN_ATTRS))
        k = cmp_fn_attrs(&o, expected, actual, false);
    if (k == DXIL_CMP_SAME && (flags & DXIL_CMP_DECL_ATTRS))
        k = cmp_fn_attrs(&o, expected, actual, true);
    return k;
}
