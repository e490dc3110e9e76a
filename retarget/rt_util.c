/* rt_util.c - small helpers shared by the retarget passes. */
#include "retarget_internal.h"
#include "module/ir_names.h"

#include "common/grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "@fn: `%r = call ...`" for diagnostics. */
static void rt_where(LLVMValueRef inst, char *buf, size_t size)
{
    size_t len = 0;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
    LLVMValueRef f = bb ? LLVMGetBasicBlockParent(bb) : NULL;
    const char *fname = f ? LLVMGetValueName2(f, &len) : "?";
    char *text = LLVMPrintValueToString(inst);
    const char *t = text;
    while (*t == ' ')
        t++;
    int n = (int)strcspn(t, "\n");
    if (n > 200)
        n = 200; /* a long call is named by its head */
    snprintf(buf, size, "@%s: `%.*s`", fname, n, t);
    LLVMDisposeMessage(text);
}

void rt_refuse(rt_ctx *rc, LLVMValueRef inst, const char *fmt, ...)
{
    char msg[512], where[400] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (inst && LLVMIsAInstruction(inst))
        rt_where(inst, where, sizeof where);
    dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RETARGET, DXIL_LOC_NONE, 0, "%s%s%s",
                   where, *where ? ": " : "", msg);
}

size_t rt_calls_of(LLVMValueRef fn, LLVMValueRef **out)
{
    size_t n = 0, cap = 0;
    LLVMValueRef *v = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != fn)
            continue;
        LLVMValueRef *nv = grow_array(v, &cap, n, sizeof *nv, 16);
        if (!nv)
            break;
        v = nv;
        v[n++] = user;
    }
    *out = v;
    return n;
}

size_t rt_calls_with_prefix(rt_ctx *rc, const char *prefix, LLVMValueRef **out)
{
    size_t n = 0, cap = 0, plen = strlen(prefix);
    LLVMValueRef *v = NULL;
    for (LLVMValueRef f = LLVMGetFirstFunction(rc->mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (len < plen || memcmp(name, prefix, plen))
            continue;
        LLVMValueRef *calls;
        size_t k = rt_calls_of(f, &calls);
        for (size_t i = 0; i < k; i++) {
            LLVMValueRef *nv = grow_array(v, &cap, n, sizeof *nv, 16);
            if (!nv)
                break;
            v = nv;
            v[n++] = calls[i];
        }
        free(calls);
    }
    *out = v;
    return n;
}

void rt_each_call(rt_ctx *rc, const char *prefix, void (*fn)(rt_ctx *, LLVMValueRef))
{
    LLVMValueRef *calls;
    size_t n = rt_calls_with_prefix(rc, prefix, &calls);
    for (size_t i = 0; i < n; i++)
        fn(rc, calls[i]);
    free(calls);
}

const char *rt_callee_name(LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    size_t len;
    return fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : "";
}

LLVMValueRef rt_intrinsic(rt_ctx *rc, const char *name, LLVMTypeRef *over, unsigned n_over,
                          LLVMValueRef *args, unsigned n_args)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = id ? LLVMGetIntrinsicDeclaration(rc->mod, id, over, n_over) : NULL;
    if (!fn)
        return NULL;
    return LLVMBuildCall2(rc->b, LLVMGlobalGetValueType(fn), fn, args, n_args, "");
}

LLVMValueRef rt_call_fn(rt_ctx *rc, const char *name, LLVMTypeRef fnty, LLVMValueRef *args,
                        unsigned n_args)
{
    LLVMValueRef fn = LLVMGetNamedFunction(rc->mod, name);
    if (!fn)
        fn = LLVMAddFunction(rc->mod, name, fnty);
    return LLVMBuildCall2(rc->b, fnty, fn, args, n_args, "");
}

LLVMTypeRef rt_i32_type(rt_ctx *rc)
{
    return LLVMInt32TypeInContext(rc->ctx);
}

LLVMValueRef rt_i32(rt_ctx *rc, uint64_t v)
{
    return LLVMConstInt(rt_i32_type(rc), v, 0);
}

void rt_kill(rt_ctx *rc, LLVMValueRef inst)
{
    if (!inst || !LLVMIsAInstruction(inst))
        return;
    for (size_t i = 0; i < rc->n_dead; i++)
        if (rc->dead[i] == inst)
            return; /* queued once: erasing twice would free twice */
    LLVMValueRef *nd = grow_array(rc->dead, &rc->cap_dead, rc->n_dead, sizeof *nd, 64);
    if (!nd)
        return; /* stays: dead but harmless until the check */
    rc->dead = nd;
    rc->dead[rc->n_dead++] = inst;
}

void rt_replace(rt_ctx *rc, LLVMValueRef old, LLVMValueRef with)
{
    /* the new value keeps the old one's name, for readers of the IR */
    if (LLVMIsAInstruction(with))
        ir_move_name(old, with);
    LLVMReplaceAllUsesWith(old, with);
    rt_kill(rc, old);
}

void rt_replace_fields(rt_ctx *rc, LLVMValueRef call, LLVMValueRef *fields, unsigned n)
{
    bool others = false;
    LLVMUseRef u = LLVMGetFirstUse(call);
    while (u) {
        LLVMValueRef user = LLVMGetUser(u);
        u = LLVMGetNextUse(u);
        if (LLVMIsAExtractValueInst(user) && LLVMGetNumIndices(user) == 1 &&
            LLVMGetIndices(user)[0] < n) {
            LLVMReplaceAllUsesWith(user, fields[LLVMGetIndices(user)[0]]);
            LLVMInstructionEraseFromParent(user);
        } else {
            others = true;
        }
    }
    if (others) {
        LLVMPositionBuilderBefore(rc->b, call);
        LLVMValueRef agg = LLVMGetUndef(LLVMTypeOf(call));
        for (unsigned i = 0; i < n; i++)
            agg = LLVMBuildInsertValue(rc->b, agg, fields[i], i, "");
        LLVMReplaceAllUsesWith(call, agg);
    }
    rt_kill(rc, call);
}

void rt_replace_with_status(rt_ctx *rc, LLVMValueRef call, LLVMValueRef value)
{
    LLVMValueRef fields[2] = {value, LLVMConstInt(LLVMInt1TypeInContext(rc->ctx), 1, 0)};
    rt_replace_fields(rc, call, fields, 2);
}

LLVMValueRef rt_add_const(rt_ctx *rc, LLVMValueRef v, uint64_t k)
{
    return k ? LLVMBuildAdd(rc->b, v, LLVMConstInt(LLVMTypeOf(v), k, 0), "") : v;
}

/* A phi with incoming block `from` read as `to` instead (LLVM-C cannot
 * set an incoming block: the phi is made again). Returns the next
 * instruction after the phi. */
static LLVMValueRef rt_phi_from(LLVMBuilderRef b, LLVMValueRef phi, LLVMBasicBlockRef from,
                                LLVMBasicBlockRef to)
{
    unsigned n = LLVMCountIncoming(phi);
    LLVMValueRef *vals = malloc((n ? n : 1) * sizeof *vals);
    LLVMBasicBlockRef *blocks = malloc((n ? n : 1) * sizeof *blocks);
    LLVMValueRef next = LLVMGetNextInstruction(phi);
    if (!vals || !blocks) {
        free(vals);
        free(blocks);
        return next;
    }
    for (unsigned k = 0; k < n; k++) {
        vals[k] = LLVMGetIncomingValue(phi, k);
        blocks[k] = LLVMGetIncomingBlock(phi, k) == from ? to : LLVMGetIncomingBlock(phi, k);
    }
    LLVMPositionBuilderBefore(b, phi);
    size_t len;
    const char *name = LLVMGetValueName2(phi, &len);
    char *copy = strndup(name, len);
    LLVMSetValueName2(phi, "", 0);
    LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), copy ? copy : "");
    free(copy);
    LLVMAddIncoming(np, vals, blocks, n);
    LLVMReplaceAllUsesWith(phi, np);
    LLVMInstructionEraseFromParent(phi);
    free(vals);
    free(blocks);
    return next;
}

LLVMBasicBlockRef rt_split_before(rt_ctx *rc, LLVMValueRef inst)
{
    LLVMBasicBlockRef old = LLVMGetInstructionParent(inst);
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(old);
    LLVMBasicBlockRef nb = next ? LLVMInsertBasicBlockInContext(rc->ctx, next, "")
                                : LLVMAppendBasicBlockInContext(
                                      rc->ctx, LLVMGetBasicBlockParent(old), "");
    LLVMBuilderRef mb = LLVMCreateBuilderInContext(rc->ctx);
    LLVMPositionBuilderAtEnd(mb, nb);
    for (LLVMValueRef i = inst; i;) {
        LLVMValueRef n = LLVMGetNextInstruction(i);
        size_t len;
        const char *name = LLVMGetValueName2(i, &len);
        char *copy = strndup(name, len); /* the builder's insert renames */
        LLVMInstructionRemoveFromParent(i);
        LLVMInsertIntoBuilderWithName(mb, i, copy ? copy : "");
        free(copy);
        i = n;
    }
    /* the successors' phis now come from the new block */
    LLVMValueRef term = LLVMGetBasicBlockTerminator(nb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned s = 0; s < ns; s++) {
        LLVMBasicBlockRef succ = LLVMGetSuccessor(term, s);
        for (LLVMValueRef phi = LLVMGetFirstInstruction(succ); phi && LLVMIsAPHINode(phi);)
            phi = rt_phi_from(mb, phi, old, nb);
    }
    LLVMPositionBuilderAtEnd(mb, old);
    LLVMBuildBr(mb, nb);
    LLVMDisposeBuilder(mb);
    LLVMPositionBuilderBefore(rc->b, inst);
    return nb;
}

/* Newest first, repeated while progress is made: users were queued after
 * the values they use. */
void rt_erase_dead(rt_ctx *rc)
{
    bool progress = true;
    while (progress) {
        progress = false;
        for (size_t i = rc->n_dead; i-- > 0;) {
            LLVMValueRef inst = rc->dead[i];
            if (!inst || LLVMGetFirstUse(inst))
                continue;
            LLVMInstructionEraseFromParent(inst);
            rc->dead[i] = NULL;
            progress = true;
        }
    }
    size_t k = 0;
    for (size_t i = 0; i < rc->n_dead; i++)
        if (rc->dead[i])
            rc->dead[k++] = rc->dead[i];
    rc->n_dead = k;
}

void rt_erase_unused_decls(rt_ctx *rc, const char *prefix)
{
    size_t plen = strlen(prefix);
    LLVMValueRef f = LLVMGetFirstFunction(rc->mod);
    while (f) {
        LLVMValueRef next = LLVMGetNextFunction(f);
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (len >= plen && !memcmp(name, prefix, plen) && LLVMIsDeclaration(f) &&
            !LLVMGetFirstUse(f))
            LLVMDeleteFunction(f);
        f = next;
    }
}

bool rt_is_ext(LLVMTypeRef t, const char *name)
{
    return t && LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
           !strcmp(LLVMGetTargetExtTypeName(t), name);
}

bool rt_holds_dx_type(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMTargetExtTypeKind:
        return !strncmp(LLVMGetTargetExtTypeName(t), "dx.", 3);
    case LLVMArrayTypeKind:
    case LLVMVectorTypeKind:
        return rt_holds_dx_type(LLVMGetElementType(t));
    case LLVMStructTypeKind: {
        unsigned n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++)
            if (rt_holds_dx_type(LLVMStructGetTypeAtIndex(t, i)))
                return true;
        return false;
    }
    case LLVMFunctionTypeKind: {
        if (rt_holds_dx_type(LLVMGetReturnType(t)))
            return true;
        unsigned n = LLVMCountParamTypes(t);
        LLVMTypeRef ps[64];
        if (n > 64)
            return false;
        LLVMGetParamTypes(t, ps);
        for (unsigned i = 0; i < n; i++)
            if (rt_holds_dx_type(ps[i]))
                return true;
        return false;
    }
    default:
        return false;
    }
}

unsigned rt_scalar_bits(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
    case LLVMHalfTypeKind: return 16;
    case LLVMFloatTypeKind: return 32;
    case LLVMDoubleTypeKind: return 64;
    default: return 0;
    }
}
