/* lower_check.c - what lowering must refuse rather than write invalid DXIL.
 *  - check-types (before any op is lowered): an intrinsic call the op table
 *    maps whose overload the op does not allow at the target DXIL version
 *    (after scalarization) is an error, as LLVM's "Type mismatch between
 *    intrinsic and DXIL op"; so is a call of a custom map limited to some
 *    overloads (cbuffer rows) whose result type none of them takes;
 *  - check-ops (after every lowering pass): each dx.op call's overload must
 *    be valid at the target version, its op available at the module's
 *    shader model and allowed in its stage (in a library, the stage of the
 *    entry making the call);
 *  - leftovers (last): an llvm.dx.* call that no pass lowered is an error,
 *    or a warning per call with allow_leftover_intrinsics.
 * Each error names the calling function, the call and the op. */
#include "lower_internal.h"

#include "common/abi_names.h"
#include "common/side_metadata.h"
#include "module/dxop_calls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "hf" and friends: the letters the op allows at the target version. */
static const char *check_allowed(const dxil_op_info *op, dxil_version v)
{
    const dxil_overload_set *set = dxil_op_overloads_at(op, v);
    return set ? set->letters : "none";
}

/* One table-mapped intrinsic call; false after reporting a mismatch. */
static bool check_intrinsic_call(lower_ctx *lc, LLVMValueRef call,
                                 const dxil_intrinsic_ref *ref)
{
    const dxil_overload_set *set = dxil_op_overloads_at(ref->op, lc->dxil);
    dxil_overload ov;
    LLVMTypeRef t = lower_ops_overload(ref->op, ref->map, call);
    if (set && set->ndims == 0)
        return true; /* not overloaded: the declaration fixes every type */
    if (set && lower_overload_of(t, &ov) && dxil_op_overload_valid(ref->op, &ov, lc->dxil))
        return true;
    char msg[256], ver[16], sfx[64] = "?";
    if (lower_overload_of(t, &ov))
        dxil_overload_format(&ov, sfx, sizeof sfx);
    dxil_version_format(lc->dxil, ver, sizeof ver);
    snprintf(msg, sizeof msg,
             "type mismatch between intrinsic and DXIL op %s: overload %s not allowed at "
             "DXIL %s (allowed: %s)",
             ref->op->name, sfx, ver, check_allowed(ref->op, lc->dxil));
    lower_report(lc, DXIL_SEV_ERROR, call, msg);
    return false;
}

/* Scalar kind of a custom call's result: a literal struct's first field
 * ({double, double, ...} from load.cbufferrow.4), a vector's element. */
static dxil_scalar_kind check_result_kind(LLVMValueRef call)
{
    LLVMTypeRef t = LLVMTypeOf(call);
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind && LLVMIsLiteralStruct(t) &&
        LLVMCountStructElementTypes(t) > 0)
        t = LLVMStructGetTypeAtIndex(t, 0);
    return LLVMGetTypeKind(t) == LLVMStructTypeKind ? DXIL_SCALAR_VOID : lower_scalar_kind(t);
}

/* Custom maps limited to some overloads (only-overloads="fi": a cbuffer
 * row of four 32-bit values): a call whose result kind none of them
 * takes has no dx.op form; its handler would build a wrong one. */
static bool check_custom_call(lower_ctx *lc, LLVMValueRef call,
                              const dxil_intrinsic_ref *refs, size_t n)
{
    dxil_scalar_kind kind = check_result_kind(call);
    bool limited = false;
    for (size_t i = 0; i < n; i++) {
        if (refs[i].map->custom == DXIL_MAP_TABLE)
            return true; /* table calls are checked by overload */
        limited |= refs[i].map->only_scalars != 0;
        if (refs[i].map->direction != DXIL_MAP_RAISE_ONLY &&
            dxil_map_applies(refs[i].map, lc->dxil, kind))
            return true;
    }
    if (!limited || kind == DXIL_SCALAR_VOID)
        return true;
    char msg[200], ver[16];
    dxil_version_format(lc->dxil, ver, sizeof ver);
    snprintf(msg, sizeof msg, "type mismatch between intrinsic and DXIL op %s: no form for %s "
             "values at DXIL %s", refs[0].op->name, dxil_scalar_kind_name(kind), ver);
    lower_report(lc, DXIL_SEV_ERROR, call, msg);
    return false;
}

static int check_intrinsic_fn(lower_ctx *lc, LLVMValueRef fn, const char *base,
                              const dxil_intrinsic_ref *refs, size_t n_refs)
{
    LLVMValueRef *calls;
    size_t n = lower_collect_calls(fn, &calls);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        const dxil_intrinsic_ref *ref = lower_ops_select(lc, calls[i], base);
        if (ref && ref->map->custom == DXIL_MAP_TABLE)
            bad += !check_intrinsic_call(lc, calls[i], ref);
        else
            bad += !check_custom_call(lc, calls[i], refs, n_refs);
    }
    free(calls);
    return bad;
}

int lower_check_types(lower_ctx *lc)
{
    int bad = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[128];
        const dxil_intrinsic_ref *first;
        size_t n = lower_intrinsic_base(fn, base, sizeof base)
                       ? dxil_optable_find_intrinsic(lc->table, base, &first)
                       : 0;
        if (n > 0)
            bad += check_intrinsic_fn(lc, fn, base, first, n);
    }
    return bad ? -1 : 0;
}

/* ---- dx.op calls after lowering ---- */

static bool check_dxop_call(lower_ctx *lc, const ops_decl *d, LLVMValueRef call, int stage)
{
    uint32_t opcode;
    const dxil_op_info *op =
        ops_call_opcode(call, &opcode) ? dxil_op_by_opcode(lc->table, opcode) : NULL;
    const dxil_overload_set *set = op ? dxil_op_overloads_at(op, lc->dxil) : NULL;
    char msg[256], ver[16];
    if (!op || !d->ov_ok)
        return true; /* unknown ops are the spec check's business */
    dxil_version_format(lc->dxil, ver, sizeof ver);
    if (set && set->ndims > 0 && !dxil_op_overload_valid(op, &d->ov, lc->dxil)) {
        snprintf(msg, sizeof msg, "@%s: type mismatch: DXIL op %s does not allow this overload "
                 "at DXIL %s (allowed: %s)", d->name, op->name, ver, set->letters);
    } else if (lc->sm && dxil_op_min_shader_model(op) > lc->sm) {
        char need[16], have[16];
        dxil_version_format(dxil_op_min_shader_model(op), need, sizeof need);
        dxil_version_format(lc->sm, have, sizeof have);
        snprintf(msg, sizeof msg, "DXIL op %s needs shader model %s, the module is %s",
                 op->name, need, have);
    } else if (stage >= 0 && !dxil_op_stage_allowed(op, (dxil_shader_kind)stage, lc->dxil)) {
        snprintf(msg, sizeof msg, "DXIL op %s is not allowed in a %s shader at DXIL %s",
                 op->name, shader_kind_env(stage) ? shader_kind_env(stage) : lc->sm_kind,
                 ver);
    } else {
        return true;
    }
    lower_report(lc, DXIL_SEV_ERROR, call, msg);
    return false;
}

/* The stage a call runs in: the module's, or in a library the ShaderKind
 * of the entry that makes the call (-1 elsewhere: functions an entry
 * reaches through calls are left to the spec check's call graph). */
static int check_call_stage(lower_ctx *lc, LLVMValueRef call, int module_stage)
{
    if (module_stage >= 0)
        return module_stage;
    LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    unsigned n = md_named_count(lc->mod, DXIL_MD_ENTRY_POINTS);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = md_named_operand(lc->mod, DXIL_MD_ENTRY_POINTS, i);
        uint64_t kind;
        if (md_operand(e, 0) == f &&
            const_u64(md_tag_value(md_operand(e, 4), DXIL_ENTRY_SHADER_KIND, NULL),
                           &kind) &&
            kind < DXIL_SHADER_INVALID)
            return (int)kind;
    }
    return -1;
}

static int check_dxop_decl(lower_ctx *lc, const ops_decl *d, int stage)
{
    ops_calls calls = {0};
    int bad = 0;
    if (ops_calls_collect(d->fn, &calls) != 0)
        return 0;
    for (size_t i = 0; i < calls.n; i++)
        if (!lower_is_input_call(lc, calls.v[i]))
            bad += !check_dxop_call(lc, d, calls.v[i], check_call_stage(lc, calls.v[i], stage));
    ops_calls_free(&calls);
    return bad;
}

int lower_check_ops(lower_ctx *lc)
{
    ops_decls decls = {0};
    /* A library's stages are per entry (check_call_stage). */
    int stage = strcmp(lc->sm_kind, "lib") ? sm_kind_from_name(lc->sm_kind) : -1;
    int bad = 0;
    if (ops_decls_collect(lc->mod, lc->table, &decls) != 0)
        return 0;
    for (size_t i = 0; i < decls.n; i++)
        bad += check_dxop_decl(lc, &decls.v[i], stage);
    ops_decls_free(&decls);
    return bad ? -1 : 0;
}

/* ---- leftovers ---- */

static bool check_is_dx_call(LLVMValueRef v)
{
    LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    size_t len = 0;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    return len > 8 && !strncmp(name, "llvm.dx.", 8);
}

/* A casthandle bridge kept alive only by leftover calls is not news: the
 * calls it feeds are reported. */
static bool check_bridge_only(LLVMValueRef call, const char *name)
{
    if (strncmp(name, "llvm.dx.resource.casthandle", 27) || !LLVMGetFirstUse(call))
        return false;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u))
        if (!check_is_dx_call(LLVMGetUser(u)))
            return false;
    return true;
}

/* Why fn has no form: its op is newer than the target, or nothing maps it. */
static void check_leftover_reason(lower_ctx *lc, LLVMValueRef fn, const char *name,
                                  char *msg, size_t size)
{
    char base[128], need[16], ver[16];
    const dxil_intrinsic_ref *refs = NULL;
    size_t n = lower_intrinsic_base(fn, base, sizeof base)
                   ? dxil_optable_find_intrinsic(lc->table, base, &refs)
                   : 0;
    for (size_t i = 0; i < n; i++) {
        if (dxil_op_exists_at(refs[i].op, lc->dxil))
            continue;
        dxil_version_format(refs[i].op->dxil, need, sizeof need);
        dxil_version_format(lc->dxil, ver, sizeof ver);
        snprintf(msg, size, "%s was not lowered: DXIL op %s needs DXIL %s (target %s)", name,
                 refs[i].op->name, need, ver);
        return;
    }
    snprintf(msg, size, "%s was not lowered: DXIL has no form for it here", name);
}

static int check_leftover_fn(lower_ctx *lc, LLVMValueRef fn, const char *name)
{
    LLVMValueRef *calls;
    size_t n = lower_collect_calls(fn, &calls);
    bool warn = lc->opts.allow_leftover_intrinsics;
    int bad = 0;
    char msg[300];
    check_leftover_reason(lc, fn, name, msg, sizeof msg);
    for (size_t i = 0; i < n; i++) {
        if (check_bridge_only(calls[i], name))
            continue;
        lower_report(lc, warn ? DXIL_SEV_WARNING : DXIL_SEV_ERROR, calls[i], msg);
        bad++;
    }
    free(calls);
    return warn ? 0 : bad;
}

int lower_leftovers(lower_ctx *lc)
{
    int bad = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len = 0;
        const char *name = LLVMGetValueName2(fn, &len);
        if (len > 8 && !strncmp(name, "llvm.dx.", 8))
            bad += check_leftover_fn(lc, fn, name);
    }
    return bad ? -1 : 0;
}
