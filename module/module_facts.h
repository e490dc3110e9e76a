/* module_facts.h - the dx.* metadata of a module in DXIL form (dx.op
 * calls, not llvm.dx.* intrinsics) read once into plain data: versions,
 * shader model, dx.resources records, dx.entryPoints entries. The
 * analyses that say what a module uses (shader_flags.h, sig_usage.h,
 * resource_use.h) and the writer's recompute step read it; the validator
 * (check/) may too. Reading never fails on a malformed record: a field
 * that cannot be read keeps its zero value. */
#ifndef DXIL_MODULE_FACTS_H
#define DXIL_MODULE_FACTS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bc_restypes;

/* The lists of dx.resources, in its operand order. */
enum { MF_SRV = 0, MF_UAV = 1, MF_CBV = 2, MF_SAMPLER = 3, MF_LIST_COUNT = 4 };

typedef struct mf_resource {
    unsigned list;          /* MF_SRV ... MF_SAMPLER */
    unsigned pos;           /* position in its list */
    uint32_t id, space, lb;
    uint32_t range;         /* UINT32_MAX: unbounded */
    unsigned kind;          /* ResourceKind (dxil_abi.h) for SRVs and UAVs */
    bool globally_coherent, counter, rov;
    LLVMValueRef record;    /* the record node */
    LLVMValueRef symbol;    /* operand 1 when it is a global, else NULL */
    LLVMTypeRef class_type; /* the class struct (arrays peeled), or NULL */
} mf_resource;

typedef struct mf_entry {
    LLVMValueRef node;      /* the dx.entryPoints operand */
    LLVMValueRef fn;        /* NULL for a library's module entry */
    unsigned kind;          /* dxil_shader_kind */
    LLVMValueRef sigs[3];   /* input, output, patch constant / primitive lists */
    LLVMValueRef props;     /* tag/value list, or NULL */
} mf_entry;

typedef struct mf_module {
    LLVMModuleRef m;
    unsigned sm_kind, sm_major, sm_minor;
    unsigned dxil_major, dxil_minor;
    unsigned val_major, val_minor; /* 1.0 without dx.valver, as DXC */
    bool lib;
    uint64_t flags;         /* dx.entryPoints operand 0's ShaderFlags, 0 absent */
    mf_resource *res;
    size_t nres;
    mf_entry *entries;      /* every dx.entryPoints operand, in order */
    size_t nentries;
} mf_module;

/* Reads m. restypes (may be NULL): the class types the loader's walk of
 * the bitcode recovered, for records whose operand 1 is no global.
 * Returns 0, or -1 when the module has no dx.shaderModel or without
 * memory (*out is then empty). */
int mf_read(LLVMModuleRef m, const struct bc_restypes *restypes, mf_module *out);
void mf_free(mf_module *mf);

/* Validator version at least major.minor. */
bool mf_val_at_least(const mf_module *mf, unsigned major, unsigned minor);
/* The entry whose function is fn, or NULL. */
const mf_entry *mf_entry_of(const mf_module *mf, LLVMValueRef fn);
/* Components of a typed resource's element (DXC's
 * GetResourceComponentCount of the class's first field); 0 unknown. */
unsigned mf_component_count(const mf_resource *r);
/* The semantic kind of signature element record i of list, or -1. */
int mf_sig_kind(LLVMValueRef list, unsigned i);

#endif
