/* lower_expand.c - intrinsics DXIL has no op for, expanded before the op
 * lowering into instructions and intrinsics the spec's maps lower, as
 * LLVM's DXILIntrinsicExpansion does (the expanders: lower_expand_vector.c
 * and lower_expand_math.c, described there). Runs before scalarize and the
 * type checks, so the intrinsics it makes are split and checked like the
 * source's own. A form an expander does not take (a cross of 4 lanes, a
 * lerp of integers) stays, and the leftover check names it. */
#include "lower_expand.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    exp_fn fn;
} exp_table[] = {
    {"llvm.dx.fdot", exp_fdot},           {"llvm.dx.sdot", exp_sdot},
    {"llvm.dx.udot", exp_udot},           {"llvm.dx.cross", exp_cross},
    {"llvm.dx.normalize", exp_normalize}, {"llvm.dx.any", exp_any},
    {"llvm.dx.all", exp_all},             {"llvm.dx.uclamp", exp_uclamp},
    {"llvm.dx.sclamp", exp_sclamp},       {"llvm.dx.nclamp", exp_nclamp},
    {"llvm.dx.lerp", exp_lerp},           {"llvm.dx.step", exp_step},
    {"llvm.dx.sign", exp_sign},           {"llvm.dx.degrees", exp_degrees},
    {"llvm.dx.radians", exp_radians},     {"llvm.dx.isinf", exp_isinf},
    {"llvm.dx.isnan", exp_isnan},
};

static exp_fn exp_lookup(LLVMValueRef fn)
{
    char base[64];
    if (!lower_intrinsic_base(fn, base, sizeof base))
        return NULL;
    for (size_t i = 0; i < sizeof exp_table / sizeof exp_table[0]; i++)
        if (!strcmp(base, exp_table[i].name))
            return exp_table[i].fn;
    return NULL;
}

int lower_expand(lower_ctx *lc)
{
    /* Expanders declare intrinsics while this walks the function list:
     * the declarations to expand are collected first. */
    size_t n_fns = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        n_fns += exp_lookup(fn) != NULL;
    LLVMValueRef *fns = n_fns ? malloc(n_fns * sizeof *fns) : NULL;
    size_t k = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fns && fn; fn = LLVMGetNextFunction(fn))
        if (exp_lookup(fn))
            fns[k++] = fn;
    for (size_t f = 0; f < k; f++) {
        exp_fn expand = exp_lookup(fns[f]);
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fns[f], &calls);
        for (size_t i = 0; i < n; i++) {
            LLVMPositionBuilderBefore(lc->b, calls[i]);
            lc->n_lowered += expand(lc, calls[i]);
        }
        free(calls);
    }
    free(fns);
    lower_erase_dead(lc);
    return 0;
}
