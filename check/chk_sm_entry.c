/* chk_sm_entry.c - the shader-model rules on an entry's properties that
 * DXC checks before any function (ValidateShaderState): the thread group
 * a compute, node, mesh or amplification entry declares, each dimension
 * in its range (Sm.ThreadGroupChannelRange) and the total within the
 * stage's maximum (Sm.MaxTheadGroup). */
#include "chk_facts.h"
#include "families.h"

#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

typedef struct group_limits {
    uint64_t max[3]; /* per dimension; the minimum is 1 */
    uint64_t total;
} group_limits;

/* DXC's kMax{CS,MSAS}ThreadGroup{X,Y,Z} and kMax{CS,MSAS}ThreadsPerGroup. */
static const group_limits cs_limits = {{1024, 1024, 64}, 1024};
static const group_limits msas_limits = {{128, 128, 128}, 128};

/* The numthreads node of an entry and the limits of its stage, or NULL
 * for a stage without a thread group (or no numthreads to check). */
static LLVMValueRef thread_group(const mf_entry *e, const group_limits **lim)
{
    bool launch = false;
    uint64_t launch_type = 0;
    LLVMValueRef lt = md_tag_value(e->props, DXIL_ENTRY_NODE_LAUNCH_TYPE, &launch);
    bool node = e->kind == DXIL_SHADER_NODE || (launch && const_u64(lt, &launch_type) &&
                                                launch_type != 0);
    if (e->kind == DXIL_SHADER_COMPUTE || node) {
        *lim = &cs_limits;
        return md_tag_value(e->props, DXIL_ENTRY_NUM_THREADS, NULL);
    }
    *lim = &msas_limits;
    if (e->kind == DXIL_SHADER_MESH)
        return md_operand(md_tag_value(e->props, DXIL_ENTRY_MS_STATE, NULL), 0);
    if (e->kind == DXIL_SHADER_AMPLIFICATION)
        return md_operand(md_tag_value(e->props, DXIL_ENTRY_AS_STATE, NULL), 0);
    return NULL;
}

static void check_entry(chk_ctx *c, const mf_entry *e)
{
    const group_limits *lim;
    LLVMValueRef n = thread_group(e, &lim);
    uint64_t d[3];
    /* DXC reads an absent numthreads as whatever its memory held: no
     * verdict of DXC's to follow. */
    if (!n || md_operand_uint(n, 0, &d[0]) || md_operand_uint(n, 1, &d[1]) ||
        md_operand_uint(n, 2, &d[2]))
        return;
    static const char *const axis[] = {"X", "Y", "Z"};
    char a[24], b[24], m[24];
    for (int i = 0; i < 3; i++) {
        /* DXC holds each as a 32-bit unsigned. */
        d[i] &= 0xFFFFFFFFu;
        if (d[i] < 1 || d[i] > lim->max[i])
            chk_fail(c, CHK_SM_THREADGROUPCHANNELRANGE, e->fn, axis[i],
                     chk_u64(a, sizeof a, d[i]), "1", chk_u64(m, sizeof m, lim->max[i]), NULL);
    }
    uint64_t total = (d[0] * d[1] * d[2]) & 0xFFFFFFFFu;
    if (total > lim->total)
        chk_fail(c, CHK_SM_MAXTHEADGROUP, e->fn, chk_u64(a, sizeof a, total),
                 chk_u64(b, sizeof b, lim->total), NULL);
}

int chk_sm_entry(chk_ctx *c)
{
    const mf_module *mf = chk_mf(c);
    for (size_t i = 0; mf && i < mf->nentries; i++)
        if (mf->entries[i].fn)
            check_entry(c, &mf->entries[i]);
    return 0;
}
