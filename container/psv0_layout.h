/* psv0_layout.h - PSV0 layout facts shared by the reader
 * (container/part_psv0.c) and the writer (write/part_psv0.c): record
 * sizes per version and the dependency tables that follow the signature
 * elements, in the order and sizes DXC lays them out. */
#ifndef DXIL_CONTAINER_PSV0_LAYOUT_H
#define DXIL_CONTAINER_PSV0_LAYOUT_H

#include "dxil-upgrade/dxil_parts.h"

#include <stdint.h>

/* PSVRuntimeInfo0-4 sizes; the size field tells the version. */
enum { PSV_INFO0 = 24, PSV_INFO1 = 36, PSV_INFO2 = 48, PSV_INFO3 = 52, PSV_INFO4 = 56 };
/* PSVResourceBindInfo0/1 and PSVSignatureElement0 sizes. */
enum { PSV_BIND0 = 16, PSV_BIND1 = 24, PSV_SIG_ELEMENT = 16 };
/* ShaderStage uses DXC's shader kind numbering (dxil_abi.h). */
enum { PSV_STAGE_PS = 0, PSV_STAGE_VS = 1, PSV_STAGE_GS = 2, PSV_STAGE_HS = 3,
       PSV_STAGE_DS = 4, PSV_STAGE_CS = 5, PSV_STAGE_MS = 13, PSV_STAGE_AS = 14 };

/* What a dependency table holds. */
typedef enum psv_table_kind {
    PSV_T_VIEWID,     /* outputs of stream `stream` that depend on ViewID */
    PSV_T_VIEWID_PC,  /* patch constant / primitive outputs that do */
    PSV_T_IO,         /* inputs -> outputs of stream `stream` */
    PSV_T_IO_PC,      /* inputs -> patch constant outputs (HS) */
    PSV_T_PC_IO       /* patch constant inputs -> outputs (DS) */
} psv_table_kind;

/* One planned table: name, kind, stream and size in dwords. */
typedef struct psv_plan {
    char name[40];
    psv_table_kind kind;
    uint32_t stream;
    uint32_t dwords;
} psv_plan;
enum { PSV_MAX_TABLES = 11 };

/* Bit-mask dwords for a number of 4-component vectors. */
static inline uint32_t psv_mask_dwords(uint32_t vectors)
{
    return (vectors + 7) >> 3;
}

/* The tables that follow the signature elements, from the runtime info's
 * stage, ViewID use and vector counts; returns their number. */
uint32_t psv_plan_tables(const dxil_psv0 *v, psv_plan plan[PSV_MAX_TABLES]);

#endif
