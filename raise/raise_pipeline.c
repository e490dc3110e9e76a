/* raise_pipeline.c - runs the raise passes in order (pipeline/pipeline.c
 * calls it from load and dxil_module_raise_opts). */
#include "raise.h"
#include "raise_internal.h"
#include "raise_ops.h"

#include <stddef.h>

/* Passes run in this order; each sees the previous one's result. */
static const raise_pass raise_passes[] = {
    {"identity", raise_identity}, /* first: fills rc version/stage */
    {"bcfacts", raise_bcfacts},   /* before any pass adds or drops a function */
    {"op-census", raise_ops_census}, /* before any pass raises a dx.op call */
    {"op-attrs", raise_ops_decl_attrs}, /* the same: DXC's declaration attributes */
    {"entries", raise_entries},
    {"instr-md", raise_instr_md},
    /* passes that read other dx.* named metadata go here */
    {"resources", raise_resources}, /* handles; consumes dx.resources */
    {"buffers", raise_buffers},     /* buffer loads/stores on raised handles */
    {"sig-io", raise_sig_io},       /* after entries: reads the stages */
    {"ops", raise_ops},             /* table-driven: every other dx.op */
    {"parts", raise_parts},         /* container parts to !dxu.parts */
    {"park-md", raise_park_md},   /* last: moves leftover dx.* to dxu.* */
    {"cleanup", raise_cleanup},   /* after every IR pass: dead dx.op decls */
    {"bcfacts-vst", raise_bcfacts_vst}, /* after every IR pass: the names left */
    /* convergence (docs/ops.md "Convergence"): on the final calls, after
     * the names are recorded (the tokens' are not DXC's) */
    {"convergent", raise_conv_mark},  /* wave, quad, derivative, barrier calls */
    {"conv-tokens", raise_conv_tokens}, /* entry and loop tokens, bundles */
    {"dx-break", raise_conv_break},   /* after the tokens read the loops */
    {NULL, NULL},
};

int raise_run(dxil_module *m, const dxil_options *opts, const stat_reflection *reflection,
              const dxil_write_carried *carried, dxil_diags *diags)
{
    raise_ctx rc = {.module = m, .ctx = m->ctx, .mod = m->mod, .diags = diags,
                         .reflection = reflection, .restypes = m->restypes,
                         .carried = carried};
    rc.optable = opts ? opts->optable : NULL;
    rc.keep_sig_io = opts && opts->keep_sig_io;
    raise_op_kinds_build(&rc);
    /* Per-module counts first: raised = calls - kept needs one module. */
    rc.stats = opts && opts->stats ? dxil_stats_create() : NULL;
    int status = 0;
    for (const raise_pass *p = raise_passes; status == 0 && p->run; p++)
        status = p->run(&rc) != 0 ? -1 : 0;
    if (rc.stats && status == 0 && dxil_stats_merge(opts->stats, rc.stats) != 0)
        status = -1;
    dxil_stats_destroy(rc.stats);
    raise_intrinsics_free(&rc);
    raise_op_kinds_free(&rc);
    raise_kept_free(&rc);
    return status;
}
