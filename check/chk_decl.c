/* chk_decl.c - DXC's declaration rules: global variables (an external
 * one no instruction uses, an internal one something uses, the type of
 * static and groupshared ones), external functions (dx.op functions only
 * outside libraries, used, only by calls; DXC's op cache additions are
 * unused declarations too), and what a function's signature and
 * attributes may be (shader entries return void and take no parameters
 * except a ray tracing shader's payload and attributes structs, no struct
 * parameters outside libraries, no resources anywhere, only the
 * function attributes DXIL defines). */
#include "families.h"
#include "chk_instr.h"
#include "chk_types.h"

#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

/* ---- global variables ------------------------------------------------------------ */

/* A library's resource globals: operand 1 of each dx.resources record. */
static bool is_resource_global(chk_ctx *c, LLVMValueRef gv)
{
    LLVMValueRef lists = md_named_operand(c->mod, "dx.resources", 0);
    for (unsigned l = 0; lists && l < md_num_operands(lists); l++) {
        LLVMValueRef list = md_operand(lists, l);
        for (unsigned i = 0; list && i < md_num_operands(list); i++)
            if (md_operand(md_operand(list, i), 1) == gv)
                return true;
    }
    return false;
}

static bool is_static_global(LLVMValueRef gv)
{
    return LLVMGetLinkage(gv) == LLVMInternalLinkage &&
           LLVMGetPointerAddressSpace(LLVMTypeOf(gv)) == 0;
}

static bool is_groupshared(LLVMValueRef gv)
{
    return LLVMGetPointerAddressSpace(LLVMTypeOf(gv)) == 3;
}

static bool used_by_instruction(LLVMValueRef v)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
        if (LLVMIsAInstruction(LLVMGetUser(u)))
            return true;
    return false;
}

/* The pointee of a global whose value type is a pointer (facts). */
static LLVMTypeRef global_pointee(chk_ctx *c, chk_env *e, LLVMValueRef gv, LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind || !e->pf)
        return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(gv, &len);
    const bc_pfvalue *v = bc_pf_value(e->pf, name, len);
    uint32_t p = v ? chk_env_pointee(e, chk_env_pointee(e, v->type)) : BC_PF_NONE;
    return p == BC_PF_NONE ? NULL : chk_env_type(e, c->ctx, p);
}

static void decl_global(chk_ctx *c, chk_env *e, LLVMValueRef gv)
{
    size_t len;
    const char *name = LLVMGetValueName2(gv, &len);
    bool internal = is_static_global(gv) || is_groupshared(gv);
    if (e->lib) {
        LLVMTypeRef t = LLVMGlobalGetValueType(gv);
        bool helper = strcmp(name, "dx.ishelper") == 0 &&
                      LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32;
        internal |= helper || is_resource_global(c, gv);
    }
    if (!internal) {
        if (used_by_instruction(gv))
            chk_fail(c, CHK_DECL_NOTUSEDEXTERNAL, gv, name, NULL);
        return;
    }
    if (!LLVMGetFirstUse(gv))
        chk_fail(c, CHK_DECL_USEDINTERNAL, gv, name, NULL);
    if (is_static_global(gv) || is_groupshared(gv)) {
        LLVMTypeRef t = LLVMGlobalGetValueType(gv);
        chk_type_valid(c, e, t, global_pointee(c, e, gv, t), gv);
    }
}

/* ---- external functions ---------------------------------------------------------- */

static bool is_lifetime(const char *name)
{
    return strcmp(name, "llvm.lifetime.start") == 0 || strcmp(name, "llvm.lifetime.end") == 0 ||
           strncmp(name, "llvm.lifetime.start.", 20) == 0 ||
           strncmp(name, "llvm.lifetime.end.", 18) == 0;
}

/* The calls of a dx.op declaration: overloads, then the op's own rules. */
static void dxop_calls(chk_ctx *c, chk_env *e, LLVMValueRef fn)
{
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u && !c->stopped; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        LLVMValueRef opv = LLVMIsACallInst(call) ? LLVMGetOperand(call, 0) : NULL;
        if (!opv || !LLVMIsAConstantInt(opv))
            continue; /* the body walk reports it */
        uint32_t opcode = (uint32_t)LLVMConstIntGetZExtValue(opv);
        const dxil_op_info *op = dxil_op_by_opcode(c->table, opcode);
        if (!op || !op->cls || (dxil_op_is_experimental(opcode) && c->sm != DXIL_VERSION(6, 10)))
            continue;
        char expected[256];
        chk_oload r = chk_dxop_overload(c, e, op, fn, expected, sizeof expected);
        if (r == CHK_OLOAD_ILLEGAL) {
            chk_fail(c, CHK_INSTR_OLOAD, call, NULL);
            continue;
        }
        if (r == CHK_OLOAD_SIGNATURE) {
            chk_fail(c, CHK_INSTR_CALLOLOAD, call, expected, NULL);
            continue;
        }
        chk_instr_op_call(c, e, call, op);
    }
}

static void decl_external(chk_ctx *c, chk_env *e, LLVMValueRef fn)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    bool dxop = chk_is_dxop_fn(fn);
    if (c->dxil >= DXIL_VERSION(1, 6) && is_lifetime(name))
        return;
    if (!dxop && !e->lib) {
        chk_fail(c, CHK_DECL_DXILFNEXTERN, fn, name, NULL);
        return;
    }
    if (!LLVMGetFirstUse(fn)) {
        chk_fail(c, CHK_DECL_USEDEXTERNALFUNCTION, fn, name, NULL);
        return;
    }
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u))
        if (!LLVMIsACallInst(LLVMGetUser(u)))
            chk_fail(c, CHK_DECL_FNISCALLED, fn, name, NULL);
    if (dxop)
        dxop_calls(c, e, fn);
}

/* ---- function signatures ---------------------------------------------------------- */

/* The pointee of fn's parameter i (NULL when not a pointer or not known). */
static LLVMTypeRef param_pointee(chk_ctx *c, chk_env *e, LLVMValueRef fn, unsigned i)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    const bc_pfvalue *v = e->pf ? bc_pf_value(e->pf, name, len) : NULL;
    uint32_t fty = v ? chk_env_pointee(e, v->type) : BC_PF_NONE;
    uint32_t p = fty == BC_PF_NONE ? BC_PF_NONE : chk_env_pointee(e, bc_pf_op(e->pf, fty, i + 2));
    return p == BC_PF_NONE ? NULL : chk_env_type(e, c->ctx, p);
}

static unsigned udt_args(int kind)
{
    switch (kind) {
    case DXIL_SHADER_ANYHIT: case DXIL_SHADER_CLOSESTHIT: return 2;
    case DXIL_SHADER_MISS: case DXIL_SHADER_CALLABLE: return 1;
    default: return 0;
    }
}

static void arg_fail(chk_ctx *c, LLVMValueRef fn, unsigned i, chk_rule r)
{
    size_t len, alen;
    char num[16];
    LLVMValueRef arg = LLVMGetParam(fn, i);
    const char *an = LLVMGetValueName2(arg, &alen);
    snprintf(num, sizeof num, "%u", i);
    chk_fail(c, r, fn, alen ? an : num, LLVMGetValueName2(fn, &len), NULL);
}

/* Entries and patch constant functions: no parameters but a ray tracing
 * shader's structs, void result. */
static void decl_shader(chk_ctx *c, chk_env *e, LLVMValueRef fn, const chk_fnkind *k)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    int kind = k->patch_constant ? DXIL_SHADER_LIBRARY : k->kind;
    unsigned n_udt = udt_args(kind), n = LLVMCountParams(fn);
    if (n_udt == 0 && n)
        chk_fail(c, CHK_FLOW_FUNCTIONCALL, fn, name, NULL);
    if (LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(fn))) != LLVMVoidTypeKind)
        chk_fail(c, CHK_DECL_SHADERRETURNVOID, fn, name, NULL);
    for (unsigned i = 0; n_udt && i < n; i++) {
        if (i >= n_udt) {
            arg_fail(c, fn, i, CHK_DECL_EXTRAARGS);
            continue;
        }
        LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
        if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && !(t = param_pointee(c, e, fn, i)))
            continue;
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind)
            continue;
        arg_fail(c, fn, i,
                 kind == DXIL_SHADER_CALLABLE ? CHK_DECL_PARAMSTRUCT
                 : i == 0                     ? CHK_DECL_PAYLOADSTRUCT
                                              : CHK_DECL_ATTRSTRUCT);
    }
    static const char *const missing[2][2] = {{"payload", "attributes"}, {"params", ""}};
    for (unsigned i = n; i < n_udt; i++)
        chk_fail(c, CHK_DECL_SHADERMISSINGARG, fn, chk_kind_name(kind), name,
                 missing[kind == DXIL_SHADER_CALLABLE][i], NULL);
}

/* Outside libraries no parameter is (an array of) a struct. */
static void decl_params(chk_ctx *c, chk_env *e, LLVMValueRef fn, bool shader_udt)
{
    if (e->lib || shader_udt)
        return;
    for (unsigned i = 0, n = LLVMCountParams(fn); i < n; i++) {
        LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
        if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && !(t = param_pointee(c, e, fn, i)))
            continue;
        while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
            t = LLVMGetElementType(t);
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            char buf[128];
            size_t len;
            chk_fail(c, CHK_DECL_FNFLATTENPARAM, fn, chk_type_name(t, buf, sizeof buf),
                     LLVMGetValueName2(fn, &len), NULL);
            return;
        }
    }
}

/* No resource (a dx.types.* struct or an HLSL resource class, through
 * pointers and arrays) in the result or a parameter. */
static void decl_resources(chk_ctx *c, chk_env *e, LLVMValueRef fn)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
    bool found = chk_contains_hlsl_object(LLVMGetReturnType(fty), 0);
    for (unsigned i = 0, n = LLVMCountParams(fn); !found && i < n; i++) {
        LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
        if (LLVMGetTypeKind(t) == LLVMPointerTypeKind)
            t = param_pointee(c, e, fn, i);
        found = t && chk_contains_hlsl_object(t, 0);
    }
    if (found)
        chk_fail(c, CHK_DECL_RESOURCEINFNSIG, fn, name, NULL);
}

/* Outside libraries: only fp32-denorm-mode (any, ftz, preserve) and
 * waveops-include-helper-lanes among the string attributes. */
static void decl_attributes(chk_ctx *c, LLVMValueRef fn)
{
    unsigned n = LLVMGetAttributeCountAtIndex(fn, LLVMAttributeFunctionIndex);
    LLVMAttributeRef attrs[64];
    if (n == 0 || n > 64)
        return;
    LLVMGetAttributesAtIndex(fn, LLVMAttributeFunctionIndex, attrs);
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    for (unsigned i = 0; i < n; i++) {
        if (!LLVMIsStringAttribute(attrs[i]))
            continue;
        unsigned kl = 0, vl = 0;
        const char *k = LLVMGetStringAttributeKind(attrs[i], &kl);
        const char *v = LLVMGetStringAttributeValue(attrs[i], &vl);
        char kind[96], value[96];
        snprintf(kind, sizeof kind, "%.*s", (int)kl, k);
        snprintf(value, sizeof value, "%.*s", (int)vl, v ? v : "");
        bool denorm = strcmp(kind, "fp32-denorm-mode") == 0;
        bool ok = (denorm && (strcmp(value, "any") == 0 || strcmp(value, "ftz") == 0 ||
                              strcmp(value, "preserve") == 0)) ||
                  strcmp(kind, "waveops-include-helper-lanes") == 0;
        if (!ok)
            chk_fail(c, CHK_DECL_FNATTRIBUTE, fn, name, kind, value, NULL);
    }
}

/* A node shader's input records (entry tag 20): at most one, and of
 * the record granularity its launch type reads (NodeIOFlags 0x60: thread
 * 0x20, group 0x40, dispatch 0x60); an empty input (flags 0x8 | 0x1)
 * always fits. */
static void decl_node_inputs(chk_ctx *c, LLVMValueRef fn, const chk_fnkind *k)
{
    static const char *const launch_names[] = {"invalid", "broadcasting", "coalescing",
                                               "thread"};
    static const char *const valid[] = {"", "{RW}DispatchNodeInputRecord",
                                        "{RW}GroupNodeInputRecords or EmptyNodeInput",
                                        "{RW}ThreadNodeInputRecord"};
    static const uint64_t granularity[] = {0, 0x60, 0x40, 0x20};
    uint64_t launch = 0;
    const_u64(md_tag_value(k->props, DXIL_ENTRY_NODE_LAUNCH_TYPE, NULL), &launch);
    if (k->kind != DXIL_SHADER_NODE && launch == 0)
        return;
    LLVMValueRef inputs = md_tag_value(k->props, DXIL_ENTRY_NODE_INPUTS, NULL);
    unsigned n = md_num_operands(inputs);
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    if (n > 1) {
        char count[16];
        snprintf(count, sizeof count, "%u", n);
        chk_fail(c, CHK_DECL_MULTIPLENODEINPUTS, fn, name, count, NULL);
    }
    for (unsigned i = 0; i < n && launch >= 1 && launch <= 3; i++) {
        LLVMValueRef io = md_operand(inputs, i);
        uint64_t flags = 0;
        const_u64(md_tag_value(io, 1, NULL), &flags); /* kDxilNodeIOFlagsTag */
        if ((flags & 0x60) == granularity[launch] || ((flags & 0x8) && (flags & 0x1)))
            continue;
        chk_fail(c, CHK_DECL_NODELAUNCHINPUTTYPE, fn, launch_names[launch], name, valid[launch],
                 NULL);
    }
}

static void decl_function(chk_ctx *c, chk_env *e, LLVMValueRef fn)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    bool shader_udt = false;
    if (LLVMIsDeclaration(fn)) {
        decl_external(c, e, fn);
        if (strncmp(name, "llvm.", 5) == 0 || chk_is_dxop_fn(fn))
            return;
    } else {
        const chk_fnkind *k = chk_env_entry(e, fn);
        if (k)
            decl_shader(c, e, fn, k);
        shader_udt = k && !k->patch_constant && udt_args(k->kind);
        decl_params(c, e, fn, shader_udt);
        if (k && !k->patch_constant && k->props)
            decl_node_inputs(c, fn, k);
    }
    decl_resources(c, e, fn);
    if (!e->lib)
        decl_attributes(c, fn);
}

int chk_decl(chk_ctx *c)
{
    chk_env *e = chk_env_get(c);
    if (!e)
        return 0;
    for (LLVMValueRef gv = LLVMGetFirstGlobal(c->mod); gv && !c->stopped;
         gv = LLVMGetNextGlobal(gv))
        decl_global(c, e, gv);
    for (LLVMValueRef fn = LLVMGetFirstFunction(c->mod); fn && !c->stopped;
         fn = LLVMGetNextFunction(fn))
        decl_function(c, e, fn);
    const char *const *names;
    size_t n = chk_dxop_created(chk_dxop_get(c, e), &names);
    for (size_t i = 0; i < n; i++)
        chk_fail(c, CHK_DECL_USEDEXTERNALFUNCTION, NULL, names[i], NULL);
    return 0;
}
