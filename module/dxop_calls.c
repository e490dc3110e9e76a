/* dxop_calls.c - finds the dx.op.* declarations of a module (their
 * names parsed once against the op table) and the calls of each. */
#include "dxop_calls.h"

#include "dxil_optable_gen.h" /* DXIL_OP_<Name> opcodes */
#include "common/grow.h"

#include <stdlib.h>
#include <string.h>

static int dxop_grow(void **v, size_t *cap, size_t n, size_t elem)
{
    void *p = grow_array(*v, cap, n, elem, 16);
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
        if (dxop_grow((void **)&out->v, &cap, out->n, sizeof *out->v) != 0)
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
        if (dxop_grow((void **)&out->v, &out->cap, out->n, sizeof *out->v) != 0)
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

uint32_t ops_dxop_opcode(LLVMValueRef v)
{
    LLVMValueRef fn = v && LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    size_t len = 0;
    const char *name = fn ? LLVMGetValueName2(fn, &len) : NULL;
    uint32_t op;
    if (!name || len <= 6 || memcmp(name, "dx.op.", 6) != 0 || !ops_call_opcode(v, &op))
        return UINT32_MAX;
    return op;
}

bool ops_is_handle_creation(LLVMValueRef v)
{
    uint32_t op = ops_dxop_opcode(v);
    return op == DXIL_OP_CreateHandle || op == DXIL_OP_CreateHandleFromBinding ||
           op == DXIL_OP_CreateHandleForLib || op == DXIL_OP_CreateHandleFromHeap;
}
