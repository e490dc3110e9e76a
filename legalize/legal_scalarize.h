/* legal_scalarize.h - the data scalarization's state, shared by its
 * driver (legal_scalarize.c) and its per-instruction handlers
 * (legal_lanes.c). */
#ifndef DXIL_LEGALIZE_LEGAL_SCALARIZE_H
#define DXIL_LEGALIZE_LEGAL_SCALARIZE_H

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

typedef struct sd_state {
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
} sd_state;

typedef enum { SD_NONE, SD_SPLIT, SD_CONSUME } sd_kind_t;

/* legal_scalarize.c */
unsigned sd_width(LLVMTypeRef t); /* lanes of a vector type, 0 otherwise */
bool sd_is_cast(LLVMOpcode op);
sd_kind_t sd_kind(const sd_state *st, LLVMValueRef inst);
void sd_visit(sd_state *st, LLVMValueRef inst);
sd_lanes *sd_lanes_of(sd_state *st, LLVMValueRef v);
/* Lane k of v (v itself when v is a scalar); NULL when v has no lanes. */
LLVMValueRef sd_lane(sd_state *st, LLVMValueRef v, unsigned k);
void sd_made(sd_state *st, LLVMValueRef v);
sd_lanes *sd_alloc(sd_state *st, unsigned n, bool lazy);
void sd_restore(sd_state *st); /* the builder back before st->at */

/* legal_lanes.c */
bool sd_call_is_elementwise(LLVMValueRef call);
/* A vector-valued instruction as lanes (mapped in st->lanes); false when
 * this form is not split (the instruction then stays). */
bool sd_split(sd_state *st, LLVMValueRef inst);
/* An instruction reading vectors into a scalar (extractelement, store,
 * bitcast to a scalar, reduction) done on lanes; false when not. */
bool sd_consume(sd_state *st, LLVMValueRef inst);

#endif
