/* bcw_casts.c - the casts the writer makes where a use needs another
 * pointee than its value has (LLVM 22 reinterprets memory freely; 3.7
 * bitcode gives every pointer a pointee), and DXC's rules for them.
 *
 * A cast is what DXC would have written: a zero-index GEP when the
 * wanted type is on the first-element path (a load of element 0 of an
 * array); else a zero-index GEP down to the first element of the wanted
 * size and a bitcast between equal sizes (a float field read as i32);
 * else a bitcast. DXC's validator refuses a pointer bitcast between
 * pointees of different sizes (except to i8* from SM 6.6, for lifetime
 * markers), from or to a struct outside libraries, and from or to a type
 * under 4 bytes with minimum precision: such a cast is refused here
 * (DXIL3004) naming the instruction that needed it, never written. */
#include "bcw_internal.h"

#include "module/md_util.h"
#include "dxil-upgrade/dxil_abi.h"

#include <llvm-c/Target.h>

#include <string.h>

static bool undef_like(LLVMValueRef v)
{
    return LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v) || LLVMIsAConstantPointerNull(v);
}

/* ptr null / undef of the wanted pointer type. */
uint32_t bcw_typed_const(bcw_ctx *c, LLVMValueRef v, uint32_t type)
{
    uint8_t kind = LLVMIsAConstantPointerNull(v) ? VK_TYPED_NULL : VK_TYPED_UNDEF;
    uint32_t key[3] = { 1, kind, type }, e;
    if (bcw_map_get(&c->syn_keys, key, sizeof key, &e))
        return e;
    e = bcw_new_val(c, NULL, type, kind);
    if (!bcw_map_put(&c->syn_keys, key, sizeof key, e))
        c->failed = true;
    return e;
}

/* ---- sizes under DXC's layout ---- */

static uint64_t round_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

static LLVMTypeRef scalar_llvm(bcw_ctx *c, const bcw_type *t)
{
    switch (t->kind) {
    case BT_INT: return LLVMIntTypeInContext(c->llctx, (unsigned)t->count);
    case BT_HALF: return LLVMHalfTypeInContext(c->llctx);
    case BT_FLOAT: return LLVMFloatTypeInContext(c->llctx);
    case BT_DOUBLE: return LLVMDoubleTypeInContext(c->llctx);
    case BT_PTR: return LLVMPointerTypeInContext(c->llctx, t->addrspace);
    default: return NULL;
    }
}

/* Alloc size and ABI alignment as DXC's DataLayout gives them (a vector
 * aligned as its element, an HLSL change); store is the size without
 * tail padding for scalars and vectors. */
static void layout(bcw_ctx *c, uint32_t t, uint64_t *size, uint64_t *align, uint64_t *store)
{
    const bcw_type *ty = &c->types[t];
    uint64_t es, ea, est;
    *size = *store = 0;
    *align = 1;
    LLVMTypeRef s = scalar_llvm(c, ty);
    if (s) {
        LLVMTargetDataRef dl = LLVMGetModuleDataLayout(c->mod);
        *size = LLVMABISizeOfType(dl, s);
        *align = LLVMABIAlignmentOfType(dl, s);
        *store = LLVMStoreSizeOfType(dl, s);
        return;
    }
    if (ty->kind == BT_VECTOR || ty->kind == BT_ARRAY) {
        layout(c, ty->sub[0], &es, &ea, &est);
        *align = ea;
        *size = ty->kind == BT_ARRAY ? ty->count * es : round_up(ty->count * est, ea);
        *store = ty->kind == BT_ARRAY ? *size : ty->count * est;
        return;
    }
    if (ty->kind != BT_STRUCT)
        return;
    uint64_t off = 0, max = 1;
    for (uint32_t i = 0; i < ty->nsub; i++) {
        layout(c, ty->sub[i], &es, &ea, &est);
        ea = ty->packed ? 1 : ea;
        off = round_up(off, ea) + es;
        max = ea > max ? ea : max;
    }
    *align = max;
    *size = *store = round_up(off, max);
}

static uint64_t alloc_size(bcw_ctx *c, uint32_t t)
{
    uint64_t s, a, st;
    layout(c, t, &s, &a, &st);
    return s;
}

/* ---- DXC's rules for a pointer bitcast ---- */

/* The shader model, library-ness and precision the validator reads. */
static void dxc_facts(bcw_ctx *c)
{
    if (c->dxc_facts)
        return;
    c->dxc_facts = true;
    c->min_precision = true;
    LLVMValueRef sm = md_named_operand(c->mod, "dx.shaderModel", 0);
    char kind[16];
    uint64_t major = 0, minor = 0;
    if (sm && md_string(md_operand(sm, 0), kind, sizeof kind) &&
        !md_operand_uint(sm, 1, &major) && !md_operand_uint(sm, 2, &minor)) {
        c->lib = !strcmp(kind, "lib");
        c->sm66 = major > 6 || (major == 6 && minor >= 6);
    }
    LLVMValueRef entry = md_named_operand(c->mod, "dx.entryPoints", 0);
    uint64_t flags = 0;
    if (const_u64(md_tag_value(md_operand(entry, 4), DXIL_ENTRY_SHADER_FLAGS, NULL), &flags) &&
        flags)
        c->min_precision = !(flags & DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION);
}

static uint32_t peel_arrays(const bcw_ctx *c, uint32_t t)
{
    while (c->types[t].kind == BT_ARRAY)
        t = c->types[t].sub[0];
    return t;
}

const char *bcw_bitcast_problem(bcw_ctx *c, uint32_t from, uint32_t to)
{
    const bcw_type *f = &c->types[from], *t = &c->types[to];
    if (f->kind != BT_PTR || t->kind != BT_PTR)
        return NULL;
    dxc_facts(c);
    const bcw_type *tp = &c->types[t->sub[0]];
    if (c->sm66 && t->addrspace == 0 && tp->kind == BT_INT && tp->count == 8)
        return NULL; /* the i8* of a lifetime marker */
    uint32_t fe = f->sub[0], te = t->sub[0];
    if (alloc_size(c, fe) != alloc_size(c, te))
        return "the memory is read as a type of another size, and DXC refuses a pointer "
               "bitcast between sizes (Pointer type bitcast must be have same size)";
    fe = peel_arrays(c, fe);
    te = peel_arrays(c, te);
    if (!c->lib && (c->types[fe].kind == BT_STRUCT || c->types[te].kind == BT_STRUCT))
        return "the memory is read as another type, which needs a pointer bitcast from or to "
               "a struct, and DXC refuses those outside libraries";
    uint64_t s, a, fs, ts;
    layout(c, fe, &s, &a, &fs);
    layout(c, te, &s, &a, &ts);
    if (c->min_precision && (fs < 4 || ts < 4))
        return "the memory is read as another type, which needs a pointer bitcast of a type "
               "under 4 bytes, and DXC refuses those with minimum precision";
    return NULL;
}

/* ---- making a cast ---- */

/* How many first-element steps lead from `from` to `to`, or -1. */
static int zero_depth(const bcw_ctx *c, uint32_t from, uint32_t to)
{
    int depth = 0;
    while (from != to) {
        const bcw_type *t = &c->types[from];
        if (!(t->kind == BT_ARRAY || t->kind == BT_VECTOR || t->kind == BT_STRUCT) || !t->nsub)
            return -1;
        from = t->sub[0];
        depth++;
    }
    return depth;
}

/* The deepest first element of `from` (depth > 0) as large as `to`, so
 * that a bitcast between equal sizes reaches `to`; 0 when none. */
static int same_size_depth(bcw_ctx *c, uint32_t from, uint32_t to, uint32_t *elem)
{
    uint64_t want = alloc_size(c, to);
    int depth = 0, best = 0;
    for (;;) {
        const bcw_type *t = &c->types[from];
        if (!(t->kind == BT_ARRAY || t->kind == BT_STRUCT) || !t->nsub)
            return best;
        from = t->sub[0];
        depth++;
        uint64_t s = alloc_size(c, from);
        if (s < want)
            return best;
        if (s == want) {
            best = depth;
            *elem = from;
        }
    }
}

static uint32_t new_cast(bcw_ctx *c, uint32_t src, uint32_t want, uint8_t op, int depth,
                         bool constant)
{
    uint32_t key[4] = { 2, op, src, want }, e;
    if (constant && bcw_map_get(&c->syn_keys, key, sizeof key, &e))
        return e;
    uint32_t ops[34] = { src };
    uint32_t nops = 1;
    if (op == SYN_GEP0) {
        if (depth > 32)
            depth = 32;
        LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(c->llctx), 0, 0);
        for (int i = 0; i <= depth; i++)
            ops[nops++] = bcw_val_of(c, zero);
    }
    e = bcw_new_val(c, NULL, want, constant ? VK_SYN_CEXPR : VK_SYN_INST);
    c->vals[e].syn_op = op;
    bcw_set_ops(c, e, ops, nops);
    if (constant && !bcw_map_put(&c->syn_keys, key, sizeof key, e))
        c->failed = true;
    if (!constant && c->cur &&
        bcw_grow(c, (void **)&c->cur->insts, &c->cur->cap, c->cur->ninsts + 1,
                 sizeof *c->cur->insts))
        c->cur->insts[c->cur->ninsts++] = (bcw_inst){ e, true };
    return e;
}

static bool is_lifetime_user(const bcw_ctx *c)
{
    LLVMValueRef fn = c->cur_inst && LLVMIsACallInst(c->cur_inst)
                          ? LLVMGetCalledValue(c->cur_inst) : NULL;
    return fn && LLVMIsAFunction(fn) && bcw_intrinsic_name37(LLVMGetValueName(fn));
}

static uint32_t make_cast(bcw_ctx *c, uint32_t src, uint32_t want, bool constant)
{
    uint32_t have = c->vals[src].type;
    const bcw_type *h = &c->types[have], *to = &c->types[want];
    if (h->addrspace != to->addrspace)
        return new_cast(c, src, want, SYN_ASCAST, 0, constant);
    uint32_t hp = h->sub[0], tp = to->sub[0], as = h->addrspace;
    int depth = zero_depth(c, hp, tp);
    if (depth > 0)
        return new_cast(c, src, want, SYN_GEP0, depth, constant);
    /* DXC's validator judges bitcast instructions only (a constant
     * expression such as a library handle global's cast in dx.resources
     * is DXC's own form), and a lifetime marker takes DXC's i8* cast. */
    const char *why = constant || is_lifetime_user(c) ? NULL : bcw_bitcast_problem(c, have, want);
    if (!why)
        return new_cast(c, src, want, SYN_BITCAST, 0, constant);
    uint32_t elem = BCW_NONE;
    depth = same_size_depth(c, hp, tp, &elem);
    if (depth > 0 && !bcw_bitcast_problem(c, bcw_type_ptr(c, elem, as), want)) {
        uint32_t mid = new_cast(c, src, bcw_type_ptr(c, elem, as), SYN_GEP0, depth, constant);
        return new_cast(c, mid, want, SYN_BITCAST, 0, constant);
    }
    bcw_error(c, c->cur_inst, "%s", why);
    return new_cast(c, src, want, SYN_BITCAST, 0, constant);
}

static bool is_constant_kind(uint8_t k)
{
    return k == VK_GLOBAL || k == VK_FUNC || k == VK_CONST || k == VK_CEXPR ||
           k == VK_SYN_CEXPR || k == VK_TYPED_NULL || k == VK_TYPED_UNDEF;
}

/* The entry for operand v where its user needs type `want` (BCW_NONE: any). */
uint32_t bcw_operand(bcw_ctx *c, LLVMValueRef v, uint32_t want)
{
    uint32_t e = bcw_val_of(c, v);
    if (want == BCW_NONE || c->vals[e].type == want || c->failed)
        return e;
    bool ptrs = c->types[c->vals[e].type].kind == BT_PTR && c->types[want].kind == BT_PTR;
    if (!ptrs) {
        bcw_error(c, v, "an operand's type differs from what its user needs");
        return e;
    }
    if (undef_like(v))
        return bcw_typed_const(c, v, want);
    bool constant = is_constant_kind(c->vals[e].kind);
    if (!constant && !c->cur) {
        bcw_error(c, v, "a pointer outside a function needs a cast");
        return e;
    }
    /* A cast instruction goes before its user: never before a phi, whose
     * operand would need it at the end of a predecessor. */
    if (!constant && c->cur_inst && LLVMIsAPHINode(c->cur_inst)) {
        bcw_error(c, c->cur_inst, "the phi joins pointers to memory of different types, and "
                                  "3.7 bitcode needs one pointee for all of them");
        return e;
    }
    return make_cast(c, e, want, constant);
}
