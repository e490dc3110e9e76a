/* parts_names.c - names of the enum values the part dumps print (DXC's
 * numbering: D3D_NAME, component types, PSV resource types, resource
 * kinds, root signature enums, RDAT part types). */
#include "parts_internal.h"

const char *parts_name(const char *const *names, size_t count, uint32_t value)
{
    return value < count && names[value] ? names[value] : "?";
}

/* D3D_NAME; 64+ are the pixel-output system values. */
const char *const parts_sysvalue_names[71] = {
    "NONE", "POS", "CLIPDST", "CULLDST", "RTINDEX", "VPINDEX", "VERTID", "PRIMID", "INSTID",
    "FFACE", "SAMPLE", "QUADEDGE", "QUADINT", "TRIEDGE", "TRIINT", "LINEDET", "LINEDEN",
    [23] = "BARYCEN", [24] = "SHADINGRATE", [25] = "CULLPRIM", [64] = "TARGET", [65] = "DEPTH",
    [66] = "COVERAGE", [67] = "DEPTHGE", [68] = "DEPTHLE", [69] = "STENCILREF",
    [70] = "INNERCOV"};

const char *const parts_comptype_names[10] = {"unknown", "uint",   "int",    "float", "min16u",
                                              "min16i",  "min16f", "uint64", "int64", "double"};

const char *const parts_psv_restype_names[10] = {
    "invalid", "sampler", "cbv", "srv-typed", "srv-raw", "srv-structured", "uav-typed",
    "uav-raw", "uav-structured", "uav-structured-with-counter"};

const char *const parts_reskind_names[19] = {
    "invalid", "1d", "2d", "2dms", "3d", "cube", "1darray", "2darray", "2dmsarray", "cubearray",
    "buf", "rawbuf", "structbuf", "cbuffer", "sampler", "tbuffer", "ras", "fbtex2d",
    "fbtex2darray"};

const char *const parts_rts_param_names[5] = {"DescriptorTable", "Constants", "CBV", "SRV",
                                              "UAV"};

const char *const parts_rts_vis_names[8] = {"All",      "Vertex", "Hull", "Domain",
                                            "Geometry", "Pixel",  "Amplification", "Mesh"};

const char *const parts_rts_range_names[4] = {"SRV", "UAV", "CBV", "Sampler"};

const char *const parts_rdat_table_names[12] = {
    "Invalid", "StringBuffer", "IndexArrays", "ResourceTable", "FunctionTable", "RawBytes",
    "SubobjectTable", "NodeIDTable", "NodeShaderIOAttribTable", "NodeShaderFuncAttribTable",
    "IONodeTable", "NodeShaderInfoTable"};

const char *const parts_rdat_class_names[4] = {"SRV", "UAV", "CBuffer", "Sampler"};

/* DXIL::SemanticKind, used by PSV0 signature elements (whose names are
 * empty for system values). */
const char *const parts_semantic_kind_names[31] = {
    "Arbitrary", "VertexID", "InstanceID", "Position", "RenderTargetArrayIndex",
    "ViewPortArrayIndex", "ClipDistance", "CullDistance", "OutputControlPointID",
    "DomainLocation", "PrimitiveID", "GSInstanceID", "SampleIndex", "IsFrontFace", "Coverage",
    "InnerCoverage", "Target", "Depth", "DepthLessEqual", "DepthGreaterEqual", "StencilRef",
    "DispatchThreadID", "GroupID", "GroupIndex", "GroupThreadID", "TessFactor",
    "InsideTessFactor", "ViewID", "Barycentrics", "ShadingRate", "CullPrimitive"};
