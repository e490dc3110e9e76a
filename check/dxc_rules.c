/* dxc_rules.c - rules of DXC's validator (its docs/DXIL.rst rule list)
 * that --check adds to the op spec's overloads, versions and stages:
 *
 * - wave sizes of an entry (SM 6.6 WaveSize tag 11 !{n}, SM 6.8
 *   WaveSizeRange tag 23 !{min, max, preferred}): every size a power of
 *   two in [4, 128], min < max, preferred 0 (none) or in [min, max], and
 *   not both tags on one entry; a range with maximum 0 is one size (DXC
 *   writes [WaveSize(n)] so at SM 6.8), its preferred size then 0;
 * - SM 6.8 barriers (244 barrierByMemoryType, 245 barrierByMemoryHandle,
 *   246 barrierByNodeRecordHandle): flag operands constant and within
 *   the defined bits; group sync, group scope or group-shared memory only
 *   in compute, amplification, mesh and node stages; node record memory
 *   only in node shaders. A library function is held to the stages of
 *   the entries that reach it (the caller's stage callback).
 *
 * Each violation is one DXIL_E_CHECK error naming the entry or the
 * calling function, once per call. */
#include "dxc_rules.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct rules_ctx {
    dxil_diags *diags;
    dxc_rules_stages_fn stages;
    void *arg;
    int violations;
} rules_ctx;

static void rules_error(rules_ctx *c, const char *who, const char *what)
{
    dxil_diags_add(c->diags, DXIL_SEV_ERROR, DXIL_E_CHECK, DXIL_LOC_NONE, 0, "%s: %s", who,
                   what);
    c->violations++;
}

/* ---- wave sizes ------------------------------------------------------------------ */

enum { WAVE_MIN = 4, WAVE_MAX = 128 };

static bool wave_size_ok(uint64_t n)
{
    return n >= WAVE_MIN && n <= WAVE_MAX && (n & (n - 1)) == 0;
}

/* Operand i of a wave size tuple, reported when missing or out of range. */
static bool wave_value(rules_ctx *c, const char *who, LLVMValueRef tuple, unsigned i,
                       const char *label, uint64_t *out)
{
    char msg[128];
    if (md_operand_uint(tuple, i, out) != 0) {
        snprintf(msg, sizeof msg, "%s is not an integer constant", label);
        rules_error(c, who, msg);
        return false;
    }
    if (*out == 0 && i > 0) /* a range's maximum or preferred size: 0 means none */
        return true;
    if (wave_size_ok(*out))
        return true;
    snprintf(msg, sizeof msg, "%s %llu is not a power of two in [%d, %d]", label,
             (unsigned long long)*out, WAVE_MIN, WAVE_MAX);
    rules_error(c, who, msg);
    return false;
}

static void wave_range(rules_ctx *c, const char *who, LLVMValueRef range)
{
    static const char *const labels[3] = {"WaveSizeRange minimum", "WaveSizeRange maximum",
                                          "WaveSizeRange preferred size"};
    uint64_t v[3];
    bool ok = md_num_operands(range) == 3;
    if (!ok) {
        rules_error(c, who, "WaveSizeRange (tag 23) does not have three values");
        return;
    }
    for (unsigned i = 0; i < 3; i++)
        ok &= wave_value(c, who, range, i, labels[i], &v[i]);
    char msg[128];
    if (ok && v[1] == 0 && v[2]) {
        snprintf(msg, sizeof msg, "WaveSizeRange preferred size %llu without a maximum",
                 (unsigned long long)v[2]);
        rules_error(c, who, msg);
    } else if (ok && v[1] && v[0] >= v[1]) {
        snprintf(msg, sizeof msg, "WaveSizeRange minimum %llu is not below its maximum %llu",
                 (unsigned long long)v[0], (unsigned long long)v[1]);
        rules_error(c, who, msg);
    } else if (ok && v[2] && (v[2] < v[0] || v[2] > v[1])) {
        snprintf(msg, sizeof msg, "WaveSizeRange preferred size %llu is outside [%llu, %llu]",
                 (unsigned long long)v[2], (unsigned long long)v[0], (unsigned long long)v[1]);
        rules_error(c, who, msg);
    }
}

static void wave_entry(rules_ctx *c, LLVMValueRef entry)
{
    char name[160], who[192];
    LLVMValueRef props = md_operand(entry, 4);
    bool has_size = false, has_range = false;
    LLVMValueRef size = md_tag_value(props, DXIL_ENTRY_WAVE_SIZE, &has_size);
    LLVMValueRef range = md_tag_value(props, DXIL_ENTRY_RANGED_WAVE_SIZE, &has_range);
    if (!has_size && !has_range)
        return;
    snprintf(who, sizeof who, "entry '%s'",
             md_string(md_operand(entry, 1), name, sizeof name) ? name : "?");
    if (has_size && has_range)
        rules_error(c, who, "has both WaveSize (tag 11) and WaveSizeRange (tag 23)");
    uint64_t n;
    if (has_size && md_num_operands(size) != 1)
        rules_error(c, who, "WaveSize (tag 11) does not have one value");
    else if (has_size)
        wave_value(c, who, size, 0, "WaveSize", &n);
    if (has_range)
        wave_range(c, who, range);
}

static void wave_sizes(rules_ctx *c, LLVMModuleRef mod)
{
    unsigned n = md_named_count(mod, "dx.entryPoints");
    for (unsigned i = 0; i < n; i++)
        wave_entry(c, md_named_operand(mod, "dx.entryPoints", i));
}

/* ---- barrier flags --------------------------------------------------------------- */

/* DXIL.rst's MemoryTypeFlags and BarrierSemanticFlags. */
enum {
    MEM_UAV = 1, MEM_GROUP_SHARED = 2, MEM_NODE_INPUT = 4, MEM_NODE_OUTPUT = 8,
    MEM_ALL = 0xF, MEM_NODE = MEM_NODE_INPUT | MEM_NODE_OUTPUT,
    MEM_GROUP = MEM_GROUP_SHARED | MEM_NODE,
    SEM_GROUP_SYNC = 1, SEM_GROUP_SCOPE = 2, SEM_DEVICE_SCOPE = 4,
    SEM_ALL = 7, SEM_GROUP = SEM_GROUP_SYNC | SEM_GROUP_SCOPE,
};

typedef struct barrier_op {
    uint32_t opcode;
    const char *name;
    unsigned mem_arg; /* call operand of MemoryTypeFlags, 0: none */
    unsigned sem_arg; /* call operand of SemanticFlags */
} barrier_op;

static const barrier_op barrier_ops[] = {
    {244, "BarrierByMemoryType", 1, 2},
    {245, "BarrierByMemoryHandle", 0, 2},
    {246, "BarrierByNodeRecordHandle", 0, 2},
};

/* Stages where group sync and group-shared memory mean something. */
#define GROUP_STAGES                                                                               \
    (DXIL_STAGE_BIT(DXIL_SHADER_COMPUTE) | DXIL_STAGE_BIT(DXIL_SHADER_AMPLIFICATION) |            \
     DXIL_STAGE_BIT(DXIL_SHADER_MESH) | DXIL_STAGE_BIT(DXIL_SHADER_NODE) |                         \
     DXIL_STAGE_BIT(DXIL_SHADER_LIBRARY))
#define NODE_STAGES (DXIL_STAGE_BIT(DXIL_SHADER_NODE) | DXIL_STAGE_BIT(DXIL_SHADER_LIBRARY))

/* The flag operand at arg: false (reported) when not a constant or when
 * it sets bits outside valid. */
static bool barrier_flags(rules_ctx *c, const char *who, LLVMValueRef call, unsigned arg,
                          const char *label, uint64_t valid, uint64_t *out)
{
    char msg[128];
    if (!const_u64(LLVMGetOperand(call, arg), out)) {
        snprintf(msg, sizeof msg, "%s are not a constant", label);
        rules_error(c, who, msg);
        return false;
    }
    if ((*out & ~valid) == 0)
        return true;
    snprintf(msg, sizeof msg, "%s 0x%llx set bits outside 0x%llx", label,
             (unsigned long long)*out, (unsigned long long)valid);
    rules_error(c, who, msg);
    return false;
}

static void barrier_stage(rules_ctx *c, const char *who, uint32_t stages, bool group, bool node)
{
    char msg[160];
    for (unsigned s = 0; s < DXIL_SHADER_INVALID; s++) {
        uint32_t bit = DXIL_STAGE_BIT(s);
        const char *why = NULL;
        if (!(stages & bit))
            continue;
        if (group && !(GROUP_STAGES & bit))
            why = "group sync, group scope or group-shared memory outside compute, "
                  "amplification, mesh and node stages";
        else if (node && !(NODE_STAGES & bit))
            why = "node record memory outside node shaders";
        if (!why)
            continue;
        snprintf(msg, sizeof msg, "%s, in stage %s", why, dxil_shader_stage_name(s));
        rules_error(c, who, msg);
    }
}

static void barrier_call(rules_ctx *c, const barrier_op *op, LLVMValueRef call)
{
    size_t len;
    char who[256];
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    LLVMValueRef callee = LLVMGetCalledValue(call);
    snprintf(who, sizeof who, "@%s: @%s opcode %u (%s)", LLVMGetValueName2(fn, &len),
             LLVMGetValueName2(callee, &len), op->opcode, op->name);
    uint64_t mem = 0, sem = 0;
    bool ok = op->mem_arg == 0 ||
              barrier_flags(c, who, call, op->mem_arg, "memory type flags", MEM_ALL, &mem);
    ok &= barrier_flags(c, who, call, op->sem_arg, "semantic flags", SEM_ALL, &sem);
    /* MEM_ALL means every memory type the stage has (DXC compiles
     * AllMemoryBarrier to it in any stage), so only single types count. */
    uint64_t own = mem == MEM_ALL ? 0 : mem;
    if (ok && c->stages)
        barrier_stage(c, who, c->stages(c->arg, fn), (own & MEM_GROUP) || (sem & SEM_GROUP),
                      (own & MEM_NODE) != 0);
}

static const barrier_op *barrier_lookup(LLVMValueRef call)
{
    uint64_t opcode;
    if (LLVMGetNumArgOperands(call) < 3 || !const_u64(LLVMGetOperand(call, 0), &opcode))
        return NULL;
    for (size_t i = 0; i < sizeof barrier_ops / sizeof *barrier_ops; i++)
        if (barrier_ops[i].opcode == opcode)
            return &barrier_ops[i];
    return NULL;
}

static void barriers(rules_ctx *c, LLVMModuleRef mod)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (!LLVMIsDeclaration(f) || strncmp(name, "dx.op.barrierBy", 15) != 0)
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef user = LLVMGetUser(u);
            const barrier_op *op = LLVMIsACallInst(user) && LLVMGetCalledValue(user) == f
                                       ? barrier_lookup(user)
                                       : NULL;
            if (op)
                barrier_call(c, op, user);
        }
    }
}

int dxc_rules_check(LLVMModuleRef mod, dxc_rules_stages_fn stages, void *arg, dxil_diags *diags)
{
    rules_ctx c = {.diags = diags, .stages = stages, .arg = arg};
    wave_sizes(&c, mod);
    barriers(&c, mod);
    return c.violations;
}
