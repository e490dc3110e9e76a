/* chk_env.c - the module as DXC's validator sees it (chk_env.h): entry
 * kinds and patch constant functions from dx.entryPoints, the min
 * precision mode from entry 0's shader flags (as DxilModule loads it),
 * DXC's data layout from the datalayout the module was written with, and
 * the bitcode's typed-pointer facts lined up with LLVM 22's
 * instructions. */
#include "chk_env.h"
#include "chk_dxop.h"
#include "chk_instr.h"
#include "chk_res.h"

#include "module/llvm_shim.h"
#include "module/md_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- data layout ----------------------------------------------------------- */

/* DXC's layout for min precision (its default); a module's own string
 * overrides what it spells. */
static void layout_defaults(chk_layout *dl)
{
    static const chk_layout def = {{4, 4, 4, 4, 8}, {4, 4, 8}, 4};
    *dl = def;
}

static int layout_int_slot(unsigned bits)
{
    switch (bits) {
    case 1: return 0;
    case 8: return 1;
    case 16: return 2;
    case 32: return 3;
    case 64: return 4;
    default: return -1;
    }
}

/* "iN:abi[:pref]", "fN:abi[:pref]", "p[n]:size:abi[:pref]" entries. */
static void layout_entry(chk_layout *dl, const char *s, size_t len)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return;
    memcpy(buf, s, len);
    buf[len] = '\0';
    unsigned a = 0, b = 0;
    if (buf[0] == 'i' && sscanf(buf + 1, "%u:%u", &a, &b) == 2) {
        int slot = layout_int_slot(a);
        if (slot >= 0)
            dl->int_align[slot] = b / 8 ? b / 8 : 1;
    } else if (buf[0] == 'f' && sscanf(buf + 1, "%u:%u", &a, &b) == 2) {
        int slot = a == 16 ? 0 : a == 32 ? 1 : a == 64 ? 2 : -1;
        if (slot >= 0)
            dl->fp_align[slot] = b / 8 ? b / 8 : 1;
    } else if (buf[0] == 'p') {
        const char *colon = strchr(buf, ':');
        if (colon && sscanf(colon + 1, "%u", &a) == 1 && a >= 8)
            dl->ptr_size = a / 8;
    }
}

static void layout_parse(chk_layout *dl, const char *text)
{
    layout_defaults(dl);
    for (const char *s = text; s && *s;) {
        size_t n = strcspn(s, "-");
        layout_entry(dl, s, n);
        s += n + (s[n] == '-');
    }
}

static uint64_t round_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

/* Integer alignment: the width's own entry, else the next wider one (LLVM's
 * rule), else i64's. */
static unsigned layout_int_align(const chk_layout *dl, unsigned bits)
{
    static const unsigned widths[5] = {1, 8, 16, 32, 64};
    for (int i = 0; i < 5; i++)
        if (bits <= widths[i])
            return dl->int_align[i];
    return dl->int_align[4];
}

/* Size in bits of a scalar (0 for anything else). */
static uint64_t scalar_bits(const chk_layout *dl, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
    case LLVMHalfTypeKind: return 16;
    case LLVMFloatTypeKind: return 32;
    case LLVMDoubleTypeKind: return 64;
    case LLVMPointerTypeKind: return dl->ptr_size * 8u;
    default: return 0;
    }
}

static void layout_of(const chk_layout *dl, LLVMTypeRef t, uint64_t *size, uint64_t *align,
                      unsigned depth)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    uint64_t es = 0, ea = 1;
    *size = 0;
    *align = 1;
    if (depth > 32)
        return;
    switch (k) {
    case LLVMIntegerTypeKind:
        *align = layout_int_align(dl, LLVMGetIntTypeWidth(t));
        *size = round_up((scalar_bits(dl, t) + 7) / 8, *align);
        return;
    case LLVMHalfTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
        *align = dl->fp_align[k == LLVMHalfTypeKind ? 0 : k == LLVMFloatTypeKind ? 1 : 2];
        *size = round_up(scalar_bits(dl, t) / 8, *align);
        return;
    case LLVMPointerTypeKind:
        *size = *align = dl->ptr_size;
        return;
    case LLVMVectorTypeKind:
        layout_of(dl, LLVMGetElementType(t), &es, &ea, depth + 1);
        *align = ea;
        *size = round_up((LLVMGetVectorSize(t) * scalar_bits(dl, LLVMGetElementType(t)) + 7) / 8,
                         ea);
        return;
    case LLVMArrayTypeKind:
        layout_of(dl, LLVMGetElementType(t), &es, &ea, depth + 1);
        *align = ea;
        *size = LLVMGetArrayLength2(t) * es;
        return;
    case LLVMStructTypeKind: {
        uint64_t off = 0, max = 1;
        bool packed = LLVMIsPackedStruct(t);
        for (unsigned i = 0, n = LLVMCountStructElementTypes(t); i < n; i++) {
            layout_of(dl, LLVMStructGetTypeAtIndex(t, i), &es, &ea, depth + 1);
            ea = packed ? 1 : ea;
            off = round_up(off, ea) + es;
            max = ea > max ? ea : max;
        }
        *align = max;
        *size = round_up(off, max);
        return;
    }
    default:
        return;
    }
}

uint64_t chk_alloc_size(const chk_layout *dl, LLVMTypeRef t)
{
    uint64_t size, align;
    layout_of(dl, t, &size, &align, 0);
    return size;
}

uint64_t chk_abi_align(const chk_layout *dl, LLVMTypeRef t)
{
    uint64_t size, align;
    layout_of(dl, t, &size, &align, 0);
    return align;
}

uint64_t chk_field_offset(const chk_layout *dl, LLVMTypeRef st, unsigned idx)
{
    uint64_t off = 0, es, ea;
    bool packed = LLVMIsPackedStruct(st);
    for (unsigned i = 0, n = LLVMCountStructElementTypes(st); i < n && i <= idx; i++) {
        layout_of(dl, LLVMStructGetTypeAtIndex(st, i), &es, &ea, 1);
        off = round_up(off, packed ? 1 : ea);
        if (i == idx)
            return off;
        off += es;
    }
    return off;
}

uint64_t chk_store_size(const chk_layout *dl, LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMVectorTypeKind)
        return (LLVMGetVectorSize(t) * scalar_bits(dl, LLVMGetElementType(t)) + 7) / 8;
    uint64_t bits = scalar_bits(dl, t);
    return bits ? (bits + 7) / 8 : chk_alloc_size(dl, t);
}

/* ---- entries ----------------------------------------------------------------- */

static int env_add_entry(chk_env *e, LLVMValueRef fn, int kind, bool pc, LLVMValueRef props)
{
    chk_fnkind *p = realloc(e->entries, (e->nentries + 1) * sizeof *p);
    if (!p)
        return -1;
    e->entries = p;
    p[e->nentries++] = (chk_fnkind){fn, kind, pc, props};
    return 0;
}

/* A hull shader's patch constant function: operand 0 of its HS state. */
static LLVMValueRef env_patch_constant(LLVMValueRef props)
{
    LLVMValueRef hs = md_tag_value(props, DXIL_ENTRY_HS_STATE, NULL);
    LLVMValueRef fn = hs ? md_operand(hs, 0) : NULL;
    return fn && LLVMIsAFunction(fn) ? fn : NULL;
}

static int env_entries(chk_ctx *c, chk_env *e)
{
    unsigned n = md_named_count(c->mod, "dx.entryPoints");
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef rec = md_named_operand(c->mod, "dx.entryPoints", i);
        LLVMValueRef fn = md_operand(rec, 0), props = md_operand(rec, 4);
        if (i == 0) {
            uint64_t flags = 0;
            bool has = false;
            LLVMValueRef f = md_tag_value(props, DXIL_ENTRY_SHADER_FLAGS, &has);
            if (!(has && const_u64(f, &flags)))
                flags = 0;
            e->min_precision = !(flags & DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION);
            e->min_precision_flag = (flags & DXIL_SHADER_FLAG_LOW_PRECISION) && e->min_precision;
        }
        if (!fn || !LLVMIsAFunction(fn))
            continue;
        uint64_t kind = (uint64_t)c->stage;
        if (e->lib && !const_u64(md_tag_value(props, DXIL_ENTRY_SHADER_KIND, NULL), &kind))
            continue; /* a library entry without a kind has no properties */
        if (!e->lib && i > 0)
            continue; /* DXC reads entry 0 only */
        if (!e->lib)
            e->entry = fn;
        if (env_add_entry(e, fn, (int)kind, false, props) != 0)
            return -1;
        LLVMValueRef pc = kind == DXIL_SHADER_HULL ? env_patch_constant(props) : NULL;
        if (pc && env_add_entry(e, pc, DXIL_SHADER_HULL, true, NULL) != 0)
            return -1;
    }
    return 0;
}

chk_env *chk_env_get(chk_ctx *c)
{
    if (c->env)
        return c->env;
    chk_env *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->lib = c->stage == DXIL_SHADER_LIBRARY;
    e->sm = c->sm;
    e->min_precision = true;
    e->pf = c->ptr;
    e->has_precise = shim_md_kind_find(c->ctx, "dx.precise", &e->precise_kind) == 1;
    layout_parse(&e->dl, c->datalayout ? c->datalayout : LLVMGetDataLayoutStr(c->mod));
    if (env_entries(c, e) != 0) {
        chk_env_free(e);
        return NULL;
    }
    c->env = e;
    return e;
}

void chk_env_free(chk_env *e)
{
    if (!e)
        return;
    free(e->entries);
    free(e->pf_sorted);
    chk_dxop_free(e->dxop);
    chk_res_free(e->resmap);
    chk_linalg_free(e->linalg);
    free(e);
}

const chk_fnkind *chk_env_entry(const chk_env *e, LLVMValueRef fn)
{
    for (size_t i = 0; e && i < e->nentries; i++)
        if (e->entries[i].fn == fn)
            return &e->entries[i];
    return NULL;
}

int chk_env_kind_of(const chk_ctx *c, const chk_env *e, LLVMValueRef fn)
{
    if (!e->lib)
        return c->stage;
    const chk_fnkind *k = chk_env_entry(e, fn);
    return k ? k->kind : DXIL_SHADER_LIBRARY;
}

/* ---- typed-pointer facts ------------------------------------------------------ */

static int instidx_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const struct chk_instidx *)a)->inst;
    uintptr_t y = (uintptr_t)((const struct chk_instidx *)b)->inst;
    return x < y ? -1 : x > y;
}

/* LLVM 22 opcodes each 3.7 record code turns into (0: any). A mismatch
 * means the lists do not line up (an upgrade added or dropped one). */
static bool env_code_fits(uint8_t code, LLVMOpcode op)
{
    switch (code) {
    case 34: return op == LLVMCall;
    case 43: return op == LLVMGetElementPtr;
    case 20: case 41: return op == LLVMLoad;
    case 44: case 45: case 24: return op == LLVMStore;
    case 19: return op == LLVMAlloca;
    case 16: return op == LLVMPHI;
    case 3: return op >= LLVMTrunc && op <= LLVMAddrSpaceCast;
    default: return true;
    }
}

uint32_t chk_env_enter(chk_env *e, LLVMValueRef fn)
{
    if (e->pf_fn == fn)
        return e->pf_n;
    e->pf_fn = fn;
    e->pf_body = NULL;
    e->pf_n = 0;
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    const bc_pffunc *body = e->pf ? bc_pf_body(e->pf, name, len) : NULL;
    if (!body || !body->known)
        return 0;
    uint32_t n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            n++;
    if (n != body->ninsts)
        return 0;
    struct chk_instidx *s = realloc(e->pf_sorted, (n ? n : 1) * sizeof *s);
    if (!s)
        return 0;
    e->pf_sorted = s;
    uint32_t k = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i), k++) {
            if (!env_code_fits(body->insts[k].code, LLVMGetInstructionOpcode(i)))
                return 0;
            s[k] = (struct chk_instidx){i, k};
        }
    qsort(s, n, sizeof *s, instidx_cmp);
    e->pf_body = body;
    e->pf_n = n;
    return n;
}

const bc_pfinst *chk_env_inst(const chk_env *e, LLVMValueRef inst)
{
    if (!e->pf_body)
        return NULL;
    struct chk_instidx key = {inst, 0};
    const struct chk_instidx *p = bsearch(&key, e->pf_sorted, e->pf_n, sizeof key, instidx_cmp);
    return p ? &e->pf_body->insts[p->idx] : NULL;
}

uint32_t chk_env_pointee(const chk_env *e, uint32_t ty)
{
    return bc_pf_pointee(e->pf, ty);
}

static LLVMTypeRef env_type(const chk_env *e, LLVMContextRef ctx, uint32_t ty, unsigned depth)
{
    const bc_ptrfacts *f = e->pf;
    if (!f || depth > 16 || ty >= f->ntypes)
        return NULL;
    LLVMTypeRef elt;
    switch (bc_pf_code(f, ty)) {
    case BC_TY_VOID: return LLVMVoidTypeInContext(ctx);
    case BC_TY_HALF: return LLVMHalfTypeInContext(ctx);
    case BC_TY_FLOAT: return LLVMFloatTypeInContext(ctx);
    case BC_TY_DOUBLE: return LLVMDoubleTypeInContext(ctx);
    case BC_TY_INTEGER: return LLVMIntTypeInContext(ctx, bc_pf_op(f, ty, 0));
    case BC_TY_POINTER: {
        uint32_t as = bc_pf_op(f, ty, 1);
        return LLVMPointerTypeInContext(ctx, as == BC_PF_NONE ? 0 : as);
    }
    case BC_TY_ARRAY: case BC_TY_VECTOR:
        elt = env_type(e, ctx, bc_pf_op(f, ty, 1), depth + 1);
        if (!elt)
            return NULL;
        return bc_pf_code(f, ty) == BC_TY_ARRAY ? LLVMArrayType2(elt, bc_pf_op(f, ty, 0))
                                                : LLVMVectorType(elt, bc_pf_op(f, ty, 0));
    case BC_TY_STRUCT_NAMED: case BC_TY_OPAQUE: {
        const char *name = bc_pf_struct_name(f, ty);
        return name ? LLVMGetTypeByName2(ctx, name) : NULL;
    }
    case BC_TY_STRUCT_ANON: {
        const bc_pftype *t = bc_pf_type(f, ty);
        LLVMTypeRef fields[64];
        if (!t->n_ops || t->n_ops - 1 > 64)
            return NULL;
        for (uint32_t i = 1; i < t->n_ops; i++)
            if (!(fields[i - 1] = env_type(e, ctx, f->ops[t->first + i], depth + 1)))
                return NULL;
        return LLVMStructTypeInContext(ctx, fields, t->n_ops - 1, f->ops[t->first] != 0);
    }
    default:
        return NULL;
    }
}

LLVMTypeRef chk_env_type(const chk_env *e, LLVMContextRef ctx, uint32_t ty)
{
    return env_type(e, ctx, ty, 0);
}
