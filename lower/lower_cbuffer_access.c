/* lower_cbuffer_access.c - clang 22 declares each cbuffer member as an
 * addrspace(2) global (`@Scale`), reads it with plain loads (through GEPs
 * for array elements and struct fields), stores the cbuffer's handle into
 * `@X.cb`, and lists both in `!hlsl.cbs = !{!{ptr @X.cb, ptr addrspace(2)
 * @Scale, ...}}`. This pass gives each load the semantics of LLVM's
 * DXILCBufferAccess: it becomes llvm.dx.resource.load.cbufferrow.{8,4,2}
 * (16-, 32- or 64-bit elements) on the handle, which the buffer pass
 * lowers to cbufferLoadLegacy:
 *   byte offset = the member's offset in the layout struct (the n-th
 *                 field that is not dx.Padding) + the GEP offsets
 *   row = offset / 16, first element = (offset % 16) / element size,
 *   a value of several elements takes the following ones, continuing
 *   on the next row (double3, a matrix), rebuilt with insertelement.
 * A dynamic index (an array of padded elements) whose stride is whole
 * rows adds index * stride / 16 to the row; a single element read at a
 * dynamic offset inside a row (a vector's lane) takes the row's fields
 * as a vector and extracts the lane. The handle is the one stored into
 * @X.cb in the function's entry block (loads of @X.cb are replaced by
 * it); a function without one (a library's helper) gets a copy of the
 * stored handlefrombinding call at its entry. The member globals, @X.cb,
 * its stores and !hlsl.cbs are removed. A cbuffer with an access that
 * cannot be rewritten is left whole, with an error naming the function
 * and the instruction. Offsets are in the module's own datalayout
 * (clang's): the pass runs before identity replaces it. */
#include "lower_internal.h"
#include "common/grow.h"
#include "module/llvm_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CBA_MD "hlsl.cbs"
#define CBA_ROW 16u

/* A load from a member, with what the check found about it. */
typedef struct cba_load {
    LLVMValueRef ld, gv; /* the load, the member global it reads */
    uint64_t member_off;
    bool split; /* some dynamic stride is not whole rows */
} cba_load;

/* Where one function gets the cbuffer's handle: the first store into
 * @X.cb in its entry block, else a copy of the template made there. */
typedef struct cba_fn {
    LLVMValueRef fn, store, copy;
} cba_fn;

/* One !hlsl.cbs entry being rewritten. */
typedef struct cba_buf {
    lower_ctx *lc;
    LLVMTargetDataRef td;
    LLVMValueRef gv;       /* @X.cb */
    LLVMTypeRef layout;
    uint64_t size;         /* bytes of the layout */
    LLVMValueRef tmpl;     /* a stored handle call that can be made again */
    cba_load *loads;
    size_t n_loads, cap_loads;
    cba_fn *fns;
    size_t n_fns, cap_fns;
    unsigned bad;
} cba_buf;

static bool cba_is_padding(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMTargetExtTypeKind &&
           !strcmp(LLVMGetTargetExtTypeName(t), "dx.Padding");
}

/* @X.cb's layout struct and its size; false when gv is not a cbuffer. */
static bool cba_layout(cba_buf *cb)
{
    LLVMTypeRef t = cb->gv && LLVMIsAGlobalVariable(cb->gv) ? LLVMGlobalGetValueType(cb->gv) : NULL;
    if (!t || LLVMGetTypeKind(t) != LLVMTargetExtTypeKind ||
        strcmp(LLVMGetTargetExtTypeName(t), "dx.CBuffer") || LLVMGetTargetExtTypeNumTypeParams(t) != 1)
        return false;
    cb->layout = LLVMGetTargetExtTypeTypeParam(t, 0);
    if (LLVMGetTypeKind(cb->layout) != LLVMStructTypeKind)
        return false;
    cb->size = LLVMABISizeOfType(cb->td, cb->layout);
    return true;
}

/* Byte offset of member k: the k-th layout field that is not padding. */
static bool cba_member_offset(const cba_buf *cb, unsigned k, uint64_t *off)
{
    unsigned n = LLVMCountStructElementTypes(cb->layout);
    for (unsigned i = 0; i < n; i++) {
        if (cba_is_padding(LLVMStructGetTypeAtIndex(cb->layout, i)))
            continue;
        if (k-- == 0) {
            *off = LLVMOffsetOfElement(cb->td, cb->layout, i);
            return true;
        }
    }
    return false;
}

static void cba_refuse(cba_buf *cb, LLVMValueRef at, const char *why)
{
    lower_ctx *lc = cb->lc;
    dxil_severity sev = lc->opts.allow_leftover_intrinsics ? DXIL_SEV_WARNING : DXIL_SEV_ERROR;
    char msg[400];
    size_t len = 0;
    const char *name = LLVMGetValueName2(cb->gv, &len);
    snprintf(msg, sizeof msg, "cbuffer access through @%.*s cannot be lowered: %s", (int)len,
             name, why);
    if (at && LLVMIsAInstruction(at))
        lower_report(lc, sev, at, msg);
    else
        dxil_diags_add(lc->diags, sev, sev == DXIL_SEV_ERROR ? DXIL_E_LOWER : DXIL_W_LOWER,
                       DXIL_LOC_NONE, 0, "%s", msg);
    cb->bad++;
    lc->n_kept++;
}

/* ---- the handle ---- */

static bool cba_is_store_to(LLVMValueRef x, LLVMValueRef gv)
{
    return LLVMIsAStoreInst(x) && LLVMGetOperand(x, 1) == gv && LLVMGetOperand(x, 0) != gv;
}

/* A stored handle that can be made again anywhere: a call with constant
 * arguments only (handlefrombinding's are). */
static LLVMValueRef cba_template(LLVMValueRef gv)
{
    for (LLVMUseRef u = LLVMGetFirstUse(gv); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef x = LLVMGetUser(u), v = cba_is_store_to(x, gv) ? LLVMGetOperand(x, 0) : NULL;
        if (!v || !LLVMIsACallInst(v) || !LLVMIsAFunction(LLVMGetCalledValue(v)) ||
            LLVMGetNumArgOperands(v) > 8)
            continue;
        bool fixed = true;
        for (unsigned i = 0; i < LLVMGetNumArgOperands(v); i++)
            fixed = fixed && LLVMIsConstant(LLVMGetOperand(v, i));
        if (fixed)
            return v;
    }
    return NULL;
}

static cba_fn *cba_fn_of(cba_buf *cb, LLVMValueRef fn)
{
    for (size_t i = 0; i < cb->n_fns; i++)
        if (cb->fns[i].fn == fn)
            return &cb->fns[i];
    cba_fn *nf = grow_array(cb->fns, &cb->cap_fns, cb->n_fns, sizeof *nf, 4);
    if (!nf)
        return NULL;
    cb->fns = nf;
    cba_fn *f = &cb->fns[cb->n_fns++];
    *f = (cba_fn){.fn = fn};
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i && !f->store; i = LLVMGetNextInstruction(i))
        if (cba_is_store_to(i, cb->gv))
            f->store = i;
    return f;
}

/* The handle stored into @X.cb in the entry block of the function of
 * `at`, when the store comes before `at` (the entry block dominates the
 * others); NULL otherwise. */
static LLVMValueRef cba_entry_store(cba_buf *cb, LLVMValueRef at)
{
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(at);
    cba_fn *f = cba_fn_of(cb, LLVMGetBasicBlockParent(bb));
    if (!f || !f->store)
        return NULL;
    /* in the entry block, `at` may come first (clang stores at the top) */
    if (bb == LLVMGetInstructionParent(f->store))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != f->store; i = LLVMGetNextInstruction(i))
            if (i == at)
                return NULL;
    return LLVMGetOperand(f->store, 0);
}

/* The template call made again at the start of at's function (once). */
static LLVMValueRef cba_copy(cba_buf *cb, LLVMValueRef at)
{
    cba_fn *f = cba_fn_of(cb, LLVMGetBasicBlockParent(LLVMGetInstructionParent(at)));
    if (!f || f->copy || !cb->tmpl)
        return f ? f->copy : NULL;
    LLVMValueRef args[8];
    unsigned n = LLVMGetNumArgOperands(cb->tmpl);
    for (unsigned i = 0; i < n; i++)
        args[i] = LLVMGetOperand(cb->tmpl, i);
    LLVMPositionBuilderBefore(cb->lc->b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(f->fn)));
    f->copy = LLVMBuildCall2(cb->lc->b, LLVMGetCalledFunctionType(cb->tmpl),
                             LLVMGetCalledValue(cb->tmpl), args, n, "");
    return f->copy;
}

static LLVMValueRef cba_handle(cba_buf *cb, LLVMValueRef at)
{
    LLVMValueRef h = cba_entry_store(cb, at);
    return h ? h : cba_copy(cb, at);
}

/* ---- offsets ---- */

/* What a load reads, and (building) its row and element. */
typedef struct cba_off {
    cba_buf *cb;
    int64_t bytes;       /* constant part, from the cbuffer's start */
    uint64_t elt;        /* bytes per element */
    bool whole_rows;     /* every dynamic stride so far is whole rows */
    bool aligned;        /* every dynamic stride is whole elements */
    bool has_dyn, build, split;
    LLVMValueRef dyn;    /* dynamic part: in rows, or in bytes when split */
} cba_off;

static void cba_term(void *arg, LLVMValueRef ix, uint64_t stride)
{
    cba_off *o = arg;
    lower_ctx *lc = o->cb->lc;
    o->has_dyn = true;
    o->whole_rows = o->whole_rows && stride % CBA_ROW == 0;
    o->aligned = o->aligned && stride % o->elt == 0;
    if (!o->build)
        return;
    uint64_t scale = o->split ? stride : stride / CBA_ROW;
    LLVMValueRef t = LLVMBuildIntCast2(lc->b, ix, LLVMInt32TypeInContext(lc->ctx), 1, "");
    if (scale != 1)
        t = LLVMBuildMul(lc->b, t, lower_i32(lc, scale), "");
    o->dyn = o->dyn ? LLVMBuildAdd(lc->b, o->dyn, t, "") : t;
}

/* Bytes per element of a load of t: 2, 4 or 8 (0: not a cbuffer value). */
static uint64_t cba_elt_size(const cba_buf *cb, LLVMTypeRef t)
{
    LLVMTypeRef s = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    LLVMTypeKind k = LLVMGetTypeKind(s);
    if (k != LLVMIntegerTypeKind && k != LLVMHalfTypeKind && k != LLVMFloatTypeKind &&
        k != LLVMDoubleTypeKind)
        return 0;
    unsigned long long bits = LLVMSizeOfTypeInBits(cb->td, s);
    return bits == 16 || bits == 32 || bits == 64 ? bits / 8 : 0;
}

static unsigned cba_count(const cba_buf *cb, LLVMTypeRef t, uint64_t elt)
{
    return (unsigned)(LLVMSizeOfTypeInBits(cb->td, t) / 8 / elt);
}

/* Why load ld of member gv (at member_off) cannot be rewritten; NULL
 * when it can (*split then says how). */
static const char *cba_load_why(cba_buf *cb, LLVMValueRef ld, LLVMValueRef gv,
                                uint64_t member_off, bool *split, char *buf, size_t size)
{
    LLVMTypeRef t = LLVMTypeOf(ld);
    cba_off o = {.cb = cb, .bytes = (int64_t)member_off, .elt = cba_elt_size(cb, t),
                 .whole_rows = true, .aligned = true};
    if (LLVMGetOrdering(ld) != LLVMAtomicOrderingNotAtomic)
        return "atomic loads are not lowered";
    if (!o.elt)
        return "only 16-, 32- and 64-bit scalars and vectors are read from a cbuffer";
    if (!lower_gep_offset(cb->td, gv, LLVMGetOperand(ld, 0), &o.bytes, cba_term, &o))
        return "its address is not a getelementptr chain that can be followed";
    uint64_t len = LLVMSizeOfTypeInBits(cb->td, t) / 8;
    if (o.bytes < 0 || (uint64_t)o.bytes + len > cb->size) {
        snprintf(buf, size, "it reads %llu bytes at offset %lld, outside the %llu bytes of the cbuffer",
                 (unsigned long long)len, (long long)o.bytes, (unsigned long long)cb->size);
        return buf;
    }
    if ((uint64_t)o.bytes % o.elt || !o.aligned)
        return "the offset is not on an element of the type read";
    *split = !o.whole_rows;
    if (*split && cba_count(cb, t, o.elt) != 1)
        return "a value of several elements at an offset inside a row that is not constant";
    return NULL;
}

/* ---- the rewrite ---- */

/* load.cbufferrow.N(h, row) of `lanes` elements of type s. Which N reads
 * s is the spec's: the cbufferLoadLegacy map for s's scalar kind. */
static LLVMValueRef cba_row(cba_buf *cb, LLVMValueRef h, LLVMValueRef row, LLVMTypeRef s,
                            unsigned lanes)
{
    const dxil_op_info *op = dxil_op_by_opcode(cb->lc->table, DXIL_OP_CBufferLoadLegacy);
    const dxil_intrinsic_map *m =
        op ? dxil_op_select_raise(op, op->dxil, lower_scalar_kind(s), NULL, NULL) : NULL;
    LLVMTypeRef over[9];
    if (!m || !m->intrinsic || lanes > 8)
        return NULL;
    for (unsigned i = 0; i < lanes; i++)
        over[i] = s;
    over[lanes] = LLVMTypeOf(h);
    LLVMValueRef args[2] = {h, row};
    return lower_intrinsic_call(cb->lc, m->intrinsic, over, lanes + 1, args, 2);
}

static LLVMValueRef cba_row_at(cba_buf *cb, const cba_off *o, uint64_t row)
{
    LLVMValueRef k = lower_i32(cb->lc, row);
    if (!o->dyn)
        return k;
    return row ? LLVMBuildAdd(cb->lc->b, o->dyn, k, "") : o->dyn;
}

/* A <1 x T> load gets its one element back in a vector. */
static LLVMValueRef cba_wrap(lower_ctx *lc, LLVMTypeRef t, LLVMValueRef v)
{
    if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
        return v;
    return LLVMBuildInsertElement(lc->b, LLVMGetPoison(t), v, lower_i32(lc, 0), "");
}

/* Elements from `first` on, continuing on the next rows (LLVM's walk). */
static LLVMValueRef cba_rows(cba_buf *cb, const cba_off *o, LLVMValueRef h, LLVMTypeRef t)
{
    lower_ctx *lc = cb->lc;
    LLVMTypeRef s = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    unsigned lanes = (unsigned)(CBA_ROW / o->elt), n = cba_count(cb, t, o->elt);
    uint64_t row = (uint64_t)o->bytes / CBA_ROW;
    unsigned idx = (unsigned)((uint64_t)o->bytes % CBA_ROW / o->elt);
    LLVMValueRef load = cba_row(cb, h, cba_row_at(cb, o, row), s, lanes);
    if (!load)
        return NULL;
    if (n == 1)
        return cba_wrap(lc, t, LLVMBuildExtractValue(lc->b, load, idx, ""));
    LLVMValueRef v = LLVMGetPoison(t);
    for (unsigned i = 0; i < n && load; i++, idx++) {
        if (idx == lanes) {
            idx = 0;
            load = cba_row(cb, h, cba_row_at(cb, o, ++row), s, lanes);
        }
        LLVMValueRef e = load ? LLVMBuildExtractValue(lc->b, load, idx, "") : NULL;
        v = e ? LLVMBuildInsertElement(lc->b, v, e, lower_i32(lc, i), "") : NULL;
    }
    return load ? v : NULL;
}

/* One element at a dynamic byte offset: the row's fields as a vector,
 * then the lane (offset % 16) / element size. */
static LLVMValueRef cba_lane(cba_buf *cb, const cba_off *o, LLVMValueRef h, LLVMTypeRef t)
{
    lower_ctx *lc = cb->lc;
    LLVMTypeRef s = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    unsigned lanes = (unsigned)(CBA_ROW / o->elt), shift = o->elt == 2 ? 1 : o->elt == 4 ? 2 : 3;
    LLVMValueRef off = o->bytes ? LLVMBuildAdd(lc->b, o->dyn, lower_i32(lc, (uint64_t)o->bytes), "")
                                : o->dyn;
    LLVMValueRef row = LLVMBuildLShr(lc->b, off, lower_i32(lc, 4), "");
    LLVMValueRef lane = LLVMBuildLShr(lc->b, LLVMBuildAnd(lc->b, off, lower_i32(lc, 15), ""),
                                      lower_i32(lc, shift), "");
    LLVMValueRef load = cba_row(cb, h, row, s, lanes);
    if (!load)
        return NULL;
    LLVMValueRef vec = LLVMGetPoison(LLVMVectorType(s, lanes));
    for (unsigned i = 0; i < lanes; i++)
        vec = LLVMBuildInsertElement(lc->b, vec, LLVMBuildExtractValue(lc->b, load, i, ""),
                                     lower_i32(lc, i), "");
    return cba_wrap(lc, t, LLVMBuildExtractElement(lc->b, vec, lane, ""));
}

static bool cba_rewrite_load(cba_buf *cb, const cba_load *l)
{
    lower_ctx *lc = cb->lc;
    LLVMValueRef h = cba_handle(cb, l->ld);
    LLVMTypeRef t = LLVMTypeOf(l->ld);
    cba_off o = {.cb = cb, .bytes = (int64_t)l->member_off, .elt = cba_elt_size(cb, t),
                 .build = true, .split = l->split, .whole_rows = true, .aligned = true};
    LLVMPositionBuilderBefore(lc->b, l->ld);
    lower_gep_offset(cb->td, l->gv, LLVMGetOperand(l->ld, 0), &o.bytes, cba_term, &o);
    LLVMValueRef v = h ? (o.split ? cba_lane : cba_rows)(cb, &o, h, t) : NULL;
    if (!v)
        return false;
    lower_replace_named(lc, l->ld, v);
    lc->n_lowered++;
    return true;
}

/* ---- checking and collecting the accesses ---- */

static void cba_add_load(cba_buf *cb, LLVMValueRef ld, LLVMValueRef gv, uint64_t member_off)
{
    char buf[160];
    bool split = false;
    const char *why = cba_load_why(cb, ld, gv, member_off, &split, buf, sizeof buf);
    if (!why && !cba_entry_store(cb, ld) && !cb->tmpl)
        why = "no handle is stored into it before this in the function's entry block, and "
              "none stored elsewhere can be made again here";
    if (why) {
        cba_refuse(cb, ld, why);
        return;
    }
    cba_load *nl = grow_array(cb->loads, &cb->cap_loads, cb->n_loads, sizeof *nl, 16);
    if (!nl) {
        cba_refuse(cb, ld, "out of memory");
        return;
    }
    cb->loads = nl;
    cb->loads[cb->n_loads++] = (cba_load){ld, gv, member_off, split};
}

/* Every user of ptr, through GEPs (instructions or constant expressions):
 * loads are collected, anything else refused. The use list runs newest
 * first: walked backwards, errors come in the order of the source. */
static void cba_walk(cba_buf *cb, LLVMValueRef ptr, LLVMValueRef gv, uint64_t member_off)
{
    LLVMValueRef *users;
    size_t n = lower_collect_users(ptr, &users);
    for (size_t i = n; i-- > 0;) {
        LLVMValueRef x = users[i];
        if (lower_is_gep(x) && LLVMGetOperand(x, 0) == ptr) {
            cba_walk(cb, x, gv, member_off);
            lower_kill(cb->lc, x); /* erased once its loads are rewritten */
        }
        else if (LLVMIsALoadInst(x))
            cba_add_load(cb, x, gv, member_off);
        else
            cba_refuse(cb, x, LLVMIsACallInst(x) ? "a member's address is passed to a call"
                                                 : "a member is used other than by a load");
    }
    free(users);
}

/* The users of @X.cb: stores of the handle and loads of it. */
static void cba_check_handle_uses(cba_buf *cb)
{
    for (LLVMUseRef u = LLVMGetFirstUse(cb->gv); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef x = LLVMGetUser(u);
        if (cba_is_store_to(x, cb->gv))
            continue;
        if (!LLVMIsALoadInst(x) || LLVMTypeOf(x) != LLVMGlobalGetValueType(cb->gv))
            cba_refuse(cb, x, "the handle's global is used other than by a load or store");
        else if (!cba_entry_store(cb, x) && !cb->tmpl)
            cba_refuse(cb, x, "no handle is stored into it that this load can read");
    }
}

/* Loads of @X.cb become the handle; the stores go, and with them a
 * handle call nothing else uses. */
static void cba_forward_handle(cba_buf *cb)
{
    LLVMValueRef *users;
    size_t n = lower_collect_users(cb->gv, &users);
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef x = users[i], v = LLVMIsALoadInst(x) ? cba_handle(cb, x) : NULL;
        if (v)
            lower_replace_named(cb->lc, x, v);
        else if (cba_is_store_to(x, cb->gv)) {
            LLVMValueRef h = LLVMGetOperand(x, 0);
            if (LLVMIsACallInst(h) && LLVMGetIntrinsicID(LLVMGetCalledValue(h)))
                lower_kill(cb->lc, h);
            lower_kill(cb->lc, x);
        }
    }
    free(users);
}

/* ---- one cbuffer, the pass ---- */

/* Checks every access of the entry's members (ops[0] is @X.cb). */
static void cba_check(cba_buf *cb, LLVMValueRef *ops, unsigned n)
{
    cba_check_handle_uses(cb);
    for (unsigned k = 1; k < n; k++) {
        uint64_t off;
        if (!ops[k])
            continue; /* optimised out */
        if (!LLVMIsAGlobalVariable(ops[k]) || !cba_member_offset(cb, k - 1, &off))
            cba_refuse(cb, NULL, "!" CBA_MD " names more members than its layout has");
        else
            cba_walk(cb, ops[k], ops[k], off);
    }
}

static void cba_bad_entry(lower_ctx *lc)
{
    bool warn = lc->opts.allow_leftover_intrinsics;
    dxil_diags_add(lc->diags, warn ? DXIL_SEV_WARNING : DXIL_SEV_ERROR,
                   warn ? DXIL_W_LOWER : DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                   "!" CBA_MD ": an entry does not start with a dx.CBuffer global; left as it is");
}

/* Rewrites one !hlsl.cbs entry; its globals (@X.cb first) are returned
 * in *globals (n_globals) to delete once the metadata is gone. False
 * when the entry was left whole. */
static bool cba_buffer(lower_ctx *lc, LLVMValueRef node, LLVMValueRef **globals,
                       unsigned *n_globals)
{
    cba_buf cb = {.lc = lc, .td = LLVMGetModuleDataLayout(lc->mod)};
    LLVMValueRef *ops = md_operands(node, n_globals);
    *globals = ops;
    cb.gv = *n_globals ? ops[0] : NULL;
    if (!cb.gv || !cba_layout(&cb)) {
        cba_bad_entry(lc);
        return false;
    }
    cb.tmpl = cba_template(cb.gv);
    cba_check(&cb, ops, *n_globals);
    for (size_t i = 0; cb.bad == 0 && i < cb.n_loads; i++)
        if (!cba_rewrite_load(&cb, &cb.loads[i]))
            cba_refuse(&cb, cb.loads[i].ld, "its row loads could not be built");
    if (cb.bad == 0)
        cba_forward_handle(&cb);
    lower_erase_dead(lc);
    free(cb.loads);
    free(cb.fns);
    return cb.bad == 0;
}

/* Drops what is left of a global (dead constant expressions), then it. */
static void cba_delete_global(LLVMValueRef gv)
{
    if (!gv || !LLVMIsAGlobalVariable(gv))
        return;
    if (LLVMGetFirstUse(gv))
        LLVMReplaceAllUsesWith(gv, LLVMGetPoison(LLVMTypeOf(gv)));
    LLVMDeleteGlobal(gv);
}

int lower_cbuffer_access(lower_ctx *lc)
{
    unsigned n = md_named_count(lc->mod, CBA_MD), done = 0;
    LLVMValueRef **globals = n ? calloc(n, sizeof *globals) : NULL;
    unsigned *counts = n ? calloc(n, sizeof *counts) : NULL;
    if (n && (!globals || !counts)) {
        free(globals);
        free(counts);
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "!" CBA_MD ": out of memory");
        return -1;
    }
    for (unsigned i = 0; i < n; i++)
        done += cba_buffer(lc, md_named_operand(lc->mod, CBA_MD, i), &globals[i], &counts[i]);
    /* Only a module with every cbuffer rewritten loses them: the rest stay
     * as they were, with their errors. */
    if (n && done == n)
        shim_erase_named_metadata(lc->mod, CBA_MD);
    for (unsigned i = 0; i < n; i++) {
        for (unsigned k = 0; done == n && k < counts[i]; k++)
            cba_delete_global(globals[i][k]);
        free(globals[i]);
    }
    free(globals);
    free(counts);
    return 0;
}
