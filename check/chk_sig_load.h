/* chk_sig_load.h - a signature element record of dx.entryPoints as DXC's
 * loader reads it (DxilMDHelper::LoadSignatureElement and
 * DxilSignatureElement), for the container families that rebuild the
 * parts from the module the way DXC's validator does (chk_sig_part.c,
 * chk_container_psv.c). Read here, from the metadata, independently of
 * the writer's reading (write/module_read.c): a bug of either shows as
 * a part that does not match. */
#ifndef DXIL_CHECK_CHK_SIG_LOAD_H
#define DXIL_CHECK_CHK_SIG_LOAD_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct chk_dxc_elem {
    char record_name[128]; /* the record's name as written */
    const char *name;      /* GetName: DXC's spelling of a system value, else record_name */
    unsigned kind;         /* the kind at its point (sem_element_kind) */
    uint8_t comp;          /* CompType, packed 8x32 types read as u32 */
    uint8_t interp;        /* InterpolationMode, 9 (invalid) past the last */
    uint32_t rows;
    uint8_t cols;
    int32_t start_row;
    int8_t start_col;
    bool allocated;        /* start row and column both given (not -1) */
    uint32_t stream, dyn_mask;
    uint8_t usage;         /* the usage mask as DXC keeps it (8 bits) */
    uint32_t nindices;     /* a system value without indices has {0} */
    uint32_t *indices;
    bool in_part;          /* not invalid and not NotInSig at its point */
} chk_dxc_elem;

/* Reads record rec of a list at signature point `point` (sem_point).
 * False when DXC's loader would refuse the record (the metadata rules
 * report it) or without memory; *e is then empty. */
bool chk_dxc_elem_load(LLVMValueRef rec, int point, chk_dxc_elem *e);
void chk_dxc_elem_free(chk_dxc_elem *e);

/* CompTypeToSigCompType: DXIL component type -> DxilProgramSigCompType
 * (i1 is unknown before validator 1.5). */
uint8_t chk_sig_comp_type(uint8_t comp, bool i1_unknown);

#endif
