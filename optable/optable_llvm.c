/* optable_llvm.c - asks the LLVM linked into the library whether it
 * declares an intrinsic named by the op table (see dxil_optable.h). */
#include "dxil-upgrade/dxil_optable.h"
#include "optable_internal.h"

#include <llvm-c/Core.h>
#include <string.h>

/* LLVMLookupIntrinsicID is a binary search over every intrinsic name
 * (~1.5k instructions); the raise asks for the same few names for every
 * call it rewrites. A small per-thread cache (no locks) remembers them. */
enum { OLL_SLOTS = 64, OLL_NAME_MAX = 80 };

typedef struct oll_slot {
    char name[OLL_NAME_MAX];
    unsigned id;
} oll_slot;

static _Thread_local oll_slot oll_cache[OLL_SLOTS];

static unsigned oll_lookup(const char *name, size_t n)
{
    size_t len = 0;
    unsigned id = LLVMLookupIntrinsicID(name, n);
    /* The lookup also matches an overloaded intrinsic's name followed by a
     * mangling suffix ("llvm.dx.all.memory.barrier" finds llvm.dx.all):
     * only an exact match of the intrinsic's own name counts. */
    const char *base = id ? LLVMIntrinsicGetName(id, &len) : NULL;
    return base && len == n && memcmp(base, name, n) == 0 ? id : 0;
}

static size_t oll_hash(const char *name, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h % OLL_SLOTS;
}

unsigned dxil_intrinsic_id(const char *name)
{
    if (!name)
        return 0;
    size_t n = strlen(name);
    if (n >= OLL_NAME_MAX)
        return oll_lookup(name, n);
    oll_slot *s = &oll_cache[oll_hash(name, n)];
    if (memcmp(s->name, name, n + 1) == 0)
        return s->id;
    unsigned id = oll_lookup(name, n);
    memcpy(s->name, name, n + 1);
    s->id = id;
    return id;
}

bool dxil_intrinsic_in_llvm(const char *name)
{
    return dxil_intrinsic_id(name) != 0;
}
