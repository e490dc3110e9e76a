/* raise_res_handle.c - the resource pass's handles: for one creation,
 * llvm.dx.resource.handlefrombinding + casthandle built from its binding
 * (one per target type and annotateHandle word pair), its annotateHandle
 * users replaced, and the creation erased, or kept as DXIL with a
 * warning that says why. */
#include "raise_resources.h"
#include "raise_ops.h"

#include "dxil-upgrade/dxil_stats.h"

#include <stdlib.h>
#include <string.h>

const char *const res_form_names[RES_FORM_COUNT] = {
    "createHandle", "createHandleFromBinding", "createHandleForLib", "createHandleFromHeap"};

/* A private [N x i8] string constant holding the resource name, as clang
 * emits for handlefrombinding's last operand. An empty (stripped) name is
 * a null pointer: "" would fold to zeroinitializer, which LLVM 22's
 * getResourceNameFromBindingCall cannot read. */
static LLVMValueRef res_name_global(res_state *st, const res_desc *d)
{
    if (d->name_len == 0)
        return LLVMConstPointerNull(LLVMPointerTypeInContext(st->rc->ctx, 0));
    for (size_t i = 0; i < st->nnames; i++)
        if (st->names[i].n == d->name_len && !memcmp(st->names[i].s, d->name, d->name_len))
            return st->names[i].g;
    LLVMValueRef init = LLVMConstStringInContext2(st->rc->ctx, d->name, d->name_len, 0);
    LLVMValueRef g = LLVMAddGlobal(st->rc->mod, LLVMTypeOf(init), ".str");
    LLVMSetInitializer(g, init);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    LLVMSetAlignment(g, 1);
    struct res_name *nn = realloc(st->names, (st->nnames + 1) * sizeof *nn);
    if (nn) {
        st->names = nn;
        st->names[st->nnames++] = (struct res_name){d->name, d->name_len, g};
    }
    return g;
}

/* index - lb, looking through DXC's own "add i, lb". */
LLVMValueRef res_relative_index(res_state *st, LLVMValueRef idx, uint32_t lb)
{
    uint64_t c = 0;
    if (lb == 0)
        return idx;
    if (LLVMIsAInstruction(idx) && LLVMGetInstructionOpcode(idx) == LLVMAdd) {
        for (unsigned i = 0; i < 2; i++)
            if (const_u64(LLVMGetOperand(idx, i), &c) && (uint32_t)c == lb)
                return LLVMGetOperand(idx, 1 - i);
    }
    LLVMValueRef lbv = LLVMConstInt(LLVMInt32TypeInContext(st->rc->ctx), lb, 0);
    return LLVMBuildSub(st->b, idx, lbv, "");
}

static void res_note_props(res_state *st, const res_desc *d)
{
    res_props_seen p = {d->cls, d->space, d->lb, d->w0, d->w1};
    for (size_t i = 0; i < st->nprops; i++)
        if (!memcmp(&st->props[i], &p, sizeof p))
            return;
    res_props_seen *np = realloc(st->props, (st->nprops + 1) * sizeof *np);
    if (np) {
        st->props = np;
        st->props[st->nprops++] = p;
    }
}

/* Handles already built for one creation, one per target type and
 * annotateHandle word pair. DXC may annotate one binding with and without
 * the has-counter bit (set only before bufferUpdateCounter); separate
 * handles of the same binding let lowering re-annotate each use as DXC
 * did, while LLVM 22 derives HasCounter for the binding from the
 * updatecounter call. */
enum { RES_MADE_MAX = 8 };
typedef struct res_made {
    struct res_made_one {
        LLVMTypeRef ty;
        uint32_t w0, w1;
        bool has_props;
        LLVMValueRef cast;
    } v[RES_MADE_MAX];
    unsigned n;
} res_made;

static LLVMValueRef res_made_find(const res_made *made, LLVMTypeRef ty, const res_desc *d)
{
    for (unsigned i = 0; i < made->n; i++) {
        const struct res_made_one *m = &made->v[i];
        if (m->ty == ty && (!d->has_props || !m->has_props ||
                            (m->w0 == d->w0 && m->w1 == d->w1)))
            return m->cast;
    }
    return NULL;
}

/* TBuffer and RTAS have no LLVM 22 type; any other kind that fails is not
 * a kind the module states. */
static unsigned res_kind_reason(unsigned kind)
{
    return kind == DXIL_RESOURCE_KIND_TBUFFER || kind == DXIL_RESOURCE_KIND_RTACCELERATIONSTRUCTURE
               ? DXIL_KEEP_HANDLE_UNTYPED
               : DXIL_KEEP_HANDLE_UNRESOLVED;
}

/* Emits handlefrombinding + casthandle before `at`; returns the cast
 * (%dx.types.Handle) or NULL when d has no LLVM 22 form. */
static LLVMValueRef res_emit(res_state *st, const res_desc *d, LLVMValueRef at,
                             LLVMValueRef rel_index, bool nonuniform, res_why *why,
                             res_made *made)
{
    LLVMTypeRef ty = res_target_type(st->rc, d, &why->text);
    if (!ty) {
        why->reason = res_kind_reason(d->kind);
        return NULL;
    }
    if (d->has_props)
        res_note_props(st, d);
    LLVMValueRef found = res_made_find(made, ty, d);
    if (found)
        return found;
    LLVMPositionBuilderBefore(st->b, at);
    if (nonuniform)
        rel_index = res_call_intrinsic(st->rc, st->b, "llvm.dx.resource.nonuniformindex",
                                            NULL, 0, &rel_index, 1, "");
    LLVMTypeRef i32 = LLVMInt32TypeInContext(st->rc->ctx);
    LLVMValueRef args[5] = {LLVMConstInt(i32, d->space, 0), LLVMConstInt(i32, d->lb, 0),
                            LLVMConstInt(i32, d->range, 0), rel_index, res_name_global(st, d)};
    LLVMValueRef h = res_call_intrinsic(st->rc, st->b, "llvm.dx.resource.handlefrombinding",
                                             &ty, 1, args, 5, "");
    LLVMTypeRef over[2] = {LLVMTypeOf(at), ty};
    LLVMValueRef cast = res_call_intrinsic(st->rc, st->b, "llvm.dx.resource.casthandle",
                                                over, 2, &h, 1, "");
    if (made->n < RES_MADE_MAX)
        made->v[made->n++] = (struct res_made_one){ty, d->w0, d->w1, d->has_props, cast};
    return cast;
}

void res_keep(res_state *st, unsigned form, LLVMValueRef call, res_why why)
{
    st->kept[form]++;
    raise_note_kept(st->rc, call, why.reason);
    size_t len = 0;
    const char *fn = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)), &len);
    dxil_diags_add(st->rc->diags, DXIL_SEV_WARNING, DXIL_W_RAISE_KEPT, DXIL_LOC_NONE, 0,
                   "%s in @%.*s kept as DXIL: %s", res_form_names[form], (int)len, fn, why.text);
}

static bool res_props_of(LLVMValueRef annotate, uint32_t *w0, uint32_t *w1)
{
    LLVMValueRef p = LLVMGetOperand(annotate, 2);
    uint64_t a = 0, b = 0;
    if (!const_u64(LLVMGetAggregateElement(p, 0), &a) ||
        !const_u64(LLVMGetAggregateElement(p, 1), &b))
        return false;
    *w0 = (uint32_t)a;
    *w1 = (uint32_t)b;
    return true;
}

/* Moves the calls of ann from i on with w0/w1's words to the front of
 * that range, in order; returns how many there are. */
static size_t res_group_words(res_calls *ann, size_t i, uint32_t w0, uint32_t w1)
{
    size_t k = i;
    uint32_t x0, x1;
    for (size_t j = i; j < ann->n; j++) {
        if (!ann->v[j] || !res_props_of(ann->v[j], &x0, &x1) || x0 != w0 || x1 != w1)
            continue;
        LLVMValueRef t = ann->v[j];
        memmove(ann->v + k + 1, ann->v + k, (j - k) * sizeof *ann->v);
        ann->v[k++] = t;
    }
    return k - i;
}

/* Raises the annotateHandle users of `create`, one handle per distinct
 * pair of property words, on which the calls' places are recorded;
 * returns how many could not be raised. */
static unsigned res_replace_annotates(res_state *st, const res_desc *base,
                                      LLVMValueRef create, LLVMValueRef rel, bool nu,
                                      res_made *made, res_why *fail_why)
{
    res_calls ann = {0};
    unsigned failed = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(create); u; u = LLVMGetNextUse(u))
        if (res_call_opcode(LLVMGetUser(u)) == DXIL_OP_AnnotateHandle &&
            raise_call_fits_op(st->rc, LLVMGetUser(u), DXIL_OP_AnnotateHandle))
            res_calls_push(&ann, LLVMGetUser(u));
    for (size_t i = 0; i < ann.n;) {
        uint32_t w0, w1;
        if (!res_props_of(ann.v[i], &w0, &w1)) {
            i++;
            continue;
        }
        size_t n = res_group_words(&ann, i, w0, w1);
        res_desc d = *base;
        res_why why = {NULL, DXIL_KEEP_HANDLE_UNRESOLVED};
        res_decode_props(&d, w0, w1);
        LLVMValueRef cast = res_emit(st, &d, create, rel, nu, &why, made);
        if (cast)
            ann_sites_record(st->rc, &st->sites, LLVMGetOperand(cast, 0), ann.v + i, n);
        for (size_t j = i; j < i + n; j++) {
            if (cast) {
                LLVMReplaceAllUsesWith(ann.v[j], cast);
                LLVMInstructionEraseFromParent(ann.v[j]);
            } else {
                failed++;
                raise_note_kept(st->rc, ann.v[j], why.reason);
                *fail_why = why;
            }
        }
        i += n;
    }
    res_calls_free(&ann);
    return failed;
}

static void res_erase_if_dead(LLVMValueRef v)
{
    if (v && LLVMIsAInstruction(v) && !LLVMGetFirstUse(v) &&
        (LLVMGetInstructionOpcode(v) == LLVMSub || LLVMGetInstructionOpcode(v) == LLVMAdd))
        LLVMInstructionEraseFromParent(v);
}

/* DXC names some creations (%"$Globals_cbuffer"): the one handle made
 * for it takes the name, which lowering gives back to the creation. */
static void res_move_name(LLVMValueRef create, LLVMValueRef handle)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(create, &len);
    char *copy = len ? strndup(name, len) : NULL;
    if (!copy)
        return;
    LLVMSetValueName2(create, "", 0);
    LLVMSetValueName2(handle, copy, len);
    free(copy);
}

/* Common tail of every form: annotate users, then the rest through one
 * handle built from the record. Erases `create` when nothing uses it;
 * returns the handlefrombinding when it made exactly one, else NULL. */
LLVMValueRef res_replace(res_state *st, unsigned form, LLVMValueRef create,
                         const res_desc *base, bool base_known, LLVMValueRef rel, bool nu)
{
    res_made made = {.n = 0};
    res_why why = {NULL, DXIL_KEEP_HANDLE_UNRESOLVED};
    res_replace_annotates(st, base, create, rel, nu, &made, &why);
    /* DXC annotates every createHandleFromBinding: any other user (an
     * annotateHandle called through a function of another name) keeps
     * the call, which lowering would otherwise annotate again. */
    if (LLVMGetFirstUse(create) && form == RES_FORM_BINDING && !why.text)
        why.text = "a user other than annotateHandle";
    else if (LLVMGetFirstUse(create) && base_known) {
        LLVMValueRef cast = res_emit(st, base, create, rel, nu, &why, &made);
        if (cast)
            LLVMReplaceAllUsesWith(create, cast);
    } else if (LLVMGetFirstUse(create) && !why.text) {
        why.text = "no dx.resources record or annotateHandle gives its kind";
    }
    if (LLVMGetFirstUse(create)) {
        if (!why.text)
            why.text = "unsupported use";
        res_keep(st, form, create, why);
        return NULL;
    }
    st->raised[form]++;
    LLVMValueRef one = made.n == 1 ? LLVMGetOperand(made.v[0].cast, 0) : NULL;
    if (one)
        res_move_name(create, one);
    LLVMValueRef idx = form == RES_FORM_LIB ? NULL : LLVMGetOperand(create, form ? 2 : 3);
    LLVMInstructionEraseFromParent(create);
    res_erase_if_dead(rel);
    if (idx != rel)
        res_erase_if_dead(idx); /* DXC's "add i, lb" when we looked through it */
    return one;
}

LLVMValueRef res_md_i32(res_state *st, uint32_t v)
{
    return LLVMConstInt(LLVMInt32TypeInContext(st->rc->ctx), v, 0);
}
