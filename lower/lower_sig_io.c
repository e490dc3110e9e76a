/* lower_sig_io.c - llvm.dx.load.input / llvm.dx.store.output become
 * loadInput(4) / storeOutput(5), the inverse of raise/raise_sig_io.c:
 * DXIL's operands come back from the intrinsic arguments the spec's
 * sig-io map names (1-4 for the load; 1-3 and 5 for the store), so a
 * raised module lowers to its exact calls. Argument 0 (the SigPoint) and
 * the store's vertex index (argument 4) have no DXIL operand and are
 * dropped, as LLVM's own lowering drops them. A vector (clang 22's form)
 * becomes one call per component. */
#include "lower_internal.h"

#include <stdlib.h>
#include <string.h>

/* The map for calls of fn when the spec gives its intrinsic the sig-io
 * kind at the target version; NULL otherwise. */
static const dxil_intrinsic_ref *sio_ref(const lower_ctx *lc, LLVMValueRef fn, char *base,
                                         size_t size)
{
    if (!lower_intrinsic_base(fn, base, size))
        return NULL;
    const dxil_intrinsic_ref *ref =
        dxil_optable_select_lower(lc->table, base, lc->dxil, DXIL_SCALAR_VOID, NULL, NULL);
    return ref && ref->map->custom == DXIL_MAP_CUSTOM_SIG_IO ? ref : NULL;
}

/* loadInput and storeOutput: operand 3 is the i8 column. */
enum { SIO_COL = 3 };

/* dx.op operands 1..n-1 (args[0..n-2]) from the intrinsic arguments the
 * map names (poison as undef). *vi is the index in args of the overloaded operand (the
 * store's value), -1 when the result carries the overload (the load).
 * False when the call has fewer arguments than the map needs. */
static bool sio_args(const dxil_intrinsic_ref *ref, LLVMValueRef call, LLVMValueRef *args,
                     int *vi)
{
    const dxil_op_info *op = ref->op;
    const dxil_intrinsic_map *m = ref->map;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    if (op->n_params <= SIO_COL || op->n_params > 8)
        return false;
    for (unsigned i = 1; i < op->n_params; i++)
        args[i - 1] = NULL;
    for (unsigned i = 0; i < m->n_operands; i++) {
        const dxil_map_operand *mo = &m->operands[i];
        if (mo->source != DXIL_MAP_FROM_ARG || mo->arg >= nargs || mo->operand >= op->n_params)
            return false;
        /* DXIL has no poison; DXC writes undef for an unused vertex. */
        LLVMValueRef a = LLVMGetOperand(call, mo->arg);
        args[mo->operand - 1] = LLVMIsPoison(a) ? LLVMGetUndef(LLVMTypeOf(a)) : a;
    }
    *vi = -1;
    for (unsigned i = 1; i < op->n_params; i++) {
        if (!args[i - 1])
            return false;
        if (op->params[i].type == DXIL_TY_OVERLOAD)
            *vi = (int)i - 1;
    }
    return true;
}

/* DXIL's ops are scalar. A vector (clang 22 loads and stores a whole
 * element) becomes one call per component at columns col, col+1, ...,
 * DXC's layout of a vector element; a load's result is rebuilt. */
static LLVMValueRef sio_lower_vector(lower_ctx *lc, const dxil_intrinsic_ref *ref,
                                     LLVMValueRef *args, int vi, LLVMTypeRef ov)
{
    LLVMValueRef col = args[SIO_COL - 1], v = vi >= 0 ? args[vi] : NULL;
    LLVMValueRef out = LLVMGetUndef(ov);
    for (unsigned i = 0; i < LLVMGetVectorSize(ov); i++) {
        args[SIO_COL - 1] = i ? LLVMBuildAdd(lc->b, col, lower_i8(lc, i), "") : col;
        if (v)
            args[vi] = LLVMBuildExtractElement(lc->b, v, lower_i32(lc, i), "");
        LLVMValueRef r = lower_dxop_call_op(lc, ref->op, LLVMGetElementType(ov), args,
                                            ref->op->n_params - 1u, "");
        if (!r)
            return NULL;
        out = v ? r : LLVMBuildInsertElement(lc->b, out, r, lower_i32(lc, i), "");
    }
    return out;
}

static bool sio_lower_call(lower_ctx *lc, const dxil_intrinsic_ref *ref, LLVMValueRef call)
{
    LLVMValueRef args[8];
    int vi;
    if (!sio_args(ref, call, args, &vi))
        return false;
    LLVMTypeRef ov = vi >= 0 ? LLVMTypeOf(args[vi]) : LLVMTypeOf(call);
    LLVMPositionBuilderBefore(lc->b, call);
    size_t len = 0;
    const char *name = LLVMGetValueName2(call, &len);
    char buf[64] = "";
    if (len < sizeof buf) {
        memcpy(buf, name, len);
        buf[len] = '\0';
        LLVMSetValueName2(call, "", 0); /* so the dx.op call gets it without a suffix */
    }
    LLVMValueRef r = LLVMGetTypeKind(ov) == LLVMVectorTypeKind
                         ? sio_lower_vector(lc, ref, args, vi, ov)
                         : lower_dxop_call_op(lc, ref->op, ov, args, ref->op->n_params - 1u, "");
    if (!r) {
        LLVMSetValueName2(call, buf, strlen(buf));
        return false;
    }
    if (LLVMGetTypeKind(LLVMTypeOf(r)) != LLVMVoidTypeKind)
        LLVMSetValueName2(r, buf, strlen(buf));
    lower_replace(lc, call, r);
    return true;
}

int lower_sig_io(lower_ctx *lc)
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
