/* dxil_abi.h - the numeric values DXIL and modern LLVM IR agree on.
 *
 * Raise and lower must never disagree about these numbers, so every enum
 * that crosses the DXIL / LLVM boundary lives here once. Numbering follows
 * DXC (DxilConstants.h) and, where LLVM has the same enum, LLVM's
 * DXILABI.h (they are identical for resource class/kind, element type,
 * sampler type and sampler feedback type).
 *
 * Every enum has a name function returning a static string, or NULL when
 * the value is out of range (see common/abi_names.c).
 */
#ifndef DXIL_UPGRADE_ABI_H
#define DXIL_UPGRADE_ABI_H

#include "dxil_export.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- op tables (hlsl-specs proposal 0052) ------------------------------ */

/* opcode = (table id << 16) | index. Only these two table ids exist. */
#define DXIL_OPTABLE_CORE 0x0000u
#define DXIL_OPTABLE_EXPERIMENTAL 0x8000u
#define DXIL_OPCODE(table, index) ((uint32_t)(((uint32_t)(table) << 16) | ((uint32_t)(index) & 0xFFFFu)))
#define DXIL_OPCODE_TABLE(opcode) ((uint32_t)(opcode) >> 16)
#define DXIL_OPCODE_INDEX(opcode) ((uint32_t)(opcode) & 0xFFFFu)

/* ---- resources ----------------------------------------------------------- */

typedef enum dxil_resource_class {
    DXIL_RESOURCE_CLASS_SRV = 0,
    DXIL_RESOURCE_CLASS_UAV = 1,
    DXIL_RESOURCE_CLASS_CBUFFER = 2,
    DXIL_RESOURCE_CLASS_SAMPLER = 3,
    DXIL_RESOURCE_CLASS_COUNT
} dxil_resource_class;

typedef enum dxil_resource_kind {
    DXIL_RESOURCE_KIND_INVALID = 0,
    DXIL_RESOURCE_KIND_TEXTURE1D = 1,
    DXIL_RESOURCE_KIND_TEXTURE2D = 2,
    DXIL_RESOURCE_KIND_TEXTURE2DMS = 3,
    DXIL_RESOURCE_KIND_TEXTURE3D = 4,
    DXIL_RESOURCE_KIND_TEXTURECUBE = 5,
    DXIL_RESOURCE_KIND_TEXTURE1DARRAY = 6,
    DXIL_RESOURCE_KIND_TEXTURE2DARRAY = 7,
    DXIL_RESOURCE_KIND_TEXTURE2DMSARRAY = 8,
    DXIL_RESOURCE_KIND_TEXTURECUBEARRAY = 9,
    DXIL_RESOURCE_KIND_TYPEDBUFFER = 10,
    DXIL_RESOURCE_KIND_RAWBUFFER = 11,
    DXIL_RESOURCE_KIND_STRUCTUREDBUFFER = 12,
    DXIL_RESOURCE_KIND_CBUFFER = 13,
    DXIL_RESOURCE_KIND_SAMPLER = 14,
    DXIL_RESOURCE_KIND_TBUFFER = 15,
    DXIL_RESOURCE_KIND_RTACCELERATIONSTRUCTURE = 16,
    DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2D = 17,
    DXIL_RESOURCE_KIND_FEEDBACKTEXTURE2DARRAY = 18,
    DXIL_RESOURCE_KIND_COUNT /* 19, LLVM's NumEntries */
} dxil_resource_kind;

/* Element type of typed resources (LLVM's dxil::ElementType). DXIL's
 * ComponentType uses the same numbers; see dxil_component_type. */
typedef enum dxil_element_type {
    DXIL_ELEMENT_INVALID = 0,
    DXIL_ELEMENT_I1 = 1,
    DXIL_ELEMENT_I16 = 2,
    DXIL_ELEMENT_U16 = 3,
    DXIL_ELEMENT_I32 = 4,
    DXIL_ELEMENT_U32 = 5,
    DXIL_ELEMENT_I64 = 6,
    DXIL_ELEMENT_U64 = 7,
    DXIL_ELEMENT_F16 = 8,
    DXIL_ELEMENT_F32 = 9,
    DXIL_ELEMENT_F64 = 10,
    DXIL_ELEMENT_SNORM_F16 = 11,
    DXIL_ELEMENT_UNORM_F16 = 12,
    DXIL_ELEMENT_SNORM_F32 = 13,
    DXIL_ELEMENT_UNORM_F32 = 14,
    DXIL_ELEMENT_SNORM_F64 = 15,
    DXIL_ELEMENT_UNORM_F64 = 16,
    DXIL_ELEMENT_PACKED_S8X32 = 17,
    DXIL_ELEMENT_PACKED_U8X32 = 18,
    DXIL_ELEMENT_COUNT
} dxil_element_type;

/* Component type of signature elements and type annotations (DXC's
 * DXIL::ComponentType): the same numbering as dxil_element_type. */
typedef enum dxil_component_type {
    DXIL_COMPONENT_INVALID = 0,
    DXIL_COMPONENT_I1 = 1,
    DXIL_COMPONENT_I16 = 2,
    DXIL_COMPONENT_U16 = 3,
    DXIL_COMPONENT_I32 = 4,
    DXIL_COMPONENT_U32 = 5,
    DXIL_COMPONENT_I64 = 6,
    DXIL_COMPONENT_U64 = 7,
    DXIL_COMPONENT_F16 = 8,
    DXIL_COMPONENT_F32 = 9,
    DXIL_COMPONENT_F64 = 10,
    DXIL_COMPONENT_SNORM_F16 = 11,
    DXIL_COMPONENT_UNORM_F16 = 12,
    DXIL_COMPONENT_SNORM_F32 = 13,
    DXIL_COMPONENT_UNORM_F32 = 14,
    DXIL_COMPONENT_SNORM_F64 = 15,
    DXIL_COMPONENT_UNORM_F64 = 16,
    DXIL_COMPONENT_PACKED_S8X32 = 17,
    DXIL_COMPONENT_PACKED_U8X32 = 18,
    DXIL_COMPONENT_COUNT
} dxil_component_type;

typedef enum dxil_sampler_type {
    DXIL_SAMPLER_DEFAULT = 0,
    DXIL_SAMPLER_COMPARISON = 1,
    DXIL_SAMPLER_MONO = 2,
    DXIL_SAMPLER_TYPE_COUNT
} dxil_sampler_type;

typedef enum dxil_sampler_feedback_type {
    DXIL_SAMPLER_FEEDBACK_MIN_MIP = 0,
    DXIL_SAMPLER_FEEDBACK_MIP_REGION_USED = 1,
    DXIL_SAMPLER_FEEDBACK_TYPE_COUNT
} dxil_sampler_feedback_type;

/* Tags of the extra tag/value list of a dx.resources record. */
typedef enum dxil_resource_ext_tag {
    DXIL_RES_EXT_ELEMENT_TYPE = 0,
    DXIL_RES_EXT_STRUCTURED_STRIDE = 1,
    DXIL_RES_EXT_SAMPLER_FEEDBACK_KIND = 2,
    DXIL_RES_EXT_ATOMIC64_USE = 3,
    DXIL_RES_EXT_REORDER_COHERENT = 4,
    DXIL_RES_EXT_TAG_COUNT
} dxil_resource_ext_tag;

/* ---- shaders --------------------------------------------------------------- */

/* DXC's DXIL::ShaderKind. LLVM computes Pixel..Amplification the same way
 * (Triple environment - Pixel); LLVM has no Node. */
typedef enum dxil_shader_kind {
    DXIL_SHADER_PIXEL = 0,
    DXIL_SHADER_VERTEX = 1,
    DXIL_SHADER_GEOMETRY = 2,
    DXIL_SHADER_HULL = 3,
    DXIL_SHADER_DOMAIN = 4,
    DXIL_SHADER_COMPUTE = 5,
    DXIL_SHADER_LIBRARY = 6,
    DXIL_SHADER_RAYGENERATION = 7,
    DXIL_SHADER_INTERSECTION = 8,
    DXIL_SHADER_ANYHIT = 9,
    DXIL_SHADER_CLOSESTHIT = 10,
    DXIL_SHADER_MISS = 11,
    DXIL_SHADER_CALLABLE = 12,
    DXIL_SHADER_MESH = 13,
    DXIL_SHADER_AMPLIFICATION = 14,
    DXIL_SHADER_NODE = 15,
    DXIL_SHADER_INVALID = 16
} dxil_shader_kind;

/* Bit of a shader kind in a stage mask, and the mask of every real kind. */
#define DXIL_STAGE_BIT(kind) (1u << (unsigned)(kind))
#define DXIL_STAGE_ALL_MASK ((1u << (unsigned)DXIL_SHADER_INVALID) - 1u)

/* DXC's DXIL::SemanticKind (system values in signatures). */
typedef enum dxil_semantic_kind {
    DXIL_SEMANTIC_ARBITRARY = 0,
    DXIL_SEMANTIC_VERTEX_ID = 1,
    DXIL_SEMANTIC_INSTANCE_ID = 2,
    DXIL_SEMANTIC_POSITION = 3,
    DXIL_SEMANTIC_RENDER_TARGET_ARRAY_INDEX = 4,
    DXIL_SEMANTIC_VIEWPORT_ARRAY_INDEX = 5,
    DXIL_SEMANTIC_CLIP_DISTANCE = 6,
    DXIL_SEMANTIC_CULL_DISTANCE = 7,
    DXIL_SEMANTIC_OUTPUT_CONTROL_POINT_ID = 8,
    DXIL_SEMANTIC_DOMAIN_LOCATION = 9,
    DXIL_SEMANTIC_PRIMITIVE_ID = 10,
    DXIL_SEMANTIC_GS_INSTANCE_ID = 11,
    DXIL_SEMANTIC_SAMPLE_INDEX = 12,
    DXIL_SEMANTIC_IS_FRONT_FACE = 13,
    DXIL_SEMANTIC_COVERAGE = 14,
    DXIL_SEMANTIC_INNER_COVERAGE = 15,
    DXIL_SEMANTIC_TARGET = 16,
    DXIL_SEMANTIC_DEPTH = 17,
    DXIL_SEMANTIC_DEPTH_LESS_EQUAL = 18,
    DXIL_SEMANTIC_DEPTH_GREATER_EQUAL = 19,
    DXIL_SEMANTIC_STENCIL_REF = 20,
    DXIL_SEMANTIC_DISPATCH_THREAD_ID = 21,
    DXIL_SEMANTIC_GROUP_ID = 22,
    DXIL_SEMANTIC_GROUP_INDEX = 23,
    DXIL_SEMANTIC_GROUP_THREAD_ID = 24,
    DXIL_SEMANTIC_TESS_FACTOR = 25,
    DXIL_SEMANTIC_INSIDE_TESS_FACTOR = 26,
    DXIL_SEMANTIC_VIEW_ID = 27,
    DXIL_SEMANTIC_BARYCENTRICS = 28,
    DXIL_SEMANTIC_SHADING_RATE = 29,
    DXIL_SEMANTIC_CULL_PRIMITIVE = 30,
    DXIL_SEMANTIC_START_VERTEX_LOCATION = 31,
    DXIL_SEMANTIC_START_INSTANCE_LOCATION = 32,
    DXIL_SEMANTIC_INVALID = 33
} dxil_semantic_kind;

/* DXC's DXIL::InterpolationMode (matches D3D_INTERPOLATION_MODE). */
typedef enum dxil_interpolation_mode {
    DXIL_INTERP_UNDEFINED = 0,
    DXIL_INTERP_CONSTANT = 1,
    DXIL_INTERP_LINEAR = 2,
    DXIL_INTERP_LINEAR_CENTROID = 3,
    DXIL_INTERP_LINEAR_NOPERSPECTIVE = 4,
    DXIL_INTERP_LINEAR_NOPERSPECTIVE_CENTROID = 5,
    DXIL_INTERP_LINEAR_SAMPLE = 6,
    DXIL_INTERP_LINEAR_NOPERSPECTIVE_SAMPLE = 7,
    DXIL_INTERP_INVALID = 8
} dxil_interpolation_mode;

/* Tags of the property list of a dx.entryPoints entry. */
typedef enum dxil_entry_prop_tag {
    DXIL_ENTRY_SHADER_FLAGS = 0,
    DXIL_ENTRY_GS_STATE = 1,
    DXIL_ENTRY_DS_STATE = 2,
    DXIL_ENTRY_HS_STATE = 3,
    DXIL_ENTRY_NUM_THREADS = 4,
    DXIL_ENTRY_AUTO_BINDING_SPACE = 5,
    DXIL_ENTRY_RAY_PAYLOAD_SIZE = 6,
    DXIL_ENTRY_RAY_ATTRIB_SIZE = 7,
    DXIL_ENTRY_SHADER_KIND = 8,
    DXIL_ENTRY_MS_STATE = 9,
    DXIL_ENTRY_AS_STATE = 10,
    DXIL_ENTRY_WAVE_SIZE = 11,
    DXIL_ENTRY_ROOT_SIG = 12,
    DXIL_ENTRY_NODE_LAUNCH_TYPE = 13,
    DXIL_ENTRY_NODE_IS_PROGRAM_ENTRY = 14,
    DXIL_ENTRY_NODE_ID = 15,
    DXIL_ENTRY_NODE_LOCAL_ROOT_ARGUMENTS_TABLE_INDEX = 16,
    DXIL_ENTRY_SHARE_INPUT_OF = 17,
    DXIL_ENTRY_NODE_DISPATCH_GRID = 18,
    DXIL_ENTRY_NODE_MAX_RECURSION_DEPTH = 19,
    DXIL_ENTRY_NODE_INPUTS = 20,
    DXIL_ENTRY_NODE_OUTPUTS = 21,
    DXIL_ENTRY_NODE_MAX_DISPATCH_GRID = 22,
    DXIL_ENTRY_RANGED_WAVE_SIZE = 23,
    DXIL_ENTRY_GROUP_SHARED_LIMIT = 24,
    DXIL_ENTRY_PROP_TAG_COUNT
} dxil_entry_prop_tag;

/* Tags of the extra tag/value list of a signature element record. */
typedef enum dxil_sig_elem_ext_tag {
    DXIL_SIG_EXT_OUTPUT_STREAM = 0,
    DXIL_SIG_EXT_GLOBAL_SYMBOL = 1,
    DXIL_SIG_EXT_DYN_INDEX_COMP_MASK = 2,
    DXIL_SIG_EXT_USAGE_COMP_MASK = 3,
    DXIL_SIG_EXT_TAG_COUNT
} dxil_sig_elem_ext_tag;

/* ---- shader flags (entry property tag 0, an i64 mask) -------------------- */

#define DXIL_SHADER_FLAG_DISABLE_OPTIMIZATIONS (UINT64_C(1) << 0)
#define DXIL_SHADER_FLAG_DISABLE_MATH_REFACTORING (UINT64_C(1) << 1)
#define DXIL_SHADER_FLAG_DOUBLES (UINT64_C(1) << 2)
#define DXIL_SHADER_FLAG_FORCE_EARLY_DEPTH_STENCIL (UINT64_C(1) << 3)
#define DXIL_SHADER_FLAG_RAW_AND_STRUCTURED_BUFFERS (UINT64_C(1) << 4)
#define DXIL_SHADER_FLAG_LOW_PRECISION (UINT64_C(1) << 5)
#define DXIL_SHADER_FLAG_DOUBLE_EXTENSIONS (UINT64_C(1) << 6)
#define DXIL_SHADER_FLAG_SHADER_EXTENSIONS (UINT64_C(1) << 7)
#define DXIL_SHADER_FLAG_ALL_RESOURCES_BOUND (UINT64_C(1) << 8)
#define DXIL_SHADER_FLAG_VIEWPORT_RT_ARRAY_INDEX_ANY_STAGE (UINT64_C(1) << 9)
#define DXIL_SHADER_FLAG_INNER_COVERAGE (UINT64_C(1) << 10)
#define DXIL_SHADER_FLAG_STENCIL_REF (UINT64_C(1) << 11)
#define DXIL_SHADER_FLAG_TILED_RESOURCES (UINT64_C(1) << 12)
#define DXIL_SHADER_FLAG_TYPED_UAV_LOAD_ADDITIONAL_FORMATS (UINT64_C(1) << 13)
#define DXIL_SHADER_FLAG_LEVEL9_COMPARISON_FILTERING (UINT64_C(1) << 14)
#define DXIL_SHADER_FLAG_64_UAVS (UINT64_C(1) << 15)
#define DXIL_SHADER_FLAG_UAVS_AT_EVERY_STAGE (UINT64_C(1) << 16)
#define DXIL_SHADER_FLAG_CS4_RAW_STRUCTURED_BUFFERS (UINT64_C(1) << 17)
#define DXIL_SHADER_FLAG_ROVS (UINT64_C(1) << 18)
#define DXIL_SHADER_FLAG_WAVE_OPS (UINT64_C(1) << 19)
#define DXIL_SHADER_FLAG_INT64_OPS (UINT64_C(1) << 20)
#define DXIL_SHADER_FLAG_VIEW_ID (UINT64_C(1) << 21)
#define DXIL_SHADER_FLAG_BARYCENTRICS (UINT64_C(1) << 22)
#define DXIL_SHADER_FLAG_NATIVE_LOW_PRECISION (UINT64_C(1) << 23)
#define DXIL_SHADER_FLAG_SHADING_RATE (UINT64_C(1) << 24)
#define DXIL_SHADER_FLAG_RAYTRACING_TIER_1_1 (UINT64_C(1) << 25)
#define DXIL_SHADER_FLAG_SAMPLER_FEEDBACK (UINT64_C(1) << 26)
#define DXIL_SHADER_FLAG_ATOMIC_INT64_TYPED_RESOURCE (UINT64_C(1) << 27)
#define DXIL_SHADER_FLAG_ATOMIC_INT64_GROUP_SHARED (UINT64_C(1) << 28)
#define DXIL_SHADER_FLAG_DERIVATIVES_IN_MESH_AND_AMP (UINT64_C(1) << 29)
#define DXIL_SHADER_FLAG_RESOURCE_DESCRIPTOR_HEAP_INDEXING (UINT64_C(1) << 30)
#define DXIL_SHADER_FLAG_SAMPLER_DESCRIPTOR_HEAP_INDEXING (UINT64_C(1) << 31)
#define DXIL_SHADER_FLAG_ATOMIC_INT64_HEAP_RESOURCE (UINT64_C(1) << 32)
#define DXIL_SHADER_FLAG_RES_MAY_NOT_ALIAS (UINT64_C(1) << 33)
#define DXIL_SHADER_FLAG_ADVANCED_TEXTURE_OPS (UINT64_C(1) << 34)
#define DXIL_SHADER_FLAG_WRITEABLE_MSAA_TEXTURES (UINT64_C(1) << 35)
#define DXIL_SHADER_FLAG_RESERVED_36 (UINT64_C(1) << 36)
#define DXIL_SHADER_FLAG_SAMPLE_CMP_GRADIENT_OR_BIAS (UINT64_C(1) << 37)
#define DXIL_SHADER_FLAG_EXTENDED_COMMAND_INFO (UINT64_C(1) << 38)
#define DXIL_SHADER_FLAG_BIT_COUNT 39u

/* ---- barriers ------------------------------------------------------------ */

/* Mode bits of the old Barrier op (opcode 80). LLVM's barrier intrinsics
 * use 9 (group sync + TGSM), 8, 2, 3, 10 and 11. */
#define DXIL_BARRIER_MODE_SYNC_THREAD_GROUP 0x1u
#define DXIL_BARRIER_MODE_UAV_FENCE_GLOBAL 0x2u
#define DXIL_BARRIER_MODE_UAV_FENCE_THREAD_GROUP 0x4u
#define DXIL_BARRIER_MODE_TGSM_FENCE 0x8u
#define DXIL_BARRIER_MODE_BIT_COUNT 4u

/* Memory type flags of BarrierByMemoryType (opcode 244). */
#define DXIL_MEMORY_TYPE_UAV 0x1u
#define DXIL_MEMORY_TYPE_GROUP_SHARED 0x2u
#define DXIL_MEMORY_TYPE_NODE_INPUT 0x4u
#define DXIL_MEMORY_TYPE_NODE_OUTPUT 0x8u
#define DXIL_MEMORY_TYPE_ALL 0xFu
#define DXIL_MEMORY_TYPE_BIT_COUNT 4u

/* Semantic flags of BarrierByMemoryType/Handle/NodeRecordHandle. */
#define DXIL_BARRIER_SEMANTIC_GROUP_SYNC 0x1u
#define DXIL_BARRIER_SEMANTIC_GROUP_SCOPE 0x2u
#define DXIL_BARRIER_SEMANTIC_DEVICE_SCOPE 0x4u
#define DXIL_BARRIER_SEMANTIC_VALID_MASK 0x7u
#define DXIL_BARRIER_SEMANTIC_BIT_COUNT 3u

/* ---- constant selector operands of wave / quad / atomic ops ------------ */

typedef enum dxil_wave_op_kind { /* WaveActiveOp, WavePrefixOp */
    DXIL_WAVE_OP_SUM = 0,
    DXIL_WAVE_OP_PRODUCT = 1,
    DXIL_WAVE_OP_MIN = 2,
    DXIL_WAVE_OP_MAX = 3,
    DXIL_WAVE_OP_KIND_COUNT
} dxil_wave_op_kind;

typedef enum dxil_wave_bit_op_kind { /* WaveActiveBit */
    DXIL_WAVE_BIT_AND = 0,
    DXIL_WAVE_BIT_OR = 1,
    DXIL_WAVE_BIT_XOR = 2,
    DXIL_WAVE_BIT_OP_KIND_COUNT
} dxil_wave_bit_op_kind;

typedef enum dxil_wave_multi_prefix_kind { /* WaveMultiPrefixOp */
    DXIL_WAVE_MULTI_PREFIX_SUM = 0,
    DXIL_WAVE_MULTI_PREFIX_AND = 1,
    DXIL_WAVE_MULTI_PREFIX_OR = 2,
    DXIL_WAVE_MULTI_PREFIX_XOR = 3,
    DXIL_WAVE_MULTI_PREFIX_PRODUCT = 4,
    DXIL_WAVE_MULTI_PREFIX_KIND_COUNT
} dxil_wave_multi_prefix_kind;

typedef enum dxil_signed_op_kind { /* the "sop" operand */
    DXIL_SIGNED_OP_SIGNED = 0,   /* signed integers and floats */
    DXIL_SIGNED_OP_UNSIGNED = 1,
    DXIL_SIGNED_OP_KIND_COUNT
} dxil_signed_op_kind;

typedef enum dxil_quad_op_kind { /* QuadOp */
    DXIL_QUAD_READ_ACROSS_X = 0,
    DXIL_QUAD_READ_ACROSS_Y = 1,
    DXIL_QUAD_READ_ACROSS_DIAGONAL = 2,
    DXIL_QUAD_OP_KIND_COUNT
} dxil_quad_op_kind;

typedef enum dxil_quad_vote_kind { /* QuadVote */
    DXIL_QUAD_VOTE_ANY = 0,
    DXIL_QUAD_VOTE_ALL = 1,
    DXIL_QUAD_VOTE_KIND_COUNT
} dxil_quad_vote_kind;

typedef enum dxil_atomic_binop { /* AtomicBinOp's atomicOp operand */
    DXIL_ATOMIC_ADD = 0,
    DXIL_ATOMIC_AND = 1,
    DXIL_ATOMIC_OR = 2,
    DXIL_ATOMIC_XOR = 3,
    DXIL_ATOMIC_IMIN = 4,
    DXIL_ATOMIC_IMAX = 5,
    DXIL_ATOMIC_UMIN = 6,
    DXIL_ATOMIC_UMAX = 7,
    DXIL_ATOMIC_EXCHANGE = 8,
    DXIL_ATOMIC_BINOP_COUNT
} dxil_atomic_binop;

/* ---- names (static strings; NULL when out of range) --------------------- */

/* Each returns the name of one value of the enum it is named after, e.g.
 * dxil_resource_kind_name(DXIL_RESOURCE_KIND_TEXTURE2D) is "Texture2D"
 * (DXC's spelling). The *_flag_name and *_bit_name functions take a bit
 * index (0 for 0x1), not a mask. The string is static: never free it. NULL
 * when the value is out of range. No state: safe from any thread. */
DXIL_API const char *dxil_resource_class_name(unsigned v);
DXIL_API const char *dxil_resource_kind_name(unsigned v);
DXIL_API const char *dxil_element_type_name(unsigned v);
DXIL_API const char *dxil_component_type_name(unsigned v);
DXIL_API const char *dxil_sampler_type_name(unsigned v);
DXIL_API const char *dxil_sampler_feedback_type_name(unsigned v);
DXIL_API const char *dxil_resource_ext_tag_name(unsigned v);
DXIL_API const char *dxil_shader_kind_name(unsigned v);     /* "Pixel", ... "Node", "Invalid" */
DXIL_API const char *dxil_shader_stage_name(unsigned v);    /* "pixel", ... "node" (spec spelling) */
DXIL_API const char *dxil_semantic_kind_name(unsigned v);
DXIL_API const char *dxil_interpolation_mode_name(unsigned v);
DXIL_API const char *dxil_entry_prop_tag_name(unsigned v);
DXIL_API const char *dxil_sig_elem_ext_tag_name(unsigned v);
DXIL_API const char *dxil_shader_flag_name(unsigned bit);   /* bit index 0..38 */
DXIL_API const char *dxil_barrier_mode_bit_name(unsigned bit);
DXIL_API const char *dxil_memory_type_bit_name(unsigned bit);
DXIL_API const char *dxil_barrier_semantic_bit_name(unsigned bit);
DXIL_API const char *dxil_wave_op_kind_name(unsigned v);
DXIL_API const char *dxil_wave_bit_op_kind_name(unsigned v);
DXIL_API const char *dxil_wave_multi_prefix_kind_name(unsigned v);
DXIL_API const char *dxil_signed_op_kind_name(unsigned v);
DXIL_API const char *dxil_quad_op_kind_name(unsigned v);
DXIL_API const char *dxil_quad_vote_kind_name(unsigned v);
DXIL_API const char *dxil_atomic_binop_name(unsigned v);
DXIL_API const char *dxil_optable_id_name(unsigned table_id); /* "core", "experimental" */

/* Shader kind for the first len bytes of a stage name as spelled in the
 * spec ("pixel", "node"...); -1 when unknown. */
DXIL_API int dxil_shader_stage_from_name(const char *name, size_t len);

#ifdef __cplusplus
}
#endif
#endif
