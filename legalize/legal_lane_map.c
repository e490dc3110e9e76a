/* legal_lane_map.c - the data scalarization's lane map: the scalar lanes
 * of each vector value. A vector the pass splits gets its lanes from its
 * handler, run on first read (sd_visit, through the handlers the driver
 * put in sd_state); a constant's lanes are its elements; any other
 * vector (an llvm.dx.* result, an argument) is read with extractelement
 * right after its definition, lane by lane as the lanes are asked for. */
#include "legal_lane_map.h"
#include "legal_facts.h"

#include <stdlib.h>

sd_lanes *sd_alloc(sd_state *st, unsigned n, bool lazy)
{
    sd_lanes *l = calloc(1, sizeof *l + n * sizeof l->v[0]);
    void **na = grow_array(st->allocs, &st->cap_allocs, st->n_allocs, sizeof *na, 64);
    if (!l || !na) {
        free(l);
        return NULL;
    }
    st->allocs = na;
    st->allocs[st->n_allocs++] = l;
    l->n = n;
    l->lazy = lazy;
    return l;
}

void sd_made(sd_state *st, LLVMValueRef v)
{
    if (v && LLVMIsAInstruction(v))
        legal_list_add(&st->made, v);
}

void sd_restore(sd_state *st)
{
    if (st->at)
        LLVMPositionBuilderBefore(st->lc->b, st->at);
}

/* extractelement v, k right after v's definition, so that it serves every
 * user of v. */
static LLVMValueRef sd_extract(sd_state *st, LLVMValueRef v, sd_lanes *l, unsigned k)
{
    lower_ctx *lc = st->lc;
    /* after the lanes already extracted, so that they stay in order */
    bool placed = legal_position_after(lc, l->last ? l->last : v);
    LLVMValueRef e = LLVMBuildExtractElement(lc->b, v, lower_i32(lc, k), "");
    legal_name_lane(e, v, ".i", k);
    sd_made(st, e);
    if (placed && LLVMIsAInstruction(e))
        l->last = e;
    if (placed)
        sd_restore(st);
    return e;
}

/* Lanes of a constant vector; NULL for one LLVM cannot take apart (a
 * constant expression), whose lanes are then extracted where needed. */
static sd_lanes *sd_const_lanes(sd_state *st, LLVMValueRef c)
{
    unsigned n = sd_width(LLVMTypeOf(c));
    sd_lanes *l = sd_alloc(st, n, false);
    if (!l)
        return NULL;
    LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(c));
    for (unsigned i = 0; i < n; i++) {
        l->v[i] = LLVMIsAPoisonValue(c)  ? LLVMGetPoison(et)
                  : LLVMIsAUndefValue(c) ? LLVMGetUndef(et)
                                         : LLVMGetAggregateElement(c, i);
        if (!l->v[i])
            return NULL;
    }
    return l;
}

sd_lanes *sd_lanes_of(sd_state *st, LLVMValueRef v)
{
    sd_lanes *l = legal_map_get(&st->lanes, v);
    if (l)
        return l;
    unsigned n = sd_width(LLVMTypeOf(v));
    if (!n)
        return NULL;
    if (LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v)) {
        l = sd_const_lanes(st, v);
        if (l) {
            legal_map_put(&st->lanes, v, l);
            return l;
        }
        /* a constant expression: extracted here, not remembered (the
         * place serves only this user) */
        l = sd_alloc(st, n, false);
        for (unsigned i = 0; l && i < n; i++) {
            l->v[i] = LLVMBuildExtractElement(st->lc->b, v, lower_i32(st->lc, i), "");
            sd_made(st, l->v[i]);
        }
        return l;
    }
    if (LLVMIsAInstruction(v) && sd_kind(st->md_cbload, v) == SD_SPLIT && !legal_map_get(&st->state, v)) {
        sd_visit(st, v);
        l = legal_map_get(&st->lanes, v);
        if (l)
            return l;
    }
    l = sd_alloc(st, n, true); /* opaque: lanes extracted on demand */
    if (l && !legal_map_put(&st->lanes, v, l))
        return NULL;
    return l;
}

LLVMValueRef sd_lane(sd_state *st, LLVMValueRef v, unsigned k)
{
    if (!sd_width(LLVMTypeOf(v)))
        return v; /* a scalar operand serves every lane */
    sd_lanes *l = sd_lanes_of(st, v);
    if (!l || k >= l->n)
        return NULL;
    if (!l->v[k] && l->lazy)
        l->v[k] = sd_extract(st, v, l, k);
    return l->v[k];
}

/* Runs the handler of one instruction (once), the builder before it. */
void sd_visit(sd_state *st, LLVMValueRef inst)
{
    if (legal_map_get(&st->state, inst))
        return;
    legal_map_put(&st->state, inst, (void *)1);
    LLVMValueRef saved = st->at;
    st->at = inst;
    sd_restore(st);
    bool done = sd_kind(st->md_cbload, inst) == SD_SPLIT ? st->split(st, inst)
                                                         : st->consume(st, inst);
    if (done) {
        legal_list_add(&st->old, inst);
        legal_map_put(&st->state, inst, (void *)2);
    }
    st->at = saved;
    sd_restore(st);
}
