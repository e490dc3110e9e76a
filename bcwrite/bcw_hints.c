/* bcw_hints.c - reads the raise's !dxu.mdKinds, !dxu.functions,
 * !dxu.vstOrder, !dxu.resourceTypes and !dxu.paramTypes
 * (common/side_metadata.h) into writer options, so that a raised and
 * lowered module is written with the input's kind list, function and
 * symbol order and resource class types. Lowering drops the nodes:
 * read them before it. */
#include "bcwrite.h"
#include "bitcode/bitcode_types.h"
#include "common/side_metadata.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

/* A node's string operands from `from` on (a non-string reads as ""). */
static char **node_strings(LLVMValueRef node, unsigned from, size_t *n)
{
    unsigned count = 0;
    LLVMValueRef *ops = node ? md_operands(node, &count) : NULL;
    char **s = count > from ? calloc(count - from, sizeof *s) : NULL;
    *n = 0;
    for (unsigned i = from; s && i < count; i++) {
        if (!(s[i - from] = md_string_dup(ops[i])))
            s[i - from] = strdup("");
        *n = i - from + 1;
    }
    free(ops);
    return s;
}

static char **hint_strings(LLVMModuleRef m, const char *name, size_t *n)
{
    LLVMValueRef node = md_named_count(m, name) == 1 ? md_named_operand(m, name, 0) : NULL;
    return node_strings(node, 0, n);
}

/* !dxu.vstOrder: !{!"fn" or !"", !"name", ...} per unsorted table. */
static void hint_vst_orders(LLVMModuleRef m, bc_restypes *t)
{
    unsigned n = md_named_count(m, DXU_MD_VST_ORDER);
    t->vst_orders = n ? calloc(n, sizeof *t->vst_orders) : NULL;
    for (unsigned i = 0; t->vst_orders && i < n; i++) {
        LLVMValueRef rec = md_named_operand(m, DXU_MD_VST_ORDER, i);
        struct bc_vstorder *o = &t->vst_orders[t->nvst_orders];
        char *fn = md_string_dup(md_operand(rec, 0));
        o->names = fn ? node_strings(rec, 1, &o->n) : NULL;
        if (!o->names) {
            free(fn);
            continue;
        }
        o->fn = *fn ? fn : NULL;
        if (!*fn)
            free(fn);
        t->nvst_orders++;
    }
}

/* One !{i32 list, i32 pos, T undef}: T's struct name and arrays. */
static bool hint_restype(LLVMValueRef rec, bc_restype *out)
{
    uint64_t list, pos;
    LLVMValueRef u = md_operand(rec, 2);
    if (md_operand_uint(rec, 0, &list) || md_operand_uint(rec, 1, &pos) || !u || !LLVMIsUndef(u))
        return false;
    LLVMTypeRef t = LLVMTypeOf(u);
    *out = (bc_restype){ .list = (unsigned)list, .pos = (unsigned)pos, .type = UINT32_MAX };
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind && out->ndims < 8) {
        out->dims[out->ndims++] = (uint32_t)LLVMGetArrayLength2(t);
        t = LLVMGetElementType(t);
    }
    const char *name = LLVMGetTypeKind(t) == LLVMStructTypeKind ? LLVMGetStructName(t) : NULL;
    return name && (out->name = strdup(name));
}

static void hint_restypes(LLVMModuleRef m, bc_restypes *t)
{
    unsigned n = md_named_count(m, DXU_MD_RESOURCE_TYPES);
    t->v = n ? calloc(n, sizeof *t->v) : NULL;
    for (unsigned i = 0; t->v && i < n; i++)
        if (hint_restype(md_named_operand(m, DXU_MD_RESOURCE_TYPES, i), &t->v[t->n]))
            t->n++;
    t->cap = n;
}

/* !{!"fn", i32 index, %struct.T undef} */
static void hint_params(LLVMModuleRef m, bc_restypes *t)
{
    unsigned n = md_named_count(m, DXU_MD_PARAM_TYPES);
    t->params = n ? calloc(n, sizeof *t->params) : NULL;
    for (unsigned i = 0; t->params && i < n; i++) {
        LLVMValueRef rec = md_named_operand(m, DXU_MD_PARAM_TYPES, i), u = md_operand(rec, 2);
        uint64_t index;
        const char *name = u && LLVMIsUndef(u) && LLVMGetTypeKind(LLVMTypeOf(u)) == LLVMStructTypeKind
                               ? LLVMGetStructName(LLVMTypeOf(u)) : NULL;
        char *fn = md_string_dup(md_operand(rec, 0));
        if (!name || !fn || md_operand_uint(rec, 1, &index)) {
            free(fn);
            continue;
        }
        t->params[t->nparams++] = (struct bc_fnparam){fn, strdup(name), (unsigned)index};
    }
}

int bcw_hints_from_module(LLVMModuleRef m, bcw_hints *h)
{
    memset(h, 0, sizeof *h);
    h->fn_order = hint_strings(m, DXU_MD_FUNCTIONS, &h->nfn_order);
    if (!(h->restypes = calloc(1, sizeof *h->restypes)))
        return -1;
    h->restypes->kinds = hint_strings(m, DXU_MD_MD_KINDS, &h->restypes->nkinds);
    hint_vst_orders(m, h->restypes);
    hint_restypes(m, h->restypes);
    hint_params(m, h->restypes);
    return 0;
}

void bcw_hints_apply(const bcw_hints *h, bcw_options *o)
{
    if (h->restypes && (h->restypes->n || h->restypes->nkinds || h->restypes->nparams ||
                        h->restypes->nvst_orders))
        o->restypes = h->restypes;
    if (h->nfn_order) {
        o->fn_order = (const char *const *)h->fn_order;
        o->nfn_order = h->nfn_order;
    }
}

void bcw_hints_free(bcw_hints *h)
{
    for (size_t i = 0; i < h->nfn_order; i++)
        free(h->fn_order[i]);
    free(h->fn_order);
    bc_restypes_free(h->restypes);
    memset(h, 0, sizeof *h);
}
