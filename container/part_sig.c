/* part_sig.c - ISG1/OSG1/PSG1: signature elements (DxilProgramSignature).
 * Header: element count, offset of the element array; each element is 32
 * bytes; semantic names are NUL-terminated strings at part offsets. */
#include "parts_internal.h"

#define SIG_ELEMENT_SIZE 32u

static void sig_element(part_reader *r, uint64_t at, dxil_sig_element *e)
{
    e->stream = pr_u32(r, at, "element Stream");
    uint32_t name = pr_u32(r, at + 4, "element SemanticName");
    e->semantic_index = pr_u32(r, at + 8, "element SemanticIndex");
    e->system_value = pr_u32(r, at + 12, "element SystemValue");
    e->component_type = pr_u32(r, at + 16, "element CompType");
    e->reg = pr_u32(r, at + 20, "element Register");
    e->mask = pr_u8(r, at + 24, "element Mask");
    e->rw_mask = pr_u8(r, at + 25, "element NeverWrites/AlwaysReads mask");
    e->min_precision = pr_u32(r, at + 28, "element MinPrecision");
    e->semantic = name ? pr_str(r, name, r->size, "element SemanticName") : "";
}

void part_decode_sig(part_reader *r, dxil_decoded_part *out)
{
    dxil_signature *s = &out->u.sig;
    uint32_t count = pr_u32(r, 0, "ParamCount");
    uint32_t offset = pr_u32(r, 4, "ParamOffset");
    if (r->failed)
        return;
    s->elements = pr_array(r, offset, count, SIG_ELEMENT_SIZE, sizeof *s->elements,
                           "signature element table");
    if (!s->elements)
        return;
    for (uint32_t i = 0; i < count && !r->failed; i++)
        sig_element(r, offset + (uint64_t)SIG_ELEMENT_SIZE * i, &s->elements[i]);
    s->count = r->failed ? 0 : count;
}
