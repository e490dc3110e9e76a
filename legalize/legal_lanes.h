/* legal_lanes.h - the data scalarization's per-instruction handlers
 * (legal_lanes.c), which the driver (legal_scalarize.c) hands to the
 * lane map in sd_state. */
#ifndef DXIL_LEGALIZE_LEGAL_LANES_H
#define DXIL_LEGALIZE_LEGAL_LANES_H

#include "legal_lane_map.h"

/* A vector-valued instruction as lanes (mapped in st->lanes); false when
 * this form is not split (the instruction then stays). */
bool sd_split(sd_state *st, LLVMValueRef inst);
/* An instruction reading vectors into a scalar (extractelement, store,
 * bitcast to a scalar, reduction) done on lanes; false when not. */
bool sd_consume(sd_state *st, LLVMValueRef inst);

#endif
