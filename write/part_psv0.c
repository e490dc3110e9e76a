/* part_psv0.c - PSV0, the pipeline state validation part, from the
 * module's metadata: the runtime info (in the version the validator
 * version allows, told apart by its size), the resource bindings, then
 * (version 1+) the string and semantic index tables, the signature
 * elements and the ViewID / input-output dependency tables
 * (part_psv0_sig.c). Layout constants: container/psv0_layout.h. */
#include "write_internal.h"
#include "dxil-upgrade/dxil_abi.h"
#include "psv0_internal.h"
#include "common/byteio.h"
#include "module/md_util.h"

#include <llvm-c/Target.h>

#include <string.h>

static const uint32_t psv_sizes[] = {PSV_INFO0, PSV_INFO1, PSV_INFO2, PSV_INFO3, PSV_INFO4};

/* Runtime info version: the one asked for, else the one DXC writes for
 * the validator version. -1 for a size no version has. */
static int psv_version(const write_module *wm)
{
    for (int v = 0; wm->opts.psv_info_size && v < 5; v++)
        if (psv_sizes[v] == wm->opts.psv_info_size)
            return v;
    if (wm->opts.psv_info_size)
        return -1;
    if (!wm_val_at_least(wm, 1, 1))
        return 0;
    if (!wm_val_at_least(wm, 1, 6))
        return 1;
    if (!wm_val_at_least(wm, 1, 8))
        return 2;
    return wm_val_at_least(wm, 1, 10) ? 4 : 3;
}

static uint32_t psv_state(const write_module *wm, unsigned tag, unsigned i)
{
    uint64_t v = 0;
    md_operand_uint(wm_prop(wm, tag), i, &v);
    return (uint32_t)v;
}

static bool psv_has_kind(const wsig *s, uint32_t kind, uint32_t kind2)
{
    for (uint32_t i = 0; i < s->count; i++)
        if (s->elems[i].kind == kind || s->elems[i].kind == kind2)
            return true;
    return false;
}

/* DXC's rule: any input interpolated per sample (LinearSample,
 * LinearNoperspectiveSample) or SV_SampleIndex. */
static bool psv_sample_frequency(const wsig *s)
{
    for (uint32_t i = 0; i < s->count; i++)
        if (s->elems[i].interp == DXIL_INTERP_LINEAR_SAMPLE ||
            s->elems[i].interp == DXIL_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE ||
            s->elems[i].kind == DXIL_SEMANTIC_SAMPLE_INDEX)
            return true;
    return false;
}

/* Bytes of the addrspace(3) globals: what a mesh shader shares. */
static uint32_t psv_groupshared_bytes(const write_module *wm)
{
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(wm->m);
    uint64_t total = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(wm->m); g; g = LLVMGetNextGlobal(g))
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3)
            total += LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
    return (uint32_t)total;
}

/* The 16-byte stage union of PSVRuntimeInfo0. */
static void psv_stage_info(const write_module *wm, uint8_t *u)
{
    const wsig *out = &wm->sig[WSIG_OUTPUT];
    bool pos = psv_has_kind(out, 3, 3);
    switch (wm->kind) {
    case PSV_STAGE_VS: u[0] = pos; break;
    case PSV_STAGE_HS: {
        /* HSState: input/output control points, domain, output primitive */
        static const unsigned fields[4] = {1, 2, 3, 5};
        for (unsigned i = 0; i < 4; i++)
            wr_le32(u + 4 * i, psv_state(wm, 3, fields[i]));
        break;
    }
    case PSV_STAGE_DS:
        wr_le32(u, psv_state(wm, 2, 1));
        u[4] = pos;
        wr_le32(u + 8, psv_state(wm, 2, 0));
        break;
    case PSV_STAGE_GS: {
        uint32_t mask = psv_state(wm, 1, 2);
        wr_le32(u, psv_state(wm, 1, 0));
        wr_le32(u + 4, psv_state(wm, 1, 3));
        wr_le32(u + 8, mask ? mask : 1); /* what the runtime expects */
        u[12] = pos;
        break;
    }
    case PSV_STAGE_PS:
        u[0] = psv_has_kind(out, 17, 18) || psv_has_kind(out, 19, 19);
        u[1] = psv_sample_frequency(&wm->sig[WSIG_INPUT]);
        break;
    case PSV_STAGE_MS:
        wr_le32(u, psv_groupshared_bytes(wm));
        wr_le32(u + 8, psv_state(wm, 9, 4));
        u[12] = (uint8_t)psv_state(wm, 9, 1);
        u[13] = (uint8_t)(psv_state(wm, 9, 1) >> 8);
        u[14] = (uint8_t)psv_state(wm, 9, 2);
        u[15] = (uint8_t)(psv_state(wm, 9, 2) >> 8);
        break;
    case PSV_STAGE_AS: wr_le32(u, psv_state(wm, 10, 1)); break;
    default: break;
    }
}

/* Wave lane counts: compute shaders with WaveSize (tag 11) or the SM 6.8
 * ranged form (tag 23: min, max, preferred; max 0 means min). */
static void psv_wave_lanes(const write_module *wm, uint32_t *min, uint32_t *max)
{
    *min = 0;
    *max = UINT32_MAX;
    if (wm->kind != PSV_STAGE_CS)
        return;
    uint32_t lo = psv_state(wm, 23, 0), hi = psv_state(wm, 23, 1);
    if (!lo)
        lo = psv_state(wm, 11, 0);
    if (lo) {
        *min = lo;
        *max = hi ? hi : lo;
    }
}

/* NumThreads: tag 4 for compute, inside MSState / ASState otherwise. */
static uint32_t psv_num_threads(const write_module *wm, unsigned axis)
{
    LLVMValueRef node = wm->kind == PSV_STAGE_CS   ? wm_prop(wm, 4)
                        : wm->kind == PSV_STAGE_MS ? md_operand(wm_prop(wm, 9), 0)
                        : wm->kind == PSV_STAGE_AS ? md_operand(wm_prop(wm, 10), 0)
                                                   : NULL;
    uint64_t v = 0;
    md_operand_uint(node, axis, &v);
    return (uint32_t)v;
}

static void psv_info1(const write_module *wm, const psv_counts *c, uint8_t *info)
{
    info[28] = (uint8_t)wm->kind;
    info[29] = c->uses_view_id;
    if (wm->kind == PSV_STAGE_GS) {
        uint32_t n = psv_state(wm, 1, 1);
        info[30] = (uint8_t)n;
        info[31] = (uint8_t)(n >> 8);
    } else {
        info[30] = (uint8_t)c->pc_vectors;
        if (wm->kind == PSV_STAGE_MS)
            info[31] = (uint8_t)psv_state(wm, 9, 3);
    }
    info[32] = (uint8_t)wm->sig[WSIG_INPUT].count;
    info[33] = (uint8_t)wm->sig[WSIG_OUTPUT].count;
    info[34] = (uint8_t)wm->sig[WSIG_PC_PRIM].count;
    info[35] = (uint8_t)c->in_vectors;
    for (int i = 0; i < 4; i++)
        info[36 + i] = (uint8_t)c->out_vectors[i];
}

static void psv_info(const write_module *wm, const psv_counts *c, uint32_t version,
                     uint32_t entry_name, wbuf *out)
{
    uint8_t p[4 + PSV_INFO4] = {0}; /* indexed by part offset: size, then the info */
    uint32_t lo, hi;
    wr_le32(p, psv_sizes[version]);
    psv_stage_info(wm, p + 4);
    psv_wave_lanes(wm, &lo, &hi);
    wr_le32(p + 20, lo);
    wr_le32(p + 24, hi);
    if (version >= 1)
        psv_info1(wm, c, p);
    for (unsigned i = 0; version >= 2 && i < 3; i++)
        wr_le32(p + 40 + 4 * i, psv_num_threads(wm, i));
    if (version >= 3)
        wr_le32(p + 52, entry_name);
    if (version >= 4 && (wm->kind == PSV_STAGE_CS || wm->kind == PSV_STAGE_MS ||
                         wm->kind == PSV_STAGE_AS))
        wr_le32(p + 56, psv_groupshared_bytes(wm));
    wb_bytes(out, p, 4 + psv_sizes[version]);
}

int write_psv0(write_module *wm, wbuf *out)
{
    int v = psv_version(wm);
    if (v < 0)
        return wm_fail(wm, "PSV0", "runtime info size", "%u is not 24, 36, 48, 52 or 56",
                       wm->opts.psv_info_size);
    uint32_t version = (uint32_t)v;
    psv_counts c;
    psv_tables t;
    psv_count(wm, &c);
    if (psv_tables_build(wm, version, &t))
        return -1;
    psv_info(wm, &c, version, t.entry_name, out);
    int rc = psv0_write_resources(wm, version, out);
    if (!rc && version >= 1)
        rc = psv_tables_write(wm, &c, &t, out);
    psv_tables_free(&t);
    return rc;
}
