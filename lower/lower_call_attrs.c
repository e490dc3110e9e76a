/* lower_call_attrs.c - the call-attrs pass: each dx.op call of a modern
 * input carries its op's function attributes (nounwind, memory(...),
 * noduplicate... from the spec's versioned <attributes>, already on the
 * declaration), the attribute group LLVM's DXIL op lowering puts on every
 * call. A module raised from DXIL (it has !dxu.order) or one that had
 * dx.op calls before lowering (DXIL input) keeps DXC's form: attributes on
 * the declaration only, so round trips stay exact. */
#include "lower_internal.h"

#include "common/side_metadata.h"
#include "module/dxop_calls.h"

#include <stdlib.h>
#include <string.h>

static void call_attrs_copy(LLVMValueRef fn)
{
    unsigned n = LLVMGetAttributeCountAtIndex(fn, LLVMAttributeFunctionIndex);
    LLVMAttributeRef *attrs = n ? calloc(n, sizeof *attrs) : NULL;
    ops_calls calls = {0};
    if (!attrs || ops_calls_collect(fn, &calls) != 0) {
        free(attrs);
        return; /* out of memory: calls merely lack the copy */
    }
    LLVMGetAttributesAtIndex(fn, LLVMAttributeFunctionIndex, attrs);
    for (size_t i = 0; i < calls.n; i++)
        for (unsigned a = 0; a < n; a++)
            LLVMAddCallSiteAttribute(calls.v[i], LLVMAttributeFunctionIndex, attrs[a]);
    ops_calls_free(&calls);
    free(attrs);
}

int dxil_lower_note_input(dxil_lower_ctx *lc)
{
    ops_decls decls = {0};
    if (ops_decls_collect(lc->mod, lc->table, &decls) == 0)
        lc->dxop_input = decls.n > 0;
    ops_decls_free(&decls);
    return 0;
}

int dxil_lower_call_attrs(dxil_lower_ctx *lc)
{
    ops_decls decls = {0};
    if (lc->dxop_input || LLVMGetNamedMetadata(lc->mod, DXU_MD_ORDER, strlen(DXU_MD_ORDER)) ||
        ops_decls_collect(lc->mod, lc->table, &decls) != 0)
        return 0;
    for (size_t i = 0; i < decls.n; i++)
        call_attrs_copy(decls.v[i].fn);
    ops_decls_free(&decls);
    return 0;
}
