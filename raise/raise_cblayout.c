/* raise_cblayout.c - builds clang 22's CBuffer layout struct for each CBV
 * record from the struct (kind 0) entries of dx.typeAnnotations:
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
 * raise_restype.c emits opaque bytes of the record's size. */
#include "raise_resources.h"

#include "side_metadata.h"

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

/* One kind-0 annotation: a DXC struct type and its !{size, field...}. */
typedef struct cbl_struct {
    LLVMTypeRef dxc;
    LLVMValueRef node;
    LLVMTypeRef built; /* the layout struct, once made */
} cbl_struct;

typedef struct cbl_state {
    dxil_raise_ctx *rc;
    LLVMTargetDataRef dl;
    cbl_struct *structs;
    size_t n;
    unsigned depth;
} cbl_state;

/* What a field annotation says about one member. */
typedef struct cbl_field {
    uint32_t offset;
    bool has_offset, is_matrix;
    unsigned rows, cols, orient;
} cbl_field;

/* ---- reading dx.typeAnnotations ---- */

static LLVMValueRef *cbl_operands(LLVMValueRef node, unsigned *n)
{
    *n = 0;
    if (!node || !LLVMIsAMDNode(node))
        return NULL;
    *n = LLVMGetMDNodeNumOperands(node);
    LLVMValueRef *ops = calloc(*n ? *n : 1, sizeof *ops);
    if (ops)
        LLVMGetMDNodeOperands(node, ops);
    else
        *n = 0;
    return ops;
}

static int cbl_add_struct(cbl_state *st, LLVMValueRef ty_val, LLVMValueRef node)
{
    if (!ty_val || LLVMIsAMDNode(ty_val) || !LLVMIsAMDNode(node) ||
        LLVMGetTypeKind(LLVMTypeOf(ty_val)) != LLVMStructTypeKind)
        return 0;
    cbl_struct *g = realloc(st->structs, (st->n + 1) * sizeof *g);
    if (!g)
        return -1;
    st->structs = g;
    st->structs[st->n++] = (cbl_struct){LLVMTypeOf(ty_val), node, NULL};
    return 0;
}

/* Kind 0: !{i32 0, %T undef, !{i32 size, !f...}, %U undef, !{...}, ...} */
static void cbl_read_entry(cbl_state *st, LLVMValueRef entry)
{
    unsigned n = 0;
    uint64_t kind = 1;
    LLVMValueRef *ops = cbl_operands(entry, &n);
    if (ops && n > 0 && dxil_res_const_u64(ops[0], &kind) && kind == 0)
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
    static const char *const names[] = {"dx.typeAnnotations", DXU_MD_TYPE_ANNOTATIONS};
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

static cbl_struct *cbl_find_type(cbl_state *st, LLVMTypeRef t)
{
    for (size_t i = 0; i < st->n; i++)
        if (st->structs[i].dxc == t)
            return &st->structs[i];
    return NULL;
}

/* The annotated struct named `name` or "hostlayout.<name>" (the form DXC
 * gives a cbuffer's type in the final module). */
static cbl_struct *cbl_find_name(cbl_state *st, const char *name, size_t len)
{
    static const char host[] = "hostlayout.";
    for (size_t i = 0; len && i < st->n; i++) {
        const char *sn = LLVMGetStructName(st->structs[i].dxc);
        if (sn && !strncmp(sn, host, sizeof host - 1))
            sn += sizeof host - 1;
        if (sn && strlen(sn) == len && !memcmp(sn, name, len))
            return &st->structs[i];
    }
    return NULL;
}

/* Field annotation: flat tag/value pairs. */
static cbl_field cbl_read_field(LLVMValueRef node)
{
    cbl_field f = {0};
    unsigned n = 0, mn = 0;
    LLVMValueRef *ops = cbl_operands(node, &n);
    for (unsigned i = 0; ops && i + 1 < n; i += 2) {
        uint64_t tag = 0, v = 0;
        if (!dxil_res_const_u64(ops[i], &tag))
            continue;
        if (tag == CBL_TAG_OFFSET && dxil_res_const_u64(ops[i + 1], &v)) {
            f.offset = (uint32_t)v;
            f.has_offset = true;
        } else if (tag == CBL_TAG_MATRIX) {
            LLVMValueRef *m = cbl_operands(ops[i + 1], &mn);
            uint64_t r = 0, c = 0, o = 0;
            if (m && mn >= 3 && dxil_res_const_u64(m[0], &r) && dxil_res_const_u64(m[1], &c) &&
                dxil_res_const_u64(m[2], &o) && r >= 1 && r <= 4 && c >= 1 && c <= 4)
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

/* Bytes a scalar takes in a CBuffer; 0 for anything that is not one. */
static uint32_t cbl_scalar_bytes(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return 2;
    case LLVMFloatTypeKind: return 4;
    case LLVMDoubleTypeKind: return 8;
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        return w == 16 || w == 32 || w == 64 ? w / 8 : 0;
    }
    default: return 0;
    }
}

/* T or <n x T> (n = 1 means the scalar), spelled so that its allocation
 * size is n * sizeof(T): clang's spelling, else [n x T], else bytes. */
static LLVMTypeRef cbl_leaf(cbl_state *st, LLVMTypeRef scalar, unsigned n, uint32_t *size)
{
    uint32_t b = cbl_scalar_bytes(scalar);
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
static LLVMTypeRef cbl_bottom(LLVMTypeRef t, uint64_t *count)
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
            return cbl_scalar_bytes(t) ? t : NULL;
        }
    }
    return NULL;
}

/* An annotated matrix field: one register per row (row_major) or column,
 * each holding the other dimension; an array of matrices repeats it. */
static LLVMTypeRef cbl_matrix(cbl_state *st, LLVMTypeRef ft, const cbl_field *f, uint32_t *size)
{
    uint64_t count = 0;
    LLVMTypeRef scalar = cbl_bottom(ft, &count);
    unsigned per = f->rows * f->cols;
    if (!scalar || count == 0 || count % per != 0)
        return NULL;
    bool row_major = f->orient == CBL_ORIENT_ROW_MAJOR;
    unsigned regs = row_major ? f->rows : f->cols, k = row_major ? f->cols : f->rows;
    uint32_t vsize = 0, msize = 0;
    LLVMTypeRef m;
    if (k * cbl_scalar_bytes(scalar) == CBL_ROW && cbl_alloc(st, scalar) == cbl_scalar_bytes(scalar)) {
        m = LLVMArrayType2(scalar, per); /* full rows: clang's [R*C x T] */
        msize = per * cbl_scalar_bytes(scalar);
    } else {
        LLVMTypeRef v = cbl_leaf(st, scalar, k, &vsize);
        m = cbl_array(st, v, vsize, regs, &msize);
    }
    if (count / per > 1)
        return cbl_array(st, m, msize, count / per, size);
    *size = msize;
    return m;
}

static LLVMTypeRef cbl_struct_layout(cbl_state *st, cbl_struct *s, uint32_t *size);

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
        cbl_struct *s = cbl_find_type(st, t);
        return s ? cbl_struct_layout(st, s, size) : NULL;
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
static bool cbl_members(cbl_state *st, cbl_struct *s, LLVMValueRef *ops, unsigned n,
                        cbl_fields *out)
{
    unsigned members = LLVMCountStructElementTypes(s->dxc);
    if (n != members + 1)
        return false;
    for (unsigned i = 0; i < members; i++) {
        cbl_field f = cbl_read_field(ops[i + 1]);
        uint32_t fsize = 0;
        LLVMTypeRef ft = f.has_offset
                             ? cbl_type(st, LLVMStructGetTypeAtIndex(s->dxc, i), &f, &fsize)
                             : NULL;
        if (!cbl_place(st, out, ft, f.offset, fsize))
            return false;
    }
    return true;
}

/* "struct.S" / "class.S" / "hostlayout.S" -> "S" (clang's name). */
static const char *cbl_clang_name(LLVMTypeRef dxc)
{
    static const char *const prefixes[] = {"struct.", "class.", "hostlayout."};
    const char *name = LLVMGetStructName(dxc);
    if (!name)
        return "";
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
            return name + strlen(prefixes[i]);
    return name;
}

/* Members of s in a packed literal-or-named struct; `total` pads the end
 * (0: no trailing padding). */
static LLVMTypeRef cbl_body(cbl_state *st, cbl_struct *s, uint32_t total, uint32_t *size,
                            LLVMTypeRef named)
{
    unsigned n = 0;
    LLVMValueRef *ops = cbl_operands(s->node, &n);
    cbl_fields fl = {calloc(2 * (size_t)n + 2, sizeof(LLVMTypeRef)), 0, 0};
    bool ok = ops && fl.v && st->depth < CBL_MAX_DEPTH;
    st->depth++;
    ok = ok && cbl_members(st, s, ops, n, &fl) && (!total || fl.at <= total);
    st->depth--;
    if (ok && total > fl.at)
        fl.v[fl.n++] = cbl_padding(st, total - fl.at);
    if (ok)
        LLVMStructSetBody(named, fl.v, fl.n, 1);
    *size = total ? total : fl.at;
    free(ops);
    free(fl.v);
    return ok ? named : NULL;
}

/* A nested struct: clang's packed %S, with no trailing padding. */
static LLVMTypeRef cbl_struct_layout(cbl_state *st, cbl_struct *s, uint32_t *size)
{
    if (s->built) {
        *size = cbl_alloc(st, s->built);
        return s->built;
    }
    LLVMTypeRef named = LLVMStructCreateNamed(st->rc->ctx, cbl_clang_name(s->dxc));
    s->built = cbl_body(st, s, 0, size, named);
    return s->built;
}

/* ---- records ---- */

/* The annotated struct behind a CBV record: its global's type (arrays of
 * cbuffers peeled), or else the annotated struct named like the cbuffer
 * (DXC names a cbuffer's type after it; stripped records have no global). */
static cbl_struct *cbl_record_struct(cbl_state *st, const dxil_res_desc *d)
{
    if (d->symbol && LLVMIsAGlobalVariable(d->symbol)) {
        LLVMTypeRef t = LLVMGlobalGetValueType(d->symbol);
        while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
            t = LLVMGetElementType(t);
        cbl_struct *s = cbl_find_type(st, t);
        if (s)
            return s;
    }
    return cbl_find_name(st, d->name, d->name_len);
}

static void cbl_for_record(cbl_state *st, dxil_res_desc *d)
{
    cbl_struct *s = cbl_record_struct(st, d);
    if (!s || d->cb_size == 0)
        return;
    char name[128];
    const char *base = d->name_len ? NULL : cbl_clang_name(s->dxc);
    if (base)
        snprintf(name, sizeof name, "__cblayout_%s", base);
    else
        snprintf(name, sizeof name, "__cblayout_%.*s", (int)(d->name_len < 100 ? d->name_len : 100),
                 d->name);
    uint32_t size = 0;
    LLVMTypeRef named = LLVMStructCreateNamed(st->rc->ctx, name);
    LLVMTypeRef t = cbl_body(st, s, d->cb_size, &size, named);
    if (t && cbl_alloc(st, t) == d->cb_size)
        d->cb_layout = t;
}

void dxil_res_cb_layouts(dxil_raise_ctx *rc, dxil_res_table *t)
{
    cbl_state st = {.rc = rc, .dl = LLVMGetModuleDataLayout(rc->mod)};
    bool any = false;
    for (size_t i = 0; i < t->count; i++)
        any |= t->recs[i].kind == RES_KIND_CBUFFER;
    if (!any)
        return;
    cbl_read_annotations(&st);
    for (size_t i = 0; st.n && i < t->count; i++)
        if (t->recs[i].kind == RES_KIND_CBUFFER)
            cbl_for_record(&st, &t->recs[i]);
    free(st.structs);
}
