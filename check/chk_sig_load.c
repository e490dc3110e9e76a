/* chk_sig_load.c - signature records as DXC's loader reads them (see
 * chk_sig_load.h): fields truncated to the widths DXC reads them at, the
 * kind the element has at its signature point, DXC's name for it, and
 * the extended properties (output stream, dynamic index mask, usage). */
#include "chk_sig_load.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/sig_semantics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXT_OUTPUT_STREAM = 0, EXT_DYN_INDEX_MASK = 2, EXT_USAGE_MASK = 3 };
enum { COMP_U32 = 5, COMP_PACKED_S8X32 = 17, COMP_PACKED_U8X32 = 18, INTERP_INVALID = 9 };

uint8_t chk_sig_comp_type(uint8_t comp, bool i1_unknown)
{
    /* Unknown, UInt32, SInt32, Float32, UInt16, SInt16, Float16, UInt64,
     * SInt64, Float64 are 0-9; the rest of DXIL's types are unknown. */
    static const uint8_t map[] = {
        [DXIL_COMPONENT_I1] = 1,  [DXIL_COMPONENT_I16] = 5, [DXIL_COMPONENT_U16] = 4,
        [DXIL_COMPONENT_I32] = 2, [DXIL_COMPONENT_U32] = 1, [DXIL_COMPONENT_I64] = 8,
        [DXIL_COMPONENT_U64] = 7, [DXIL_COMPONENT_F16] = 6, [DXIL_COMPONENT_F32] = 3,
        [DXIL_COMPONENT_F64] = 9,
    };
    if (comp == DXIL_COMPONENT_I1 && i1_unknown)
        return 0;
    return comp < sizeof map ? map[comp] : 0;
}

static bool field(LLVMValueRef rec, unsigned i, uint64_t *v)
{
    return md_operand_uint(rec, i, v) == 0;
}

/* The name/value list: pairs of a tag and an integer. */
static bool extended(LLVMValueRef list, chk_dxc_elem *e)
{
    if (!list)
        return true;
    unsigned n = md_num_operands(list);
    if (n & 1)
        return false;
    for (unsigned i = 0; i < n; i += 2) {
        uint64_t tag, v;
        if (!field(list, i, &tag) || !field(list, i + 1, &v))
            return false;
        if (tag == EXT_OUTPUT_STREAM)
            e->stream = (uint32_t)v;
        else if (tag == EXT_DYN_INDEX_MASK)
            e->dyn_mask = (uint32_t)v;
        else if (tag == EXT_USAGE_MASK)
            e->usage = (uint8_t)v;
    }
    return true;
}

static bool indices(LLVMValueRef list, chk_dxc_elem *e)
{
    unsigned n = md_num_operands(list);
    e->indices = calloc(n + 1, sizeof *e->indices);
    if (!e->indices)
        return false;
    for (unsigned i = 0; i < n; i++) {
        uint64_t v;
        if (!field(list, i, &v))
            return false;
        e->indices[i] = (uint32_t)v;
    }
    e->nindices = n;
    return true;
}

bool chk_dxc_elem_load(LLVMValueRef rec, int point, chk_dxc_elem *e)
{
    memset(e, 0, sizeof *e);
    uint64_t comp, kind, interp, rows, cols, row, col;
    LLVMValueRef name = md_operand(rec, 1), idx = md_operand(rec, 4);
    bool ok = md_num_operands(rec) == 11 && name && md_string(name, e->record_name,
                                                               sizeof e->record_name) &&
              idx && field(rec, 2, &comp) && field(rec, 3, &kind) && field(rec, 5, &interp) &&
              field(rec, 6, &rows) && field(rec, 7, &cols) && field(rec, 8, &row) &&
              field(rec, 9, &col) && indices(idx, e) && extended(md_operand(rec, 10), e);
    if (!ok) {
        chk_dxc_elem_free(e);
        return false;
    }
    e->comp = (uint8_t)comp;
    if (e->comp == COMP_PACKED_S8X32 || e->comp == COMP_PACKED_U8X32)
        e->comp = COMP_U32;
    e->interp = (uint8_t)interp < INTERP_INVALID ? (uint8_t)interp : INTERP_INVALID;
    e->rows = (uint32_t)rows;
    e->cols = (uint8_t)cols;
    e->start_row = (int32_t)(uint32_t)row;
    e->start_col = (int8_t)(uint8_t)col;
    e->allocated = e->start_row != -1 && e->start_col != -1;
    e->kind = (uint8_t)kind < DXIL_SEMANTIC_INVALID ? sem_element_kind((uint8_t)kind, point)
                                                     : DXIL_SEMANTIC_INVALID;
    e->name = sem_element_name(e->kind, point, e->record_name);
    if (!e->nindices && e->kind != DXIL_SEMANTIC_ARBITRARY)
        e->nindices = 1; /* indices[0] is 0 */
    e->in_part = sem_in_part(e->kind, point);
    return true;
}

void chk_dxc_elem_free(chk_dxc_elem *e)
{
    free(e->indices);
    e->indices = NULL;
    e->nindices = 0;
}
