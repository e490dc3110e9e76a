/* lower_write.c - DXIL in, DXIL out: a loaded module lowered (lower/),
 * its bitcode written as LLVM 3.7 (bcwrite/) and wrapped in a DXContainer
 * (write/), all in memory. It lives here because it joins those layers. */
#include "dxil-upgrade/dxil_lower.h"
#include "bcwrite/bcwrite.h"
#include "lower_passes.h"
#include "module/module_internal.h"
#include "sign_gate.h"
#include "write/recompute.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>

/* The bitcode of the lowered module. The class types the loader recovered
 * from the input's bitcode still name its dx.resources records only when
 * no raise has rewritten them; after a raise the writer finds them itself. */
static int lw_bitcode(dxil_module *m, const bcw_hints *hints, bool unvalidated, uint8_t **bc,
                      size_t *bc_size, dxil_diags *diags)
{
    bcw_options o;
    bcw_options_init(&o);
    /* Unvalidated output may hold the casts DXC refuses (its tools say so). */
    o.write_refused_casts = unvalidated;
    size_t len = 0;
    o.name = LLVMGetModuleIdentifier(m->mod, &len);
    if (!m->raised)
        o.restypes = m->restypes;
    /* DXC's spelling: the loader's record, or lowering's from !dxu.datalayout */
    o.datalayout = m->original_datalayout;
    bcw_hints_apply(hints, &o);
    return bcw_write_module(m->mod, &o, bc, bc_size, diags);
}

static int lw_container(dxil_module *m, const dxil_write_carried *carried,
                        const dxil_write_options *write_opts, const uint8_t *bc, size_t bc_size,
                        uint8_t **out, size_t *out_size, dxil_diags *diags)
{
    dxil_write_input in = {.module = m->mod, .bitcode = bc, .bitcode_size = bc_size};
    dxil_write_input_use_carried(&in, carried);
    if (write_opts && write_opts->psv_info_size)
        in.options.psv_info_size = write_opts->psv_info_size;
    return dxil_container_write(&in, out, out_size, diags);
}

/* The DXIL part carries no debug info (DXC keeps it in a separate ILDB
 * part, which this writer does not make): stripped, with a warning, rather
 * than refused by the writer. */
static void lw_strip_debug(dxil_module *m, dxil_diags *diags)
{
    if (LLVMStripModuleDebugInfo(m->mod))
        dxil_diags_add(diags, DXIL_SEV_WARNING, DXIL_W_DEBUGINFO_DROPPED, DXIL_LOC_NONE, 0,
                       "debug info is not written into the DXIL part (DXC keeps it in an ILDB "
                       "part, which is not written); stripped");
}

/* Lower, verify (LLVM's writers assume a valid module), write. A step
 * that adds an error without saying so still stops the write. */
static int lw_lower_and_write(dxil_module *m, const dxil_lower_options *lower_opts, bool unvalidated,
                              uint8_t **bc, size_t *bc_size, dxil_diags *diags)
{
    /* DXC reads neither a modern triple nor dxu.* nodes (its validator
     * rejects named metadata it does not know). */
    dxil_lower_options lo;
    if (lower_opts)
        lo = *lower_opts;
    else
        dxil_lower_options_init(&lo);
    lo.dxc_triple = true;
    lo.keep_side_metadata = false;
    size_t errors_before = dxil_diags_error_count(diags);
    bcw_hints hints; /* the raise's records for the writer: lowering drops them */
    int rc = bcw_hints_from_module(m->mod, &hints);
    if (rc == 0)
        rc = lower_module_for_writer(m, &lo, diags);
    if (rc == 0)
        rc = dxil_module_verify(m, diags);
    if (rc == 0)
        lw_strip_debug(m, diags);
    /* LLVM merges loads of two groupshared globals into one load of a phi
     * or select of their addresses, which DXC cannot trace. */
    if (rc == 0)
        bcw_tgsm_split(m->mod);
    /* LLVM passes may have changed what the module uses since its dx.*
     * metadata was recorded: the parts are derived from it. */
    if (rc == 0)
        rc = write_recompute(m->mod, m->raised ? hints.restypes : m->restypes, NULL, diags);
    if (rc == 0 && dxil_diags_error_count(diags) == errors_before)
        rc = lw_bitcode(m, &hints, unvalidated, bc, bc_size, diags);
    bcw_hints_free(&hints);
    return rc == 0 && dxil_diags_error_count(diags) == errors_before ? 0 : -1;
}

int dxil_lower_write_container(dxil_module *m, const dxil_lower_options *lower_opts,
                               const dxil_write_options *write_opts, uint8_t **out,
                               size_t *out_size, dxil_diags *diags)
{
    if (out)
        *out = NULL;
    if (out_size)
        *out_size = 0;
    if (!m || !out || !out_size) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_PART_WRITE, DXIL_LOC_NONE, 0,
                       "container: no module or no output given");
        return -1;
    }
    /* Lowering drops !dxu.parts and !dxu.container: read them first. */
    dxil_write_carried carried;
    if (dxil_write_carried_from_module(m->mod, &carried, diags) != 0)
        return -1;
    uint8_t *bc = NULL;
    size_t bc_size = 0;
    bool unvalidated = write_opts && write_opts->sign == DXIL_SIGN_UNVALIDATED;
    int rc = lw_lower_and_write(m, lower_opts, unvalidated, &bc, &bc_size, diags);
    if (rc == 0)
        rc = lw_container(m, &carried, write_opts, bc, bc_size, out, out_size, diags);
    if (rc == 0) {
        size_t len = 0;
        rc = sign_gate(*out, *out_size, &carried, write_opts, LLVMGetModuleIdentifier(m->mod, &len),
                       diags);
        if (rc != 0) {
            free(*out);
            *out = NULL;
            *out_size = 0;
        }
    }
    free(bc);
    dxil_write_carried_free(&carried);
    return rc;
}
