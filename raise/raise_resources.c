/* raise_resources.c - raises every DXIL handle creation (createHandle,
 * createHandleFromBinding + annotateHandle, createHandleForLib) to
 * llvm.dx.resource.handlefrombinding with a target("dx.*") type. Kept
 * dx.op users get a %dx.types.Handle through llvm.dx.resource.casthandle;
 * raise_buffers.c later looks through that cast. Heap handles, TBuffers
 * and acceleration structures have no LLVM 22 form and stay DXIL. */
#include "raise_resources.h"
#include "raise_ops.h"
#include "common/grow.h"

#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_stats.h"
#include "module/llvm_shim.h"
#include "optable/optable_internal.h"
#include "common/side_metadata.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared helpers ---- */

void res_calls_free(res_calls *c)
{
    free(c->v);
    memset(c, 0, sizeof *c);
}

static int res_calls_push(res_calls *c, LLVMValueRef v)
{
    LLVMValueRef *nv = grow_array(c->v, &c->cap, c->n, sizeof *nv, 16);
    if (!nv)
        return -1;
    c->v = nv;
    c->v[c->n++] = v;
    return 0;
}

uint32_t res_call_opcode(LLVMValueRef call)
{
    uint64_t op = 0;
    if (!LLVMIsACallInst(call) || LLVMGetNumArgOperands(call) < 1 ||
        !const_u64(LLVMGetOperand(call, 0), &op))
        return UINT32_MAX;
    return (uint32_t)op;
}

/* "dx.op.<cls>" exactly, or followed by ".<overload>". */
static bool res_name_matches(const char *name, size_t len, const char *cls)
{
    size_t cl = strlen(cls);
    if (len < 6 + cl || strncmp(name, "dx.op.", 6) != 0 || strncmp(name + 6, cls, cl) != 0)
        return false;
    return len == 6 + cl || name[6 + cl] == '.';
}

int op_fns_collect(LLVMModuleRef mod, op_fns *out)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        size_t len = 0;
        const char *name = LLVMGetValueName2(f, &len);
        if (len < 6 || memcmp(name, "dx.op.", 6) != 0)
            continue;
        struct op_fn *v = grow_array(out->v, &out->cap, out->n, sizeof *v, 16);
        if (!v)
            return -1;
        out->v = v;
        out->v[out->n++] = (struct op_fn){f, name, len};
    }
    return 0;
}

void op_fns_free(op_fns *fns)
{
    free(fns->v);
    memset(fns, 0, sizeof *fns);
}

int res_collect_calls(raise_ctx *rc, const op_fns *fns, const char *cls,
                           unsigned opcode, res_calls *out)
{
    for (size_t i = 0; i < fns->n; i++) {
        LLVMValueRef f = fns->v[i].fn;
        if (!res_name_matches(fns->v[i].name, fns->v[i].len, cls))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef call = LLVMGetUser(u);
            if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f ||
                res_call_opcode(call) != opcode)
                continue;
            if (!raise_call_fits_op(rc, call, opcode))
                raise_note_kept(rc, call, DXIL_KEEP_MISMATCH);
            else if (res_calls_push(out, call) != 0)
                return -1;
        }
    }
    return 0;
}

/* The ops of each custom kind in table order, from one scan of the op
 * table per raise: the passes ask for ~20 kinds, and a scan of the whole
 * table (~350 ops) per kind was ~6% of a shader's conversion. */
struct raise_op_kinds {
    size_t start[DXIL_MAP_CUSTOM_COUNT + 1]; /* ops[start[k] .. start[k + 1]) */
    const dxil_op_info *ops[];
};

static struct raise_op_kinds *res_index_kinds(const dxil_optable *t)
{
    size_t n = dxil_optable_op_count(t);
    struct raise_op_kinds *k = calloc(1, sizeof *k + n * sizeof k->ops[0] + n);
    if (!k)
        return NULL;
    uint8_t *kind_of = (uint8_t *)&k->ops[n];
    size_t count[DXIL_MAP_CUSTOM_COUNT] = {0};
    for (size_t i = 0; i < n; i++) {
        unsigned c = (unsigned)dxil_op_custom_kind(dxil_optable_op_at(t, i));
        kind_of[i] = (uint8_t)(c < DXIL_MAP_CUSTOM_COUNT ? c : DXIL_MAP_TABLE);
        count[kind_of[i]]++;
    }
    for (unsigned c = 0; c < DXIL_MAP_CUSTOM_COUNT; c++)
        k->start[c + 1] = k->start[c] + count[c];
    size_t fill[DXIL_MAP_CUSTOM_COUNT];
    memcpy(fill, k->start, sizeof fill);
    for (size_t i = 0; i < n; i++)
        k->ops[fill[kind_of[i]]++] = dxil_optable_op_at(t, i);
    return k;
}

/* The built-in table's index is made once per process (it was ~23k
 * instructions a shader); an overlay's, per raise. */
static struct raise_op_kinds *res_builtin_kinds;
static pthread_once_t res_builtin_once = PTHREAD_ONCE_INIT;

static void res_builtin_init(void)
{
    res_builtin_kinds = res_index_kinds(dxil_optable_builtin());
}

void raise_op_kinds_build(raise_ctx *rc)
{
    if (ops_table(rc) == dxil_optable_builtin()) {
        pthread_once(&res_builtin_once, res_builtin_init);
        rc->op_kinds = res_builtin_kinds;
        rc->op_kinds_owned = false;
    } else {
        rc->op_kinds = res_index_kinds(ops_table(rc));
        rc->op_kinds_owned = true;
    }
}

const dxil_op_info *res_next_op_of_kind(const raise_ctx *rc, unsigned kind, size_t *next)
{
    const struct raise_op_kinds *k = rc->op_kinds;
    if (!k) { /* no index (out of memory): scan the table */
        const dxil_optable *t = ops_table(rc);
        for (size_t n = dxil_optable_op_count(t); *next < n;) {
            const dxil_op_info *op = dxil_optable_op_at(t, (*next)++);
            if ((unsigned)dxil_op_custom_kind(op) == kind)
                return op;
        }
        return NULL;
    }
    if (kind >= DXIL_MAP_CUSTOM_COUNT || *next >= k->start[kind + 1] - k->start[kind])
        return NULL;
    return k->ops[k->start[kind] + (*next)++];
}

void raise_op_kinds_free(raise_ctx *rc)
{
    if (rc->op_kinds_owned)
        free(rc->op_kinds);
    rc->op_kinds = NULL;
}

LLVMValueRef res_call_intrinsic(raise_ctx *rc, LLVMBuilderRef b, const char *name,
                                     LLVMTypeRef *overloads, unsigned n_over,
                                     LLVMValueRef *args, unsigned n_args, const char *vname)
{
    /* Exact-name lookup (a bare LLVMLookupIntrinsicID also matches longer
     * names), and declarations cached per module: both are hot here. */
    unsigned id = intrinsic_id(name);
    LLVMValueRef fn = id ? raise_intrinsic_decl(rc, id, overloads, n_over) : NULL;
    if (!fn) {
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "intrinsic %s is not known to this LLVM", name);
        return NULL;
    }
    return LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, n_args, vname);
}

LLVMValueRef res_raised_handle(LLVMValueRef v)
{
    if (!v || !LLVMIsACallInst(v))
        return NULL;
    LLVMValueRef callee = LLVMGetCalledValue(v);
    size_t len = 0;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    static const char cast[] = "llvm.dx.resource.casthandle";
    if (strncmp(name, cast, sizeof cast - 1) != 0)
        return NULL;
    LLVMValueRef h = LLVMGetOperand(v, 0);
    return LLVMGetTypeKind(LLVMTypeOf(h)) == LLVMTargetExtTypeKind ? h : NULL;
}

unsigned res_handle_reason(const raise_ctx *rc, LLVMValueRef h)
{
    for (unsigned depth = 0; depth < 2; depth++) { /* the handle, then what it annotates */
        int noted = raise_kept_reason(rc, h);
        if (noted >= 0)
            return (unsigned)noted;
        uint32_t op = res_call_opcode(h);
        if (op == DXIL_OP_CreateHandleFromHeap)
            return DXIL_KEEP_HEAP_HANDLE;
        if (op != DXIL_OP_AnnotateHandle)
            break;
        h = LLVMGetOperand(h, 1);
    }
    return DXIL_KEEP_HANDLE_UNRESOLVED;
}

/* ---- the pass ---- */

enum { RES_FORM_CREATE, RES_FORM_BINDING, RES_FORM_LIB, RES_FORM_HEAP, RES_FORM_COUNT };
static const char *const res_form_names[RES_FORM_COUNT] = {
    "createHandle", "createHandleFromBinding", "createHandleForLib", "createHandleFromHeap"};

typedef struct res_props_seen {
    uint32_t cls, space, lb, w0, w1;
} res_props_seen;

typedef struct res_state {
    raise_ctx *rc;
    res_table table;
    LLVMBuilderRef b;
    unsigned raised[RES_FORM_COUNT], kept[RES_FORM_COUNT];
    op_fns fns;
    res_props_seen *props;
    size_t nprops;
    struct res_name { const char *s; size_t n; LLVMValueRef g; } *names;
    size_t nnames; /* name string globals made so far */
    ann_sites sites; /* where DXC's annotateHandle calls stood */
} res_state;

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
static LLVMValueRef res_relative_index(res_state *st, LLVMValueRef idx, uint32_t lb)
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

/* Why a creation or annotation stays DXIL: the warning's text and the
 * dxil_keep_reason the statistics count it under. */
typedef struct res_why {
    const char *text;
    unsigned reason;
} res_why;

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

/* ---- element-count inference for typed resources without props ---- */

/* Highest ResRet field (0-3) read through extractvalue, plus one. */
static unsigned res_count_from_resret(LLVMValueRef call)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef ev = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1)
            continue;
        unsigned i = LLVMGetIndices(ev)[0];
        if (i < 4 && i + 1 > n)
            n = i + 1;
    }
    return n;
}

/* bufferStore lanes 1-3 that are not a copy of lane 0 (DXC's padding). */
static unsigned res_count_from_store(LLVMValueRef call)
{
    unsigned n = 1;
    LLVMValueRef v0 = LLVMGetOperand(call, 4);
    for (unsigned i = 1; i < 4; i++) {
        LLVMValueRef vi = LLVMGetOperand(call, 4 + i);
        if (vi != v0 && !LLVMIsUndef(vi))
            n = i + 1;
    }
    return n;
}

static unsigned res_count_from_uses(const raise_ctx *rc, LLVMValueRef handle)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(handle); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        unsigned k = 0;
        if (!LLVMIsACallInst(user))
            continue;
        LLVMTypeRef rt = LLVMTypeOf(user);
        if (res_call_opcode(user) == DXIL_OP_BufferStore) {
            if (raise_call_fits_op(rc, user, DXIL_OP_BufferStore))
                k = res_count_from_store(user);
        } else if (LLVMGetTypeKind(rt) == LLVMStructTypeKind &&
                   LLVMCountStructElementTypes(rt) == 5) {
            k = res_count_from_resret(user);
        }
        if (k > n)
            n = k;
    }
    return n;
}

/* Component count from a library's resource global: { <N x T> } or {T}. */
static unsigned res_count_from_symbol(LLVMValueRef sym)
{
    if (!sym || !LLVMIsAGlobalVariable(sym))
        return 0;
    LLVMTypeRef t = LLVMGlobalGetValueType(sym);
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || LLVMCountStructElementTypes(t) < 1)
        return 0;
    LLVMTypeRef e = LLVMStructGetTypeAtIndex(t, 0);
    if (LLVMGetTypeKind(e) == LLVMVectorTypeKind)
        return LLVMGetVectorSize(e);
    return LLVMGetTypeKind(e) == LLVMPointerTypeKind || LLVMGetTypeKind(e) == LLVMStructTypeKind
               ? 0 : 1;
}

static bool res_is_typed(const res_desc *d)
{
    return d->kind == DXIL_RESOURCE_KIND_TYPEDBUFFER ||
           (d->kind >= DXIL_RESOURCE_KIND_TEXTURE1D &&
            d->kind <= DXIL_RESOURCE_KIND_TEXTURECUBEARRAY);
}

static void res_infer_counts(res_state *st, const res_calls *creates, unsigned id_arg)
{
    for (size_t i = 0; i < creates->n; i++) {
        LLVMValueRef c = creates->v[i];
        uint64_t cls = 0, id = 0;
        if (!const_u64(LLVMGetOperand(c, 1), &cls) ||
            !const_u64(LLVMGetOperand(c, id_arg), &id))
            continue;
        res_desc *d = res_table_find_id(&st->table, (unsigned)cls, (unsigned)id);
        if (!d || !res_is_typed(d))
            continue;
        /* The resource's global type says the width exactly; the lanes
         * the shader happens to read are only a lower bound. */
        unsigned n = res_count_from_symbol(d->symbol);
        if (n == 0)
            n = res_count_from_uses(st->rc, c);
        if (n > d->elem_count)
            d->elem_count = n;
    }
}

/* ---- replacing one creation ---- */

static void res_keep(res_state *st, unsigned form, LLVMValueRef call, res_why why)
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

static LLVMValueRef res_md_i32(res_state *st, uint32_t v);

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
static LLVMValueRef res_replace(res_state *st, unsigned form, LLVMValueRef create,
                                const res_desc *base, bool base_known, LLVMValueRef rel,
                                bool nu)
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

static bool res_nonuniform(LLVMValueRef call, unsigned arg)
{
    uint64_t nu = 0;
    return const_u64(LLVMGetOperand(call, arg), &nu) && nu != 0;
}

/* createHandle(57, i8 class, i32 recordID, i32 index, i1 nonUniform) */
static void res_do_create_handle(res_state *st, LLVMValueRef call)
{
    uint64_t cls = 0, id = 0;
    res_desc *d = NULL;
    if (const_u64(LLVMGetOperand(call, 1), &cls) &&
        const_u64(LLVMGetOperand(call, 2), &id))
        d = res_table_find_id(&st->table, (unsigned)cls, (unsigned)id);
    if (!d) {
        size_t len = 0;
        const char *fn =
            LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)), &len);
        dxil_diags_add(st->rc->diags, DXIL_SEV_ERROR, DXIL_E_METADATA, DXIL_LOC_NONE, 0,
                       "createHandle in @%.*s: class %u record %u is not in dx.resources",
                       (int)len, fn, (unsigned)cls, (unsigned)id);
        st->kept[RES_FORM_CREATE]++;
        raise_note_kept(st->rc, call, DXIL_KEEP_HANDLE_UNRESOLVED);
        return;
    }
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef rel = res_relative_index(st, LLVMGetOperand(call, 3), d->lb);
    res_replace(st, RES_FORM_CREATE, call, d, true, rel, res_nonuniform(call, 4));
}

/* createHandleFromBinding(217, ResBind{lb, ub, space, class}, index, nu) */
static void res_do_from_binding(res_state *st, LLVMValueRef call)
{
    LLVMValueRef rb = LLVMGetOperand(call, 1);
    uint64_t f[4] = {0};
    for (unsigned i = 0; i < 4; i++)
        if (!const_u64(LLVMGetAggregateElement(rb, i), &f[i])) {
            res_keep(st, RES_FORM_BINDING, call,
                     (res_why){"ResBind is not a constant", DXIL_KEEP_HANDLE_UNRESOLVED});
            return;
        }
    res_desc *rec = res_table_find_binding(&st->table, (unsigned)f[3], (uint32_t)f[2],
                                                     (uint32_t)f[0]);
    /* A module that lists its resources but not this binding (DXC's
     * validation tests): lowering could not name it again, so it is kept
     * as written. With no list at all, lowering makes the records. */
    if (!rec && st->table.root) {
        res_keep(st, RES_FORM_BINDING, call,
                 (res_why){"no !dx.resources record has its binding", DXIL_KEEP_HANDLE_UNRESOLVED});
        return;
    }
    res_desc d = {0};
    if (rec)
        d = *rec;
    else
        d.record_id = -1;
    d.cls = (unsigned)f[3];
    d.space = (uint32_t)f[2];
    d.lb = (uint32_t)f[0];
    d.range = (uint32_t)f[1] == RES_UNBOUNDED ? RES_UNBOUNDED : (uint32_t)(f[1] - f[0] + 1);
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef rel = res_relative_index(st, LLVMGetOperand(call, 2), d.lb);
    res_replace(st, RES_FORM_BINDING, call, &d, rec != NULL, rel, res_nonuniform(call, 3));
}

/* The global and array index behind createHandleForLib's loaded value:
 * load @G, or load (gep @G, 0, i[, j...]) flattened row-major. */
static LLVMValueRef res_lib_source(res_state *st, LLVMValueRef loaded, LLVMValueRef *rel)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(st->rc->ctx);
    *rel = LLVMConstInt(i32, 0, 0);
    if (!loaded || !LLVMIsALoadInst(loaded))
        return NULL;
    LLVMValueRef p = LLVMGetOperand(loaded, 0);
    if (LLVMIsAGlobalVariable(p))
        return p;
    bool gep = LLVMIsAGetElementPtrInst(p) ||
               (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
    if (!gep || !LLVMIsAGlobalVariable(LLVMGetOperand(p, 0)))
        return NULL;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(p);
    unsigned n = LLVMGetNumOperands(p);
    LLVMValueRef idx = *rel;
    for (unsigned i = 2; i < n && LLVMGetTypeKind(t) == LLVMArrayTypeKind; i++) {
        LLVMValueRef dim = LLVMConstInt(i32, LLVMGetArrayLength2(t), 0);
        LLVMValueRef k = LLVMBuildIntCast2(st->b, LLVMGetOperand(p, i), i32, 0, "");
        idx = idx == *rel ? k : LLVMBuildAdd(st->b, LLVMBuildMul(st->b, idx, dim, ""), k, "");
        t = LLVMGetElementType(t);
    }
    *rel = idx;
    return LLVMGetOperand(p, 0);
}

static void res_do_for_lib(res_state *st, LLVMValueRef call)
{
    LLVMValueRef loaded = LLVMGetOperand(call, 1), rel = NULL;
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef g = res_lib_source(st, loaded, &rel);
    res_desc *d = res_table_find_symbol(&st->table, g);
    if (!d) { /* DXC's optimizer tests have such modules: kept, as DXC left it */
        char why[160];
        snprintf(why, sizeof why, "%s%s is not a dx.resources symbol",
                 g ? "its global @" : "its operand", g ? LLVMGetValueName(g) : "");
        res_keep(st, RES_FORM_LIB, call, (res_why){why, DXIL_KEEP_HANDLE_UNRESOLVED});
        return;
    }
    if (res_is_typed(d)) {
        unsigned n = res_count_from_symbol(d->symbol);
        d->elem_count = n ? n : res_count_from_uses(st->rc, call);
    }
    int at = ann_sites_lib_load(&st->sites, call);
    LLVMValueRef h = res_replace(st, RES_FORM_LIB, call, d, true, rel, false);
    if (h && at >= 0) {
        LLVMValueRef k = res_md_i32(st, (uint32_t)at);
        unsigned kind = LLVMGetMDKindIDInContext(st->rc->ctx, DXU_MDK_LIB_LOAD,
                                                 (unsigned)strlen(DXU_MDK_LIB_LOAD));
        LLVMSetMetadata(h, kind, LLVMMDNodeInContext(st->rc->ctx, &k, 1));
    }
    if (LLVMIsAInstruction(loaded) && !LLVMGetFirstUse(loaded))
        LLVMInstructionEraseFromParent(loaded);
}

/* ---- side metadata ---- */

static LLVMValueRef res_md_i32(res_state *st, uint32_t v)
{
    return LLVMConstInt(LLVMInt32TypeInContext(st->rc->ctx), v, 0);
}

static void res_write_side_md(res_state *st)
{
    LLVMContextRef c = st->rc->ctx;
    if (st->table.root)
        LLVMAddNamedMetadataOperand(st->rc->mod, DXU_MD_RESOURCES, st->table.root);
    for (size_t i = 0; i < st->nprops; i++) {
        const res_props_seen *p = &st->props[i];
        LLVMValueRef f[5] = {res_md_i32(st, p->cls), res_md_i32(st, p->space),
                             res_md_i32(st, p->lb), res_md_i32(st, p->w0), res_md_i32(st, p->w1)};
        LLVMAddNamedMetadataOperand(st->rc->mod, DXU_MD_RESOURCE_PROPS,
                                    LLVMMDNodeInContext(c, f, 5));
    }
    for (unsigned i = 0; i < RES_FORM_COUNT; i++) {
        if (!st->kept[i])
            continue;
        const char *n = res_form_names[i];
        LLVMValueRef f[2] = {LLVMMDStringInContext(c, n, (unsigned)strlen(n)),
                             res_md_i32(st, st->kept[i])};
        LLVMAddNamedMetadataOperand(st->rc->mod, DXU_MD_RESOURCES_KEPT,
                                    LLVMMDNodeInContext(c, f, 2));
    }
}

/* The handle-creating ops the pass raises, by the spec's custom kind. */
typedef struct res_form_desc {
    unsigned kind, form;
    void (*fn)(res_state *, LLVMValueRef);
} res_form_desc;

static const res_form_desc res_forms[] = {
    {DXIL_MAP_CUSTOM_HANDLE, RES_FORM_CREATE, res_do_create_handle},
    {DXIL_MAP_CUSTOM_HANDLE_BINDING, RES_FORM_BINDING, res_do_from_binding},
    {DXIL_MAP_CUSTOM_HANDLE_LIB, RES_FORM_LIB, res_do_for_lib},
};

static int res_run_form(res_state *st, const res_form_desc *f, const dxil_op_info *op)
{
    res_calls calls = {0};
    if (res_collect_calls(st->rc, &st->fns, op->cls->fn, op->opcode, &calls))
        return -1;
    if (f->form == RES_FORM_CREATE)
        res_infer_counts(st, &calls, 2);
    for (size_t i = 0; i < calls.n; i++)
        f->fn(st, calls.v[i]);
    res_calls_free(&calls);
    return 0;
}

static int res_run_forms(res_state *st)
{
    for (size_t f = 0; f < sizeof res_forms / sizeof res_forms[0]; f++) {
        size_t next = 0;
        const dxil_op_info *op;
        while ((op = res_next_op_of_kind(st->rc, res_forms[f].kind, &next)) != NULL)
            if (res_run_form(st, &res_forms[f], op))
                return -1;
    }
    /* Heap handles have no LLVM 22 form: only counted. */
    const dxil_op_info *heap_op = dxil_op_by_opcode(ops_table(st->rc), DXIL_OP_CreateHandleFromHeap);
    res_calls heap = {0};
    if (heap_op && res_collect_calls(st->rc, &st->fns, heap_op->cls->fn, heap_op->opcode, &heap))
        return -1;
    st->kept[RES_FORM_HEAP] += (unsigned)heap.n;
    res_calls_free(&heap);
    return 0;
}

/* The module's annotateHandle calls. */
static int res_collect_annotates(res_state *st, res_calls *ann)
{
    size_t next = 0;
    const dxil_op_info *op;
    while ((op = res_next_op_of_kind(st->rc, DXIL_MAP_CUSTOM_HANDLE_ANNOTATE, &next)) != NULL) {
        if (res_collect_calls(st->rc, &st->fns, op->cls->fn, op->opcode, ann)) {
            res_calls_free(ann);
            return -1;
        }
    }
    return 0;
}

/* Before any creation is raised: where each annotateHandle and each
 * library resource's load stands. */
static int res_note_annotate_sites(res_state *st)
{
    res_calls ann = {0}, libs = {0};
    int rv = res_collect_annotates(st, &ann);
    if (rv == 0)
        rv = ann_sites_build(&st->sites, &ann);
    size_t next = 0;
    const dxil_op_info *op;
    while (rv == 0 && (op = res_next_op_of_kind(st->rc, DXIL_MAP_CUSTOM_HANDLE_LIB, &next)))
        rv = res_collect_calls(st->rc, &st->fns, op->cls->fn, op->opcode, &libs);
    if (rv == 0)
        rv = ann_sites_note_lib_loads(&st->sites, &libs);
    res_calls_free(&ann);
    res_calls_free(&libs);
    return rv;
}

/* The annotateHandle calls no creation took (heap handles, handles chosen
 * at run time) say why for the statistics. */
static int res_note_left_annotates(res_state *st)
{
    res_calls ann = {0};
    if (!st->rc->stats)
        return 0;
    if (res_collect_annotates(st, &ann))
        return -1;
    for (size_t i = 0; i < ann.n; i++)
        if (raise_kept_reason(st->rc, ann.v[i]) < 0)
            raise_note_kept(st->rc, ann.v[i],
                                 res_handle_reason(st->rc, LLVMGetOperand(ann.v[i], 1)));
    res_calls_free(&ann);
    return 0;
}

int raise_resources(raise_ctx *rc)
{
    res_state st = {.rc = rc};
    if (res_table_read(rc, &st.table) != 0)
        return 0; /* diagnosed; leave the module as it is */
    res_class_types(rc, &st.table);
    res_cb_layouts(rc, &st.table);
    res_cb_layouts_reflection(rc, &st.table);
    res_names_reflection(rc, &st.table);
    st.b = LLVMCreateBuilderInContext(rc->ctx);
    int rv = op_fns_collect(rc->mod, &st.fns);
    if (rv == 0)
        rv = res_note_annotate_sites(&st);
    if (rv == 0)
        rv = res_run_forms(&st);
    if (rv == 0)
        rv = res_note_left_annotates(&st);
    if (rv == 0) {
        res_write_side_md(&st);
        if (st.table.root)
            shim_erase_named_metadata(rc->mod, DXIL_MD_RESOURCES);
    }
    LLVMDisposeBuilder(st.b);
    op_fns_free(&st.fns);
    ann_sites_free(&st.sites);
    free(st.props);
    free(st.names);
    res_table_free(&st.table);
    return rv;
}
