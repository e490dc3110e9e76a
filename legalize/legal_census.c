/* legal_census.c - one walk over every instruction that records
 * which constructs the legalization passes after it act on (freeze,
 * unreachable, vectors, odd integer widths, selects and phis of pointers
 * or structs, accesses through untyped addresses). On DXC's own DXIL,
 * raised, none occurs, and each of those passes returns at once instead
 * of walking every instruction again through LLVM-C (docs/performance.md, "Lowering:
 * the legalization's cost"). Each judgement is the pass's own test, so a
 * pass skips only what it would have left alone. */
#include "legal_census.h"
#include "legal_facts.h"

#include <stdint.h>
#include <stdlib.h>

bool legal_census_may(const lower_ctx *lc, unsigned what)
{
    return !lc->census_taken || lc->census_stale || (lc->census & what);
}

/* What a type is, as the census asks: a vector, an integer of an odd
 * width (legal-int-widths: not 1, 16, 32 or 64 bits), a pointer, a
 * struct; a function type is what its parameters and result are (a
 * variadic one counts as a vector: its extra arguments are not judged).
 * Types are unique in their context: each is judged once, the rest of
 * the walk compares pointers. */
enum { CT_VECTOR = 1, CT_NARROW = 2, CT_POINTER = 4, CT_STRUCT = 8 };
#define CENSUS_TYPES 64

typedef struct census {
    lower_ctx *lc;
    unsigned md_cbload; /* for sd_kind */
    unsigned found;
    LLVMTypeRef type[CENSUS_TYPES];
    unsigned char what[CENSUS_TYPES];
} census;

static unsigned census_type(census *c, LLVMTypeRef t);

static unsigned census_fn_type(census *c, LLVMTypeRef t)
{
    unsigned w = census_type(c, LLVMGetReturnType(t)) & (CT_VECTOR | CT_NARROW);
    unsigned n = LLVMCountParamTypes(t);
    LLVMTypeRef small[16], *params = n <= 16 ? small : malloc(n * sizeof *params);
    if (!params || LLVMIsFunctionVarArg(t))
        w |= CT_VECTOR;
    if (params)
        LLVMGetParamTypes(t, params);
    for (unsigned k = 0; params && k < n; k++)
        w |= census_type(c, params[k]) & (CT_VECTOR | CT_NARROW);
    if (params != small)
        free(params);
    return w;
}

static unsigned census_judge(census *c, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVectorTypeKind:
        return CT_VECTOR;
    case LLVMIntegerTypeKind: {
        unsigned bits = LLVMGetIntTypeWidth(t);
        return bits != 1 && bits != 16 && bits != 32 && bits != 64 ? CT_NARROW : 0;
    }
    case LLVMPointerTypeKind:
        return CT_POINTER;
    case LLVMStructTypeKind:
        return CT_STRUCT;
    case LLVMFunctionTypeKind:
        return census_fn_type(c, t);
    default:
        return 0;
    }
}

static unsigned census_type(census *c, LLVMTypeRef t)
{
    unsigned h = (unsigned)(((uintptr_t)t >> 4) % CENSUS_TYPES);
    if (c->type[h] == t)
        return c->what[h];
    unsigned w = census_judge(c, t);
    c->type[h] = t;
    c->what[h] = (unsigned char)w;
    return w;
}

/* Whether the instruction's operands can have a type its result does not
 * show. LLVM's verifier gives binary operators, selects, phis and freeze
 * operands of their result's type (a select's condition is i1, or a
 * vector when the result is), a branch an i1, a load and a GEP pointers
 * and indices (narrow indices legal-int-widths leaves alone; vector ones
 * make a vector result); calls are judged by the callee's type. An
 * operand that is an instruction was judged as that instruction, so only
 * constants and arguments are at stake. */
static bool census_reads_operands(LLVMOpcode op)
{
    switch (op) {
    case LLVMAdd: case LLVMFAdd: case LLVMSub: case LLVMFSub: case LLVMMul: case LLVMFMul:
    case LLVMUDiv: case LLVMSDiv: case LLVMFDiv: case LLVMURem: case LLVMSRem: case LLVMFRem:
    case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
    case LLVMFNeg: case LLVMSelect: case LLVMPHI: case LLVMFreeze: case LLVMBr:
    case LLVMLoad: case LLVMGetElementPtr: case LLVMCall:
        return false;
    default:
        return true;
    }
}

/* legal-int-widths leaves stores' and switches' operands alone (memory;
 * iw_touches), and calls' (dx.op immediates). */
static bool census_narrow_operands(LLVMOpcode op)
{
    return op != LLVMCall && op != LLVMStore && op != LLVMGetElementPtr && op != LLVMSwitch;
}

/* The flags of instruction i's operands' types, those that matter. */
static unsigned census_operands(census *c, LLVMValueRef i, LLVMOpcode op)
{
    if (op == LLVMCall)
        return census_type(c, LLVMGetCalledFunctionType(i)) & CT_VECTOR;
    if (!census_reads_operands(op))
        return 0;
    unsigned w = 0, want = CT_VECTOR | (census_narrow_operands(op) ? CT_NARROW : 0);
    int n = LLVMGetNumOperands(i);
    for (int k = 0; k < n && (w & want) != want; k++)
        w |= census_type(c, LLVMTypeOf(LLVMGetOperand(i, k)));
    return w & want;
}

static void census_inst(census *c, LLVMValueRef i)
{
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    unsigned tw = census_type(c, LLVMTypeOf(i));
    switch (op) {
    case LLVMFreeze:
        c->found |= LEGAL_CENSUS_FREEZE;
        break;
    case LLVMUnreachable:
        c->found |= LEGAL_CENSUS_UNREACHABLE;
        break;
    case LLVMInsertValue:
        c->found |= LEGAL_CENSUS_AGGREGATE;
        break;
    case LLVMSelect:
    case LLVMPHI:
        c->found |= (tw & CT_POINTER ? LEGAL_CENSUS_PTR_CHOICE : 0) |
                    (tw & CT_STRUCT ? LEGAL_CENSUS_AGGREGATE : 0);
        break;
    case LLVMLoad:
    case LLVMStore:
    case LLVMAtomicRMW:
    case LLVMAtomicCmpXchg:
        if (!(c->found & LEGAL_CENSUS_UNTYPED) && legal_access_untyped(c->lc, i))
            c->found |= LEGAL_CENSUS_UNTYPED;
        break;
    default:
        break;
    }
    bool vector_alloca = op == LLVMAlloca && sd_width(LLVMGetAllocatedType(i));
    unsigned ow = census_operands(c, i, op);
    if (tw & CT_NARROW || ow & CT_NARROW)
        c->found |= LEGAL_CENSUS_NARROW;
    /* sd_kind finds work only where a vector is made or read */
    if (tw & CT_VECTOR || ow & CT_VECTOR || vector_alloca) {
        c->found |= LEGAL_CENSUS_VECTOR;
        if (!(c->found & LEGAL_CENSUS_LANES) && (vector_alloca || sd_kind(c->md_cbload, i) != SD_NONE))
            c->found |= LEGAL_CENSUS_LANES;
    }
}

int lower_legal_census(lower_ctx *lc)
{
    /* what earlier passes replaced goes first, where legal-freeze, which
     * may now skip, always erased it */
    lower_erase_dead(lc);
    census *c = calloc(1, sizeof *c);
    if (!c)
        return 0; /* no census: every pass runs */
    c->lc = lc;
    c->md_cbload = lc->side.cbuffer_load;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                census_inst(c, i);
    lc->census = c->found;
    lc->census_taken = true;
    lc->census_stale = false;
    free(c);
    return 0;
}
