/* legal_census.h - what the census found (legal_census.c): one walk over
 * every instruction, before the legalization's walks, recording which
 * constructs they act on. DXC's raised modules have none of them, and
 * each pass then returns at once. A pass (or an ordinary pass between
 * them) that changes the module sets lc->census_stale: what it made was
 * not counted. */
#ifndef DXIL_LEGALIZE_LEGAL_CENSUS_H
#define DXIL_LEGALIZE_LEGAL_CENSUS_H

#include "legal.h"

#define LEGAL_CENSUS_FREEZE 1u       /* freeze */
#define LEGAL_CENSUS_VECTOR 2u       /* a vector value, operand or alloca */
#define LEGAL_CENSUS_LANES 64u       /* what legal-scalarize splits or consumes */
#define LEGAL_CENSUS_UNREACHABLE 128u /* unreachable */
#define LEGAL_CENSUS_NARROW 4u       /* an integer of an odd width, as legal-int-widths judges */
#define LEGAL_CENSUS_PTR_CHOICE 8u   /* a select or phi of pointers */
#define LEGAL_CENSUS_AGGREGATE 16u   /* insertvalue; a select or phi of structs */
#define LEGAL_CENSUS_UNTYPED 32u     /* an access whose address is no typed path */
/* Whether the construct may be in the module: no census, a stale one, or
 * one that found it. */
bool legal_census_may(const lower_ctx *lc, unsigned what);

#endif
