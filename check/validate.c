/* validate.c - the validator's entry points: reads the input (container
 * parts, the DXIL module unraised, the bitcode's typed-pointer facts) and
 * runs the rule families in DXC's order. */
#include "check.h"
#include "chk_env.h"
#include "chk_facts.h"
#include "families.h"
#include "spec_check.h"

#include "common/abi_names.h"
#include "module/llvm_shim.h"
#include "module/loader.h"
#include "module/md_util.h"
#include "module/module_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DXC validates the container first, then the module's metadata (a
 * module whose metadata it cannot load is not looked at further), then
 * declarations, functions and instructions, then the shader-model rules
 * and finally the container parts against the module. */
static const struct {
    const char *name;
    chk_family_fn run;
} chk_families[] = {
#define CHK_FAMILY(name, fn) {name, fn},
#include "families.def"
#undef CHK_FAMILY
};

void dxil_validate_options_init(dxil_validate_options *opts)
{
    memset(opts, 0, sizeof *opts);
}

static bool md_version(LLVMModuleRef mod, const char *name, unsigned first, dxil_version *out)
{
    uint64_t major, minor;
    LLVMValueRef n = md_named_operand(mod, name, 0);
    if (!n || md_operand_uint(n, first, &major) != 0 || md_operand_uint(n, first + 1, &minor) != 0)
        return false;
    *out = DXIL_VERSION(major, minor);
    return true;
}

static void chk_read_identity(chk_ctx *c)
{
    md_version(c->mod, "dx.version", 0, &c->dxil);
    md_version(c->mod, "dx.valver", 0, &c->valver);
    md_version(c->mod, "dx.shaderModel", 1, &c->sm);
    LLVMValueRef sm = md_named_operand(c->mod, "dx.shaderModel", 0);
    c->stage = -1;
    if (sm && md_string(md_operand(sm, 0), c->sm_kind, sizeof c->sm_kind))
        c->stage = sm_kind_from_name(c->sm_kind);
}

static int chk_run(chk_ctx *c)
{
    chk_read_identity(c);
    for (size_t i = 0; i < sizeof chk_families / sizeof chk_families[0] && !c->stopped; i++) {
        if (c->opts.module_only && strncmp(chk_families[i].name, "container", 9) == 0)
            continue;
        if (chk_families[i].run(c) != 0)
            break;
    }
    chk_env_free(c->env);
    c->env = NULL;
    chk_facts_free(c->facts);
    c->facts = NULL;
    shim_printer_free(c->printer);
    c->printer = NULL;
    return (int)c->violations;
}

int dxil_validate_module(struct dxil_module *m, const dxil_validate_options *opts,
                         dxil_diags *diags)
{
    if (!m || !m->mod)
        return -1;
    chk_ctx c = {.mod = m->mod, .ctx = m->ctx, .diags = diags, .table = dxil_optable_builtin()};
    if (opts)
        c.opts = *opts;
    c.opts.module_only = true;
    c.ptr = m->ptrfacts;
    c.restypes = m->restypes;
    c.datalayout = m->original_datalayout;
    return chk_run(&c);
}

int dxil_validate(const void *data, size_t size, const char *name,
                  const dxil_validate_options *opts, dxil_diags *diags)
{
    dxil_options lo;
    dxil_options_init(&lo);
    lo.raise = false;
    /* module/'s loader with no step: parsed and left unraised */
    dxil_module *m = module_load(data, size, name, &lo, NULL, diags);
    if (!m)
        return -1;
    chk_ctx c = {.mod = m->mod, .ctx = m->ctx, .diags = diags, .table = dxil_optable_builtin(),
                 .ptr = m->ptrfacts, .restypes = m->restypes,
                 .datalayout = m->original_datalayout};
    if (opts)
        c.opts = *opts;
    dxil_parts parts;
    bool have_parts = false;
    if (!c.opts.module_only && dxil_detect_input(data, size) == DXIL_INPUT_CONTAINER) {
        /* The loader read the container already: it is well formed. A
         * part this project's decoder finds malformed is no verdict of
         * DXC's: the container families judge the parts DXC reads. */
        dxil_diags *scratch = dxil_diags_create();
        have_parts = scratch && dxil_parts_decode(data, size, &parts, scratch) >= 0;
        dxil_diags_destroy(scratch);
        if (have_parts) {
            c.data = data;
            c.size = size;
            c.parts = &parts;
        }
    }
    if (!c.parts)
        c.opts.module_only = true;
    int n = chk_run(&c);
    if (have_parts)
        dxil_parts_free(&parts);
    dxil_module_destroy(m);
    return n;
}
