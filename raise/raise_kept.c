/* raise_kept.c - the reasons custom handlers give for the dx.op calls
 * they leave (raise_internal.h). The resource and buffer passes run before
 * the op pass, which counts every call still there; a reason recorded
 * here is what it counts the call under. An open-addressing table keyed
 * by the call; kept calls are never erased before the op pass, so the
 * keys stay valid. Only filled when statistics were asked for. */
#include "raise_internal.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct kept_slot {
    LLVMValueRef call; /* NULL: empty */
    unsigned reason;
} kept_slot;

struct raise_kept {
    kept_slot *slots;
    size_t n, nslots; /* nslots: power of two, > 2 * n */
};

static size_t kept_hash(LLVMValueRef call, size_t nslots)
{
    uintptr_t p = (uintptr_t)call;
    return (size_t)((p >> 4) * 2654435761u) & (nslots - 1);
}

static kept_slot *kept_slot_of(kept_slot *slots, size_t nslots, LLVMValueRef call)
{
    size_t h = kept_hash(call, nslots);
    while (slots[h].call && slots[h].call != call)
        h = (h + 1) & (nslots - 1);
    return &slots[h];
}

static int kept_grow(struct raise_kept *k)
{
    size_t nslots = k->nslots ? k->nslots * 2 : 64;
    kept_slot *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < k->nslots; i++)
        if (k->slots[i].call)
            *kept_slot_of(slots, nslots, k->slots[i].call) = k->slots[i];
    free(k->slots);
    k->slots = slots;
    k->nslots = nslots;
    return 0;
}

void raise_note_kept(raise_ctx *rc, LLVMValueRef call, unsigned reason)
{
    if (!rc->stats || !call)
        return;
    if (!rc->kept && !(rc->kept = calloc(1, sizeof *rc->kept)))
        return;
    struct raise_kept *k = rc->kept;
    if (2 * (k->n + 1) >= k->nslots && kept_grow(k) != 0)
        return; /* no memory: the op pass counts the call as "custom" */
    kept_slot *s = kept_slot_of(k->slots, k->nslots, call);
    if (!s->call)
        k->n++;
    *s = (kept_slot){call, reason};
}

int raise_kept_reason(const raise_ctx *rc, LLVMValueRef call)
{
    const struct raise_kept *k = rc->kept;
    if (!k || !k->n || !call)
        return -1;
    const kept_slot *s = kept_slot_of(k->slots, k->nslots, call);
    return s->call ? (int)s->reason : -1;
}

void raise_kept_free(raise_ctx *rc)
{
    if (!rc->kept)
        return;
    free(rc->kept->slots);
    free(rc->kept);
    rc->kept = NULL;
}
