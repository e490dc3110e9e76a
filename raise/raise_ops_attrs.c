/* raise_ops_attrs.c - attributes of the dx.op declarations that keep calls
 * after the raise. They are set from the op table at the module's DXIL
 * version (not trusted from the input), so a kept call means exactly what
 * DXC meant: ReadNone -> memory(none), ReadOnly -> memory(read),
 * ArgMemOnly -> memory(argmem: readwrite), plus noduplicate / noreturn,
 * and nounwind always. */
#include "raise_ops.h"

#include <llvm-c/IRReader.h>
#include <string.h>

/* The encoded values of the memory attributes, read from LLVM itself so
 * the encoding (one field per memory location) never has to be assumed. */
typedef struct opsa_memory {
    unsigned kind;
    uint64_t none, read, argmem;
    bool ok;
} opsa_memory;

static const char opsa_probe_ir[] = "declare void @n() memory(none)\n"
                                    "declare void @r() memory(read)\n"
                                    "declare void @a() memory(argmem: readwrite)\n";

static bool opsa_probe_value(LLVMModuleRef m, const char *fn, unsigned kind, uint64_t *out)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, fn);
    LLVMAttributeRef a = f ? LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind) : NULL;
    if (!a)
        return false;
    *out = LLVMGetEnumAttributeValue(a);
    return true;
}

static opsa_memory opsa_probe(LLVMContextRef ctx)
{
    opsa_memory mem = {.kind = LLVMGetEnumAttributeKindForName("memory", 6)};
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(
        opsa_probe_ir, sizeof opsa_probe_ir - 1, "dxil-upgrade-attr-probe");
    LLVMModuleRef m = NULL;
    char *err = NULL;
    if (mem.kind && buf && LLVMParseIRInContext(ctx, buf, &m, &err) == 0) {
        mem.ok = opsa_probe_value(m, "n", mem.kind, &mem.none) &&
                 opsa_probe_value(m, "r", mem.kind, &mem.read) &&
                 opsa_probe_value(m, "a", mem.kind, &mem.argmem);
        LLVMDisposeModule(m);
    } else {
        LLVMDisposeMessage(err);
    }
    return mem;
}

static void opsa_set_flag(LLVMContextRef ctx, LLVMValueRef fn, const char *name, bool on)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    if (!kind)
        return;
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
    if (on)
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
}

static void opsa_apply(LLVMContextRef ctx, LLVMValueRef fn, uint32_t attrs, const opsa_memory *mem)
{
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, mem->kind);
    uint64_t value = attrs & DXIL_ATTR_READNONE   ? mem->none
                     : attrs & DXIL_ATTR_READONLY ? mem->read
                                                  : mem->argmem;
    if (attrs & (DXIL_ATTR_READNONE | DXIL_ATTR_READONLY | DXIL_ATTR_ARGMEMONLY))
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(ctx, mem->kind, value));
    opsa_set_flag(ctx, fn, "nounwind", true);
    opsa_set_flag(ctx, fn, "noduplicate", (attrs & DXIL_ATTR_NODUPLICATE) != 0);
    opsa_set_flag(ctx, fn, "noreturn", (attrs & DXIL_ATTR_NORETURN) != 0);
}

/* The attributes every remaining call of d agrees on; false when calls
 * with different attributes share the declaration (left as it is) or
 * none of them is a known op. */
static bool opsa_decl_attrs(const dxil_optable *t, dxil_version v, const ops_calls *calls,
                            uint32_t *out)
{
    bool have = false;
    for (size_t i = 0; i < calls->n; i++) {
        uint32_t opcode;
        const dxil_op_info *op =
            ops_call_opcode(calls->v[i], &opcode) ? dxil_op_by_opcode(t, opcode) : NULL;
        if (!op)
            return false;
        uint32_t a = dxil_op_attrs_at(op, v);
        if (have && a != *out)
            return false;
        *out = a;
        have = true;
    }
    return have;
}

void ops_fix_kept_attrs(dxil_raise_ctx *rc, const ops_decls *decls)
{
    const dxil_optable *t = ops_table(rc);
    dxil_version v = ops_dxil_version(rc);
    opsa_memory mem = {.ok = false};
    ops_calls calls = {0};
    for (size_t i = 0; i < decls->n; i++) {
        uint32_t attrs = 0;
        if (ops_calls_collect(decls->v[i].fn, &calls) != 0 || calls.n == 0 ||
            !opsa_decl_attrs(t, v, &calls, &attrs))
            continue;
        if (!mem.kind)
            mem = opsa_probe(rc->ctx);
        if (mem.ok)
            opsa_apply(rc->ctx, decls->v[i].fn, attrs, &mem);
    }
    ops_calls_free(&calls);
}
