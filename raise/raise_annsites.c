/* raise_annsites.c - where DXC annotated each handle, and where it
 * loaded a library resource's global.
 *
 * DXC writes one annotateHandle per use site: several calls on one
 * createHandleFromBinding result, each right before its users, some with
 * the creations at the entry, some at the end of a block that dominates
 * their users. The raise folds the calls with equal property words into
 * one handlefrombinding; before anything moves, this file notes for each
 * annotateHandle its users (counted in function order) and its place, and
 * res_replace_annotates has the folded calls recorded on the raised handle
 * as !dxu.annotates (common/side_metadata.h), which lowering reads to make
 * the same calls in the same places (lower/lower_annotates.c). */
#include "raise_resources.h"

#include "common/side_metadata.h"
#include "module/dxop_calls.h"
#include "module/llvm_shim.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* What the pre-pass learnt about one annotateHandle. */
struct ann_site {
    LLVMValueRef call;
    LLVMValueRef first;        /* its first user in function order */
    size_t first_pos, last_pos;
    unsigned users;            /* instructions using it */
    unsigned place;            /* DXU_ANNOTATE_AT_* */
};

static int site_cmp(const void *a, const void *b)
{
    const struct ann_site *x = a, *y = b;
    return (x->call > y->call) - (x->call < y->call);
}

static int ptr_cmp(const void *a, const void *b)
{
    LLVMValueRef x = *(LLVMValueRef const *)a, y = *(LLVMValueRef const *)b;
    return (x > y) - (x < y);
}

static struct ann_site *site_find(const ann_sites *s, LLVMValueRef call)
{
    struct ann_site key = {.call = call};
    return s->n ? bsearch(&key, s->v, s->n, sizeof key, site_cmp) : NULL;
}

/* Counts the users of the sites in fn, in order. */
static void sites_walk(ann_sites *s, LLVMValueRef fn)
{
    size_t pos = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i), pos++)
            for (int k = 0; k < LLVMGetNumOperands(i); k++) {
                LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
                struct ann_site *a = LLVMIsACallInst(op) ? site_find(s, op) : NULL;
                if (!a || (a->users && a->last_pos == pos))
                    continue;
                if (!a->users++) {
                    a->first = i;
                    a->first_pos = pos;
                }
                a->last_pos = pos;
            }
}

/* The function's dominator tree, made once per function. */
static shim_domtree *sites_tree(ann_sites *s, LLVMValueRef fn)
{
    if (s->tree_fn != fn) {
        shim_domtree_free(s->tree);
        s->tree = shim_domtree_create(fn);
        s->tree_fn = fn;
    }
    return s->tree;
}

/* Whether block bb dominates every block where a is used. */
static bool dominates_users(ann_sites *s, const struct ann_site *a, LLVMBasicBlockRef bb)
{
    shim_domtree *dt = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(a->call); u; u = LLVMGetNextUse(u)) {
        LLVMBasicBlockRef ub = LLVMGetInstructionParent(LLVMGetUser(u));
        if (ub == bb)
            continue;
        if (!dt && !(dt = sites_tree(s, LLVMGetBasicBlockParent(bb))))
            return false;
        if (!shim_domtree_dominates(dt, bb, ub))
            return false;
    }
    return true;
}

/* Whether bb is the nearest block dominating all of a's users, none in it. */
static bool common_dominator(ann_sites *s, const struct ann_site *a, LLVMBasicBlockRef bb)
{
    shim_domtree *dt = sites_tree(s, LLVMGetBasicBlockParent(bb));
    LLVMBasicBlockRef common = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(a->call); u && dt; u = LLVMGetNextUse(u)) {
        LLVMBasicBlockRef ub = LLVMGetInstructionParent(LLVMGetUser(u));
        if (ub == bb)
            return false;
        common = common ? shim_domtree_common(dt, common, ub) : ub;
    }
    return dt && common == bb;
}

/* How many instructions but annotations stand between a and its first
 * user, in one block; UINT_MAX past DXU_ANNOTATE_MAX_GAP or the block. */
static unsigned site_gap(const struct ann_site *a)
{
    unsigned gap = 0;
    for (LLVMValueRef at = LLVMGetNextInstruction(a->call); at; at = LLVMGetNextInstruction(at)) {
        if (at == a->first)
            return gap;
        if (ops_dxop_opcode(at) != DXIL_OP_AnnotateHandle && ++gap > DXU_ANNOTATE_MAX_GAP)
            break;
    }
    return UINT_MAX;
}

static bool after_creation(const struct ann_site *a)
{
    LLVMValueRef create = LLVMGetOperand(a->call, 1), back = LLVMGetPreviousInstruction(a->call);
    while (back && back != create &&
           (ops_is_handle_creation(back) || ops_dxop_opcode(back) == DXIL_OP_AnnotateHandle))
        back = LLVMGetPreviousInstruction(back);
    return back && back == create;
}

/* Where a stands, as lowering can put it back: right before its first
 * user (other annotations between), after its creation (other creations
 * and annotations between), a few instructions before its first user,
 * or last in the block that dominates its users; else before its first
 * user, or with the creation where that block does not dominate every
 * user. */
static unsigned site_place(ann_sites *s, const struct ann_site *a)
{
    unsigned gap = site_gap(a);
    bool at_use_ok = dominates_users(s, a, LLVMGetInstructionParent(a->first));
    if (gap == 0 && at_use_ok)
        return DXU_ANNOTATE_AT_USE;
    if (after_creation(a))
        return DXU_ANNOTATE_AT_CREATION;
    if (gap != UINT_MAX && at_use_ok)
        return DXU_ANNOTATE_AT_GAP + gap - 1;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(a->call);
    LLVMValueRef at = LLVMGetNextInstruction(a->call);
    while (at && ops_dxop_opcode(at) == DXIL_OP_AnnotateHandle)
        at = LLVMGetNextInstruction(at);
    if (at && at == LLVMGetBasicBlockTerminator(bb) && common_dominator(s, a, bb))
        return DXU_ANNOTATE_AT_DOMINATOR;
    return at_use_ok ? DXU_ANNOTATE_AT_USE : DXU_ANNOTATE_AT_CREATION;
}

/* The functions the calls are in, each once. */
static LLVMValueRef *sites_functions(const res_calls *anns, size_t *n)
{
    LLVMValueRef *fns = malloc((anns->n ? anns->n : 1) * sizeof *fns);
    if (!fns)
        return NULL;
    for (size_t i = 0; i < anns->n; i++)
        fns[i] = LLVMGetBasicBlockParent(LLVMGetInstructionParent(anns->v[i]));
    qsort(fns, anns->n, sizeof *fns, ptr_cmp);
    size_t k = 0;
    for (size_t i = 0; i < anns->n; i++)
        if (!k || fns[k - 1] != fns[i])
            fns[k++] = fns[i];
    *n = k;
    return fns;
}

int ann_sites_build(ann_sites *s, const res_calls *anns)
{
    memset(s, 0, sizeof *s);
    if (!anns->n)
        return 0;
    size_t nfn = 0;
    LLVMValueRef *fns = sites_functions(anns, &nfn);
    s->v = calloc(anns->n, sizeof *s->v);
    if (!fns || !s->v) {
        free(fns);
        free(s->v);
        s->v = NULL;
        return -1;
    }
    for (size_t i = 0; i < anns->n; i++)
        s->v[i].call = anns->v[i];
    s->n = anns->n;
    qsort(s->v, s->n, sizeof *s->v, site_cmp);
    for (size_t i = 0; i < nfn; i++)
        sites_walk(s, fns[i]);
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i].users)
            s->v[i].place = site_place(s, &s->v[i]);
    free(fns);
    return 0;
}

void ann_sites_free(ann_sites *s)
{
    shim_domtree_free(s->tree);
    free(s->libs);
    free(s->v);
    memset(s, 0, sizeof *s);
}

static int first_pos_cmp(const void *a, const void *b)
{
    const struct ann_site *x = *(const struct ann_site *const *)a;
    const struct ann_site *y = *(const struct ann_site *const *)b;
    return (x->first_pos > y->first_pos) - (x->first_pos < y->first_pos);
}

/* The sites of anns in order of first use; NULL when one is unknown,
 * unused, or the users of two interleave (lowering splits the handle's
 * users in order). */
static struct ann_site **sites_ordered(const ann_sites *s, LLVMValueRef *anns, size_t n)
{
    struct ann_site **v = malloc(n * sizeof *v);
    for (size_t i = 0; v && i < n; i++)
        if (!(v[i] = site_find(s, anns[i])) || !v[i]->users) {
            free(v);
            return NULL;
        }
    if (!v)
        return NULL;
    qsort(v, n, sizeof *v, first_pos_cmp);
    for (size_t i = 1; i < n; i++)
        if (v[i]->first_pos <= v[i - 1]->last_pos) {
            free(v);
            return NULL;
        }
    return v;
}

/* The record's operands: (calls, uses, place) for each run of calls with
 * equal uses and place; returns how many operands. */
static unsigned record_ops(raise_ctx *rc, struct ann_site **v, size_t n, LLVMValueRef *ops)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(rc->ctx);
    unsigned k = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && v[j]->users == v[i]->users && v[j]->place == v[i]->place)
            j++;
        ops[k++] = LLVMConstInt(i32, j - i, 0);
        ops[k++] = LLVMConstInt(i32, v[i]->users, 0);
        ops[k++] = LLVMConstInt(i32, v[i]->place, 0);
        i = j;
    }
    return k;
}

void ann_sites_record(raise_ctx *rc, const ann_sites *s, LLVMValueRef handle,
                      LLVMValueRef *anns, size_t n)
{
    unsigned kind = LLVMGetMDKindIDInContext(rc->ctx, DXU_MDK_ANNOTATES,
                                             (unsigned)strlen(DXU_MDK_ANNOTATES));
    if (!n || !handle || !LLVMIsACallInst(handle))
        return;
    /* A second group of calls folded into one handle: no record holds
     * both, and an empty one says so. */
    if (LLVMGetMetadata(handle, kind)) {
        LLVMSetMetadata(handle, kind, LLVMMDNodeInContext(rc->ctx, NULL, 0));
        return;
    }
    struct ann_site **v = sites_ordered(s, anns, n);
    LLVMValueRef *ops = v ? malloc(3 * n * sizeof *ops) : NULL;
    if (ops)
        LLVMSetMetadata(handle, kind,
                        LLVMMDNodeInContext(rc->ctx, ops, record_ops(rc, v, n, ops)));
    free(ops);
    free(v);
}

/* ---- where DXC loaded a library resource's global ---- */

/* Where DXC loaded a library resource's global when it was not right
 * before its createHandleForLib: the load's index in the entry block
 * (DXC hoists them there), for !dxu.libLoad; -1 otherwise. Only a load
 * of a constant address with this one user: lowering loads per handle. */
static int lib_load_index(LLVMValueRef loaded, LLVMValueRef call)
{
    LLVMUseRef u = LLVMIsALoadInst(loaded) ? LLVMGetFirstUse(loaded) : NULL;
    if (!u || LLVMGetNextUse(u) || !LLVMIsAConstant(LLVMGetOperand(loaded, 0)) ||
        LLVMGetPreviousInstruction(call) == loaded)
        return -1;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(loaded);
    if (bb != LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(bb)))
        return -1;
    int at = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != loaded; i = LLVMGetNextInstruction(i))
        if (++at > DXU_LIB_LOAD_MAX)
            return -1;
    return at;
}

static int lib_at_cmp(const void *a, const void *b)
{
    const struct ann_lib_at *x = a, *y = b;
    return (x->call > y->call) - (x->call < y->call);
}

int ann_sites_note_lib_loads(ann_sites *s, const res_calls *libs)
{
    if (!libs->n)
        return 0;
    if (!(s->libs = malloc(libs->n * sizeof *s->libs)))
        return -1;
    for (size_t i = 0; i < libs->n; i++) {
        int at = lib_load_index(LLVMGetOperand(libs->v[i], 1), libs->v[i]);
        if (at >= 0)
            s->libs[s->nlibs++] = (struct ann_lib_at){libs->v[i], at};
    }
    qsort(s->libs, s->nlibs, sizeof *s->libs, lib_at_cmp);
    return 0;
}

int ann_sites_lib_load(const ann_sites *s, LLVMValueRef call)
{
    struct ann_lib_at key = {call, 0}, *f = s->nlibs ? bsearch(&key, s->libs, s->nlibs,
                                                               sizeof key, lib_at_cmp) : NULL;
    return f ? f->at : -1;
}
