/* optable_llvm.c - the op table meets the LLVM linked into the library:
 * whether it declares an intrinsic named by the table (see dxil_optable.h),
 * and the LLVM types of the spec's type codes (optable_llvm.h). */
#include "dxil-upgrade/dxil_optable.h"
#include "optable_internal.h"
#include "optable_llvm.h"

#include <llvm-c/Core.h>
#include <string.h>

/* LLVMLookupIntrinsicID is a binary search over every intrinsic name
 * (~1.5k instructions); the raise asks for the same few names for every
 * call it rewrites. A small per-thread cache (no locks) remembers them. */
enum { OLL_SLOTS = 64, OLL_NAME_MAX = 80 };

typedef struct oll_slot {
    char name[OLL_NAME_MAX];
    unsigned id;
} oll_slot;

static _Thread_local oll_slot oll_cache[OLL_SLOTS];

static unsigned oll_lookup(const char *name, size_t n)
{
    size_t len = 0;
    unsigned id = LLVMLookupIntrinsicID(name, n);
    /* The lookup also matches an overloaded intrinsic's name followed by a
     * mangling suffix ("llvm.dx.all.memory.barrier" finds llvm.dx.all):
     * only an exact match of the intrinsic's own name counts. */
    const char *base = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    return base && len == n && memcmp(base, name, n) == 0 ? id : 0;
}

static size_t oll_hash(const char *name, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h % OLL_SLOTS;
}

unsigned intrinsic_id(const char *name)
{
    if (!name)
        return 0;
    size_t n = strlen(name);
    if (n >= OLL_NAME_MAX)
        return oll_lookup(name, n);
    oll_slot *s = &oll_cache[oll_hash(name, n)];
    if (memcmp(s->name, name, n + 1) == 0)
        return s->id;
    unsigned id = oll_lookup(name, n);
    memcpy(s->name, name, n + 1);
    s->id = id;
    return id;
}

bool dxil_intrinsic_in_llvm(const char *name)
{
    return intrinsic_id(name) != 0;
}

/* ---- type codes ---------------------------------------------------------- */

static const unsigned oll_int_bits[] = {1, 8, 16, 32, 64}; /* DXIL_LS_I1..I64 */

const type_desc *type_desc_of(unsigned code)
{
    return code < DXIL_TY_COUNT ? &type_descs[code] : NULL;
}

static LLVMTypeRef oll_scalar(LLVMContextRef ctx, unsigned s)
{
    if (s <= DXIL_LS_I64)
        return LLVMIntTypeInContext(ctx, oll_int_bits[s]);
    switch (s) {
    case DXIL_LS_HALF: return LLVMHalfTypeInContext(ctx);
    case DXIL_LS_FLOAT: return LLVMFloatTypeInContext(ctx);
    case DXIL_LS_DOUBLE: return LLVMDoubleTypeInContext(ctx);
    case DXIL_LS_PTR: return LLVMPointerTypeInContext(ctx, 0);
    default: return NULL;
    }
}

LLVMTypeRef llvm_named_struct(LLVMContextRef ctx, const char *name, LLVMTypeRef *elems, unsigned n)
{
    LLVMTypeRef t = LLVMGetTypeByName2(ctx, name);
    if (t)
        return t;
    t = LLVMStructCreateNamed(ctx, name);
    LLVMStructSetBody(t, elems, n, 0);
    return t;
}

static LLVMTypeRef oll_struct(LLVMContextRef ctx, const type_desc *d)
{
    LLVMTypeRef f[DXIL_TYPE_MAX_FIELDS];
    for (unsigned i = 0; i < d->count; i++)
        f[i] = oll_scalar(ctx, d->fields[i]);
    if (!d->name)
        return LLVMStructTypeInContext(ctx, f, d->count, 0);
    return llvm_named_struct(ctx, d->name, f, d->count);
}

LLVMTypeRef type_code_llvm(LLVMContextRef ctx, unsigned code)
{
    const type_desc *d = type_desc_of(code);
    switch (d ? d->form : DXIL_FORM_OVERLOAD) {
    case DXIL_FORM_VOID: return LLVMVoidTypeInContext(ctx);
    case DXIL_FORM_SCALAR: return oll_scalar(ctx, d->scalar);
    case DXIL_FORM_VECTOR: return LLVMVectorType(oll_scalar(ctx, d->scalar), d->count);
    case DXIL_FORM_STRUCT: return oll_struct(ctx, d);
    default: return NULL;
    }
}

/* t is the scalar s (any pointer for ptr: LLVM 22 pointers are opaque). */
static bool oll_scalar_fits(unsigned s, LLVMTypeRef t)
{
    static const LLVMTypeKind kinds[DXIL_LS_COUNT] = {
        LLVMIntegerTypeKind, LLVMIntegerTypeKind, LLVMIntegerTypeKind, LLVMIntegerTypeKind,
        LLVMIntegerTypeKind, LLVMHalfTypeKind, LLVMFloatTypeKind, LLVMDoubleTypeKind, LLVMPointerTypeKind};
    if (s >= DXIL_LS_COUNT || LLVMGetTypeKind(t) != kinds[s])
        return false;
    return s > DXIL_LS_I64 || LLVMGetIntTypeWidth(t) == oll_int_bits[s];
}

static bool oll_struct_fits(const type_desc *d, LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || LLVMCountStructElementTypes(t) != d->count)
        return false;
    for (unsigned i = 0; i < d->count; i++)
        if (!oll_scalar_fits(d->fields[i], LLVMStructGetTypeAtIndex(t, i)))
            return false;
    return true;
}

bool type_code_fits(unsigned code, LLVMTypeRef t)
{
    const type_desc *d = type_desc_of(code);
    switch (d ? d->form : DXIL_FORM_OVERLOAD) {
    case DXIL_FORM_VOID: return LLVMGetTypeKind(t) == LLVMVoidTypeKind;
    case DXIL_FORM_SCALAR: return oll_scalar_fits(d->scalar, t);
    case DXIL_FORM_VECTOR:
        return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == d->count &&
               oll_scalar_fits(d->scalar, LLVMGetElementType(t));
    case DXIL_FORM_STRUCT: return oll_struct_fits(d, t);
    default: return true;
    }
}
