/* chk_instr_body.c - DXC's ValidateFunctionBody, one instruction at a
 * time: the LLVM instructions DXIL allows (Instr.Allowed), precise
 * instructions on min precision values, dx.op calls (chk_instr_call.c),
 * undef operands (Instr.NoReadingUninitialized), the integer types of
 * operands and results (Types.I8, Types.IntWidth), the types an alloca,
 * load, store or GEP may have (chk_types.c), constant GEPs past their
 * object (Instr.InBoundsAccess), pointer and min precision bitcasts,
 * division by zero, address space casts, atomics, and where a
 * groupshared pointer comes from. A pointer's pointee comes from the
 * bitcode's typed-pointer facts (chk_env.h); where they are missing the
 * rules that need it are not applied. */
#include "chk_instr.h"
#include "chk_res.h"
#include "chk_types.h"
#include "families.h"

#include "module/llvm_shim.h"
#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

enum { AS_TGSM = 3, AS_GENERIC = 4, AS_NODE_RECORD = 6 };

bool chk_is_dxop_fn(LLVMValueRef fn)
{
    size_t len;
    const char *name = fn ? LLVMGetValueName2(fn, &len) : NULL;
    return name && len > 6 && strncmp(name, "dx.op.", 6) == 0 && LLVMCountParams(fn) >= 1;
}

/* ---- allowed instructions ------------------------------------------------------- */

static bool opcode_allowed(LLVMOpcode op)
{
    switch (op) {
    case LLVMIndirectBr: case LLVMInvoke: case LLVMResume: case LLVMLandingPad:
    case LLVMUnreachable: case LLVMVAArg: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMFence:
    case LLVMUserOp1: case LLVMUserOp2:
    /* LLVM 22 instructions 3.7 never had */
    case LLVMFNeg: case LLVMFreeze: case LLVMCallBr: case LLVMCatchSwitch: case LLVMCatchPad:
    case LLVMCleanupPad: case LLVMCatchRet: case LLVMCleanupRet:
        return false;
    default:
        return true;
    }
}

static bool is_vector_op(LLVMOpcode op)
{
    return op == LLVMExtractElement || op == LLVMInsertElement || op == LLVMShuffleVector;
}

static bool has_fn_attr(LLVMValueRef fn, const char *name)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    return kind && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

/* Libraries, mesh and amplification shaders may also use vector
 * instructions, and unreachable right after a call of a noreturn dx.op. */
static bool allowed_for_lib(const chk_body *b, LLVMValueRef inst, LLVMOpcode op)
{
    int sk = b->c->stage;
    if (!(b->e->lib || sk == DXIL_SHADER_MESH || sk == DXIL_SHADER_AMPLIFICATION))
        return false;
    if (is_vector_op(op))
        return true;
    if (op != LLVMUnreachable)
        return false;
    LLVMValueRef prev = LLVMGetPreviousInstruction(inst);
    LLVMValueRef callee = prev && LLVMIsACallInst(prev) ? LLVMGetCalledValue(prev) : NULL;
    return callee && LLVMIsAFunction(callee) && chk_is_dxop_fn(callee) &&
           has_fn_attr(callee, "noreturn");
}

static bool inst_allowed(const chk_body *b, LLVMValueRef inst, LLVMOpcode op)
{
    bool ok = opcode_allowed(op) && (b->e->sm >= DXIL_VERSION(6, 9) || !is_vector_op(op));
    return ok || allowed_for_lib(b, inst, op);
}

/* ---- precise and min precision ----------------------------------------------------- */

static bool is_min_prec(LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    return LLVMGetTypeKind(t) == LLVMHalfTypeKind ||
           (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 16);
}

static bool is_precise(chk_body *b, LLVMValueRef inst)
{
    if (!b->e->has_precise)
        return false;
    LLVMValueRef md = LLVMGetMetadata(inst, b->e->precise_kind);
    uint64_t v;
    return md && LLVMGetMDNodeNumOperands(md) == 1 && md_operand_uint(md, 0, &v) == 0 && v == 1;
}

static void check_precise(chk_body *b, LLVMValueRef inst)
{
    if (!b->e->min_precision_flag || !is_precise(b, inst))
        return;
    for (int i = 0, n = LLVMGetNumOperands(inst); i < n; i++)
        if (is_min_prec(LLVMGetOperand(inst, (unsigned)i))) {
            chk_fail(b->c, CHK_INSTR_MINPRECISIONNOTPRECISE, inst, NULL);
            return;
        }
}

/* ---- operands ------------------------------------------------------------------------ */

static bool undef_legal(LLVMValueRef inst, LLVMOpcode op, int i)
{
    switch (op) {
    case LLVMPHI: return true;
    case LLVMInsertElement: return i == 0;
    case LLVMShuffleVector: return i == 1;
    case LLVMStore: return i == 0;
    default: (void)inst; return false;
    }
}

static void check_int_type(chk_body *b, LLVMTypeRef t, LLVMValueRef inst)
{
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w == 8)
        chk_fail(b->c, CHK_TYPES_I8, inst, NULL);
    else
        chk_type_valid(b->c, b->e, t, NULL, inst);
}

static void check_operands(chk_body *b, LLVMValueRef inst, LLVMOpcode op)
{
    for (int i = 0, n = LLVMGetNumOperands(inst); i < n; i++) {
        LLVMValueRef v = LLVMGetOperand(inst, (unsigned)i);
        if (!v || LLVMIsABasicBlock(v))
            continue;
        if (LLVMIsUndef(v)) {
            if (!undef_legal(inst, op, i))
                chk_fail(b->c, CHK_INSTR_NOREADINGUNINITIALIZED, inst, NULL);
        } else if (LLVMIsAConstantExpr(v)) {
            for (int k = 0, m = LLVMGetNumOperands(v); k < m; k++)
                if (LLVMIsUndef(LLVMGetOperand(v, (unsigned)k)))
                    chk_fail(b->c, CHK_INSTR_NOREADINGUNINITIALIZED, inst, NULL);
        }
        LLVMTypeRef t = LLVMTypeOf(v);
        if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
            check_int_type(b, t, inst);
    }
}

/* ---- pointees -------------------------------------------------------------------------- */

/* What a GEP's indices reach from its source element type; NULL when a
 * struct index is not a constant. */
static LLVMTypeRef gep_result_elt(LLVMValueRef gep)
{
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    for (int i = 2, n = LLVMGetNumOperands(gep); t && i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
        switch (LLVMGetTypeKind(t)) {
        case LLVMArrayTypeKind: case LLVMVectorTypeKind:
            t = LLVMGetElementType(t);
            break;
        case LLVMStructTypeKind:
            t = LLVMIsAConstantInt(idx) && LLVMConstIntGetZExtValue(idx) <
                                                  LLVMCountStructElementTypes(t)
                    ? LLVMStructGetTypeAtIndex(t, (unsigned)LLVMConstIntGetZExtValue(idx))
                    : NULL;
            break;
        default:
            return NULL;
        }
    }
    return t;
}

/* The pointee of a bitcode pointer type id as an LLVM 22 type. */
static LLVMTypeRef pf_pointee(chk_body *b, uint32_t ptr)
{
    uint32_t p = ptr == BC_PF_NONE ? BC_PF_NONE : chk_env_pointee(b->e, ptr);
    return p == BC_PF_NONE ? NULL : chk_env_type(b->e, b->c->ctx, p);
}

/* What inst's pointer result points to: the facts, else what LLVM 22
 * still says (a GEP's indices, an alloca's type); NULL when not known. */
static LLVMTypeRef result_pointee(chk_body *b, LLVMValueRef inst, const bc_pfinst *pf)
{
    LLVMTypeRef t = pf ? pf_pointee(b, pf->ty) : NULL;
    if (t)
        return t;
    if (LLVMIsAGetElementPtrInst(inst))
        return gep_result_elt(inst);
    if (LLVMIsAAllocaInst(inst))
        return LLVMGetAllocatedType(inst);
    return NULL;
}

/* A pointer value's pointee when the value is a pointer type the walk
 * knows (an instruction of this function with facts, or a global). */
static LLVMTypeRef value_pointee(chk_body *b, LLVMValueRef v)
{
    if (LLVMIsAGlobalVariable(v))
        return LLVMGlobalGetValueType(v);
    if (!LLVMIsAInstruction(v))
        return NULL;
    return result_pointee(b, v, chk_env_inst(b->e, v));
}

/* Types of a pointer-typed type: the pointee of t when t is a pointer
 * and the pointee is known, for chk_type_valid. */
static LLVMTypeRef pointee_if_ptr(chk_body *b, LLVMTypeRef t, LLVMTypeRef (*get)(chk_body *, void *),
                                  void *arg)
{
    return LLVMGetTypeKind(t) == LLVMPointerTypeKind ? get(b, arg) : NULL;
}

static LLVMTypeRef load_result_pointee(chk_body *b, void *inst)
{
    const bc_pfinst *pf = chk_env_inst(b->e, inst);
    return pf ? pf_pointee(b, pf->ty) : NULL;
}

static LLVMTypeRef value_pointee_cb(chk_body *b, void *v)
{
    return value_pointee(b, v);
}

/* ---- result types ---------------------------------------------------------------------- */

static bool only_lifetime_users(LLVMValueRef inst)
{
    for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        LLVMValueRef callee = LLVMIsACallInst(user) ? LLVMGetCalledValue(user) : NULL;
        size_t len;
        const char *name = callee ? LLVMGetValueName2(callee, &len) : NULL;
        if (!name || strncmp(name, "llvm.lifetime.", 14) != 0)
            return false;
    }
    return true;
}

static void check_result_type(chk_body *b, LLVMValueRef inst, LLVMOpcode op, const bc_pfinst *pf)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && !(t = result_pointee(b, inst, pf)))
        return;
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
        return;
    if (LLVMGetIntTypeWidth(t) != 8) {
        chk_type_valid(b->c, b->e, t, NULL, inst);
        return;
    }
    bool lifetime_cast = b->e->sm >= DXIL_VERSION(6, 6) && op == LLVMBitCast &&
                         only_lifetime_users(inst);
    if (!lifetime_cast)
        chk_fail(b->c, CHK_TYPES_I8, inst, NULL);
}

/* ---- per opcode -------------------------------------------------------------------------- */

/* DXC's GEP check of constant indices: the offset they reach plus the
 * result's size must stay within the pointee (32-bit unsigned, as DXC
 * computes it). */
static void check_gep_bounds(chk_body *b, LLVMValueRef gep)
{
    int n = LLVMGetNumOperands(gep);
    for (int i = 1; i < n; i++)
        if (!LLVMIsAConstantInt(LLVMGetOperand(gep, (unsigned)i)))
            return;
    LLVMTypeRef src = LLVMGetGEPSourceElementType(gep), res = gep_result_elt(gep);
    if (!res || n < 2)
        return;
    const chk_layout *dl = &b->e->dl;
    uint64_t off = (uint64_t)LLVMConstIntGetSExtValue(LLVMGetOperand(gep, 1)) *
                   chk_alloc_size(dl, src);
    LLVMTypeRef t = src;
    for (int i = 2; i < n; i++) {
        int64_t idx = LLVMConstIntGetSExtValue(LLVMGetOperand(gep, (unsigned)i));
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            off += chk_field_offset(dl, t, (unsigned)idx);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)idx);
        } else {
            t = LLVMGetElementType(t);
            off += (uint64_t)idx * chk_alloc_size(dl, t);
        }
    }
    uint32_t size = (uint32_t)chk_alloc_size(dl, src), val = (uint32_t)chk_alloc_size(dl, res);
    if ((uint32_t)((uint32_t)off + val) > size)
        chk_fail(b->c, CHK_INSTR_INBOUNDSACCESS, gep, NULL);
}

static bool is_struct(LLVMTypeRef t)
{
    return LLVMGetTypeKind(t) == LLVMStructTypeKind;
}

/* DXC's bitcast rules: a pointer cast keeps the pointee's size; no struct
 * (outside libraries); no type under 32 bits when min precision is on.
 * i8* casts (lifetime markers, SM 6.6+) are not looked at. */
/* "(bitcast [4 x i32]* to float*)": the 3.7 pointees LLVM 22's text
 * does not show. */
static void cast_note(LLVMTypeRef from, LLVMTypeRef to, char *buf, size_t size)
{
    char a[96], b[96];
    snprintf(buf, size, "(bitcast %s* to %s*)", chk_type_name(from, a, sizeof a),
             chk_type_name(to, b, sizeof b));
}

static void check_bitcast(chk_body *b, LLVMValueRef inst, const bc_pfinst *pf)
{
    char note[224] = "";
    LLVMTypeRef from = LLVMTypeOf(LLVMGetOperand(inst, 0)), to = LLVMTypeOf(inst);
    const chk_layout *dl = &b->e->dl;
    if (LLVMGetTypeKind(from) == LLVMPointerTypeKind) {
        LLVMTypeRef pto = pf ? pf_pointee(b, pf->ty) : NULL;
        if (!pto)
            return;
        bool i8p = LLVMGetTypeKind(pto) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(pto) == 8 &&
                   LLVMGetPointerAddressSpace(to) == 0;
        if (b->e->sm >= DXIL_VERSION(6, 6) && i8p)
            return;
        LLVMTypeRef pfrom = pf_pointee(b, pf->src);
        if (!pfrom)
            return;
        cast_note(pfrom, pto, note, sizeof note);
        if (chk_alloc_size(dl, pfrom) != chk_alloc_size(dl, pto)) {
            chk_fail_note(b->c, CHK_INSTR_PTRBITCAST, inst, note, NULL);
            return;
        }
        from = pfrom;
        to = pto;
        while (LLVMGetTypeKind(from) == LLVMArrayTypeKind)
            from = LLVMGetElementType(from);
        while (LLVMGetTypeKind(to) == LLVMArrayTypeKind)
            to = LLVMGetElementType(to);
    }
    if ((is_struct(from) || is_struct(to)) && !b->e->lib) {
        chk_fail_note(b->c, CHK_INSTR_STRUCTBITCAST, inst, note, NULL);
        return;
    }
    if (b->e->min_precision && (chk_store_size(dl, from) < 4 || chk_store_size(dl, to) < 4))
        chk_fail_note(b->c, CHK_INSTR_MINPRECISONBITCAST, inst, note, NULL);
}

static LLVMValueRef strip_gep_bitcast(LLVMValueRef p, bool any_bitcast)
{
    for (int guard = 0; p && guard < 256; guard++) {
        bool gep = LLVMIsAGetElementPtrInst(p) ||
                   (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
        bool cast = any_bitcast ? (LLVMIsABitCastInst(p) ||
                                   (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMBitCast))
                                : LLVMIsABitCastInst(p) != NULL;
        if (!gep && !cast)
            break;
        p = LLVMGetOperand(p, 0);
    }
    return p;
}

static void check_atomic(chk_body *b, LLVMValueRef inst)
{
    LLVMValueRef ptr = LLVMGetOperand(inst, 0);
    LLVMTypeRef elt = LLVMTypeOf(LLVMGetOperand(inst, 1));
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
    if (LLVMGetTypeKind(elt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(elt) == 64 &&
        b->e->sm < DXIL_VERSION(6, 6))
        chk_fail(b->c, CHK_SM_OPCODEININVALIDFUNCTION, inst, "64-bit atomic operations",
                 "Shader Model 6.6+", NULL);
    if (as != AS_TGSM && as != AS_NODE_RECORD)
        chk_fail(b->c, CHK_INSTR_ATOMICOPNONGROUPSHAREDORRECORD, inst, NULL);
    LLVMValueRef base = strip_gep_bitcast(ptr, false);
    if (base && LLVMIsAGlobalVariable(base) && LLVMIsGlobalConstant(base))
        chk_fail(b->c, CHK_INSTR_ATOMICCONST, inst, NULL);
}

static void check_extractvalue(chk_body *b, LLVMValueRef inst)
{
    LLVMValueRef agg = LLVMGetOperand(inst, 0);
    LLVMTypeRef t = LLVMTypeOf(agg);
    if (!is_struct(t) || (!LLVMIsAAtomicCmpXchgInst(agg) && !chk_dxil_builtin_struct(t)))
        chk_fail(b->c, CHK_INSTR_EXTRACTVALUE, inst, NULL);
}

static void check_div(chk_body *b, LLVMValueRef inst, chk_rule r)
{
    LLVMValueRef d = LLVMGetOperand(inst, 1);
    if (LLVMIsAConstantInt(d) && LLVMConstIntGetZExtValue(d) == 0)
        chk_fail(b->c, r, inst, NULL);
}

/* The checks of one opcode; false when DXC stops looking at inst. */
static bool check_opcode(chk_body *b, LLVMValueRef inst, LLVMOpcode op, const bc_pfinst *pf)
{
    chk_ctx *c = b->c;
    switch (op) {
    case LLVMAlloca: {
        LLVMTypeRef t = LLVMGetAllocatedType(inst);
        LLVMTypeRef p = LLVMGetTypeKind(t) == LLVMPointerTypeKind && pf
                            ? pf_pointee(b, chk_env_pointee(b->e, pf->ty))
                            : NULL;
        return chk_type_valid(c, b->e, t, p, inst);
    }
    case LLVMExtractValue:
        check_extractvalue(b, inst);
        return true;
    case LLVMLoad: {
        LLVMTypeRef t = LLVMTypeOf(inst);
        return chk_type_valid(c, b->e, t, pointee_if_ptr(b, t, load_result_pointee, inst), inst);
    }
    case LLVMStore: {
        LLVMValueRef v = LLVMGetOperand(inst, 0);
        LLVMTypeRef t = LLVMTypeOf(v);
        return chk_type_valid(c, b->e, t, pointee_if_ptr(b, t, value_pointee_cb, v), inst);
    }
    case LLVMGetElementPtr: {
        LLVMTypeRef res = result_pointee(b, inst, pf);
        if (res && !chk_type_valid(c, b->e, res, NULL, inst))
            return false;
        check_gep_bounds(b, inst);
        return true;
    }
    case LLVMSDiv: check_div(b, inst, CHK_INSTR_NOIDIVBYZERO); return true;
    case LLVMUDiv: check_div(b, inst, CHK_INSTR_NOUDIVBYZERO); return true;
    case LLVMAddrSpaceCast: {
        unsigned to = LLVMGetPointerAddressSpace(LLVMTypeOf(inst));
        unsigned from = LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(inst, 0)));
        if (to != AS_GENERIC && from != AS_GENERIC)
            chk_fail(c, CHK_INSTR_NOGENERICPTRADDRSPACECAST, inst, NULL);
        return true;
    }
    case LLVMBitCast:
        check_bitcast(b, inst, pf);
        return true;
    case LLVMAtomicCmpXchg: case LLVMAtomicRMW:
        check_atomic(b, inst);
        return true;
    default:
        return true;
    }
}

/* A groupshared pointer must come, through GEPs and bitcasts, from a
 * groupshared global. */
static void check_tgsm_pointer(chk_body *b, LLVMValueRef inst, LLVMOpcode op)
{
    LLVMTypeRef t = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(t) != LLVMPointerTypeKind || LLVMGetPointerAddressSpace(t) != AS_TGSM)
        return;
    bool traced = op == LLVMGetElementPtr || op == LLVMBitCast;
    LLVMValueRef base = traced ? strip_gep_bitcast(LLVMGetOperand(inst, 0), true) : NULL;
    if (!base || !LLVMIsAGlobalVariable(base))
        chk_fail(b->c, CHK_INSTR_FAILTORESLOVETGSMPOINTER, inst, NULL);
}

static void body_inst(chk_body *b, LLVMValueRef inst)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if (!inst_allowed(b, inst, op)) {
        chk_fail(b->c, CHK_INSTR_ALLOWED, inst, NULL);
        return;
    }
    check_precise(b, inst);
    if (op == LLVMCall) {
        LLVMValueRef callee = LLVMGetCalledValue(inst);
        if (callee && LLVMIsAFunction(callee) && LLVMIsDeclaration(callee) &&
            chk_is_dxop_fn(callee))
            chk_instr_dxop_call(b, inst, callee);
        return;
    }
    check_operands(b, inst, op);
    const bc_pfinst *pf = chk_env_inst(b->e, inst);
    check_result_type(b, inst, op, pf);
    if (check_opcode(b, inst, op, pf))
        check_tgsm_pointer(b, inst, op);
}

static void body_function(chk_ctx *c, chk_env *e, LLVMValueRef fn)
{
    chk_body b = {.c = c, .e = e, .dxop = chk_dxop_get(c, e), .fn = fn};
    b.kind = chk_env_kind_of(c, e, fn);
    const chk_fnkind *k = chk_env_entry(e, fn);
    b.has_props = k && !k->patch_constant;
    chk_env_enter(e, fn);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !c->stopped;
         bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !c->stopped;
             i = LLVMGetNextInstruction(i))
            body_inst(&b, i);
    chk_instr_mesh_end(&b);
}

int chk_instr(chk_ctx *c)
{
    chk_env *e = chk_env_get(c);
    if (!e)
        return 0;
    /* DXC builds its resource map first, whether or not an op asks. */
    chk_res_map(c, e);
    for (LLVMValueRef fn = LLVMGetFirstFunction(c->mod); fn && !c->stopped;
         fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            body_function(c, e, fn);
    return 0;
}
