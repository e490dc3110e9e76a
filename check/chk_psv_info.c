/* chk_psv_info.c - PSV0's runtime info and resource bindings as DXC's PSV
 * writer builds them from the module (SetupPSVInitInfo, SetShaderProps,
 * InitPSVResourceBinding), for chk_container_psv.c to compare the part
 * with: rebuilt here from the metadata as DXC's loader reads it, not by
 * this project's writer (write/part_psv0*.c), so a bug of the writer
 * shows as a mismatch instead of agreeing with itself.
 *
 * Runtime info: the stage's union (a vertex, domain or geometry shader's
 * SV_Position output, a hull shader's control points, domain and output
 * primitive, a geometry shader's input primitive, topology, stream mask
 * (1 when none) and vertex count, a pixel shader's depth output and per-
 * sample inputs, a mesh shader's group-shared bytes (DXC's sizes),
 * payload, vertex and primitive counts and topology, an amplification
 * shader's payload), the wave lane range of a compute shader, then the
 * stage, ViewID use, element counts, vectors per signature (and output
 * stream), thread counts and a compute, mesh or amplification shader's
 * group-shared bytes. Kinds are the ones the elements have at their
 * signature point (chk_sig_load.c). */
#include "chk_env.h"
#include "chk_facts.h"
#include "chk_psv.h"
#include "chk_psv_info.h"
#include "chk_sig_load.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/sig_semantics.h"

#include <stdlib.h>
#include <string.h>

enum { TAG_GS = 1, TAG_DS = 2, TAG_HS = 3, TAG_NUMTHREADS = 4, TAG_MS = 9, TAG_AS = 10,
       TAG_WAVESIZE = 11, TAG_WAVESIZE_RANGE = 23 };

static void put32(uint8_t *p, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Field i of the entry's property `tag` (a node), 0 when absent. */
static uint32_t prop(const mf_entry *e, unsigned tag, unsigned i)
{
    uint64_t v = 0;
    md_operand_uint(md_tag_value(e ? e->props : NULL, tag, NULL), i, &v);
    return (uint32_t)v;
}

/* What the runtime info needs of one signature list. */
typedef struct sig_summary {
    unsigned count;
    uint32_t vectors[4]; /* NumVectorsUsed per output stream */
    bool position, depth, per_sample;
} sig_summary;

static void summarize(const mf_entry *e, unsigned list, sig_summary *s)
{
    memset(s, 0, sizeof *s);
    LLVMValueRef l = e ? e->sigs[list] : NULL;
    int point = e ? sem_point(e->kind, list) : SEM_POINT_INVALID;
    s->count = md_num_operands(l);
    for (unsigned i = 0; i < s->count; i++) {
        chk_dxc_elem el;
        if (!chk_dxc_elem_load(md_operand(l, i), point, &el))
            continue;
        if (el.allocated && el.stream < 4) {
            uint32_t end = (uint32_t)el.start_row + el.rows;
            if (end > s->vectors[el.stream])
                s->vectors[el.stream] = end;
        }
        s->position |= el.kind == DXIL_SEMANTIC_POSITION;
        s->depth |= el.kind == DXIL_SEMANTIC_DEPTH || el.kind == DXIL_SEMANTIC_DEPTH_LESS_EQUAL ||
                    el.kind == DXIL_SEMANTIC_DEPTH_GREATER_EQUAL;
        s->per_sample |= el.interp == DXIL_INTERP_LINEAR_SAMPLE ||
                         el.interp == DXIL_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE ||
                         el.kind == DXIL_SEMANTIC_SAMPLE_INDEX;
        chk_dxc_elem_free(&el);
    }
}

/* GetTGSMSizeInBytes: the addrspace(3) globals' alloc sizes, DXC's. */
static uint32_t groupshared_bytes(chk_ctx *c)
{
    chk_env *env = chk_env_get(c);
    uint64_t total = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(c->mod); env && g; g = LLVMGetNextGlobal(g))
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3)
            total += chk_alloc_size(&env->dl, LLVMGlobalGetValueType(g));
    return (uint32_t)total;
}

/* PSVRuntimeInfo0's 16-byte stage union. */
static void stage_union(chk_ctx *c, const mf_entry *e, unsigned kind, const sig_summary *in,
                        const sig_summary *out, uint8_t *u)
{
    switch (kind) {
    case DXIL_SHADER_VERTEX: u[0] = out->position; break;
    case DXIL_SHADER_HULL:
        put32(u, prop(e, TAG_HS, 1));
        put32(u + 4, prop(e, TAG_HS, 2));
        put32(u + 8, prop(e, TAG_HS, 3));
        put32(u + 12, prop(e, TAG_HS, 5));
        break;
    case DXIL_SHADER_DOMAIN:
        put32(u, prop(e, TAG_DS, 1));
        u[4] = out->position;
        put32(u + 8, prop(e, TAG_DS, 0));
        break;
    case DXIL_SHADER_GEOMETRY: {
        uint32_t mask = prop(e, TAG_GS, 2);
        put32(u, prop(e, TAG_GS, 0));
        put32(u + 4, prop(e, TAG_GS, 3));
        put32(u + 8, mask ? mask : 1);
        u[12] = out->position;
        break;
    }
    case DXIL_SHADER_PIXEL:
        u[0] = out->depth;
        u[1] = in->per_sample;
        break;
    case DXIL_SHADER_MESH: {
        uint32_t v = prop(e, TAG_MS, 1), p = prop(e, TAG_MS, 2);
        put32(u, groupshared_bytes(c));
        put32(u + 8, prop(e, TAG_MS, 4));
        u[12] = (uint8_t)v;
        u[13] = (uint8_t)(v >> 8);
        u[14] = (uint8_t)p;
        u[15] = (uint8_t)(p >> 8);
        break;
    }
    case DXIL_SHADER_AMPLIFICATION: put32(u, prop(e, TAG_AS, 1)); break;
    default: break;
    }
}

/* The wave size properties in the order DXC's loader reads them: the
 * last one read sets the minimum, the ranged one the maximum. */
static void wave_lanes(const mf_entry *e, uint32_t *min, uint32_t *max)
{
    uint32_t lo = 0, hi = 0;
    LLVMValueRef props = e ? e->props : NULL;
    for (unsigned i = 0; i + 1 < md_num_operands(props); i += 2) {
        uint64_t tag;
        if (md_operand_uint(props, i, &tag) != 0)
            continue;
        LLVMValueRef v = md_operand(props, i + 1);
        uint64_t x = 0;
        if (tag == TAG_WAVESIZE && md_operand_uint(v, 0, &x) == 0)
            lo = (uint32_t)x;
        if (tag == TAG_WAVESIZE_RANGE) {
            lo = md_operand_uint(v, 0, &x) == 0 ? (uint32_t)x : 0;
            hi = md_operand_uint(v, 1, &x) == 0 ? (uint32_t)x : 0;
        }
    }
    *min = lo;
    *max = lo ? (hi ? hi : lo) : UINT32_MAX;
}

static uint32_t num_threads(const mf_entry *e, unsigned kind, unsigned axis)
{
    uint64_t v = 0;
    LLVMValueRef node = NULL;
    if (kind == DXIL_SHADER_COMPUTE)
        node = md_tag_value(e ? e->props : NULL, TAG_NUMTHREADS, NULL);
    else if (kind == DXIL_SHADER_MESH || kind == DXIL_SHADER_AMPLIFICATION)
        node = md_operand(md_tag_value(e ? e->props : NULL,
                                       kind == DXIL_SHADER_MESH ? TAG_MS : TAG_AS, NULL),
                          0);
    md_operand_uint(node, axis, &v);
    return (uint32_t)v;
}

void chk_psv_info_build(chk_ctx *c, const mf_module *mf, uint32_t size, uint8_t *info)
{
    memset(info, 0, size);
    const mf_entry *e = mf->nentries ? &mf->entries[0] : NULL;
    unsigned kind = mf->sm_kind;
    bool groupshared_stage = kind == DXIL_SHADER_COMPUTE || kind == DXIL_SHADER_MESH ||
                             kind == DXIL_SHADER_AMPLIFICATION;
    sig_summary in, out, pc;
    summarize(e, 0, &in);
    summarize(e, 1, &out);
    summarize(e, 2, &pc);
    uint8_t p[CPSV_INFO4] = {0};
    stage_union(c, e, kind, &in, &out, p);
    uint32_t lo = 0, hi = UINT32_MAX;
    if (kind == DXIL_SHADER_COMPUTE)
        wave_lanes(e, &lo, &hi);
    put32(p + 16, lo);
    put32(p + 20, hi);
    p[CPSV_STAGE] = (uint8_t)kind;
    p[CPSV_VIEWID] = (mf->flags & DXIL_SHADER_FLAG_VIEW_ID) != 0;
    if (kind == DXIL_SHADER_GEOMETRY) {
        uint32_t n = prop(e, TAG_GS, 1);
        p[CPSV_PCVECS] = (uint8_t)n;
        p[CPSV_PCVECS + 1] = (uint8_t)(n >> 8);
    } else if (kind == DXIL_SHADER_HULL || kind == DXIL_SHADER_DOMAIN ||
               kind == DXIL_SHADER_MESH) {
        p[CPSV_PCVECS] = (uint8_t)pc.vectors[0];
        if (kind == DXIL_SHADER_MESH)
            p[CPSV_PCVECS + 1] = (uint8_t)prop(e, TAG_MS, 3);
    }
    p[CPSV_IN_ELEMS] = (uint8_t)in.count;
    p[CPSV_OUT_ELEMS] = (uint8_t)out.count;
    p[CPSV_PC_ELEMS] = (uint8_t)pc.count;
    p[CPSV_IN_VECS] = (uint8_t)in.vectors[0];
    for (unsigned s = 0; s < 4; s++)
        p[CPSV_OUT_VECS + s] = (uint8_t)out.vectors[s];
    for (unsigned a = 0; a < 3; a++)
        put32(p + 36 + 4 * a, groupshared_stage ? num_threads(e, kind, a) : 0);
    if (groupshared_stage)
        put32(p + CPSV_GROUPSHARED, groupshared_bytes(c));
    memcpy(info, p, size < sizeof p ? size : sizeof p);
}

/* ---- resource bindings -------------------------------------------------------- */

static uint32_t res_type(const mf_resource *r)
{
    bool uav = r->list == MF_UAV;
    if (r->list == MF_SAMPLER)
        return 1;
    if (r->list == MF_CBV)
        return 2;
    switch (r->kind) {
    case DXIL_RESOURCE_KIND_STRUCTUREDBUFFER: return uav ? (r->counter ? 9 : 8) : 5;
    case DXIL_RESOURCE_KIND_RTACCELERATIONSTRUCTURE: return 4;
    case DXIL_RESOURCE_KIND_RAWBUFFER: return uav ? 7 : 4;
    default: return uav ? 6 : 3;
    }
}

static bool atomic64(const mf_resource *r)
{
    uint64_t v = 0;
    return r->list == MF_UAV &&
           const_u64(md_tag_value(md_operand(r->record, 10), 3, NULL), &v) && v != 0;
}

uint8_t *chk_psv_binds_build(const mf_module *mf, uint32_t bind_size, uint32_t *count)
{
    static const unsigned order[4] = {MF_CBV, MF_SAMPLER, MF_SRV, MF_UAV};
    uint8_t *out = calloc(mf->nres + 1, bind_size);
    *count = 0;
    for (unsigned k = 0; out && k < 4; k++)
        for (size_t pos = 0;; pos++) {
            const mf_resource *r = NULL;
            for (size_t i = 0; i < mf->nres && !r; i++)
                if (mf->res[i].list == order[k] && mf->res[i].pos == pos)
                    r = &mf->res[i];
            if (!r)
                break;
            uint8_t *b = out + (size_t)*count * bind_size;
            uint32_t kind = r->list == MF_CBV       ? DXIL_RESOURCE_KIND_CBUFFER
                            : r->list == MF_SAMPLER ? DXIL_RESOURCE_KIND_SAMPLER
                                                    : r->kind;
            put32(b, res_type(r));
            put32(b + 4, r->space);
            put32(b + 8, r->lb);
            put32(b + 12, r->range == UINT32_MAX ? UINT32_MAX : r->lb + r->range - 1);
            if (bind_size >= CPSV_BIND1) {
                put32(b + 16, kind);
                put32(b + 20, atomic64(r));
            }
            (*count)++;
        }
    return out;
}
