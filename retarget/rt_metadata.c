/* rt_metadata.c - the metadata pass: the DXIL-only module metadata
 * (dx.* named nodes the raise keeps, such as dx.valver) and the side
 * metadata (dxu.*, docs/side-metadata.md) do not reach the Vulkan module,
 * nor do instruction attachments of those kinds; the rest of the module
 * (llvm.ident, module flags, tbaa, ...) stays. */
#include "retarget_internal.h"

#include "module/llvm_shim.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

static bool rt_dx_name(const char *name, size_t len)
{
    return (len >= 3 && !memcmp(name, "dx.", 3)) || (len >= 4 && !memcmp(name, "dxu.", 4));
}

/* Attachment kinds named dx.* or dxu.*: a bit per kind id. */
static unsigned char *rt_dx_kinds(rt_ctx *rc, unsigned *count)
{
    unsigned n = shim_md_kind_names(rc->ctx, NULL, NULL, 0);
    const char **names = calloc(n ? n : 1, sizeof *names);
    size_t *lens = calloc(n ? n : 1, sizeof *lens);
    unsigned char *is_dx = calloc(n ? n : 1, 1);
    if (names && lens && is_dx) {
        shim_md_kind_names(rc->ctx, names, lens, n);
        for (unsigned i = 0; i < n; i++)
            is_dx[i] = names[i] && rt_dx_name(names[i], lens[i]);
    }
    free(names);
    free(lens);
    *count = is_dx ? n : 0;
    return is_dx;
}

static void rt_strip_attachments(rt_ctx *rc)
{
    unsigned nkinds;
    unsigned char *is_dx = rt_dx_kinds(rc, &nkinds);
    if (!is_dx)
        return;
    for (LLVMValueRef f = LLVMGetFirstFunction(rc->mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                size_t n = 0;
                LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(i, &n);
                for (size_t k = 0; k < n; k++) {
                    unsigned kind = LLVMValueMetadataEntriesGetKind(md, (unsigned)k);
                    if (kind < nkinds && is_dx[kind])
                        LLVMSetMetadata(i, kind, NULL);
                }
                if (md)
                    LLVMDisposeValueMetadataEntries(md);
            }
    free(is_dx);
}

int rt_pass_metadata(rt_ctx *rc)
{
    md_names names = {0};
    if (md_named_list(rc->mod, "dx", &names) != 0) {
        md_names_free(&names);
        return -1;
    }
    for (size_t i = 0; i < names.n; i++)
        if (rt_dx_name(names.v[i], strlen(names.v[i])))
            shim_erase_named_metadata(rc->mod, names.v[i]);
    md_names_free(&names);
    rt_strip_attachments(rc);
    return 0;
}
