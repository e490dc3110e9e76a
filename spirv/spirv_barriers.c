/* spirv_barriers.c - a fix-up of the backend's output. LLVM 22 selects
 * llvm.spv.group.memory.barrier.with.group.sync (GroupMemoryBarrierWith-
 * GroupSync, the only barrier it has) as OpControlBarrier Workgroup
 * Workgroup SequentiallyConsistent: semantics with no storage-class bit,
 * which order no memory at all. A driver may then move workgroup loads
 * above the barrier, and lavapipe does (the corpus's groupshared
 * reductions read what another invocation had not yet written, a
 * different result each run). The barrier's semantics become
 * AcquireRelease | WorkgroupMemory, what DXC's -spirv emits for
 * GroupMemoryBarrierWithGroupSync; spirv-val checks the result after. */
#include "spirv.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    SPV_MAGIC = 0x07230203u,
    SPV_HEADER_WORDS = 5,
    SPV_OP_CONSTANT = 43,
    SPV_OP_CONTROL_BARRIER = 224,
    SPV_SEM_SEQ_CST = 0x10,
    SPV_SEM_ACQ_REL_WORKGROUP = 0x8 | 0x100,
};

typedef struct spv_words {
    uint32_t *w;
    size_t n;
} spv_words;

/* The constant with id `id` (its word index), or 0. */
static size_t spv_find_constant(const spv_words *s, uint32_t id)
{
    for (size_t i = SPV_HEADER_WORDS; i < s->n;) {
        uint32_t op = s->w[i] & 0xffffu, len = s->w[i] >> 16;
        if (len == 0 || i + len > s->n)
            return 0;
        if (op == SPV_OP_CONSTANT && len == 4 && s->w[i + 2] == id)
            return i;
        i += len;
    }
    return 0;
}

/* Index of the first barrier whose semantics is the constant at `at`
 * holding SequentiallyConsistent alone, from word `from`; 0 when none. */
static size_t spv_next_bare_barrier(const spv_words *s, size_t from, size_t *sem_at)
{
    for (size_t i = from; i < s->n;) {
        uint32_t op = s->w[i] & 0xffffu, len = s->w[i] >> 16;
        if (len == 0 || i + len > s->n)
            return 0;
        if (op == SPV_OP_CONTROL_BARRIER && len == 4) {
            size_t c = spv_find_constant(s, s->w[i + 3]);
            if (c && s->w[c + 3] == SPV_SEM_SEQ_CST) {
                *sem_at = c;
                return i;
            }
        }
        i += len;
    }
    return 0;
}

int spirv_fix_barriers(void **data, size_t *size, dxil_diags *diags)
{
    spv_words s = {*data, *size / 4};
    if (s.n < SPV_HEADER_WORDS || s.w[0] != SPV_MAGIC)
        return 0; /* not ours to judge: spirv-val will */
    size_t c = 0, b = spv_next_bare_barrier(&s, SPV_HEADER_WORDS, &c);
    if (!b)
        return 0;
    /* a new constant right after the old one (others may use that one) */
    uint32_t *w = malloc((s.n + 4) * sizeof *w);
    if (!w) {
        dxil_diags_add(diags, DXIL_SEV_ERROR, DXIL_E_SPIRV_BACKEND, DXIL_LOC_NONE, 0,
                       "out of memory");
        return -1;
    }
    uint32_t id = s.w[3], old = s.w[c + 2];
    memcpy(w, s.w, (c + 4) * sizeof *w);
    w[c + 4] = (4u << 16) | SPV_OP_CONSTANT;
    w[c + 5] = s.w[c + 1];
    w[c + 6] = id;
    w[c + 7] = SPV_SEM_ACQ_REL_WORKGROUP;
    memcpy(w + c + 8, s.w + c + 4, (s.n - c - 4) * sizeof *w);
    w[3] = id + 1;
    spv_words t = {w, s.n + 4};
    for (size_t i = SPV_HEADER_WORDS; i < t.n;) {
        uint32_t op = t.w[i] & 0xffffu, len = t.w[i] >> 16;
        if (len == 0 || i + len > t.n)
            break;
        if (op == SPV_OP_CONTROL_BARRIER && len == 4 && t.w[i + 3] == old)
            t.w[i + 3] = id;
        i += len;
    }
    free(*data);
    *data = w;
    *size = t.n * 4;
    return 0;
}
