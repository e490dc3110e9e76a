/* spirv_pipeline.c - the public SPIR-V emission (dxil_spirv.h): a raised
 * module is retargeted to clang's Vulkan form (retarget/), compiled by
 * LLVM's SPIR-V backend in a child process or this thread (spirv/) and
 * validated by spirv-val before a byte is handed back. */
#include "dxil-upgrade/dxil_spirv.h"
#include "common/file_io.h"
#include "module/module_internal.h"
#include "module/module_triple.h"
#include "retarget/retarget.h"
#include "spirv/spirv.h"

#include <llvm-c/Core.h>
#include <stdlib.h>

enum { SPIRV_DEFAULT_TIMEOUT = 300 };

void dxil_spirv_options_init(dxil_spirv_options *o)
{
    *o = (dxil_spirv_options){.target_env = DXIL_SPIRV_ENV_DEFAULT, .isolate = true,
                              .timeout_s = SPIRV_DEFAULT_TIMEOUT};
}

/* The options' shifts as the retarget takes them. */
static int spirv_retarget(dxil_module *m, const dxil_spirv_options *o, dxil_diags *diags)
{
    retarget_shift *shifts = o->n_shifts ? calloc(o->n_shifts, sizeof *shifts) : NULL;
    if (o->n_shifts && !shifts) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RETARGET, DXIL_LOC_NONE, 0, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < o->n_shifts; i++)
        shifts[i] = (retarget_shift){o->shifts[i].cls, o->shifts[i].all_spaces,
                                     o->shifts[i].space, o->shifts[i].shift};
    retarget_options ro = {shifts, o->n_shifts};
    int rc = retarget_module(m, &ro, diags);
    free(shifts);
    return rc;
}

/* m in SPIR-V form: as it is when it already is, else raised and then
 * retargeted (in place). */
static int spirv_prepare(dxil_module *m, const dxil_spirv_options *o, dxil_diags *diags)
{
    if (triple_is_vulkan_spirv(LLVMGetTarget(m->mod))) {
        if (o->n_shifts)
            dxil_diags_add(diags, DXIL_SEV_WARNING, DXIL_W_RETARGET, DXIL_LOC_NONE, 0,
                           "the module is already in SPIR-V form: the register shifts, which "
                           "the retarget applies, are ignored");
        return 0;
    }
    if (!m->raised) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_RETARGET, DXIL_LOC_NONE, 0,
                       "the module has not been raised: SPIR-V is made from a raised module "
                       "(load with raise, or dxil_module_raise first)");
        return -1;
    }
    return spirv_retarget(m, o, diags);
}

/* The backend in a child, or in this thread on a copy of the module (its
 * passes change what they compile; m stays as the retarget left it). */
static int spirv_compile(dxil_module *m, const dxil_spirv_options *o, const spirv_target *t,
                         void **data, size_t *size, dxil_diags *diags)
{
    if (o->isolate)
        return spirv_codegen_isolated(m->mod, t, o->timeout_s, data, size, diags);
    LLVMModuleRef copy = LLVMCloneModule(m->mod);
    int rc = spirv_codegen(copy, t, data, size, diags);
    LLVMDisposeModule(copy);
    return rc;
}

int dxil_module_emit_spirv(dxil_module *m, const dxil_spirv_options *o, void **data,
                           size_t *size, dxil_diags *diags)
{
    *data = NULL;
    *size = 0;
    dxil_spirv_options defaults;
    if (!o) {
        dxil_spirv_options_init(&defaults);
        o = &defaults;
    }
    spirv_target t;
    if (spirv_prepare(m, o, diags) != 0 || spirv_target_choose(m->mod, o->target_env, &t, diags))
        return -1;
    if (spirv_compile(m, o, &t, data, size, diags) == 0 &&
        spirv_fix_barriers(data, size, diags) == 0 &&
        spirv_validate(*data, *size, t.env, diags) == 0)
        return 0;
    free(*data);
    *data = NULL;
    *size = 0;
    return -1;
}

int dxil_module_retarget_vulkan(dxil_module *m, const dxil_spirv_options *o, dxil_diags *diags)
{
    dxil_spirv_options defaults;
    if (!o) {
        dxil_spirv_options_init(&defaults);
        o = &defaults;
    }
    return spirv_prepare(m, o, diags);
}

int dxil_module_emit_spirv_file(dxil_module *m, const dxil_spirv_options *o, const char *path,
                                dxil_diags *diags)
{
    void *data;
    size_t size;
    if (dxil_module_emit_spirv(m, o, &data, &size, diags) != 0)
        return -1;
    int rc = file_write_atomic(path, data, size, diags);
    free(data);
    return rc;
}
