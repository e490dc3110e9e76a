/* raise_conv_break.c - the "dx-break" pass: DXC's dx.break guards go.
 *
 * DXC keeps a block that uses a wave op's result, or makes the op, inside
 * the loop the op is in by making the loop's break conditional on a value
 * only the GPU knows: `%c = icmp eq i32 (load @dx.break.cond), 0` at the
 * top of the entry block (@dx.break.cond is an internal constant zero),
 * and `br i1 %c, label %exit, label %continue`. That is true at run time,
 * so the block leaves the loop there; the false edge only keeps the block
 * in the loop for a driver that derives convergence from the control
 * flow. LLVM 22 folds the load of a constant and with it the guard, and a
 * wave op inside such a block would leave its loop.
 *
 * The convergence tokens (raise_conv_tokens.c, which runs first and reads
 * the loops with the guards in) now say which loop a call belongs to, so
 * the guard is what it is at run time: `br label %exit`. The false edge's
 * target and the values its phis took from the guard's block are kept in
 * !dxu.break (common/side_metadata.h) for the lowering, which puts DXC's
 * guard back where it can (lower_conv_restore.c); the load, the compare
 * and the global go when nothing else uses them. */
#include "raise_internal.h"

#include "common/side_metadata.h"
#include "module/cfg_edit.h"
#include "module/md_util.h"

#include <stdlib.h>
#include <string.h>

typedef struct brk_phi {
    unsigned pos;
    LLVMValueRef v;
} brk_phi;

typedef struct brk_site {
    LLVMValueRef fn;
    LLVMValueRef br; /* the unconditional branch made */
    LLVMBasicBlockRef target;
    brk_phi *phis;
    unsigned n_phis;
} brk_site;

typedef struct brk_state {
    raise_ctx *rc;
    LLVMBuilderRef b;
    LLVMValueRef global;
    brk_site *sites;
    size_t n_sites;
} brk_state;

static bool brk_is_global(LLVMValueRef g)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(g, &len);
    LLVMTypeRef t = LLVMGlobalGetValueType(g);
    LLVMValueRef init = LLVMGetInitializer(g);
    return len == strlen(DXIL_BREAK_COND) && !memcmp(name, DXIL_BREAK_COND, len) &&
           LLVMIsGlobalConstant(g) && init && LLVMIsNull(init) &&
           LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetArrayLength2(t) == 1 &&
           LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMIntegerTypeKind &&
           LLVMGetIntTypeWidth(LLVMGetElementType(t)) == 32;
}

/* The global itself, or a constant GEP of it with zero indices (the form
 * DXC's typed pointers wrote). */
static bool brk_is_address(LLVMValueRef p, LLVMValueRef g)
{
    if (p == g)
        return true;
    if (!LLVMIsAConstantExpr(p) || LLVMGetConstOpcode(p) != LLVMGetElementPtr ||
        LLVMGetOperand(p, 0) != g)
        return false;
    for (int i = 1; i < LLVMGetNumOperands(p); i++)
        if (!LLVMIsNull(LLVMGetOperand(p, i)))
            return false;
    return true;
}

/* `icmp eq (load of the global), 0`: the guard's condition. */
static bool brk_is_condition(LLVMValueRef c, LLVMValueRef g)
{
    if (!LLVMIsAICmpInst(c) || LLVMGetICmpPredicate(c) != LLVMIntEQ)
        return false;
    LLVMValueRef load = LLVMGetOperand(c, 0);
    return LLVMIsALoadInst(load) && brk_is_address(LLVMGetOperand(load, 0), g) &&
           LLVMIsNull(LLVMGetOperand(c, 1)) && LLVMIsAConstantInt(LLVMGetOperand(c, 1));
}

static void brk_copy_metadata(raise_ctx *rc, LLVMValueRef from, LLVMValueRef to)
{
    size_t n = 0;
    LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &n);
    for (unsigned i = 0; i < n; i++)
        LLVMSetMetadata(to, LLVMValueMetadataEntriesGetKind(md, i),
                        LLVMMetadataAsValue(rc->ctx, LLVMValueMetadataEntriesGetMetadata(md, i)));
    if (md)
        LLVMDisposeValueMetadataEntries(md);
}

/* One guard: `br label %exit`, the target's phis without this block. */
static int brk_remove(brk_state *st, LLVMValueRef br)
{
    LLVMBasicBlockRef exit = LLVMGetSuccessor(br, 0), target = LLVMGetSuccessor(br, 1);
    LLVMBasicBlockRef from = LLVMGetInstructionParent(br);
    if (exit == target)
        return 0;
    brk_site *s = realloc(st->sites, (st->n_sites + 1) * sizeof *s);
    if (!s)
        return -1;
    st->sites = s;
    s = &st->sites[st->n_sites];
    *s = (brk_site){.fn = LLVMGetBasicBlockParent(from), .target = target};
    for (LLVMValueRef p = LLVMGetFirstInstruction(target); p && LLVMIsAPHINode(p);
         p = LLVMGetNextInstruction(p))
        s->n_phis++;
    s->phis = calloc(s->n_phis + 1, sizeof *s->phis);
    if (!s->phis)
        return -1;
    st->n_sites++;
    unsigned k = 0;
    for (LLVMValueRef p = LLVMGetFirstInstruction(target), next; p && LLVMIsAPHINode(p); p = next) {
        next = LLVMGetNextInstruction(p);
        for (unsigned i = 0, n = LLVMCountIncoming(p); i < n; i++)
            if (LLVMGetIncomingBlock(p, i) == from) {
                s->phis[k] = (brk_phi){i, LLVMGetIncomingValue(p, i)};
                break;
            }
        k++;
        cfg_phi_without(st->b, p, from);
    }
    LLVMPositionBuilderBefore(st->b, br);
    s->br = LLVMBuildBr(st->b, exit);
    brk_copy_metadata(st->rc, br, s->br);
    LLVMInstructionEraseFromParent(br);
    return 0;
}

/* The function's k-th instruction, block and argument numbers. */
static long brk_inst_index(LLVMValueRef fn, LLVMValueRef v)
{
    long k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i), k++)
            if (i == v)
                return k;
    return -1;
}

static long brk_block_index(LLVMValueRef fn, LLVMBasicBlockRef bb)
{
    long k = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b), k++)
        if (b == bb)
            return k;
    return -1;
}

static long brk_arg_index(LLVMValueRef fn, LLVMValueRef v)
{
    for (unsigned i = 0, n = LLVMCountParams(fn); i < n; i++)
        if (LLVMGetParam(fn, i) == v)
            return i;
    return -1;
}

/* !{i32 pos, i32 kind, X}, or NULL when the value cannot be named. */
static LLVMValueRef brk_phi_node(raise_ctx *rc, LLVMValueRef fn, const brk_phi *p)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(rc->ctx);
    long x = -1;
    unsigned kind = DXU_BREAK_CONST;
    LLVMValueRef ops[3] = {LLVMConstInt(i32, p->pos, 0), NULL, p->v};
    if (LLVMIsAInstruction(p->v)) {
        kind = DXU_BREAK_INST;
        x = brk_inst_index(fn, p->v);
    } else if (LLVMIsAArgument(p->v)) {
        kind = DXU_BREAK_ARG;
        x = brk_arg_index(fn, p->v);
    } else if (!LLVMIsAConstant(p->v) || LLVMIsAGlobalValue(p->v)) {
        return NULL;
    }
    if (kind != DXU_BREAK_CONST) {
        if (x < 0)
            return NULL;
        ops[2] = LLVMConstInt(i32, (unsigned long long)x, 0);
    }
    ops[1] = LLVMConstInt(i32, kind, 0);
    return md_make_node(rc->ctx, ops, 3);
}

/* !dxu.break on each site, counted once every guard and what only the
 * guards used are gone. */
static int brk_record(brk_state *st)
{
    unsigned kind = LLVMGetMDKindIDInContext(st->rc->ctx, DXU_MDK_BREAK, strlen(DXU_MDK_BREAK));
    LLVMTypeRef i32 = LLVMInt32TypeInContext(st->rc->ctx);
    for (size_t i = 0; i < st->n_sites; i++) {
        brk_site *s = &st->sites[i];
        LLVMValueRef fn = s->fn, *ops = calloc(s->n_phis + 1, sizeof *ops);
        if (!ops)
            return -1;
        ops[0] = LLVMConstInt(i32, (unsigned long long)brk_block_index(fn, s->target), 0);
        bool ok = true;
        for (unsigned k = 0; k < s->n_phis && ok; k++)
            ok = (ops[k + 1] = brk_phi_node(st->rc, fn, &s->phis[k])) != NULL;
        if (ok)
            LLVMSetMetadata(s->br, kind, md_make_node(st->rc->ctx, ops, s->n_phis + 1));
        free(ops);
    }
    return 0;
}

static void brk_sites_free(brk_state *st)
{
    for (size_t i = 0; i < st->n_sites; i++)
        free(st->sites[i].phis);
    free(st->sites);
    st->sites = NULL;
    st->n_sites = 0;
}

/* The guards of the conditions in fn's blocks. */
static int brk_function(brk_state *st, LLVMValueRef fn)
{
    int rv = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && rv == 0; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef c = LLVMGetFirstInstruction(bb), next; c && rv == 0; c = next) {
            next = LLVMGetNextInstruction(c);
            if (!brk_is_condition(c, st->global))
                continue;
            for (LLVMUseRef u = LLVMGetFirstUse(c), un; u && rv == 0; u = un) {
                un = LLVMGetNextUse(u);
                LLVMValueRef br = LLVMGetUser(u);
                if (LLVMIsABranchInst(br) && LLVMIsConditional(br) && LLVMGetCondition(br) == c)
                    rv = brk_remove(st, br);
            }
        }
    return rv;
}

/* Whether a record names v (then it stays). */
static bool brk_recorded(const brk_state *st, LLVMValueRef v)
{
    for (size_t i = 0; i < st->n_sites; i++)
        for (unsigned k = 0; k < st->sites[i].n_phis; k++)
            if (st->sites[i].phis[k].v == v)
                return true;
    return false;
}

/* Conditions and loads nothing uses any more, then the global. */
static void brk_sweep(brk_state *st)
{
    for (LLVMUseRef u = LLVMGetFirstUse(st->global), next; u; u = next) {
        next = LLVMGetNextUse(u);
        LLVMValueRef user = LLVMGetUser(u);
        LLVMValueRef load = LLVMIsALoadInst(user) ? user : NULL;
        if (!load)
            continue;
        for (LLVMUseRef c = LLVMGetFirstUse(load), cn; c; c = cn) {
            cn = LLVMGetNextUse(c);
            if (brk_is_condition(LLVMGetUser(c), st->global) && !LLVMGetFirstUse(LLVMGetUser(c)) &&
                !brk_recorded(st, LLVMGetUser(c)))
                LLVMInstructionEraseFromParent(LLVMGetUser(c));
        }
        if (!LLVMGetFirstUse(load) && !brk_recorded(st, load)) {
            if (next && LLVMGetUser(next) == load)
                next = LLVMGetNextUse(next);
            LLVMInstructionEraseFromParent(load);
        }
    }
    if (!LLVMGetFirstUse(st->global))
        LLVMDeleteGlobal(st->global);
}

int raise_conv_break(raise_ctx *rc)
{
    LLVMValueRef g = LLVMGetNamedGlobal(rc->mod, DXIL_BREAK_COND);
    if (!g || !brk_is_global(g))
        return 0;
    brk_state st = {.rc = rc, .global = g, .b = LLVMCreateBuilderInContext(rc->ctx)};
    int rv = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn && rv == 0; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            rv = brk_function(&st, fn);
    if (rv == 0) {
        brk_sweep(&st);
        rv = brk_record(&st);
    }
    brk_sites_free(&st);
    LLVMDisposeBuilder(st.b);
    if (rv != 0)
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "out of memory while removing dx.break guards");
    return rv;
}
