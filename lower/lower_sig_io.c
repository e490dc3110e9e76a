/* lower_sig_io.c - llvm.dx.load.input / llvm.dx.store.output become
 * loadInput(4) / storeOutput(5), the inverse of raise/raise_sig_io.c:
 * DXIL's operands come back from the intrinsic arguments the spec's
 * sig-io map names (1-4 for the load; 1-3 and 5 for the store), so a
 * raised module lowers to its exact calls. Argument 0 (the SigPoint) and
 * the store's vertex index (argument 4) have no DXIL operand and are
 * dropped, as LLVM's own lowering drops them. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

/* The map for calls of fn when the spec gives its intrinsic the sig-io
 * kind at the target version; NULL otherwise. */
static const dxil_intrinsic_ref *sio_ref(const dxil_lower_ctx *lc, LLVMValueRef fn, char *base,
                                         size_t size)
{
    if (!lower_intrinsic_base(fn, base, size))
        return NULL;
    const dxil_intrinsic_ref *ref =
        dxil_optable_select_lower(lc->table, base, lc->dxil, DXIL_SCALAR_VOID, NULL, NULL);
    return ref && ref->map->custom == DXIL_MAP_CUSTOM_SIG_IO ? ref : NULL;
}

/* dx.op operands 1..n-1 from the intrinsic arguments the map names; the
 * overload is the type of the value (operand 4 of the store) or the
 * result. False when the call has fewer arguments than the map needs. */
static bool sio_args(const dxil_intrinsic_ref *ref, LLVMValueRef call, LLVMValueRef *args,
                     LLVMTypeRef *ov)
{
    const dxil_op_info *op = ref->op;
    const dxil_intrinsic_map *m = ref->map;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    if (op->n_params < 2 || op->n_params > 8)
        return false;
    for (unsigned i = 1; i < op->n_params; i++)
        args[i - 1] = NULL;
    for (unsigned i = 0; i < m->n_operands; i++) {
        const dxil_map_operand *mo = &m->operands[i];
        if (mo->source != DXIL_MAP_FROM_ARG || mo->arg >= nargs || mo->operand >= op->n_params)
            return false;
        args[mo->operand - 1] = LLVMGetOperand(call, mo->arg);
    }
    for (unsigned i = 1; i < op->n_params; i++)
        if (!args[i - 1])
            return false;
    *ov = LLVMTypeOf(call);
    for (unsigned i = 1; i < op->n_params; i++)
        if (op->params[i].type == DXIL_TY_OVERLOAD)
            *ov = LLVMTypeOf(args[i - 1]);
    return true;
}

static bool sio_lower_call(dxil_lower_ctx *lc, const dxil_intrinsic_ref *ref, LLVMValueRef call)
{
    LLVMValueRef args[8];
    LLVMTypeRef ov;
    if (!sio_args(ref, call, args, &ov))
        return false;
    LLVMPositionBuilderBefore(lc->b, call);
    size_t len = 0;
    const char *name = LLVMGetValueName2(call, &len);
    char buf[64] = "";
    if (len < sizeof buf) {
        memcpy(buf, name, len);
        buf[len] = '\0';
        LLVMSetValueName2(call, "", 0); /* so the dx.op call gets it without a suffix */
    }
    LLVMValueRef r = lower_dxop_call_op(lc, ref->op, ov, args, ref->op->n_params - 1u, buf);
    if (!r) {
        LLVMSetValueName2(call, buf, strlen(buf));
        return false;
    }
    lower_replace(lc, call, r);
    return true;
}

int dxil_lower_sig_io(dxil_lower_ctx *lc)
{
    for (LLVMValueRef fn = LLVMGetFirstFunction(lc->mod); fn; fn = LLVMGetNextFunction(fn)) {
        char base[64];
        const dxil_intrinsic_ref *ref = sio_ref(lc, fn, base, sizeof base);
        if (!ref)
            continue;
        LLVMValueRef *calls;
        size_t n = lower_collect_calls(fn, &calls);
        for (size_t i = 0; i < n; i++) {
            if (sio_lower_call(lc, ref, calls[i])) {
                lc->n_lowered++;
                continue;
            }
            lower_warn(lc, "%s: call does not have the intrinsic's arguments; kept", base);
            lc->n_kept++;
        }
        free(calls);
    }
    lower_erase_dead(lc);
    return 0;
}
