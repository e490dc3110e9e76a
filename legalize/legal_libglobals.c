/* legal_libglobals.c - a library's resource globals, put back. A
 * DXIL library names each resource's global in its dx.resources record
 * (operand 1): DXC's linker and validator read the record through it, and
 * a null there fails DXC's metadata loader ("load dxil metadata failed").
 * The raise keeps the records (!dxu.resources) with the globals, but the
 * globals have no users besides that metadata, so an optimization
 * pipeline's global DCE removes them and the operand becomes null. Each
 * such record gets an `external constant` global of the type the raise
 * recorded for it (!dxu.resourceTypes: the class struct or arrays of it),
 * named as the resource, before the resource pass reads the records and
 * makes DXC's createHandleForLib from them. */
#include "legal.h"
#include "common/side_metadata.h"

#include <string.h>

/* T of !dxu.resourceTypes' !{i32 list, i32 pos, T undef} for a record. */
static LLVMTypeRef lg_recorded_type(lower_ctx *lc, unsigned list, unsigned pos)
{
    unsigned n = md_named_count(lc->mod, DXU_MD_RESOURCE_TYPES);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = md_named_operand(lc->mod, DXU_MD_RESOURCE_TYPES, i);
        uint64_t l, p;
        LLVMValueRef u = md_operand(e, 2);
        if (!md_operand_uint(e, 0, &l) && !md_operand_uint(e, 1, &p) && l == list &&
            p == pos && u)
            return LLVMTypeOf(u);
    }
    return NULL;
}

static void lg_restore(lower_ctx *lc, LLVMValueRef rec, unsigned list, unsigned pos)
{
    LLVMTypeRef t = lg_recorded_type(lc, list, pos);
    char name[256];
    if (!t || !md_string(md_operand(rec, 2), name, sizeof name))
        return;
    LLVMValueRef g = LLVMAddGlobal(lc->mod, t, name);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMExternalLinkage);
    LLVMSetAlignment(g, 4);
    LLVMReplaceMDNodeOperandWith(rec, 1, LLVMValueAsMetadata(g));
}

int lower_legal_lib_globals(lower_ctx *lc)
{
    LLVMValueRef root = md_named_single(lc->mod, DXU_MD_RESOURCES);
    if (!root || strcmp(lc->sm_kind, "lib"))
        return 0;
    for (unsigned list = 0; list < md_num_operands(root); list++) {
        LLVMValueRef recs = md_operand(root, list);
        for (unsigned pos = 0; pos < md_num_operands(recs); pos++) {
            LLVMValueRef rec = md_operand(recs, pos);
            if (md_num_operands(rec) > 2 && !md_operand(rec, 1))
                lg_restore(lc, rec, list, pos);
        }
    }
    return 0;
}
