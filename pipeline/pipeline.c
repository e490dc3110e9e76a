/* pipeline.c - the public load and raise: module/ parses the input (and,
 * with dxil_options.layouts_from_reflection, the container's STAT part),
 * then the spec check (check/), the raise passes (raise/) with the STAT
 * module handed in, and LLVM's verifier run in that order. The layers
 * below never call back up here. */
#include "dxil-upgrade/dxil_upgrade.h"
#include "check/spec_check.h"
#include "dxil-upgrade/dxil_write.h"
#include "common/file_io.h"
#include "module/loader.h"
#include "module/module_internal.h"
#include "module/module_triple.h"
#include "module/reflection.h"
#include "raise/raise.h"

#include <stdlib.h>
#include <string.h>

/* Check (when asked) and raise; reflection and carried are only read. */
static int pipeline_raise(dxil_module *m, const dxil_options *opts,
                          const stat_reflection *reflection, const dxil_write_carried *carried,
                          dxil_diags *diags)
{
    const dxil_optable *table = opts ? opts->optable : NULL;
    const char *triple = LLVMGetTarget(dxil_module_llvm(m));
    if (triple_is_vulkan_spirv(triple)) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "the module is SPIR-V for Vulkan (triple '%s'), not DXIL: there is "
                       "nothing to raise (dxil-upgrade --emit=spirv compiles it as it is)",
                       triple);
        return -1;
    }
    if (opts && opts->check && spec_check(dxil_module_llvm(m), table, diags) != 0)
        return -1;
    m->raised = true; /* even a failed raise may have changed the module */
    return raise_run(m, opts, reflection, carried, diags);
}

/* Carried parts larger than this in total stay out of the raised module
 * (with a warning): the escaped .ll text is up to 4 times their size, and
 * the loader maps its input so that parts it does not parse cost nothing. */
#define PIPELINE_CARRIED_MAX ((size_t)16 << 20)

static bool pipeline_carried_fits(const dxil_write_carried *c, dxil_diags *diags)
{
    size_t total = 0;
    for (size_t i = 0; i < c->count; i++)
        total += c->parts[i].size;
    if (total <= PIPELINE_CARRIED_MAX)
        return true;
    dxil_diags_add(diags, DXIL_SEV_WARNING, DXIL_E_PART_WRITE, DXIL_LOC_NONE, 0,
                   "the container's carried parts (%zu bytes) are over the %zu MiB limit and "
                   "are not kept in the raised module (no !dxu.parts)",
                   total, PIPELINE_CARRIED_MAX >> 20);
    return false;
}

/* A raised container keeps the parts the writer cannot regenerate
 * (raise_parts.c); only a load that raises has the container bytes. */
static int pipeline_raise_container(dxil_module *m, const dxil_options *opts,
                                    const stat_reflection *reflection, const void *data,
                                    size_t size, dxil_diags *diags)
{
    if (dxil_module_input_kind(m) != DXIL_INPUT_CONTAINER || opts->drop_container_parts)
        return pipeline_raise(m, opts, reflection, NULL, diags);
    dxil_write_carried carried;
    if (dxil_write_carried_from_container(data, size, &carried, diags) != 0)
        return -1;
    bool keep = pipeline_carried_fits(&carried, diags);
    /* DXC's digest of the input, to know it when it comes back unchanged
     * (sign_gate.c); only when the parts ride along, else it cannot, and
     * hashing would read every page of a large container. */
    dxil_hash_check hc;
    if (keep && dxil_container_hash_check(data, size, &hc, NULL) == 0) {
        memcpy(carried.content_digest, hc.computed, sizeof carried.content_digest);
        carried.has_content_digest = true;
    }
    int rc = pipeline_raise(m, opts, reflection, keep ? &carried : NULL, diags);
    dxil_write_carried_free(&carried);
    return rc;
}

/* After the parse: raise (the STAT module is disposed of when done, or
 * kept in m for a later dxil_module_raise_opts), then verify. */
static int pipeline_process(dxil_module *m, const dxil_options *opts,
                            stat_reflection *reflection, const void *data, size_t size,
                            dxil_diags *diags)
{
    int rc = 0;
    bool as_is = opts->spirv_as_is && triple_is_vulkan_spirv(LLVMGetTarget(m->mod));
    if (opts->raise && !as_is) {
        rc = pipeline_raise_container(m, opts, reflection, data, size, diags);
        reflection_destroy(reflection);
    } else {
        module_keep_reflection(m, reflection);
    }
    if (rc == 0 && opts->verify)
        rc = dxil_module_verify(m, diags);
    return rc;
}

dxil_module *dxil_module_load_memory(const void *data, size_t size, const char *name,
                                     const dxil_options *opts, dxil_diags *diags)
{
    dxil_options defaults;
    if (!opts) {
        dxil_options_init(&defaults);
        opts = &defaults;
    }
    size_t errors_before = dxil_diags_error_count(diags);
    stat_reflection *reflection = NULL;
    dxil_module *m = module_parse(data, size, name, opts, &reflection, diags);
    if (!m)
        return NULL;
    int rc = pipeline_process(m, opts, reflection, data, size, diags);
    /* Later diagnostics go to whichever list the caller passes then. */
    module_route_diags(m, NULL);
    if (rc != 0 || dxil_diags_error_count(diags) > errors_before) {
        dxil_module_destroy(m);
        return NULL;
    }
    return m;
}

dxil_module *dxil_module_load_file(const char *path, const dxil_options *opts,
                                   dxil_diags *diags)
{
    file_data in;
    if (file_map(path, opts ? opts->max_input_size : 0, &in, diags) != 0)
        return NULL;
    dxil_module *m = dxil_module_load_memory(in.data, in.size, path, opts, diags);
    file_release(&in);
    return m;
}

int dxil_module_raise(dxil_module *m, dxil_diags *diags)
{
    return dxil_module_raise_opts(m, NULL, diags);
}

/* A load with raise = false kept its STAT module in m; the raise uses it
 * and disposes of it. An error reported on the way fails the raise, as it
 * fails a load that raises (a pass may report one and carry on). */
int dxil_module_raise_opts(dxil_module *m, const dxil_options *opts, dxil_diags *diags)
{
    size_t errors_before = dxil_diags_error_count(diags);
    stat_reflection *reflection = module_take_reflection(m);
    int rc = pipeline_raise(m, opts, reflection, NULL, diags);
    reflection_destroy(reflection);
    return rc == 0 && dxil_diags_error_count(diags) == errors_before ? 0 : -1;
}
