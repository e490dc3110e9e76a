/* raise_res_forms.c - the three creation forms the resource pass raises,
 * each read into a binding (createHandle: a dx.resources record;
 * createHandleFromBinding: its ResBind; createHandleForLib: the global
 * it loads), and the element counts of typed resources whose record does
 * not give them. */
#include "raise_resources.h"
#include "raise_ops.h"

#include "dxil-upgrade/dxil_stats.h"
#include "common/side_metadata.h"

#include <stdio.h>
#include <string.h>

/* ---- element-count inference for typed resources without props ---- */

/* Highest ResRet field (0-3) read through extractvalue, plus one. */
static unsigned res_count_from_resret(LLVMValueRef call)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef ev = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(ev) || LLVMGetNumIndices(ev) != 1)
            continue;
        unsigned i = LLVMGetIndices(ev)[0];
        if (i < 4 && i + 1 > n)
            n = i + 1;
    }
    return n;
}

/* bufferStore lanes 1-3 that are not a copy of lane 0 (DXC's padding). */
static unsigned res_count_from_store(LLVMValueRef call)
{
    unsigned n = 1;
    LLVMValueRef v0 = LLVMGetOperand(call, 4);
    for (unsigned i = 1; i < 4; i++) {
        LLVMValueRef vi = LLVMGetOperand(call, 4 + i);
        if (vi != v0 && !LLVMIsUndef(vi))
            n = i + 1;
    }
    return n;
}

static unsigned res_count_from_uses(const raise_ctx *rc, LLVMValueRef handle)
{
    unsigned n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(handle); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        unsigned k = 0;
        if (!LLVMIsACallInst(user))
            continue;
        LLVMTypeRef rt = LLVMTypeOf(user);
        if (res_call_opcode(user) == DXIL_OP_BufferStore) {
            if (raise_call_fits_op(rc, user, DXIL_OP_BufferStore))
                k = res_count_from_store(user);
        } else if (LLVMGetTypeKind(rt) == LLVMStructTypeKind &&
                   LLVMCountStructElementTypes(rt) == 5) {
            k = res_count_from_resret(user);
        }
        if (k > n)
            n = k;
    }
    return n;
}

/* Component count from a library's resource global: { <N x T> } or {T}. */
static unsigned res_count_from_symbol(LLVMValueRef sym)
{
    if (!sym || !LLVMIsAGlobalVariable(sym))
        return 0;
    LLVMTypeRef t = LLVMGlobalGetValueType(sym);
    while (LLVMGetTypeKind(t) == LLVMArrayTypeKind)
        t = LLVMGetElementType(t);
    if (LLVMGetTypeKind(t) != LLVMStructTypeKind || LLVMCountStructElementTypes(t) < 1)
        return 0;
    LLVMTypeRef e = LLVMStructGetTypeAtIndex(t, 0);
    if (LLVMGetTypeKind(e) == LLVMVectorTypeKind)
        return LLVMGetVectorSize(e);
    return LLVMGetTypeKind(e) == LLVMPointerTypeKind || LLVMGetTypeKind(e) == LLVMStructTypeKind
               ? 0 : 1;
}

static bool res_is_typed(const res_desc *d)
{
    return d->kind == DXIL_RESOURCE_KIND_TYPEDBUFFER ||
           (d->kind >= DXIL_RESOURCE_KIND_TEXTURE1D &&
            d->kind <= DXIL_RESOURCE_KIND_TEXTURECUBEARRAY);
}

void res_infer_counts(res_state *st, const res_calls *creates, unsigned id_arg)
{
    for (size_t i = 0; i < creates->n; i++) {
        LLVMValueRef c = creates->v[i];
        uint64_t cls = 0, id = 0;
        if (!const_u64(LLVMGetOperand(c, 1), &cls) ||
            !const_u64(LLVMGetOperand(c, id_arg), &id))
            continue;
        res_desc *d = res_table_find_id(&st->table, (unsigned)cls, (unsigned)id);
        if (!d || !res_is_typed(d))
            continue;
        /* The resource's global type says the width exactly; the lanes
         * the shader happens to read are only a lower bound. */
        unsigned n = res_count_from_symbol(d->symbol);
        if (n == 0)
            n = res_count_from_uses(st->rc, c);
        if (n > d->elem_count)
            d->elem_count = n;
    }
}

static bool res_nonuniform(LLVMValueRef call, unsigned arg)
{
    uint64_t nu = 0;
    return const_u64(LLVMGetOperand(call, arg), &nu) && nu != 0;
}

/* createHandle(57, i8 class, i32 recordID, i32 index, i1 nonUniform) */
void res_do_create_handle(res_state *st, LLVMValueRef call)
{
    uint64_t cls = 0, id = 0;
    res_desc *d = NULL;
    if (const_u64(LLVMGetOperand(call, 1), &cls) &&
        const_u64(LLVMGetOperand(call, 2), &id))
        d = res_table_find_id(&st->table, (unsigned)cls, (unsigned)id);
    if (!d) {
        size_t len = 0;
        const char *fn =
            LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)), &len);
        dxil_diags_add(st->rc->diags, DXIL_SEV_ERROR, DXIL_E_METADATA, DXIL_LOC_NONE, 0,
                       "createHandle in @%.*s: class %u record %u is not in dx.resources",
                       (int)len, fn, (unsigned)cls, (unsigned)id);
        st->kept[RES_FORM_CREATE]++;
        raise_note_kept(st->rc, call, DXIL_KEEP_HANDLE_UNRESOLVED);
        return;
    }
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef rel = res_relative_index(st, LLVMGetOperand(call, 3), d->lb);
    res_replace(st, RES_FORM_CREATE, call, d, true, rel, res_nonuniform(call, 4));
}

/* createHandleFromBinding(217, ResBind{lb, ub, space, class}, index, nu) */
void res_do_from_binding(res_state *st, LLVMValueRef call)
{
    LLVMValueRef rb = LLVMGetOperand(call, 1);
    uint64_t f[4] = {0};
    for (unsigned i = 0; i < 4; i++)
        if (!const_u64(LLVMGetAggregateElement(rb, i), &f[i])) {
            res_keep(st, RES_FORM_BINDING, call,
                     (res_why){"ResBind is not a constant", DXIL_KEEP_HANDLE_UNRESOLVED});
            return;
        }
    res_desc *rec = res_table_find_binding(&st->table, (unsigned)f[3], (uint32_t)f[2],
                                                     (uint32_t)f[0]);
    /* A module that lists its resources but not this binding (DXC's
     * validation tests): lowering could not name it again, so it is kept
     * as written. With no list at all, lowering makes the records. */
    if (!rec && st->table.root) {
        res_keep(st, RES_FORM_BINDING, call,
                 (res_why){"no !dx.resources record has its binding", DXIL_KEEP_HANDLE_UNRESOLVED});
        return;
    }
    res_desc d = {0};
    if (rec)
        d = *rec;
    else
        d.record_id = -1;
    d.cls = (unsigned)f[3];
    d.space = (uint32_t)f[2];
    d.lb = (uint32_t)f[0];
    d.range = (uint32_t)f[1] == RES_UNBOUNDED ? RES_UNBOUNDED : (uint32_t)(f[1] - f[0] + 1);
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef rel = res_relative_index(st, LLVMGetOperand(call, 2), d.lb);
    res_replace(st, RES_FORM_BINDING, call, &d, rec != NULL, rel, res_nonuniform(call, 3));
}

/* The global and array index behind createHandleForLib's loaded value:
 * load @G, or load (gep @G, 0, i[, j...]) flattened row-major. */
static LLVMValueRef res_lib_source(res_state *st, LLVMValueRef loaded, LLVMValueRef *rel)
{
    LLVMTypeRef i32 = LLVMInt32TypeInContext(st->rc->ctx);
    *rel = LLVMConstInt(i32, 0, 0);
    if (!loaded || !LLVMIsALoadInst(loaded))
        return NULL;
    LLVMValueRef p = LLVMGetOperand(loaded, 0);
    if (LLVMIsAGlobalVariable(p))
        return p;
    bool gep = LLVMIsAGetElementPtrInst(p) ||
               (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
    if (!gep || !LLVMIsAGlobalVariable(LLVMGetOperand(p, 0)))
        return NULL;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(p);
    unsigned n = LLVMGetNumOperands(p);
    LLVMValueRef idx = *rel;
    for (unsigned i = 2; i < n && LLVMGetTypeKind(t) == LLVMArrayTypeKind; i++) {
        LLVMValueRef dim = LLVMConstInt(i32, LLVMGetArrayLength2(t), 0);
        LLVMValueRef k = LLVMBuildIntCast2(st->b, LLVMGetOperand(p, i), i32, 0, "");
        idx = idx == *rel ? k : LLVMBuildAdd(st->b, LLVMBuildMul(st->b, idx, dim, ""), k, "");
        t = LLVMGetElementType(t);
    }
    *rel = idx;
    return LLVMGetOperand(p, 0);
}

void res_do_for_lib(res_state *st, LLVMValueRef call)
{
    LLVMValueRef loaded = LLVMGetOperand(call, 1), rel = NULL;
    LLVMPositionBuilderBefore(st->b, call);
    LLVMValueRef g = res_lib_source(st, loaded, &rel);
    res_desc *d = res_table_find_symbol(&st->table, g);
    if (!d) { /* DXC's optimizer tests have such modules: kept, as DXC left it */
        char why[160];
        snprintf(why, sizeof why, "%s%s is not a dx.resources symbol",
                 g ? "its global @" : "its operand", g ? LLVMGetValueName(g) : "");
        res_keep(st, RES_FORM_LIB, call, (res_why){why, DXIL_KEEP_HANDLE_UNRESOLVED});
        return;
    }
    if (res_is_typed(d)) {
        unsigned n = res_count_from_symbol(d->symbol);
        d->elem_count = n ? n : res_count_from_uses(st->rc, call);
    }
    int at = ann_sites_lib_load(&st->sites, call);
    LLVMValueRef h = res_replace(st, RES_FORM_LIB, call, d, true, rel, false);
    if (h && at >= 0) {
        LLVMValueRef k = res_md_i32(st, (uint32_t)at);
        unsigned kind = LLVMGetMDKindIDInContext(st->rc->ctx, DXU_MDK_LIB_LOAD,
                                                 (unsigned)strlen(DXU_MDK_LIB_LOAD));
        LLVMSetMetadata(h, kind, LLVMMDNodeInContext(st->rc->ctx, &k, 1));
    }
    if (LLVMIsAInstruction(loaded) && !LLVMGetFirstUse(loaded))
        LLVMInstructionEraseFromParent(loaded);
}
