/* raise_sig_io.c - signature I/O: loadInput(4) and storeOutput(5) become
 * llvm.dx.load.input / llvm.dx.store.output (the spec's sig-io kind).
 * Intrinsic arguments 1-4 take DXIL's operands unchanged. Argument 0
 * (upstream's "sig point") gets the DXIL SigPointKind of the call: DXC's
 * SigPoint::GetKind rule for the stage of the calling function and the
 * signature the op reads (input) or writes (output). The store's vertex
 * index (argument 4) has no DXIL operand: it gets clang 22's `i32 poison`.
 * A call whose stage is unknown, or whose stage has no such signature,
 * stays DXIL (signature-gap); so does every call with --keep-sig-io.
 * docs/ops.md describes both values. */
#include "raise_resources.h"
#include "common/abi_names.h"
#include "common/side_metadata.h"

#include "dxil-upgrade/dxil_stats.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

/* DXIL::SigPointKind, in DXC's DxilSigPoint.inl order. */
enum {
    SP_VS_IN = 0, SP_VS_OUT = 1, SP_HSCP_IN = 4, SP_HSCP_OUT = 5, SP_DSCP_IN = 8, SP_DS_OUT = 9,
    SP_GSV_IN = 10, SP_GS_OUT = 12, SP_PS_IN = 13, SP_PS_OUT = 14, SP_CS_IN = 15, SP_MS_IN = 16,
    SP_MS_OUT = 17, SP_AS_IN = 19, SP_INVALID = 20
};

/* GetKind(stage, Input | Output) for a signature element that is in the
 * signature (isSpecialInput false): loadInput reads the input signature,
 * storeOutput writes the output one. A patch-constant function reads its
 * control points through the input signature too, so it is HSCPIn like
 * the hull main; PCIn and HSIn are only for special inputs, which no
 * loadInput reads. Stages not listed have neither signature. */
static const struct sig_row {
    int stage;
    unsigned char in, out;
} sig_points[] = {
    {DXIL_SHADER_VERTEX, SP_VS_IN, SP_VS_OUT},
    {DXIL_SHADER_HULL, SP_HSCP_IN, SP_HSCP_OUT},
    {DXIL_SHADER_DOMAIN, SP_DSCP_IN, SP_DS_OUT},
    {DXIL_SHADER_GEOMETRY, SP_GSV_IN, SP_GS_OUT},
    {DXIL_SHADER_PIXEL, SP_PS_IN, SP_PS_OUT},
    {DXIL_SHADER_COMPUTE, SP_CS_IN, SP_INVALID},
    {DXIL_SHADER_MESH, SP_MS_IN, SP_MS_OUT},
    {DXIL_SHADER_AMPLIFICATION, SP_AS_IN, SP_INVALID},
};

/* The SigPointKind of a loadInput (output false) or storeOutput in stage. */
static unsigned sio_point(int stage, bool output)
{
    for (size_t i = 0; i < sizeof sig_points / sizeof sig_points[0]; i++)
        if (sig_points[i].stage == stage)
            return output ? sig_points[i].out : sig_points[i].in;
    return SP_INVALID;
}

typedef struct sio_state {
    raise_ctx *rc;
    LLVMBuilderRef b;
    LLVMTypeRef i32;
    int module_kind; /* dxil_shader_kind of dx.shaderModel, -1 unknown */
    op_fns fns;
} sio_state;

/* The entry records: dx.entryPoints has moved to dxu.entryPoints by now
 * unless both were present (raise_entry.c). */
static const char *sio_entries_name(const raise_ctx *rc)
{
    return md_named_count(rc->mod, DXU_MD_ENTRY_POINTS) ? DXU_MD_ENTRY_POINTS
                                                             : DXIL_MD_ENTRY_POINTS;
}

/* Whether fn is the patch-constant function of a hull entry (field 0 of
 * its HS state, tag 3). */
static bool sio_is_patch_constant(const sio_state *st, LLVMValueRef fn)
{
    const char *name = sio_entries_name(st->rc);
    unsigned n = md_named_count(st->rc->mod, name);
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = md_named_operand(st->rc->mod, name, i);
        LLVMValueRef hs = md_tag_value(md_operand(e, 4), DXIL_ENTRY_HS_STATE, NULL);
        if (hs && md_operand(hs, 0) == fn)
            return true;
    }
    return false;
}

/* The stage fn runs in: a shader module's own kind (DXC keeps one stage
 * per module); in a library, the entry's "hlsl.shader" (the entries pass
 * set it from tag 8), or hull for a patch-constant function. -1 when a
 * library function is neither (it may be called from any stage). */
static int sio_stage(const sio_state *st, LLVMValueRef fn)
{
    if (st->module_kind >= 0 && st->module_kind != DXIL_SHADER_LIBRARY)
        return st->module_kind;
    unsigned len = 0;
    LLVMAttributeRef a =
        LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "hlsl.shader", 11);
    const char *env = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
    if (env)
        return shader_kind_from_env(env, len);
    return sio_is_patch_constant(st, fn) ? DXIL_SHADER_HULL : -1;
}

static LLVMValueRef sio_caller(LLVMValueRef call)
{
    return LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
}

/* nc takes the name of `old` (cleared first, so it gets no suffix). */
static void sio_take_name(LLVMValueRef old, LLVMValueRef nc)
{
    size_t len = 0;
    const char *name = LLVMGetValueName2(old, &len);
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return;
    memcpy(buf, name, len);
    LLVMSetValueName2(old, "", 0);
    LLVMSetValueName2(nc, buf, len);
}

/* loadInput(4, sigId, row, i8 col, vertex) ->
 *   load.input(sp, sigId, row, col, vertex);
 * storeOutput(5, sigId, row, i8 col, value) ->
 *   store.output(sp, sigId, row, col, poison, value). */
static bool sio_raise_call(sio_state *st, LLVMValueRef call, bool store, unsigned sp)
{
    LLVMValueRef args[6] = {LLVMConstInt(st->i32, sp, 0)};
    for (unsigned i = 1; i <= 3; i++)
        args[i] = LLVMGetOperand(call, i);
    LLVMValueRef v = LLVMGetOperand(call, 4);
    args[4] = store ? LLVMGetPoison(st->i32) : v;
    args[5] = v;
    LLVMTypeRef ov = store ? LLVMTypeOf(v) : LLVMTypeOf(call);
    LLVMPositionBuilderBefore(st->b, call);
    const char *name = store ? "llvm.dx.store.output" : "llvm.dx.load.input";
    LLVMValueRef nc =
        res_call_intrinsic(st->rc, st->b, name, &ov, 1, args, store ? 6 : 5, "");
    if (!nc)
        return false;
    LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
    if (!store) {
        LLVMReplaceAllUsesWith(call, nc);
        sio_take_name(call, nc);
    }
    LLVMInstructionEraseFromParent(call);
    return true;
}

/* Raises or keeps one op's calls; a stage without the signature is
 * counted and warned about once per op. */
static int sio_run_op(sio_state *st, const dxil_op_info *info)
{
    res_calls calls = {0};
    bool store = info->opcode == DXIL_OP_StoreOutput;
    unsigned unknown = 0;
    if (res_collect_calls(st->rc, &st->fns, info->cls->fn, info->opcode, &calls) != 0)
        return -1;
    for (size_t i = 0; i < calls.n; i++) {
        LLVMValueRef call = calls.v[i];
        unsigned sp = sio_point(sio_stage(st, sio_caller(call)), store);
        if (st->rc->keep_sig_io) {
            raise_note_kept(st->rc, call, DXIL_KEEP_BY_OPTION);
        } else if (sp == SP_INVALID) {
            unknown++;
            raise_note_kept(st->rc, call, DXIL_KEEP_SIGNATURE_GAP);
        } else if (!sio_raise_call(st, call, store, sp)) {
            res_calls_free(&calls);
            return -1;
        }
    }
    res_calls_free(&calls);
    if (unknown)
        dxil_diags_add(st->rc->diags, DXIL_SEV_WARNING, DXIL_W_RAISE_KEPT, DXIL_LOC_NONE, 0,
                       "kept %u dx.op.%s call(s) as DXIL: no SigPoint (the calling function's "
                       "stage is unknown or has no %s signature)",
                       unknown, info->cls->fn, store ? "output" : "input");
    return 0;
}

int raise_sig_io(raise_ctx *rc)
{
    sio_state st = {.rc = rc, .b = LLVMCreateBuilderInContext(rc->ctx),
                    .i32 = LLVMInt32TypeInContext(rc->ctx),
                    .module_kind = sm_kind_from_name(rc->sm_kind)};
    int rv = op_fns_collect(rc->mod, &st.fns);
    size_t next = 0;
    const dxil_op_info *info;
    while (rv == 0 && (info = res_next_op_of_kind(rc, DXIL_MAP_CUSTOM_SIG_IO, &next)))
        rv = sio_run_op(&st, info);
    op_fns_free(&st.fns);
    LLVMDisposeBuilder(st.b);
    return rv;
}
