/* chk_sig_elem.c - DXC's rules on each signature element of an entry
 * (ValidateEntrySignatures, ValidateSignatureElement): a semantic its
 * signature point has (Sm.Semantic), an interpolation mode DXIL has
 * (Meta.InterpModeValid), none where the stage has no interpolation
 * (Sm.NoInterpMode: pixel outputs, vertex inputs, patch constants),
 * constant on mesh primitive outputs (Sm.ConstantInterpMode) and no
 * linear mode on integers (Meta.IntegerInterpMode). Ray tracing entries
 * have no signatures (DXC checks nothing more of them here). The
 * interpretation table is module/sig_semantics.c. */
#include "chk_facts.h"
#include "families.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"
#include "module/sig_semantics.h"

#include <string.h>

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
    /* A kind read as arbitrary at the point must be an arbitrary semantic
     * the point has. */
    int point = sem_point(stage, list);
    char i = e->kind < DXIL_SEMANTIC_INVALID ? sem_interpretation((unsigned)e->kind, point) : '-';
    if (i == 'A')
        i = sem_interpretation(DXIL_SEMANTIC_ARBITRARY, point);
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
