/* spec_ops.h - the op spec's value checks from the root element
 * (optable/spec_ops.c). */
#ifndef DXIL_SPEC_OPS_H
#define DXIL_SPEC_OPS_H

#include "spec_xml.h"

/* Reads <classes> and <ops> into c->spec, reporting each bad value. */
void spec_walk(spec_ctx *c, const xmlNode *root);

#endif
