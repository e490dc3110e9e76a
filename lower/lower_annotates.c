/* lower_annotates.c - where handle creations' companions stand: the
 * annotateHandle calls (pass "annotates", after cleanup: the users are
 * dx.op calls) and a library's resource loads (pass "lib-loads").
 *
 * Lowering made one annotateHandle right after each handle's creation.
 * DXC writes one per use site. A handle the raise recorded
 * (!dxu.annotates, common/side_metadata.h) gets DXC's calls back: its
 * users, in function order, are split into the recorded runs, each run
 * gets its own call, placed where the record says. Any other annotation
 * moves before the handle's first use when all users share its block. */
#include "lower_internal.h"

#include "common/grow.h"
#include "common/side_metadata.h"
#include "module/dxop_calls.h"
#include "module/llvm_shim.h"

#include <stdlib.h>
#include <string.h>

/* ---- without a record ---- */

static bool ann_is_call_to(LLVMValueRef v, const char *name)
{
    LLVMValueRef fn = v && LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    size_t len = 0;
    const char *n = fn ? LLVMGetValueName2(fn, &len) : NULL;
    return n && len == strlen(name) && !memcmp(n, name, len);
}

/* The first instruction after `v` in its block that uses v; NULL when a
 * user is a phi or in another block (one place need not dominate them). */
static LLVMValueRef ann_first_user(LLVMValueRef v)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user) || LLVMIsAPHINode(user) ||
            LLVMGetInstructionParent(user) != bb)
            return NULL;
    }
    for (LLVMValueRef at = LLVMGetNextInstruction(v); at; at = LLVMGetNextInstruction(at))
        for (int i = 0; i < LLVMGetNumOperands(at); i++)
            if (LLVMGetOperand(at, (unsigned)i) == v)
                return at;
    return NULL;
}

/* Whether ann annotates a bound handle that is not a cbuffer's. */
static bool ann_moves(LLVMValueRef ann)
{
    uint64_t cls;
    LLVMValueRef create = LLVMGetNumArgOperands(ann) == 3 ? LLVMGetOperand(ann, 1) : NULL;
    if (!ann_is_call_to(create, "dx.op.createHandleFromBinding") ||
        LLVMGetNumArgOperands(create) != 4)
        return false;
    LLVMValueRef bind = LLVMGetOperand(create, 1);
    return LLVMIsConstant(bind) && const_u64(LLVMGetAggregateElement(bind, 3), &cls) &&
           cls != DXIL_RESOURCE_CLASS_CBUFFER;
}

/* DXC annotates a bound resource's handle where it was first needed,
 * right before its first use (a cbuffer's with the creations, at the
 * entry). Where all users share the annotation's block, it moves before
 * the first of them. */
static void ann_place_unrecorded(lower_ctx *lc, LLVMValueRef call)
{
    /* One the input had (kept as DXIL) stands where DXC put it. */
    bool made = !lower_is_input_call(lc, call) && ann_moves(call);
    LLVMValueRef at = made ? ann_first_user(call) : NULL;
    if (!at || LLVMGetNextInstruction(call) == at)
        return;
    LLVMInstructionRemoveFromParent(call);
    LLVMPositionBuilderBefore(lc->b, at);
    LLVMInsertIntoBuilder(lc->b, call);
}

/* ---- with a record ---- */

/* One recorded annotateHandle of lowering and what becomes of it. */
typedef struct ann_rec {
    LLVMValueRef call;
    LLVMValueRef *users; /* in function order */
    size_t n_users, cap_users;
    unsigned *uses, *place; /* per call DXC wrote */
    size_t n_calls;
} ann_rec;

typedef struct ann_state {
    lower_ctx *lc;
    unsigned kind; /* !dxu.annotates */
    ann_rec *v;    /* sorted by call */
    size_t n;
    LLVMValueRef tree_fn;
    shim_domtree *tree;
} ann_state;

static int rec_cmp(const void *a, const void *b)
{
    const ann_rec *x = a, *y = b;
    return (x->call > y->call) - (x->call < y->call);
}

static ann_rec *rec_find(const ann_state *st, LLVMValueRef call)
{
    ann_rec key = {.call = call};
    return st->n ? bsearch(&key, st->v, st->n, sizeof key, rec_cmp) : NULL;
}

static uint64_t md_u64_at(LLVMValueRef node, unsigned i)
{
    uint64_t v = 0;
    return const_u64(md_operand(node, i), &v) ? v : 0;
}

/* The record's (calls, uses, place) runs as one entry per call; false
 * when malformed or when it does not split `users` users exactly. */
static bool rec_read(ann_rec *r, LLVMValueRef node, size_t users)
{
    unsigned n = md_num_operands(node);
    size_t calls = 0, total = 0;
    if (!n || n % 3)
        return false;
    for (unsigned i = 0; i < n; i += 3) {
        uint64_t c = md_u64_at(node, i), u = md_u64_at(node, i + 1);
        if (!c || !u || md_u64_at(node, i + 2) >= DXU_ANNOTATE_PLACES || c > users ||
            u > users || c * u > users - total)
            return false;
        calls += c;
        total += c * u;
    }
    if (total != users || !(r->uses = malloc(calls * sizeof *r->uses)) ||
        !(r->place = malloc(calls * sizeof *r->place)))
        return false;
    for (unsigned i = 0; i < n; i += 3)
        for (uint64_t c = md_u64_at(node, i); c; c--) {
            r->uses[r->n_calls] = (unsigned)md_u64_at(node, i + 1);
            r->place[r->n_calls++] = (unsigned)md_u64_at(node, i + 2);
        }
    return true;
}

static int rec_add_user(ann_rec *r, LLVMValueRef user)
{
    if (r->n_users && r->users[r->n_users - 1] == user)
        return 0; /* one instruction using the call twice */
    LLVMValueRef *nv = grow_array(r->users, &r->cap_users, r->n_users, sizeof *nv, 8);
    if (!nv)
        return -1;
    r->users = nv;
    r->users[r->n_users++] = user;
    return 0;
}

/* Each recorded call's users, in function order. */
static int recs_users(ann_state *st, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            for (int k = 0; k < LLVMGetNumOperands(i); k++) {
                LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
                ann_rec *r = LLVMIsACallInst(op) ? rec_find(st, op) : NULL;
                if (r && rec_add_user(r, i) != 0)
                    return -1;
            }
    return 0;
}

static shim_domtree *ann_tree(ann_state *st, LLVMBasicBlockRef bb)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
    if (st->tree_fn != fn) {
        shim_domtree_free(st->tree);
        st->tree = shim_domtree_create(fn);
        st->tree_fn = fn;
    }
    return st->tree;
}

static bool ann_is_op(LLVMValueRef v, uint32_t opcode)
{
    return ops_dxop_opcode(v) == opcode;
}

static int ann_operand_index(LLVMValueRef user, LLVMValueRef v)
{
    for (int i = 0; i < LLVMGetNumOperands(user); i++)
        if (LLVMGetOperand(user, (unsigned)i) == v)
            return i;
    return -1;
}

static void ann_insert_before(lower_ctx *lc, LLVMValueRef call, LLVMValueRef at)
{
    if (LLVMGetInstructionParent(call))
        LLVMInstructionRemoveFromParent(call);
    LLVMPositionBuilderBefore(lc->b, at);
    LLVMInsertIntoBuilder(lc->b, call);
}

/* Whether the first user's block dominates the others' (no phi). */
static bool ann_first_dominates(ann_state *st, LLVMValueRef *users, size_t n)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(users[0]);
    for (size_t i = 0; i < n; i++) {
        LLVMBasicBlockRef ub = LLVMGetInstructionParent(users[i]);
        if (LLVMIsAPHINode(users[i]) ||
            (ub != bb && !shim_domtree_dominates(ann_tree(st, bb), bb, ub)))
            return false;
    }
    return true;
}

/* Right before `user`, behind the annotations already there that it
 * takes as earlier operands (DXC annotates a texture before its sampler). */
static bool ann_at_use(ann_state *st, LLVMValueRef call, LLVMValueRef *users, size_t n)
{
    if (!ann_first_dominates(st, users, n))
        return false;
    LLVMInstructionRemoveFromParent(call);
    int mine = ann_operand_index(users[0], call);
    LLVMValueRef at = users[0], p;
    while ((p = LLVMGetPreviousInstruction(at)) && ann_is_op(p, DXIL_OP_AnnotateHandle) &&
           ann_operand_index(users[0], p) > mine)
        at = p;
    ann_insert_before(st->lc, call, at);
    return true;
}

/* `gap` instructions (not annotations) before the first user, none of
 * them the creation. */
static bool ann_at_gap(ann_state *st, LLVMValueRef call, unsigned gap, LLVMValueRef *users,
                       size_t n)
{
    LLVMValueRef create = LLVMGetOperand(call, 1), at = users[0];
    if (!LLVMIsACallInst(create) || !ann_first_dominates(st, users, n))
        return false;
    LLVMInstructionRemoveFromParent(call);
    for (unsigned k = 0; k < gap && at;) {
        LLVMValueRef p = LLVMGetPreviousInstruction(at);
        at = p && p != create && !LLVMIsAPHINode(p) ? p : NULL;
        k += at && !ann_is_op(at, DXIL_OP_AnnotateHandle);
    }
    /* not found: back behind its creation, for the last round */
    ann_insert_before(st->lc, call, at ? at : LLVMGetNextInstruction(create));
    return at != NULL;
}

/* Last in the nearest block dominating the users, when none is in it. */
static bool ann_at_dominator(ann_state *st, LLVMValueRef call, LLVMValueRef *users, size_t n)
{
    LLVMBasicBlockRef common = LLVMGetInstructionParent(users[0]);
    shim_domtree *dt = ann_tree(st, common);
    for (size_t i = 1; i < n && common; i++)
        common = shim_domtree_common(dt, common, LLVMGetInstructionParent(users[i]));
    for (size_t i = 0; i < n && common; i++)
        if (LLVMIsAPHINode(users[i]) || LLVMGetInstructionParent(users[i]) == common)
            return false;
    if (!common || !LLVMGetBasicBlockTerminator(common))
        return false;
    ann_insert_before(st->lc, call, LLVMGetBasicBlockTerminator(common));
    return true;
}

/* After the creation and the creations and placed annotations behind it
 * (a pending one still has its record). Always dominates the users. */
static void ann_at_creation(ann_state *st, LLVMValueRef call)
{
    LLVMValueRef create = LLVMGetOperand(call, 1);
    if (!LLVMIsACallInst(create))
        return;
    LLVMInstructionRemoveFromParent(call);
    LLVMValueRef at = LLVMGetNextInstruction(create);
    while (at && (ops_is_handle_creation(at) ||
                  (ann_is_op(at, DXIL_OP_AnnotateHandle) && !LLVMGetMetadata(at, st->kind))))
        at = LLVMGetNextInstruction(at);
    ann_insert_before(st->lc, call, at);
}

/* One call per run of users: the first is r->call, the others copies of
 * it right behind it, each taking its run's users. */
static LLVMValueRef *ann_split(ann_state *st, ann_rec *r)
{
    LLVMValueRef *calls = malloc(r->n_calls * sizeof *calls);
    if (!calls)
        return NULL;
    calls[0] = r->call;
    size_t u = r->uses[0];
    for (size_t k = 1; k < r->n_calls; k++) {
        calls[k] = LLVMInstructionClone(r->call);
        ann_insert_before(st->lc, calls[k], LLVMGetNextInstruction(calls[k - 1]));
        for (size_t j = u; j < u + r->uses[k]; j++)
            for (int i = 0; i < LLVMGetNumOperands(r->users[j]); i++)
                if (LLVMGetOperand(r->users[j], (unsigned)i) == r->call)
                    LLVMSetOperand(r->users[j], (unsigned)i, calls[k]);
        u += r->uses[k];
    }
    return calls;
}

/* Places one record's calls by use and dominator; those left go with
 * their creation in a later round, in creation order. */
static void ann_place_early(ann_state *st, ann_rec *r, LLVMValueRef *calls)
{
    size_t u = 0;
    for (size_t k = 0; k < r->n_calls; k++) {
        LLVMValueRef *users = r->users + u;
        unsigned p = r->place[k];
        bool done = (p == DXU_ANNOTATE_AT_USE && ann_at_use(st, calls[k], users, r->uses[k])) ||
                    (p == DXU_ANNOTATE_AT_DOMINATOR &&
                     ann_at_dominator(st, calls[k], users, r->uses[k])) ||
                    (p >= DXU_ANNOTATE_AT_GAP &&
                     ann_at_gap(st, calls[k], p - DXU_ANNOTATE_AT_GAP + 1, users, r->uses[k]));
        if (done)
            LLVMSetMetadata(calls[k], st->kind, NULL);
        u += r->uses[k];
    }
}

static void ann_place_late(ann_state *st, ann_rec *r, LLVMValueRef *calls)
{
    for (size_t k = 0; k < r->n_calls; k++)
        if (LLVMGetMetadata(calls[k], st->kind)) {
            ann_at_creation(st, calls[k]);
            LLVMSetMetadata(calls[k], st->kind, NULL);
        }
}

/* The recorded calls in function order (their creations' order). */
static ann_rec **recs_ordered(ann_state *st)
{
    ann_rec **v = malloc(st->n * sizeof *v);
    size_t k = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(st->lc->mod); v && f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                ann_rec *r = LLVMIsACallInst(i) ? rec_find(st, i) : NULL;
                if (r && k < st->n)
                    v[k++] = r;
            }
    return v;
}

static bool ann_same_call(LLVMValueRef a, LLVMValueRef b)
{
    if (!LLVMIsACallInst(a) || !LLVMIsACallInst(b))
        return false;
    int n = LLVMGetNumOperands(a);
    if (LLVMGetInstructionParent(a) != LLVMGetInstructionParent(b) || n != LLVMGetNumOperands(b))
        return false;
    for (int i = 0; i < n; i++)
        if (LLVMGetOperand(a, (unsigned)i) != LLVMGetOperand(b, (unsigned)i))
            return false;
    return true;
}

/* DXC creates a binding once and annotates it with each pair of words;
 * the raise made a handle per pair, next to each other, and lowering a
 * creation per handle. A recorded handle's creation equal to the one of
 * the recorded call before it (order: function order) gives way to it. */
static void ann_merge_creations(ann_rec **order, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        LLVMValueRef c = LLVMGetOperand(order[i]->call, 1);
        LLVMValueRef e = LLVMGetOperand(order[i - 1]->call, 1);
        if (e != c && ann_is_op(c, DXIL_OP_CreateHandleFromBinding) && ann_same_call(e, c)) {
            LLVMReplaceAllUsesWith(c, e);
            LLVMInstructionEraseFromParent(c);
        }
    }
}

/* A record that does not fit (an empty one is the raise's "none"). */
static void ann_warn_misfit(ann_state *st, const ann_rec *r)
{
    LLVMValueRef md = LLVMGetMetadata(r->call, st->kind);
    if (!md || !md_num_operands(md))
        return;
    size_t len = 0;
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(r->call));
    const char *name = LLVMGetValueName2(fn, &len);
    lower_warn(st->lc, "@%.*s: !%s does not fit the %zu instructions using the handle; one "
               "annotateHandle kept", (int)len, name, DXU_MDK_ANNOTATES, r->n_users);
}

static int ann_place_recorded(ann_state *st)
{
    if (st->n > 1) /* st->v is NULL when empty, which qsort may not take */
        qsort(st->v, st->n, sizeof *st->v, rec_cmp);
    for (LLVMValueRef f = LLVMGetFirstFunction(st->lc->mod); f; f = LLVMGetNextFunction(f))
        if (recs_users(st, f) != 0)
            return -1;
    ann_rec **order = recs_ordered(st);
    LLVMValueRef **calls = calloc(st->n, sizeof *calls);
    if (!order || !calls) {
        free(order);
        free(calls);
        return -1;
    }
    ann_merge_creations(order, st->n);
    for (size_t i = 0; i < st->n; i++) {
        ann_rec *r = order[i];
        /* the record stays on each call until it is placed (pending) */
        if (rec_read(r, LLVMGetMetadata(r->call, st->kind), r->n_users) &&
            (calls[i] = ann_split(st, r)) != NULL) {
            ann_place_early(st, r, calls[i]);
        } else {
            ann_warn_misfit(st, r);
            LLVMSetMetadata(r->call, st->kind, NULL);
            ann_place_unrecorded(st->lc, r->call);
        }
    }
    for (size_t i = 0; i < st->n; i++)
        if (calls[i])
            ann_place_late(st, order[i], calls[i]);
    for (size_t i = 0; i < st->n; i++)
        free(calls[i]);
    free(calls);
    free(order);
    return 0;
}

int lower_place_annotates(lower_ctx *lc)
{
    LLVMValueRef fn = LLVMGetNamedFunction(lc->mod, "dx.op.annotateHandle"), *calls = NULL;
    size_t n = fn ? lower_collect_calls(fn, &calls) : 0;
    ann_state st = {.lc = lc, .kind = lc->side.annotates};
    st.v = n ? calloc(n, sizeof *st.v) : NULL;
    for (size_t i = 0; i < n; i++) {
        /* kind 0: the context never had the record (0 is !dbg) */
        if (st.v && st.kind && LLVMGetMetadata(calls[i], st.kind)) {
            st.v[st.n++].call = calls[i];
        } else {
            if (st.kind)
                LLVMSetMetadata(calls[i], st.kind, NULL);
            ann_place_unrecorded(lc, calls[i]);
        }
    }
    int rv = st.n ? ann_place_recorded(&st) : 0;
    for (size_t i = 0; i < st.n; i++) {
        LLVMSetMetadata(st.v[i].call, st.kind, NULL);
        free(st.v[i].users);
        free(st.v[i].uses);
        free(st.v[i].place);
    }
    if (rv != 0)
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "out of memory while placing annotateHandle calls");
    shim_domtree_free(st.tree);
    free(st.v);
    free(calls);
    return rv;
}

/* ---- where a library handle's load stands ---- */

typedef struct lib_load {
    LLVMValueRef load;
    unsigned at;
} lib_load;

static int lib_load_cmp(const void *a, const void *b)
{
    const lib_load *x = a, *y = b;
    return (x->at > y->at) - (x->at < y->at);
}

/* Moves ld to index `at` of the entry block (ld itself not counted) when
 * none of its users stands before that (a global's load may stand
 * anywhere before them). */
static void lib_load_move(lower_ctx *lc, LLVMValueRef ld, unsigned at)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(ld));
    LLVMValueRef to = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
    for (unsigned k = 0; to; to = LLVMGetNextInstruction(to)) {
        if (to == ld)
            continue;
        if (k++ == at)
            break;
        if (ann_operand_index(to, ld) >= 0)
            return;
    }
    if (to && !LLVMIsAPHINode(to))
        ann_insert_before(lc, ld, to);
}

/* DXC loads a library's resource globals at the top of the entry block
 * (before DXIL 1.6); lowering loaded each right before its
 * createHandleForLib. Loads the raise recorded (!dxu.libLoad) move back,
 * in the order of their places. */
int lower_place_lib_loads(lower_ctx *lc)
{
    unsigned kind = lc->side.lib_load;
    if (!kind) /* the context never had the record (0 is !dbg) */
        return 0;
    lib_load *v = NULL;
    size_t n = 0, cap = 0;
    int rv = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(lc->mod); f && rv == 0; f = LLVMGetNextFunction(f)) {
        n = 0;
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                LLVMValueRef md = LLVMIsALoadInst(i) ? LLVMGetMetadata(i, kind) : NULL;
                lib_load *nv = md ? grow_array(v, &cap, n, sizeof *nv, 8) : v;
                if (md && !nv) {
                    rv = -1;
                    break;
                }
                v = nv;
                if (md) {
                    v[n++] = (lib_load){i, (unsigned)md_u64_at(md, 0)};
                    LLVMSetMetadata(i, kind, NULL);
                }
            }
        if (n > 1) /* qsort takes no NULL array, even empty */
            qsort(v, n, sizeof *v, lib_load_cmp);
        for (size_t k = 0; rv == 0 && k < n; k++)
            lib_load_move(lc, v[k].load, v[k].at);
    }
    free(v);
    if (rv != 0)
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "out of memory while placing library resource loads");
    return rv;
}
