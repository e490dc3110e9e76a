/* shader_flags.h - the ShaderFlags a module in DXIL form uses, computed
 * from its instructions, signatures and resources by DXC's rules
 * (DxilShaderFlags.cpp, DxilModule::CollectShaderFlagsForModule), as the
 * validator's "Flags must match usage" (Meta.FlagsUsage) and the SFI0
 * part compare them.
 *
 * One computation for the writer (write/recompute.c puts the result into
 * dx.entryPoints before SFI0 is derived from it) and the validator
 * (check/): both call sf_compute on the module and compare or take
 * sf_module.computed under sf_collected_mask().
 *
 *     sf_module sf;
 *     if (sf_compute(mod, restypes, &sf) == 0) {
 *         uint64_t mask = sf_collected_mask();
 *         if ((sf.declared & mask) != (sf.expected & mask)) ... Meta.FlagsUsage
 *         sf_free(&sf);
 *     }
 *
 * The module must be in DXIL form (dx.op calls, dx.* metadata): the
 * unraised module a load with raise = false gives, or a lowered one. */
#ifndef DXIL_MODULE_SHADER_FLAGS_H
#define DXIL_MODULE_SHADER_FLAGS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bc_restypes;

/* Per-function bits of DXC's raw ShaderFlags above dxil_abi.h's list:
 * never part of a module's flags (DXC clears them), kept for per-function
 * results (libraries' runtime data). */
#define SF_USES_DERIVATIVES (UINT64_C(1) << 39)
#define SF_REQUIRES_GROUP (UINT64_C(1) << 40)

typedef struct sf_function {
    LLVMValueRef fn;
    /* DXC's per-function flags: the function's own, callees' merged in
     * (validator 1.8+), adjusted for the entry it is (derivatives in a
     * mesh or amplification shader). */
    uint64_t flags;
} sf_function;

typedef struct sf_module {
    uint64_t declared;   /* dx.entryPoints operand 0's ShaderFlags (0 absent) */
    /* What DXC's CollectShaderFlagsForModule gives: every defined
     * function's flags combined, the resource-based flags added, the
     * module options (bits DXC never collects) taken from `declared`. */
    uint64_t computed;
    /* What the validator expects to be declared: `computed`, except
     * that where DXC's validator tolerates a declared bit the computation
     * cannot confirm (ray tracing tier 1.1 at validator 1.5-1.7, set by
     * subobjects that are gone by then) it keeps the declared one. */
    uint64_t expected;
    /* Bits this computation could not decide (a typed UAV load whose
     * resource type is unknown); `expected` holds the declared ones. */
    uint64_t undecided;
    sf_function *fns;    /* every defined function, in module order */
    size_t nfns;
} sf_module;

/* The bits DXC collects from usage and its validator compares
 * (ShaderFlags::GetShaderFlagsRawForCollection without the two
 * per-function bits). */
uint64_t sf_collected_mask(void);

/* Computes the flags of module m. restypes (may be NULL): the resource
 * class types the loader recovered from the bitcode (dxil_module.restypes),
 * which decide typed UAV loads through createHandle on stripped records.
 * Returns 0, or -1 when m has no dx.shaderModel or without memory. */
int sf_compute(LLVMModuleRef m, const struct bc_restypes *restypes, sf_module *out);
void sf_free(sf_module *sf);

/* The flags to declare: `declared` with the collected bits (and ROVs,
 * which DXC derives from the resources too) replaced by `expected`. */
uint64_t sf_recomputed(const sf_module *sf);

/* Writes flags as the ShaderFlags of dx.entryPoints operand 0 (tag 0 of
 * its properties; none when 0). 0, or -1 when there is no entry record
 * to hold them (shader_flags_store.c). */
int sf_store(LLVMModuleRef m, uint64_t flags);
/* Computes m's flags and stores sf_recomputed's where they differ from
 * the declared ones (*changed tells). 0; 1 when they cannot be computed
 * (no dx.shaderModel: nothing changed); -1 when there is no entry record
 * to hold them. */
int sf_update(LLVMModuleRef m, const struct bc_restypes *restypes, bool *changed);

#endif
