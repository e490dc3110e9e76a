/* bcw_types.c - the 3.7 type table: LLVM 22 types with typed pointers
 * (a pointer's pointee is chosen by bcw_values.c; a pointer inside an
 * aggregate or a signature nobody types is i8*, the typed world's "any
 * pointer"), enumerated in LLVM 3.7's order and written as its TYPE block. */
#include "bcw_internal.h"

#include <stdlib.h>
#include <string.h>

enum { TYPE_BLOCK_ID = 17 };
enum { T_NUMENTRY = 1, T_VOID = 2, T_FLOAT = 3, T_DOUBLE = 4, T_LABEL = 5, T_OPAQUE = 6,
       T_INTEGER = 7, T_POINTER = 8, T_HALF = 10, T_ARRAY = 11, T_VECTOR = 12,
       T_METADATA = 16, T_STRUCT_ANON = 18, T_STRUCT_NAME = 19, T_STRUCT_NAMED = 20,
       T_FUNCTION = 21 };

static uint32_t type_add(bcw_ctx *c, const bcw_type *proto, const uint32_t *sub)
{
    if (!bcw_grow(c, (void **)&c->types, &c->types_cap, c->ntypes + 1, sizeof *c->types))
        return 0;
    bcw_type *t = &c->types[c->ntypes];
    *t = *proto;
    t->sub = NULL;
    if (proto->nsub) {
        t->sub = malloc(proto->nsub * sizeof *sub);
        if (!t->sub) {
            c->failed = true;
            return 0;
        }
        memcpy(t->sub, sub, proto->nsub * sizeof *sub);
    }
    return (uint32_t)c->ntypes++;
}

/* A structural (unnamed) type, interned. */
uint32_t bcw_type_intern(bcw_ctx *c, const bcw_type *proto, const uint32_t *sub)
{
    uint64_t small[16], *key = small;
    size_t n = 5 + proto->nsub;
    if (n > 16 && !(key = malloc(n * sizeof *key))) {
        c->failed = true;
        return 0;
    }
    key[0] = proto->kind;
    key[1] = (uint64_t)proto->packed | (uint64_t)proto->vararg << 1;
    key[2] = proto->addrspace;
    key[3] = proto->count;
    key[4] = proto->nsub;
    for (uint32_t i = 0; i < proto->nsub; i++)
        key[5 + i] = sub[i];
    uint32_t h;
    if (!bcw_map_get(&c->type_keys, key, n * sizeof *key, &h)) {
        h = type_add(c, proto, sub);
        if (!bcw_map_put(&c->type_keys, key, n * sizeof *key, h))
            c->failed = true;
    }
    if (key != small)
        free(key);
    return h;
}

uint32_t bcw_type_simple(bcw_ctx *c, enum bcw_type_kind k, uint64_t width)
{
    /* the scalar types are asked for all the time: keep their handles */
    bool cached = k != BT_INT || width == 8;
    if (cached && c->simple[k])
        return c->simple[k] - 1;
    bcw_type p = { .kind = (uint8_t)k, .count = width };
    uint32_t h = bcw_type_intern(c, &p, NULL);
    if (cached)
        c->simple[k] = h + 1;
    return h;
}

uint32_t bcw_type_ptr(bcw_ctx *c, uint32_t pointee, unsigned addrspace)
{
    bcw_type p = { .kind = BT_PTR, .addrspace = addrspace, .nsub = 1 };
    return bcw_type_intern(c, &p, &pointee);
}

uint32_t bcw_type_func(bcw_ctx *c, uint32_t ret, const uint32_t *params, uint32_t n, bool vararg)
{
    uint32_t small[16], *sub = small;
    if (n + 1 > 16 && !(sub = malloc((n + 1) * sizeof *sub))) {
        c->failed = true;
        return 0;
    }
    sub[0] = ret;
    memcpy(sub + 1, params, n * sizeof *params);
    bcw_type p = { .kind = BT_FUNC, .vararg = vararg, .nsub = n + 1 };
    uint32_t h = bcw_type_intern(c, &p, sub);
    if (sub != small)
        free(sub);
    return h;
}

/* Handles of n LLVM types (into small when n <= 16, else malloc'd; NULL
 * without memory). list(t, out) fills the n types. */
static uint32_t *handles_of(bcw_ctx *c, LLVMTypeRef t, unsigned n,
                            void (*list)(LLVMTypeRef, LLVMTypeRef *), uint32_t *small)
{
    LLVMTypeRef smallt[16], *el = n > 16 ? malloc(n * sizeof *el) : smallt;
    uint32_t *sub = n > 16 ? malloc(n * sizeof *sub) : small;
    if (!el || !sub) {
        if (el != smallt)
            free(el);
        if (sub != small)
            free(sub);
        c->failed = true;
        return NULL;
    }
    list(t, el);
    for (unsigned i = 0; i < n; i++)
        sub[i] = bcw_type_from_llvm(c, el[i]);
    if (el != smallt)
        free(el);
    return sub;
}

static uint32_t struct_from_llvm(bcw_ctx *c, LLVMTypeRef t)
{
    unsigned n = LLVMCountStructElementTypes(t);
    uint32_t small[16], *sub = handles_of(c, t, n, LLVMGetStructElementTypes, small);
    if (!sub)
        return 0;
    bcw_type p = { .kind = BT_STRUCT, .packed = LLVMIsPackedStruct(t), .nsub = n };
    const char *name = LLVMGetStructName(t);
    uint32_t h;
    if (!name || !*name) {
        h = bcw_type_intern(c, &p, sub);
    } else {
        p.named = true;
        p.opaque = LLVMIsOpaqueStruct(t);
        p.name = strdup(name);
        c->failed |= !p.name;
        h = type_add(c, &p, sub);
    }
    if (sub != small)
        free(sub);
    return h;
}

static uint32_t func_from_llvm(bcw_ctx *c, LLVMTypeRef t)
{
    unsigned n = LLVMCountParamTypes(t);
    uint32_t small[16], *sub = handles_of(c, t, n, LLVMGetParamTypes, small);
    if (!sub)
        return 0;
    uint32_t h = bcw_type_func(c, bcw_type_from_llvm(c, LLVMGetReturnType(t)), sub, n,
                               LLVMIsFunctionVarArg(t));
    if (sub != small)
        free(sub);
    return h;
}

static uint32_t seq_from_llvm(bcw_ctx *c, LLVMTypeRef t, enum bcw_type_kind k, uint64_t n)
{
    uint32_t elt = bcw_type_from_llvm(c, LLVMGetElementType(t));
    bcw_type p = { .kind = (uint8_t)k, .count = n, .nsub = 1 };
    return bcw_type_intern(c, &p, &elt);
}

static uint32_t convert(bcw_ctx *c, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind: return bcw_type_simple(c, BT_VOID, 0);
    case LLVMHalfTypeKind: return bcw_type_simple(c, BT_HALF, 0);
    case LLVMFloatTypeKind: return bcw_type_simple(c, BT_FLOAT, 0);
    case LLVMDoubleTypeKind: return bcw_type_simple(c, BT_DOUBLE, 0);
    case LLVMLabelTypeKind: return bcw_type_simple(c, BT_LABEL, 0);
    case LLVMMetadataTypeKind: return bcw_type_simple(c, BT_METADATA, 0);
    case LLVMIntegerTypeKind: return bcw_type_simple(c, BT_INT, LLVMGetIntTypeWidth(t));
    case LLVMPointerTypeKind:
        return bcw_type_ptr(c, bcw_type_simple(c, BT_INT, 8), LLVMGetPointerAddressSpace(t));
    case LLVMFunctionTypeKind: return func_from_llvm(c, t);
    case LLVMStructTypeKind: return struct_from_llvm(c, t);
    case LLVMArrayTypeKind: return seq_from_llvm(c, t, BT_ARRAY, LLVMGetArrayLength2(t));
    case LLVMVectorTypeKind: return seq_from_llvm(c, t, BT_VECTOR, LLVMGetVectorSize(t));
    default: break;
    }
    char *s = LLVMPrintTypeToString(t);
    bcw_error(c, NULL, "type %s has no LLVM 3.7 form", s ? s : "?");
    LLVMDisposeMessage(s);
    return bcw_type_simple(c, BT_INT, 8);
}

uint32_t bcw_type_from_llvm(bcw_ctx *c, LLVMTypeRef t)
{
    uint32_t h;
    if (bcw_map_getp(&c->llvm_types, t, &h))
        return h;
    h = convert(c, t);
    if (!bcw_map_putp(&c->llvm_types, t, h))
        c->failed = true;
    return h;
}

/* The type a GEP index steps into. */
uint32_t bcw_type_indexed(bcw_ctx *c, uint32_t t, LLVMValueRef idx)
{
    const bcw_type *ty = &c->types[t];
    if (ty->kind == BT_ARRAY || ty->kind == BT_VECTOR)
        return ty->sub[0];
    if (ty->kind == BT_STRUCT && idx && LLVMIsAConstantInt(idx)) {
        uint64_t i = LLVMConstIntGetZExtValue(idx);
        if (i < ty->nsub)
            return ty->sub[i];
    }
    bcw_error(c, NULL, "getelementptr index into a non-aggregate type");
    return t;
}

/* LLVM 3.7's ValueEnumerator::EnumerateType: subtypes first; a named
 * struct is marked while its fields are visited (it may be reached again
 * through them) and placed after them. */
void bcw_type_enumerate(bcw_ctx *c, uint32_t h)
{
    if (c->types[h].id)
        return;
    if (c->types[h].named)
        c->types[h].id = UINT32_MAX;
    for (uint32_t i = 0; i < c->types[h].nsub; i++)
        bcw_type_enumerate(c, c->types[h].sub[i]);
    if (c->types[h].id && c->types[h].id != UINT32_MAX)
        return;
    if (!bcw_grow(c, (void **)&c->type_order, &c->type_order_cap, c->ntype_order + 1,
                  sizeof *c->type_order))
        return;
    c->type_order[c->ntype_order++] = h;
    c->types[h].id = (uint32_t)c->ntype_order;
}

uint32_t bcw_type_id(const bcw_ctx *c, uint32_t t)
{
    uint32_t id = c->types[t].id;
    return id && id != UINT32_MAX ? id - 1 : 0;
}

unsigned bcw_type_bits(const bcw_ctx *c)
{
    return bcw_log2_ceil(c->ntype_order + 1);
}

void bcw_types_free(bcw_ctx *c)
{
    for (size_t i = 0; i < c->ntypes; i++) {
        free(c->types[i].sub);
        free(c->types[i].name);
    }
    free(c->types);
    free(c->type_order);
    bcw_map_free(&c->type_keys);
    bcw_map_free(&c->llvm_types);
}

/* ---- the TYPE block ---- */

enum { AB_PTR = 4, AB_FUNC, AB_ANON, AB_NAME, AB_NAMED, AB_ARRAY };

static void type_abbrevs(bcw_ctx *c, bcw_abbrev *ab)
{
    uint64_t bits = bcw_type_bits(c);
    const bcw_abbrev defs[6] = {
        { 3, { { BS_ENC_LITERAL, T_POINTER }, { BS_ENC_FIXED, bits }, { BS_ENC_LITERAL, 0 } } },
        { 4, { { BS_ENC_LITERAL, T_FUNCTION }, { BS_ENC_FIXED, 1 }, { BS_ENC_ARRAY, 0 },
               { BS_ENC_FIXED, bits } } },
        { 4, { { BS_ENC_LITERAL, T_STRUCT_ANON }, { BS_ENC_FIXED, 1 }, { BS_ENC_ARRAY, 0 },
               { BS_ENC_FIXED, bits } } },
        { 3, { { BS_ENC_LITERAL, T_STRUCT_NAME }, { BS_ENC_ARRAY, 0 }, { BS_ENC_CHAR6, 0 } } },
        { 4, { { BS_ENC_LITERAL, T_STRUCT_NAMED }, { BS_ENC_FIXED, 1 }, { BS_ENC_ARRAY, 0 },
               { BS_ENC_FIXED, bits } } },
        { 3, { { BS_ENC_LITERAL, T_ARRAY }, { BS_ENC_VBR, 8 }, { BS_ENC_FIXED, bits } } },
    };
    for (int i = 0; i < 6; i++) {
        ab[i] = defs[i];
        bcw_define_abbrev(c, &ab[i], 4);
    }
}

static void emit(bcw_ctx *c, const bcw_abbrev *ab, unsigned abbrev, unsigned code,
                 const bcw_rec *r)
{
    if (abbrev)
        bcw_record_abbrev(c, &ab[abbrev - AB_PTR], abbrev, code, r->v, r->n, 4);
    else
        bcw_record(c, code, r->v, r->n, 4);
}

static void write_struct(bcw_ctx *c, const bcw_abbrev *ab, const bcw_type *t, bcw_rec *r)
{
    if (t->named) {
        bcw_rec name = { 0 };
        for (const char *p = t->name; *p; p++)
            bcw_rec_push(&name, (unsigned char)*p);
        emit(c, ab, bcw_is_char6(t->name, strlen(t->name)) ? AB_NAME : 0, T_STRUCT_NAME, &name);
        bcw_rec_free(&name);
    }
    bcw_rec_push(r, t->packed);
    for (uint32_t i = 0; i < t->nsub; i++)
        bcw_rec_push(r, bcw_type_id(c, t->sub[i]));
    if (!t->named)
        emit(c, ab, AB_ANON, T_STRUCT_ANON, r);
    else if (t->opaque)
        emit(c, ab, 0, T_OPAQUE, r);
    else
        emit(c, ab, AB_NAMED, T_STRUCT_NAMED, r);
}

static void write_type(bcw_ctx *c, const bcw_abbrev *ab, const bcw_type *t, bcw_rec *r)
{
    static const uint8_t simple[] = { [BT_VOID] = T_VOID, [BT_HALF] = T_HALF,
                                      [BT_FLOAT] = T_FLOAT, [BT_DOUBLE] = T_DOUBLE,
                                      [BT_LABEL] = T_LABEL, [BT_METADATA] = T_METADATA };
    r->n = 0;
    switch (t->kind) {
    case BT_INT:
        bcw_rec_push(r, t->count);
        emit(c, ab, 0, T_INTEGER, r);
        return;
    case BT_PTR:
        bcw_rec_push(r, bcw_type_id(c, t->sub[0]));
        bcw_rec_push(r, t->addrspace);
        emit(c, ab, t->addrspace ? 0 : AB_PTR, T_POINTER, r);
        return;
    case BT_FUNC:
        bcw_rec_push(r, t->vararg);
        for (uint32_t i = 0; i < t->nsub; i++)
            bcw_rec_push(r, bcw_type_id(c, t->sub[i]));
        emit(c, ab, AB_FUNC, T_FUNCTION, r);
        return;
    case BT_STRUCT:
        write_struct(c, ab, t, r);
        return;
    case BT_ARRAY:
    case BT_VECTOR:
        bcw_rec_push(r, t->count);
        bcw_rec_push(r, bcw_type_id(c, t->sub[0]));
        emit(c, ab, t->kind == BT_ARRAY ? AB_ARRAY : 0, t->kind == BT_ARRAY ? T_ARRAY : T_VECTOR, r);
        return;
    default:
        emit(c, ab, 0, simple[t->kind], r);
    }
}

void bcw_write_type_block(bcw_ctx *c)
{
    size_t len;
    bcw_abbrev ab[6];
    bcw_enter(c, TYPE_BLOCK_ID, 4, &len);
    type_abbrevs(c, ab);
    uint64_t count = c->ntype_order;
    bcw_record(c, T_NUMENTRY, &count, 1, 4);
    bcw_rec r = { 0 };
    for (size_t i = 0; i < c->ntype_order; i++)
        write_type(c, ab, &c->types[c->type_order[i]], &r);
    if (r.oom)
        c->failed = true;
    bcw_rec_free(&r);
    bcw_exit(c, len, 4);
}
