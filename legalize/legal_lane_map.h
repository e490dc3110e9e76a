/* legal_lane_map.h - the data scalarization's state and its lane map: the
 * scalar lanes of each vector value, made or extracted when first read
 * (legal_lane_map.c). Shared by the driver (legal_scalarize.c) and the
 * per-instruction handlers (legal_lanes.c); the map reaches the handlers
 * only through the pointers the driver sets in sd_state. */
#ifndef DXIL_LEGALIZE_LEGAL_LANE_MAP_H
#define DXIL_LEGALIZE_LEGAL_LANE_MAP_H

#include "legal.h"
#include "common/grow.h"

/* The scalar lanes of one vector value. */
typedef struct sd_lanes {
    unsigned n;
    bool lazy;         /* a vector not split here: lanes are extractelements
                          made when first read */
    LLVMValueRef last; /* the last of those, the next goes after it */
    LLVMValueRef v[];
} sd_lanes;

typedef struct sd_state sd_state;
/* A handler of one instruction; false when it leaves the instruction. */
typedef bool (*sd_handler)(sd_state *st, LLVMValueRef inst);

struct sd_state {
    lower_ctx *lc;
    legal_map lanes; /* vector value -> sd_lanes */
    legal_map state; /* instruction -> 1 visited, 2 replaced */
    legal_list old;  /* replaced instructions, erased at the end */
    legal_list phis; /* vector phis whose lane phis get their incoming values last */
    legal_list made; /* new instructions; unused ones are erased */
    LLVMValueRef at; /* the builder stands before this (NULL: unset) */
    unsigned md_cbload; /* !dxu.cbufferLoad's kind, 0 when absent */
    void **allocs;   /* the sd_lanes, freed at the end */
    size_t n_allocs, cap_allocs;
    /* what sd_visit runs for an instruction sd_kind splits, and for one
     * it consumes (legal_lanes.c's sd_split and sd_consume) */
    sd_handler split, consume;
};

sd_lanes *sd_alloc(sd_state *st, unsigned n, bool lazy);
/* Runs the handler of one instruction (once), the builder before it. */
void sd_visit(sd_state *st, LLVMValueRef inst);
sd_lanes *sd_lanes_of(sd_state *st, LLVMValueRef v);
/* Lane k of v (v itself when v is a scalar); NULL when v has no lanes. */
LLVMValueRef sd_lane(sd_state *st, LLVMValueRef v, unsigned k);
void sd_made(sd_state *st, LLVMValueRef v);
void sd_restore(sd_state *st); /* the builder back before st->at */

#endif
