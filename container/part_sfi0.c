/* part_sfi0.c - SFI0: the 64-bit shader feature flags the runtime checks. */
#include "parts_internal.h"
#include "sfi0_map.h"

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

/* dx.entryPoints ShaderFlags bit -> SFI0 feature bit, where DXC derives
 * the feature directly from the flag. */
static const uint8_t sfi0_flag_map[][2] = {
    {2, 0},   {6, 5},   {7, 6},   {9, 13},  {10, 10}, {11, 9},  {12, 8},  {13, 11},
    {14, 7},  {15, 3},  {16, 2},  {17, 1},  {18, 12}, {19, 14}, {20, 15}, {21, 16},
    {22, 17}, {24, 19}, {25, 20}, {26, 21}, {27, 22}, {28, 23}, {29, 24}, {30, 25},
    {31, 26}, {32, 28}, {34, 29}, {35, 30}, {37, 31}, {38, 32}};
enum { FLAG_LOW_PRECISION = 5, FLAG_NATIVE_LOW_PRECISION = 23,
       SFI_MIN_PRECISION = 4, SFI_NATIVE_LOW_PRECISION = 18 };

uint64_t sfi0_features_from_flags(uint64_t flags, uint64_t *checked)
{
    uint64_t want = 0, decided = 1ull << SFI_MIN_PRECISION | 1ull << SFI_NATIVE_LOW_PRECISION;
    for (size_t i = 0; i < sizeof sfi0_flag_map / sizeof *sfi0_flag_map; i++) {
        decided |= 1ull << sfi0_flag_map[i][1];
        if ((flags >> sfi0_flag_map[i][0]) & 1)
            want |= 1ull << sfi0_flag_map[i][1];
    }
    bool low = (flags >> FLAG_LOW_PRECISION) & 1;
    bool native = (flags >> FLAG_NATIVE_LOW_PRECISION) & 1;
    if (low)
        want |= 1ull << (native ? SFI_NATIVE_LOW_PRECISION : SFI_MIN_PRECISION);
    if (checked)
        *checked = decided;
    return want;
}
