/* spec_check.c - validates the dx.op calls of an unraised module against
 * the versioned op table: opcode known and called through its class's
 * function (Instr.IllegalDXILOpCode, Instr.OpConst,
 * Instr.IllegalDXILOpFunction), op present at the module's DXIL version
 * and shader model (Sm.Opcode), overload valid at that version
 * (Instr.Oload), and op allowed in the stage of every entry that reaches
 * the calling function (Sm.Opcode). Each violation is reported as the
 * rule of DXC's validator it is (check/rules.def), with the detail in a
 * note (reported once per declaration and opcode, and per calling
 * function for stages). Then check/dxc_rules.c adds DXC's wave size and
 * barrier flag rules. The check only reads the module.
 *
 * In the validator (spec_check_validator) DXC's own op checks run
 * elsewhere (check/chk_instr_call.c, chk_decl.c, chk_instr_ops.c): this
 * adds only what they do not cover, the versioned existence, shader
 * model, overload and stage of each op, and the wave sizes. */
#include "spec_check.h"
#include "check.h"
#include "chk_dxop.h"
#include "dxc_rules.h"
#include "common/abi_names.h"
#include "dxil-upgrade/dxil_stats.h"
#include "dxil-upgrade/dxil_upgrade.h"
#include "module/dxop_calls.h"
#include "module/llvm_shim.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct spec_ctx {
    LLVMModuleRef mod;
    chk_ctx *out;          /* where violations are reported */
    bool validator;        /* only what DXC's op checks do not cover */
    const dxil_optable *table;
    dxil_version dxil, sm;
    int module_stage;      /* dxil_shader_kind, -1 when unknown */
    LLVMValueRef *fns;     /* defined functions, sorted by address */
    uint32_t *masks;       /* DXIL_STAGE_BIT set of the entries reaching fns[i] */
    size_t nfns;
} spec_ctx;

/* DXC's shader model name: "cs_6_0"; a library function's "lib_6_3(ps)". */
static void spec_sm_name(const spec_ctx *c, int kind, char *buf, size_t size)
{
    const char *mk = chk_kind_name(c->module_stage);
    int n = snprintf(buf, size, "%s_%u_%u", mk, DXIL_VERSION_MAJOR(c->sm), DXIL_VERSION_MINOR(c->sm));
    if (c->module_stage == DXIL_SHADER_LIBRARY && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "(%s)", chk_kind_name(kind));
}

/* One violation of rule r by call, with what exactly in note. */
static void spec_report(spec_ctx *c, chk_rule r, LLVMValueRef call, const ops_decl *d,
                        uint32_t opcode, const char *note)
{
    char a[160], b[64];
    /* UINT32_MAX: the caller has no opcode; the call may still name one. */
    bool known = opcode != UINT32_MAX || ops_call_opcode(call, &opcode);
    const dxil_op_info *op = known ? dxil_op_by_opcode(c->table, opcode) : NULL;
    switch (r) {
    case CHK_INSTR_ILLEGALDXILOPFUNCTION:
        chk_fail_note(c->out, r, call, note, d->name, op ? op->name : "unknown", NULL);
        break;
    case CHK_INSTR_ILLEGALDXILOPCODE:
        snprintf(a, sizeof a, "%u", dxil_optable_slot_count(c->table, 0));
        snprintf(b, sizeof b, "%u", opcode);
        chk_fail_note(c->out, r, call, note, a, b, NULL);
        break;
    case CHK_INSTR_OPCONST:
        chk_fail_note(c->out, r, call, note, "Opcode", "DXIL operation", NULL);
        break;
    case CHK_SM_OPCODE:
        spec_sm_name(c, c->module_stage, b, sizeof b);
        chk_fail_note(c->out, r, call, note, op ? op->name : "unknown", b, NULL);
        break;
    default:
        chk_fail_note(c->out, r, call, note, NULL);
        break;
    }
}

/* ---- module facts ------------------------------------------------------------ */

static bool chk_md_version(LLVMModuleRef mod, const char *name, unsigned first, dxil_version *out)
{
    uint64_t major, minor;
    LLVMValueRef n = md_named_operand(mod, name, 0);
    if (!n || md_operand_uint(n, first, &major) != 0 ||
        md_operand_uint(n, first + 1, &minor) != 0)
        return false;
    *out = DXIL_VERSION(major, minor);
    return true;
}

/* Version and stage from dx.version / dx.shaderModel, or from a raised
 * triple ("dxilv1.6-pc-shadermodel6.6-compute"). */
static void chk_read_module(spec_ctx *c)
{
    char kind[32] = "";
    LLVMValueRef sm = md_named_operand(c->mod, "dx.shaderModel", 0);
    bool have = chk_md_version(c->mod, "dx.version", 0, &c->dxil) &&
                chk_md_version(c->mod, "dx.shaderModel", 1, &c->sm) &&
                md_string(md_operand(sm, 0), kind, sizeof kind);
    c->module_stage = have ? sm_kind_from_name(kind) : -1;
    unsigned a, b, x, y;
    char env[32];
    const char *triple = LLVMGetTarget(c->mod);
    if (!have && triple &&
        sscanf(triple, "dxilv%u.%u-%*[^-]-shadermodel%u.%u-%31s", &a, &b, &x, &y, env) == 5) {
        c->dxil = DXIL_VERSION(a, b);
        c->sm = DXIL_VERSION(x, y);
        c->module_stage = dxil_shader_stage_from_name(env, strlen(env));
    }
}

/* ---- which stages reach each function ------------------------------------------ */

static int chk_cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const LLVMValueRef *)a, y = (uintptr_t) * (const LLVMValueRef *)b;
    return x < y ? -1 : x > y;
}

static long chk_fn_index(const spec_ctx *c, LLVMValueRef f)
{
    LLVMValueRef *p = bsearch(&f, c->fns, c->nfns, sizeof *c->fns, chk_cmp_ptr);
    return p ? (long)(p - c->fns) : -1;
}

static int chk_collect_fns(spec_ctx *c)
{
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
        n += !LLVMIsDeclaration(f);
    c->fns = calloc(n ? n : 1, sizeof *c->fns);
    c->masks = calloc(n ? n : 1, sizeof *c->masks);
    if (!c->fns || !c->masks)
        return -1;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            c->fns[c->nfns++] = f;
    qsort(c->fns, c->nfns, sizeof *c->fns, chk_cmp_ptr);
    return 0;
}

/* Entry records: a library entry's stage is its ShaderKind tag; an
 * entry of any other module has the module's stage. */
static void chk_seed_entries(spec_ctx *c)
{
    unsigned n = md_named_count(c->mod, "dx.entryPoints");
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = md_named_operand(c->mod, "dx.entryPoints", i);
        long fi = chk_fn_index(c, md_operand(e, 0));
        uint64_t kind = (uint64_t)c->module_stage;
        const_u64(md_tag_value(md_operand(e, 4), DXIL_ENTRY_SHADER_KIND, NULL),
                       &kind);
        if (fi >= 0 && kind < DXIL_SHADER_INVALID)
            c->masks[fi] |= DXIL_STAGE_BIT(kind);
    }
}

/* A callee is reached by every stage reaching one of its callers: walk
 * each function's uses until nothing changes (bounded by call depth). */
static bool chk_propagate_once(spec_ctx *c)
{
    bool changed = false;
    for (size_t i = 0; i < c->nfns; i++)
        for (LLVMUseRef u = LLVMGetFirstUse(c->fns[i]); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            if (!LLVMIsACallInst(user) || LLVMGetCalledValue(user) != c->fns[i])
                continue;
            long k = chk_fn_index(c, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)));
            uint32_t m = k >= 0 ? c->masks[i] | c->masks[k] : c->masks[i];
            changed |= m != c->masks[i];
            c->masks[i] = m;
        }
    return changed;
}

/* The stage set of fn for dxc_rules (0 when fn is not defined here). */
static uint32_t chk_stages_of(void *arg, LLVMValueRef fn)
{
    const spec_ctx *c = arg;
    long fi = chk_fn_index(c, fn);
    return fi >= 0 ? c->masks[fi] : 0;
}

static void chk_stage_masks(spec_ctx *c)
{
    chk_seed_entries(c);
    for (int iter = 0; iter < 64 && chk_propagate_once(c); iter++)
        ;
    /* Reached by no entry: a library export, or a helper of a single-stage module. */
    uint32_t fallback = c->module_stage >= 0 ? DXIL_STAGE_BIT(c->module_stage) : 0;
    for (size_t i = 0; i < c->nfns; i++)
        if (!c->masks[i])
            c->masks[i] = fallback;
}

/* ---- the checks --------------------------------------------------------------- */

static void chk_version_text(dxil_version v, char *buf, size_t size)
{
    dxil_version_format(v, buf, size);
}

static void chk_static(spec_ctx *c, const ops_decl *d, LLVMValueRef call, uint32_t opcode,
                       const dxil_op_info *op)
{
    char buf[160], a[16], b[16], ov[64];
    if (d->cls && op->cls != d->cls && !c->validator)
        spec_report(c, CHK_INSTR_ILLEGALDXILOPFUNCTION, call, d, opcode,
                    "(called through the function of another class)");
    if (c->dxil && !dxil_op_exists_at(op, c->dxil)) {
        chk_version_text(op->dxil, a, sizeof a);
        chk_version_text(c->dxil, b, sizeof b);
        snprintf(buf, sizeof buf, "(needs DXIL %s, module is DXIL %s)", a, b);
        spec_report(c, CHK_SM_OPCODE, call, d, opcode, buf);
    }
    if (c->sm && c->sm < dxil_op_min_shader_model(op)) {
        chk_version_text(dxil_op_min_shader_model(op), a, sizeof a);
        chk_version_text(c->sm, b, sizeof b);
        snprintf(buf, sizeof buf, "(needs shader model %s, module is %s)", a, b);
        spec_report(c, CHK_SM_OPCODE, call, d, opcode, buf);
    }
    const dxil_overload_set *set = dxil_op_overloads_at(op, c->dxil);
    /* The validator reports an overload the op never has elsewhere (DXC's
     * own check); here only one it has from a later DXIL version on. */
    bool later = !c->validator ||
                 dxil_overload_set_allows(dxil_op_overloads_latest(op), &d->ov);
    if (c->dxil && d->ov_ok && set && later && !dxil_op_overload_valid(op, &d->ov, c->dxil)) {
        chk_version_text(c->dxil, b, sizeof b);
        dxil_overload_format(&d->ov, ov, sizeof ov);
        snprintf(buf, sizeof buf, "(overload '%s' not valid at DXIL %s; allowed: %s)", ov, b,
                 set->letters);
        spec_report(c, CHK_INSTR_OLOAD, call, d, opcode, buf);
    }
}

static void chk_stages(spec_ctx *c, const ops_decl *d, LLVMValueRef call, uint32_t opcode,
                       const dxil_op_info *op)
{
    char sm[64], note[64];
    long fi = chk_fn_index(c, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    /* Without a version, or before the op existed (reported already), no stage list applies. */
    uint32_t mask = fi >= 0 && c->dxil && dxil_op_exists_at(op, c->dxil) ? c->masks[fi] : 0;
    for (unsigned s = 0; s < DXIL_SHADER_INVALID; s++) {
        if (!(mask & DXIL_STAGE_BIT(s)) || dxil_op_stage_allowed(op, (dxil_shader_kind)s, c->dxil))
            continue;
        spec_sm_name(c, (int)s, sm, sizeof sm);
        snprintf(note, sizeof note, "(not allowed in stage %s)", dxil_shader_stage_name(s));
        chk_fail_note(c->out, CHK_SM_OPCODE, call, note, op->name, sm, NULL);
    }
    (void)d;
    (void)opcode;
}

/* Reported (opcode, calling function) pairs of one declaration, so each
 * violation is reported once rather than per call. */
typedef struct chk_seen {
    uint32_t opcode;
    LLVMValueRef fn;
} chk_seen;

static bool chk_first(chk_seen **seen, size_t *n, uint32_t opcode, LLVMValueRef fn)
{
    for (size_t i = 0; i < *n; i++)
        if ((*seen)[i].opcode == opcode && (*seen)[i].fn == fn)
            return false;
    chk_seen *p = realloc(*seen, (*n + 1) * sizeof *p);
    if (!p)
        return false;
    *seen = p;
    p[(*n)++] = (chk_seen){opcode, fn};
    return true;
}

static void chk_call(spec_ctx *c, const ops_decl *d, LLVMValueRef call, chk_seen **seen,
                     size_t *nseen)
{
    uint32_t opcode;
    LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    if (!ops_call_opcode(call, &opcode)) {
        if (!c->validator && chk_first(seen, nseen, UINT32_MAX, caller))
            spec_report(c, CHK_INSTR_OPCONST, call, d, UINT32_MAX, NULL);
        return;
    }
    const dxil_op_info *op = dxil_op_by_opcode(c->table, opcode);
    bool first_of_op = chk_first(seen, nseen, opcode, NULL);
    if (!op) {
        if (first_of_op && !c->validator)
            spec_report(c, CHK_INSTR_ILLEGALDXILOPCODE, call, d, opcode, NULL);
        return;
    }
    if (first_of_op)
        chk_static(c, d, call, opcode, op);
    if (chk_first(seen, nseen, opcode, caller))
        chk_stages(c, d, call, opcode, op);
}

static int chk_decls(spec_ctx *c)
{
    ops_decls decls;
    ops_calls calls = {0};
    int status = ops_decls_collect(c->mod, c->table, &decls);
    for (size_t i = 0; status == 0 && i < decls.n; i++) {
        chk_seen *seen = NULL;
        size_t nseen = 0;
        const ops_decl *d = &decls.v[i];
        status = ops_calls_collect(d->fn, &calls);
        if (status == 0 && calls.n && !d->cls && !c->validator)
            spec_report(c, CHK_INSTR_ILLEGALDXILOPFUNCTION, calls.v[0], d, UINT32_MAX,
                        "(not a dx.op function of a known class)");
        for (size_t j = 0; status == 0 && j < calls.n; j++)
            chk_call(c, d, calls.v[j], &seen, &nseen);
        free(seen);
    }
    ops_calls_free(&calls);
    ops_decls_free(&decls);
    return status;
}

static int spec_run(chk_ctx *out, bool validator)
{
    spec_ctx c = {.mod = out->mod, .out = out, .validator = validator, .table = out->table};
    unsigned before = out->violations;
    chk_read_module(&c);
    if (!out->dxil && !out->sm) { /* spec_check alone: the rules read these too */
        out->dxil = c.dxil;
        out->sm = c.sm;
        out->stage = c.module_stage;
    }
    int status = chk_collect_fns(&c);
    if (status == 0) {
        chk_stage_masks(&c);
        status = chk_decls(&c);
    }
    /* Wave sizes and barrier flags: DXC validator rules beyond the op
     * spec (the validator checks barriers with DXC's other op rules). */
    if (status == 0)
        dxc_rules_check(out, validator ? NULL : chk_stages_of, &c);
    free(c.fns);
    free(c.masks);
    if (status != 0) {
        dxil_diags_add(out->diags, DXIL_SEV_ERROR, DXIL_E_CHECK, DXIL_LOC_NONE, 0,
                       "out of memory while checking dx.op calls");
        return -1;
    }
    return (int)(out->violations - before);
}

int spec_check(LLVMModuleRef mod, const dxil_optable *table, dxil_diags *diags)
{
    chk_ctx c = {.mod = mod, .ctx = LLVMGetModuleContext(mod), .diags = diags,
                 .table = table ? table : dxil_optable_builtin(), .stage = -1};
    int n = spec_run(&c, false);
    shim_printer_free(c.printer); /* made by the first report that quotes an instruction */
    return n;
}

int spec_check_validator(chk_ctx *c)
{
    return spec_run(c, true);
}

int dxil_module_check(struct dxil_module *m, const struct dxil_optable *table, dxil_diags *diags)
{
    if (!m || !dxil_module_llvm(m))
        return -1;
    return spec_check(dxil_module_llvm(m), table, diags);
}
