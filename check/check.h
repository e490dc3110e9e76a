/* check.h - what the validator's rule families share (check/validate.c
 * runs them). One file per family of DXC's rules (chk_<family>.c); each
 * reports a violation with chk_fail, naming the rule (check/rules.def),
 * DXC's message arguments and where it happened. Checks only read the
 * module and the container. */
#ifndef DXIL_CHECK_CHECK_H
#define DXIL_CHECK_CHECK_H

#include "dxil-upgrade/dxil_optable.h"
#include "dxil-upgrade/dxil_parts.h"
#include "dxil-upgrade/dxil_validate.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* One enumerator per rule: CHK_<ID> (CHK_INSTR_ALLOWEDTYPES, ...). */
typedef enum chk_rule {
#define DXIL_RULE(code, id, name, msg, doc) CHK_##id,
#include "rules.def"
#undef DXIL_RULE
    CHK_RULE_COUNT
} chk_rule;

typedef struct chk_rule_info {
    int code;
    const char *name, *message, *doc;
} chk_rule_info;

const chk_rule_info *chk_rule_get(chk_rule r);

struct bc_ptrfacts;
struct bc_restypes;

typedef struct chk_ctx {
    LLVMModuleRef mod;
    LLVMContextRef ctx;
    dxil_diags *diags;
    const dxil_optable *table;
    dxil_validate_options opts;
    /* dx.version, dx.shaderModel and dx.valver (0 when absent). */
    dxil_version dxil, sm, valver;
    char sm_kind[16]; /* "ps", "lib", ... ("" when absent) */
    int stage;        /* dxil_shader_kind, -1 when unknown */
    /* The container (NULL for bitcode or text input, and module-only). */
    const uint8_t *data;
    size_t size;
    const dxil_parts *parts;
    /* Facts of the 3.7 bitcode LLVM 22's reader erases (typed pointers,
     * alignment): NULL for text input. */
    const struct bc_ptrfacts *ptr;
    /* Resource class types the loader recovered from the bitcode (records
     * whose symbol is gone; module/shader_flags.h reads them). */
    const struct bc_restypes *restypes;
    /* DXC's datalayout as the module wrote it (NULL: the module's own),
     * and what the instruction-level families share (check/chk_env.h,
     * built on first use). */
    const char *datalayout;
    struct chk_env *env;
    struct chk_facts *facts; /* the metadata families' facts (chk_facts.h) */
    struct shim_printer *printer; /* the reports' instruction text (rules.c) */
    unsigned violations;
    bool stopped; /* max_errors reached, or a family said later ones cannot run */
} chk_ctx;

/* Reports a violation of rule r. where: an instruction, function, global
 * or NULL (the module). args: DXC's message arguments %0, %1, ... in
 * order, NULL-terminated; an argument missing from the list is printed as
 * DXC's "%N". */
void chk_fail(chk_ctx *c, chk_rule r, LLVMValueRef where, ...);
/* The same with a note after DXC's message (what exactly is wrong). */
void chk_fail_note(chk_ctx *c, chk_rule r, LLVMValueRef where, const char *note, ...);

/* A family: returns 0, or -1 when the module is too broken for the
 * families after it (DXC stops there too, e.g. metadata it cannot load). */
typedef int (*chk_family_fn)(chk_ctx *c);

#endif
