/* raise_md_util.c - metadata helpers for the raise passes (see header). */
#include "raise_md_util.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/llvm_shim.h"

#include <stdlib.h>
#include <string.h>

unsigned dxil_md_num_operands(LLVMValueRef v)
{
    if (!v || !LLVMIsAMDNode(v))
        return 0;
    return LLVMGetMDNodeNumOperands(v);
}

LLVMValueRef dxil_md_operand(LLVMValueRef v, unsigned i)
{
    unsigned n = dxil_md_num_operands(v);
    if (i >= n)
        return NULL;
    /* LLVM-C only returns all operands at once. */
    LLVMValueRef small[16];
    LLVMValueRef *ops = n <= 16 ? small : malloc(n * sizeof *ops);
    if (!ops)
        return NULL;
    LLVMGetMDNodeOperands(v, ops);
    LLVMValueRef r = ops[i];
    if (ops != small)
        free(ops);
    return r;
}

int dxil_md_uint(LLVMValueRef v, uint64_t *out)
{
    if (!v || !LLVMIsAConstantInt(v))
        return -1;
    *out = LLVMConstIntGetZExtValue(v);
    return 0;
}

int dxil_md_operand_uint(LLVMValueRef node, unsigned i, uint64_t *out)
{
    return dxil_md_uint(dxil_md_operand(node, i), out);
}

const char *dxil_md_string(LLVMValueRef v, char *buf, size_t size)
{
    if (!v || !LLVMIsAMDString(v) || size == 0)
        return NULL;
    unsigned len = 0;
    const char *s = LLVMGetMDString(v, &len);
    if (!s || len >= size)
        return NULL;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return buf;
}

unsigned dxil_md_named_count(LLVMModuleRef mod, const char *name)
{
    if (!LLVMGetNamedMetadata(mod, name, strlen(name)))
        return 0;
    return LLVMGetNamedMetadataNumOperands(mod, name);
}

/* Returns a malloc'd copy of the operands of `name` (NULL if none). */
static LLVMValueRef *md_named_ops(LLVMModuleRef mod, const char *name, unsigned *n)
{
    *n = dxil_md_named_count(mod, name);
    if (*n == 0)
        return NULL;
    LLVMValueRef *ops = malloc(*n * sizeof *ops);
    if (ops)
        LLVMGetNamedMetadataOperands(mod, name, ops);
    else
        *n = 0;
    return ops;
}

LLVMValueRef dxil_md_named_operand(LLVMModuleRef mod, const char *name, unsigned i)
{
    unsigned n;
    LLVMValueRef *ops = md_named_ops(mod, name, &n);
    LLVMValueRef r = i < n ? ops[i] : NULL;
    free(ops);
    return r;
}

int dxil_md_named_move(LLVMModuleRef mod, const char *from, const char *to)
{
    if (!LLVMGetNamedMetadata(mod, from, strlen(from)))
        return -1;
    unsigned n;
    LLVMValueRef *ops = md_named_ops(mod, from, &n);
    /* Create `to` even when empty so an empty node survives the move. */
    LLVMGetOrInsertNamedMetadata(mod, to, strlen(to));
    for (unsigned i = 0; i < n; i++)
        LLVMAddNamedMetadataOperand(mod, to, ops[i]);
    free(ops);
    dxil_shim_erase_named_metadata(mod, from);
    return (int)n;
}

LLVMValueRef dxil_md_tag_value(LLVMValueRef list, unsigned tag, bool *found)
{
    unsigned n = dxil_md_num_operands(list);
    if (found)
        *found = false;
    for (unsigned i = 0; i + 1 < n; i += 2) {
        uint64_t t;
        if (dxil_md_operand_uint(list, i, &t) == 0 && t == tag) {
            if (found)
                *found = true;
            return dxil_md_operand(list, i + 1);
        }
    }
    return NULL;
}

LLVMValueRef dxil_md_make_string(LLVMContextRef ctx, const char *s)
{
    return LLVMMetadataAsValue(ctx, LLVMMDStringInContext2(ctx, s, strlen(s)));
}

LLVMValueRef dxil_md_make_node(LLVMContextRef ctx, LLVMValueRef *ops, unsigned n)
{
    LLVMMetadataRef small[8];
    LLVMMetadataRef *mds = n <= 8 ? small : malloc(n * sizeof *mds);
    if (!mds)
        return NULL;
    for (unsigned i = 0; i < n; i++)
        mds[i] = ops[i] ? LLVMValueAsMetadata(ops[i]) : NULL;
    LLVMValueRef r = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, mds, n));
    if (mds != small)
        free(mds);
    return r;
}

void dxil_raise_fp_flags(LLVMValueRef old_call, LLVMValueRef new_call)
{
    if (!old_call || !new_call || !LLVMIsAInstruction(new_call) ||
        !LLVMCanValueUseFastMathFlags(new_call))
        return;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(new_call));
    unsigned precise = LLVMGetMDKindIDInContext(ctx, "dx.precise", 10);
    bool is_precise = LLVMIsAInstruction(old_call) && LLVMGetMetadata(old_call, precise);
    LLVMSetFastMathFlags(new_call, is_precise ? LLVMFastMathNone : LLVMFastMathAll);
}

/* dx.shaderModel kind -> Triple environment. */
static const struct {
    const char *kind, *env;
} md_sm_kinds[] = {
    {"ps", "pixel"},  {"vs", "vertex"},  {"gs", "geometry"}, {"hs", "hull"},
    {"ds", "domain"}, {"cs", "compute"}, {"lib", "library"}, {"ms", "mesh"},
    {"as", "amplification"},
};

static int md_sm_kind_index(const char *sm_kind)
{
    for (size_t i = 0; sm_kind && i < sizeof md_sm_kinds / sizeof md_sm_kinds[0]; i++)
        if (strcmp(md_sm_kinds[i].kind, sm_kind) == 0)
            return (int)i;
    return -1;
}

const char *dxil_md_sm_kind_env(const char *sm_kind)
{
    int i = md_sm_kind_index(sm_kind);
    return i < 0 ? NULL : md_sm_kinds[i].env;
}

const char *dxil_md_sm_kind_canon(const char *sm_kind)
{
    int i = md_sm_kind_index(sm_kind);
    return i < 0 ? NULL : md_sm_kinds[i].kind;
}

/* DXIL::ShaderKind numbers Pixel..Amplification the way LLVM numbers its
 * Triple environments (minus Pixel), and dxil_abi's stage names are
 * LLVM's spellings; Node (15) has no LLVM 22 environment. */
const char *dxil_md_shader_kind_env(uint64_t shader_kind)
{
    if (shader_kind > DXIL_SHADER_AMPLIFICATION)
        return NULL;
    return dxil_shader_stage_name((unsigned)shader_kind);
}
