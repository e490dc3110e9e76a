/* spec_maps.h - an op's <map> children in the op spec
 * (optable/spec_maps.c). */
#ifndef DXIL_SPEC_MAPS_H
#define DXIL_SPEC_MAPS_H

#include "spec_xml.h"

/* Reads the <map> children of op element n into op; false on an error. */
bool spec_maps(spec_ctx *c, const xmlNode *n, dxil_op_info *op);

#endif
