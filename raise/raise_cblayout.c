/* raise_cblayout.c - builds clang 22's CBuffer layout struct for each CBV
 * record from the struct (kind 0) entries of dx.typeAnnotations, or, for a
 * struct type without annotations, from DXC's legacy packing rules:
 *
 *   %__cblayout_CB = type <{ float, target("dx.Padding", 12), <4 x float>, ... }>
 *
 * A packed struct whose fields sit at the annotated CBuffer offsets (tag 3),
 * with target("dx.Padding", n) filling the gaps. Arrays whose elements do
 * not fill whole 16-byte rows take clang's form
 * <{ [N-1 x <{ E, target("dx.Padding", p) }>], E }>, nested structs become
 * their own packed named structs, and matrices (tag 2) are rows of vectors
 * in DXC's register order. Every leaf type must have the same allocation
 * size under the module's datalayout (DXC's: i16/f16 are 4 bytes, vectors
 * are aligned to a power of two) as in the CBuffer; when clang's spelling
 * does not, an equally sized array of scalars or of bytes stands in. When
 * anything is missing or does not add up, the record keeps no layout and
 * raise_restype.c emits opaque bytes of the record's size.
 *
 * Without annotations (DXC's final DXIL part usually drops them) the
 * offsets are computed from the record's struct type (DXC's
 * %hostlayout.X, which already spells a matrix as its registers
 * [regs x <k x T>], or %X): arrays and structs start a 16-byte row, every
 * array element but the last is padded to a row, and a scalar or vector
 * goes at the next multiple of its scalar size unless it would straddle a
 * row. Scalar sizes are their allocation sizes: 64-bit 8, 16-bit 2 only
 * with native 16-bit types (i16:16), else 4 (min precision). The result
 * must be exactly the record's size. */
#include "raise_resources.h"

#include "common/side_metadata.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    CBL_ROW = 16,
    CBL_TAG_MATRIX = 2,
    CBL_TAG_OFFSET = 3,
    CBL_ORIENT_ROW_MAJOR = 1, /* DXC MatrixOrientation: 1 row, 2 column major */
    CBL_MAX_DEPTH = 16
};

/* A DXC struct type and its kind-0 annotation !{size, field...}; node is
 * NULL for a struct without one, which is packed by DXC's rules. */
typedef struct cbl_struct {
    LLVMTypeRef dxc;
    LLVMValueRef node;
    LLVMTypeRef built; /* the layout struct, once made */
} cbl_struct;

enum { CBL_NONE = -1 };

typedef struct cbl_state {
    raise_ctx *rc;
    LLVMTargetDataRef dl;
    cbl_struct *structs;
    size_t n;
    unsigned depth;
    /* The types come from a module parsed into the raised module's
     * context after it (the STAT part, raise_cbreflect.c): LLVM renamed
     * those whose names the DXIL part had taken to "<name>.<N>". */
    bool foreign;
} cbl_state;

/* What a field annotation says about one member. */
typedef struct cbl_field {
    uint32_t offset;
    bool has_offset, is_matrix;
    unsigned rows, cols, orient;
} cbl_field;

/* ---- reading dx.typeAnnotations ---- */

/* Appends an entry; its index, or CBL_NONE when out of memory. The array
 * may move, so entries are referred to by index. */
static long cbl_push(cbl_state *st, LLVMTypeRef t, LLVMValueRef node)
{
    cbl_struct *g = realloc(st->structs, (st->n + 1) * sizeof *g);
    if (!g)
        return CBL_NONE;
    st->structs = g;
    st->structs[st->n] = (cbl_struct){t, node, NULL};
    return (long)st->n++;
}

static int cbl_add_struct(cbl_state *st, LLVMValueRef ty_val, LLVMValueRef node)
{
    if (!ty_val || LLVMIsAMDNode(ty_val) || !LLVMIsAMDNode(node) ||
        LLVMGetTypeKind(LLVMTypeOf(ty_val)) != LLVMStructTypeKind)
        return 0;
    return cbl_push(st, LLVMTypeOf(ty_val), node) == CBL_NONE ? -1 : 0;
}

/* Kind 0: !{i32 0, %T undef, !{i32 size, !f...}, %U undef, !{...}, ...} */
static void cbl_read_entry(cbl_state *st, LLVMValueRef entry)
{
    unsigned n = 0;
    uint64_t kind = 1;
    LLVMValueRef *ops = md_operands(entry, &n);
    if (ops && n > 0 && const_u64(ops[0], &kind) && kind == 0)
        for (unsigned i = 1; i + 1 < n; i += 2)
            if (cbl_add_struct(st, ops[i], ops[i + 1]) != 0)
                break;
    free(ops);
}

/* The annotations still sit in dx.typeAnnotations while the resource pass
 * runs (park-md moves them later); dxu.typeAnnotations is read too, so the
 * order of the passes does not matter. */
static void cbl_read_annotations(cbl_state *st)
{
    static const char *const names[] = {DXIL_MD_TYPE_ANNOTATIONS, DXU_MD_TYPE_ANNOTATIONS};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        unsigned n = LLVMGetNamedMetadataNumOperands(st->rc->mod, names[k]);
        LLVMValueRef *ops = calloc(n ? n : 1, sizeof *ops);
        if (!ops)
            return;
        LLVMGetNamedMetadataOperands(st->rc->mod, names[k], ops);
        for (unsigned i = 0; i < n; i++)
            cbl_read_entry(st, ops[i]);
        free(ops);
    }
}

static long cbl_find_type(cbl_state *st, LLVMTypeRef t)
{
    for (size_t i = 0; i < st->n; i++)
        if (st->structs[i].dxc == t)
            return (long)i;
    return CBL_NONE;
}

/* Struct types the packing rules cannot read: a matrix's orientation is
 * only in annotations (%hostlayout types spell it as registers), and
 * dx.types.* (a library's handle globals) are no layouts. */
static bool cbl_packable(LLVMTypeRef t)
{
    static const char *const refused[] = {"class.matrix.", "struct.matrix.", "dx.types."};
    const char *name = LLVMGetStructName(t);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || LLVMIsOpaqueStruct(t))
        return false;
    for (size_t i = 0; name && i < sizeof refused / sizeof refused[0]; i++)
        if (!strncmp(name, refused[i], strlen(refused[i])))
            return false;
    return true;
}

/* The entry for struct type t: its annotation, or a new unannotated one. */
static long cbl_struct_of(cbl_state *st, LLVMTypeRef t)
{
    long i = cbl_find_type(st, t);
    if (i == CBL_NONE && cbl_packable(t))
        i = cbl_push(st, t, NULL);
    return i;
}

/* The length of a foreign type's name without the ".<N>" LLVM appended
 * when the name was taken (only when "<name>" is a type of the context). */
static size_t cbl_name_len(const cbl_state *st, const char *name)
{
    size_t len = strlen(name);
    const char *dot = strrchr(name, '.');
    if (!st->foreign || !dot || !dot[1] || strspn(dot + 1, "0123456789") != strlen(dot + 1))
        return len;
    char buf[160];
    size_t base = (size_t)(dot - name);
    if (base >= sizeof buf)
        return len;
    memcpy(buf, name, base);
    buf[base] = '\0';
    return LLVMGetTypeByName2(st->rc->ctx, buf) ? base : len;
}

/* The annotated struct named `name` or "hostlayout.<name>" (the form DXC
 * gives a cbuffer's type in the final module). */
static long cbl_find_name(cbl_state *st, const char *name, size_t len)
{
    static const char host[] = "hostlayout.";
    for (size_t i = 0; len && i < st->n; i++) {
        const char *sn = LLVMGetStructName(st->structs[i].dxc);
        if (sn && !strncmp(sn, host, sizeof host - 1))
            sn += sizeof host - 1;
        if (sn && (strlen(sn) == len || cbl_name_len(st, sn) == len) && !memcmp(sn, name, len) &&
            st->structs[i].node)
            return (long)i;
    }
    return CBL_NONE;
}

/* The module's struct type "hostlayout.<name>" or "<name>", unannotated. */
static long cbl_find_module_type(cbl_state *st, const char *name, size_t len)
{
    static const char *const prefixes[] = {"hostlayout.", ""};
    char buf[160];
    for (size_t i = 0; len && len < 100 && i < sizeof prefixes / sizeof prefixes[0]; i++) {
        snprintf(buf, sizeof buf, "%s%.*s", prefixes[i], (int)len, name);
        LLVMTypeRef t = LLVMGetTypeByName2(st->rc->ctx, buf);
        if (t && cbl_packable(t))
            return cbl_struct_of(st, t);
    }
    return CBL_NONE;
}

/* Field annotation: flat tag/value pairs. */
static cbl_field cbl_read_field(LLVMValueRef node)
{
    cbl_field f = {0};
    unsigned n = 0, mn = 0;
    LLVMValueRef *ops = md_operands(node, &n);
    for (unsigned i = 0; ops && i + 1 < n; i += 2) {
        uint64_t tag = 0, v = 0;
        if (!const_u64(ops[i], &tag))
            continue;
        if (tag == CBL_TAG_OFFSET && const_u64(ops[i + 1], &v)) {
            f.offset = (uint32_t)v;
            f.has_offset = true;
        } else if (tag == CBL_TAG_MATRIX) {
            LLVMValueRef *m = md_operands(ops[i + 1], &mn);
            uint64_t r = 0, c = 0, o = 0;
            if (m && mn >= 3 && const_u64(m[0], &r) && const_u64(m[1], &c) &&
                const_u64(m[2], &o) && r >= 1 && r <= 4 && c >= 1 && c <= 4)
                f = (cbl_field){f.offset, f.has_offset, true, (unsigned)r, (unsigned)c, (unsigned)o};
            free(m);
        }
    }
    free(ops);
    return f;
}

/* ---- building types ---- */

static uint32_t cbl_alloc(cbl_state *st, LLVMTypeRef t)
{
    return (uint32_t)LLVMABISizeOfType(st->dl, t);
}

static LLVMTypeRef cbl_padding(cbl_state *st, uint32_t bytes)
{
    unsigned n = bytes;
    return LLVMTargetExtTypeInContext(st->rc->ctx, "dx.Padding", NULL, 0, &n, 1);
}

/* Bits of the scalar types a CBuffer holds (integers: by width). */
static const struct cbl_scalar_kind {
    LLVMTypeKind kind;
    unsigned bits;
} cbl_scalars[] = {
    {LLVMHalfTypeKind, 16}, {LLVMFloatTypeKind, 32}, {LLVMDoubleTypeKind, 64},
};

/* Bytes a scalar takes in a CBuffer (also its alignment); 0 for anything
 * that is not one. 16-bit types take 2 bytes with native 16-bit types
 * (datalayout i16:16 / f16:16) and 4 as min precision types (i16:32):
 * their allocation size under the module's datalayout. */
static uint32_t cbl_scalar_bytes(const cbl_state *st, LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    unsigned bits = k == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
    for (size_t i = 0; i < sizeof cbl_scalars / sizeof cbl_scalars[0]; i++)
        if (cbl_scalars[i].kind == k)
            bits = cbl_scalars[i].bits;
    if (bits != 16 && bits != 32 && bits != 64)
        return 0;
    uint32_t alloc = (uint32_t)LLVMABISizeOfType(st->dl, t);
    return bits == 16 && (alloc == 2 || alloc == 4) ? alloc : bits / 8;
}

/* T or <n x T> (n = 1 means the scalar), spelled so that its allocation
 * size is n * sizeof(T): clang's spelling, else [n x T], else bytes. */
static LLVMTypeRef cbl_leaf(cbl_state *st, LLVMTypeRef scalar, unsigned n, uint32_t *size)
{
    uint32_t b = cbl_scalar_bytes(st, scalar);
    if (!b || !n)
        return NULL;
    *size = b * n;
    LLVMTypeRef t = n == 1 ? scalar : LLVMVectorType(scalar, n);
    if (cbl_alloc(st, t) == *size)
        return t;
    if (cbl_alloc(st, scalar) == b)
        return LLVMArrayType2(scalar, n);
    return LLVMArrayType2(LLVMInt8TypeInContext(st->rc->ctx), *size);
}

/* n elements of `elem` (esize bytes), each starting a new 16-byte row:
 * [n x E] when E fills whole rows (or n is 1), otherwise clang's
 * <{ [n-1 x <{ E, pad }>], E }>. */
static LLVMTypeRef cbl_array(cbl_state *st, LLVMTypeRef elem, uint32_t esize, uint64_t n,
                             uint32_t *size)
{
    uint32_t stride = (esize + CBL_ROW - 1) / CBL_ROW * CBL_ROW;
    if (!elem || n == 0 || n > UINT32_MAX / (stride ? stride : 1))
        return NULL;
    if (n == 1 || esize == stride) {
        *size = esize * (uint32_t)n;
        return LLVMArrayType2(elem, n);
    }
    LLVMTypeRef padded[2] = {elem, cbl_padding(st, stride - esize)};
    LLVMTypeRef row = LLVMStructTypeInContext(st->rc->ctx, padded, 2, 1);
    LLVMTypeRef parts[2] = {LLVMArrayType2(row, n - 1), elem};
    *size = stride * (uint32_t)(n - 1) + esize;
    return LLVMStructTypeInContext(st->rc->ctx, parts, 2, 1);
}

/* The scalar at the bottom of nested arrays, vectors and one-field
 * structs (DXC's %class.matrix.float.R.C = { [R x <C x float>] }), and how
 * many scalars the type holds. */
static LLVMTypeRef cbl_bottom(const cbl_state *st, LLVMTypeRef t, uint64_t *count)
{
    *count = 1;
    for (unsigned guard = 0; guard < CBL_MAX_DEPTH; guard++) {
        LLVMTypeKind k = LLVMGetTypeKind(t);
        if (k == LLVMArrayTypeKind) {
            *count *= LLVMGetArrayLength2(t);
            t = LLVMGetElementType(t);
        } else if (k == LLVMVectorTypeKind) {
            *count *= LLVMGetVectorSize(t);
            t = LLVMGetElementType(t);
        } else if (k == LLVMStructTypeKind && LLVMCountStructElementTypes(t) == 1) {
            t = LLVMStructGetTypeAtIndex(t, 0);
        } else {
            return cbl_scalar_bytes(st, t) ? t : NULL;
        }
    }
    return NULL;
}

/* An annotated matrix field: one register per row (row_major) or column,
 * each holding the other dimension; an array of matrices repeats it. */
static LLVMTypeRef cbl_matrix(cbl_state *st, LLVMTypeRef ft, const cbl_field *f, uint32_t *size)
{
    uint64_t count = 0;
    LLVMTypeRef scalar = cbl_bottom(st, ft, &count);
    unsigned per = f->rows * f->cols;
    if (!scalar || count == 0 || count % per != 0)
        return NULL;
    bool row_major = f->orient == CBL_ORIENT_ROW_MAJOR;
    unsigned regs = row_major ? f->rows : f->cols, k = row_major ? f->cols : f->rows;
    uint32_t vsize = 0, msize = 0;
    LLVMTypeRef m;
    uint32_t sb = cbl_scalar_bytes(st, scalar);
    if (k * sb == CBL_ROW && cbl_alloc(st, scalar) == sb) {
        m = LLVMArrayType2(scalar, per); /* full rows: clang's [R*C x T] */
        msize = per * sb;
    } else {
        LLVMTypeRef v = cbl_leaf(st, scalar, k, &vsize);
        m = cbl_array(st, v, vsize, regs, &msize);
    }
    if (count / per > 1)
        return cbl_array(st, m, msize, count / per, size);
    *size = msize;
    return m;
}

static LLVMTypeRef cbl_struct_layout(cbl_state *st, long idx, uint32_t *size);

static LLVMTypeRef cbl_type(cbl_state *st, LLVMTypeRef t, const cbl_field *f, uint32_t *size)
{
    uint32_t esize = 0;
    if (f->is_matrix)
        return cbl_matrix(st, t, f, size);
    switch (LLVMGetTypeKind(t)) {
    case LLVMVectorTypeKind:
        return cbl_leaf(st, LLVMGetElementType(t), LLVMGetVectorSize(t), size);
    case LLVMArrayTypeKind: {
        LLVMTypeRef e = cbl_type(st, LLVMGetElementType(t), f, &esize);
        return cbl_array(st, e, esize, LLVMGetArrayLength2(t), size);
    }
    case LLVMStructTypeKind: {
        long s = cbl_struct_of(st, t);
        return s != CBL_NONE ? cbl_struct_layout(st, s, size) : NULL;
    }
    default:
        return cbl_leaf(st, t, 1, size);
    }
}

typedef struct cbl_fields {
    LLVMTypeRef *v;
    unsigned n;
    uint32_t at;
} cbl_fields;

static bool cbl_place(cbl_state *st, cbl_fields *out, LLVMTypeRef t, uint32_t offset,
                      uint32_t size)
{
    if (!t || offset < out->at)
        return false;
    if (offset > out->at)
        out->v[out->n++] = cbl_padding(st, offset - out->at);
    out->v[out->n++] = t;
    out->at = offset + size;
    return true;
}

/* The members of s at their annotated offsets; false when one is missing
 * or does not fit. out->v has room for 2 * members + 1. */
static bool cbl_members(cbl_state *st, LLVMTypeRef dxc, LLVMValueRef *ops, unsigned n,
                        cbl_fields *out)
{
    unsigned members = LLVMCountStructElementTypes(dxc);
    if (n != members + 1)
        return false;
    for (unsigned i = 0; i < members; i++) {
        cbl_field f = cbl_read_field(ops[i + 1]);
        uint32_t fsize = 0;
        LLVMTypeRef ft = f.has_offset
                             ? cbl_type(st, LLVMStructGetTypeAtIndex(dxc, i), &f, &fsize)
                             : NULL;
        if (!cbl_place(st, out, ft, f.offset, fsize))
            return false;
    }
    return true;
}

/* DXC's legacy offset for a member of type t (size bytes in the CBuffer)
 * placed after `at`: arrays and structs start a row; a scalar or vector
 * goes at the next multiple of its scalar size, or starts a row when it
 * would straddle one. */
static uint32_t cbl_pack_offset(const cbl_state *st, LLVMTypeRef t, uint32_t at, uint32_t size)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    uint32_t row = (at + CBL_ROW - 1) / CBL_ROW * CBL_ROW;
    if (k == LLVMArrayTypeKind || k == LLVMStructTypeKind || at % CBL_ROW + size > CBL_ROW)
        return row;
    uint32_t align = cbl_scalar_bytes(st, k == LLVMVectorTypeKind ? LLVMGetElementType(t) : t);
    return align ? (at + align - 1) / align * align : row;
}

/* The members of an unannotated struct at the offsets DXC's packing gives. */
static bool cbl_pack_members(cbl_state *st, LLVMTypeRef dxc, cbl_fields *out)
{
    const cbl_field plain = {0};
    unsigned members = LLVMCountStructElementTypes(dxc);
    for (unsigned i = 0; i < members; i++) {
        LLVMTypeRef mt = LLVMStructGetTypeAtIndex(dxc, i);
        uint32_t fsize = 0;
        LLVMTypeRef ft = cbl_type(st, mt, &plain, &fsize);
        if (!ft || !fsize)
            return false;
        if (!cbl_place(st, out, ft, cbl_pack_offset(st, mt, out->at, fsize), fsize))
            return false;
    }
    return members > 0;
}

/* "struct.S" / "class.S" / "hostlayout.S" -> "S" (clang's name), after
 * `prefix`, in buf; a foreign type's ".<N>" is dropped. */
static const char *cbl_clang_name(const cbl_state *st, LLVMTypeRef dxc, const char *prefix,
                                  char *buf, size_t size)
{
    static const char *const prefixes[] = {"hostlayout.", "struct.", "class."};
    const char *name = LLVMGetStructName(dxc);
    size_t len = name ? cbl_name_len(st, name) : 0;
    const char *start = name ? name : "";
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (!strncmp(start, prefixes[i], strlen(prefixes[i])))
            start += strlen(prefixes[i]); /* "hostlayout.struct.S" too */
    len -= (size_t)(start - (name ? name : start));
    snprintf(buf, size, "%s%.*s", prefix, (int)len, start);
    return buf;
}

/* Members of structs[idx] in a packed struct named `name`; `total` pads
 * the end (0: no trailing padding). Without an annotation the computed
 * size must be `total` exactly. The name is taken only on success, so a
 * later try (the STAT part's types) still gets clang's name. */
static LLVMTypeRef cbl_body(cbl_state *st, long idx, uint32_t total, uint32_t *size,
                            const char *name)
{
    LLVMTypeRef named = NULL;
    unsigned n = 0;
    LLVMTypeRef dxc = st->structs[idx].dxc; /* entries may move while members are built */
    LLVMValueRef node = st->structs[idx].node;
    LLVMValueRef *ops = node ? md_operands(node, &n) : NULL;
    size_t cap = 2 * (size_t)LLVMCountStructElementTypes(dxc) + 2;
    cbl_fields fl = {calloc(cap, sizeof(LLVMTypeRef)), 0, 0};
    bool ok = (ops || !node) && fl.v && st->depth < CBL_MAX_DEPTH;
    st->depth++;
    ok = ok && (node ? cbl_members(st, dxc, ops, n, &fl) : cbl_pack_members(st, dxc, &fl));
    ok = ok && (!total || fl.at <= total) && (node || !total || fl.at == total);
    st->depth--;
    if (ok && total > fl.at)
        fl.v[fl.n++] = cbl_padding(st, total - fl.at);
    if (ok) {
        named = LLVMStructCreateNamed(st->rc->ctx, name);
        LLVMStructSetBody(named, fl.v, fl.n, 1);
    }
    *size = total ? total : fl.at;
    free(ops);
    free(fl.v);
    return ok ? named : NULL;
}

/* A nested struct: clang's packed %S, with no trailing padding. */
static LLVMTypeRef cbl_struct_layout(cbl_state *st, long idx, uint32_t *size)
{
    if (st->structs[idx].built) {
        *size = cbl_alloc(st, st->structs[idx].built);
        return st->structs[idx].built;
    }
    char name[512];
    cbl_clang_name(st, st->structs[idx].dxc, "", name, sizeof name);
    LLVMTypeRef built = cbl_body(st, idx, 0, size, name);
    st->structs[idx].built = built;
    return built;
}

/* ---- records ---- */

/* The struct behind a CBV record: its global's type (arrays of cbuffers
 * peeled) or the type its `ptr undef` pointed to in the bitcode, else the annotated struct named like the cbuffer (DXC names a
 * cbuffer's type after it; stripped records have no global), else the
 * module's unannotated %hostlayout.<name> or %<name>. */
static long cbl_record_struct(cbl_state *st, const res_desc *d)
{
    LLVMTypeRef t = d->symbol && LLVMIsAGlobalVariable(d->symbol)
                        ? LLVMGlobalGetValueType(d->symbol) : d->class_type;
    while (t && LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    t = t && LLVMGetTypeKind(t) == LLVMStructTypeKind ? t : NULL;
    long s = t ? cbl_find_type(st, t) : CBL_NONE;
    if (s != CBL_NONE && st->structs[s].node)
        return s; /* annotated */
    s = cbl_find_name(st, d->name, d->name_len);
    if (s == CBL_NONE && t)
        s = cbl_struct_of(st, t);
    return s != CBL_NONE ? s : cbl_find_module_type(st, d->name, d->name_len);
}

static void cbl_for_record(cbl_state *st, res_desc *d)
{
    long s = d->cb_size ? cbl_record_struct(st, d) : CBL_NONE;
    if (s == CBL_NONE)
        return;
    char name[128];
    if (!d->name_len)
        cbl_clang_name(st, st->structs[s].dxc, "__cblayout_", name, sizeof name);
    else
        snprintf(name, sizeof name, "__cblayout_%.*s", (int)(d->name_len < 100 ? d->name_len : 100),
                 d->name);
    uint32_t size = 0;
    LLVMTypeRef t = cbl_body(st, s, d->cb_size, &size, name);
    if (t && cbl_alloc(st, t) == d->cb_size)
        d->cb_layout = t;
}

void res_cb_layouts(raise_ctx *rc, res_table *t)
{
    cbl_state st = {.rc = rc, .dl = LLVMGetModuleDataLayout(rc->mod),
                    .foreign = rc->module && rc->mod != rc->module->mod};
    bool any = false;
    for (size_t i = 0; i < t->count; i++)
        any |= t->recs[i].kind == DXIL_RESOURCE_KIND_CBUFFER;
    if (!any)
        return;
    cbl_read_annotations(&st);
    for (size_t i = 0; i < t->count; i++)
        if (t->recs[i].kind == DXIL_RESOURCE_KIND_CBUFFER)
            cbl_for_record(&st, &t->recs[i]);
    free(st.structs);
}
