/* legal_repack.c - struct values in the shapes DXIL and the op
 * lowering take. (1) A struct loaded field by field, loaded whole
 * again. instcombine splits `load %struct.S, ptr @G` into one load per
 * field and an insertvalue chain (`%.unpack = load i32, ptr @G`). For a
 * library's resource global, whose struct DXC's createHandleForLib takes
 * whole, DXC then reports "Resource should only be used by Load/GEP/Call"
 * and rejects the insertvalue ("Instructions must be of an allowed type").
 * A chain from poison that inserts, into every field of S, the load of that
 * field of one constant global of type S becomes `load S, ptr @G` (a
 * constant global: no store can come between the loads).
 * (2) A phi or select of structs whose users all read fields
 * (`%.pn = phi {i32,i32,i32,i32} [%row0, ...], [%row1, ...]` then
 * extractvalue: simplifycfg merges two cbuffer reads so) becomes a phi or
 * select per field read, of the fields read in each predecessor: the op
 * lowering reads an llvm.dx.* result's fields only where they are
 * extracted from the call. */
#include "legal_census.h"

#include <stdlib.h>

#define RP_MAX_FIELDS 64

/* Whether v loads field k of constant global g of struct type s. */
static bool rp_field_load(lower_ctx *lc, LLVMValueRef v, LLVMValueRef g, LLVMTypeRef s,
                          unsigned k)
{
    if (!LLVMIsALoadInst(v) || LLVMGetVolatile(v) ||
        LLVMTypeOf(v) != LLVMStructGetTypeAtIndex(s, k))
        return false;
    int64_t bytes = 0;
    LLVMValueRef p = LLVMGetOperand(v, 0), root = p;
    while (lower_is_gep(root))
        root = LLVMGetOperand(root, 0);
    if (root != g)
        return false;
    for (LLVMValueRef q = p; q != root; q = LLVMGetOperand(q, 0))
        for (unsigned i = 1; i < (unsigned)LLVMGetNumOperands(q); i++)
            if (!LLVMIsAConstantInt(LLVMGetOperand(q, i)))
                return false;
    return lower_gep_offset(lc->input_td, root, p, &bytes, NULL, NULL) &&
           (uint64_t)bytes == LLVMOffsetOfElement(lc->input_td, s, k);
}

/* The global every field of the chain ending at `last` is loaded from, or
 * NULL. The chain's insertvalues go to chain[] (last first). */
static LLVMValueRef rp_source(lower_ctx *lc, LLVMValueRef last, LLVMValueRef *chain,
                              unsigned *n_chain)
{
    LLVMTypeRef s = LLVMTypeOf(last);
    unsigned nf = LLVMCountStructElementTypes(s);
    LLVMValueRef fields[RP_MAX_FIELDS] = {0}, g = NULL;
    if (!nf || nf > RP_MAX_FIELDS)
        return NULL;
    LLVMValueRef v = last;
    *n_chain = 0;
    while (LLVMIsAInsertValueInst(v)) {
        if (LLVMGetNumIndices(v) != 1 || *n_chain == RP_MAX_FIELDS)
            return NULL;
        unsigned k = LLVMGetIndices(v)[0];
        if (!fields[k])
            fields[k] = LLVMGetOperand(v, 1);
        chain[(*n_chain)++] = v;
        v = LLVMGetOperand(v, 0);
    }
    if (!LLVMIsAUndefValue(v)) /* poison is an undef too */
        return NULL;
    for (unsigned k = 0; k < nf; k++) {
        if (!fields[k] || !LLVMIsALoadInst(fields[k]))
            return NULL;
        LLVMValueRef root = LLVMGetOperand(fields[k], 0);
        while (lower_is_gep(root))
            root = LLVMGetOperand(root, 0);
        if (!g)
            g = root;
        if (!LLVMIsAGlobalVariable(g) || !LLVMIsGlobalConstant(g) ||
            LLVMGlobalGetValueType(g) != s || !rp_field_load(lc, fields[k], g, s, k))
            return NULL;
    }
    return g;
}

static void rp_function(lower_ctx *lc, LLVMValueRef fn, legal_list *dead)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (!LLVMIsAInsertValueInst(i) ||
                LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMStructTypeKind)
                continue;
            LLVMValueRef u = LLVMGetFirstUse(i) ? LLVMGetUser(LLVMGetFirstUse(i)) : NULL;
            if (u && LLVMIsAInsertValueInst(u) && LLVMGetOperand(u, 0) == i)
                continue; /* not the chain's end */
            LLVMValueRef chain[RP_MAX_FIELDS];
            unsigned n = 0;
            LLVMValueRef g = rp_source(lc, i, chain, &n);
            if (!g)
                continue;
            LLVMPositionBuilderBefore(lc->b, i);
            LLVMValueRef whole = LLVMBuildLoad2(lc->b, LLVMTypeOf(i), g, "");
            if (LLVMGetAlignment(g))
                LLVMSetAlignment(whole, LLVMGetAlignment(g));
            LLVMReplaceAllUsesWith(i, whole);
            for (unsigned k = 0; k < n; k++) {
                legal_list_add(dead, chain[k]);
                legal_list_add(dead, LLVMGetOperand(chain[k], 1));
            }
        }
}

/* (2): all users are single-index extractvalues. */
static bool rp_fields_only(LLVMValueRef v)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef e = LLVMGetUser(u);
        if (!LLVMIsAExtractValueInst(e) || LLVMGetNumIndices(e) != 1)
            return false;
    }
    return LLVMGetFirstUse(v) != NULL;
}

/* Field k of incoming value v, read at the end of block bb. */
static LLVMValueRef rp_field_in(lower_ctx *lc, LLVMValueRef v, unsigned k, LLVMBasicBlockRef bb)
{
    if (LLVMIsAConstant(v))
        return LLVMIsAUndefValue(v) ? LLVMGetUndef(LLVMStructGetTypeAtIndex(LLVMTypeOf(v), k))
                                    : LLVMGetAggregateElement(v, k);
    LLVMPositionBuilderBefore(lc->b, LLVMGetBasicBlockTerminator(bb));
    return LLVMBuildExtractValue(lc->b, v, k, "");
}

static void rp_split_phi(lower_ctx *lc, LLVMValueRef phi, legal_list *dead)
{
    LLVMValueRef *users;
    size_t nu = lower_collect_users(phi, &users);
    unsigned n = LLVMCountIncoming(phi);
    for (size_t i = 0; i < nu; i++) {
        unsigned k = LLVMGetIndices(users[i])[0];
        LLVMTypeRef ft = LLVMTypeOf(users[i]);
        LLVMPositionBuilderBefore(lc->b, phi);
        LLVMValueRef np = LLVMBuildPhi(lc->b, ft, "");
        for (unsigned j = 0; j < n; j++) {
            LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, j);
            LLVMValueRef f = rp_field_in(lc, LLVMGetIncomingValue(phi, j), k, bb);
            if (!f)
                f = LLVMGetUndef(ft);
            LLVMAddIncoming(np, &f, &bb, 1);
        }
        lower_replace_named(lc, users[i], np);
    }
    free(users);
    legal_list_add(dead, phi);
}

static void rp_split_select(lower_ctx *lc, LLVMValueRef sel, legal_list *dead)
{
    LLVMValueRef *users;
    size_t nu = lower_collect_users(sel, &users);
    for (size_t i = 0; i < nu; i++) {
        unsigned k = LLVMGetIndices(users[i])[0];
        LLVMPositionBuilderBefore(lc->b, sel);
        LLVMValueRef a = LLVMBuildExtractValue(lc->b, LLVMGetOperand(sel, 1), k, "");
        LLVMValueRef b = LLVMBuildExtractValue(lc->b, LLVMGetOperand(sel, 2), k, "");
        lower_replace_named(lc, users[i], LLVMBuildSelect(lc->b, LLVMGetOperand(sel, 0), a, b, ""));
    }
    free(users);
    legal_list_add(dead, sel);
}

static void rp_aggregates(lower_ctx *lc, LLVMValueRef fn, legal_list *dead)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMStructTypeKind || !rp_fields_only(i))
                continue;
            if (LLVMIsAPHINode(i))
                rp_split_phi(lc, i, dead);
            else if (LLVMIsASelectInst(i))
                rp_split_select(lc, i, dead);
        }
}

int lower_legal_repack(lower_ctx *lc)
{
    if (!legal_census_may(lc, LEGAL_CENSUS_AGGREGATE))
        return 0;
    lc->census_stale = true;
    legal_list dead = {0};
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        rp_function(lc, fn, &dead);
        rp_aggregates(lc, fn, &dead);
    }
    lower_erase_dead(lc); /* the extractvalues replaced */
    legal_erase_unused(&dead);
    legal_list_free(&dead);
    return 0;
}
