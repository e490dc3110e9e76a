/* bitcode_walker.c - the bitcode validator's error report: each error
 * names the bit where the element began and the block it is in. */
#include "bitcode_walker.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const bv_block_names[] = {
    "BLOCKINFO", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "MODULE_BLOCK", "PARAMATTR_BLOCK", "PARAMATTR_GROUP_BLOCK", "CONSTANTS_BLOCK",
    "FUNCTION_BLOCK", "IDENTIFICATION_BLOCK", "VALUE_SYMTAB_BLOCK", "METADATA_BLOCK",
    "METADATA_ATTACHMENT", "TYPE_BLOCK", "USELIST_BLOCK", "MODULE_STRTAB_BLOCK",
    "GLOBALVAL_SUMMARY_BLOCK", "OPERAND_BUNDLE_TAGS_BLOCK", "METADATA_KIND_BLOCK",
    "STRTAB_BLOCK", "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK", "SYMTAB_BLOCK",
    "SYNC_SCOPE_NAMES_BLOCK"};

const char *bitcode_block_name(uint64_t block_id)
{
    const size_t n = sizeof bv_block_names / sizeof *bv_block_names;
    return block_id < n && bv_block_names[block_id] ? bv_block_names[block_id] : "unknown";
}

int bv_fail(bv_walker *v, int code, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    const bv_scope *s = &v->stack[v->depth];
    uint64_t at = v->base_bits + v->elem_start;
    if (v->depth == 0)
        dxil_diags_add(v->diags, DXIL_SEV_ERROR, code, DXIL_LOC_BIT, at,
                       "bitcode: %s at the top level", what);
    else
        dxil_diags_add(v->diags, DXIL_SEV_ERROR, code, DXIL_LOC_BIT, at,
                       "bitcode: %s in block %u (%s)", what, s->bid,
                       bitcode_block_name(s->bid));
    return -1;
}

int bv_oom(bv_walker *v)
{
    return bv_fail(v, DXIL_E_BITSTREAM_LIMIT, "out of memory");
}
