/* bcw_insts.c - a FUNCTION block as 3.7's WriteFunction wrote it:
 * DECLAREBLOCKS, the function's constants, its instructions with relative
 * operand ids (a forward reference also names its type), the symbol table
 * and the metadata attachments. */
#include "bcw_encode.h"
#include "bitcode/bitcode_types.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

enum { FUNCTION_BLOCK_ID = 12, VST_ID = 14 };
enum { I_DECLAREBLOCKS = 1, I_BINOP = 2, I_CAST = 3, I_EXTRACTELT = 6, I_INSERTELT = 7,
       I_SHUFFLEVEC = 8, I_RET = 10, I_BR = 11, I_SWITCH = 12, I_UNREACHABLE = 15,
       I_PHI = 16, I_ALLOCA = 19, I_LOAD = 20, I_EXTRACTVAL = 26, I_INSERTVAL = 27,
       I_CMP2 = 28, I_VSELECT = 29, I_CALL = 34, I_FENCE = 36, I_ATOMICRMW = 38,
       I_LOADATOMIC = 41, I_GEP = 43, I_STORE = 44, I_STOREATOMIC = 45, I_CMPXCHG = 46 };

typedef struct inst_w {
    bcw_ctx *c;
    uint32_t inst_id;    /* the id the next value-producing instruction gets */
    uint32_t fn, ordinal; /* function body and LLVM instruction index (bc_instword) */
    size_t word_at;      /* the next bc_instword entry not before (fn, ordinal) */
    bcw_rec r;
    unsigned code, abbrev;
} inst_w;

/* pushValueAndType: the relative id, and the type on a forward reference. */
static bool push_vt(inst_w *w, uint32_t e)
{
    uint32_t id = bcw_id(w->c, e);
    bcw_rec_push(&w->r, (uint32_t)(w->inst_id - id));
    if (id < w->inst_id)
        return false;
    bcw_rec_push(&w->r, bcw_type_id(w->c, w->c->vals[e].type));
    return true;
}

static void push_v(inst_w *w, uint32_t e)
{
    bcw_rec_push(&w->r, (uint32_t)(w->inst_id - bcw_id(w->c, e)));
}

static void push_ty(inst_w *w, uint32_t t)
{
    bcw_rec_push(&w->r, bcw_type_id(w->c, t));
}

static uint32_t bb_index(inst_w *w, LLVMBasicBlockRef bb)
{
    uint32_t e = bcw_val_of(w->c, LLVMBasicBlockAsValue(bb));
    return w->c->vals[e].id - 1;
}

static void w_syn(inst_w *w, const bcw_val *e)
{
    bcw_ctx *c = w->c;
    if (e->syn_op == SYN_GEP0) {
        w->code = I_GEP;
        w->abbrev = FN_AB_GEP;
        bcw_rec_push(&w->r, 1);
        push_ty(w, c->types[c->vals[e->ops[0]].type].sub[0]);
        for (uint32_t i = 0; i < e->nops; i++)
            push_vt(w, e->ops[i]);
        return;
    }
    w->code = I_CAST;
    if (!push_vt(w, e->ops[0]))
        w->abbrev = FN_AB_CAST;
    push_ty(w, e->type);
    bcw_rec_push(&w->r, e->syn_op == SYN_ASCAST ? 12 : 11);
}

/* The loader's word for this instruction (bc_instword), or NULL. */
static const struct bc_instword *kept_word(inst_w *w)
{
    const bc_restypes *t = w->c->opts ? w->c->opts->restypes : NULL;
    const struct bc_instword *e = t ? t->words : NULL;
    /* the entries come in walk order, as the instructions are written */
    while (e && w->word_at < t->nwords &&
           (e[w->word_at].fn < w->fn || (e[w->word_at].fn == w->fn && e[w->word_at].inst < w->ordinal)))
        w->word_at++;
    bool hit = e && w->word_at < t->nwords && e[w->word_at].fn == w->fn &&
               e[w->word_at].inst == w->ordinal;
    return hit ? &e[w->word_at] : NULL;
}

/* The fast-math word the input wrote for this instruction when it was not
 * 31 (LLVM 22 reads 29 and 31 alike as `fast`): the raise's !dxu.fmf
 * attachment, or the loader's record by position. 0: none kept. */
static uint32_t fast_word(inst_w *w, LLVMValueRef v)
{
    const bcw_ctx *c = w->c;
    LLVMValueRef md = c->kind_fmf ? LLVMGetMetadata(v, c->kind_fmf) : NULL;
    uint64_t word = 0;
    if (md && md_operand_uint(md, 0, &word) == 0)
        return (uint32_t)word;
    const struct bc_instword *k = kept_word(w);
    return k ? k->word : 0;
}

/* The alignment field (log2 + 1) of a load, store or alloca: 0 where the
 * input wrote none (!dxu.noAlign, or the loader's word 0), which LLVM 22
 * reads as the type's alignment. */
static uint64_t align_field(inst_w *w, LLVMValueRef v)
{
    const struct bc_instword *k = kept_word(w);
    if ((k && !k->word) || (w->c->kind_noalign && LLVMGetMetadata(v, w->c->kind_noalign)))
        return 0;
    return bcw_align(LLVMGetAlignment(v));
}

static void w_binop(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    w->code = I_BINOP;
    if (!push_vt(w, e->ops[0]))
        w->abbrev = FN_AB_BINOP;
    push_v(w, e->ops[1]);
    bcw_rec_push(&w->r, (uint64_t)bcw_binop_code(op));
    uint64_t flags = bcw_binop_flags(e->v, op, fast_word(w, e->v));
    if (flags) {
        if (w->abbrev)
            w->abbrev = FN_AB_BINOP_FLAGS;
        bcw_rec_push(&w->r, flags);
    }
}

static void w_cast(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    w->code = I_CAST;
    if (!push_vt(w, e->ops[0]))
        w->abbrev = FN_AB_CAST;
    push_ty(w, e->type);
    bcw_rec_push(&w->r, (uint64_t)bcw_cast_code(op));
}

static void w_call(inst_w *w, const bcw_val *e)
{
    bcw_ctx *c = w->c;
    LLVMValueRef v = e->v;
    uint32_t callee = e->ops[e->nops - 1];
    uint32_t fty = c->types[c->vals[callee].type].sub[0];
    w->code = I_CALL;
    bcw_rec_push(&w->r, e->attrs); /* found when enumerated */
    bool must = LLVMGetTailCallKind(v) == LLVMTailCallKindMustTail;
    bcw_rec_push(&w->r, (uint64_t)LLVMGetInstructionCallConv(v) << 1 | LLVMIsTailCall(v) |
                            (uint64_t)must << 14 | 1u << 15);
    push_ty(w, fty);
    push_vt(w, callee);
    uint32_t nparams = c->types[fty].nsub - 1;
    for (uint32_t i = 0; i + 1 < e->nops; i++) {
        if (i < nparams)
            push_v(w, e->ops[i]);
        else
            push_vt(w, e->ops[i]);
    }
}

static void w_memory(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    LLVMValueRef v = e->v;
    bool atomic = LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic;
    if (op == LLVMLoad) {
        w->code = atomic ? I_LOADATOMIC : I_LOAD;
        if (!push_vt(w, e->ops[0]) && !atomic)
            w->abbrev = FN_AB_LOAD;
        push_ty(w, e->type);
    } else {
        w->code = atomic ? I_STOREATOMIC : I_STORE;
        push_vt(w, e->ops[1]);
        push_vt(w, e->ops[0]);
    }
    bcw_rec_push(&w->r, align_field(w, v));
    bcw_rec_push(&w->r, LLVMGetVolatile(v));
    if (atomic) {
        bcw_rec_push(&w->r, bcw_ordering(LLVMGetOrdering(v)));
        bcw_rec_push(&w->r, !LLVMIsAtomicSingleThread(v));
    }
}

static void w_alloca(inst_w *w, const bcw_val *e)
{
    bcw_ctx *c = w->c;
    w->code = I_ALLOCA;
    push_ty(w, c->types[e->type].sub[0]);
    push_ty(w, c->vals[e->ops[0]].type);
    bcw_rec_push(&w->r, bcw_id(c, e->ops[0]));
    bcw_rec_push(&w->r, align_field(w, e->v) | 1u << 6);
}

static void w_atomic(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    LLVMValueRef v = e->v;
    if (op == LLVMAtomicCmpXchg) {
        w->code = I_CMPXCHG;
        push_vt(w, e->ops[0]);
        push_vt(w, e->ops[1]);
        push_v(w, e->ops[2]);
        bcw_rec_push(&w->r, LLVMGetVolatile(v));
        bcw_rec_push(&w->r, bcw_ordering(LLVMGetCmpXchgSuccessOrdering(v)));
        bcw_rec_push(&w->r, !LLVMIsAtomicSingleThread(v));
        bcw_rec_push(&w->r, bcw_ordering(LLVMGetCmpXchgFailureOrdering(v)));
        bcw_rec_push(&w->r, LLVMGetWeak(v));
        return;
    }
    LLVMAtomicRMWBinOp rop = LLVMGetAtomicRMWBinOp(v);
    if (rop > LLVMAtomicRMWBinOpUMin)
        bcw_error(w->c, v, "this atomicrmw operation has no 3.7 form");
    w->code = I_ATOMICRMW;
    push_vt(w, e->ops[0]);
    push_v(w, e->ops[1]);
    bcw_rec_push(&w->r, rop);
    bcw_rec_push(&w->r, LLVMGetVolatile(v));
    bcw_rec_push(&w->r, bcw_ordering(LLVMGetOrdering(v)));
    bcw_rec_push(&w->r, !LLVMIsAtomicSingleThread(v));
}

static void w_terminator(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    LLVMValueRef v = e->v;
    if (op == LLVMRet) {
        w->code = I_RET;
        w->abbrev = FN_AB_RET_VOID;
        if (e->nops)
            w->abbrev = push_vt(w, e->ops[0]) ? 0 : FN_AB_RET_VAL;
    } else if (op == LLVMBr) {
        w->code = I_BR;
        bcw_rec_push(&w->r, bb_index(w, LLVMGetSuccessor(v, 0)));
        if (LLVMIsConditional(v)) {
            bcw_rec_push(&w->r, bb_index(w, LLVMGetSuccessor(v, 1)));
            push_v(w, e->ops[0]);
        }
    } else if (op == LLVMSwitch) {
        w->code = I_SWITCH;
        push_ty(w, w->c->vals[e->ops[0]].type);
        push_v(w, e->ops[0]);
        bcw_rec_push(&w->r, bb_index(w, LLVMGetSwitchDefaultDest(v)));
        for (uint32_t i = 2; i + 1 < e->nops; i += 2) {
            bcw_rec_push(&w->r, bcw_id(w->c, e->ops[i]));
            bcw_rec_push(&w->r, w->c->vals[e->ops[i + 1]].id - 1);
        }
    } else {
        w->code = I_UNREACHABLE;
        w->abbrev = FN_AB_UNREACHABLE;
    }
}

static void w_phi(inst_w *w, const bcw_val *e)
{
    w->code = I_PHI;
    push_ty(w, e->type);
    for (uint32_t i = 0; i < e->nops; i++) {
        int64_t d = (int64_t)(int32_t)w->inst_id - (int64_t)(int32_t)bcw_id(w->c, e->ops[i]);
        bcw_rec_push(&w->r, d >= 0 ? (uint64_t)d << 1 : ((uint64_t)-d << 1) | 1);
        bcw_rec_push(&w->r, bb_index(w, LLVMGetIncomingBlock(e->v, i)));
    }
}

static void w_indices(inst_w *w, LLVMValueRef v)
{
    unsigned n = LLVMGetNumIndices(v);
    const unsigned *idx = LLVMGetIndices(v);
    for (unsigned i = 0; i < n; i++)
        bcw_rec_push(&w->r, idx[i]);
}

static void w_vector(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    switch (op) {
    case LLVMExtractValue:
        w->code = I_EXTRACTVAL;
        push_vt(w, e->ops[0]);
        w_indices(w, e->v);
        break;
    case LLVMInsertValue:
        w->code = I_INSERTVAL;
        push_vt(w, e->ops[0]);
        push_vt(w, e->ops[1]);
        w_indices(w, e->v);
        break;
    case LLVMExtractElement:
        w->code = I_EXTRACTELT;
        push_vt(w, e->ops[0]);
        push_vt(w, e->ops[1]);
        break;
    case LLVMInsertElement:
        w->code = I_INSERTELT;
        push_vt(w, e->ops[0]);
        push_v(w, e->ops[1]);
        push_vt(w, e->ops[2]);
        break;
    default: /* shufflevector: [v1, v2, mask] */
        w->code = I_SHUFFLEVEC;
        push_vt(w, e->ops[0]);
        push_v(w, e->ops[1]);
        push_v(w, e->ops[2]);
    }
}

static void w_other(inst_w *w, const bcw_val *e, LLVMOpcode op)
{
    LLVMValueRef v = e->v;
    switch (op) {
    case LLVMGetElementPtr:
        w->code = I_GEP;
        w->abbrev = FN_AB_GEP; /* an array of (value, type): fits forward references too */
        bcw_rec_push(&w->r, LLVMIsInBounds(v));
        push_ty(w, bcw_type_from_llvm(w->c, LLVMGetGEPSourceElementType(v)));
        for (uint32_t i = 0; i < e->nops; i++)
            push_vt(w, e->ops[i]);
        break;
    case LLVMICmp:
    case LLVMFCmp:
        w->code = I_CMP2;
        push_vt(w, e->ops[0]);
        push_v(w, e->ops[1]);
        bcw_rec_push(&w->r, op == LLVMICmp ? (uint64_t)LLVMGetICmpPredicate(v)
                                           : (uint64_t)LLVMGetFCmpPredicate(v));
        if (op == LLVMFCmp && bcw_binop_flags(v, op, fast_word(w, v))) /* DXC writes fcmp's flags */
            bcw_rec_push(&w->r, bcw_binop_flags(v, op, fast_word(w, v)));
        break;
    case LLVMSelect:
        w->code = I_VSELECT;
        push_vt(w, e->ops[1]);
        push_v(w, e->ops[2]);
        push_vt(w, e->ops[0]);
        break;
    case LLVMFence:
        w->code = I_FENCE;
        bcw_rec_push(&w->r, bcw_ordering(LLVMGetOrdering(v)));
        bcw_rec_push(&w->r, !LLVMIsAtomicSingleThread(v));
        break;
    default:
        w_vector(w, e, op);
    }
}

static void w_inst(inst_w *w, const bcw_val *e)
{
    if (e->kind == VK_SYN_INST) {
        w_syn(w, e);
        return;
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(e->v);
    if (bcw_binop_code(op) >= 0)
        w_binop(w, e, op);
    else if (bcw_cast_code(op) >= 0)
        w_cast(w, e, op);
    else if (op == LLVMCall)
        w_call(w, e);
    else if (op == LLVMLoad || op == LLVMStore)
        w_memory(w, e, op);
    else if (op == LLVMAlloca)
        w_alloca(w, e);
    else if (op == LLVMAtomicCmpXchg || op == LLVMAtomicRMW)
        w_atomic(w, e, op);
    else if (op == LLVMRet || op == LLVMBr || op == LLVMSwitch || op == LLVMUnreachable)
        w_terminator(w, e, op);
    else if (op == LLVMPHI)
        w_phi(w, e);
    else
        w_other(w, e, op);
}

static void emit(inst_w *w, const bcw_abbrev *info)
{
    if (w->abbrev)
        bcw_record_abbrev(w->c, &info[w->abbrev - FN_AB_LOAD], w->abbrev, w->code, w->r.v,
                          w->r.n, 4);
    else
        bcw_record(w->c, w->code, w->r.v, w->r.n, 4);
}

void bcw_write_function_block(bcw_ctx *c, bcw_func *f)
{
    size_t module_values = c->norder, len;
    bcw_enumerate_function(c, f);
    bcw_enter(c, FUNCTION_BLOCK_ID, 4, &len);
    uint64_t nbb = f->nblocks;
    bcw_record(c, I_DECLAREBLOCKS, &nbb, 1, 4);
    bcw_write_constants(c, c->first_const, c->first_inst, false);
    bcw_abbrev info[8];
    unsigned n;
    bcw_blockinfo_abbrevs(c, FUNCTION_BLOCK_ID, &n, info);
    inst_w w = { .c = c, .inst_id = (uint32_t)c->first_inst, .fn = (uint32_t)(f - c->funcs) };
    for (size_t i = 0; i < f->ninsts && !c->failed; i++) {
        const bcw_val *e = &c->vals[f->insts[i].val];
        w.r.n = 0;
        w.abbrev = 0;
        w_inst(&w, e);
        emit(&w, info);
        w.inst_id += f->insts[i].has_value;
        w.ordinal += e->kind == VK_INST;
    }
    c->failed |= w.r.oom;
    bcw_rec_free(&w.r);
    bcw_write_function_vst(c, f);
    bcw_write_attachments(c, f);
    bcw_exit(c, len, 4);
    bcw_purge_function(c, module_values);
}
