/* legal_util.c - small things the legalization passes share: a value
 * map, a value list, removal of unused new code, block order, names. */
#include "legal.h"
#include "common/grow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- value map ---- */

static size_t map_slot(LLVMValueRef key, size_t cap)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

void *legal_map_get(const legal_map *m, LLVMValueRef key)
{
    if (!m->cap)
        return NULL;
    for (size_t i = map_slot(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key)
            return m->vals[i];
        if (!m->keys[i])
            return NULL;
    }
}

static bool map_grow(legal_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    LLVMValueRef *keys = calloc(cap, sizeof *keys);
    void **vals = calloc(cap, sizeof *vals);
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return false;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t j = map_slot(m->keys[i], cap);
        while (keys[j])
            j = (j + 1) & (cap - 1);
        keys[j] = m->keys[i];
        vals[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
    return true;
}

bool legal_map_put(legal_map *m, LLVMValueRef key, void *val)
{
    if ((m->n + 1) * 2 > m->cap && !map_grow(m))
        return false;
    size_t i = map_slot(key, m->cap);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
    return true;
}

void legal_map_free(legal_map *m)
{
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- value list ---- */

bool legal_list_add(legal_list *l, LLVMValueRef v)
{
    LLVMValueRef *nv = grow_array(l->v, &l->cap, l->n, sizeof *nv, 32);
    if (!nv)
        return false;
    l->v = nv;
    l->v[l->n++] = v;
    return true;
}

void legal_list_free(legal_list *l)
{
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* ---- unused new code ---- */

/* Calls of intrinsics that neither write memory nor have other effects:
 * what the legalization passes create (math, min/max, lane ops). */
static bool legal_call_is_pure(LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (!fn || !LLVMIsAFunction(fn) || !LLVMGetIntrinsicID(fn))
        return false;
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    return strncmp(name, "llvm.dx.", 8) != 0 && strncmp(name, "llvm.lifetime", 13) != 0 &&
           strncmp(name, "llvm.mem", 8) != 0 && strncmp(name, "llvm.assume", 11) != 0;
}

bool legal_is_removable(LLVMValueRef v)
{
    if (!v || !LLVMIsAInstruction(v) || LLVMIsATerminatorInst(v) || LLVMIsAStoreInst(v) ||
        LLVMIsAAtomicRMWInst(v) || LLVMIsAAtomicCmpXchgInst(v) || LLVMIsAFenceInst(v))
        return false;
    if (LLVMIsALoadInst(v))
        return !LLVMGetVolatile(v) && LLVMGetOrdering(v) == LLVMAtomicOrderingNotAtomic;
    if (LLVMIsACallInst(v))
        return legal_call_is_pure(v);
    return true;
}

void legal_erase_unused(legal_list *made)
{
    /* each instruction once: erasing one twice would free it twice */
    legal_map seen = {0};
    for (size_t i = 0; i < made->n; i++) {
        if (!made->v[i])
            continue;
        if (legal_map_get(&seen, made->v[i]) || !legal_map_put(&seen, made->v[i], made->v[i]))
            made->v[i] = NULL;
    }
    legal_map_free(&seen);
    bool progress = true;
    while (progress) {
        progress = false;
        for (size_t i = made->n; i-- > 0;) {
            LLVMValueRef v = made->v[i];
            if (!v || LLVMGetFirstUse(v) || !legal_is_removable(v))
                continue;
            LLVMInstructionEraseFromParent(v);
            made->v[i] = NULL;
            progress = true;
        }
    }
}

/* ---- block order ---- */

typedef struct rpo_frame {
    LLVMBasicBlockRef bb;
    unsigned next;
} rpo_frame;

/* Iterative depth-first walk; blocks are added in post-order to out from
 * the end, so out[start..] ends up in reverse post-order. */
static size_t blocks_order(LLVMValueRef fn, LLVMBasicBlockRef **out, bool unreached)
{
    unsigned nb = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *all = malloc((nb ? nb : 1) * sizeof *all);
    LLVMBasicBlockRef *order = malloc((nb ? nb : 1) * sizeof *order);
    rpo_frame *stack = malloc((nb ? nb : 1) * sizeof *stack);
    legal_map seen = {0};
    *out = NULL;
    if (!all || !order || !stack) {
        free(all);
        free(order);
        free(stack);
        return 0;
    }
    LLVMGetBasicBlocks(fn, all);
    size_t post = nb, sp = 0;
    if (nb) {
        stack[sp++] = (rpo_frame){all[0], 0};
        legal_map_put(&seen, LLVMBasicBlockAsValue(all[0]), all[0]);
    }
    while (sp) {
        rpo_frame *f = &stack[sp - 1];
        LLVMValueRef term = LLVMGetBasicBlockTerminator(f->bb);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        if (f->next < ns) {
            LLVMBasicBlockRef s = LLVMGetSuccessor(term, f->next++);
            if (!legal_map_get(&seen, LLVMBasicBlockAsValue(s))) {
                legal_map_put(&seen, LLVMBasicBlockAsValue(s), s);
                stack[sp++] = (rpo_frame){s, 0};
            }
            continue;
        }
        order[--post] = f->bb;
        sp--;
    }
    /* reached blocks are order[post..nb); unreached ones follow them */
    size_t n = 0;
    for (size_t i = post; i < nb; i++)
        all[n++] = order[i];
    LLVMBasicBlockRef b = unreached ? LLVMGetFirstBasicBlock(fn) : NULL;
    for (; b && n < nb; b = LLVMGetNextBasicBlock(b))
        if (!legal_map_get(&seen, LLVMBasicBlockAsValue(b)))
            all[n++] = b;
    free(order);
    free(stack);
    legal_map_free(&seen);
    *out = all;
    return n;
}

size_t legal_blocks_rpo(LLVMValueRef fn, LLVMBasicBlockRef **out)
{
    return blocks_order(fn, out, true);
}

size_t legal_blocks_reached(LLVMValueRef fn, LLVMBasicBlockRef **out)
{
    return blocks_order(fn, out, false);
}

/* ---- names, flags, places ---- */

void legal_name_lane(LLVMValueRef v, LLVMValueRef base, const char *suffix, unsigned k)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(base, &len);
    if (!len || !v || !LLVMIsAInstruction(v) || LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVoidTypeKind)
        return;
    char buf[256];
    int m = snprintf(buf, sizeof buf, "%.*s%s%u", (int)(len > 200 ? 200 : len), name, suffix, k);
    if (m > 0)
        LLVMSetValueName2(v, buf, (size_t)m);
}

void legal_copy_flags(LLVMValueRef from, LLVMValueRef to)
{
    if (!LLVMIsAInstruction(to))
        return; /* folded to a constant */
    LLVMOpcode op = LLVMGetInstructionOpcode(from);
    if (LLVMGetInstructionOpcode(to) != op)
        return;
    switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
        LLVMSetNSW(to, LLVMGetNSW(from));
        LLVMSetNUW(to, LLVMGetNUW(from));
        break;
    case LLVMUDiv: case LLVMSDiv: case LLVMLShr: case LLVMAShr:
        LLVMSetExact(to, LLVMGetExact(from));
        break;
    case LLVMOr:
        LLVMSetIsDisjoint(to, LLVMGetIsDisjoint(from));
        break;
    default:
        break;
    }
    if (LLVMCanValueUseFastMathFlags(from) && LLVMCanValueUseFastMathFlags(to))
        LLVMSetFastMathFlags(to, LLVMGetFastMathFlags(from));
}

bool legal_position_after(lower_ctx *lc, LLVMValueRef v)
{
    if (LLVMIsAArgument(v)) {
        LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(LLVMGetParamParent(v));
        LLVMPositionBuilderBefore(lc->b, LLVMGetFirstInstruction(entry));
        return true;
    }
    if (!LLVMIsAInstruction(v))
        return false;
    LLVMValueRef at = LLVMGetNextInstruction(v);
    while (at && LLVMIsAPHINode(at))
        at = LLVMGetNextInstruction(at);
    if (!at)
        return false;
    LLVMPositionBuilderBefore(lc->b, at);
    return true;
}
