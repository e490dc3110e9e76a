/* convergence.c - convergence tokens and convergent calls (convergence.h). */
#include "convergence.h"
#include "ir_names.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

unsigned conv_attr_kind(void)
{
    return LLVMGetEnumAttributeKindForName("convergent", 10);
}

static bool conv_name_is(LLVMValueRef fn, const char *name)
{
    size_t len = 0;
    const char *s = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
    return s && len == strlen(name) && memcmp(s, name, len) == 0;
}

conv_kind conv_token_kind(LLVMValueRef v)
{
    if (!v || !LLVMIsACallInst(v))
        return CONV_NONE;
    LLVMValueRef fn = LLVMGetCalledValue(v);
    if (conv_name_is(fn, CONV_ENTRY))
        return CONV_IS_ENTRY;
    if (conv_name_is(fn, CONV_LOOP))
        return CONV_IS_LOOP;
    if (conv_name_is(fn, CONV_ANCHOR))
        return CONV_IS_ANCHOR;
    return CONV_NONE;
}

bool conv_call_convergent(LLVMValueRef call)
{
    unsigned kind = conv_attr_kind();
    if (!call || !LLVMIsACallInst(call))
        return false;
    if (LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind))
        return true;
    LLVMValueRef fn = LLVMGetCalledValue(call);
    return fn && LLVMIsAFunction(fn) &&
           LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

static bool conv_bundle_is(LLVMOperandBundleRef bundle)
{
    size_t len = 0;
    const char *tag = LLVMGetOperandBundleTag(bundle, &len);
    return len == strlen(CONV_BUNDLE) && memcmp(tag, CONV_BUNDLE, len) == 0;
}

LLVMValueRef conv_call_token(LLVMValueRef call)
{
    if (!call || !LLVMIsACallInst(call))
        return NULL;
    LLVMValueRef token = NULL;
    for (unsigned i = 0, n = LLVMGetNumOperandBundles(call); i < n && !token; i++) {
        LLVMOperandBundleRef bundle = LLVMGetOperandBundleAtIndex(call, i);
        if (conv_bundle_is(bundle) && LLVMGetNumOperandBundleArgs(bundle) == 1)
            token = LLVMGetOperandBundleArgAtIndex(bundle, 0);
        LLVMDisposeOperandBundle(bundle);
    }
    return token;
}

/* Call-site attributes of `from` at index idx onto `to`. */
static void conv_copy_attrs(LLVMValueRef from, LLVMValueRef to, LLVMAttributeIndex idx)
{
    unsigned n = LLVMGetCallSiteAttributeCount(from, idx);
    LLVMAttributeRef *attrs = n ? malloc(n * sizeof *attrs) : NULL;
    if (!attrs)
        return;
    LLVMGetCallSiteAttributes(from, idx, attrs);
    for (unsigned i = 0; i < n; i++)
        LLVMAddCallSiteAttribute(to, idx, attrs[i]);
    free(attrs);
}

static void conv_copy_metadata(LLVMValueRef from, LLVMValueRef to)
{
    size_t n = 0;
    LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &n);
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(from));
    for (unsigned i = 0; i < n; i++)
        LLVMSetMetadata(to, LLVMValueMetadataEntriesGetKind(md, i),
                        LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, i)));
    if (md)
        LLVMDisposeValueMetadataEntries(md);
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(from);
    if (loc)
        LLVMInstructionSetDebugLoc(to, loc);
}

/* The call's bundles but its convergencectrl one, plus `token`'s. */
static unsigned conv_bundles(LLVMValueRef call, LLVMValueRef token, LLVMOperandBundleRef **out)
{
    unsigned n = LLVMGetNumOperandBundles(call), k = 0;
    LLVMOperandBundleRef *b = malloc((n + 1) * sizeof *b);
    if (!b)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        LLVMOperandBundleRef x = LLVMGetOperandBundleAtIndex(call, i);
        if (conv_bundle_is(x))
            LLVMDisposeOperandBundle(x);
        else
            b[k++] = x;
    }
    if (token)
        b[k++] = LLVMCreateOperandBundle(CONV_BUNDLE, strlen(CONV_BUNDLE), &token, 1);
    *out = b;
    return k;
}

LLVMValueRef conv_call_retoken(LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef token)
{
    if (!call || !LLVMIsACallInst(call))
        return NULL;
    unsigned n_args = LLVMGetNumArgOperands(call);
    LLVMValueRef *args = malloc((n_args + 1) * sizeof *args);
    LLVMOperandBundleRef *bundles = NULL;
    if (!args)
        return NULL;
    for (unsigned i = 0; i < n_args; i++)
        args[i] = LLVMGetOperand(call, i);
    unsigned nb = conv_bundles(call, token, &bundles);
    /* after the call: debug records before it stay before the new one;
     * a mutated bitcode block may end without a terminator (the verifier
     * refuses the module later), the call then last */
    LLVMValueRef next = LLVMGetNextInstruction(call);
    if (next)
        LLVMPositionBuilderBefore(b, next);
    else
        LLVMPositionBuilderAtEnd(b, LLVMGetInstructionParent(call));
    LLVMValueRef nc = LLVMBuildCallWithOperandBundles(
        b, LLVMGetCalledFunctionType(call), LLVMGetCalledValue(call), args, n_args, bundles, nb, "");
    for (unsigned i = 0; i < nb; i++)
        LLVMDisposeOperandBundle(bundles[i]);
    free(bundles);
    free(args);
    LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call));
    LLVMSetTailCallKind(nc, LLVMGetTailCallKind(call));
    if (LLVMCanValueUseFastMathFlags(call))
        LLVMSetFastMathFlags(nc, LLVMGetFastMathFlags(call));
    conv_copy_attrs(call, nc, LLVMAttributeFunctionIndex);
    conv_copy_attrs(call, nc, LLVMAttributeReturnIndex);
    for (unsigned i = 0; i < n_args; i++)
        conv_copy_attrs(call, nc, i + 1);
    conv_copy_metadata(call, nc);
    ir_move_name(call, nc);
    LLVMReplaceAllUsesWith(call, nc);
    LLVMInstructionEraseFromParent(call);
    return nc;
}

/* A call rebuilt goes to the head of its callee's use list: rebuilt
 * last to first, the use lists keep program order (passes that walk
 * them then work in that order). */
static void conv_strip_bundles(LLVMValueRef fn, LLVMBuilderRef b, bool keep_use_order)
{
    if (keep_use_order) {
        for (LLVMBasicBlockRef bb = LLVMGetLastBasicBlock(fn); bb; bb = LLVMGetPreviousBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetLastInstruction(bb), prev; i; i = prev) {
                prev = LLVMGetPreviousInstruction(i);
                if (LLVMIsACallInst(i) && conv_token_kind(i) == CONV_NONE && conv_call_token(i))
                    conv_call_retoken(b, i, NULL);
            }
        return;
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            if (LLVMIsACallInst(i) && conv_token_kind(i) == CONV_NONE && conv_call_token(i))
                conv_call_retoken(b, i, NULL);
        }
}

/* The token intrinsics' calls, users (loop tokens) first, then their
 * declarations. */
static void conv_strip_intrinsics(LLVMModuleRef mod)
{
    static const char *const names[] = {CONV_LOOP, CONV_ANCHOR, CONV_ENTRY};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        LLVMValueRef fn = LLVMGetNamedFunction(mod, names[k]);
        if (!fn)
            continue;
        for (bool progress = true; progress;) {
            progress = false;
            for (LLVMUseRef u = LLVMGetFirstUse(fn), next; u; u = next) {
                next = LLVMGetNextUse(u);
                LLVMValueRef call = LLVMGetUser(u);
                if (LLVMIsACallInst(call) && !LLVMGetFirstUse(call)) {
                    while (next && LLVMGetUser(next) == call)
                        next = LLVMGetNextUse(next);
                    LLVMInstructionEraseFromParent(call);
                    progress = true;
                }
            }
        }
        if (!LLVMGetFirstUse(fn))
            LLVMDeleteFunction(fn);
    }
}

void conv_strip_tokens(LLVMModuleRef mod, LLVMBuilderRef b, bool keep_use_order)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn))
            conv_strip_bundles(fn, b, keep_use_order);
    conv_strip_intrinsics(mod);
}
