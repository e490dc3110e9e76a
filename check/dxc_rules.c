/* dxc_rules.c - rules of DXC's validator that --check adds to the op
 * spec's overloads, versions and stages (reported with their rule codes,
 * check/rules.def):
 *
 * - wave sizes of an entry (SM 6.6 WaveSize tag 11 !{n}, SM 6.8
 *   WaveSizeRange tag 23 !{min, max, preferred}): one tag per entry, the
 *   tag the shader model has, its operand count, constant operands
 *   (compute and library modules, as DXC's ValidateWaveSize), then DXC's
 *   DxilWaveSize::Validate of the values (every size a power of two in
 *   [4, 128], max 0 or above min -- equal is allowed --, preferred 0 or
 *   in [min, max], nothing but 0 without a min) and only on compute or
 *   node entries;
 * - the SM 6.8 barriers (244 barrierByMemoryType, 245
 *   barrierByMemoryHandle, 246 barrierByNodeRecordHandle): flag operands
 *   constant and within the defined bits (semantic flag 8, reorder
 *   scope, from DXIL 1.9); group sync, group scope or group-shared
 *   memory only in compute, amplification, mesh and node stages; node
 *   record memory only in node shaders. A library function is held to
 *   the stages of the entries that reach it (the caller's stage
 *   callback). The validator checks barriers with DXC's other op rules
 *   (chk_instr_ops.c) and passes no callback. */
#include "dxc_rules.h"
#include "dxil-upgrade/dxil_abi.h"
#include "module/md_util.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* ---- wave sizes ------------------------------------------------------------------ */

enum { WAVE_MIN = 4, WAVE_MAX = 128 };

static bool wave_size_ok(uint64_t n)
{
    return n >= WAVE_MIN && n <= WAVE_MAX && (n & (n - 1)) == 0;
}

static void wave_fail(chk_ctx *c, chk_rule r, LLVMValueRef fn, uint64_t a, uint64_t b,
                      uint64_t d)
{
    char x[24], y[24], z[24];
    snprintf(x, sizeof x, "%llu", (unsigned long long)a);
    snprintf(y, sizeof y, "%llu", (unsigned long long)b);
    snprintf(z, sizeof z, "%llu", (unsigned long long)d);
    chk_fail(c, r, fn, x, y, z, NULL);
}

static void wave_value_fail(chk_ctx *c, LLVMValueRef fn, const char *which, uint64_t v)
{
    char x[24];
    snprintf(x, sizeof x, "%llu", (unsigned long long)v);
    chk_fail(c, CHK_SM_WAVESIZEVALUE, fn, which, x, "4", "128", NULL);
}

/* DXC's DxilWaveSize::Validate. */
static void wave_validate(chk_ctx *c, LLVMValueRef fn, uint64_t min, uint64_t max, uint64_t pref)
{
    if (min == 0) {
        if (max || pref)
            wave_fail(c, CHK_SM_WAVESIZEALLZEROWHENUNDEFINED, fn, max, pref, 0);
    } else if (!wave_size_ok(min)) {
        wave_value_fail(c, fn, "Min", min);
    } else if (max == 0) {
        if (pref)
            wave_fail(c, CHK_SM_WAVESIZEMAXANDPREFERREDZEROWHENNORANGE, fn, max, pref, 0);
    } else if (!wave_size_ok(max)) {
        wave_value_fail(c, fn, "Max", max);
    } else if (min == max) {
        /* allowed */
    } else if (max < min) {
        wave_fail(c, CHK_SM_WAVESIZEMAXGREATERTHANMIN, fn, max, min, 0);
    } else if (pref && !wave_size_ok(pref)) {
        wave_value_fail(c, fn, "Preferred", pref);
    } else if (pref && (pref < min || pref > max)) {
        wave_fail(c, CHK_SM_WAVESIZEPREFERREDINRANGE, fn, pref, min, max);
    }
}

/* The tags' form (DXC's module-level pass, compute and library modules):
 * false when the values are not to be read. */
static bool wave_form(chk_ctx *c, LLVMValueRef props)
{
    bool found = false;
    bool sm66_67 = c->sm >= DXIL_VERSION(6, 6) && c->sm < DXIL_VERSION(6, 8);
    for (unsigned j = 0, n = md_num_operands(props); j + 1 < n; j += 2) {
        uint64_t tag;
        if (!const_u64(md_operand(props, j), &tag) ||
            (tag != DXIL_ENTRY_WAVE_SIZE && tag != DXIL_ENTRY_RANGED_WAVE_SIZE))
            continue;
        LLVMValueRef t = md_operand(props, j + 1);
        bool range = tag == DXIL_ENTRY_RANGED_WAVE_SIZE;
        if (found) {
            chk_fail(c, CHK_SM_WAVESIZETAGDUPLICATE, NULL, NULL);
            return false;
        }
        found = true;
        if (range && sm66_67) {
            chk_fail(c, CHK_SM_WAVESIZERANGENEEDSSM68PLUS, NULL, NULL);
            return false;
        }
        if (md_num_operands(t) != (range ? 3u : 1u)) {
            chk_fail(c, range ? CHK_SM_WAVESIZERANGEEXPECTSTHREEPARAMS
                              : CHK_SM_WAVESIZEEXPECTSONEPARAM, NULL, NULL);
            return false;
        }
        uint64_t v;
        for (unsigned k = 0; k < md_num_operands(t); k++)
            if (md_operand_uint(t, k, &v) != 0) {
                chk_fail(c, CHK_SM_WAVESIZENEEDSCONSTANTOPERANDS, NULL, NULL);
                return false;
            }
        if (!range && !sm66_67) {
            chk_fail(c, CHK_SM_WAVESIZENEEDSSM66OR67, NULL, NULL);
            return false;
        }
    }
    return true;
}

/* One entry: the tags' form while *form (DXC's module pass stops at its
 * first error), then the values (DXC's entry pass, every entry). */
static void wave_entry(chk_ctx *c, LLVMValueRef entry, bool *form)
{
    LLVMValueRef fn = md_operand(entry, 0), props = md_operand(entry, 4);
    if (!props)
        return;
    if (*form && !wave_form(c, props))
        *form = false;
    uint64_t min = 0, max = 0, pref = 0, kind = (uint64_t)c->stage;
    bool has_size = false, has_range = false;
    LLVMValueRef size = md_tag_value(props, DXIL_ENTRY_WAVE_SIZE, &has_size);
    LLVMValueRef range = md_tag_value(props, DXIL_ENTRY_RANGED_WAVE_SIZE, &has_range);
    if (has_size)
        md_operand_uint(size, 0, &min);
    if (has_range && md_operand_uint(range, 0, &min) == 0) {
        md_operand_uint(range, 1, &max);
        md_operand_uint(range, 2, &pref);
    }
    if (!fn || !LLVMIsAFunction(fn))
        return;
    wave_validate(c, fn, min, max, pref);
    const_u64(md_tag_value(props, DXIL_ENTRY_SHADER_KIND, NULL), &kind);
    if (min && kind != DXIL_SHADER_COMPUTE && kind != DXIL_SHADER_NODE)
        chk_fail(c, CHK_SM_WAVESIZEONCOMPUTEORNODE, fn, NULL);
}

static void wave_sizes(chk_ctx *c)
{
    bool form = c->stage == DXIL_SHADER_COMPUTE || c->stage == DXIL_SHADER_LIBRARY;
    unsigned n = md_named_count(c->mod, "dx.entryPoints");
    for (unsigned i = 0; i < n && !c->stopped; i++)
        wave_entry(c, md_named_operand(c->mod, "dx.entryPoints", i), &form);
}

/* ---- barrier flags --------------------------------------------------------------- */

/* DXIL.rst's MemoryTypeFlags and BarrierSemanticFlags. */
enum {
    MEM_UAV = 1, MEM_GROUP_SHARED = 2, MEM_NODE_INPUT = 4, MEM_NODE_OUTPUT = 8,
    MEM_ALL = 0xF, MEM_NODE = MEM_NODE_INPUT | MEM_NODE_OUTPUT,
    MEM_GROUP = MEM_GROUP_SHARED | MEM_NODE,
    SEM_GROUP_SYNC = 1, SEM_GROUP_SCOPE = 2, SEM_DEVICE_SCOPE = 4,
    SEM_GROUP = SEM_GROUP_SYNC | SEM_GROUP_SCOPE,
};

typedef struct barrier_op {
    uint32_t opcode;
    const char *name;
    unsigned mem_arg; /* call operand of MemoryTypeFlags, 0: none */
    unsigned sem_arg; /* call operand of SemanticFlags */
} barrier_op;

static const barrier_op barrier_ops[] = {
    {244, "BarrierByMemoryType", 1, 2},
    {245, "barrierByMemoryHandle", 0, 2},
    {246, "barrierByNodeRecordHandle", 0, 2},
};

/* Stages where group sync and group-shared memory mean something. */
#define GROUP_STAGES                                                                               \
    (DXIL_STAGE_BIT(DXIL_SHADER_COMPUTE) | DXIL_STAGE_BIT(DXIL_SHADER_AMPLIFICATION) |            \
     DXIL_STAGE_BIT(DXIL_SHADER_MESH) | DXIL_STAGE_BIT(DXIL_SHADER_NODE) |                         \
     DXIL_STAGE_BIT(DXIL_SHADER_LIBRARY))
#define NODE_STAGES (DXIL_STAGE_BIT(DXIL_SHADER_NODE) | DXIL_STAGE_BIT(DXIL_SHADER_LIBRARY))

/* The flag operand at arg: false (reported) when not a constant or when
 * it sets bits outside valid. */
static bool barrier_flags(chk_ctx *c, LLVMValueRef call, unsigned arg, const char *what,
                          const char *opname, uint64_t valid, uint64_t *out)
{
    char note[64];
    if (!const_u64(LLVMGetOperand(call, arg), out)) {
        chk_fail(c, CHK_INSTR_BARRIERNONCONSTANTFLAGARGUMENT, call, NULL);
        return false;
    }
    if ((*out & ~valid) == 0)
        return true;
    snprintf(note, sizeof note, "(0x%llx sets bits outside 0x%llx)", (unsigned long long)*out,
             (unsigned long long)valid);
    chk_fail_note(c, CHK_INSTR_BARRIERFLAGINVALID, call, note, what, opname, NULL);
    return false;
}

static void barrier_stage(chk_ctx *c, LLVMValueRef call, uint32_t stages, bool group, bool node)
{
    for (unsigned s = 0; s < DXIL_SHADER_INVALID; s++) {
        uint32_t bit = DXIL_STAGE_BIT(s);
        char note[64];
        if (!(stages & bit))
            continue;
        snprintf(note, sizeof note, "(in stage %s)", dxil_shader_stage_name(s));
        if (group && !(GROUP_STAGES & bit))
            chk_fail_note(c, CHK_INSTR_BARRIERMODEFORNONCS, call, note, NULL);
        else if (node && !(NODE_STAGES & bit))
            chk_fail_note(c, CHK_INSTR_BARRIERREQUIRESNODE, call, note, NULL);
    }
}

static void barrier_call(chk_ctx *c, const barrier_op *op, LLVMValueRef call,
                         dxc_rules_stages_fn stages, void *arg)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    uint64_t mem = 0, sem = 0, sem_valid = c->dxil >= DXIL_VERSION(1, 9) ? 0xF : 0x7;
    bool ok = op->mem_arg == 0 ||
              barrier_flags(c, call, op->mem_arg, "memory type", op->name, MEM_ALL, &mem);
    ok &= barrier_flags(c, call, op->sem_arg, "semantic", op->name, sem_valid, &sem);
    /* MEM_ALL means every memory type the stage has (DXC compiles
     * AllMemoryBarrier to it in any stage), so only single types count. */
    uint64_t own = mem == MEM_ALL ? 0 : mem;
    if (ok)
        barrier_stage(c, call, stages(arg, fn), (own & MEM_GROUP) || (sem & SEM_GROUP),
                      (own & MEM_NODE) != 0 || op->opcode == 246);
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

static void barriers(chk_ctx *c, dxc_rules_stages_fn stages, void *arg)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f)) {
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
                barrier_call(c, op, user, stages, arg);
        }
    }
}

void dxc_rules_check(chk_ctx *c, dxc_rules_stages_fn stages, void *arg)
{
    wave_sizes(c);
    if (stages)
        barriers(c, stages, arg);
}
