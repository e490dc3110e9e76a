/* sig_semantics.c - DXC's semantic interpretation table and system value
 * names (facts of DxilSigPoint.inl and DxilSemantic.cpp; see
 * sig_semantics.h). */
#include "sig_semantics.h"

#include "dxil-upgrade/dxil_abi.h"

#include <stddef.h>
#include <strings.h>

/* One row per semantic kind, one character per point in SEM_* order:
 *   VSIn VSOut PCIn HSIn HSCPIn HSCPOut PCOut DSIn DSCPIn DSOut GSVIn GSIn
 *   GSOut PSIn PSOut CSIn MSIn MSOut MSPOut ASIn */
static const struct {
    const char *name;
    const char *row;
} sem_table[DXIL_SEMANTIC_INVALID] = {
    [DXIL_SEMANTIC_ARBITRARY] = {NULL, "AA--AAAAAAA-AA---AA-"},
    [DXIL_SEMANTIC_VERTEX_ID] = {"SV_VertexID", "S-------------------"},
    [DXIL_SEMANTIC_INSTANCE_ID] = {"SV_InstanceID", "SA--AA--AAA-AA------"},
    [DXIL_SEMANTIC_POSITION] = {"SV_Position", "AS--SSAASSS-SS---S--"},
    [DXIL_SEMANTIC_RENDER_TARGET_ARRAY_INDEX] = {"SV_RenderTargetArrayIndex",
                                                 "AS--SSAASSS-SS----S-"},
    [DXIL_SEMANTIC_VIEWPORT_ARRAY_INDEX] = {"SV_ViewportArrayIndex", "AS--SSAASSS-SS----S-"},
    [DXIL_SEMANTIC_CLIP_DISTANCE] = {"SV_ClipDistance", "AC--CCAACCC-CC---C--"},
    [DXIL_SEMANTIC_CULL_DISTANCE] = {"SV_CullDistance", "AC--CCAACCC-CC---C--"},
    [DXIL_SEMANTIC_OUTPUT_CONTROL_POINT_ID] = {"SV_OutputControlPointID",
                                               "---N----------------"},
    [DXIL_SEMANTIC_DOMAIN_LOCATION] = {"SV_DomainLocation", "-------N------------"},
    [DXIL_SEMANTIC_PRIMITIVE_ID] = {"SV_PrimitiveID", "--NN---N---HGG----S-"},
    [DXIL_SEMANTIC_GS_INSTANCE_ID] = {"SV_GSInstanceID", "-----------N--------"},
    [DXIL_SEMANTIC_SAMPLE_INDEX] = {"SV_SampleIndex", "-------------H------"},
    [DXIL_SEMANTIC_IS_FRONT_FACE] = {"SV_IsFrontFace", "------------GG------"},
    [DXIL_SEMANTIC_COVERAGE] = {"SV_Coverage", "-------------NP-----"},
    [DXIL_SEMANTIC_INNER_COVERAGE] = {"SV_InnerCoverage", "-------------N------"},
    [DXIL_SEMANTIC_TARGET] = {"SV_Target", "--------------T-----"},
    [DXIL_SEMANTIC_DEPTH] = {"SV_Depth", "--------------P-----"},
    [DXIL_SEMANTIC_DEPTH_LESS_EQUAL] = {"SV_DepthLessEqual", "--------------P-----"},
    [DXIL_SEMANTIC_DEPTH_GREATER_EQUAL] = {"SV_DepthGreaterEqual", "--------------P-----"},
    [DXIL_SEMANTIC_STENCIL_REF] = {"SV_StencilRef", "--------------P-----"},
    [DXIL_SEMANTIC_DISPATCH_THREAD_ID] = {"SV_DispatchThreadID", "---------------NN--N"},
    [DXIL_SEMANTIC_GROUP_ID] = {"SV_GroupID", "---------------NN--N"},
    [DXIL_SEMANTIC_GROUP_INDEX] = {"SV_GroupIndex", "---------------NN--N"},
    [DXIL_SEMANTIC_GROUP_THREAD_ID] = {"SV_GroupThreadID", "---------------NN--N"},
    [DXIL_SEMANTIC_TESS_FACTOR] = {"SV_TessFactor", "------FF------------"},
    [DXIL_SEMANTIC_INSIDE_TESS_FACTOR] = {"SV_InsideTessFactor", "------FF------------"},
    [DXIL_SEMANTIC_VIEW_ID] = {"SV_ViewID", "N-NN---N---N-N--N---"},
    [DXIL_SEMANTIC_BARYCENTRICS] = {"SV_Barycentrics", "-------------P------"},
    [DXIL_SEMANTIC_SHADING_RATE] = {"SV_ShadingRate", "-S--SS--SSS-SS----S-"},
    [DXIL_SEMANTIC_CULL_PRIMITIVE] = {"SV_CullPrimitive", "-------------N----P-"},
    [DXIL_SEMANTIC_START_VERTEX_LOCATION] = {"SV_StartVertexLocation", "N-------------------"},
    [DXIL_SEMANTIC_START_INSTANCE_LOCATION] = {"SV_StartInstanceLocation",
                                               "N-------------------"},
};

int sem_point(unsigned stage, unsigned list)
{
    static const struct {
        unsigned stage;
        int point[3];
    } points[] = {
        {DXIL_SHADER_VERTEX, {SEM_VSIN, SEM_VSOUT, SEM_POINT_INVALID}},
        {DXIL_SHADER_HULL, {SEM_HSCPIN, SEM_HSCPOUT, SEM_PCOUT}},
        {DXIL_SHADER_DOMAIN, {SEM_DSCPIN, SEM_DSOUT, SEM_DSIN}},
        {DXIL_SHADER_GEOMETRY, {SEM_GSVIN, SEM_GSOUT, SEM_POINT_INVALID}},
        {DXIL_SHADER_PIXEL, {SEM_PSIN, SEM_PSOUT, SEM_POINT_INVALID}},
        {DXIL_SHADER_COMPUTE, {SEM_CSIN, SEM_POINT_INVALID, SEM_POINT_INVALID}},
        {DXIL_SHADER_MESH, {SEM_MSIN, SEM_MSOUT, SEM_MSPOUT}},
        {DXIL_SHADER_AMPLIFICATION, {SEM_ASIN, SEM_POINT_INVALID, SEM_POINT_INVALID}},
    };
    for (size_t i = 0; list < 3 && i < sizeof points / sizeof *points; i++)
        if (points[i].stage == stage)
            return points[i].point[list];
    return SEM_POINT_INVALID;
}

char sem_interpretation(unsigned kind, int point)
{
    if (kind == DXIL_SEMANTIC_PRIMITIVE_ID && point == SEM_GSVIN)
        point = SEM_GSIN;
    if (kind >= DXIL_SEMANTIC_INVALID || point < 0 || point >= SEM_POINT_COUNT)
        return '-';
    return sem_table[kind].row[point];
}

unsigned sem_element_kind(unsigned kind, int point)
{
    char i = sem_interpretation(kind, point);
    return i == '-' ? DXIL_SEMANTIC_INVALID : i == 'A' ? DXIL_SEMANTIC_ARBITRARY : kind;
}

bool sem_in_part(unsigned kind, int point)
{
    char i = sem_interpretation(sem_element_kind(kind, point), point);
    return i != '-' && i != 'N';
}

const char *sem_canonical_name(unsigned kind)
{
    return kind < DXIL_SEMANTIC_INVALID ? sem_table[kind].name : NULL;
}

const char *sem_element_name(unsigned kind, int point, const char *record_name)
{
    const char *canonical = sem_canonical_name(sem_element_kind(kind, point));
    return canonical ? canonical : record_name;
}

unsigned sem_kind_by_name(const char *name)
{
    if (!name || strncasecmp(name, "SV_", 3) != 0)
        return DXIL_SEMANTIC_ARBITRARY;
    for (unsigned k = DXIL_SEMANTIC_ARBITRARY + 1; k < DXIL_SEMANTIC_INVALID; k++)
        if (strcasecmp(name, sem_table[k].name) == 0)
            return k;
    return DXIL_SEMANTIC_INVALID;
}
