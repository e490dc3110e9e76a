/* raise_ops_util.c - finding dx.op declarations and their calls, shared by
 * the op raise, the census and the spec check; and the fast-math flags of
 * a raised op. */
#include "raise_ops.h"
#include "common/grow.h"
#include "common/side_metadata.h"

#include <stdlib.h>
#include <string.h>

static int opsu_grow(void **v, size_t *cap, size_t n, size_t elem)
{
    void *p = dxil_grow(*v, cap, n, elem, 16);
    if (!p)
        return -1;
    *v = p;
    return 0;
}

int ops_decls_collect(LLVMModuleRef mod, const dxil_optable *t, ops_decls *out)
{
    size_t cap = 0;
    out->v = NULL;
    out->n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        size_t len = 0;
        const char *name = LLVMGetValueName2(f, &len);
        if (len < 6 || strncmp(name, "dx.op.", 6) != 0)
            continue;
        if (opsu_grow((void **)&out->v, &cap, out->n, sizeof *out->v) != 0)
            return -1;
        ops_decl *d = &out->v[out->n++];
        memset(d, 0, sizeof *d);
        d->fn = f;
        d->name = name;
        dxil_fn_name fnn;
        if (dxil_fn_name_parse(name, &fnn)) {
            d->cls = dxil_op_class_by_fn(t, fnn.fn, fnn.fn_len);
            d->ov = fnn.overload;
            d->ov_ok = true;
        }
    }
    return 0;
}

void ops_decls_free(ops_decls *d)
{
    free(d->v);
    d->v = NULL;
    d->n = 0;
}

int ops_calls_collect(LLVMValueRef fn, ops_calls *out)
{
    out->n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != fn)
            continue;
        /* Only the callee use: fn could also be passed as an argument. */
        unsigned nops = (unsigned)LLVMGetNumOperands(user);
        if (nops == 0 || LLVMGetOperandUse(user, nops - 1) != u)
            continue;
        if (opsu_grow((void **)&out->v, &out->cap, out->n, sizeof *out->v) != 0)
            return -1;
        out->v[out->n++] = user;
    }
    return 0;
}

void ops_calls_free(ops_calls *c)
{
    free(c->v);
    c->v = NULL;
    c->n = c->cap = 0;
}

bool ops_call_opcode(LLVMValueRef call, uint32_t *opcode)
{
    if (LLVMGetNumArgOperands(call) < 1)
        return false;
    LLVMValueRef v = LLVMGetOperand(call, 0);
    if (!LLVMIsAConstantInt(v))
        return false;
    /* Unsigned: experimental opcodes (0x8000xxxx) print as negative i32. */
    *opcode = (uint32_t)LLVMConstIntGetZExtValue(v);
    return true;
}

const dxil_optable *ops_table(const dxil_raise_ctx *rc)
{
    return rc->optable ? rc->optable : dxil_optable_builtin();
}

dxil_version ops_dxil_version(const dxil_raise_ctx *rc)
{
    if (rc->dxil_major == 0)
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

struct dxil_raise_intrinsics {
    opsu_intrinsic *v;
    size_t n, cap;
};

static LLVMValueRef opsu_find(const struct dxil_raise_intrinsics *c, unsigned id,
                              LLVMTypeRef *tys, size_t n)
{
    for (size_t i = 0; c && i < c->n; i++)
        if (c->v[i].id == id && c->v[i].n == n &&
            (n == 0 || memcmp(c->v[i].tys, tys, n * sizeof *tys) == 0))
            return c->v[i].fn;
    return NULL;
}

static void opsu_remember(dxil_raise_ctx *rc, unsigned id, LLVMTypeRef *tys, size_t n,
                          LLVMValueRef fn)
{
    if (!rc->intrinsics && !(rc->intrinsics = calloc(1, sizeof *rc->intrinsics)))
        return;
    struct dxil_raise_intrinsics *c = rc->intrinsics;
    if (opsu_grow((void **)&c->v, &c->cap, c->n, sizeof *c->v) != 0)
        return;
    opsu_intrinsic *e = &c->v[c->n++];
    *e = (opsu_intrinsic){.id = id, .n = n, .fn = fn};
    if (n)
        memcpy(e->tys, tys, n * sizeof *tys);
}

LLVMValueRef dxil_raise_intrinsic_decl(dxil_raise_ctx *rc, unsigned id, LLVMTypeRef *tys,
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

void dxil_raise_intrinsics_free(dxil_raise_ctx *rc)
{
    if (rc->intrinsics)
        free(rc->intrinsics->v);
    free(rc->intrinsics);
    rc->intrinsics = NULL;
}

void dxil_raise_fp_flags(LLVMValueRef old_call, LLVMValueRef new_call)
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
