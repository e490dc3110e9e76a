/* bcw_enum.c - pass 2: value ids in LLVM 3.7's ValueEnumerator order
 * (globals, functions, initializers, metadata's constants, then per
 * function: arguments, constants, instructions), with its constant
 * ordering (by type, then by use count, integers first), because DXC's
 * bytes come from that order. */
#include "bcw_internal.h"

#include <stdlib.h>

static bool has_const_ops(const bcw_val *v)
{
    if (v->kind == VK_CEXPR || v->kind == VK_SYN_CEXPR)
        return true;
    return v->kind == VK_CONST && v->nops > 0;
}

static bool is_constant(const bcw_val *v)
{
    return v->kind == VK_CONST || v->kind == VK_CEXPR || v->kind == VK_SYN_CEXPR ||
           v->kind == VK_TYPED_NULL || v->kind == VK_TYPED_UNDEF;
}

static void push(bcw_ctx *c, uint32_t e)
{
    if (!bcw_grow(c, (void **)&c->order, &c->order_cap, c->norder + 1, sizeof *c->order))
        return;
    c->order[c->norder++] = e;
    c->vals[e].id = (uint32_t)c->norder;
    c->vals[e].uses = 1;
}

/* ValueEnumerator::EnumerateValue. */
static void enum_value(bcw_ctx *c, uint32_t e)
{
    if (c->vals[e].id) {
        c->vals[e].uses++;
        return;
    }
    bcw_type_enumerate(c, c->vals[e].type);
    if (has_const_ops(&c->vals[e]))
        for (uint32_t i = 0; i < c->vals[e].nops; i++)
            if (c->vals[c->vals[e].ops[i]].kind != VK_BB)
                enum_value(c, c->vals[e].ops[i]);
    push(c, e);
}

void bcw_enum_value(bcw_ctx *c, uint32_t e)
{
    enum_value(c, e);
}

/* ValueEnumerator::EnumerateOperandType. */
static void enum_operand_type(bcw_ctx *c, uint32_t e)
{
    bcw_type_enumerate(c, c->vals[e].type);
    if (!is_constant(&c->vals[e]) || c->vals[e].id)
        return;
    for (uint32_t i = 0; i < c->vals[e].nops; i++)
        if (c->vals[c->vals[e].ops[i]].kind != VK_BB)
            enum_operand_type(c, c->vals[e].ops[i]);
}

static bool int_like(const bcw_ctx *c, uint32_t e)
{
    const bcw_type *t = &c->types[c->vals[e].type];
    if (t->kind == BT_VECTOR)
        t = &c->types[t->sub[0]];
    return t->kind == BT_INT;
}



/* A stable merge sort by (type id, uses descending): qsort is not stable
 * and LLVM used std::stable_sort. */
static bool before(const bcw_ctx *c, uint32_t a, uint32_t b)
{
    uint32_t ta = bcw_type_id(c, c->vals[a].type), tb = bcw_type_id(c, c->vals[b].type);
    if (c->vals[a].type != c->vals[b].type)
        return ta < tb;
    return c->vals[a].uses > c->vals[b].uses;
}

static void merge_sort(const bcw_ctx *c, uint32_t *v, uint32_t *tmp, size_t n)
{
    if (n < 2)
        return;
    size_t h = n / 2;
    merge_sort(c, v, tmp, h);
    merge_sort(c, v + h, tmp, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = before(c, v[j], v[i]) ? v[j++] : v[i++];
    while (i < h)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    for (k = 0; k < n; k++)
        v[k] = tmp[k];
}

/* std::partition as the standard libraries implement it for
 * bidirectional iterators (not stable; its exact swaps matter). */
static void partition_ints(const bcw_ctx *c, uint32_t *first, uint32_t *last)
{
    for (;;) {
        for (;;) {
            if (first == last)
                return;
            if (!int_like(c, *first))
                break;
            ++first;
        }
        do {
            --last;
            if (first == last)
                return;
        } while (!int_like(c, *last));
        uint32_t t = *first;
        *first = *last;
        *last = t;
        ++first;
    }
}

/* ValueEnumerator::OptimizeConstants over order[from, to). */
static void optimize_constants(bcw_ctx *c, size_t from, size_t to)
{
    if (to - from < 2)
        return;
    uint32_t *tmp = malloc((to - from) * sizeof *tmp);
    if (!tmp) {
        c->failed = true;
        return;
    }
    merge_sort(c, c->order + from, tmp, to - from);
    free(tmp);
    partition_ints(c, c->order + from, c->order + to);
    for (size_t i = from; i < to; i++)
        c->vals[c->order[i]].id = (uint32_t)i + 1;
}

static void enum_function_types(bcw_ctx *c, bcw_func *f)
{
    for (uint32_t i = 0; i < f->nargs; i++)
        bcw_type_enumerate(c, c->vals[f->args[i]].type);
    for (size_t i = 0; i < f->ninsts; i++) {
        uint32_t e = f->insts[i].val;
        for (uint32_t k = 0; k < c->vals[e].nops; k++)
            enum_operand_type(c, c->vals[e].ops[k]);
        bcw_type_enumerate(c, f->insts[i].has_value ? c->vals[e].type
                                                    : bcw_type_simple(c, BT_VOID, 0));
        LLVMValueRef v = c->vals[e].v;
        if (v && LLVMIsACallInst(v))
            c->vals[e].attrs = bcw_attrs_of_call(c, v);
        if (v)
            bcw_md_enumerate_attachments(c, v);
    }
}

int bcw_enumerate_module(bcw_ctx *c)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g))
        enum_value(c, bcw_val_of(c, g));
    for (size_t i = 0; i < c->nfns; i++) {
        uint32_t e = bcw_val_of(c, c->fns[i]);
        enum_value(c, e);
        c->vals[e].attrs = bcw_attrs_of_function(c, c->fns[i]);
    }
    size_t first_const = c->norder;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
        uint32_t e = bcw_val_of(c, g);
        if (c->vals[e].nops)
            enum_value(c, c->vals[e].ops[0]);
    }
    bcw_type_enumerate(c, bcw_type_simple(c, BT_METADATA, 0));
    bcw_md_enumerate_named(c);
    for (size_t i = 0; i < c->nfuncs; i++)
        enum_function_types(c, &c->funcs[i]);
    optimize_constants(c, first_const, c->norder);
    return c->failed ? -1 : 0;
}

/* ValueEnumerator::incorporateFunction. */
void bcw_enumerate_function(bcw_ctx *c, bcw_func *f)
{
    c->first_const = c->norder; /* arguments come first, see below */
    size_t module_values = c->norder;
    for (uint32_t i = 0; i < f->nargs; i++)
        enum_value(c, f->args[i]);
    c->first_const = c->norder;
    for (size_t i = 0; i < f->ninsts; i++) {
        uint32_t e = f->insts[i].val;
        for (uint32_t k = 0; k < c->vals[e].nops; k++) {
            const bcw_val *op = &c->vals[c->vals[e].ops[k]];
            if (is_constant(op))
                enum_value(c, c->vals[e].ops[k]);
        }
    }
    for (uint32_t b = 0; b < f->nblocks; b++)
        c->vals[f->blocks[b]].id = b + 1;
    optimize_constants(c, c->first_const, c->norder);
    c->first_inst = c->norder;
    for (size_t i = 0; i < f->ninsts; i++)
        if (f->insts[i].has_value)
            enum_value(c, f->insts[i].val);
    (void)module_values;
}

void bcw_purge_function(bcw_ctx *c, size_t module_values)
{
    for (size_t i = module_values; i < c->norder; i++)
        c->vals[c->order[i]].id = 0;
    c->norder = module_values;
}

uint32_t bcw_id(const bcw_ctx *c, uint32_t val)
{
    return c->vals[val].id - 1;
}
