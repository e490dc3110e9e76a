/* legal_facts.h - what the legalization passes judge alike: which
 * instructions the data scalarization acts on (legal_facts_lanes.c) and
 * which accesses have no typed path (legal_facts_paths.c). The census
 * asks these before the passes run, and legal-scalarize and legal-geps
 * ask them again when they do; kept here, below all three, so that none
 * of those files needs another. */
#ifndef DXIL_LEGALIZE_LEGAL_FACTS_H
#define DXIL_LEGALIZE_LEGAL_FACTS_H

#include "legal.h"

/* ---- legal_facts_lanes.c: what legal-scalarize acts on ---- */

typedef enum { SD_NONE, SD_SPLIT, SD_CONSUME } sd_kind_t;

/* The most arguments an element-wise call has (more: not split). */
#define SD_MAX_ARGS 16

unsigned sd_width(LLVMTypeRef t); /* lanes of a vector type, 0 otherwise */
bool sd_is_cast(LLVMOpcode op);
/* A call of an intrinsic that applies per lane (every vector operand and
 * the result have the same lanes). */
bool sd_call_is_elementwise(LLVMValueRef call);
/* Whether the scalarization splits inst into lanes, consumes the lanes
 * of a vector it reads, or leaves it. md_cbload is !dxu.cbufferLoad's
 * kind (lc->side.cbuffer_load, 0 when absent): the raise's gathers of a
 * cbuffer row stay whole. */
sd_kind_t sd_kind(unsigned md_cbload, LLVMValueRef inst);

/* ---- legal_facts_paths.c: which accesses have no typed path ---- */

/* GEPs in a chain, levels in a path: deeper ones are not followed. */
#define LG_MAX_DEPTH 16

/* The type of the object v is (an alloca, a global, a dx.op's record or
 * payload pointer, a parameter whose struct the raise recorded, a phi or
 * select of pointers all typed alike), or NULL when v is not one this
 * knows. */
LLVMTypeRef lg_object_type(lower_ctx *lc, LLVMValueRef v);
/* What p is a GEP chain from. */
LLVMValueRef lg_root_of(LLVMValueRef p);
/* The access's address operand and the type it reads or writes; false
 * when inst is no load, store or atomic. */
bool lg_access(LLVMValueRef inst, unsigned *op, LLVMTypeRef *want);
/* Whether ptr is already a typed path (the writer's rule: every GEP
 * indexes the pointee its base has, stays inside it, and the path ends on
 * `want`), in datalayout td. *root_type is the object's type, NULL for an
 * object this does not know (then true: nothing to say). */
bool lg_typed(lower_ctx *lc, LLVMTargetDataRef td, LLVMValueRef ptr, LLVMTypeRef want,
              LLVMTypeRef *root_type);
/* Whether legal-geps looks further at the access: its address is not a
 * typed path into an object it knows. */
bool legal_access_untyped(lower_ctx *lc, LLVMValueRef inst);

#endif
