/* lower_version.c - refuses, before anything is lowered, a module that
 * calls intrinsics whose only DXIL ops are newer than the target DXIL
 * version. Lowering would leave those calls as llvm.dx.* in an otherwise
 * DXIL module (half-lowered); an error with no output is the honest
 * answer. A raised DXIL module never has them: the raise keeps such ops
 * as dx.op (raise_op_too_new). */
#include "lower_internal.h"

#include <string.h>

/* The oldest DXIL version at which one of the intrinsic's table maps has
 * its op, when none has it at `v`; 0 when lowering at `v` is possible or
 * the intrinsic is not the table's (custom passes judge their own). */
static dxil_version version_needed(const lower_ctx *lc, const char *base)
{
    const dxil_intrinsic_ref *refs;
    size_t n = dxil_optable_find_intrinsic(lc->table, base, &refs);
    dxil_version need = 0;
    for (size_t i = 0; i < n; i++) {
        const dxil_intrinsic_map *m = refs[i].map;
        if (m->direction == DXIL_MAP_RAISE_ONLY)
            continue;
        if (m->custom != DXIL_MAP_TABLE || dxil_op_exists_at(refs[i].op, lc->dxil))
            return 0;
        if (!need || refs[i].op->dxil < need)
            need = refs[i].op->dxil;
    }
    return need;
}

int lower_check_versions(lower_ctx *lc)
{
    int rv = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[128], need_s[16], have_s[16];
        dxil_version need;
        if (!LLVMGetFirstUse(fn) || !lower_intrinsic_base(fn, base, sizeof base) ||
            (need = version_needed(lc, base)) == 0)
            continue;
        dxil_version_format(need, need_s, sizeof need_s);
        dxil_version_format(lc->dxil, have_s, sizeof have_s);
        dxil_diags_add(lc->diags, DXIL_SEV_ERROR, DXIL_E_LOWER, DXIL_LOC_NONE, 0,
                       "%s needs DXIL %s, the module is lowered to DXIL %s; nothing lowered",
                       base, need_s, have_s);
        rv = -1;
    }
    return rv;
}
