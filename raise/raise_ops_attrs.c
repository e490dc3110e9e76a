/* raise_ops_attrs.c - attributes of the dx.op declarations that keep calls
 * after the raise. They are set from the op table at the module's DXIL
 * version (not trusted from the input), so a kept call means exactly what
 * DXC meant: ReadNone -> memory(none), ReadOnly -> memory(read),
 * ArgMemOnly -> memory(argmem: readwrite), plus noduplicate / noreturn,
 * and nounwind always. */
#include "raise_ops.h"
#include "common/side_metadata.h"

#include <llvm-c/IRReader.h>
#include <pthread.h>
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

/* The encoding does not depend on the context: probe once per process, in
 * a context of its own (LLVMParseIRInContext per module cost ~30k
 * instructions). */
static opsa_memory opsa_probe_in(LLVMContextRef ctx)
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

enum { OPSA_NOUNWIND, OPSA_NODUPLICATE, OPSA_NORETURN, OPSA_NFLAGS };
static const char *const opsa_flag_names[OPSA_NFLAGS] = {"nounwind", "noduplicate", "noreturn"};

static opsa_memory opsa_mem;
static unsigned opsa_flag_kinds[OPSA_NFLAGS];
static pthread_once_t opsa_once = PTHREAD_ONCE_INIT;

static void opsa_init(void)
{
    LLVMContextRef ctx = LLVMContextCreate();
    opsa_mem = opsa_probe_in(ctx);
    LLVMContextDispose(ctx);
    for (int i = 0; i < OPSA_NFLAGS; i++)
        opsa_flag_kinds[i] =
            LLVMGetEnumAttributeKindForName(opsa_flag_names[i], strlen(opsa_flag_names[i]));
}

/* ctx is unused: the encoding is the same in every context. */
static opsa_memory opsa_probe(LLVMContextRef ctx)
{
    (void)ctx;
    pthread_once(&opsa_once, opsa_init);
    return opsa_mem;
}

static void opsa_set_flag(LLVMContextRef ctx, LLVMValueRef fn, int flag, bool on)
{
    unsigned kind = opsa_flag_kinds[flag];
    /* Each change rebuilds the attribute list: skip what already holds. */
    if (!kind || (LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL) == on)
        return;
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
    if (on)
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
}

static void opsa_apply(LLVMContextRef ctx, LLVMValueRef fn, uint32_t attrs, const opsa_memory *mem)
{
    uint64_t value = attrs & DXIL_ATTR_READNONE   ? mem->none
                     : attrs & DXIL_ATTR_READONLY ? mem->read
                                                  : mem->argmem;
    bool want = (attrs & (DXIL_ATTR_READNONE | DXIL_ATTR_READONLY | DXIL_ATTR_ARGMEMONLY)) != 0;
    LLVMAttributeRef have = LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, mem->kind);
    if (have ? !want || LLVMGetEnumAttributeValue(have) != value : want) {
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, mem->kind);
        if (want)
            LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                    LLVMCreateEnumAttribute(ctx, mem->kind, value));
    }
    opsa_set_flag(ctx, fn, OPSA_NOUNWIND, true);
    opsa_set_flag(ctx, fn, OPSA_NODUPLICATE, (attrs & DXIL_ATTR_NODUPLICATE) != 0);
    opsa_set_flag(ctx, fn, OPSA_NORETURN, (attrs & DXIL_ATTR_NORETURN) != 0);
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

void ops_fix_kept_attrs(raise_ctx *rc, const ops_decls *decls)
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

/* The dxil_op_attr bits a declaration carries (plus
 * DXU_OP_ATTRS_NO_NOUNWIND when it lacks nounwind); false when its memory
 * attribute is none of DXC's. */
static bool opsa_read(LLVMValueRef fn, const opsa_memory *mem, uint32_t *out)
{
    static const char *const flags[2] = {"noduplicate", "noreturn"};
    static const uint32_t flag_bits[2] = {DXIL_ATTR_NODUPLICATE, DXIL_ATTR_NORETURN};
    LLVMAttributeRef m = LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, mem->kind);
    uint64_t v = m ? LLVMGetEnumAttributeValue(m) : 0;
    *out = !m ? 0 : v == mem->none ? DXIL_ATTR_READNONE : v == mem->read ? DXIL_ATTR_READONLY
                  : v == mem->argmem ? DXIL_ATTR_ARGMEMONLY : UINT32_MAX;
    for (unsigned i = 0; i < 2 && *out != UINT32_MAX; i++) {
        unsigned k = LLVMGetEnumAttributeKindForName(flags[i], strlen(flags[i]));
        if (k && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k))
            *out |= flag_bits[i];
    }
    unsigned nounwind = opsa_flag_kinds[OPSA_NOUNWIND];
    if (*out != UINT32_MAX && nounwind &&
        !LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, nounwind))
        *out |= DXU_OP_ATTRS_NO_NOUNWIND;
    return *out != UINT32_MAX;
}

static void opsa_record(raise_ctx *rc, LLVMValueRef fn, uint32_t attrs)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    LLVMValueRef f[2] = {LLVMMDStringInContext(rc->ctx, name, (unsigned)len),
                         LLVMConstInt(LLVMInt32TypeInContext(rc->ctx), attrs, 0)};
    LLVMAddNamedMetadataOperand(rc->mod, DXU_MD_OP_ATTRS, LLVMMDNodeInContext(rc->ctx, f, 2));
}

void ops_keep_decl_attrs(raise_ctx *rc, const ops_decls *decls)
{
    const dxil_optable *t = ops_table(rc);
    dxil_version v = ops_dxil_version(rc);
    opsa_memory mem = opsa_probe(rc->ctx);
    ops_calls calls = {0};
    for (size_t i = 0; mem.ok && i < decls->n; i++) {
        uint32_t want = 0, have = 0;
        if (ops_calls_collect(decls->v[i].fn, &calls) != 0 || calls.n == 0 ||
            !opsa_read(decls->v[i].fn, &mem, &have))
            continue;
        /* calls of ops that disagree (an op called through another's
         * function): a later pass may raise some and leave the rest */
        if (!opsa_decl_attrs(t, v, &calls, &want) || have != want)
            opsa_record(rc, decls->v[i].fn, have);
    }
    ops_calls_free(&calls);
}
