/* convergence.h - convergence control (LLVM's "Convergent Operation
 * Semantics") as the raise writes it and the lowering takes it back:
 * which calls are convergent, the token a call carries in its
 * "convergencectrl" bundle, the intrinsics that make tokens, and calls
 * rebuilt with another bundle (LLVM-C cannot change a call's bundles). */
#ifndef DXIL_CONVERGENCE_H
#define DXIL_CONVERGENCE_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#define CONV_ENTRY "llvm.experimental.convergence.entry"
#define CONV_LOOP "llvm.experimental.convergence.loop"
#define CONV_ANCHOR "llvm.experimental.convergence.anchor"
#define CONV_BUNDLE "convergencectrl"

typedef enum conv_kind { CONV_NONE, CONV_IS_ENTRY, CONV_IS_LOOP, CONV_IS_ANCHOR } conv_kind;

/* Which token intrinsic v calls (CONV_NONE when v is no such call). */
conv_kind conv_token_kind(LLVMValueRef v);
/* Whether the call is convergent: the attribute on the call or on the
 * function it calls. */
bool conv_call_convergent(LLVMValueRef call);
/* The token of the call's "convergencectrl" bundle, or NULL. */
LLVMValueRef conv_call_token(LLVMValueRef call);
/* The call again with `token` as its only "convergencectrl" bundle (none
 * when token is NULL) and everything else it had (its other bundles,
 * attributes, metadata, name, flags): made right after it, which it
 * replaces and erases. Returns the new call, or NULL (the call is left
 * as it was) when it is no call. */
LLVMValueRef conv_call_retoken(LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef token);
/* Every call's "convergencectrl" bundle off, then the token intrinsics'
 * calls and declarations erased (the `convergent` marks stay): for a
 * consumer that does not take tokens (LLVM 3.7, the Vulkan retarget).
 * keep_use_order: the callees' use lists stay in program order (else
 * the rebuilt calls' uses come reversed, as the lowering has them). */
void conv_strip_tokens(LLVMModuleRef mod, LLVMBuilderRef b, bool keep_use_order);
/* The `convergent` attribute's kind. */
unsigned conv_attr_kind(void);

#endif
