/* lower_forward_handles.c - clang 22 keeps a global resource's handle in
 * an internal global of the HLSL class (`@_ZL4Sums = internal global
 * %"class.hlsl::RWStructuredBuffer" poison`): the entry stores the handle
 * made by handlefrombinding into the global's field, and every access
 * loads it back (at -O0 always, at -O1 when a helper clang did not inline
 * makes it). DXIL has no memory of handle type, so each load of a handle
 * from such a global is replaced by the one value stored at that field
 * when the store dominates the load, as LLVM's DXILForwardHandleAccesses
 * does; the stores and the global then go. A load in another function
 * (a helper clang did not inline) gets the stored handlefrombinding call
 * made again at its function's entry, when its arguments are constants.
 * A load from a field stored twice, or one the store does not dominate,
 * is an error naming it.
 * A cbuffer's handle global (hlsl.cbs) is the cbuffer-access pass's. */
#include "lower_internal.h"

#include "module/llvm_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FH_MAX_FIELDS 16

#define FH_MAX_COPIES 8

typedef struct fh_field {
    int64_t offset;
    LLVMValueRef store; /* NULL when stored twice */
    unsigned n_stores;
    /* the binding call copied into other functions: (function, copy) */
    LLVMValueRef copy_fn[FH_MAX_COPIES], copy[FH_MAX_COPIES];
    unsigned n_copies;
} fh_field;

static bool fh_is_handle(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) != LLVMTargetExtTypeKind)
        return false;
    return !strncmp(LLVMGetTargetExtTypeName(t), "dx.", 3);
}

static void fh_dynamic(void *arg, LLVMValueRef index, uint64_t stride)
{
    (void)index;
    (void)stride;
    *(bool *)arg = true;
}

/* The constant byte offset of ptr in global g, or false. */
static bool fh_offset(lower_ctx *lc, LLVMValueRef g, LLVMValueRef ptr, int64_t *off)
{
    bool dynamic = false;
    *off = 0;
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(lc->mod);
    return lower_gep_offset(td, g, ptr, off, fh_dynamic, &dynamic) && !dynamic;
}

static fh_field *fh_find(fh_field *f, unsigned *n, int64_t off, bool add)
{
    for (unsigned i = 0; i < *n; i++)
        if (f[i].offset == off)
            return &f[i];
    if (!add || *n == FH_MAX_FIELDS)
        return NULL;
    f[*n] = (fh_field){.offset = off};
    return &f[(*n)++];
}

/* Calls fn(lc, g, access, arg) for each load or store reaching g through
 * constant GEPs (instructions or expressions). False when g has another
 * use (a call, a pointer escaping), so that it is left alone. */
typedef void (*fh_visit_fn)(lower_ctx *lc, LLVMValueRef g, LLVMValueRef access, void *arg);

static bool fh_walk(lower_ctx *lc, LLVMValueRef g, LLVMValueRef v, fh_visit_fn fn, void *arg)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (lower_is_gep(user) && LLVMGetOperand(user, 0) == v) {
            if (!fh_walk(lc, g, user, fn, arg))
                return false;
        } else if (LLVMIsALoadInst(user) ||
                   (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == v)) {
            if (fn)
                fn(lc, g, user, arg);
        } else {
            return false;
        }
    }
    return true;
}

typedef struct fh_state {
    fh_field fields[FH_MAX_FIELDS];
    unsigned n;
    bool bad;
} fh_state;

static void fh_note_store(lower_ctx *lc, LLVMValueRef g, LLVMValueRef access, void *arg)
{
    fh_state *st = arg;
    int64_t off;
    if (!LLVMIsAStoreInst(access))
        return;
    LLVMValueRef v = LLVMGetOperand(access, 0);
    fh_field *f = fh_offset(lc, g, LLVMGetOperand(access, 1), &off) ? fh_find(st->fields, &st->n, off, true) : NULL;
    if (!f || !fh_is_handle(LLVMTypeOf(v))) {
        st->bad |= LLVMIsUndef(v) == 0 && LLVMIsPoison(v) == 0; /* clang's poison init is harmless */
        return;
    }
    f->n_stores++;
    f->store = access;
}

static LLVMValueRef fh_fn_of(LLVMValueRef inst)
{
    return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

/* The handle for a load in another function than the field's store: the
 * stored handlefrombinding call, when its arguments are constants, made
 * again at that function's entry (once), as the cbuffer-access pass does
 * for a helper's cbuffer handle. NULL when it cannot be. */
static LLVMValueRef fh_copy_into(lower_ctx *lc, fh_field *f, LLVMValueRef load)
{
    LLVMValueRef fn = fh_fn_of(load), call = LLVMGetOperand(f->store, 0);
    for (unsigned i = 0; i < f->n_copies; i++)
        if (f->copy_fn[i] == fn)
            return f->copy[i];
    char base[64];
    LLVMValueRef callee = LLVMIsACallInst(call) ? LLVMGetCalledValue(call) : NULL;
    if (!callee || !lower_intrinsic_base(callee, base, sizeof base) ||
        (strcmp(base, "llvm.dx.resource.handlefrombinding") &&
         strcmp(base, "llvm.dx.resource.handlefromimplicitbinding")) ||
        f->n_copies == FH_MAX_COPIES)
        return NULL;
    unsigned n = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef args[5];
    for (unsigned i = 0; i < n && i < 5; i++)
        if (!LLVMIsAConstant(args[i] = LLVMGetOperand(call, i)))
            return NULL;
    if (n != 5)
        return NULL;
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first)
        LLVMPositionBuilderBefore(lc->b, first);
    else
        LLVMPositionBuilderAtEnd(lc->b, entry);
    LLVMValueRef copy = LLVMBuildCall2(lc->b, LLVMGlobalGetValueType(callee), callee, args, 5, "");
    f->copy_fn[f->n_copies] = fn;
    f->copy[f->n_copies++] = copy;
    return copy;
}

static void fh_forward_load(lower_ctx *lc, LLVMValueRef g, LLVMValueRef access, void *arg)
{
    fh_state *st = arg;
    int64_t off;
    if (!LLVMIsALoadInst(access) || !fh_is_handle(LLVMTypeOf(access)) ||
        !fh_offset(lc, g, LLVMGetOperand(access, 0), &off))
        return;
    fh_field *f = fh_find(st->fields, &st->n, off, false);
    LLVMValueRef other = NULL;
    if (f && f->n_stores == 1 && fh_fn_of(f->store) != fh_fn_of(access))
        other = fh_copy_into(lc, f, access);
    const char *why = !f || !f->n_stores ? "nothing stores a handle there"
                      : f->n_stores > 1  ? "more than one handle is stored there"
                      : LLVMTypeOf(LLVMGetOperand(f->store, 0)) != LLVMTypeOf(access)
                          ? "the handle stored there has another type"
                      : other ? NULL
                      : !shim_dominates(f->store, access) ? "the store does not come before the load"
                                                          : NULL;
    if (why) {
        char msg[160];
        snprintf(msg, sizeof msg, "a resource handle loaded from memory cannot be lowered: %s", why);
        lower_report(lc, DXIL_SEV_ERROR, access, msg);
        return;
    }
    lower_replace(lc, access, other ? other : LLVMGetOperand(f->store, 0));
}

typedef struct fh_stores {
    LLVMValueRef v[64];
    unsigned n;
    bool loaded;
} fh_stores;

static void fh_note_access(lower_ctx *lc, LLVMValueRef g, LLVMValueRef access, void *arg)
{
    (void)lc;
    (void)g;
    fh_stores *s = arg;
    if (LLVMIsALoadInst(access) || s->n == 64)
        s->loaded = true;
    else
        s->v[s->n++] = access;
}

/* An internal global nothing loads any more goes, with its stores. */
static void fh_drop_if_write_only(lower_ctx *lc, LLVMValueRef g)
{
    fh_stores s = {0};
    if (LLVMGetLinkage(g) != LLVMInternalLinkage || !fh_walk(lc, g, g, fh_note_access, &s) ||
        s.loaded)
        return;
    for (unsigned i = 0; i < s.n; i++)
        LLVMInstructionEraseFromParent(s.v[i]);
    /* GEP instructions left without users */
    LLVMValueRef *users;
    size_t n = lower_collect_users(g, &users);
    bool unused = true;
    for (size_t i = 0; i < n; i++) {
        if (LLVMIsAInstruction(users[i]) && !LLVMGetFirstUse(users[i]))
            LLVMInstructionEraseFromParent(users[i]);
        else
            unused = false;
    }
    free(users);
    if (unused)
        LLVMDeleteGlobal(g);
}

static bool fh_is_cbuffer_global(LLVMValueRef g)
{
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    return LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
           !strcmp(LLVMGetTargetExtTypeName(t), "dx.CBuffer");
}

int lower_forward_handles(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0;
    LLVMValueRef g = LLVMGetFirstGlobal(lc->mod);
    while (g) {
        LLVMValueRef next = LLVMGetNextGlobal(g);
        fh_state st = {0};
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 0 && !fh_is_cbuffer_global(g) &&
            fh_walk(lc, g, g, fh_note_store, &st) && !st.bad && st.n) {
            fh_walk(lc, g, g, fh_forward_load, &st);
            lower_erase_dead(lc);
            fh_drop_if_write_only(lc, g);
        }
        g = next;
    }
    return 0;
}
