/* lower_util.c - small helpers shared by the lowering passes. */
#include "lower_internal.h"
#include "module/ir_names.h"
#include "common/grow.h"
#include "common/side_metadata.h"
#include "module/llvm_shim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lower_warn(lower_ctx *lc, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dxil_diags_add(lc->diags, DXIL_SEV_WARNING, DXIL_W_LOWER, DXIL_LOC_NONE, 0, "%s", msg);
}

/* "@fn: `%r = call ...`" for diagnostics. */
static void lower_where(LLVMValueRef inst, char *buf, size_t size)
{
    size_t len = 0;
    LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
    const char *fname = f ? LLVMGetValueName2(f, &len) : "?";
    char *text = LLVMPrintValueToString(inst);
    const char *t = text;
    while (*t == ' ')
        t++;
    snprintf(buf, size, "@%s: `%.*s`", fname, (int)strcspn(t, "\n"), t);
    LLVMDisposeMessage(text);
}

void lower_report(lower_ctx *lc, dxil_severity sev, LLVMValueRef inst, const char *what)
{
    char where[400];
    lower_where(inst, where, sizeof where);
    dxil_diags_add(lc->diags, sev, sev == DXIL_SEV_ERROR ? DXIL_E_LOWER : DXIL_W_LOWER,
                   DXIL_LOC_NONE, 0, "%s: %s", where, what);
}

void lower_kill(lower_ctx *lc, LLVMValueRef inst)
{
    if (!inst || !LLVMIsAInstruction(inst))
        return;
    for (size_t i = 0; i < lc->n_dead; i++)
        if (lc->dead[i] == inst)
            return; /* queued once: erasing twice would free twice */
    LLVMValueRef *nd = grow_array(lc->dead, &lc->cap_dead, lc->n_dead, sizeof *nd, 64);
    if (!nd)
        return; /* the instruction just stays: dead but harmless */
    lc->dead = nd;
    lc->dead[lc->n_dead++] = inst;
}

/* Newest first, repeated while progress is made: users were queued after
 * the values they use, and one pass frees the next layer. */
void lower_erase_dead(lower_ctx *lc)
{
    bool progress = true;
    while (progress) {
        progress = false;
        for (size_t i = lc->n_dead; i-- > 0;) {
            LLVMValueRef v = lc->dead[i];
            if (!v || LLVMGetFirstUse(v))
                continue;
            LLVMInstructionEraseFromParent(v);
            lc->dead[i] = NULL;
            progress = true;
        }
    }
    lc->n_dead = 0;
}

size_t lower_collect_calls(LLVMValueRef fn, LLVMValueRef **out)
{
    size_t n = 0, cap = 0;
    *out = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != fn)
            continue;
        LLVMValueRef *nv = grow_array(*out, &cap, n, sizeof *nv, 16);
        if (!nv)
            break;
        *out = nv;
        (*out)[n++] = user;
    }
    return n;
}

size_t lower_collect_users(LLVMValueRef v, LLVMValueRef **out)
{
    size_t n = 0, cap = 0;
    *out = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef *nv = grow_array(*out, &cap, n, sizeof *nv, 8);
        if (!nv)
            break;
        *out = nv;
        (*out)[n++] = LLVMGetUser(u);
    }
    return n;
}

bool lower_intrinsic_base(LLVMValueRef fn, char *buf, size_t size)
{
    unsigned id = fn && LLVMIsAFunction(fn) ? LLVMGetIntrinsicID(fn) : 0;
    size_t len = 0;
    const char *name = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    if (!name || len + 1 > size)
        return false;
    memcpy(buf, name, len);
    buf[len] = '\0';
    return true;
}

bool lower_is_intrinsic_call(LLVMValueRef v, const char *base, bool prefix)
{
    char name[128];
    LLVMValueRef fn = v && LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    if (!fn || !lower_intrinsic_base(fn, name, sizeof name))
        return false;
    return prefix ? !strncmp(name, base, strlen(base)) : !strcmp(name, base);
}

LLVMValueRef lower_intrinsic_call(lower_ctx *lc, const char *name, LLVMTypeRef *over,
                                  unsigned n_over, LLVMValueRef *args, unsigned n_args)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = id ? LLVMGetIntrinsicDeclaration(lc->mod, id, over, n_over) : NULL;
    if (!fn)
        return NULL;
    return LLVMBuildCall2(lc->b, LLVMGlobalGetValueType(fn), fn, args, n_args, "");
}

LLVMValueRef lower_i32(lower_ctx *lc, uint64_t v)
{
    return LLVMConstInt(LLVMInt32TypeInContext(lc->ctx), v, 0);
}

LLVMValueRef lower_i8(lower_ctx *lc, uint64_t v)
{
    return LLVMConstInt(LLVMInt8TypeInContext(lc->ctx), v, 0);
}

LLVMValueRef lower_i1(lower_ctx *lc, bool v)
{
    return LLVMConstInt(LLVMInt1TypeInContext(lc->ctx), v, 0);
}

#define LOWER_FAST_SIX                                                                    \
    (LLVMFastMathAllowReassoc | LLVMFastMathNoNaNs | LLVMFastMathNoInfs |                   \
     LLVMFastMathNoSignedZeros | LLVMFastMathAllowReciprocal | LLVMFastMathApproxFunc)

void lower_precise(lower_ctx *lc, LLVMValueRef orig, LLVMValueRef dxop)
{
    if (!orig || !dxop || !LLVMCanValueUseFastMathFlags(orig))
        return;
    if ((LLVMGetFastMathFlags(orig) & LOWER_FAST_SIX) == LOWER_FAST_SIX)
        return;
    LLVMValueRef one = lower_i32(lc, 1);
    LLVMSetMetadata(dxop, lc->md_precise, LLVMMDNodeInContext(lc->ctx, &one, 1));
}

void lower_replace(lower_ctx *lc, LLVMValueRef old, LLVMValueRef with)
{
    if (with && LLVMTypeOf(with) == LLVMTypeOf(old))
        LLVMReplaceAllUsesWith(old, with);
    lower_kill(lc, old);
}

void lower_replace_keep_name(lower_ctx *lc, LLVMValueRef old, LLVMValueRef with,
                             lower_old_fate fate)
{
    bool takes = with && (LLVMIsAInstruction(with) ||
                          (fate == LOWER_OLD_ERASE && LLVMIsAGlobalValue(with)));
    if (takes)
        ir_move_name(old, with);
    LLVMSetValueName2(old, "", 0); /* whatever took the name, old goes */
    if (fate == LOWER_OLD_QUEUE) {
        lower_replace(lc, old, with);
        return;
    }
    if (with && LLVMTypeOf(with) == LLVMTypeOf(old))
        LLVMReplaceAllUsesWith(old, with);
    if (LLVMIsAGlobalVariable(old))
        LLVMDeleteGlobal(old);
    else
        LLVMInstructionEraseFromParent(old);
}

void lower_replace_named(lower_ctx *lc, LLVMValueRef old, LLVMValueRef with)
{
    lower_replace_keep_name(lc, old, with, LOWER_OLD_QUEUE);
}

bool lower_vectors_allowed(const lower_ctx *lc)
{
    return lc->sm >= DXIL_VERSION(6, 9) || !strcmp(lc->sm_kind, "lib");
}

void lower_side_kinds_init(lower_ctx *lc)
{
    const struct { const char *name; unsigned *id; } kinds[] = {
        {DXU_MDK_ALIGN, &lc->side.align},         {DXU_MDK_CBUFFER_LOAD, &lc->side.cbuffer_load},
        {DXU_MDK_RAW_SCALAR_OP, &lc->side.raw_scalar}, {DXU_MDK_ANNOTATES, &lc->side.annotates},
        {DXU_MDK_LIB_LOAD, &lc->side.lib_load},   {DXU_MD_FMF, &lc->side.fmf},
        {DXU_MD_NO_ALIGN, &lc->side.no_align}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!shim_md_kind_find(lc->ctx, kinds[i].name, kinds[i].id))
            *kinds[i].id = 0;
}

bool lower_is_modern(const lower_ctx *lc)
{
    return !lc->dxop_input &&
           !LLVMGetNamedMetadata(lc->mod, DXU_MD_ORDER, strlen(DXU_MD_ORDER));
}
