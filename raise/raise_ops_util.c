/* raise_ops_util.c - what the op raise passes share: the op table and
 * DXIL version of the raise context, the per-module cache of intrinsic
 * declarations, and the fast-math flags of a raised op. (The dx.op
 * declarations and calls: module/dxop_calls.c.) */
#include "raise_ops.h"
#include "common/grow.h"
#include "common/side_metadata.h"

#include <stdlib.h>
#include <string.h>

static int opsu_grow(void **v, size_t *cap, size_t n, size_t elem)
{
    void *p = grow_array(*v, cap, n, elem, 16);
    if (!p)
        return -1;
    *v = p;
    return 0;
}

const dxil_optable *ops_table(const raise_ctx *rc)
{
    return rc->optable ? rc->optable : dxil_optable_builtin();
}

dxil_version ops_dxil_version(const raise_ctx *rc)
{
    if (!rc->dxil_known) /* no DXIL metadata: the first release's table */
        return DXIL_VERSION(1, 0);
    return DXIL_VERSION(rc->dxil_major, rc->dxil_minor);
}

/* ---- per-module intrinsic declarations ---- */

enum { OPSU_MAX_TYS = 4 };

typedef struct opsu_intrinsic {
    unsigned id;
    size_t n;
    LLVMTypeRef tys[OPSU_MAX_TYS];
    LLVMValueRef fn;
} opsu_intrinsic;

struct raise_intrinsics {
    opsu_intrinsic *v;
    size_t n, cap;
};

static LLVMValueRef opsu_find(const struct raise_intrinsics *c, unsigned id,
                              LLVMTypeRef *tys, size_t n)
{
    for (size_t i = 0; c && i < c->n; i++)
        if (c->v[i].id == id && c->v[i].n == n &&
            (n == 0 || memcmp(c->v[i].tys, tys, n * sizeof *tys) == 0))
            return c->v[i].fn;
    return NULL;
}

static void opsu_remember(raise_ctx *rc, unsigned id, LLVMTypeRef *tys, size_t n,
                          LLVMValueRef fn)
{
    if (!rc->intrinsics && !(rc->intrinsics = calloc(1, sizeof *rc->intrinsics)))
        return;
    struct raise_intrinsics *c = rc->intrinsics;
    if (opsu_grow((void **)&c->v, &c->cap, c->n, sizeof *c->v) != 0)
        return;
    opsu_intrinsic *e = &c->v[c->n++];
    *e = (opsu_intrinsic){.id = id, .n = n, .fn = fn};
    if (n)
        memcpy(e->tys, tys, n * sizeof *tys);
}

LLVMValueRef raise_intrinsic_decl(raise_ctx *rc, unsigned id, LLVMTypeRef *tys,
                                       size_t n)
{
    LLVMValueRef fn = n <= OPSU_MAX_TYS ? opsu_find(rc->intrinsics, id, tys, n) : NULL;
    if (fn)
        return fn;
    fn = LLVMGetIntrinsicDeclaration(rc->mod, id, tys, n);
    if (fn && n <= OPSU_MAX_TYS)
        opsu_remember(rc, id, tys, n, fn);
    return fn;
}

void raise_intrinsics_free(raise_ctx *rc)
{
    if (rc->intrinsics)
        free(rc->intrinsics->v);
    free(rc->intrinsics);
    rc->intrinsics = NULL;
}

void raise_fp_flags(LLVMValueRef old_call, LLVMValueRef new_call)
{
    if (!old_call || !new_call || !LLVMIsAInstruction(new_call) ||
        !LLVMCanValueUseFastMathFlags(new_call))
        return;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(new_call));
    unsigned precise =
        LLVMGetMDKindIDInContext(ctx, DXIL_MDK_PRECISE, (unsigned)strlen(DXIL_MDK_PRECISE));
    bool is_precise = LLVMIsAInstruction(old_call) && LLVMGetMetadata(old_call, precise);
    LLVMSetFastMathFlags(new_call, is_precise ? LLVMFastMathNone : LLVMFastMathAll);
}
