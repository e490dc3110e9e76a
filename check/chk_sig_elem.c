/* chk_sig_elem.c - DXC's rules on each signature element of an entry
 * (ValidateEntrySignatures, ValidateSignatureElement): a semantic its
 * signature point has (Sm.Semantic), an interpolation mode DXIL has
 * (Meta.InterpModeValid), none where the stage has no interpolation
 * (Sm.NoInterpMode: pixel outputs, vertex inputs, patch constants),
 * constant on mesh primitive outputs (Sm.ConstantInterpMode) and no
 * linear mode on integers (Meta.IntegerInterpMode). Ray tracing entries
 * have no signatures (DXC checks nothing more of them here). */
#include "chk_facts.h"
#include "families.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <string.h>

/* The signature points (DXC's SigPointKind order) and how each semantic
 * kind is interpreted at each, one character per point:
 *   VSIn VSOut PCIn HSIn HSCPIn HSCPOut PCOut DSIn DSCPIn DSOut GSVIn GSIn
 *   GSOut PSIn PSOut CSIn MSIn MSOut MSPOut ASIn
 * '-' not available, 'N' available but never in a signature, 'A' read as
 * an arbitrary semantic; every other letter is a system value of some
 * form (S system value, G system generated, P not packed, H shadow, C
 * clip/cull, T target, F tess factor). The versions some entries need
 * do not matter here: DXC reads the table at its newest shader model. */
enum { SP_VSIN, SP_VSOUT, SP_PCIN, SP_HSIN, SP_HSCPIN, SP_HSCPOUT, SP_PCOUT, SP_DSIN, SP_DSCPIN,
       SP_DSOUT, SP_GSVIN, SP_GSIN, SP_GSOUT, SP_PSIN, SP_PSOUT, SP_CSIN, SP_MSIN, SP_MSOUT,
       SP_MSPOUT, SP_ASIN, SP_COUNT, SP_INVALID = -1 };

static const char *const interpretation[DXIL_SEMANTIC_INVALID] = {
    [DXIL_SEMANTIC_ARBITRARY] = "AA--AAAAAAA-AA---AA-",
    [DXIL_SEMANTIC_VERTEX_ID] = "S-------------------",
    [DXIL_SEMANTIC_INSTANCE_ID] = "SA--AA--AAA-AA------",
    [DXIL_SEMANTIC_POSITION] = "AS--SSAASSS-SS---S--",
    [DXIL_SEMANTIC_RENDER_TARGET_ARRAY_INDEX] = "AS--SSAASSS-SS----S-",
    [DXIL_SEMANTIC_VIEWPORT_ARRAY_INDEX] = "AS--SSAASSS-SS----S-",
    [DXIL_SEMANTIC_CLIP_DISTANCE] = "AC--CCAACCC-CC---C--",
    [DXIL_SEMANTIC_CULL_DISTANCE] = "AC--CCAACCC-CC---C--",
    [DXIL_SEMANTIC_OUTPUT_CONTROL_POINT_ID] = "---N----------------",
    [DXIL_SEMANTIC_DOMAIN_LOCATION] = "-------N------------",
    [DXIL_SEMANTIC_PRIMITIVE_ID] = "--NN---N---HGG----S-",
    [DXIL_SEMANTIC_GS_INSTANCE_ID] = "-----------N--------",
    [DXIL_SEMANTIC_SAMPLE_INDEX] = "-------------H------",
    [DXIL_SEMANTIC_IS_FRONT_FACE] = "------------GG------",
    [DXIL_SEMANTIC_COVERAGE] = "-------------NP-----",
    [DXIL_SEMANTIC_INNER_COVERAGE] = "-------------N------",
    [DXIL_SEMANTIC_TARGET] = "--------------T-----",
    [DXIL_SEMANTIC_DEPTH] = "--------------P-----",
    [DXIL_SEMANTIC_DEPTH_LESS_EQUAL] = "--------------P-----",
    [DXIL_SEMANTIC_DEPTH_GREATER_EQUAL] = "--------------P-----",
    [DXIL_SEMANTIC_STENCIL_REF] = "--------------P-----",
    [DXIL_SEMANTIC_DISPATCH_THREAD_ID] = "---------------NN--N",
    [DXIL_SEMANTIC_GROUP_ID] = "---------------NN--N",
    [DXIL_SEMANTIC_GROUP_INDEX] = "---------------NN--N",
    [DXIL_SEMANTIC_GROUP_THREAD_ID] = "---------------NN--N",
    [DXIL_SEMANTIC_TESS_FACTOR] = "------FF------------",
    [DXIL_SEMANTIC_INSIDE_TESS_FACTOR] = "------FF------------",
    [DXIL_SEMANTIC_VIEW_ID] = "N-NN---N---N-N--N---",
    [DXIL_SEMANTIC_BARYCENTRICS] = "-------------P------",
    [DXIL_SEMANTIC_SHADING_RATE] = "-S--SS--SSS-SS----S-",
    [DXIL_SEMANTIC_CULL_PRIMITIVE] = "-------------N----P-",
    [DXIL_SEMANTIC_START_VERTEX_LOCATION] = "N-------------------",
    [DXIL_SEMANTIC_START_INSTANCE_LOCATION] = "N-------------------",
};

/* DXC's SigPoint::GetKind for an entry's signature list (0 input, 1
 * output, 2 patch constant or primitive). */
static int sig_point(unsigned stage, unsigned list)
{
    static const struct {
        unsigned stage;
        int point[3];
    } points[] = {
        {DXIL_SHADER_VERTEX, {SP_VSIN, SP_VSOUT, SP_INVALID}},
        {DXIL_SHADER_HULL, {SP_HSCPIN, SP_HSCPOUT, SP_PCOUT}},
        {DXIL_SHADER_DOMAIN, {SP_DSCPIN, SP_DSOUT, SP_DSIN}},
        {DXIL_SHADER_GEOMETRY, {SP_GSVIN, SP_GSOUT, SP_INVALID}},
        {DXIL_SHADER_PIXEL, {SP_PSIN, SP_PSOUT, SP_INVALID}},
        {DXIL_SHADER_COMPUTE, {SP_CSIN, SP_INVALID, SP_INVALID}},
        {DXIL_SHADER_MESH, {SP_MSIN, SP_MSOUT, SP_MSPOUT}},
        {DXIL_SHADER_AMPLIFICATION, {SP_ASIN, SP_INVALID, SP_INVALID}},
    };
    for (size_t i = 0; i < sizeof points / sizeof *points; i++)
        if (points[i].stage == stage)
            return points[i].point[list];
    return SP_INVALID;
}

/* How DXC interprets semantic kind `kind` at point `sp`: '-' when it has
 * no meaning there (the element's semantic is then invalid). */
static char interpret(uint64_t kind, int sp)
{
    /* A geometry shader's primitive ID is its own point (RecoverKind). */
    if (kind == DXIL_SEMANTIC_PRIMITIVE_ID && sp == SP_GSVIN)
        sp = SP_GSIN;
    if (kind >= DXIL_SEMANTIC_INVALID || sp == SP_INVALID)
        return '-';
    char i = interpretation[kind][sp];
    return i == 'A' ? interpretation[DXIL_SEMANTIC_ARBITRARY][sp] : i;
}

static bool is_ray_stage(unsigned k)
{
    return k >= DXIL_SHADER_RAYGENERATION && k <= DXIL_SHADER_CALLABLE;
}

static const char *const list_name[] = {"Input", "Output", "PatchConstant"};

typedef struct sig_elem {
    char name[80];
    uint64_t comp, kind, interp;
} sig_elem;

static bool read_elem(LLVMValueRef rec, sig_elem *e)
{
    memset(e, 0, sizeof *e);
    md_string(md_operand(rec, 1), e->name, sizeof e->name);
    return md_operand_uint(rec, 2, &e->comp) == 0 && md_operand_uint(rec, 3, &e->kind) == 0 &&
           md_operand_uint(rec, 5, &e->interp) == 0;
}

/* Which interpolation modes the list allows: 'u' undefined only, 'c'
 * constant only, 0 any. */
static char interp_rule(unsigned stage, unsigned list)
{
    if (list == 2)
        return stage == DXIL_SHADER_MESH ? 'c' : 'u';
    if ((stage == DXIL_SHADER_PIXEL && list == 1) || (stage == DXIL_SHADER_VERTEX && list == 0))
        return 'u';
    return 0;
}

static void check_elem(chk_ctx *c, unsigned stage, unsigned list, const sig_elem *e)
{
    char i = interpret(e->kind, sig_point(stage, list));
    if (i == '-' || i == 'N')
        chk_fail(c, CHK_SM_SEMANTIC, NULL, e->name, c->sm_kind, list_name[list], NULL);
    bool integer = e->comp >= DXIL_COMPONENT_I1 && e->comp <= DXIL_COMPONENT_U64;
    if (integer && e->interp >= DXIL_INTERP_LINEAR && e->interp < DXIL_INTERP_INVALID)
        chk_fail(c, CHK_META_INTEGERINTERPMODE, NULL, e->name, NULL);
    if (e->interp >= DXIL_INTERP_INVALID)
        chk_fail(c, CHK_META_INTERPMODEVALID, NULL, e->name, NULL);
    char rule = interp_rule(stage, list);
    if (rule == 'u' && e->interp != DXIL_INTERP_UNDEFINED)
        chk_fail(c, CHK_SM_NOINTERPMODE, NULL, e->name, NULL);
    if (rule == 'c' && e->interp != DXIL_INTERP_CONSTANT)
        chk_fail(c, CHK_SM_CONSTANTINTERPMODE, NULL, e->name, NULL);
}

static void check_entry(chk_ctx *c, const mf_entry *e)
{
    if (is_ray_stage(e->kind))
        return;
    for (unsigned list = 0; list < 3; list++) {
        LLVMValueRef sig = e->sigs[list];
        for (unsigned i = 0, n = md_num_operands(sig); i < n; i++) {
            sig_elem el;
            if (read_elem(md_operand(sig, i), &el))
                check_elem(c, e->kind, list, &el);
        }
    }
}

int chk_sig_elem(chk_ctx *c)
{
    const mf_module *mf = chk_mf(c);
    for (size_t i = 0; mf && i < mf->nentries; i++)
        if (mf->entries[i].fn)
            check_entry(c, &mf->entries[i]);
    return 0;
}
