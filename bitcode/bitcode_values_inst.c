/* bitcode_values_inst.c - the value model's FUNCTION_BLOCK part: the
 * numbering of instruction results (which GEP index and call checks
 * need), those checks, and, when the typed-pointer facts are wanted
 * (bitcode_ptrfacts.h), the type of every result and of the pointer or
 * cast operand of each instruction, in 3.7's record layouts. */
#include "bitcode_values_internal.h"

#include <stdlib.h>
#include <string.h>

/* Instruction codes whose result is never void (LLVM 22 LLVMBitCodes.h):
 * BINOP 2 .. CMP 9, PHI 16, ALLOCA 19, LOAD 20, VAARG 23, EXTRACTVAL 26,
 * INSERTVAL 27, CMP2 28, VSELECT 29, INBOUNDS_GEP_OLD 30, CMPXCHG_OLD 37,
 * ATOMICRMW_OLD 38, LANDINGPAD_OLD 40, LOADATOMIC 41, GEP 43, CMPXCHG 46,
 * LANDINGPAD 47, CATCHPAD 50, CLEANUPPAD 51, CATCHSWITCH 52, UNOP 56,
 * FREEZE 58, ATOMICRMW 59. Calls (INVOKE 13, CALL 34, CALLBR 57) depend on
 * the callee's return type; everything else defines no value. */
#define BCV_BIT(c) (1ull << (c))
static const uint64_t bcv_value_codes =
    BCV_BIT(2) | BCV_BIT(3) | BCV_BIT(4) | BCV_BIT(5) | BCV_BIT(6) | BCV_BIT(7) | BCV_BIT(8) |
    BCV_BIT(9) | BCV_BIT(16) | BCV_BIT(19) | BCV_BIT(20) | BCV_BIT(23) | BCV_BIT(26) |
    BCV_BIT(27) | BCV_BIT(28) | BCV_BIT(29) | BCV_BIT(30) | BCV_BIT(37) | BCV_BIT(38) |
    BCV_BIT(40) | BCV_BIT(41) | BCV_BIT(43) | BCV_BIT(46) | BCV_BIT(47) | BCV_BIT(50) |
    BCV_BIT(51) | BCV_BIT(52) | BCV_BIT(56) | BCV_BIT(58) | BCV_BIT(59);
#undef BCV_BIT

void bcv_function_enter(bcv_model *m)
{
    m->seen_body = true;
    m->fn_base = m->n_vals;
    m->fn_lost = m->next_body >= m->n_bodies;
    uint32_t fty = m->fn_lost ? BCV_NONE : bcv_function_type(m, m->bodies[m->next_body++]);
    if (m->pf)
        bcp_body_begin(m->pf, fty);
    const bcv_type *t = bcv_type_at(m, fty);
    if (!t) {
        m->fn_lost = true;
        return;
    }
    size_t params = bcv_param_list(m, t);
    for (uint32_t i = 0; i < t->n; i++) {
        if (bcv_add_other(m) != 0)
            m->fn_lost = true; /* out of memory: stop following */
        else if (params + i < m->n_fields)
            m->vals[m->n_vals - 1].vty1 = m->fields[params + i] + 1;
    }
}

/* A value-type pair as getValueTypePair reads it: the absolute value id,
 * BCV_NONE for a forward reference (its type follows). false at the end. */
/* An instruction operand as an absolute value id (relative ids from
 * MODULE_CODE_VERSION 1; a forward reference wraps past n_vals). */
static uint32_t bcv_operand_id(const bcv_model *m, uint64_t op)
{
    uint32_t v = (uint32_t)op;
    return m->version >= 1 ? m->n_vals - v : v;
}

static bool bcv_pair(const bcv_model *m, const uint64_t *ops, size_t n, size_t *at, uint32_t *id)
{
    if (*at >= n)
        return false;
    uint32_t v = bcv_operand_id(m, ops[(*at)++]);
    if (v < m->n_vals) {
        *id = v;
        return true;
    }
    *id = BCV_NONE;
    return (*at)++ < n;
}

/* INST_GEP [flags, source type, base pair, index pairs...] */
static int bcv_gep_inst(bcv_model *m, const uint64_t *ops, size_t n)
{
    if (n < 3)
        return 0;
    if (ops[2] >= m->n_types)
        return bcv_undefined_source(m, ops[2]);
    uint32_t ty = (uint32_t)ops[2], id;
    size_t at = 3;
    if (!bcv_pair(m, ops, n, &at, &id) || !bcv_pair(m, ops, n, &at, &id))
        return 0; /* base, then the first index, which steps over the pointer */
    for (size_t level = 1; bcv_pair(m, ops, n, &at, &id); level++) {
        const bcv_value *v = id != BCV_NONE ? &m->vals[id] : NULL;
        int rc = bcv_step(m, &ty, v, true, level);
        if (rc != 0)
            return rc < 0 ? rc : 0;
    }
    return 0;
}

/* CALL [attrs, cc, fmf?, fnty?, callee, ...], INVOKE [attrs, cc, normal,
 * unwind, fnty?, callee, ...]: where the callee pair starts and the
 * explicit function type (BCV_NONE: none). */
static size_t bcv_call_layout(const uint64_t *ops, size_t n, uint32_t *fnty)
{
    bool invoke = ops[0] == 13;
    size_t at = invoke ? 5 : 3 + (n >= 3 && (ops[2] >> 17) & 1); /* CALL_FMF */
    bool explicit = n >= 3 && (ops[2] >> (invoke ? 13 : 15)) & 1;
    *fnty = explicit && at < n && ops[at] < BCV_I32 ? (uint32_t)ops[at] : BCV_NONE;
    return at + explicit;
}

static bool bcv_is_function_value(const bcv_model *m, uint32_t id)
{
    return id < m->n_vals && m->vals[id].fn;
}

static int bcv_function_argument(bcv_model *m, uint32_t id)
{
    return bcv_fail(m, "a call passes function value %u as an argument (DXIL has no function "
                    "pointers; LLVM's intrinsic upgrade would rewrite that call)", id);
}

/* A call's arguments from `at`: one relative value id per fixed parameter
 * (labels and metadata are other numberings), then value-type pairs for
 * the variadic rest. LLVM 22's reader upgrades every call among an old
 * intrinsic's users as if the intrinsic were its callee; one that takes it
 * as an argument ends in llvm_unreachable. Names come after the bodies in
 * LLVM 3.7 streams, so every module function is refused as an argument. */
static int bcv_call_args(bcv_model *m, const uint64_t *ops, size_t n, size_t at,
                         const bcv_type *ft)
{
    size_t first = bcv_param_list(m, ft);
    for (uint32_t i = 0; i < ft->n && at < n; i++, at++) {
        const bcv_type *pt = first + i < m->n_fields ? bcv_type_at(m, m->fields[first + i]) : NULL;
        if (!pt || (pt->kind != BCV_K_POINTER && pt->code != 25)) /* POINTER, OPAQUE_POINTER */
            continue; /* a function value has a pointer type */
        uint32_t id = bcv_operand_id(m, ops[at]);
        if (bcv_is_function_value(m, id))
            return bcv_function_argument(m, id);
    }
    for (uint32_t id; bcv_pair(m, ops, n, &at, &id);)
        if (id != BCV_NONE && bcv_is_function_value(m, id))
            return bcv_function_argument(m, id);
    return 0;
}

/* A call is a value unless its function type returns void. The type is
 * the explicit one, else the callee's when that is a module function.
 * LLVM 3.7 required the two to agree; LLVM 22 (opaque pointers) no longer
 * checks, and its intrinsic upgrade crashes on a call whose type differs
 * from the declaration's (llvm.lifetime.* with three arguments). */
static int bcv_call(bcv_model *m, const uint64_t *ops, size_t n)
{
    uint32_t fnty, callee;
    size_t at = bcv_call_layout(ops, n, &fnty);
    const bcv_value *cv = NULL;
    if (n >= 3 && bcv_pair(m, ops, n, &at, &callee) && callee != BCV_NONE &&
        m->vals[callee].fn && m->vals[callee].ty != BCV_NONE)
        cv = &m->vals[callee];
    if (cv && fnty != BCV_NONE && !bcv_type_same(m, fnty, cv->ty, 0))
        return bcv_fail(m, "call's explicit function type %u is not the type %u of the "
                        "function it calls (value %u)", fnty, cv->ty, callee);
    if (fnty == BCV_NONE && cv)
        fnty = cv->ty;
    if (fnty == BCV_NONE) {
        m->fn_lost = true;
        return 0;
    }
    const bcv_type *ft = bcv_type_at(m, fnty);
    if (ft && ft->kind == BCV_K_FUNCTION && bcv_call_args(m, ops, n, at, ft) != 0)
        return -1;
    const bcv_type *rt = ft && ft->kind == BCV_K_FUNCTION ? bcv_type_at(m, ft->ref) : NULL;
    return rt && rt->kind == BCV_K_VOID ? 0 : bcv_add_other(m);
}

/* SHUFFLEVEC [vec1 pair, vec2, mask pair]: LLVM 22 casts the mask to a
 * constant vector of integers without checking; anything else (an
 * instruction, a forward reference, an i32, a vector holding an
 * expression) crashed getShuffleMask. IR requires a constant <n x i32> of
 * integers and undef, and constants precede the instructions. */
static int bcv_shuffle(bcv_model *m, const uint64_t *ops, size_t n)
{
    size_t at = 1;
    uint32_t id;
    if (!bcv_pair(m, ops, n, &at, &id) || ++at >= n || !bcv_pair(m, ops, n, &at, &id))
        return 0; /* too short: LLVM rejects it */
    const bcv_value *v = id != BCV_NONE ? &m->vals[id] : NULL;
    const bcv_type *t = v ? bcv_type_at(m, v->ty) : NULL;
    if (!v || !v->mask || !t || t->code != 12 || !bcv_is_i32(m, t->ref))
        return bcv_fail(m, "shufflevector mask is not a constant vector of i32 integers "
                        "defined before it");
    return 0;
}

static int bcv_follow(bcv_model *m, const uint64_t *ops, size_t n)
{
    uint64_t code = ops[0];
    if (m->lost || m->fn_lost)
        return 0;
    if (code == 43) {
        int rc = bcv_gep_inst(m, ops, n);
        if (rc != 0)
            return rc;
    }
    if (code == 8 && bcv_shuffle(m, ops, n) != 0) /* SHUFFLEVEC */
        return -1;
    if (code == 13 || code == 34)
        return bcv_call(m, ops, n);
    if (code == 57) /* CALLBR: not followed */
        return m->fn_lost = true, 0;
    return code < 64 && (bcv_value_codes >> code) & 1 ? bcv_add_other(m) : 0;
}

/* ---- typed-pointer facts ------------------------------------------------- */

/* A defined value's type id, BCV_NONE when the model does not know it. */
static uint32_t bcv_value_type(const bcv_model *m, uint32_t id)
{
    if (id >= m->n_vals)
        return BCV_NONE;
    const bcv_value *v = &m->vals[id];
    if (v->vty1)
        return v->vty1 - 1;
    if (v->fn || v->ty == BCV_NONE)
        return BCV_NONE;
    return v->ty == BCV_I32 ? m->ty_i32 : v->ty;
}

/* A value-type pair's type: the defined value's, or the one written after
 * a forward reference. Advances *at like bcv_pair; BCV_NONE at the end. */
static uint32_t bcv_pair_type(const bcv_model *m, const uint64_t *ops, size_t n, size_t *at)
{
    if (*at >= n)
        return BCV_NONE;
    uint32_t v = bcv_operand_id(m, ops[(*at)++]);
    if (v < m->n_vals)
        return bcv_value_type(m, v);
    return *at < n && ops[*at] < m->n_types ? (uint32_t)ops[(*at)++] : ((*at)++, BCV_NONE);
}

/* A plain operand's (no type written) type, BCV_NONE for a forward one. */
static uint32_t bcv_plain_type(const bcv_model *m, uint64_t op)
{
    return bcv_value_type(m, bcv_operand_id(m, op));
}

static const bcv_type *bcv_kind_at(const bcv_model *m, uint32_t id, uint8_t kind)
{
    const bcv_type *t = id < m->n_types ? &m->types[id] : NULL;
    return t && t->kind == kind ? t : NULL;
}

static uint32_t bcv_field(const bcv_model *m, const bcv_type *t, uint32_t i)
{
    return t && i < t->n_raw ? m->fields[t->raw + i] : BCV_NONE;
}

static uint32_t bcv_pointee(const bcv_model *m, uint32_t ptr)
{
    return bcv_field(m, bcv_kind_at(m, ptr, BCV_K_POINTER), 0);
}

/* An aggregate's element at constant index idx (array/vector: any). */
static uint32_t bcv_member(const bcv_model *m, uint32_t ty, uint32_t idx)
{
    const bcv_type *t = ty < m->n_types ? &m->types[ty] : NULL;
    if (!t)
        return BCV_NONE;
    if (t->kind == BCV_K_ARRAY) /* ARRAY and VECTOR [count, element] */
        return bcv_field(m, t, 1);
    if (t->kind == BCV_K_STRUCT && t->code != 6 && idx < t->n)
        return m->fields[t->ref + idx];
    return BCV_NONE;
}

/* i1, or <n x i1> for a vector comparison. */
static uint32_t bcv_cmp_type(const bcv_model *m, uint32_t operand)
{
    const bcv_type *t = operand < m->n_types ? &m->types[operand] : NULL;
    if (!t || t->code != 12)
        return m->ty_i1;
    uint32_t vec[2] = {bcv_field(m, t, 0), m->ty_i1};
    return bcv_find_type(m, 12, vec, 2);
}

/* GEP [inbounds, source type, base pair, index pairs...]: a pointer to
 * what the indices reach, in the base's address space. */
static void bcv_gep_facts(const bcv_model *m, const uint64_t *ops, size_t n, bc_pfinst *f)
{
    size_t at = 3;
    uint32_t src = (uint32_t)ops[2], id;
    f->src = bcv_pair_type(m, ops, n, &at);
    const bcv_type *base = bcv_kind_at(m, f->src, BCV_K_POINTER);
    if (!base)
        return; /* a vector of pointers, or not known */
    if (bcv_field(m, base, 0) != src && !bcv_type_same(m, bcv_field(m, base, 0), src, 0))
        f->flags |= BC_PF_MISMATCH;
    if (at < n && !bcv_pair(m, ops, n, &at, &id))
        return; /* the first index steps over the pointer */
    uint32_t ty = src;
    while (ty != BCV_NONE && bcv_pair(m, ops, n, &at, &id)) {
        const bcv_value *v = id != BCV_NONE ? &m->vals[id] : NULL;
        ty = bcv_member(m, ty, v && v->cint ? v->low : UINT32_MAX);
    }
    uint32_t as = bcv_field(m, base, 1);
    f->ty = ty == BCV_NONE ? BCV_NONE : bcv_ptr_to(m, ty, as == BCV_NONE ? 0 : as);
}

/* LOAD [ptr pair, ty?, align, vol] (LOADATOMIC: two more fields). */
static void bcv_load_facts(const bcv_model *m, const uint64_t *ops, size_t n, bc_pfinst *f)
{
    size_t at = 1, extra = ops[0] == 41 ? 5 : 3;
    f->src = bcv_pair_type(m, ops, n, &at);
    uint32_t pointee = bcv_pointee(m, f->src);
    f->ty = pointee;
    if (at + extra == n && ops[at] < m->n_types) {
        f->ty = (uint32_t)ops[at];
        if (pointee != BCV_NONE && pointee != f->ty && !bcv_type_same(m, pointee, f->ty, 0))
            f->flags |= BC_PF_MISMATCH;
    }
}

/* STORE [ptr pair, value pair, ...]; STORE_OLD [ptr pair, value, ...]. */
static void bcv_store_facts(const bcv_model *m, const uint64_t *ops, size_t n, bc_pfinst *f)
{
    size_t at = 1;
    f->src = bcv_pair_type(m, ops, n, &at);
    uint32_t pointee = bcv_pointee(m, f->src);
    uint32_t val = ops[0] == 24 ? (at < n ? bcv_plain_type(m, ops[at]) : BCV_NONE)
                                : bcv_pair_type(m, ops, n, &at);
    if (pointee != BCV_NONE && val != BCV_NONE && pointee != val &&
        !bcv_type_same(m, pointee, val, 0))
        f->flags |= BC_PF_MISMATCH;
}

/* CALL [attrs, cc, ...]: the function type's return type, the function
 * type, the attribute list and a module function callee. */
static void bcv_call_facts(const bcv_model *m, const uint64_t *ops, size_t n, bc_pfinst *f)
{
    uint32_t fnty, callee = BCV_NONE;
    size_t at = bcv_call_layout(ops, n, &fnty);
    if (!(n >= 3 && bcv_pair(m, ops, n, &at, &callee) && callee != BCV_NONE &&
          m->vals[callee].fn))
        callee = BCV_NONE;
    if (fnty == BCV_NONE && callee != BCV_NONE)
        fnty = m->vals[callee].ty;
    const bcv_type *ft = bcv_kind_at(m, fnty, BCV_K_FUNCTION);
    f->ty = ft ? ft->ref : BCV_NONE;
    f->src = ft ? fnty : BCV_NONE;
    f->attrs = n >= 2 && ops[1] < BCV_NONE ? (uint32_t)ops[1] : 0;
    f->callee = callee;
}

/* The remaining codes whose result type one operand gives. */
static void bcv_simple_facts(const bcv_model *m, const uint64_t *ops, size_t n, bc_pfinst *f)
{
    size_t at = 1;
    uint32_t t;
    switch (ops[0]) {
    case 2: case 29: case 7: case 27: /* BINOP, VSELECT, INSERTELT, INSERTVAL */
        f->ty = bcv_pair_type(m, ops, n, &at);
        break;
    case 3: /* CAST [op pair, destty, opc] */
        f->src = bcv_pair_type(m, ops, n, &at);
        f->ty = at < n && ops[at] < m->n_types ? (uint32_t)ops[at] : BCV_NONE;
        break;
    case 6: /* EXTRACTELT */
        f->ty = bcv_member(m, bcv_pair_type(m, ops, n, &at), 0);
        break;
    case 8: { /* SHUFFLEVEC [v1 pair, v2, mask pair]: elements of v1, mask's count */
        uint32_t elt = bcv_member(m, bcv_pair_type(m, ops, n, &at), 0);
        at++;
        const bcv_type *mt = bcv_kind_at(m, bcv_pair_type(m, ops, n, &at), BCV_K_ARRAY);
        uint32_t vec[2] = {bcv_field(m, mt, 0), elt};
        f->ty = mt && elt != BCV_NONE ? bcv_find_type(m, 12, vec, 2) : BCV_NONE;
        break;
    }
    case 9: case 28: /* CMP, CMP2 */
        t = bcv_pair_type(m, ops, n, &at);
        f->ty = t == BCV_NONE ? BCV_NONE : bcv_cmp_type(m, t);
        break;
    case 16: case 23: /* PHI [ty, ...]; VAARG [listty, list, ty] */
        f->ty = ops[0] == 16 ? (n > 1 ? (uint32_t)ops[1] : BCV_NONE) : n > 3 ? (uint32_t)ops[3]
                                                                             : BCV_NONE;
        break;
    case 19: /* ALLOCA [type, opty, op, align]: bit 6 of align: type is the allocated one */
        if (n >= 5)
            f->ty = ops[4] & 64 ? bcv_ptr_to(m, (uint32_t)ops[1], 0) : (uint32_t)ops[1];
        break;
    case 26: /* EXTRACTVAL [agg pair, indices...] */
        t = bcv_pair_type(m, ops, n, &at);
        while (t != BCV_NONE && at < n)
            t = bcv_member(m, t, ops[at] > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)ops[at++]);
        f->ty = t;
        break;
    case 38: /* ATOMICRMW [ptr pair, value, op, ...]: the pointee */
        f->src = bcv_pair_type(m, ops, n, &at);
        f->ty = bcv_pointee(m, f->src);
        break;
    case 46: { /* CMPXCHG [ptr pair, cmp pair, new, ...]: {T, i1} */
        f->src = bcv_pair_type(m, ops, n, &at);
        uint32_t st[3] = {0, bcv_pair_type(m, ops, n, &at), m->ty_i1};
        f->ty = st[1] == BCV_NONE ? BCV_NONE : bcv_find_type(m, 18, st, 3);
        break;
    }
    default:
        break;
    }
    if (f->ty >= m->n_types)
        f->ty = BCV_NONE;
}

static bc_pfinst bcv_inst_facts(const bcv_model *m, const uint64_t *ops, size_t n)
{
    bc_pfinst f = {.ty = BCV_NONE, .src = BCV_NONE, .callee = BCV_NONE,
                   .code = ops[0] < 256 ? (uint8_t)ops[0] : 255};
    switch (ops[0]) {
    case 43:
        if (n >= 3)
            bcv_gep_facts(m, ops, n, &f);
        break;
    case 20: case 41: bcv_load_facts(m, ops, n, &f); break;
    case 44: case 45: case 24: bcv_store_facts(m, ops, n, &f); break;
    case 34: bcv_call_facts(m, ops, n, &f); break;
    default: bcv_simple_facts(m, ops, n, &f); break;
    }
    return f;
}

/* FUNCTION records that are not instructions: DECLAREBLOCKS, DEBUG_LOC,
 * DEBUG_LOC_AGAIN and the debug records of LLVM 19 on (the walker counts
 * the same way, bitcode_record_checks.c). */
static bool bcv_is_inst(uint64_t code)
{
    return !(code == 1 || code == 33 || code == 35 || code >= 60);
}

int bcv_instruction(bcv_model *m, const uint64_t *ops, size_t n)
{
    bool facts = m->pf && !m->lost && !m->fn_lost && bcv_is_inst(ops[0]);
    bc_pfinst f = facts ? bcv_inst_facts(m, ops, n) : (bc_pfinst){0};
    uint32_t before = m->n_vals;
    int rc = bcv_follow(m, ops, n);
    if (!facts || rc != 0)
        return rc;
    if (m->n_vals == before + 1 && f.ty != BCV_NONE)
        m->vals[before].vty1 = f.ty + 1;
    return bcp_inst(m->pf, f);
}
