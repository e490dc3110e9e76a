/* retarget_pipeline.c - runs the retarget passes in order: a raised
 * module (clang's DirectX form) becomes the module clang 22 emits for the
 * Vulkan target of the same stage (docs/spirv.md, "The retarget"). */
#include "retarget_internal.h"

#include <stdlib.h>
#include <string.h>

/* Passes run in this order; each sees the previous one's result, and the
 * pipeline stops after the first pass that refused something (every
 * refusal of that pass is reported). */
static const rt_pass rt_passes[] = {
    {"entry", rt_pass_entry},       /* one inlined entry of a known stage */
    {"convergence", rt_pass_convergence}, /* the raise's tokens go (see rt_entry.c) */
    {"bindings", rt_pass_bindings}, /* set and binding of every handle */
    /* resource access: before target, which drops the input's strides */
    {"raw-buffers", rt_pass_raw_buffers},
    {"cbuffers", rt_pass_cbuffers},
    {"typed-buffers", rt_pass_typed_buffers},
    {"counters", rt_pass_counters},
    {"atomics", rt_pass_atomics},
    {"intrinsics", rt_pass_intrinsics}, /* llvm.dx.* -> llvm.spv.* or plain IR */
    {"dx-ops", rt_pass_dx_ops},         /* the dx.op calls that have a form */
    {"bit-widths", rt_pass_bit_widths}, /* 16-bit bit counts and reverses */
    {"handles-done", rt_pass_handles_done}, /* after every access pass */
    {"groupshared", rt_pass_groupshared},
    {"vectors", rt_pass_vectors},
    {"zero-index", rt_pass_zero_index}, /* a backend crash worked around */
    {"merges", rt_pass_merges},         /* one merge block per selection */
    {"metadata", rt_pass_metadata},
    {"target", rt_pass_target},
    {"check", rt_pass_check}, /* last: what is left has no form */
    {NULL, NULL},
};

int retarget_module(dxil_module *m, const retarget_options *opts, dxil_diags *diags)
{
    if (!m || !m->mod)
        return -1;
    rt_ctx rc = {.module = m, .ctx = m->ctx, .mod = m->mod, .diags = diags};
    if (opts)
        rc.opts = *opts;
    rc.b = LLVMCreateBuilderInContext(rc.ctx);
    rc.hb = LLVMCreateBuilderInContext(rc.ctx);
    rc.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(rc.mod));
    size_t errors_before = dxil_diags_error_count(diags);
    int rv = 0;
    for (const rt_pass *p = rt_passes; p->run && rv == 0; p++) {
        rv = p->run(&rc);
        if (dxil_diags_error_count(diags) > errors_before)
            rv = -1;
        if (rv == 0)
            rt_erase_dead(&rc);
    }
    LLVMDisposeBuilder(rc.b);
    LLVMDisposeBuilder(rc.hb);
    LLVMDisposeTargetData(rc.td);
    free(rc.binds);
    free(rc.handles);
    free(rc.dead);
    return rv;
}
