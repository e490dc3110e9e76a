/* chk_res.h - resources as DXC's validator sees a handle
 * (check/chk_res.c): the properties each handle creation gives (a
 * createHandle's dx.resources record, an annotateHandle's constant, a
 * library global's record), the range checks of handle creation
 * (Instr.OpConstRange), and the resource rules of the ops that take a
 * handle (samplers, sample and gather, loads and stores, dimensions,
 * constant buffers, counters). */
#ifndef DXIL_CHECK_CHK_RES_H
#define DXIL_CHECK_CHK_RES_H

#include "check.h"
#include "chk_env.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

typedef enum chk_res_class {
    CHK_RES_INVALID, CHK_RES_SRV, CHK_RES_UAV, CHK_RES_CBUFFER, CHK_RES_SAMPLER
} chk_res_class;

/* DXC's DxilResourceProperties, decoded. kind is DXIL::ResourceKind. */
typedef struct chk_res {
    chk_res_class cls;
    unsigned kind;
    unsigned comp_type;       /* typed resources: DXIL::ComponentType */
    bool cmp_or_counter;      /* a comparison sampler, a UAV with a counter */
    bool reorder_coherent;
    uint32_t cbuffer_size;    /* constant buffers: bytes */
    unsigned range_id;        /* createHandle outside libraries: the range id + 1 */
} chk_res;

/* DXIL::ResourceKind values the rules name. */
enum {
    RK_INVALID = 0, RK_TEX1D, RK_TEX2D, RK_TEX2DMS, RK_TEX3D, RK_TEXCUBE, RK_TEX1DARRAY,
    RK_TEX2DARRAY, RK_TEX2DMSARRAY, RK_TEXCUBEARRAY, RK_TYPEDBUFFER, RK_RAWBUFFER,
    RK_STRUCTUREDBUFFER, RK_CBUFFER, RK_SAMPLER, RK_TBUFFER, RK_RTAS, RK_FEEDBACK2D,
    RK_FEEDBACK2DARRAY
};

/* What DXC maps handle to (cls CHK_RES_INVALID when nothing); with
 * report, a handle that is not a mapped call is
 * Instr.HandleNotFromCreateHandle (and a reorder coherent one before
 * shader model 6.9 Instr.ReorderCoherentRequiresSM69). */
chk_res chk_res_of_handle(chk_ctx *c, chk_env *e, LLVMValueRef handle, bool report);
/* The resource rules of a call of op (ops without any: nothing). */
void chk_res_op(chk_ctx *c, chk_env *e, LLVMValueRef call, const dxil_op_info *op);
/* DXC's BuildResMap: handle creations and their range checks, library
 * resource globals' users (Instr.OpConstRange, Instr.ResourceUser,
 * Instr.ResourceMapToSingleEntry). Once per module (kept in the env). */
void chk_res_map(chk_ctx *c, chk_env *e);
void chk_res_free(struct chk_resmap *m);
/* DXC's Instr.OnlyOneAllocConsume bookkeeping: records that the counter
 * of range r.range_id moves in direction inc (its first use decides);
 * false when an earlier use went the other way. */
bool chk_res_counter_direction(chk_env *e, const chk_res *r, bool inc);

#endif
