/* raise_entry.c - entry points. Each dx.entryPoints record gives its
 * function the attributes LLVM 22 reads ("hlsl.shader", "hlsl.numthreads",
 * "hlsl.wavesize"); library modules mark their other external definitions
 * "hlsl.export". Everything else in the records (signatures, stage state,
 * flags, ...) has no LLVM 22 form, so the whole node list moves verbatim to
 * !dxu.entryPoints: entries point at their functions, which keeps them
 * attached through renames. */
#include "dxil-upgrade/dxil_abi.h"
#include "raise_internal.h"
#include "common/abi_names.h"
#include "common/side_metadata.h"
#include "module/md_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* dx.entryPoints record fields. */
enum { ENTRY_FN = 0, ENTRY_PROPS = 4, ENTRY_FIELDS = 5 };

static void entry_attr(raise_ctx *rc, LLVMValueRef fn, const char *key, const char *val)
{
    LLVMAttributeRef a =
        LLVMCreateStringAttribute(rc->ctx, key, (unsigned)strlen(key), val, (unsigned)strlen(val));
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, a);
}

/* Formats the first `n` integer operands of node as "a,b,c"; false if
 * any is missing. */
static bool entry_ints(LLVMValueRef node, unsigned n, char *buf, size_t size)
{
    size_t used = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t v;
        if (md_operand_uint(node, i, &v) != 0)
            return false;
        int w = snprintf(buf + used, size - used, "%s%" PRIu64, i ? "," : "", v);
        if (w < 0 || (size_t)w >= size - used)
            return false;
        used += (size_t)w;
    }
    return true;
}

/* Entry tag 8 wins; otherwise the module's kind names the stage. */
static const char *entry_stage(const raise_ctx *rc, LLVMValueRef props)
{
    uint64_t kind;
    bool found;
    LLVMValueRef v = md_tag_value(props, DXIL_ENTRY_SHADER_KIND, &found);
    if (found)
        return const_u64(v, &kind) && kind < DXIL_SHADER_INVALID
                   ? shader_kind_env((int)kind)
                   : NULL;
    return shader_kind_env(sm_kind_from_name(rc->sm_kind));
}

/* Thread-group size: tag 4, or field 0 of the mesh/amplification state. */
static LLVMValueRef entry_numthreads(LLVMValueRef props)
{
    LLVMValueRef v = md_tag_value(props, DXIL_ENTRY_NUM_THREADS, NULL);
    if (v)
        return v;
    v = md_tag_value(props, DXIL_ENTRY_MS_STATE, NULL);
    if (!v)
        v = md_tag_value(props, DXIL_ENTRY_AS_STATE, NULL);
    return md_operand(v, 0);
}

/* "min,max,pref"; the pre-6.8 single size N becomes "N,0,0", which is
 * how LLVM reads a lone [WaveSize(N)]. */
static bool entry_wavesize(LLVMValueRef props, char *buf, size_t size)
{
    LLVMValueRef v = md_tag_value(props, DXIL_ENTRY_RANGED_WAVE_SIZE, NULL);
    if (v)
        return entry_ints(v, 3, buf, size);
    v = md_tag_value(props, DXIL_ENTRY_WAVE_SIZE, NULL);
    if (!v || !entry_ints(v, 1, buf, size) || strlen(buf) + 5 > size)
        return false;
    strcat(buf, ",0,0");
    return true;
}

static void entry_warn(raise_ctx *rc, unsigned index, const char *what)
{
    dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                   "!dx.entryPoints entry %u: %s; kept only in !" DXU_MD_ENTRY_POINTS, index,
                   what);
}

/* Returns why the record could not be raised, or NULL. */
static const char *entry_raise_one(raise_ctx *rc, LLVMValueRef entry)
{
    if (md_num_operands(entry) != ENTRY_FIELDS)
        return "not a 5-field record";
    LLVMValueRef fn = md_operand(entry, ENTRY_FN);
    if (!fn)
        return NULL; /* a library's module-level record (flags, resources) */
    if (!LLVMIsAFunction(fn))
        return "field 0 is not a function";
    LLVMValueRef props = md_operand(entry, ENTRY_PROPS);
    const char *stage = entry_stage(rc, props);
    if (!stage)
        return "stage has no LLVM 22 name (a node shader?); a library still exports it";
    entry_attr(rc, fn, "hlsl.shader", stage);
    char buf[64];
    if (entry_ints(entry_numthreads(props), 3, buf, sizeof buf))
        entry_attr(rc, fn, "hlsl.numthreads", buf);
    if (entry_wavesize(props, buf, sizeof buf))
        entry_attr(rc, fn, "hlsl.wavesize", buf);
    return NULL;
}

static bool entry_has_attr(LLVMValueRef fn, const char *key)
{
    return LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key,
                                         (unsigned)strlen(key)) != NULL;
}

/* A library exports every external definition that is not a shader
 * (DXC keeps exactly those external); LLVM spells that "hlsl.export". */
static void entry_mark_exports(raise_ctx *rc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || LLVMGetLinkage(fn) != LLVMExternalLinkage ||
            entry_has_attr(fn, "hlsl.shader") || entry_has_attr(fn, "hlsl.export"))
            continue;
        entry_attr(rc, fn, "hlsl.export", "");
    }
}

int raise_entries(raise_ctx *rc)
{
    unsigned n = md_named_count(rc->mod, DXIL_MD_ENTRY_POINTS);
    for (unsigned i = 0; i < n; i++) {
        const char *why =
            entry_raise_one(rc, md_named_operand(rc->mod, DXIL_MD_ENTRY_POINTS, i));
        if (why)
            entry_warn(rc, i, why);
    }
    if (rc->sm_kind && strcmp(rc->sm_kind, "lib") == 0)
        entry_mark_exports(rc);
    if (LLVMGetNamedMetadata(rc->mod, DXU_MD_ENTRY_POINTS, strlen(DXU_MD_ENTRY_POINTS))) {
        if (n)
            dxil_diags_add(rc->diags, DXIL_SEV_WARNING, DXIL_W_METADATA, DXIL_LOC_NONE, 0,
                           "both !" DXIL_MD_ENTRY_POINTS " and !" DXU_MD_ENTRY_POINTS
                           " present; the former is left in place");
        return 0;
    }
    md_named_move(rc->mod, DXIL_MD_ENTRY_POINTS, DXU_MD_ENTRY_POINTS);
    return 0;
}
