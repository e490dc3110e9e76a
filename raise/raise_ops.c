/* raise_ops.c - raises dx.op calls to llvm.* intrinsics, driven entirely
 * by the op table's intrinsic maps (dxil_optable.h): the map says which
 * dx.op operands become which intrinsic arguments, which arguments are
 * constants, how the intrinsic's overload types are found and how its
 * result replaces the dx.op result. Whether the intrinsic exists is asked
 * of the linked LLVM (LLVMLookupIntrinsicID), so a newer LLVM raises more
 * with no change here. Anything that cannot be raised stays a dx.op call.
 *
 * Work is cached per declaration: its name is parsed once, and each
 * (opcode, map) seen through it is resolved once to an intrinsic
 * declaration or a reason to keep the call. */
#include "raise_ops.h"
#include "optable/optable_internal.h"
#include "optable/optable_llvm.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#define OPS_MAX_ARGS 16
#define OPS_RAISE (-1)    /* ops_target.keep: raise the call */
#define OPS_PER_CALL (-2) /* ops_target.keep: a custom map; the reason is per call */

typedef struct ops_target {
    uint32_t opcode;
    const dxil_op_info *op;
    const dxil_intrinsic_map *map;
    bool per_call;   /* the op's maps select on constant operands */
    int keep;        /* OPS_RAISE, OPS_PER_CALL or a dxil_keep_reason */
    LLVMValueRef fn;
    LLVMTypeRef fnty;
} ops_target;

typedef struct ops_raise {
    raise_ctx *rc;
    const dxil_optable *table;
    dxil_version v;
    LLVMBuilderRef b;
    ops_target *t; /* targets of the current declaration */
    size_t nt, capt;
} ops_raise;

/* ---- diagnostics ---------------------------------------------------------- */

static const char *ops_caller_name(LLVMValueRef call)
{
    size_t len;
    LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    const char *n = f ? LLVMGetValueName2(f, &len) : NULL;
    return n && *n ? n : "<unnamed>";
}

static void ops_warn_unknown(ops_raise *r, const ops_decl *d, LLVMValueRef call, uint32_t opcode)
{
    dxil_diags_add(r->rc->diags, DXIL_SEV_WARNING, DXIL_W_UNKNOWN_OPCODE, DXIL_LOC_NONE, 0,
                   "@%s calls @%s with unknown opcode %u (table 0x%04X, index %u); kept",
                   ops_caller_name(call), d->name, opcode, DXIL_OPCODE_TABLE(opcode),
                   DXIL_OPCODE_INDEX(opcode));
}

static void ops_warn_nonconst(ops_raise *r, const ops_decl *d, LLVMValueRef call, const char *what)
{
    dxil_diags_add(r->rc->diags, DXIL_SEV_WARNING, DXIL_W_RAISE_KEPT, DXIL_LOC_NONE, 0,
                   "@%s calls @%s with a non-constant %s; kept", ops_caller_name(call), d->name,
                   what);
}

static void ops_keep(ops_raise *r, uint32_t opcode, const dxil_op_info *op, int why)
{
    if (r->rc->stats)
        ops_stats_count_kept(r->rc->stats, opcode, op, (dxil_keep_reason)why);
}

/* ---- selection -------------------------------------------------------------- */

typedef struct ops_const_ctx {
    LLVMValueRef call;
    bool nonconst;
} ops_const_ctx;

static bool ops_get_const(void *ctx, unsigned index, int64_t *value)
{
    ops_const_ctx *c = ctx;
    LLVMValueRef v = index < LLVMGetNumArgOperands(c->call) ? LLVMGetOperand(c->call, index) : NULL;
    if (!v || !LLVMIsAConstantInt(v)) {
        c->nonconst = true;
        return false;
    }
    *value = (int64_t)LLVMConstIntGetZExtValue(v);
    return true;
}

static bool ops_has_selectors(const dxil_op_info *op)
{
    for (unsigned i = 0; op && i < op->n_maps; i++)
        for (unsigned j = 0; j < op->maps[i].n_operands; j++)
            if (op->maps[i].operands[j].source == DXIL_MAP_CONST)
                return true;
    return false;
}

static dxil_scalar_kind ops_scalar(const ops_decl *d)
{
    return d->ov_ok && d->ov.ndims > 0 ? d->ov.dims[0].kind : DXIL_SCALAR_VOID;
}

/* ---- resolving a target ---------------------------------------------------------- */

static bool ops_overload_types(ops_raise *r, LLVMValueRef call, const dxil_intrinsic_map *m,
                               LLVMTypeRef *tys)
{
    unsigned nargs = LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < m->n_overloads; i++) {
        const dxil_map_overload *o = &m->overloads[i];
        if (o->kind == DXIL_MAP_OV_RESULT)
            tys[i] = LLVMTypeOf(call);
        else if (o->kind == DXIL_MAP_OV_OPERAND)
            tys[i] = o->operand < nargs ? LLVMTypeOf(LLVMGetOperand(call, o->operand)) : NULL;
        else
            tys[i] = type_code_llvm(r->rc->ctx, o->type); /* DXIL_MAP_OV_FIXED */
        if (!tys[i] || LLVMGetTypeKind(tys[i]) == LLVMVoidTypeKind)
            return false;
    }
    return true;
}

/* Every intrinsic argument is fed, with exactly its parameter type. */
static bool ops_args_fit(LLVMValueRef call, const dxil_intrinsic_map *m, LLVMTypeRef fnty)
{
    unsigned np = LLVMCountParamTypes(fnty), nargs = LLVMGetNumArgOperands(call);
    LLVMTypeRef params[OPS_MAX_ARGS];
    bool fed[OPS_MAX_ARGS] = {false};
    if (np > OPS_MAX_ARGS || LLVMIsFunctionVarArg(fnty))
        return false;
    LLVMGetParamTypes(fnty, params);
    for (unsigned i = 0; i < m->n_operands; i++) {
        const dxil_map_operand *o = &m->operands[i];
        if (o->source == DXIL_MAP_CONST)
            continue;
        if (o->operand >= nargs || o->arg >= np ||
            LLVMTypeOf(LLVMGetOperand(call, o->operand)) != params[o->arg])
            return false;
        fed[o->arg] = true;
    }
    for (unsigned i = 0; i < m->n_const_args; i++) {
        unsigned a = m->const_args[i].arg;
        if (a >= np || LLVMGetTypeKind(params[a]) != LLVMIntegerTypeKind)
            return false;
        fed[a] = true;
    }
    for (unsigned i = 0; i < np; i++)
        if (!fed[i])
            return false;
    return true;
}

/* Sets t->keep, and t->fn/fnty when the call can be raised. */
static void ops_resolve_intrinsic(ops_raise *r, LLVMValueRef call, ops_target *t)
{
    const dxil_intrinsic_map *m = t->map;
    unsigned id = intrinsic_id(m->intrinsic);
    if (id == 0) {
        t->keep = DXIL_KEEP_NO_INTRINSIC;
        return;
    }
    LLVMTypeRef tys[DXIL_MAX_MAP_OVERLOADS];
    size_t ntys = LLVMIntrinsicIsOverloaded(id) ? m->n_overloads : 0;
    /* An overloaded intrinsic with no recipe for its types cannot be declared safely. */
    if ((LLVMIntrinsicIsOverloaded(id) && ntys == 0) || !ops_overload_types(r, call, m, tys)) {
        t->keep = DXIL_KEEP_MISMATCH;
        return;
    }
    LLVMTypeRef fnty = LLVMIntrinsicGetType(r->rc->ctx, id, tys, ntys);
    if (!fnty || !ops_args_fit(call, m, fnty) ||
        !ops_result_fits(m->result, LLVMGetReturnType(fnty), LLVMTypeOf(call))) {
        t->keep = DXIL_KEEP_MISMATCH;
        return;
    }
    t->fn = raise_intrinsic_decl(r->rc, id, tys, ntys);
    t->fnty = fnty;
    t->keep = OPS_RAISE;
}

static void ops_resolve(ops_raise *r, const ops_decl *d, LLVMValueRef call, ops_target *t)
{
    if (!t->op) {
        t->keep = DXIL_KEEP_UNKNOWN_OPCODE;
        ops_warn_unknown(r, d, call, t->opcode);
    } else if (dxil_op_is_experimental(t->opcode)) {
        t->keep = DXIL_KEEP_EXPERIMENTAL;
    } else if (t->map && t->map->custom != DXIL_MAP_TABLE) {
        /* Its handler ran earlier and left the call (ops_custom_reason). */
        bool lacking = t->map->intrinsic && !dxil_intrinsic_in_llvm(t->map->intrinsic);
        t->keep = lacking ? DXIL_KEEP_NO_INTRINSIC : OPS_PER_CALL;
    } else if (!t->map || !t->map->intrinsic) {
        t->keep = DXIL_KEEP_NO_MODERN_FORM;
    } else {
        ops_resolve_intrinsic(r, call, t);
    }
}

/* ---- why a custom map's call is still here --------------------------------- */

/* llvm.dx.load.input / store.output take an i32 before DXIL's operands
 * (a sigpoint in upstream review) that LLVM 22 defines no values for:
 * clang 22 always passes 4. Nothing DXIL holds fills it faithfully. */
static int ops_why_sig_io(LLVMValueRef call)
{
    (void)call;
    return DXIL_KEEP_SIGNATURE_GAP;
}

/* checkAccessFullyMapped(71, status): status is a field of a call that
 * is still a dx.op call, so it was kept. */
static int ops_why_check_access(LLVMValueRef call)
{
    LLVMValueRef st = LLVMGetNumArgOperands(call) > 1 ? LLVMGetOperand(call, 1) : NULL;
    LLVMValueRef src = st && LLVMIsAExtractValueInst(st) ? LLVMGetOperand(st, 0) : NULL;
    LLVMValueRef callee = src && LLVMIsACallInst(src) ? LLVMGetCalledValue(src) : NULL;
    size_t len = 0;
    const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
    return strncmp(name, "dx.op.", 6) == 0 ? DXIL_KEEP_STATUS_OF_KEPT : DXIL_KEEP_CUSTOM;
}

/* Custom kinds whose calls no pass takes: the reason follows from the kind. */
static int (*const ops_custom_why[DXIL_MAP_CUSTOM_COUNT])(LLVMValueRef) = {
    [DXIL_MAP_CUSTOM_SIG_IO] = ops_why_sig_io,
    [DXIL_MAP_CUSTOM_CHECK_ACCESS] = ops_why_check_access,
};

/* What the handler recorded for the call, else what its kind says;
 * "custom" only when neither gives a reason. */
static int ops_custom_reason(const ops_raise *r, const ops_target *t, LLVMValueRef call)
{
    int why = raise_kept_reason(r->rc, call);
    if (why >= 0)
        return why;
    unsigned kind = t->map->custom;
    return kind < DXIL_MAP_CUSTOM_COUNT && ops_custom_why[kind] ? ops_custom_why[kind](call)
                                                                : DXIL_KEEP_CUSTOM;
}

/* ---- the per-declaration cache ----------------------------------------------- */

static ops_target *ops_find(ops_raise *r, uint32_t opcode, bool any_map,
                            const dxil_intrinsic_map *map)
{
    for (size_t i = 0; i < r->nt; i++)
        if (r->t[i].opcode == opcode && (any_map || r->t[i].map == map))
            return &r->t[i];
    return NULL;
}

static ops_target *ops_add(ops_raise *r, const ops_decl *d, LLVMValueRef call, uint32_t opcode,
                           const dxil_op_info *op, const dxil_intrinsic_map *map, bool per_call)
{
    if (r->nt == r->capt) {
        size_t cap = r->capt ? r->capt * 2 : 8;
        ops_target *p = realloc(r->t, cap * sizeof *p);
        if (!p)
            return NULL;
        r->t = p;
        r->capt = cap;
    }
    ops_target *t = &r->t[r->nt++];
    *t = (ops_target){.opcode = opcode, .op = op, .map = map, .per_call = per_call};
    ops_resolve(r, d, call, t);
    return t;
}

/* True when the declaration's overload is one the op only has from a
 * later DXIL version than the module's (DXC's tests raise the version of
 * a 1.9 vector overload's module to test a pass): like an op newer than
 * the module, the call is kept as it was, for --check to report, instead
 * of being raised and then split into scalars by the lowering. */
static bool ops_overload_too_new(const ops_raise *r, const ops_decl *d, const dxil_op_info *op)
{
    /* An overload no version allows is a mismatch, counted elsewhere. */
    return op && r->rc->dxil_known && d->ov_ok && dxil_op_overloads_at(op, r->v) &&
           !dxil_op_overload_valid(op, &d->ov, r->v) &&
           dxil_overload_set_allows(dxil_op_overloads_latest(op), &d->ov);
}

/* The target of one call; NULL when it must be kept for a reason already
 * counted (non-constant selector, no memory). */
static const ops_target *ops_target_of(ops_raise *r, const ops_decl *d, LLVMValueRef call,
                                       uint32_t opcode)
{
    ops_target *t = ops_find(r, opcode, true, NULL);
    const dxil_op_info *op = t ? t->op : dxil_op_by_opcode(r->table, opcode);
    if (raise_op_too_new(r->rc, op) || ops_overload_too_new(r, d, op)) {
        ops_keep(r, opcode, op, DXIL_KEEP_NEWER_THAN_MODULE);
        return NULL;
    }
    if (op && d->cls != op->cls) { /* through another op's function, or a name no class has */
        ops_keep(r, opcode, op, DXIL_KEEP_MISMATCH);
        return NULL;
    }
    if (t && !t->per_call)
        return t;
    bool per_call = t ? true : ops_has_selectors(op);
    ops_const_ctx cc = {.call = call};
    const dxil_intrinsic_map *map =
        op ? dxil_op_select_raise(op, r->v, ops_scalar(d), ops_get_const, &cc) : NULL;
    if (!map && cc.nonconst) {
        ops_warn_nonconst(r, d, call, "selector operand");
        ops_keep(r, opcode, op, DXIL_KEEP_NON_CONSTANT);
        return NULL;
    }
    if (per_call && (t = ops_find(r, opcode, false, map)) != NULL)
        return t;
    t = ops_add(r, d, call, opcode, op, map, per_call);
    if (!t)
        ops_keep(r, opcode, op, DXIL_KEEP_MISMATCH);
    return t;
}

/* ---- rewriting one call ----------------------------------------------------------- */

static unsigned ops_build_args(const ops_target *t, LLVMValueRef call, LLVMValueRef *args)
{
    unsigned np = LLVMCountParamTypes(t->fnty);
    LLVMTypeRef params[OPS_MAX_ARGS];
    LLVMGetParamTypes(t->fnty, params);
    for (unsigned i = 0; i < t->map->n_operands; i++) {
        const dxil_map_operand *o = &t->map->operands[i];
        if (o->source == DXIL_MAP_FROM_ARG)
            args[o->arg] = LLVMGetOperand(call, o->operand);
    }
    for (unsigned i = 0; i < t->map->n_const_args; i++) {
        const dxil_map_const_arg *c = &t->map->const_args[i];
        args[c->arg] = LLVMConstInt(params[c->arg], (unsigned long long)c->value, true);
    }
    return np;
}

static void ops_emit(ops_raise *r, const ops_target *t, LLVMValueRef call)
{
    LLVMValueRef args[OPS_MAX_ARGS];
    unsigned n = ops_build_args(t, call, args);
    LLVMPositionBuilderBefore(r->b, call);
    LLVMValueRef nc = LLVMBuildCall2(r->b, t->fnty, t->fn, args, n, "");
    raise_fp_flags(call, nc);
    LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
    ops_result_replace(r->b, t->map->result, call, nc);
    LLVMInstructionEraseFromParent(call);
}

static void ops_raise_call(ops_raise *r, const ops_decl *d, LLVMValueRef call)
{
    uint32_t opcode;
    if (!ops_call_opcode(call, &opcode)) {
        ops_warn_nonconst(r, d, call, "opcode");
        ops_keep(r, UINT32_MAX, NULL, DXIL_KEEP_NON_CONSTANT);
        return;
    }
    const ops_target *t = ops_target_of(r, d, call, opcode);
    if (!t)
        return;
    if (t->keep == OPS_PER_CALL) {
        if (r->rc->stats)
            ops_keep(r, opcode, t->op, ops_custom_reason(r, t, call));
    } else if (t->keep != OPS_RAISE) {
        ops_keep(r, opcode, t->op, t->keep);
    } else {
        ops_emit(r, t, call);
    }
}

static int ops_raise_decl(ops_raise *r, const ops_decl *d)
{
    ops_calls calls = {0};
    if (ops_calls_collect(d->fn, &calls) != 0) {
        ops_calls_free(&calls);
        return -1;
    }
    r->nt = 0;
    for (size_t i = 0; i < calls.n; i++)
        ops_raise_call(r, d, calls.v[i]);
    ops_calls_free(&calls);
    return 0;
}

int raise_ops(raise_ctx *rc)
{
    ops_raise r = {.rc = rc, .table = ops_table(rc), .v = ops_dxil_version(rc)};
    ops_decls decls;
    int status = ops_decls_collect(rc->mod, r.table, &decls);
    r.b = LLVMCreateBuilderInContext(rc->ctx);
    for (size_t i = 0; status == 0 && i < decls.n; i++)
        status = ops_raise_decl(&r, &decls.v[i]);
    if (status == 0)
        ops_fix_kept_attrs(rc, &decls);
    LLVMDisposeBuilder(r.b);
    free(r.t);
    ops_decls_free(&decls);
    if (rc->stats)
        ops_stats_finish_module(rc->stats);
    if (status != 0)
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "out of memory while raising dx.op calls");
    return status;
}

/* Every dx.op declaration whose attributes are not the table's is
 * recorded before any pass raises its calls (the resource and signature
 * passes remove theirs), so lowering gives each back as DXC wrote it. */
int raise_ops_decl_attrs(raise_ctx *rc)
{
    ops_decls decls;
    int status = ops_decls_collect(rc->mod, ops_table(rc), &decls);
    if (status == 0)
        ops_keep_decl_attrs(rc, &decls);
    ops_decls_free(&decls);
    if (status != 0)
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "out of memory while reading dx.op declarations");
    return status;
}

int raise_ops_census(raise_ctx *rc)
{
    if (!rc->stats)
        return 0;
    const dxil_optable *table = ops_table(rc);
    ops_decls decls;
    ops_calls calls = {0};
    int status = ops_decls_collect(rc->mod, table, &decls);
    for (size_t i = 0; status == 0 && i < decls.n; i++) {
        status = ops_calls_collect(decls.v[i].fn, &calls);
        for (size_t j = 0; status == 0 && j < calls.n; j++) {
            uint32_t opcode = UINT32_MAX;
            ops_call_opcode(calls.v[j], &opcode);
            status = ops_stats_count_call(rc->stats, opcode, dxil_op_by_opcode(table, opcode));
        }
    }
    ops_calls_free(&calls);
    ops_decls_free(&decls);
    return status;
}
