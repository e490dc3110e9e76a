/* chk_instr_sig.c - DXC's ValidateSignatureDxilOp: the ops that read or
 * write an entry's signature (loadInput, storeOutput and kin, eval*,
 * attributeAtVertex, emit/cut stream, the hull and domain shader ones)
 * only in an entry or its patch constant function
 * (Instr.SignatureOperationNotInEntry); an immediate element id within
 * the signature (Instr.OpConst, Instr.OpConstRange), row and column
 * within the element (Instr.OperandRange, an immediate column); the
 * vertex index of an input only where inputs have vertices, within their
 * count (Sm.Operand, Instr.OperandRange); eval* only on linearly
 * interpolated inputs, never on the position (Instr.EvalInterpolationMode,
 * Instr.CannotPullPosition); attributeAtVertex only on constant
 * interpolated ones (Instr.AttributeAtVertexNoInterpolation); emitting and
 * cutting only declared streams of a geometry shader; the hull-only ops
 * in their functions (Sm.OpcodeInInvalidFunction). The element facts come
 * from the entry's signature records in dx.entryPoints. */
#include "chk_instr.h"

#include "dxil_optable_gen.h"
#include "module/md_util.h"

#include <stdio.h>
#include <string.h>

/* One signature element record: [id, name, comp type, semantic kind,
 * indices, interpolation, rows, cols, start row, start col, props]. */
typedef struct sig_elem {
    LLVMValueRef rec;
    uint64_t kind, interp, rows, cols;
    char name[64];
} sig_elem;

enum { SEM_POSITION = 3 };
enum { INTERP_CONSTANT = 1, INTERP_LINEAR_FIRST = 2, INTERP_LINEAR_LAST = 7 };

static bool sig_elem_at(LLVMValueRef list, uint64_t i, sig_elem *out)
{
    if (!list || i >= md_num_operands(list))
        return false;
    LLVMValueRef rec = md_operand(list, (unsigned)i);
    memset(out, 0, sizeof *out);
    out->rec = rec;
    md_operand_uint(rec, 3, &out->kind);
    md_operand_uint(rec, 5, &out->interp);
    md_operand_uint(rec, 6, &out->rows);
    md_operand_uint(rec, 7, &out->cols);
    if (!md_string(md_operand(rec, 1), out->name, sizeof out->name))
        snprintf(out->name, sizeof out->name, "?");
    return true;
}

typedef struct sig_call {
    chk_ctx *c;
    chk_env *e;
    LLVMValueRef call;
    const chk_fnkind *entry; /* the entry whose signatures apply */
    bool patch_constant;     /* the call is in the patch constant function */
} sig_call;

static LLVMValueRef arg(const sig_call *s, unsigned i)
{
    return i < (unsigned)LLVMGetNumArgOperands(s->call) ? LLVMGetOperand(s->call, i) : NULL;
}

static void range_fail(const sig_call *s, const char *what, uint64_t hi, int64_t got, bool tilde)
{
    char range[32], v[32];
    snprintf(range, sizeof range, tilde ? "0~%llu" : "%llu", (unsigned long long)hi);
    snprintf(v, sizeof v, "%lld", (long long)got);
    chk_fail(s->c, CHK_INSTR_OPERANDRANGE, s->call, what, range, v, NULL);
}

/* The signature list sig (0 inputs, 1 outputs, 2 patch constant or
 * primitive) of the entry. */
static LLVMValueRef sig_list(const sig_call *s, unsigned sig)
{
    unsigned n = md_named_count(s->c->mod, "dx.entryPoints");
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = md_named_operand(s->c->mod, "dx.entryPoints", i);
        if (md_operand(e, 0) == s->entry->fn)
            return md_operand(md_operand(e, 2), sig);
    }
    return NULL;
}

/* DXC's ValidateSignatureAccess; false (after reporting) when there is no
 * element to look further at. */
static bool sig_access(const sig_call *s, unsigned sig, unsigned id_arg, sig_elem *el)
{
    LLVMValueRef id = arg(s, id_arg), row = arg(s, id_arg + 1), col = arg(s, id_arg + 2);
    uint64_t v;
    if (!id || !LLVMIsAConstantInt(id)) {
        chk_fail(s->c, CHK_INSTR_OPCONST, s->call, "SignatureID", "LoadInput/StoreOutput", NULL);
        return false;
    }
    if (!sig_elem_at(sig_list(s, sig), LLVMConstIntGetZExtValue(id), el)) {
        chk_fail(s->c, CHK_INSTR_OPCONSTRANGE, s->call, NULL);
        return false;
    }
    if (row && LLVMIsAConstantInt(row) && (v = LLVMConstIntGetZExtValue(row)) >= el->rows)
        range_fail(s, "Row", el->rows, (int64_t)v, true);
    if (!col || !LLVMIsAConstantInt(col)) {
        chk_fail(s->c, CHK_INSTR_OPCONST, s->call, "Col", "LoadInput/StoreOutput", NULL);
        return true;
    }
    if ((v = LLVMConstIntGetZExtValue(col)) > el->cols) /* DXC compares with >, not >= */
        range_fail(s, "Col", el->cols, (int64_t)v, true);
    return true;
}

static uint64_t props_field(const chk_fnkind *k, unsigned tag, unsigned i)
{
    uint64_t v = 0;
    LLVMValueRef t = k && k->props ? md_tag_value(k->props, tag, NULL) : NULL;
    if (t)
        md_operand_uint(t, i, &v);
    return v;
}

static unsigned gs_vertices(uint64_t prim)
{
    static const unsigned table[8] = {0, 1, 2, 3, 0, 0, 4, 6};
    return prim < 8 ? table[prim] : prim <= 39 ? (unsigned)(prim - 7) : 0;
}

/* LoadInput's vertex index: none in vertex and pixel shaders; within the
 * input primitive's (or control points') count elsewhere. */
static void sig_vertex(const sig_call *s, LLVMValueRef vid)
{
    int kind = s->entry->kind;
    bool used = vid && !LLVMIsUndef(vid);
    if (kind == DXIL_SHADER_VERTEX || kind == DXIL_SHADER_PIXEL) {
        if (used)
            chk_fail(s->c, CHK_SM_OPERAND, s->call, NULL);
        return;
    }
    if (!vid || !LLVMIsAConstantInt(vid))
        return;
    int64_t v = LLVMConstIntGetSExtValue(vid);
    uint64_t high = 0;
    if (kind == DXIL_SHADER_GEOMETRY)
        high = gs_vertices(props_field(s->entry, DXIL_ENTRY_GS_STATE, 0));
    else if (kind == DXIL_SHADER_DOMAIN)
        high = props_field(s->entry, DXIL_ENTRY_DS_STATE, 1);
    else if (kind == DXIL_SHADER_HULL)
        high = props_field(s->entry, DXIL_ENTRY_HS_STATE, 1);
    else
        chk_fail(s->c, CHK_SM_OPCODEININVALIDFUNCTION, s->call, "LoadInput", "VS/HS/DS/GS/PS",
                 NULL);
    if (v < 0 || (uint64_t)v >= high)
        range_fail(s, "VertexID", high, v, true);
}

static void sig_stream(const sig_call *s)
{
    if (s->entry->kind != DXIL_SHADER_GEOMETRY) {
        chk_fail(s->c, CHK_SM_OPCODEININVALIDFUNCTION, s->call, "Emit/CutStream",
                 "Geometry shader", NULL);
        return;
    }
    LLVMValueRef id = arg(s, 1);
    if (!id || !LLVMIsAConstantInt(id)) {
        chk_fail(s->c, CHK_INSTR_OPCONST, s->call, "StreamID", "Emit/CutStream", NULL);
        return;
    }
    int64_t v = LLVMConstIntGetSExtValue(id);
    uint64_t mask = props_field(s->entry, DXIL_ENTRY_GS_STATE, 2);
    if (v < 0 || v >= 4) {
        char got[24];
        snprintf(got, sizeof got, "%lld", (long long)v);
        chk_fail(s->c, CHK_INSTR_OPERANDRANGE, s->call, "StreamID", "0~4", got, NULL);
    } else if (!(mask & (1u << v))) {
        char list[16] = "", got[24];
        for (unsigned i = 0; i < 4; i++)
            if (mask & (1u << i))
                snprintf(list + strlen(list), sizeof list - strlen(list), "%u ", i);
        snprintf(got, sizeof got, "%lld", (long long)v);
        chk_fail(s->c, CHK_INSTR_OPERANDRANGE, s->call, "StreamID", list, got, NULL);
    }
}

static void sig_eval(const sig_call *s, bool at_vertex)
{
    sig_elem el;
    if (!sig_access(s, 0, 1, &el))
        return;
    if (at_vertex) {
        if (el.interp != INTERP_CONSTANT)
            chk_fail(s->c, CHK_INSTR_ATTRIBUTEATVERTEXNOINTERPOLATION, s->call, el.name, NULL);
        return;
    }
    if (el.interp < INTERP_LINEAR_FIRST || el.interp > INTERP_LINEAR_LAST)
        chk_fail(s->c, CHK_INSTR_EVALINTERPOLATIONMODE, s->call, el.name, NULL);
    if (el.kind == SEM_POSITION) {
        char sm[32];
        snprintf(sm, sizeof sm, "%s_%u_%u", chk_kind_name(s->c->stage),
                 DXIL_VERSION_MAJOR(s->c->sm), DXIL_VERSION_MINOR(s->c->sm));
        chk_fail(s->c, CHK_INSTR_CANNOTPULLPOSITION, s->call, sm, NULL);
    }
}

/* The entry a function's signature ops use: its own, or for a hull
 * shader's patch constant function the hull shader's. */
static bool sig_entry(chk_env *e, LLVMValueRef fn, sig_call *s)
{
    const chk_fnkind *k = chk_env_entry(e, fn);
    if (k && !k->patch_constant) {
        s->entry = k;
        return true;
    }
    for (size_t i = 0; k && i < e->nentries; i++)
        if (e->entries[i].kind == DXIL_SHADER_HULL && !e->entries[i].patch_constant &&
            md_operand(md_tag_value(e->entries[i].props, DXIL_ENTRY_HS_STATE, NULL), 0) == fn) {
            s->entry = &e->entries[i];
            s->patch_constant = true;
            return true;
        }
    return false;
}

bool chk_sig_is_op(uint32_t op)
{
    switch (op) {
    case DXIL_OP_LoadInput: case DXIL_OP_DomainLocation: case DXIL_OP_StoreOutput:
    case DXIL_OP_StoreVertexOutput: case DXIL_OP_StorePrimitiveOutput:
    case DXIL_OP_OutputControlPointID: case DXIL_OP_LoadOutputControlPoint:
    case DXIL_OP_StorePatchConstant: case DXIL_OP_Coverage: case DXIL_OP_InnerCoverage:
    case DXIL_OP_ViewID: case DXIL_OP_EvalCentroid: case DXIL_OP_EvalSampleIndex:
    case DXIL_OP_EvalSnapped: case DXIL_OP_AttributeAtVertex: case DXIL_OP_EmitStream:
    case DXIL_OP_EmitThenCutStream: case DXIL_OP_CutStream:
        return true;
    default:
        return false;
    }
}

void chk_sig_op(chk_ctx *c, chk_env *e, LLVMValueRef call, uint32_t op)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    sig_call s = {c, e, call, NULL, false};
    sig_elem el;
    if (!sig_entry(e, fn, &s)) {
        chk_fail(c, CHK_INSTR_SIGNATUREOPERATIONNOTINENTRY, call, NULL);
        return;
    }
    switch (op) {
    case DXIL_OP_LoadInput:
        sig_access(&s, 0, 1, &el);
        sig_vertex(&s, arg(&s, 4));
        break;
    case DXIL_OP_DomainLocation: {
        LLVMValueRef col = arg(&s, 1);
        uint64_t dom = props_field(s.entry, DXIL_ENTRY_DS_STATE, 0);
        unsigned size = dom == 1 ? 2 : dom == 2 ? 3 : dom == 3 ? 2 : 0; /* isoline, tri, quad */
        if (!col || !LLVMIsAConstantInt(col))
            chk_fail(c, CHK_INSTR_OPCONST, call, "Col", "DomainLocation", NULL);
        else if (size && LLVMConstIntGetZExtValue(col) >= size)
            chk_fail(c, CHK_SM_DOMAINLOCATIONIDXOOB, call, NULL);
        break;
    }
    case DXIL_OP_StoreOutput: case DXIL_OP_StoreVertexOutput:
        sig_access(&s, 1, 1, &el);
        break;
    case DXIL_OP_StorePrimitiveOutput:
        sig_access(&s, 2, 1, &el);
        break;
    case DXIL_OP_OutputControlPointID:
        if (s.entry->kind != DXIL_SHADER_HULL || s.patch_constant)
            chk_fail(c, CHK_SM_OPCODEININVALIDFUNCTION, call, "OutputControlPointID",
                     "hull function", NULL);
        break;
    case DXIL_OP_LoadOutputControlPoint:
        if (!s.patch_constant)
            chk_fail(c, CHK_SM_OPCODEININVALIDFUNCTION, call, "LoadOutputControlPoint",
                     "PatchConstant function", NULL);
        sig_access(&s, 1, 1, &el);
        break;
    case DXIL_OP_StorePatchConstant:
        if (!s.patch_constant)
            chk_fail(c, CHK_SM_OPCODEININVALIDFUNCTION, call, "StorePatchConstant",
                     "PatchConstant function", NULL);
        else
            sig_access(&s, 2, 1, &el);
        break;
    case DXIL_OP_EvalCentroid: case DXIL_OP_EvalSampleIndex: case DXIL_OP_EvalSnapped:
        sig_eval(&s, false);
        break;
    case DXIL_OP_AttributeAtVertex:
        sig_eval(&s, true);
        break;
    case DXIL_OP_EmitStream: case DXIL_OP_EmitThenCutStream: case DXIL_OP_CutStream:
        sig_stream(&s);
        break;
    default:
        break;
    }
}
