/* dxil_validate.h - the DXIL validator: DXC's validator rules, in C, on
 * LLVM 22 (check/, docs/diagnostics.md "The validator").
 *
 * dxil_validate reads a DXContainer (or raw bitcode, or DXIL-form text)
 * from memory in its own LLVM context and checks it against the rules of
 * DXC's validator, following the validator version the module declares
 * (dx.valver). Each violation is one error whose code is the rule's
 * stable DXIL5xxx code (dxil_rule_name gives DXC's rule name) and whose
 * message is DXC's message for it, with where it happened.
 *
 * Thread safety: no global state; any number of threads may validate at
 * once, each with its own diags list.
 */
#ifndef DXIL_UPGRADE_VALIDATE_H
#define DXIL_UPGRADE_VALIDATE_H

#include "dxil_export.h"

#include "dxil_diag.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dxil_module;

typedef struct dxil_validate_options {
    /* Stop after this many violations (0: no limit). */
    unsigned max_errors;
    /* Check the module alone, as DXC's DxcValidatorFlags_ModuleOnly:
     * no container part is compared (set by itself for bitcode or text
     * input, which has none). */
    bool module_only;
} dxil_validate_options;

/* Zero: every rule, no limit. */
DXIL_API void dxil_validate_options_init(dxil_validate_options *opts);

/* Validates data[0..size). Returns the number of violations (0: valid),
 * or -1 when the input cannot be read as DXIL at all (its diagnostics say
 * why; DXC's validator refuses such input too). name is used in messages
 * only (may be NULL); opts may be NULL. */
DXIL_API int dxil_validate(const void *data, size_t size, const char *name,
                           const dxil_validate_options *opts, dxil_diags *diags);

/* The same on a module already loaded with raise = false (its container,
 * when it came from one, is not at hand: module-only). */
DXIL_API int dxil_validate_module(struct dxil_module *m, const dxil_validate_options *opts,
                                  dxil_diags *diags);

/* DXC's name of the rule behind a diagnostic code ("Instr.AllowedTypes"),
 * or NULL when the code is not a validator rule's. */
DXIL_API const char *dxil_rule_name(int code);
/* The code of a rule by DXC's name (case-sensitive), or 0. */
DXIL_API int dxil_rule_code(const char *name);
/* The rule's family: the part of its name before the dot ("Instr"). */
DXIL_API const char *dxil_rule_family(int code, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
