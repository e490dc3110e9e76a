/* bcw_build.c - pass 1: every global, function and instruction becomes an
 * entry whose operands are resolved to entries of the types their users
 * need (bcw_values.c), in the order the function block will list them. */
#include "bcw_internal.h"

#include "bitcode/bitcode_types.h"
#include "module/llvm_shim.h"

#include <llvm-c/Target.h>

#include <stdlib.h>
#include <string.h>

/* Intrinsics whose 3.7 name and signature differ from LLVM 22's: the
 * lifetime markers lost their size operand and gained a pointer suffix. */
static const struct {
    const char *name22, *name37;
} renamed[] = {
    { "llvm.lifetime.start.p0", "llvm.lifetime.start" },
    { "llvm.lifetime.end.p0", "llvm.lifetime.end" },
    /* what LLVM 22's upgrade leaves of a 3.7 marker on a non-alloca: the
     * calls are gone, the declaration stays (DXC's validator wants the 3.7
     * name) */
    { "llvm.lifetime.start.i64", "llvm.lifetime.start" },
    { "llvm.lifetime.end.i64", "llvm.lifetime.end" },
};

const char *bcw_intrinsic_name37(const char *name)
{
    for (size_t i = 0; i < sizeof renamed / sizeof *renamed; i++)
        if (!strcmp(name, renamed[i].name22))
            return renamed[i].name37;
    return NULL;
}

static bool is_lifetime(LLVMValueRef fn)
{
    return fn && LLVMIsAFunction(fn) && bcw_intrinsic_name37(LLVMGetValueName(fn));
}

/* void (i64, i8*): the 3.7 lifetime marker. */
static uint32_t lifetime_type(bcw_ctx *c)
{
    uint32_t params[2] = { bcw_type_simple(c, BT_INT, 64),
                           bcw_type_ptr(c, bcw_type_simple(c, BT_INT, 8), 0) };
    return bcw_type_func(c, bcw_type_simple(c, BT_VOID, 0), params, 2, false);
}

uint32_t bcw_intrinsic_type(bcw_ctx *c, LLVMValueRef fn)
{
    return is_lifetime(fn) ? lifetime_type(c) : BCW_NONE;
}

uint32_t bcw_callee_type(bcw_ctx *c, LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (is_lifetime(fn))
        return lifetime_type(c);
    if (fn && LLVMIsAFunction(fn))
        return bcw_func_type(c, fn);
    return bcw_type_from_llvm(c, LLVMGetCalledFunctionType(call));
}

static bool add_inst(bcw_ctx *c, uint32_t e, bool has_value)
{
    bcw_func *f = c->cur;
    if (!bcw_grow(c, (void **)&f->insts, &f->cap, f->ninsts + 1, sizeof *f->insts))
        return false;
    f->insts[f->ninsts++] = (bcw_inst){ e, has_value };
    return true;
}

static uint32_t ptr_to(bcw_ctx *c, uint32_t pointee, LLVMValueRef ptr)
{
    return bcw_type_ptr(c, pointee, LLVMGetPointerAddressSpace(LLVMTypeOf(ptr)));
}

static bool unused_cast_of(LLVMValueRef i, LLVMValueRef p)
{
    return LLVMIsABitCastInst(i) && LLVMGetOperand(i, 0) == p && !LLVMGetFirstUse(i);
}

/* The unused `bitcast p` nearest before inst (LLVM 22's upgrade left the
 * marker's own i8* cast behind and pointed the marker at the alloca);
 * else one in another block that dominates inst: clang's end marker
 * reused its start's cast (8 corpus files). */
static LLVMValueRef lifetime_cast(LLVMValueRef inst, LLVMValueRef p)
{
    for (LLVMValueRef i = LLVMGetPreviousInstruction(inst); i; i = LLVMGetPreviousInstruction(i))
        if (unused_cast_of(i, p))
            return i;
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef i = LLVMGetUser(u);
        if (unused_cast_of(i, p) && LLVMGetInstructionParent(i) != LLVMGetInstructionParent(inst) &&
            shim_dominates(i, inst))
            return i;
    }
    return NULL;
}

static uint64_t round_up(uint64_t v, uint64_t align)
{
    return align > 1 ? (v + align - 1) / align * align : v;
}

/* A type's alloc size and ABI alignment as DXC's DataLayout has them:
 * LLVM's, but a vector is aligned as its element (an HLSL change), so
 * <6 x float> takes 24 bytes where LLVM 22 gives it 32; arrays and
 * structs follow from their elements. */
static void dxc_layout(LLVMTargetDataRef dl, LLVMTypeRef t, uint64_t *size, uint64_t *align)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    uint64_t es, ea;
    if (k == LLVMVectorTypeKind || k == LLVMArrayTypeKind) {
        LLVMTypeRef e = LLVMGetElementType(t);
        uint64_t n = k == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : LLVMGetArrayLength2(t);
        dxc_layout(dl, e, &es, &ea);
        *align = ea;
        *size = k == LLVMArrayTypeKind ? n * es
                                       : round_up((n * LLVMSizeOfTypeInBits(dl, e) + 7) / 8, ea);
    } else if (k == LLVMStructTypeKind) {
        uint64_t off = 0, max = 1;
        bool packed = LLVMIsPackedStruct(t);
        for (unsigned i = 0, n = LLVMCountStructElementTypes(t); i < n; i++) {
            dxc_layout(dl, LLVMStructGetTypeAtIndex(t, i), &es, &ea);
            ea = packed ? 1 : ea;
            off = round_up(off, ea) + es;
            max = ea > max ? ea : max;
        }
        *align = max;
        *size = round_up(off, max);
    } else {
        *size = LLVMABISizeOfType(dl, t);
        *align = LLVMABIAlignmentOfType(dl, t);
    }
}

/* The 3.7 lifetime call: [i64 size, i8* ptr, callee]; the size DXC's
 * layout gives the alloca. */
static void lifetime_ops(bcw_ctx *c, LLVMValueRef inst, uint32_t *ops)
{
    LLVMValueRef p = LLVMGetOperand(inst, 0);
    uint64_t size = ~0ull, align;
    if (LLVMIsAAllocaInst(p))
        dxc_layout(LLVMGetModuleDataLayout(c->mod), LLVMGetAllocatedType(p), &size, &align);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(p)))
        bcw_error(c, inst, "a lifetime marker outside address space 0 has no 3.7 form");
    ops[0] = bcw_val_of(c, LLVMConstInt(LLVMInt64TypeInContext(c->llctx), size, 0));
    LLVMValueRef cast = lifetime_cast(inst, p);
    ops[1] = bcw_operand(c, cast ? cast : p, bcw_type_ptr(c, bcw_type_simple(c, BT_INT, 8), 0));
    ops[2] = bcw_val_of(c, LLVMGetCalledValue(inst));
}

static void call_ops(bcw_ctx *c, LLVMValueRef inst, uint32_t *ops, unsigned n)
{
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (is_lifetime(callee)) {
        lifetime_ops(c, inst, ops);
        return;
    }
    uint32_t fty = bcw_callee_type(c, inst); /* may grow c->types: index after */
    uint32_t *params = c->types[fty].sub + 1, nparams = c->types[fty].nsub - 1;
    for (unsigned i = 0; i + 1 < n; i++)
        ops[i] = bcw_operand(c, LLVMGetOperand(inst, i), i < nparams ? params[i] : BCW_NONE);
    ops[n - 1] = bcw_operand(c, callee, BCW_NONE);
}

/* What each operand's user needs, by opcode. */
static uint32_t want_of(bcw_ctx *c, LLVMValueRef inst, LLVMOpcode op, unsigned i,
                        const uint32_t *ops)
{
    LLVMValueRef o = LLVMGetOperand(inst, i);
    switch (op) {
    case LLVMLoad:
        return ptr_to(c, bcw_type_from_llvm(c, LLVMTypeOf(inst)), o);
    case LLVMStore:
        return i == 1 ? ptr_to(c, c->vals[ops[0]].type, o) : BCW_NONE;
    case LLVMGetElementPtr:
        return i == 0 ? ptr_to(c, bcw_type_from_llvm(c, LLVMGetGEPSourceElementType(inst)), o)
                      : BCW_NONE;
    case LLVMAtomicCmpXchg:
    case LLVMAtomicRMW:
        return i == 0 ? ptr_to(c, bcw_type_from_llvm(c, LLVMTypeOf(LLVMGetOperand(inst, 1))), o)
                      : BCW_NONE;
    case LLVMICmp:
        return i == 1 ? c->vals[ops[0]].type : BCW_NONE;
    case LLVMSelect:
        return i == 2 ? c->vals[ops[1]].type : BCW_NONE;
    case LLVMPHI:
        return bcw_val_type(c, bcw_val_of(c, inst));
    case LLVMRet:
        return bcw_type_sub(c, bcw_func_type(c, c->cur->fn), 0);
    default:
        return BCW_NONE;
    }
}

static const LLVMOpcode refused[] = {
    LLVMFreeze, LLVMCallBr, LLVMInvoke, LLVMLandingPad, LLVMResume, LLVMCleanupPad,
    LLVMCatchPad, LLVMCatchRet, LLVMCatchSwitch, LLVMCleanupRet, LLVMIndirectBr, LLVMVAArg,
};

static bool refuse(bcw_ctx *c, LLVMValueRef inst, LLVMOpcode op)
{
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
        if (op == refused[i]) {
            bcw_error(c, inst, "this instruction has no LLVM 3.7 form the DXIL reader accepts");
            return true;
        }
    return false;
}

/* fneg x is written as 3.7 wrote it: fsub -0.0, x. */
static void fneg_ops(bcw_ctx *c, LLVMValueRef inst, uint32_t *ops)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    LLVMTypeRef et = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
    LLVMValueRef nz = LLVMConstReal(et, -0.0);
    if (et != t) {
        unsigned n = LLVMGetVectorSize(t);
        LLVMValueRef *el = malloc(n * sizeof *el);
        if (!el) {
            c->failed = true;
            return;
        }
        for (unsigned i = 0; i < n; i++)
            el[i] = nz;
        nz = LLVMConstVector(el, n);
        free(el);
    }
    ops[0] = bcw_val_of(c, nz);
    ops[1] = bcw_operand(c, LLVMGetOperand(inst, 0), BCW_NONE);
}

/* LLVM 22 keeps a shuffle's mask out of its operands; 3.7 wants it as a
 * constant <n x i32> operand (undef for an undefined element). */
static uint32_t shuffle_mask(bcw_ctx *c, LLVMValueRef inst)
{
    unsigned n = LLVMGetNumMaskElements(inst);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(c->llctx);
    LLVMValueRef *el = calloc(n ? n : 1, sizeof *el);
    if (!el) {
        c->failed = true;
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        int m = LLVMGetMaskValue(inst, i);
        el[i] = m == LLVMGetUndefMaskElem() ? LLVMGetUndef(i32) : LLVMConstInt(i32, (unsigned)m, 0);
    }
    uint32_t e = bcw_val_of(c, LLVMConstVector(el, n));
    free(el);
    return e;
}

/* [cond, default, (case value, block)...], the operands 3.7 had. */
static uint32_t *switch_ops(bcw_ctx *c, LLVMValueRef inst, uint32_t *nops)
{
    unsigned cases = shim_switch_num_cases(inst);
    uint32_t *ops = bcw_alloc_ops(c, 2 + 2 * (size_t)cases);
    if (!ops)
        return NULL;
    ops[0] = bcw_operand(c, LLVMGetOperand(inst, 0), BCW_NONE);
    ops[1] = bcw_val_of(c, LLVMBasicBlockAsValue(LLVMGetSwitchDefaultDest(inst)));
    for (unsigned i = 0; i < cases; i++) {
        LLVMBasicBlockRef bb = NULL;
        ops[2 + 2 * i] = bcw_val_of(c, shim_switch_case(inst, i, &bb));
        ops[3 + 2 * i] = bcw_val_of(c, LLVMBasicBlockAsValue(bb));
    }
    *nops = 2 + 2 * cases;
    return ops;
}

/* An LLVM intrinsic whose name carries LLVM 22's pointer mangling (.p0)
 * and is not one this writer gives its 3.7 form (llvm.memcpy.p0.p0.i32:
 * 3.7 spelled it .p0i8.p0i8.i32 with another signature, and DXIL has no
 * memcpy). */
static bool modern_intrinsic(LLVMValueRef callee)
{
    const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName(callee) : "";
    if (strncmp(name, "llvm.", 5) || bcw_intrinsic_name37(name))
        return false;
    for (const char *p = strstr(name, ".p"); p; p = strstr(p + 1, ".p"))
        if (p[2] >= '0' && p[2] <= '9')
            return true;
    return false;
}

/* The writer puts a cast it makes just before the instruction using it:
 * before a phi that breaks the block (phis first) and dominance (the
 * value comes in over an edge). An incoming pointer whose pointee type is
 * not the phi's, other than a constant (cast in place), is refused. */
static void phi_check_casts(bcw_ctx *c, LLVMValueRef phi, const uint32_t *ops, unsigned n)
{
    for (unsigned i = 0; i < n && !c->failed; i++)
        if (c->vals[ops[i]].kind == VK_SYN_INST)
            bcw_error(c, phi, "incoming value %u is a pointer to another type than the phi's "
                              "and would need a cast, which cannot stand before a phi", i);
}

static void build_inst(bcw_ctx *c, LLVMValueRef inst)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if (refuse(c, inst, op))
        return;
    if (op == LLVMCall && modern_intrinsic(LLVMGetCalledValue(inst))) {
        bcw_error(c, inst, "this LLVM intrinsic is not DXIL: DXC's validator refuses it in a "
                           "container, so its 3.7 form is not written");
        return;
    }
    const char *no37 = op == LLVMCall ? bcw_intrinsic_refusal(c, LLVMGetCalledValue(inst)) : NULL;
    if (no37) {
        bcw_error(c, inst, "this LLVM intrinsic has no LLVM 3.7 form (%s): DXC's reader would "
                           "take it for an external function, which DXIL does not have", no37);
        return;
    }
    c->cur_inst = inst;
    unsigned n = (unsigned)LLVMGetNumOperands(inst);
    bool life = op == LLVMCall && is_lifetime(LLVMGetCalledValue(inst));
    uint32_t nops = life ? 3 : op == LLVMFNeg ? 2 : op == LLVMShuffleVector ? 3 : n;
    uint32_t *ops = op == LLVMSwitch ? switch_ops(c, inst, &nops)
                                     : bcw_alloc_ops(c, nops);
    if (!ops) {
        c->failed = true;
        return;
    }
    if (op == LLVMSwitch)
        ;
    else if (op == LLVMCall)
        call_ops(c, inst, ops, life ? 3 : n);
    else if (op == LLVMFNeg)
        fneg_ops(c, inst, ops);
    else
        for (unsigned i = 0; i < n; i++)
            ops[i] = bcw_operand(c, LLVMGetOperand(inst, i), want_of(c, inst, op, i, ops));
    if (op == LLVMShuffleVector)
        ops[2] = shuffle_mask(c, inst);
    if (op == LLVMPHI)
        phi_check_casts(c, inst, ops, n);
    uint32_t e = bcw_val_of(c, inst);
    /* A used bitcast LLVM 22 kept (an unused one is a lifetime marker's
     * i8* cast) must be one DXC accepts. */
    const char *why = op == LLVMBitCast && LLVMGetFirstUse(inst) && !c->failed
                          ? bcw_bitcast_problem(c, bcw_val_type(c, ops[0]), bcw_val_type(c, e))
                          : NULL;
    if (why)
        bcw_error(c, inst, "%s", why);
    c->vals[e].ops = ops;
    c->vals[e].nops = nops;
    add_inst(c, e, LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMVoidTypeKind);
    c->cur_inst = NULL;
}

static int build_function(bcw_ctx *c, bcw_func *f)
{
    c->cur = f;
    f->nargs = LLVMCountParams(f->fn);
    f->nblocks = LLVMCountBasicBlocks(f->fn);
    f->args = calloc(f->nargs + 1, sizeof *f->args);
    f->blocks = calloc(f->nblocks + 1, sizeof *f->blocks);
    if (!f->args || !f->blocks)
        return -1;
    for (uint32_t i = 0; i < f->nargs; i++)
        f->args[i] = bcw_val_of(c, LLVMGetParam(f->fn, i));
    uint32_t b = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb))
        f->blocks[b++] = bcw_val_of(c, LLVMBasicBlockAsValue(bb));
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f->fn); bb && !c->failed;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !c->failed;
             i = LLVMGetNextInstruction(i))
            build_inst(c, i);
    c->cur = NULL;
    return c->failed ? -1 : 0;
}

static void build_globals(bcw_ctx *c)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); g; g = LLVMGetNextGlobal(g)) {
        uint32_t e = bcw_val_of(c, g);
        LLVMValueRef init = LLVMGetInitializer(g);
        if (!init)
            continue;
        uint32_t ie = bcw_operand(c, init, c->types[c->vals[e].type].sub[0]);
        if (!(c->vals[e].ops = bcw_alloc_ops(c, 1)))
            return;
        c->vals[e].ops[0] = ie;
        c->vals[e].nops = 1;
    }
    if (LLVMGetFirstGlobalAlias(c->mod))
        bcw_error(c, LLVMGetFirstGlobalAlias(c->mod), "global aliases are not DXIL");
}

/* The name a function is written under (LLVM intrinsics: 3.7's). */
static const char *name37(bcw_ctx *c, LLVMValueRef f)
{
    return bcw_fn_name37(c, f);
}

/* An unused declaration whose 3.7 name another function has: LLVM 22's
 * upgrade of a lifetime marker leaves the old declaration (renamed
 * .i64) beside the new one; 3.7 has one name for both. */
static bool shadowed(bcw_ctx *c, LLVMValueRef f)
{
    if (!LLVMIsDeclaration(f) || LLVMGetFirstUse(f))
        return false;
    for (LLVMValueRef g = LLVMGetFirstFunction(c->mod); g; g = LLVMGetNextFunction(g))
        if (g != f && !strcmp(name37(c, g), name37(c, f)) && (LLVMGetFirstUse(g) || g < f))
            return true;
    return false;
}

static bool placed(bcw_ctx *c, LLVMValueRef f)
{
    if (shadowed(c, f))
        return true;
    for (size_t i = 0; i < c->nfns; i++)
        if (c->fns[i] == f)
            return true;
    return false;
}

/* The functions in the input's order where the options give it. */
static int order_functions(bcw_ctx *c)
{
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
        n++;
    if (!(c->fns = calloc(n + 1, sizeof *c->fns)))
        return -1;
    const bcw_options *o = c->opts;
    const char *const *order = o ? o->fn_order : NULL;
    size_t norder = o ? o->nfn_order : 0;
    if (!norder && o && o->restypes && o->restypes->nfunctions) {
        order = (const char *const *)o->restypes->functions;
        norder = o->restypes->nfunctions;
    }
    /* name -> function, the first unshadowed one of each 3.7 name */
    bcw_map by_name = { 0 };
    LLVMValueRef *all = calloc(n + 1, sizeof *all);
    uint32_t i = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); all && f; f = LLVMGetNextFunction(f), i++) {
        all[i] = f;
        const char *nm = name37(c, f);
        uint32_t had;
        if (!shadowed(c, f) && !bcw_map_get(&by_name, nm, strlen(nm), &had))
            bcw_map_put(&by_name, nm, strlen(nm), i);
    }
    for (size_t k = 0; all && k < norder; k++) {
        uint32_t at;
        if (bcw_map_get(&by_name, order[k], strlen(order[k]), &at) && !placed(c, all[at]))
            c->fns[c->nfns++] = all[at];
    }
    free(all);
    bcw_map_free(&by_name);
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
        if (!placed(c, f))
            c->fns[c->nfns++] = f;
    return 0;
}

int bcw_build(bcw_ctx *c)
{
    build_globals(c);
    if (order_functions(c))
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < c->nfns; i++) {
        bcw_val_of(c, c->fns[i]);
        n += !LLVMIsDeclaration(c->fns[i]);
    }
    c->funcs = calloc(n + 1, sizeof *c->funcs);
    if (!c->funcs)
        return -1;
    for (size_t i = 0; i < c->nfns && !c->failed; i++) {
        LLVMValueRef f = c->fns[i];
        const char *why = LLVMGetFirstUse(f) ? NULL : bcw_intrinsic_refusal(c, f);
        if (why) /* an unused declaration: its calls name it otherwise */
            bcw_error(c, f, "this LLVM intrinsic has no LLVM 3.7 form (%s)", why);
        if (!LLVMIsDeclaration(f)) {
            c->funcs[c->nfuncs].fn = f;
            if (build_function(c, &c->funcs[c->nfuncs++]))
                return -1;
        }
    }
    return c->failed ? -1 : 0;
}

void bcw_funcs_free(bcw_ctx *c)
{
    for (size_t i = 0; i < c->nfuncs; i++) {
        free(c->funcs[i].insts);
        free(c->funcs[i].args);
        free(c->funcs[i].blocks);
    }
    free(c->funcs);
    free(c->fns);
}
