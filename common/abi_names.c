/* abi_names.c - name tables for the enums of dxil_abi.h.
 *
 * One static table per enum, indexed by value; a value past the end of its
 * table (or a hole) gives NULL. Shader kinds have one table of every name a
 * kind has (abi_shaders), which the look-ups of abi_names.h also read.
 */
#include "abi_names.h"

#include "dxil-upgrade/dxil_abi.h"
#include "dxil-upgrade/dxil_container.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define ABI_COUNT(tab) (sizeof(tab) / sizeof((tab)[0]))
#define ABI_LOOKUP(tab, v) abi_lookup((tab), ABI_COUNT(tab), (v))

static const char *abi_lookup(const char *const *tab, size_t n, unsigned v)
{
    return v < n ? tab[v] : NULL;
}

static const char *const abi_resource_class[] = {"SRV", "UAV", "CBuffer", "Sampler"};

static const char *const abi_resource_kind[] = {
    "Invalid", "Texture1D", "Texture2D", "Texture2DMS", "Texture3D", "TextureCube",
    "Texture1DArray", "Texture2DArray", "Texture2DMSArray", "TextureCubeArray",
    "TypedBuffer", "RawBuffer", "StructuredBuffer", "CBuffer", "Sampler", "TBuffer",
    "RTAccelerationStructure", "FeedbackTexture2D", "FeedbackTexture2DArray"};

static const char *const abi_element_type[] = {
    "Invalid", "I1", "I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32", "F64",
    "SNormF16", "UNormF16", "SNormF32", "UNormF32", "SNormF64", "UNormF64",
    "PackedS8x32", "PackedU8x32"};

static const char *const abi_sampler_type[] = {"Default", "Comparison", "Mono"};

static const char *const abi_feedback_type[] = {"MinMip", "MipRegionUsed"};

static const char *const abi_res_ext_tag[] = {
    "ElementType", "StructuredBufferStride", "SamplerFeedbackKind", "Atomic64Use",
    "ReorderCoherent"};

/* One row per DXIL::ShaderKind, indexed by value: every name a shader kind
 * has. The short name is DXC's ShaderModel kind name (the container's
 * program header, and dx.shaderModel for the kinds a module can be). */
enum { ABI_MODULE = 1, ABI_LLVM_ENV = 2 };
static const struct abi_shader {
    const char *name;  /* DXC's ShaderKind spelling */
    const char *stage; /* the spec's stage name = LLVM's Triple environment */
    const char *short_name;
    unsigned flags;    /* ABI_MODULE: may name a module in dx.shaderModel;
                        * ABI_LLVM_ENV: LLVM 22's Triple has the environment */
} abi_shaders[] = {
    {"Pixel", "pixel", "ps", ABI_MODULE | ABI_LLVM_ENV},
    {"Vertex", "vertex", "vs", ABI_MODULE | ABI_LLVM_ENV},
    {"Geometry", "geometry", "gs", ABI_MODULE | ABI_LLVM_ENV},
    {"Hull", "hull", "hs", ABI_MODULE | ABI_LLVM_ENV},
    {"Domain", "domain", "ds", ABI_MODULE | ABI_LLVM_ENV},
    {"Compute", "compute", "cs", ABI_MODULE | ABI_LLVM_ENV},
    {"Library", "library", "lib", ABI_MODULE | ABI_LLVM_ENV},
    {"RayGeneration", "raygeneration", "raygeneration", ABI_LLVM_ENV},
    {"Intersection", "intersection", "intersection", ABI_LLVM_ENV},
    {"AnyHit", "anyhit", "anyhit", ABI_LLVM_ENV},
    {"ClosestHit", "closesthit", "closesthit", ABI_LLVM_ENV},
    {"Miss", "miss", "miss", ABI_LLVM_ENV},
    {"Callable", "callable", "callable", ABI_LLVM_ENV},
    {"Mesh", "mesh", "ms", ABI_MODULE | ABI_LLVM_ENV},
    {"Amplification", "amplification", "as", ABI_MODULE | ABI_LLVM_ENV},
    {"Node", "node", "node", 0},
    {"Invalid", NULL, NULL, 0},
};

static const char *const abi_semantic_kind[] = {
    "Arbitrary", "VertexID", "InstanceID", "Position", "RenderTargetArrayIndex",
    "ViewPortArrayIndex", "ClipDistance", "CullDistance", "OutputControlPointID",
    "DomainLocation", "PrimitiveID", "GSInstanceID", "SampleIndex", "IsFrontFace",
    "Coverage", "InnerCoverage", "Target", "Depth", "DepthLessEqual",
    "DepthGreaterEqual", "StencilRef", "DispatchThreadID", "GroupID", "GroupIndex",
    "GroupThreadID", "TessFactor", "InsideTessFactor", "ViewID", "Barycentrics",
    "ShadingRate", "CullPrimitive", "StartVertexLocation", "StartInstanceLocation",
    "Invalid"};

static const char *const abi_interp_mode[] = {
    "Undefined", "Constant", "Linear", "LinearCentroid", "LinearNoperspective",
    "LinearNoperspectiveCentroid", "LinearSample", "LinearNoperspectiveSample",
    "Invalid"};

static const char *const abi_entry_tag[] = {
    "ShaderFlags", "GSState", "DSState", "HSState", "NumThreads", "AutoBindingSpace",
    "RayPayloadSize", "RayAttribSize", "ShaderKind", "MSState", "ASState", "WaveSize",
    "EntryRootSig", "NodeLaunchType", "NodeIsProgramEntry", "NodeId",
    "NodeLocalRootArgumentsTableIndex", "ShareInputOf", "NodeDispatchGrid",
    "NodeMaxRecursionDepth", "NodeInputs", "NodeOutputs", "NodeMaxDispatchGrid",
    "RangedWaveSize", "GroupSharedLimit"};

static const char *const abi_sig_ext_tag[] = {
    "OutputStream", "GlobalSymbol", "DynIdxCompMask", "UsageCompMask"};

static const char *const abi_shader_flag[] = {
    "DisableOptimizations", "DisableMathRefactoring", "Doubles", "ForceEarlyDepthStencil",
    "RawAndStructuredBuffers", "LowPrecision", "DoubleExtensions", "ShaderExtensions",
    "AllResourcesBound", "ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer",
    "InnerCoverage", "StencilRef", "TiledResources", "TypedUAVLoadAdditionalFormats",
    "Level9ComparisonFiltering", "64UAVs", "UAVsAtEveryStage", "CS4RawStructuredBuffers",
    "ROVs", "WaveOps", "Int64Ops", "ViewID", "Barycentrics", "NativeLowPrecision",
    "ShadingRate", "RaytracingTier1_1", "SamplerFeedback", "AtomicInt64OnTypedResource",
    "AtomicInt64OnGroupShared", "DerivativesInMeshAndAmpShaders",
    "ResourceDescriptorHeapIndexing", "SamplerDescriptorHeapIndexing",
    "AtomicInt64OnHeapResource", "ResMayNotAlias", "AdvancedTextureOps",
    "WriteableMSAATextures", "Reserved36", "SampleCmpGradientOrBias",
    "ExtendedCommandInfo"};

static const char *const abi_barrier_mode[] = {
    "SyncThreadGroup", "UAVFenceGlobal", "UAVFenceThreadGroup", "TGSMFence"};

static const char *const abi_memory_type[] = {
    "UavMemory", "GroupSharedMemory", "NodeInputMemory", "NodeOutputMemory"};

static const char *const abi_barrier_semantic[] = {"GroupSync", "GroupScope", "DeviceScope"};

static const char *const abi_wave_op[] = {"Sum", "Product", "Min", "Max"};
static const char *const abi_wave_bit_op[] = {"And", "Or", "Xor"};
static const char *const abi_wave_multi_prefix[] = {"Sum", "And", "Or", "Xor", "Product"};
static const char *const abi_signed_op[] = {"Signed", "Unsigned"};
static const char *const abi_quad_op[] = {"ReadAcrossX", "ReadAcrossY", "ReadAcrossDiagonal"};
static const char *const abi_quad_vote[] = {"Any", "All"};
static const char *const abi_atomic_binop[] = {
    "Add", "And", "Or", "Xor", "IMin", "IMax", "UMin", "UMax", "Exchange"};

const char *dxil_resource_class_name(unsigned v) { return ABI_LOOKUP(abi_resource_class, v); }
const char *dxil_resource_kind_name(unsigned v) { return ABI_LOOKUP(abi_resource_kind, v); }
const char *dxil_element_type_name(unsigned v) { return ABI_LOOKUP(abi_element_type, v); }
const char *dxil_component_type_name(unsigned v) { return ABI_LOOKUP(abi_element_type, v); }
const char *dxil_sampler_type_name(unsigned v) { return ABI_LOOKUP(abi_sampler_type, v); }
const char *dxil_sampler_feedback_type_name(unsigned v) { return ABI_LOOKUP(abi_feedback_type, v); }
const char *dxil_resource_ext_tag_name(unsigned v) { return ABI_LOOKUP(abi_res_ext_tag, v); }
const char *dxil_semantic_kind_name(unsigned v) { return ABI_LOOKUP(abi_semantic_kind, v); }
const char *dxil_interpolation_mode_name(unsigned v) { return ABI_LOOKUP(abi_interp_mode, v); }
const char *dxil_entry_prop_tag_name(unsigned v) { return ABI_LOOKUP(abi_entry_tag, v); }
const char *dxil_sig_elem_ext_tag_name(unsigned v) { return ABI_LOOKUP(abi_sig_ext_tag, v); }
const char *dxil_shader_flag_name(unsigned bit) { return ABI_LOOKUP(abi_shader_flag, bit); }
const char *dxil_barrier_mode_bit_name(unsigned bit) { return ABI_LOOKUP(abi_barrier_mode, bit); }
const char *dxil_memory_type_bit_name(unsigned bit) { return ABI_LOOKUP(abi_memory_type, bit); }
const char *dxil_barrier_semantic_bit_name(unsigned bit) { return ABI_LOOKUP(abi_barrier_semantic, bit); }
const char *dxil_wave_op_kind_name(unsigned v) { return ABI_LOOKUP(abi_wave_op, v); }
const char *dxil_wave_bit_op_kind_name(unsigned v) { return ABI_LOOKUP(abi_wave_bit_op, v); }
const char *dxil_wave_multi_prefix_kind_name(unsigned v) { return ABI_LOOKUP(abi_wave_multi_prefix, v); }
const char *dxil_signed_op_kind_name(unsigned v) { return ABI_LOOKUP(abi_signed_op, v); }
const char *dxil_quad_op_kind_name(unsigned v) { return ABI_LOOKUP(abi_quad_op, v); }
const char *dxil_quad_vote_kind_name(unsigned v) { return ABI_LOOKUP(abi_quad_vote, v); }
const char *dxil_atomic_binop_name(unsigned v) { return ABI_LOOKUP(abi_atomic_binop, v); }

const char *dxil_optable_id_name(unsigned table_id)
{
    if (table_id == DXIL_OPTABLE_CORE)
        return "core";
    if (table_id == DXIL_OPTABLE_EXPERIMENTAL)
        return "experimental";
    return NULL;
}

/* ---- shader kinds ---- */

static const struct abi_shader *abi_shader_row(uint64_t kind)
{
    return kind < ABI_COUNT(abi_shaders) ? &abi_shaders[kind] : NULL;
}

const char *dxil_shader_kind_name(unsigned v)
{
    const struct abi_shader *s = abi_shader_row(v);
    return s ? s->name : NULL;
}

const char *dxil_shader_stage_name(unsigned v)
{
    const struct abi_shader *s = abi_shader_row(v);
    return s ? s->stage : NULL;
}

const char *dxil_shader_kind_short_name(uint32_t kind)
{
    const struct abi_shader *s = abi_shader_row(kind);
    return s ? s->short_name : NULL;
}

/* The kind whose stage (or short) name is the first len bytes of name,
 * among the rows with every bit of `flags`; -1 when none. */
static int abi_shader_find(const char *name, size_t len, bool by_short, unsigned flags)
{
    for (size_t i = 0; name && i < ABI_COUNT(abi_shaders); i++) {
        const char *s = by_short ? abi_shaders[i].short_name : abi_shaders[i].stage;
        if (s && (abi_shaders[i].flags & flags) == flags && strlen(s) == len &&
            memcmp(s, name, len) == 0)
            return (int)i;
    }
    return -1;
}

int dxil_shader_stage_from_name(const char *name, size_t n)
{
    return abi_shader_find(name, n, false, 0);
}

int sm_kind_from_name(const char *sm_kind)
{
    return sm_kind ? abi_shader_find(sm_kind, strlen(sm_kind), true, ABI_MODULE)
                   : -1;
}

const char *sm_kind_name(int kind)
{
    const struct abi_shader *s = kind < 0 ? NULL : abi_shader_row((unsigned)kind);
    return s && (s->flags & ABI_MODULE) ? s->short_name : NULL;
}

const char *shader_kind_env(int kind)
{
    const struct abi_shader *s = kind < 0 ? NULL : abi_shader_row((unsigned)kind);
    return s && (s->flags & ABI_LLVM_ENV) ? s->stage : NULL;
}

int shader_kind_from_env(const char *env, size_t len)
{
    return abi_shader_find(env, len, false, ABI_LLVM_ENV);
}
