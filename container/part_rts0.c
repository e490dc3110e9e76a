/* part_rts0.c - RTS0, the serialized root signature (versions 1.0, 1.1,
 * 1.2). Header: version, parameter count and offset, static sampler count
 * and offset, flags; offsets are relative to the part data. Version 1.1
 * adds flags to descriptor ranges and root descriptors, 1.2 to static
 * samplers. */
#include "parts_internal.h"

enum { RTS_V10 = 1, RTS_V11 = 2, RTS_V12 = 3 };
enum { RTS_TABLE = 0, RTS_CONSTANTS = 1 };
enum { RTS_PARAM_SIZE = 12, RTS_SAMPLER_SIZE = 52, RTS_SAMPLER1_SIZE = 56 };

static void rts_table(part_reader *r, uint32_t version, uint32_t at, dxil_rts_param *p)
{
    uint32_t count = pr_u32(r, at, "DescriptorTable NumDescriptorRanges");
    uint32_t off = pr_u32(r, at + 4, "DescriptorTable DescriptorRangesOffset");
    uint32_t stride = version >= RTS_V11 ? 24 : 20;
    if (r->failed)
        return;
    p->ranges = pr_array(r, off, count, stride, sizeof *p->ranges, "descriptor ranges");
    for (uint32_t i = 0; p->ranges && i < count; i++) {
        uint64_t a = off + (uint64_t)i * stride;
        dxil_rts_range *g = &p->ranges[i];
        g->type = pr_u32(r, a, "range RangeType");
        g->count = pr_u32(r, a + 4, "range NumDescriptors");
        g->base_register = pr_u32(r, a + 8, "range BaseShaderRegister");
        g->space = pr_u32(r, a + 12, "range RegisterSpace");
        if (version >= RTS_V11)
            g->flags = pr_u32(r, a + 16, "range Flags");
        g->offset = pr_u32(r, a + stride - 4, "range OffsetInDescriptorsFromTableStart");
    }
    p->range_count = p->ranges ? count : 0;
}

static void rts_param(part_reader *r, uint32_t version, uint64_t at, dxil_rts_param *p)
{
    p->type = pr_u32(r, at, "ParameterType");
    p->visibility = pr_u32(r, at + 4, "ShaderVisibility");
    uint32_t payload = pr_u32(r, at + 8, "PayloadOffset");
    if (r->failed)
        return;
    if (p->type == RTS_TABLE) {
        rts_table(r, version, payload, p);
    } else if (p->type == RTS_CONSTANTS) {
        p->reg = pr_u32(r, payload, "RootConstants ShaderRegister");
        p->space = pr_u32(r, payload + 4ull, "RootConstants RegisterSpace");
        p->num_values = pr_u32(r, payload + 8ull, "RootConstants Num32BitValues");
    } else if (p->type <= 4) {
        p->reg = pr_u32(r, payload, "RootDescriptor ShaderRegister");
        p->space = pr_u32(r, payload + 4ull, "RootDescriptor RegisterSpace");
        if (version >= RTS_V11)
            p->flags = pr_u32(r, payload + 8ull, "RootDescriptor Flags");
    } else {
        pr_fail(r, at, "root parameter type %u is unknown", p->type);
    }
}

static void rts_sampler(part_reader *r, uint32_t version, uint64_t a, dxil_rts_sampler *s)
{
    s->filter = pr_u32(r, a, "sampler Filter");
    s->address_u = pr_u32(r, a + 4, "sampler AddressU");
    s->address_v = pr_u32(r, a + 8, "sampler AddressV");
    s->address_w = pr_u32(r, a + 12, "sampler AddressW");
    s->mip_lod_bias = pr_f32(r, a + 16, "sampler MipLODBias");
    s->max_anisotropy = pr_u32(r, a + 20, "sampler MaxAnisotropy");
    s->comparison = pr_u32(r, a + 24, "sampler ComparisonFunc");
    s->border_color = pr_u32(r, a + 28, "sampler BorderColor");
    s->min_lod = pr_f32(r, a + 32, "sampler MinLOD");
    s->max_lod = pr_f32(r, a + 36, "sampler MaxLOD");
    s->reg = pr_u32(r, a + 40, "sampler ShaderRegister");
    s->space = pr_u32(r, a + 44, "sampler RegisterSpace");
    s->visibility = pr_u32(r, a + 48, "sampler ShaderVisibility");
    if (version >= RTS_V12)
        s->flags = pr_u32(r, a + 52, "sampler Flags");
}

void part_decode_rts0(part_reader *r, dxil_decoded_part *out)
{
    dxil_rts0 *t = &out->u.rts0;
    t->version = pr_u32(r, 0, "Version");
    uint32_t nparams = pr_u32(r, 4, "NumParameters");
    uint32_t params_at = pr_u32(r, 8, "RootParametersOffset");
    uint32_t nsamplers = pr_u32(r, 12, "NumStaticSamplers");
    uint32_t samplers_at = pr_u32(r, 16, "StaticSamplersOffset");
    t->flags = pr_u32(r, 20, "Flags");
    if (!r->failed && (t->version < RTS_V10 || t->version > RTS_V12))
        pr_fail(r, 0, "root signature version %u is not 1 (1.0), 2 (1.1) or 3 (1.2)",
                t->version);
    if (r->failed)
        return;
    t->params = pr_array(r, params_at, nparams, RTS_PARAM_SIZE, sizeof *t->params,
                         "root parameters");
    for (uint32_t i = 0; t->params && i < nparams && !r->failed; i++)
        rts_param(r, t->version, params_at + (uint64_t)i * RTS_PARAM_SIZE, &t->params[i]);
    t->param_count = t->params ? nparams : 0;
    uint32_t stride = t->version >= RTS_V12 ? RTS_SAMPLER1_SIZE : RTS_SAMPLER_SIZE;
    t->samplers = pr_array(r, samplers_at, nsamplers, stride, sizeof *t->samplers,
                           "static samplers");
    for (uint32_t i = 0; t->samplers && i < nsamplers; i++)
        rts_sampler(r, t->version, samplers_at + (uint64_t)i * stride, &t->samplers[i]);
    t->sampler_count = t->samplers ? nsamplers : 0;
}
