/* lower_passes.c - runs the lowering passes (lower/) and the legalization
 * passes (legalize/) in order: the one table that orders them stands
 * above both folders, so that lower/ needs nothing of legalize/, which
 * builds on lower/'s context. */
#include "lower_passes.h"
#include "legalize/legal.h"
#include "lower/lower_internal.h"
#include "module/shader_flags.h"

#include "common/side_metadata.h"

#include <llvm-c/Analysis.h>

#include <stdlib.h>
#include <string.h>

/* Passes run in this order; each sees the previous one's result. Those
 * flagged LOWER_LEGALIZE turn clang's and the optimizers' forms into
 * DXIL's (dxil_lower_options.legalize). */
static const lower_pass lower_passes[] = {
    /* convergence tokens (docs/ops.md "Convergence"): each convergent call
     * back in the loop its token names, then the tokens go; first, as
     * calls without bundles are made anew (note-input records them) */
    {"dx-break", lower_conv_restore, 0},
    {"convergence", lower_conv_strip, 0},
    {"note-input", lower_note_input, 0}, /* before any dx.op is made */
    /* clang's -O0 allocas and handle globals, before anything reads a
     * handle or a binding */
    {"promote", lower_promote, LOWER_LEGALIZE},
    {"forward-handles", lower_forward_handles, LOWER_LEGALIZE},
    {"unused-resources", lower_unused_resources, LOWER_LEGALIZE}, /* handles nothing uses */
    {"flatten-arrays", lower_flatten_arrays, LOWER_LEGALIZE}, /* DXIL: one dimension */
    {"resource-copy", lower_resource_copy, LOWER_LEGALIZE}, /* memcpy through getpointer */
    {"wide-int", lower_wide_int, LOWER_LEGALIZE},   /* SROA's i128 views of vectors */
    /* getpointer + load/store -> access intrinsics; before identity
     * replaces the datalayout its GEP offsets were computed in */
    /* accesses through a phi of two resources' pointers, back into the
     * predecessors; before resource-access lowers them there */
    {"resource-phi", lower_resource_phi, LOWER_LEGALIZE},
    {"resource-access", lower_resource_access, LOWER_LEGALIZE},
    /* cbuffer member globals -> load.cbufferrow on the handle; also before
     * identity (clang's layout offsets), and before resources and buffers */
    {"cbuffer-access", lower_cbuffer_access, LOWER_LEGALIZE},
    {"identity", lower_identity, 0},   /* fills version and stage */
    {"versions", lower_check_versions, 0}, /* before anything is lowered */
    /* clang's module forms: before entries, which strips hlsl.* */
    {"linkage", lower_linkage, LOWER_LEGALIZE},     /* unused helpers go, the rest internal */
    /* a handle read back from a local array: refused, in what linkage kept */
    {"handle-locals", lower_handle_locals, LOWER_LEGALIZE},
    {"fn-attrs", lower_fn_attrs, LOWER_LEGALIZE},   /* string attributes DXIL does not know */
    /* a library's resource globals an optimizer's DCE removed; before the
     * resources pass reads the records */
    {"legal-lib-globals", lower_legal_lib_globals, LOWER_LEGALIZE},
    {"expand", lower_expand, 0},       /* fdot -> dot2/3/4, before the type checks */
    /* generic intrinsics DXIL lacks; before scalarize splits what they make */
    {"legal-intrinsics", lower_legal_intrinsics, LOWER_LEGALIZE},
    /* 64-bit buffer elements as 32-bit word pairs where the op has no
     * 64-bit overload; before raw-split, which splits the words */
    {"legal-buffer64", lower_legal_buffer64, LOWER_LEGALIZE},
    /* raw-buffer elements of more than 4 lanes, in pieces of 4 (before
     * DXIL 1.9); before the census counts the vectors they leave */
    {"legal-raw-split", lower_legal_raw_split, LOWER_LEGALIZE},
    /* what the passes from here to legal-int-widths act on, in one walk */
    {"legal-census", lower_legal_census, LOWER_LEGALIZE},
    {"legal-freeze", lower_legal_freeze, LOWER_LEGALIZE}, /* no freeze in LLVM 3.7 */
    {"legal-unreachable", lower_legal_unreachable, LOWER_LEGALIZE}, /* no unreachable in DXIL */
    {"scalarize", lower_scalarize, 0}, /* vectors the target has no overload for */
    {"check-types", lower_check_types, 0}, /* after scalarize: what is left must fit */
    /* legalization (legalize/): what optimizers make that DXIL lacks;
     * after check-types, which names the calls as the input wrote them */
    {"legal-scalarize", lower_legal_scalarize, LOWER_LEGALIZE}, /* vector values before SM 6.9 */
    /* their lanes, one array */
    {"flatten-vector-arrays", lower_flatten_vector_arrays, LOWER_LEGALIZE},
    {"implicit-binding", lower_implicit_binding, 0}, /* registers for the unbound */
    /* loads of a select of pointers */
    {"legal-ptr-selects", lower_legal_ptr_selects, LOWER_LEGALIZE},
    /* typed paths to what is accessed */
    {"legal-geps", lower_legal_geps, LOWER_LEGALIZE},
    /* structs loaded by field, whole again */
    {"legal-repack", lower_legal_repack, LOWER_LEGALIZE},
    /* i8, i4, ... carried in i32/i64 */
    {"legal-int-widths", lower_legal_int_widths, LOWER_LEGALIZE},
    {"resources", lower_resources, 0}, /* handles before their users */
    {"nonuniform", lower_nonuniform, 0}, /* markers resources did not take */
    {"buffers", lower_buffers, 0},
    {"signatures", lower_signatures, 0}, /* clang's elements, before sig-io */
    {"sig-io", lower_sig_io, 0},       /* load.input / store.output */
    {"ops", lower_ops, 0},
    /* lanes the scalarization read of llvm.dx.* vectors, now dx.op values */
    {"legal-fold", lower_legal_fold, LOWER_LEGALIZE},
    {"op-attrs", lower_restore_op_attrs, 0}, /* after ops: all dx.op declared */
    {"entries", lower_entries, 0},     /* after resources: entries list them */
    {"instr-md", lower_instr_md, 0},
    {"check-ops", lower_check_ops, 0}, /* every dx.op, custom ones too */
    {"call-attrs", lower_call_attrs, 0},
    {"cleanup", lower_cleanup, 0},
    {"annotates", lower_place_annotates, 0}, /* after cleanup: users are dx.op calls */
    {"lib-loads", lower_place_lib_loads, 0}, /* after cleanup: the entry is final */
    {"leftovers", lower_leftovers, 0}, /* after cleanup folded the bridges */
    {"module-md", lower_module_md, LOWER_LEGALIZE}, /* clang's metadata DXIL does not know */
    {"legal-unused", lower_legal_unused, LOWER_LEGALIZE}, /* declarations and locals left unused */
    /* after every pass that builds instructions: undef read nowhere */
    {"legal-undef", lower_legal_undef, LOWER_LEGALIZE},
    {"restore-md", lower_restore_md, 0}, /* last: unparks and orders dx.* */
    {NULL, NULL, 0},
};

void dxil_lower_options_init(dxil_lower_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->dxc_triple = true;
    opts->legalize = true;
}

/* A pass that leaves a module LLVM's verifier refuses has failed: the
 * lowering stops there and names it, instead of handing the next pass (or
 * the writer) a broken module whose faults no later check can place.
 * Queued instructions are erased first: a pass may leave replaced ones,
 * with their uses, for lower_erase_dead. */
static bool lower_pass_broke(lower_ctx *lc, const lower_pass *p)
{
    lower_erase_dead(lc);
    char *msg = NULL;
    if (!LLVMVerifyModule(lc->mod, LLVMReturnStatusAction, &msg)) {
        LLVMDisposeMessage(msg);
        return false;
    }
    const char *text = msg ? msg : "module is broken";
    size_t len = strcspn(text, "\n"); /* the first fault; the rest repeats it */
    dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LLVM_VERIFY, DXIL_LOC_NONE, 0,
                   "lowering pass '%s' left a module LLVM's verifier refuses: %.*s", p->name,
                   (int)len, text);
    LLVMDisposeMessage(msg);
    return true;
}

static int lower_run(dxil_module *m, const dxil_lower_options *opts, bool keep_fmf,
                     dxil_diags *diags)
{
    if (!m)
        return -1;
    lower_ctx lc = {.module = m, .ctx = m->ctx, .mod = m->mod, .diags = diags,
                         .table = dxil_optable_builtin(), .keep_fmf = keep_fmf};
    if (opts)
        lc.opts = *opts;
    else
        dxil_lower_options_init(&lc.opts);
    lower_side_kinds_init(&lc);
    lc.md_precise =
        LLVMGetMDKindIDInContext(lc.ctx, DXIL_MDK_PRECISE, (unsigned)strlen(DXIL_MDK_PRECISE));
    if (lower_attrs_init(&lc) != 0) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "could not build the dx.op attribute sets");
        return -1;
    }
    lc.b = LLVMCreateBuilderInContext(lc.ctx);
    lc.input_td = LLVMCreateTargetData(LLVMGetDataLayoutStr(lc.mod));
    size_t errors_before = dxil_diags_error_count(diags);
    int rv = 0;
    for (const lower_pass *p = lower_passes; p->run && rv == 0; p++)
        if (lc.opts.legalize || !(p->flags & LOWER_LEGALIZE)) {
            rv = p->run(&lc);
            if (rv == 0 && lower_pass_broke(&lc, p))
                rv = -1;
        }
    /* A pass that refuses part of the module reports it and goes on, so
     * that every problem is named; the lowering still fails. */
    if (dxil_diags_error_count(diags) > errors_before)
        rv = -1;
    lower_erase_dead(&lc);
    /* Entries built for modern input declare the ShaderFlags their
     * instructions use, as LLVM's DXIL backend computes them (DXC's
     * validator: Meta.FlagsUsage); a DXIL module's entries keep theirs. */
    bool changed;
    if (rv == 0 && lc.built_entries)
        sf_update(lc.mod, NULL, &changed);
    LLVMDisposeBuilder(lc.b);
    LLVMDisposeTargetData(lc.input_td);
    free(lc.dead);
    free(lc.input_calls);
    return rv;
}

int dxil_module_lower(dxil_module *m, const dxil_lower_options *opts, dxil_diags *diags)
{
    return lower_run(m, opts, false, diags);
}

int lower_module_for_writer(dxil_module *m, const dxil_lower_options *opts, dxil_diags *diags)
{
    return lower_run(m, opts, true, diags);
}
