/* raise_conv_tokens.c - the "conv-tokens" pass: convergence control
 * tokens, as clang 22 writes them for HLSL (on its SPIR-V target), in
 * every convergent function whose control flow is reducible:
 *
 *   %conv.entry = call token @llvm.experimental.convergence.entry()
 *       at the top of the entry block;
 *   %conv.loop = call token @llvm.experimental.convergence.loop()
 *                    [ "convergencectrl"(token <parent>) ]
 *       at the top of the header of each natural loop holding a
 *       convergent call, its parent the token of the nearest loop around
 *       it that has one (else the entry's);
 *   each convergent call carries [ "convergencectrl"(token %t) ], %t the
 *       token of the innermost such loop holding it, else the entry's.
 *
 * The loops are DXIL's, read from the control flow as DXC wrote it (its
 * dx.break guards included: the dx-break pass runs after this one). A
 * token says which lanes execute a call together, so an optimizer that
 * moves the call out of its loop keeps that meaning; the lowering puts
 * such a call back in its loop (lower_conv_restore.c). A function with
 * irreducible flow has no natural loops to name and gets no tokens (its
 * calls keep their `convergent` marks). */
#include "raise_internal.h"

#include "module/cfg_loops.h"
#include "module/convergence.h"

#include <stdlib.h>
#include <string.h>

typedef struct tok_fn {
    raise_ctx *rc;
    LLVMBuilderRef b;
    cfg_loops g;
    LLVMValueRef entry;
    LLVMValueRef *loop_tok; /* per loop: its token, NULL when it has none */
    bool *needs;            /* per loop: holds a convergent call */
} tok_fn;

static LLVMValueRef tok_decl(raise_ctx *rc, const char *name)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    return id ? LLVMGetIntrinsicDeclaration(rc->mod, id, NULL, 0) : NULL;
}

/* The first instruction that is not a phi (the place of a token). */
static LLVMValueRef tok_first_non_phi(LLVMBasicBlockRef bb)
{
    LLVMValueRef i = LLVMGetFirstInstruction(bb);
    while (i && LLVMIsAPHINode(i))
        i = LLVMGetNextInstruction(i);
    return i;
}

static bool tok_fn_convergent(LLVMValueRef fn)
{
    return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, conv_attr_kind()) != NULL;
}

/* Loops holding a convergent call, and every loop around those. */
static void tok_find_needs(tok_fn *t, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        int l = t->g.innermost[cfg_block_index(&t->g, bb)];
        bool any = false;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !any; i = LLVMGetNextInstruction(i))
            any = conv_call_convergent(i);
        for (; any && l >= 0; l = t->g.parent[l])
            t->needs[l] = true;
    }
}

/* The token of the innermost loop with one holding block b, else the
 * entry's. */
static LLVMValueRef tok_for_block(const tok_fn *t, int b, int skip_loop)
{
    for (int l = b >= 0 ? t->g.innermost[b] : -1; l >= 0; l = t->g.parent[l])
        if (l != skip_loop && t->loop_tok[l])
            return t->loop_tok[l];
    return t->entry;
}

static size_t tok_depth(const cfg_loops *g, int l)
{
    size_t d = 0;
    for (; l >= 0; l = g->parent[l])
        d++;
    return d;
}

/* Loop tokens, outer loops first (a token's parent must exist). */
static void tok_place_loops(tok_fn *t, LLVMValueRef loop_fn)
{
    size_t max_depth = 0;
    for (size_t l = 0; l < t->g.n_loops; l++)
        if (tok_depth(&t->g, (int)l) > max_depth)
            max_depth = tok_depth(&t->g, (int)l);
    LLVMTypeRef ty = LLVMGlobalGetValueType(loop_fn);
    for (size_t d = 1; d <= max_depth; d++)
        for (size_t l = 0; l < t->g.n_loops; l++) {
            if (!t->needs[l] || tok_depth(&t->g, (int)l) != d)
                continue;
            size_t h = t->g.header[l];
            LLVMValueRef parent = tok_for_block(t, (int)h, (int)l);
            LLVMPositionBuilderBefore(t->b, tok_first_non_phi(t->g.blocks[h]));
            LLVMOperandBundleRef bundle =
                LLVMCreateOperandBundle(CONV_BUNDLE, strlen(CONV_BUNDLE), &parent, 1);
            t->loop_tok[l] =
                LLVMBuildCallWithOperandBundles(t->b, ty, loop_fn, NULL, 0, &bundle, 1, "conv.loop");
            LLVMDisposeOperandBundle(bundle);
        }
}

/* Every convergent call but the tokens' own carries its token. */
static void tok_bundle_calls(tok_fn *t, LLVMValueRef fn)
{
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef token = tok_for_block(t, cfg_block_index(&t->g, bb), -1);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            if (conv_call_convergent(i) && conv_token_kind(i) == CONV_NONE && !conv_call_token(i))
                conv_call_retoken(t->b, i, token);
        }
    }
}

static int tok_function(raise_ctx *rc, LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef decls[2])
{
    tok_fn t = {.rc = rc, .b = b};
    if (cfg_loops_build(fn, NULL, 0, &t.g) != 0)
        return -1;
    int rv = 0;
    if (!t.g.reducible)
        goto done;
    t.loop_tok = calloc(t.g.n_loops + 1, sizeof *t.loop_tok);
    t.needs = calloc(t.g.n_loops + 1, sizeof *t.needs);
    if (!t.loop_tok || !t.needs) {
        rv = -1;
        goto done;
    }
    LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)));
    t.entry = LLVMBuildCall2(b, LLVMGlobalGetValueType(decls[0]), decls[0], NULL, 0, "conv.entry");
    tok_find_needs(&t, fn);
    tok_place_loops(&t, decls[1]);
    tok_bundle_calls(&t, fn);
done:
    free(t.loop_tok);
    free(t.needs);
    cfg_loops_free(&t.g);
    return rv;
}

int raise_conv_tokens(raise_ctx *rc)
{
    LLVMValueRef decls[2] = {NULL, NULL};
    LLVMBuilderRef b = LLVMCreateBuilderInContext(rc->ctx);
    int rv = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(rc->mod); fn && rv == 0; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !tok_fn_convergent(fn))
            continue;
        if (!decls[0]) {
            decls[0] = tok_decl(rc, CONV_ENTRY);
            decls[1] = tok_decl(rc, CONV_LOOP);
            if (!decls[0] || !decls[1])
                break;
        }
        rv = tok_function(rc, b, fn, decls);
    }
    LLVMDisposeBuilder(b);
    if (rv != 0)
        dxil_diags_add(rc->diags, DXIL_SEV_ERROR, DXIL_E_RAISE, DXIL_LOC_NONE, 0,
                       "out of memory while placing convergence tokens");
    return rv;
}
