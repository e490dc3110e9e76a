/* legal_gep.c - every memory access through a typed path. LLVM 22
 * has one `ptr` type, and its optimizers address memory by bytes
 * (`getelementptr i8, ptr %a, i32 12`, instcombine's canonical form) or
 * drop the zero indices of a path. DXIL's pointers are typed: DXC's
 * validator rejects an i8 GEP ("I8 can only be used as immediate value
 * ..."), reads it as out of bounds ("Access to out-of-bounds memory is
 * disallowed": 12 bytes into an i8), and the 3.7 bitcode a load of a
 * field through its struct's pointer would need does not exist.
 *
 * So each load, store and atomic whose address is not already a typed
 * path from its object (the writer's rule: every GEP indexes the
 * pointee its base has, and ends on the accessed type;
 * legal_facts_paths.c) is given one: the address is taken apart into
 * the object (an alloca, a global, a dx.op's record or payload pointer,
 * a parameter whose struct the raise recorded), a constant byte offset
 * and dynamic terms (index * bytes, with shl/mul/add folded in), read
 * with the input's datalayout; then a path is found down the object's
 * type - struct fields by offset, array and vector elements by offset
 * and by the terms whose step is a multiple of the element - that ends
 * on the accessed type at offset 0, and built as one `getelementptr
 * inbounds T, ptr %obj, i32 0, ...` (what DXC writes). An address that
 * does not decompose so (type punning, a partial scalar, a pointer
 * through a phi) is left as it was. */
#include "legal_census.h"
#include "legal_facts.h"

#include <stdlib.h>
#include <string.h>

#define LG_MAX_TERMS 16

typedef struct lg_term {
    LLVMValueRef v;
    int64_t scale; /* bytes per unit of v */
} lg_term;

typedef struct lg_addr {
    LLVMValueRef root;
    LLVMTypeRef type; /* the object's type */
    int64_t bytes;
    lg_term terms[LG_MAX_TERMS];
    unsigned n_terms;
    bool bad;
} lg_addr;

/* A path: index l is consts[l] plus the terms assigned to level l. */
typedef struct lg_path {
    unsigned depth;
    LLVMTypeRef pun; /* the scalar there when the access reads it as another
                        scalar of the same size, else NULL */
    LLVMTypeRef vec; /* the vector there when the access is some of its
                        lanes (from `lane`), else NULL */
    unsigned lane;
    int64_t consts[LG_MAX_DEPTH];
    LLVMTypeRef within[LG_MAX_DEPTH]; /* what index l selects in (0: the object) */
    int level[LG_MAX_TERMS];
    int64_t mult[LG_MAX_TERMS];
} lg_path;

typedef struct lg_state {
    lower_ctx *lc;
    LLVMTargetDataRef td;
    legal_list old; /* GEPs that may end up unused */
} lg_state;

/* ---- taking an address apart ---- */

static void lg_add_term(lg_addr *a, LLVMValueRef v, int64_t scale, int depth);

static void lg_term_cb(void *arg, LLVMValueRef index, uint64_t stride)
{
    lg_add_term(arg, index, (int64_t)stride, 0);
}

/* index * scale, with constant factors and offsets folded out of index:
 * shl x, c / mul x, C / add x, C / or disjoint x, C. */
static void lg_add_term(lg_addr *a, LLVMValueRef v, int64_t scale, int depth)
{
    if (LLVMIsAConstantInt(v)) {
        a->bytes += LLVMConstIntGetSExtValue(v) * scale;
        return;
    }
    if (depth < 6 && LLVMIsABinaryOperator(v) && LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
        LLVMValueRef x = LLVMGetOperand(v, 0);
        int64_t c = LLVMConstIntGetSExtValue(LLVMGetOperand(v, 1));
        switch (LLVMGetInstructionOpcode(v)) {
        case LLVMShl:
            if (c >= 0 && c < 31) {
                lg_add_term(a, x, scale << c, depth + 1);
                return;
            }
            break;
        case LLVMMul:
            lg_add_term(a, x, scale * c, depth + 1);
            return;
        case LLVMAdd:
            a->bytes += c * scale;
            lg_add_term(a, x, scale, depth + 1);
            return;
        case LLVMOr:
            if (LLVMGetIsDisjoint(v)) {
                a->bytes += c * scale;
                lg_add_term(a, x, scale, depth + 1);
                return;
            }
            break;
        default:
            break;
        }
    }
    for (unsigned i = 0; i < a->n_terms; i++)
        if (a->terms[i].v == v) {
            a->terms[i].scale += scale;
            return;
        }
    if (a->n_terms == LG_MAX_TERMS) {
        a->bad = true;
        return;
    }
    a->terms[a->n_terms++] = (lg_term){v, scale};
}

static bool lg_decompose(lg_state *st, LLVMValueRef ptr, lg_addr *a)
{
    memset(a, 0, sizeof *a);
    a->root = lg_root_of(ptr);
    a->type = lg_object_type(st->lc, a->root);
    if (!a->type || !LLVMTypeIsSized(a->type))
        return false;
    for (LLVMValueRef p = ptr; p != a->root; p = LLVMGetOperand(p, 0)) {
        int64_t bytes = 0;
        lg_addr *arg = a;
        /* one GEP at a time, so that each index goes through the folding */
        LLVMValueRef base = LLVMGetOperand(p, 0);
        if (!lower_gep_offset(st->td, base, p, &bytes, lg_term_cb, arg))
            return false;
        a->bytes += bytes;
    }
    for (unsigned i = 0; i < a->n_terms; i++)
        if (!a->terms[i].scale)
            a->terms[i--] = a->terms[--a->n_terms];
    return !a->bad;
}

/* ---- a path down the object's type ---- */

/* Terms whose step is a multiple of es go to level l (es > 0). */
static unsigned lg_assign(const lg_addr *a, lg_path *p, unsigned l, uint64_t es)
{
    unsigned taken = 0;
    for (unsigned j = 0; j < a->n_terms; j++)
        if (p->level[j] < 0 && a->terms[j].scale % (int64_t)es == 0) {
            p->level[j] = (int)l;
            p->mult[j] = a->terms[j].scale / (int64_t)es;
            taken++;
        }
    return taken;
}

/* The struct field holding byte off, or -1. */
static int lg_field_at(lg_state *st, LLVMTypeRef t, int64_t off)
{
    unsigned n = LLVMCountStructElementTypes(t);
    for (unsigned i = n; i-- > 0;) {
        uint64_t fo = LLVMOffsetOfElement(st->td, t, i);
        uint64_t fs = LLVMABISizeOfType(st->td, LLVMStructGetTypeAtIndex(t, i));
        if ((uint64_t)off >= fo && (uint64_t)off < fo + fs)
            return (int)i;
    }
    return -1;
}

/* Division rounding down: a negative offset is whole elements back. */
static int64_t lg_floor_div(int64_t x, int64_t d)
{
    int64_t q = x / d;
    return (x % d && (x < 0) != (d < 0)) ? q - 1 : q;
}

/* A constant step back at one level is the same number of elements back
 * in the array below it (`gep i8, (gep i32, %a, %i), -32` into [8 x i32]
 * is element %i - 8), as long as the level below is an array. */
static void lg_rebalance(lg_path *p)
{
    for (unsigned l = 0; l + 1 < p->depth; l++) {
        LLVMTypeRef below = p->within[l + 1];
        if (!p->consts[l] || (l > 0 && LLVMGetTypeKind(p->within[l]) == LLVMStructTypeKind) ||
            LLVMGetTypeKind(below) != LLVMArrayTypeKind)
            continue;
        p->consts[l + 1] += p->consts[l] * (int64_t)LLVMGetArrayLength2(below);
        p->consts[l] = 0;
    }
}

static bool lg_is_scalar(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMIntegerTypeKind || k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ||
           k == LLVMDoubleTypeKind;
}

/* 32- and 64-bit scalars only: a 16-bit value bitcast is refused in a
 * min-precision module ("Bitcast on minprecison types is not allowed"). */
static bool lg_same_size_scalars(lg_state *st, LLVMTypeRef a, LLVMTypeRef b)
{
    if (!lg_is_scalar(a) || !lg_is_scalar(b))
        return false;
    unsigned long long sa = LLVMSizeOfTypeInBits(st->td, a);
    return sa >= 32 && sa == LLVMSizeOfTypeInBits(st->td, b);
}

/* A vector access of fewer lanes than the vector field it is in (SROA
 * reads a float3 from a float4); DXC reads the whole vector. */
static bool lg_part_of_vector(lg_state *st, LLVMTypeRef cur, LLVMTypeRef want, int64_t off,
                              unsigned left)
{
    if (LLVMGetTypeKind(cur) != LLVMVectorTypeKind || LLVMGetTypeKind(want) != LLVMVectorTypeKind ||
        cur == want || left || LLVMGetElementType(cur) != LLVMGetElementType(want))
        return false;
    int64_t es = (int64_t)LLVMABISizeOfType(st->td, LLVMGetElementType(cur));
    return es && off % es == 0 &&
           off / es + LLVMGetVectorSize(want) <= LLVMGetVectorSize(cur);
}

static bool lg_plan(lg_state *st, const lg_addr *a, LLVMTypeRef want, lg_path *p)
{
    memset(p, 0, sizeof *p);
    for (unsigned j = 0; j < a->n_terms; j++)
        p->level[j] = -1;
    LLVMTypeRef cur = a->type;
    uint64_t size = LLVMABISizeOfType(st->td, cur);
    int64_t off = a->bytes;
    if (!size)
        return false;
    p->consts[0] = lg_floor_div(off, (int64_t)size);
    off -= p->consts[0] * (int64_t)size;
    p->within[0] = cur;
    unsigned left = a->n_terms - lg_assign(a, p, 0, size);
    unsigned d = 1;
    while (!(cur == want && off == 0 && !left)) {
        if (d == LG_MAX_DEPTH)
            return false;
        LLVMTypeKind k = LLVMGetTypeKind(cur);
        if (k == LLVMStructTypeKind) {
            int f = lg_field_at(st, cur, off);
            if (f < 0)
                return false;
            off -= (int64_t)LLVMOffsetOfElement(st->td, cur, (unsigned)f);
            p->within[d] = cur;
            p->consts[d++] = f;
            cur = LLVMStructGetTypeAtIndex(cur, (unsigned)f);
        } else if (lg_part_of_vector(st, cur, want, off, left)) {
            p->vec = cur; /* float3 read from a float4 */
            p->lane = (unsigned)(off / (int64_t)LLVMABISizeOfType(st->td, LLVMGetElementType(cur)));
            break;
        } else if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
            LLVMTypeRef e = LLVMGetElementType(cur);
            uint64_t es = LLVMABISizeOfType(st->td, e);
            if (!es || (k == LLVMVectorTypeKind && LLVMGetTypeKind(e) == LLVMIntegerTypeKind &&
                        LLVMGetIntTypeWidth(e) < 8))
                return false;
            p->consts[d] = off / (int64_t)es;
            off %= (int64_t)es;
            p->within[d] = cur;
            left -= lg_assign(a, p, d, es);
            d++;
            cur = e;
        } else if (!off && !left && lg_same_size_scalars(st, cur, want)) {
            p->pun = cur; /* an i32 read of a float field */
            break;
        } else {
            return false; /* a scalar that is not the accessed type */
        }
    }
    p->depth = d;
    lg_rebalance(p);
    return true;
}

/* ---- building it ---- */

static LLVMValueRef lg_as_i32(lower_ctx *lc, LLVMValueRef v)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(lc->ctx);
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    if (w == 32)
        return v;
    return w > 32 ? LLVMBuildTrunc(lc->b, v, i32, "") : LLVMBuildSExt(lc->b, v, i32, "");
}

static LLVMValueRef lg_build(lg_state *st, const lg_addr *a, const lg_path *p)
{
    lower_ctx *lc = st->lc;
    LLVMValueRef idx[LG_MAX_DEPTH];
    bool zero = true;
    for (unsigned l = 0; l < p->depth; l++) {
        LLVMValueRef v = NULL;
        for (unsigned j = 0; j < a->n_terms; j++) {
            if (p->level[j] != (int)l)
                continue;
            LLVMValueRef t = lg_as_i32(lc, a->terms[j].v);
            if (p->mult[j] != 1)
                t = LLVMBuildMul(lc->b, t, lower_i32(lc, (uint64_t)p->mult[j]), "");
            v = v ? LLVMBuildAdd(lc->b, v, t, "") : t;
        }
        if (!v)
            v = lower_i32(lc, (uint64_t)p->consts[l]);
        else if (p->consts[l])
            v = LLVMBuildAdd(lc->b, v, lower_i32(lc, (uint64_t)p->consts[l]), "");
        idx[l] = v;
        zero &= LLVMIsAConstantInt(v) && !LLVMConstIntGetZExtValue(v);
    }
    if (p->depth == 1 && zero)
        return a->root;
    return LLVMBuildInBoundsGEP2(lc->b, a->type, a->root, idx, p->depth, "");
}

/* A load or store of a field as another scalar of its size: the field's
 * own type through the path, and a value bitcast (DXC checks pointer
 * bitcasts, and loads the declared type). */
static void lg_pun(lg_state *st, LLVMValueRef inst, LLVMValueRef np, LLVMTypeRef field)
{
    LLVMBuilderRef b = st->lc->b;
    LLVMValueRef n;
    if (LLVMIsALoadInst(inst)) {
        n = LLVMBuildLoad2(b, field, np, "");
        LLVMValueRef v = LLVMBuildBitCast(b, n, LLVMTypeOf(inst), "");
        lower_replace_named(st->lc, inst, v);
    } else {
        LLVMValueRef v = LLVMBuildBitCast(b, LLVMGetOperand(inst, 0), field, "");
        n = LLVMBuildStore(b, v, np);
        lower_kill(st->lc, inst);
    }
    LLVMSetAlignment(n, LLVMGetAlignment(inst));
    LLVMSetVolatile(n, LLVMGetVolatile(inst));
}

/* A shuffle mask of n lanes: lane + i; or, to merge, lane i of the first
 * operand except lanes [lane, lane + cnt), which come from the second
 * (numbered from m). */
static LLVMValueRef lg_mask(lower_ctx *lc, unsigned n, unsigned m, unsigned lane, unsigned cnt,
                            bool merge)
{
    LLVMValueRef e[64];
    for (unsigned i = 0; i < n && i < 64; i++) {
        unsigned v = merge ? (i >= lane && i < lane + cnt ? m + i - lane : i) : lane + i;
        e[i] = lower_i32(lc, v);
    }
    return LLVMConstVector(e, n < 64 ? n : 64);
}

/* Some lanes of a vector field: the whole vector loaded and shuffled; a
 * store merges its lanes into the loaded vector and stores it whole. */
static void lg_lanes(lg_state *st, LLVMValueRef inst, LLVMValueRef np, LLVMTypeRef vec,
                     unsigned lane)
{
    lower_ctx *lc = st->lc;
    LLVMBuilderRef b = lc->b;
    unsigned m = LLVMGetVectorSize(vec);
    LLVMValueRef whole = LLVMBuildLoad2(b, vec, np, "");
    LLVMSetAlignment(whole, LLVMGetAlignment(inst));
    if (LLVMIsALoadInst(inst)) {
        unsigned n = LLVMGetVectorSize(LLVMTypeOf(inst));
        LLVMValueRef v = LLVMBuildShuffleVector(b, whole, LLVMGetPoison(vec),
                                                lg_mask(lc, n, m, lane, n, false), "");
        lower_replace_named(lc, inst, v);
        return;
    }
    LLVMValueRef val = LLVMGetOperand(inst, 0);
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(val));
    LLVMValueRef e[64];
    for (unsigned i = 0; i < m && i < 64; i++)
        e[i] = i < n ? lower_i32(lc, i) : LLVMGetUndef(LLVMInt32TypeInContext(lc->ctx));
    LLVMValueRef wide = LLVMBuildShuffleVector(b, val, LLVMGetPoison(LLVMTypeOf(val)),
                                               LLVMConstVector(e, m < 64 ? m : 64), "");
    LLVMValueRef merged = LLVMBuildShuffleVector(b, whole, wide, lg_mask(lc, m, m, lane, n, true), "");
    LLVMValueRef s = LLVMBuildStore(b, merged, np);
    LLVMSetAlignment(s, LLVMGetAlignment(inst));
    lower_kill(lc, inst);
}

static void lg_inst(lg_state *st, LLVMValueRef inst)
{
    unsigned op;
    LLVMTypeRef want, root_type = NULL;
    if (!lg_access(inst, &op, &want))
        return;
    LLVMValueRef ptr = LLVMGetOperand(inst, op);
    if (lg_typed(st->lc, st->td, ptr, want, &root_type) || !root_type)
        return;
    lg_addr a;
    lg_path p;
    if (!lg_decompose(st, ptr, &a) || !lg_plan(st, &a, want, &p))
        return;
    if ((p.pun || p.vec) && !LLVMIsALoadInst(inst) && !LLVMIsAStoreInst(inst))
        return; /* an atomic on a punned field stays */
    LLVMPositionBuilderBefore(st->lc->b, inst);
    LLVMValueRef np = lg_build(st, &a, &p);
    if (!np || np == ptr)
        return;
    for (LLVMValueRef g = ptr; LLVMIsAGetElementPtrInst(g); g = LLVMGetOperand(g, 0))
        legal_list_add(&st->old, g);
    if (p.pun)
        lg_pun(st, inst, np, p.pun);
    else if (p.vec)
        lg_lanes(st, inst, np, p.vec, p.lane);
    else
        LLVMSetOperand(inst, op, np);
}

int lower_legal_geps(lower_ctx *lc)
{
    if (!legal_census_may(lc, LEGAL_CENSUS_UNTYPED))
        return 0;
    lc->census_stale = true; /* what it rewrites was counted before */
    lg_state st = {.lc = lc, .td = lc->input_td};
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                lg_inst(&st, i);
    lower_erase_dead(lc); /* punned accesses */
    legal_erase_unused(&st.old);
    legal_list_free(&st.old);
    return 0;
}

bool legal_object_at(lower_ctx *lc, LLVMValueRef ptr, LLVMTypeRef *type, int64_t *offset)
{
    lg_state st = {.lc = lc, .td = lc->input_td};
    lg_addr a;
    if (!lg_decompose(&st, ptr, &a) || a.n_terms)
        return false;
    *type = a.type;
    *offset = a.bytes;
    return true;
}
