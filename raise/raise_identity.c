/* raise_identity.c - module identity. dx.version and dx.shaderModel become
 * the triple dxilv1.X-pc-shadermodelA.B-<env>, the form clang and LLVM's
 * DirectX backend use; dx.valver stays as it is. Runs first: it records
 * the original dx.* node order before any later pass moves a node, and
 * fills the version/stage fields of raise_ctx for the other passes. */
#include "raise_internal.h"

#include "common/abi_names.h"
#include "common/side_metadata.h"
#include "module/llvm_shim.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Newest versions LLVM 22's Triple can name (DXILSubArch_v1_9, 6.9). */
enum { IDENTITY_MAX_DXIL_MINOR = 9, IDENTITY_MAX_SM_MINOR = 9 };

typedef struct identity_info {
    unsigned dxil_major, dxil_minor, sm_major, sm_minor;
    int stage;        /* dxil_shader_kind of the module's kind, -1 if unknown */
    const char *kind; /* its canonical static name, NULL if unknown */
    char raw_kind[32];
    bool have_version, have_sm;
} identity_info;

/* !dxu.order: names of the dx.* named nodes in module order, so lowering
 * can put them back in the same order. */
static int identity_record_order(raise_ctx *rc)
{
    if (LLVMGetNamedMetadata(rc->mod, DXU_MD_ORDER, strlen(DXU_MD_ORDER)))
        return 0; /* already raised once */
    md_names names = {0};
    LLVMValueRef *strs = NULL;
    int rv = md_named_list(rc->mod, DXIL_MD_PREFIX, &names);
    if (rv == 0 && names.n > 0 && !(strs = malloc(names.n * sizeof *strs)))
        rv = -1;
    for (size_t i = 0; strs && i < names.n; i++)
        strs[i] = md_make_string(rc->ctx, names.v[i]);
    if (strs)
        LLVMAddNamedMetadataOperand(rc->mod, DXU_MD_ORDER,
                                    md_make_node(rc->ctx, strs, (unsigned)names.n));
    free(strs);
    md_names_free(&names);
    if (rv != 0)
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "out of memory while recording the dx.* node order");
    return rv;
}

/* !dxu.absent: the input had no triple and/or no datalayout. Checked
 * before the triple is set; the loader records every datalayout it read
 * in !dxu.datalayout, so an empty layout without one was not there. */
static void identity_record_absent(raise_ctx *rc)
{
    const char *triple = LLVMGetTarget(rc->mod);
    const char *layout = LLVMGetDataLayoutStr(rc->mod);
    const char *what[2] = {NULL, NULL};
    if (!triple || !*triple)
        what[0] = DXU_ABSENT_TRIPLE;
    if ((!layout || !*layout) && !md_named_single(rc->mod, DXU_MD_DATALAYOUT))
        what[1] = DXU_ABSENT_DATALAYOUT;
    if (LLVMGetNamedMetadata(rc->mod, DXU_MD_ABSENT, strlen(DXU_MD_ABSENT)))
        return; /* already raised once */
    for (int i = 0; i < 2; i++) {
        LLVMValueRef s = what[i] ? md_make_string(rc->ctx, what[i]) : NULL;
        if (s)
            LLVMAddNamedMetadataOperand(rc->mod, DXU_MD_ABSENT, md_make_node(rc->ctx, &s, 1));
    }
}

/* Reads a {i32 major, i32 minor} pair starting at operand `first`. */
static bool identity_pair(LLVMValueRef node, unsigned first, unsigned *maj, unsigned *min)
{
    uint64_t a, b;
    if (md_operand_uint(node, first, &a) || md_operand_uint(node, first + 1, &b) ||
        a > 0xffff || b > 0xffff)
        return false;
    *maj = (unsigned)a;
    *min = (unsigned)b;
    return true;
}

static void identity_read(raise_ctx *rc, identity_info *id)
{
    LLVMValueRef ver = md_named_operand(rc->mod, DXIL_MD_VERSION, 0);
    LLVMValueRef sm = md_named_operand(rc->mod, DXIL_MD_SHADER_MODEL, 0);
    id->have_version = identity_pair(ver, 0, &id->dxil_major, &id->dxil_minor);
    id->have_sm = identity_pair(sm, 1, &id->sm_major, &id->sm_minor) &&
                  md_string(md_operand(sm, 0), id->raw_kind, sizeof id->raw_kind);
    id->stage = id->have_sm ? sm_kind_from_name(id->raw_kind) : -1;
    id->kind = sm_kind_name(id->stage);
    if (id->have_sm && !id->have_version) {
        /* LLVM's own rule when the triple has no sub-arch: 6.x -> 1.x. */
        id->dxil_major = 1;
        id->dxil_minor = id->sm_minor;
    }
}

/* True when the triple holds exactly what the two nodes say. */
static bool identity_exact(LLVMModuleRef mod, const identity_info *id)
{
    return id->kind && id->have_version && id->dxil_major == 1 &&
           id->dxil_minor <= IDENTITY_MAX_DXIL_MINOR && id->sm_major == 6 &&
           id->sm_minor <= IDENTITY_MAX_SM_MINOR &&
           md_named_count(mod, DXIL_MD_VERSION) == 1 &&
           md_named_count(mod, DXIL_MD_SHADER_MODEL) == 1 &&
           md_num_operands(md_named_operand(mod, DXIL_MD_VERSION, 0)) == 2 &&
           md_num_operands(md_named_operand(mod, DXIL_MD_SHADER_MODEL, 0)) == 3;
}

static unsigned identity_clamp(unsigned v, unsigned max)
{
    return v > max ? max : v;
}

static void identity_set_triple(raise_ctx *rc, const identity_info *id)
{
    char triple[96];
    unsigned dmin = id->dxil_major > 1 ? IDENTITY_MAX_DXIL_MINOR
                                       : identity_clamp(id->dxil_minor, IDENTITY_MAX_DXIL_MINOR);
    unsigned smin = id->sm_major > 6 ? IDENTITY_MAX_SM_MINOR
                                     : identity_clamp(id->sm_minor, IDENTITY_MAX_SM_MINOR);
    snprintf(triple, sizeof triple, "dxilv1.%u-pc-shadermodel6.%u-%s", dmin, smin,
             shader_kind_env(id->stage));
    LLVMSetTarget(rc->mod, triple);
}

int raise_identity(raise_ctx *rc)
{
    if (identity_record_order(rc) != 0)
        return -1;
    identity_info id = {0};
    identity_read(rc, &id);
    if (!id.have_sm) {
        /* DXC-form or bare (no modern triple): what it lacks is recorded,
         * so lowering the raised file gives it back as it came */
        const char *t = LLVMGetTarget(rc->mod);
        if (!t || !*t || !strcmp(t, "dxil-ms-dx"))
            identity_record_absent(rc);
        if (md_named_count(rc->mod, DXIL_MD_SHADER_MODEL) != 0)
            dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                           "malformed !dx.shaderModel; triple left unchanged");
        return 0; /* not DXIL-form (or already raised): nothing to do */
    }
    rc->dxil_major = id.dxil_major;
    rc->dxil_minor = id.dxil_minor;
    rc->dxil_known = true;
    rc->sm_major = id.sm_major;
    rc->sm_minor = id.sm_minor;
    rc->sm_kind = id.kind;
    identity_record_absent(rc);
    if (id.kind)
        identity_set_triple(rc, &id);
    if (identity_exact(rc->mod, &id)) {
        shim_erase_named_metadata(rc->mod, DXIL_MD_VERSION);
        shim_erase_named_metadata(rc->mod, DXIL_MD_SHADER_MODEL);
        return 0;
    }
    dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                   "shader model %s_%u_%u / DXIL %u.%u has no exact LLVM 22 triple%s; "
                   "kept in !" DXU_MD_SHADER_MODEL " and !" DXU_MD_VERSION,
                   id.raw_kind, id.sm_major, id.sm_minor, id.dxil_major, id.dxil_minor,
                   id.kind ? " (triple uses the newest it can name)" : "");
    md_named_move(rc->mod, DXIL_MD_VERSION, DXU_MD_VERSION);
    md_named_move(rc->mod, DXIL_MD_SHADER_MODEL, DXU_MD_SHADER_MODEL);
    return 0;
}
