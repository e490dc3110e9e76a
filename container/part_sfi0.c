/* part_sfi0.c - SFI0: the 64-bit shader feature flags the runtime checks. */
#include "parts_internal.h"

/* ShaderFeatureInfo bit names (DXC DxilContainer.h numbering); bits 40+
 * are optional per-function flags. */
static const char *const sfi0_names[64] = {
    [0] = "Doubles",
    [1] = "ComputeShadersPlusRawAndStructuredBuffersViaShader4X",
    [2] = "UAVsAtEveryStage",
    [3] = "64UAVs",
    [4] = "MinimumPrecision",
    [5] = "11_1_DoubleExtensions",
    [6] = "11_1_ShaderExtensions",
    [7] = "LEVEL9ComparisonFiltering",
    [8] = "TiledResources",
    [9] = "StencilRef",
    [10] = "InnerCoverage",
    [11] = "TypedUAVLoadAdditionalFormats",
    [12] = "ROVs",
    [13] = "ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer",
    [14] = "WaveOps",
    [15] = "Int64Ops",
    [16] = "ViewID",
    [17] = "Barycentrics",
    [18] = "NativeLowPrecision",
    [19] = "ShadingRate",
    [20] = "Raytracing_Tier_1_1",
    [21] = "SamplerFeedback",
    [22] = "AtomicInt64OnTypedResource",
    [23] = "AtomicInt64OnGroupShared",
    [24] = "DerivativesInMeshAndAmpShaders",
    [25] = "ResourceDescriptorHeapIndexing",
    [26] = "SamplerDescriptorHeapIndexing",
    [27] = "WaveMMA",
    [28] = "AtomicInt64OnHeapResource",
    [29] = "AdvancedTextureOps",
    [30] = "WriteableMSAATextures",
    [31] = "SampleCmpGradientOrBias",
    [32] = "ExtendedCommandInfo",
    [40] = "UsesDerivatives",
    [41] = "RequiresGroup",
};

const char *dxil_sfi0_flag_name(unsigned bit)
{
    return bit < 64 ? sfi0_names[bit] : NULL;
}

void part_decode_sfi0(part_reader *r, dxil_decoded_part *out)
{
    uint32_t lo = pr_u32(r, 0, "FeatureFlags low word");
    uint32_t hi = pr_u32(r, 4, "FeatureFlags high word");
    out->u.sfi0.flags = (uint64_t)hi << 32 | lo;
}
