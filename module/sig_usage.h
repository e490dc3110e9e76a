/* sig_usage.h - which components of each signature element a shader's
 * entry reads or writes, from its loadInput / storeOutput calls (DXC's
 * MarkUsedSignatureElements): the usage mask (extended property 3 of a
 * signature record, which ISG1 / OSG1 / PSG1 and PSV0 carry as
 * always-reads / never-writes masks) and the dynamically indexed
 * components (property 2). Libraries are not marked (DXC leaves their
 * masks as the front end set them). */
#ifndef DXIL_MODULE_SIG_USAGE_H
#define DXIL_MODULE_SIG_USAGE_H

#include "module_facts.h"

typedef struct su_elem {
    LLVMValueRef record;    /* the signature element record */
    uint32_t declared_usage, declared_dyn; /* its properties 3 and 2 (0 absent) */
    uint32_t usage, dyn;    /* computed: columns accessed, by a non-constant row */
} su_elem;

typedef struct sig_usage {
    su_elem *elems[3];      /* input, output, patch constant / primitive */
    unsigned count[3];
} sig_usage;

/* Marks the elements of the entry of a non-library module mf from its
 * entry function (and a hull shader's patch constant function). A
 * store of undef does not count (DXC removes those first). 0, or -1
 * without memory; a library or an entry without a function gives empty
 * lists. */
int sig_usage_compute(const mf_module *mf, sig_usage *out);
void sig_usage_free(sig_usage *su);

#endif
