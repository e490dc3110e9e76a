/* lower_signature.c - the input and output signatures of clang 22's
 * vertex and pixel entries. clang 22 reads an entry parameter with
 * llvm.dx.load.input(4, 0, 0, 0, poison) and writes the result with
 * llvm.dx.store.output(4, 0, 0, 0, poison, v): every element gets ID 0,
 * and the semantic survives only as the load's value name (`%TEXCOORD1`,
 * `%SV_Position0`); it writes no signature metadata. DXIL needs one
 * element per semantic in the entry's record (its IDs are what loadInput
 * and storeOutput name; DXC: "Constant values must be in-range").
 *
 * Inputs: one element per distinct semantic name and index parsed from
 * the loads' names, IDs in order of first appearance, each load's element
 * argument rewritten to its ID. Outputs: clang names none, so an entry
 * with one output store gets its stage's one output, SV_Target0 (pixel)
 * or SV_Position0 (vertex). Anything else (an unnamed load, two output
 * stores: clang stores each field of a returned struct, another stage)
 * is refused, naming the call: clang 22 gives nothing to tell them apart
 * by.
 *
 * Semantics as DXC's front end records them (module/sig_semantics.h): a
 * system value spelled as DXC spells it (`SV_POSITION` is recorded
 * `SV_Position`: DXC's validator rebuilds the signature parts with that
 * name), a system value the stage reads as an arbitrary semantic (a
 * vertex shader's SV_Position input) recorded as arbitrary with the name
 * as written; one the stage has not, or reads with an op of its own
 * (NotInSig), is refused.
 *
 * Element records are DXC's: {ID, name, component type, semantic kind,
 * !{index}, interpolation, rows 1, columns, start row = ID, start column
 * 0, !{i32 3, usage mask}}; interpolation as DXC gives it (SV_Position
 * noperspective, other floats linear, integers constant, vertex inputs
 * and pixel outputs none); the usage mask of an input is the lanes read
 * (constant extractelements, else all), of an output all lanes. The
 * entries pass puts the signatures in the entry's record. Only entries
 * whose calls are all clang's (4, 0, 0, 0) form: a raised module has
 * DXC's record, and other modern input its own element IDs. */
#include "lower_internal.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/sig_semantics.h"
#include "common/abi_names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SIG_MAX 32

typedef struct sig_elem {
    char name[64];
    unsigned index, cols, mask, comp, kind;
    LLVMTypeRef scalar;
} sig_elem;

typedef struct sig_set {
    sig_elem v[SIG_MAX];
    unsigned n;
} sig_set;

/* The kind DXC gives the semantic `name` at `point` (arbitrary where the
 * point reads it so), with DXC's spelling of a system value in `name`;
 * false for a semantic the point has not, or reads with an op of its own
 * instead of a signature element (DXC: NotInSig). */
static bool sig_kind(char *name, size_t size, int point, unsigned *kind)
{
    unsigned k = sem_kind_by_name(name);
    if (k == DXIL_SEMANTIC_INVALID)
        return false;
    *kind = sem_element_kind(k, point);
    if (*kind == DXIL_SEMANTIC_INVALID || !sem_in_part(*kind, point))
        return false;
    const char *canonical = sem_canonical_name(*kind);
    if (canonical)
        snprintf(name, size, "%s", canonical);
    return true;
}

/* "TEXCOORD12" -> "TEXCOORD", 12 (clang appends the index, 0 when none). */
static bool sig_parse_name(LLVMValueRef call, char *name, size_t size, unsigned *index)
{
    size_t len = 0;
    const char *s = LLVMGetValueName2(call, &len);
    size_t d = len;
    while (d > 0 && isdigit((unsigned char)s[d - 1]))
        d--;
    if (d == 0 || d == len || d >= size || len - d > 4)
        return false;
    memcpy(name, s, d);
    name[d] = '\0';
    *index = (unsigned)strtoul(s + d, NULL, 10);
    return true;
}

static unsigned sig_comp(LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMHalfTypeKind: return DXIL_COMPONENT_F16;
    case LLVMFloatTypeKind: return DXIL_COMPONENT_F32;
    case LLVMDoubleTypeKind: return DXIL_COMPONENT_F64;
    case LLVMIntegerTypeKind:
        switch (LLVMGetIntTypeWidth(t)) {
        case 1: return DXIL_COMPONENT_I1;
        case 16: return DXIL_COMPONENT_I16;
        case 32: return DXIL_COMPONENT_I32;
        case 64: return DXIL_COMPONENT_I64;
        default: return DXIL_COMPONENT_INVALID;
        }
    default: return DXIL_COMPONENT_INVALID;
    }
}

/* The lanes of load v that are read: constant extractelements, else all. */
static unsigned sig_read_mask(LLVMValueRef v, unsigned cols)
{
    unsigned all = (1u << cols) - 1, mask = 0;
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind)
        return all;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        uint64_t lane;
        if (LLVMIsAExtractElementInst(user) && const_u64(LLVMGetOperand(user, 1), &lane) &&
            lane < cols)
            mask |= 1u << lane;
        else
            return all;
    }
    return mask;
}

/* The element the value type t describes (scalar type, columns). */
static bool sig_shape(LLVMTypeRef t, sig_elem *e)
{
    bool vec = LLVMGetTypeKind(t) == LLVMVectorTypeKind;
    e->scalar = vec ? LLVMGetElementType(t) : t;
    e->cols = vec ? LLVMGetVectorSize(t) : 1;
    e->comp = sig_comp(e->scalar);
    return e->comp != DXIL_COMPONENT_INVALID && e->cols >= 1 && e->cols <= 4;
}

static unsigned sig_interp(bool input, bool pixel, const sig_elem *e)
{
    if ((input && !pixel) || (!input && pixel))
        return DXIL_INTERP_UNDEFINED; /* vertex inputs, pixel outputs */
    if (e->kind == DXIL_SEMANTIC_POSITION)
        return DXIL_INTERP_LINEAR_NOPERSPECTIVE;
    bool fp = e->comp == DXIL_COMPONENT_F16 || e->comp == DXIL_COMPONENT_F32 ||
              e->comp == DXIL_COMPONENT_F64;
    return fp ? DXIL_INTERP_LINEAR : DXIL_INTERP_CONSTANT;
}

static LLVMMetadataRef sig_md(LLVMValueRef v)
{
    return v ? LLVMValueAsMetadata(v) : NULL;
}

/* Built at the metadata level: a one-operand tuple (the semantic index
 * list) would become its operand as a value (MetadataAsValue
 * canonicalizes !{i32 0} to i32 0). */
static LLVMValueRef sig_record(lower_ctx *lc, const sig_elem *e, unsigned id, bool input,
                               bool pixel)
{
    LLVMMetadataRef idx = sig_md(lower_i32(lc, e->index));
    LLVMMetadataRef props[2] = {sig_md(lower_i32(lc, 3)), sig_md(lower_i32(lc, e->mask))};
    LLVMMetadataRef f[11] = {sig_md(lower_i32(lc, id)),
                             LLVMMDStringInContext2(lc->ctx, e->name, strlen(e->name)),
                             sig_md(lower_i8(lc, e->comp)),
                             sig_md(lower_i8(lc, e->kind)),
                             LLVMMDNodeInContext2(lc->ctx, &idx, 1),
                             sig_md(lower_i8(lc, sig_interp(input, pixel, e))),
                             sig_md(lower_i32(lc, 1)),
                             sig_md(lower_i8(lc, e->cols)),
                             sig_md(lower_i32(lc, id)),
                             sig_md(lower_i8(lc, 0)),
                             e->mask ? LLVMMDNodeInContext2(lc->ctx, props, 2) : NULL};
    return LLVMMetadataAsValue(lc->ctx, LLVMMDNodeInContext2(lc->ctx, f, 11));
}

static LLVMValueRef sig_list(lower_ctx *lc, const sig_set *s, bool input, bool pixel)
{
    if (!s->n)
        return NULL;
    LLVMValueRef recs[SIG_MAX];
    for (unsigned i = 0; i < s->n; i++)
        recs[i] = sig_record(lc, &s->v[i], i, input, pixel);
    return md_make_node(lc->ctx, recs, s->n);
}

/* The signature calls of fn: base names llvm.dx.load.input / store.output. */
static size_t sig_calls(LLVMValueRef fn, const char *intrinsic, LLVMValueRef *out, size_t cap)
{
    size_t n = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            char base[64];
            LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
            if (callee && LLVMIsAFunction(callee) &&
                lower_intrinsic_base(callee, base, sizeof base) && !strcmp(base, intrinsic)) {
                if (n == cap)
                    return cap + 1;
                out[n++] = i;
            }
        }
    return n;
}

static bool sig_inputs(lower_ctx *lc, LLVMValueRef fn, int point, sig_set *s)
{
    LLVMValueRef calls[256];
    size_t n = sig_calls(fn, "llvm.dx.load.input", calls, 256);
    for (size_t i = 0; i < n && i < 256; i++) {
        sig_elem e = {0};
        unsigned id;
        if (!sig_parse_name(calls[i], e.name, sizeof e.name, &e.index)) {
            lower_report(lc, DXIL_SEV_ERROR, calls[i],
                         "the input has no semantic: clang 22 names it only through the load's "
                         "value name, and this load has none");
            return false;
        }
        if (LLVMGetTypeKind(LLVMTypeOf(calls[i])) == LLVMArrayTypeKind) {
            /* float[4] and float2x2 are both [4 x float] in clang 22's
             * load: 4 rows of 1 or 2 rows of 2, signatures that differ */
            lower_report(lc, DXIL_SEV_ERROR, calls[i],
                         "an input of array type: clang 22 loads arrays and matrices alike "
                         "(float[4] and float2x2 are both [4 x float]), so its signature rows "
                         "are unknown");
            return false;
        }
        if (!sig_kind(e.name, sizeof e.name, point, &e.kind) ||
            !sig_shape(LLVMTypeOf(calls[i]), &e)) {
            lower_report(lc, DXIL_SEV_ERROR, calls[i],
                         "the input's semantic or type has no DXIL signature form here");
            return false;
        }
        for (id = 0; id < s->n; id++)
            if (!strcasecmp(s->v[id].name, e.name) && s->v[id].index == e.index)
                break;
        if (id == s->n) {
            if (s->n == SIG_MAX)
                return false;
            s->v[s->n++] = e;
        }
        s->v[id].mask |= sig_read_mask(calls[i], e.cols);
        LLVMSetOperand(calls[i], 1, lower_i32(lc, id));
    }
    return n <= 256;
}

static bool sig_outputs(lower_ctx *lc, LLVMValueRef fn, const char *stage, sig_set *s)
{
    LLVMValueRef calls[256];
    size_t n = sig_calls(fn, "llvm.dx.store.output", calls, 256);
    if (!n)
        return true;
    bool pixel = !strcmp(stage, "pixel");
    if (n > 256 || (!pixel && strcmp(stage, "vertex")))
        return false;
    sig_elem e = {0};
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(calls[0], 5));
    for (size_t i = 1; i < n; i++)
        if (LLVMTypeOf(LLVMGetOperand(calls[i], 5)) != t) {
            lower_report(lc, DXIL_SEV_ERROR, calls[i],
                         "outputs of two types: clang 22 names no output semantic, so they "
                         "cannot be told apart");
            return false;
        }
    /* clang 22 stores each output once, after the entry's body: a second
     * store is a second output (a struct's fields), which one element
     * would lose (the last store would win). */
    if (n > 1) {
        lower_report(lc, DXIL_SEV_ERROR, calls[1],
                     "a second output: clang 22 names no output semantic, so the outputs "
                     "cannot be told apart (one element for both would keep only the last)");
        return false;
    }
    snprintf(e.name, sizeof e.name, "%s", pixel ? "SV_Target" : "SV_Position");
    e.kind = pixel ? DXIL_SEMANTIC_TARGET : DXIL_SEMANTIC_POSITION;
    if (!sig_shape(t, &e)) {
        lower_report(lc, DXIL_SEV_ERROR, calls[0], "the output's type has no DXIL signature form");
        return false;
    }
    e.mask = (1u << e.cols) - 1;
    s->v[s->n++] = e;
    for (size_t i = 0; i < n; i++)
        LLVMSetOperand(calls[i], 1, lower_i32(lc, 0));
    return true;
}

static bool sig_stage(LLVMValueRef fn, char *buf, size_t size)
{
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                                       "hlsl.shader", 11);
    unsigned len = 0;
    const char *v = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
    if (!v || len >= size)
        return false;
    memcpy(buf, v, len);
    buf[len] = '\0';
    return true;
}

/* clang 22's placeholder form: (4, 0, 0, 0, ...) on every call. Calls
 * with their own element IDs, rows or columns (the raise's form, LLVM's
 * tests) carry what they mean and get no signature from here. */
static bool sig_is_clang_form(LLVMValueRef fn)
{
    static const char *const kinds[2] = {"llvm.dx.load.input", "llvm.dx.store.output"};
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef calls[256];
        size_t n = sig_calls(fn, kinds[k], calls, 256);
        if (n > 256)
            return false;
        for (size_t i = 0; i < n; i++)
            for (unsigned a = 0; a < 4; a++) {
                uint64_t v;
                if (!const_u64(LLVMGetOperand(calls[i], a), &v) || v != (a == 0 ? 4u : 0u))
                    return false;
            }
    }
    return true;
}

int lower_signatures(lower_ctx *lc)
{
    if (!lower_is_modern(lc))
        return 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char stage[32];
        if (!sig_stage(fn, stage, sizeof stage) || lc->n_sigs == LOWER_MAX_SIGS ||
            !sig_is_clang_form(fn))
            continue;
        bool pixel = !strcmp(stage, "pixel");
        sig_set in = {0}, out = {0};
        int point = sem_point((unsigned)shader_kind_from_env(stage, strlen(stage)), 0);
        if (!sig_inputs(lc, fn, point, &in) || !sig_outputs(lc, fn, stage, &out))
            continue;
        if (!in.n && !out.n)
            continue;
        LLVMValueRef lists[3] = {sig_list(lc, &in, true, pixel), sig_list(lc, &out, false, pixel),
                                 NULL};
        lc->sigs[lc->n_sigs].fn = fn;
        lc->sigs[lc->n_sigs++].node = md_make_node(lc->ctx, lists, 3);
    }
    return 0;
}

LLVMValueRef lower_signature_of(const lower_ctx *lc, LLVMValueRef fn)
{
    for (unsigned i = 0; i < lc->n_sigs; i++)
        if (lc->sigs[i].fn == fn)
            return lc->sigs[i].node;
    return NULL;
}
