/* diffrun_compare.c - dxil-diffrun's judgement of two runs' UAVs: bit for
 * bit, or, where the shader lets LLVM reassociate floats, within a bound
 * in units in the last place (docs/differential.md). */
#include "diffrun.h"

#include <llvm-c/Core.h>

#include <math.h>
#include <string.h>

const char *const dr_verdict_names[DR_VERDICTS] = {"same", "drift", "mismatch", "nondet",
                                                    "refused"};

/* True when some float instruction of m carries one of the fast-math
 * flags in `mask`. */
static bool dr_has_fmf(dxil_module *m, unsigned mask)
{
    LLVMModuleRef mod = dxil_module_llvm(m);
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
                if (LLVMCanValueUseFastMathFlags(i) && (LLVMGetFastMathFlags(i) & mask))
                    return true;
    return false;
}

bool dr_allows_reassoc(dxil_module *m)
{
    return dr_has_fmf(m, LLVMFastMathAllowReassoc);
}

bool dr_assumes_finite(dxil_module *m)
{
    return dr_has_fmf(m, LLVMFastMathNoNaNs | LLVMFastMathNoInfs);
}

/* A float's bits on a line where adjacent floats are adjacent integers
 * (both zeros meet at 0), so that ulps are a difference. */
static int64_t dr_ordered(uint32_t bits)
{
    return (bits & 0x80000000u) ? -(int64_t)(bits & 0x7fffffffu) : (int64_t)bits;
}

/* The ulp distance of two float words, or UINT32_MAX when they cannot be
 * drift: a NaN or infinity against anything else. */
static uint32_t dr_ulps(uint32_t a, uint32_t b)
{
    float fa, fb;
    memcpy(&fa, &a, 4);
    memcpy(&fb, &b, 4);
    if (isnan(fa) && isnan(fb))
        return 0;
    if (!isfinite(fa) || !isfinite(fb))
        return UINT32_MAX;
    int64_t d = dr_ordered(a) - dr_ordered(b);
    d = d < 0 ? -d : d;
    return d > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

static uint32_t dr_word(const uint8_t *p, uint64_t off, uint64_t size)
{
    uint32_t w = 0;
    memcpy(&w, p + off, size - off >= 4 ? 4 : (size_t)(size - off));
    return w;
}

static void dr_where(dr_diff *out, const dr_buffer *a, uint64_t off, uint32_t wa, uint32_t wb)
{
    uint32_t stride = a->stride ? a->stride : 4;
    snprintf(out->where, sizeof out->where,
             "%c%u space%u element %llu (byte %llu): 0x%08x, now 0x%08x", a->cls, a->reg, a->space,
             (unsigned long long)(off / stride), (unsigned long long)off, wa, wb);
}

/* One buffer pair: the verdict for it alone. */
static dr_verdict dr_compare_buffer(const dr_buffer *a, const dr_buffer *b, bool reassoc,
                                    uint32_t max_ulps, dr_diff *out)
{
    if (a->size != b->size) {
        snprintf(out->where, sizeof out->where, "%c%u space%u: %llu bytes, now %llu", a->cls,
                 a->reg, a->space, (unsigned long long)a->size, (unsigned long long)b->size);
        return DR_MISMATCH;
    }
    if (memcmp(a->data, b->data, a->size) == 0)
        return DR_SAME;
    dr_verdict v = DR_SAME;
    for (uint64_t off = 0; off < a->size; off += 4) {
        uint32_t wa = dr_word(a->data, off, a->size), wb = dr_word(b->data, off, b->size);
        if (wa == wb)
            continue;
        uint32_t u = reassoc && off + 4 <= a->size ? dr_ulps(wa, wb) : UINT32_MAX;
        bool drift = u <= max_ulps;
        if (drift && u > out->max_ulps)
            out->max_ulps = u;
        if (v == DR_SAME || (!drift && v == DR_DRIFT))
            dr_where(out, a, off, wa, wb);
        if (!drift)
            return DR_MISMATCH;
        v = DR_DRIFT;
    }
    return v;
}

/* The buffer of b with a's identity, or NULL. */
static const dr_buffer *dr_find(const dr_outputs *b, const dr_buffer *a)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->b[i].cls == a->cls && b->b[i].reg == a->reg && b->b[i].space == a->space)
            return &b->b[i];
    return NULL;
}

void dr_compare(const dr_outputs *a, const dr_outputs *b, bool reassoc, uint32_t max_ulps,
                dr_diff *out)
{
    memset(out, 0, sizeof *out);
    out->verdict = DR_SAME;
    for (size_t i = 0; i < a->n; i++) {
        const dr_buffer *x = &a->b[i], *y = dr_find(b, x);
        if (!y) {
            snprintf(out->where, sizeof out->where, "%c%u space%u: not bound any more", x->cls,
                     x->reg, x->space);
            out->verdict = DR_MISMATCH;
            return;
        }
        dr_diff one = {.max_ulps = out->max_ulps};
        dr_verdict v = dr_compare_buffer(x, y, reassoc, max_ulps, &one);
        out->max_ulps = one.max_ulps;
        if (v > out->verdict) {
            out->verdict = v;
            memcpy(out->where, one.where, sizeof out->where);
        }
        if (v == DR_MISMATCH)
            return;
    }
    if (b->n != a->n) {
        snprintf(out->where, sizeof out->where, "%zu UAVs, now %zu", a->n, b->n);
        out->verdict = DR_MISMATCH;
    }
}
