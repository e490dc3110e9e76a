/* lower_restore_md.c - the last lowering pass, the inverse of raise's
 * park-md (raise_park_md.c): every parked dxu.X goes back to dx.X, the
 * bookkeeping dxu.* nodes are dropped (roles from the side-metadata
 * registry, common/side_metadata.h), and the dx.* named nodes are put back
 * in the input's order (!dxu.order). */
#include "lower_internal.h"

#include "common/side_metadata.h"
#include "module/llvm_shim.h"

#include <stdlib.h>
#include <string.h>

static bool restore_is_bookkeeping(const char *name)
{
    return side_md_is(name, DXIL_SIDE_MD_BOOKKEEPING);
}

static void restore_clash(void *arg, const char *from, const char *to)
{
    lower_warn(arg, "both !%s and !%s present; the latter kept", from, to);
}

/* The dx.* names in the order !dxu.order recorded, moved to the end one
 * by one so they end up in that order. */
static void restore_order(lower_ctx *lc)
{
    LLVMValueRef node = md_named_single(lc->mod, DXU_MD_ORDER);
    unsigned n = md_num_operands(node);
    for (unsigned i = 0; i < n; i++) {
        char *name = md_string_dup(md_operand(node, i));
        if (name)
            md_named_move(lc->mod, name, name);
        free(name);
    }
}

/* The raise's !dxu.fmf and !dxu.noAlign on instructions (DXC's validator
 * refuses instruction metadata of kinds it does not know); no walk when
 * the context has neither kind. */
static void restore_strip_fmf(lower_ctx *lc)
{
    unsigned kinds[2] = {lc->side.fmf, lc->side.no_align};
    if (!kinds[0] && !kinds[1])
        return;
    for (LLVMValueRef f = LLVMGetFirstFunction(lc->mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                for (unsigned k = 0; k < 2 && LLVMHasMetadata(i); k++)
                    if (kinds[k] && LLVMGetMetadata(i, kinds[k]))
                        LLVMSetMetadata(i, kinds[k], NULL);
}

int lower_restore_md(lower_ctx *lc)
{
    int rv = md_rename_prefixed(lc->mod, DXU_MD_PREFIX, DXIL_MD_PREFIX,
                                     restore_is_bookkeeping, restore_clash, lc);
    restore_order(lc);
    md_names left = {0};
    if (rv == 0 && !lc->opts.keep_side_metadata)
        rv = md_named_list(lc->mod, DXU_MD_PREFIX, &left);
    for (size_t i = 0; i < left.n; i++)
        shim_erase_named_metadata(lc->mod, left.v[i]);
    md_names_free(&left);
    if (rv == 0 && !lc->opts.keep_side_metadata && !lc->keep_fmf)
        restore_strip_fmf(lc);
    if (rv != 0)
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "out of memory while moving dxu.* metadata back to dx.*");
    return rv;
}
