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

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

static int call_ptr_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(LLVMValueRef const *)a, y = (uintptr_t)*(LLVMValueRef const *)b;
    return (x > y) - (x < y);
}

/* Appends fn's calls to lc->input_calls; -1 when out of memory. */
static int note_input_calls(lower_ctx *lc, LLVMValueRef fn)
{
    ops_calls calls = {0};
    int rc = ops_calls_collect(fn, &calls);
    LLVMValueRef *v = rc == 0 && calls.n
        ? realloc(lc->input_calls, (lc->n_input_calls + calls.n) * sizeof *v) : lc->input_calls;
    if (rc == 0 && calls.n && !v)
        rc = -1;
    if (rc == 0 && calls.n) {
        memcpy(v + lc->n_input_calls, calls.v, calls.n * sizeof *v);
        lc->input_calls = v;
        lc->n_input_calls += calls.n;
    }
    ops_calls_free(&calls);
    return rc;
}

int lower_note_input(lower_ctx *lc)
{
    ops_decls decls = {0};
    int rc = ops_decls_collect(lc->mod, lc->table, &decls);
    if (rc == 0)
        lc->dxop_input = decls.n > 0;
    for (size_t i = 0; rc == 0 && i < decls.n; i++)
        rc = note_input_calls(lc, decls.v[i].fn);
    ops_decls_free(&decls);
    if (lc->n_input_calls)
        qsort(lc->input_calls, lc->n_input_calls, sizeof *lc->input_calls, call_ptr_cmp);
    return rc;
}

bool lower_is_input_call(const lower_ctx *lc, LLVMValueRef call)
{
    return lc->n_input_calls &&
           bsearch(&call, lc->input_calls, lc->n_input_calls, sizeof call, call_ptr_cmp);
}

int lower_call_attrs(lower_ctx *lc)
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
